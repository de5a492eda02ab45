"""From pip candidates to top faces: group the pips, fit a layout, check the face around it.

Pips are grouped by a graph: two pips are linked when they are of like size and the straight path
between them runs over bright, unbroken face. The path test is what keeps apart touching dice
(their shared edge is a dark crease) and a top face from the side face next to it (the die's edge
shades the path). Each group is then fitted onto the layout of its pip count, and the fit is
checked: the grid cells that must be bare are bare, no other mark lies on the face, and the pips
are round (a squashed grid is a side face or a cocked die). Anything that fails is refused.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.cellglow import pips_in_glow
from vision.emptycells import cells_are_bare
from vision.facecolour import level_step, lit_apart, on_two_faces, sample_at, tint_alone
from vision.layout import LayoutFit, fit_layout, fit_six_missing
from vision.margins import margin_is_face
from vision.median import median
from vision.oblique import OBLIQUE_DETAIL, CameraSquash, squashed_as_camera
from vision.pippeak import peak_contrast
from vision.pips import PipBlob
from vision.pipshape import ROUND_MIN, ROUND_WITHIN_PX
from vision.sidepips import SideView, side_face_pip
from vision.smear import narrowed_along_smear, smear_direction, smeared_alike

COCKED_ROUNDNESS = 0.68  # a group of pips squashed below this (on average) is a tilted face
MAX_RESIDUAL = 0.30  # worst pip offset from its grid cell, in grid spacings
SIDE_PER_SPACING = 3.8  # typical die side over pip grid spacing (pips at about 1/4, 1/2, 3/4)
DIE_REACH = 2.2  # a like pip nearer than this (grid spacings) is on the same die
LIKE_SIZE = 1.4  # largest diameter ratio of two pips of one face
LIKE_SIZE_PX = 1.6  # or diameter difference: pips a few pixels wide measure only to a pixel
# pips grouped and fitted onto one layout may differ more: an outline a few pixels wide is a
# pixel off on each side (marks off the layout are still held to LIKE_SIZE_PX, to refuse)
GROUP_SIZE_PX = 2.0
# pip diameters: half the adaptive threshold's window (about 3.2 diameters across, `reader`)
WINDOW_REACH = 1.6
# die sides: two dice's top faces seen from above lie a side apart, centre to centre, at least
OTHER_TOP_FACE = 0.95
LIKE_CONTRAST = 0.5  # pips of one face, printed and lit alike, stand out alike: a speck fainter is none
# the two pips of a 2 are printed and lit alike on one flat face, and no third vouches for them:
# one standing out less than this share of the other is a pip of another face (a leaning die's
# 1 and a pip of the face it shows past its edge, turned to other light)
LIKE_TWO_CONTRAST = 0.65
LIKE_ROUNDNESS = 0.25  # pips of one face are squashed alike (a side face's much more)
ADJACENT = 1.5  # pips closer than this many diameters are neighbours on one face
SECOND_TRY_REACH = 3.0  # the same, for a part of a group that failed whole
BLUR_ASPECT = 0.92  # a smeared face whose grid is squarer than this is blurred, not tilted
LINK_REACH = 3.1  # farthest pair of a face linked directly (2√2 for a 2), in grid spacings
LOST_PIP_RESIDUAL = 0.25  # a 6 short of a pip or two must fit tighter than a whole face
LOST_PIP_DARKNESS = 0.5  # a lost pip's place is this share of the pips' contrast below the face
LOST_PIP_CLEAR = 0.6  # grid spacings: marks this near a lost pip's place are that pip
SMEARED_LINE = "smeared 2 or 3"  # the detail of a 2 or a 3 read from streaks
NO_FIT = "no layout fits"  # the detail of a group refused before any face check
SPACING = "spacing"  # the detail of a group whose pips are too near for its layout's grid
# the detail of a 2 whose pips are squashed unlike, an edge between them, or lit unlike
UNLIKE_SQUASH = "pips of two faces"


@dataclass(frozen=True)
class Face:
    """A top face read or refused. `value` is None when refused, with `reason`."""

    value: int | None
    center: tuple[float, float]
    size: float  # die side, pixels
    confidence: float
    reason: str | None
    pip_count: int
    roundness: float
    detail: str = ""  # which check refused it, for diagnostics and the docs' gallery
    fit: LayoutFit | None = None  # the grid of a read face of two pips or more


def like_size(first: float, second: float, spread_px: float = LIKE_SIZE_PX) -> bool:
    """Two pip diameters that can belong to one face."""
    big, small = max(first, second), min(first, second)
    return big <= LIKE_SIZE * small or big - small <= spread_px


def pips_but_for_roundness(pips: list[PipBlob], marks: list[PipBlob]) -> list[PipBlob]:
    """Marks that are pips of the face but for a roundness below measuring.

    They are of the pips' size, face level and contrast, and round within ROUND_WITHIN_PX.
    """
    members = {id(p) for p in pips}
    level = median([p.ring_level for p in pips])
    diameter = median([p.diameter for p in pips])
    contrast = median([p.contrast for p in pips])
    return [
        blob for blob in marks
        if id(blob) not in members
        and blob.roundness < ROUND_MIN
        and blob.major - blob.minor <= ROUND_WITHIN_PX
        and like_size(blob.diameter, diameter, GROUP_SIZE_PX)
        and abs(blob.ring_level - level) <= level_step(level)
        and blob.contrast >= LIKE_CONTRAST * contrast
    ]


def _cut_with_pips(pips: list[PipBlob], marks: list[PipBlob]) -> list[PipBlob]:
    """Marks cut from one blob of the threshold with pips of the face, of their size and contrast:
    pips a pixel apart run together (a 6's column), and the one cut on both sides measures
    squashed by the cut, not by a tilt (0.58 on a red 6 24 px wide)."""
    cut, size = {p.cut_from for p in pips if p.cut_from >= 0}, median([p.diameter for p in pips])
    contrast = median([p.contrast for p in pips])
    return [b for b in marks if b.cut_from in cut and b.roundness < ROUND_MIN and b not in pips
            and like_size(b.diameter, size, GROUP_SIZE_PX) and b.contrast >= LIKE_CONTRAST * contrast]


def _tiny_pips_in_cells(
    image: np.ndarray, fit: LayoutFit, pips: list[PipBlob], marks: list[PipBlob]
) -> list[PipBlob]:
    """Marks in empty cells that are pips of the face but for a roundness below measuring; the
    face with them must fit a layout of its own."""
    empty = fit.empty_cells()

    def off_cell(blob: PipBlob) -> float:
        u, v = fit.to_grid(blob.x, blob.y)
        return min(math.hypot(u - eu, v - ev) for eu, ev in empty)

    glowing = pips_in_glow(fit, pips, marks, lambda a, b: like_size(a, b, GROUP_SIZE_PX))
    # the pips crowding a cell darken the threshold's window mean round a pip there, whose outline
    # shrinks as its ring darkens (a red 5's centre pip, 2.9 px against corners of 5.0 to 5.4,
    # ringed 86.5 against 100 to 143.5): a smaller mark is that pip when measured at half its own
    # contrast it is of the pips' size (3.7 against 3.7 to 4.8), as `_alike_at_half_contrast` asks
    # of a face's pips; a smaller mark still counts among the marks that keep a cell's two pips apart
    shrunk = pips_in_glow(fit, pips, marks, lambda a, b: like_size(a, b, GROUP_SIZE_PX) or a < b)
    glowing += [m for m in shrunk if m not in glowing and _alike_at_half_contrast(image, [*pips, m])]
    marked = {id(b): b for b in [*pips_but_for_roundness(pips, marks), *_cut_with_pips(pips, marks),
                                 *glowing]}
    found = [blob for blob in marked.values() if off_cell(blob) <= MAX_RESIDUAL]
    if not found or len(pips) + len(found) > 6:
        return []
    points = np.array([(p.x, p.y) for p in [*pips, *found]])
    whole = fit_layout(points)
    return found if whole is not None and whole.residual <= MAX_RESIDUAL else []


def _stray_marks(
    fit: LayoutFit,
    pips: list[PipBlob],
    blobs: list[PipBlob],
    die_reach: float,
    lost: tuple[tuple[float, float], ...] = (),
    smeared: bool = False,
    side_view: SideView | None = None,
    planes: tuple[np.ndarray, np.ndarray] | None = None,
) -> bool:
    """True when a mark that is not one of the face's pips lies on the die.

    Any dark blob inside the pip area is a symbol, dirt or a missed grouping; a pip-like blob of
    the same face level anywhere on the die means the group is only part of the face. On a
    `smeared` face, a pip is like the face's own when it is stretched like them. With the `planes`
    (pip plane, colour), a blob inside the pip area of tint alone is a fleck of the JPEG's colour.
    """
    members = {id(p) for p in pips}
    level = median([p.ring_level for p in pips])
    diameter = median([p.diameter for p in pips])
    round_min = ROUND_MIN
    if smeared:
        round_min = min(ROUND_MIN, min(p.roundness for p in pips) - LIKE_ROUNDNESS)
    contrast = median([p.contrast for p in pips])
    for blob in blobs:
        if id(blob) in members:
            continue
        u, v = fit.to_grid(blob.x, blob.y)
        if any(math.hypot(u - lu, v - lv) <= LOST_PIP_CLEAR for lu, lv in lost):
            continue  # the lost pip itself, or a piece of it
        if _encloses(blob, pips):
            continue  # the die itself, darker than a paler tray: no mark on a face holds its pips
        if side_view is not None and side_face_pip(fit, blob, contrast, side_view):
            continue  # a shaded pip of a side face the camera sees past this one's edge
        reach = max(abs(u), abs(v))
        if reach < 1.45 and (planes is None or not tint_alone(*planes, blob, pips)):
            return True
        like = (
            blob.roundness >= round_min
            and (abs(blob.ring_level - level) <= 2.0 * level_step(level) or die_reach > DIE_REACH)
            and like_size(blob.diameter, diameter)
            and blob.contrast >= LIKE_CONTRAST * contrast
        )
        if like and reach < die_reach:
            return True
        # a like pip right beside one of ours is its neighbour on this face, whatever spacing
        # the group's own layout implies (two pips of a 6 can pass for a small 2)
        if like and any(
            math.hypot(blob.x - p.x, blob.y - p.y) <= ADJACENT * max(blob.diameter, p.diameter)
            for p in pips
        ):
            return True
    return False


def _alike_at_half_contrast(image: np.ndarray, pips: list[PipBlob]) -> bool:
    """True when the pips, outlined each at half its own contrast, are of like sizes.

    The adaptive threshold outlines a pip against the mean of a window a few pips wide: the centre
    pip of a 5 has the four others in its window, which darken that mean and shrink its outline
    (3.2 px against 5.2 round a red 5's corners). Pips printed alike measure alike at half their
    own contrast (3.9 to 4.4 px there), whatever lies round them. Only pips with more of the
    face's pips in their window than the largest pip are taken to be so shrunk.
    """
    largest = max(pips, key=lambda p: p.diameter)
    window = WINDOW_REACH * largest.diameter

    def crowd(pip: PipBlob) -> int:
        return sum(q is not pip and max(abs(q.x - pip.x), abs(q.y - pip.y)) <= window for q in pips)

    # only a pip with more of the face's pips in its window than the largest has been shrunk so
    # (a side face's pip at the group's edge measured small has fewer)
    shrunk = [p for p in pips if not like_size(largest.diameter, p.diameter, GROUP_SIZE_PX)]
    if any(crowd(p) <= crowd(largest) for p in shrunk):
        return False
    h, w = image.shape[:2]
    reach = math.ceil(largest.diameter)
    sizes = []
    for pip in pips:
        x, y = round(pip.x), round(pip.y)
        if x - reach < 0 or y - reach < 0 or x + reach >= w or y + reach >= h:
            return False
        patch = image[y - reach:y + reach + 1, x - reach:x + reach + 1]
        inside = (patch < 0.5 * (pip.ring_level + pip.centre_level)).astype(np.uint8)
        _, labels = cv2.connectedComponents(inside, connectivity=4)
        own = labels == labels[reach, reach]
        # a pip not dark at its centre, or run into the patch's edge (a neighbour), measures nothing
        if not inside[reach, reach] or own[0].any() or own[-1].any() or own[:, 0].any() or own[:, -1].any():
            return False
        sizes.append(math.sqrt(4.0 * float(own.sum()) / math.pi))
    return like_size(max(sizes), min(sizes), GROUP_SIZE_PX)


def _encloses(blob: PipBlob, pips: list[PipBlob]) -> bool:
    """True when every pip lies wholly inside the blob's inscribed circle."""
    return len(pips) >= 2 and all(
        math.hypot(p.x - blob.x, p.y - blob.y) + 0.5 * p.major < 0.5 * blob.minor for p in pips
    )


def _lost_pips_seen(
    dark: np.ndarray, fit: LayoutFit, lost: list[tuple[float, float]], pips: list[PipBlob]
) -> bool:
    """True when every proposed place of a lost pip is as dark as a pip, all across its middle."""
    face_level = median([p.ring_level for p in pips])
    contrast = median([p.contrast for p in pips])
    ceiling = face_level - LOST_PIP_DARKNESS * contrast
    step = 0.15
    for u, v in lost:
        spots = [fit.to_image(u + du, v + dv) for du, dv in
                 ((0.0, 0.0), (step, 0.0), (-step, 0.0), (0.0, step), (0.0, -step))]
        xs = np.array([x for x, _ in spots])
        ys = np.array([y for _, y in spots])
        if float(np.median(sample_at(dark, xs, ys))) > ceiling:
            return False
    return True


def read_group(
    dark: np.ndarray,
    colour: np.ndarray,
    group: list[int],
    blobs: list[PipBlob],
    all_marks: list[PipBlob],
    second_try: bool = False,
    smear_seen: bool = False,
    camera_squash: CameraSquash | None = None,
    short_of: tuple[LayoutFit, list[tuple[float, float]]] | None = None,
    side_view: SideView | None = None,
) -> Face:
    """Read one group of two to six pips as a face, or refuse it.

    `second_try` is for parts of groups that failed whole: the part is then held to a wider
    die reach, so that a fragment of a face (two pips of a 6 pass for a small 2) is refused.
    `smear_seen` says the caller has shown a 2 or a 3 of streaks to be smeared, not tilted.
    `camera_squash` is the squash of the frame's read faces (no top-down profile): a face
    squashed just as they are is flat under an oblique camera (`oblique.squashed_as_camera`).
    `short_of` is a fit of the group onto a face short of some pips, and those pips' cells, seen
    dark in the image by the caller (`completion.read_short_of_pips`). `side_view` (a top-down
    camera's point below the lens, and the die size) lets a side face's shaded pips be told.
    """
    pips = [blobs[i] for i in group]
    points = np.array([(p.x, p.y) for p in pips])
    center = (float(points[:, 0].mean()), float(points[:, 1].mean()))
    roundness = float(np.mean([p.roundness for p in pips]))
    fit = fit_layout(points) if len(pips) <= 6 else None
    lost: tuple[tuple[float, float], ...] = ()
    whole = fit is not None and fit.residual <= MAX_RESIDUAL
    if short_of is not None:
        fit, lost = short_of[0], tuple(short_of[1])
        center = fit.center
    elif not whole and len(pips) in (4, 5) and roundness >= COCKED_ROUNDNESS:
        # only a face seen square on: round pips on a square grid
        partial = fit_six_missing(points, LOST_PIP_RESIDUAL, BLUR_ASPECT)
        if partial is not None and _lost_pips_seen(dark, partial[0], partial[1], pips):
            fit, lost = partial[0], tuple(partial[1])
            center = fit.center
    size = fit.spacing * SIDE_PER_SPACING if fit else 0.0

    blurred = False  # set once the face is known to be smeared on a square grid

    def refuse(reason: str, detail: str) -> Face:
        return Face(None, center, size, 0.0, "blurred" if blurred else reason, len(pips),
                    roundness, detail)

    smeared = roundness < COCKED_ROUNDNESS and smeared_alike(pips)
    if fit is None or fit.residual > MAX_RESIDUAL:
        # a side face's pips are smeared one way too: without a fit, say tilted
        return refuse("cocked" if roundness < COCKED_ROUNDNESS else "not_pips", NO_FIT)
    oblique = roundness < COCKED_ROUNDNESS and squashed_as_camera(pips, fit, camera_squash)
    if roundness < COCKED_ROUNDNESS and not oblique:
        # Motion blur stretches every pip the same way but leaves their centres on a square
        # grid; a tilted face squashes the grid with its pips. Only a 2D layout (4, 5, 6)
        # shows which it is; a 2 or a 3 is taken as tilted (the box reads a tray at rest, so a
        # lean is likelier than a blur), unless the caller has seen the smear elsewhere
        # (`blur.read_streaks`: by the face's outline).
        if not smeared:
            return refuse("cocked", "squashed pips")
        if len(pips) < 4:
            if not smear_seen:
                return refuse("cocked", "squashed pips")
        elif fit.aspect < BLUR_ASPECT:
            return refuse("cocked", "squashed pips and grid")
        if narrowed_along_smear(fit, smear_direction(pips)):
            return refuse("cocked", "squashed pips across a narrow 6")
        blurred = True  # read it if every other check holds; if one fails, blur is why
    diameters = [p.diameter for p in pips]
    unequal = not like_size(max(diameters), min(diameters), GROUP_SIZE_PX)
    if unequal and not _alike_at_half_contrast(dark, pips):
        return refuse("not_pips", "unequal pips")
    # read at each pip's peak: a pip a few pixels wide centred between pixels loses contrast at the nearest
    contrasts = [peak_contrast(dark, p) for p in pips] if len(pips) == 2 else []
    if len(pips) == 2 and min(contrasts) < LIKE_TWO_CONTRAST * max(contrasts):
        return refuse("not_pips", "unlike pair")
    two_faces = len(pips) == 2 and (lit_apart(pips) or on_two_faces(
        dark, colour, pips, LIKE_ROUNDNESS, side_view[1] if side_view else None
    ))
    if two_faces:
        return refuse("cocked", UNLIKE_SQUASH)
    spacing_per_pip = fit.spacing / median(diameters)
    if not 0.8 <= spacing_per_pip <= 4.0:
        return refuse("not_pips", SPACING)
    smear = smear_direction(pips) if blurred else None
    if not cells_are_bare(dark, fit, pips, smear, side_view is not None):
        tiny = [] if blurred else _tiny_pips_in_cells(dark, fit, pips, all_marks)
        if tiny:
            # the mark is a pip too small for its roundness to mean anything: read the face
            # with it, held to every check (the grid of 4 pips or more shows a tilt)
            whole_face = [*pips, *tiny]
            return read_group(dark, colour, list(range(len(whole_face))), whole_face, all_marks,
                              second_try, smear_seen, side_view=side_view)
        return refuse("occluded", "mark in an empty cell")
    reach = SECOND_TRY_REACH if second_try else DIE_REACH
    if _stray_marks(fit, pips, all_marks, reach, lost, blurred, side_view, (dark, colour)):
        return refuse("not_pips", "stray mark on the die")
    if not margin_is_face(dark, colour, fit, pips):
        return refuse("not_pips", "face ends at the pips")
    confidence = max(0.0, min(1.0, 1.0 - fit.residual / MAX_RESIDUAL * 0.5)) * min(
        1.0, roundness / 0.9
    )
    # a 2 or a 3 read from streaks rests on its outline alone: weak evidence, as a lone 1 is
    detail = SMEARED_LINE if blurred and len(pips) < 4 else OBLIQUE_DETAIL if oblique else ""
    return Face(
        fit.value, center, size, round(confidence, 3), None, len(pips), roundness, detail, fit
    )
