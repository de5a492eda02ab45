"""The tests that need a die's whole face, not just its pips: a lone 1, and a second face.

A single round blob is the weakest evidence there is: a dot on a table, a letter on a key or one
pip of a face whose other pips were missed all look like it. It is read as a 1 only when rays
cast from it show a bare, bounded, die-sized face with the pip in its middle.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from vision import facerays
from vision.facecolour import face_colour, face_tolerance, level_step, off_face
from vision.faces import (
    COCKED_ROUNDNESS,
    LIKE_CONTRAST,
    OTHER_TOP_FACE,
    ROUND_MIN,
    ROUND_WITHIN_PX,
    Face,
    like_size,
)
from vision.pips import PipBlob
from vision.squarefit import SQUARE_FACE_MISSES, all_past, square_edge_share, square_fit

LONE_BARE_RADIUS = 1.7  # bare face round a lone pip, in pip lengths (a 3's corners are nearer)
LONE_BALANCE = 0.35  # lower quartile of |ray - opposite ray| / mean: how centred a 1 must be
PARTNER_REACH = 1.7  # a like pip nearer than this many bare radii shares the die (a 2's far pip)
ON_ITS_DIE = 0.65  # die sides: a pip this near a lone pip is on its die (a neighbour's is 0.7+ away)
LONE_EDGE_SHARE = 0.36  # a 1's pip is this share of the die side from the nearest edge, at least
LONE_EDGE_STEPS = 1.45  # or this many grid steps of the other dice
LONE_RAY_GAP_PX = 3.0  # the rays from a lone pip start this far past its rim, at least
OBLIQUE_ROUNDNESS = 0.1  # a flat 1 under an oblique camera: squashed within this of the others
OBLIQUE_TURN_DEG = 25.0  # and along the same direction, within this (perspective varies it)
# A 1 on a face as pale or as dark as the tray (white on white felt) shows only some of its
# edges. With the die size known, the edges that do show must be those of a square of that
# side centred on the pip: a dot beside some other object does not line up so.
SQUARE_EDGE_RAYS = 10  # rays (of 32) that must end on the square's edge: over 110° of it
PIP_PER_SIDE_RANGE = (0.12, 0.32)  # a 1's pip diameter over the die side, any maker
SQUARE_OUTLINE_RAYS = 16  # rays (of 32) ending on the square without a step of brightness: half of it
# die sides: a die's edge is a line, so neighbouring rays (11° apart) that end on it end within this
# of each other (0.11 at the square's corner, and a pixel); a speck of grain at the square's
# distance, between rays that run on past it, ends one alone
EDGE_STEP = 0.15
LIKE_PIP_NEAR = "a like pip nearby"  # the detail of a lone pip refused for a like pip beside it
ON_GRID = 1.3  # grid steps from a read face's centre: its pips sit at 1, 0.3 off at most
# of a pip's contrast: a mark whose middle is this near the pip's in level is of the same ink (the
# pips of a white 2 leaning on a dark round wall, outlined 5.6 and 3.9 px: middles 35 and 36, the
# pips standing out by 168 and 152; grain and a turned-up face's dashes beside it, 126 and 128)
INK_LEVEL = 0.25


def like_pips_near(
    pip: PipBlob, reach: float, blobs: list[PipBlob], *, whatever_face_level: bool = False,
    of_its_ink: bool = False,
) -> bool:
    """True when a pip like `pip` (size, roundness, face level) lies within `reach` of it.

    With `whatever_face_level`, a pip standing out as much (LIKE_CONTRAST) counts whatever the
    level of the face round it: a glossy face's sheen sets two pips of one face apart in level.
    With `of_its_ink`, one whose middle is as dark as the pip's (INK_LEVEL) counts whatever its
    size: the pip search outlines each blob against its own window, so a pip by the edge or
    foreshortened is outlined smaller than its partner, its middle still of printed ink.
    """
    for blob in blobs:
        if blob is pip or blob.roundness < ROUND_MIN:
            continue
        same_ink = of_its_ink and abs(blob.centre_level - pip.centre_level) <= INK_LEVEL * pip.contrast
        if not (same_ink or like_size(blob.diameter, pip.diameter)):
            continue
        if whatever_face_level:
            if blob.contrast < LIKE_CONTRAST * pip.contrast:
                continue
        elif abs(blob.ring_level - pip.ring_level) > level_step(pip.ring_level):
            continue
        if math.hypot(blob.x - pip.x, blob.y - pip.y) <= reach:
            return True
    return False


def _ray_lengths(
    dark: np.ndarray, colour: np.ndarray, pip: PipBlob, reach: float
) -> np.ndarray:
    """Distance from the pip centre to the first sample off its face, in 32 directions.

    32 directions leave no gap wide enough to miss a pip at one grid diagonal from the centre.
    """
    angles = np.linspace(0.0, 2.0 * math.pi, 32, endpoint=False)
    # clear of the pip's blur, which tints the face round a pip a few pixels wide (a white pip
    # on a red face): no pip of a 1 has a neighbour this near to hide
    start = 0.5 * pip.major + max(LONE_RAY_GAP_PX, 0.5 * pip.major)
    radii = np.arange(start, reach, 1.0)
    if len(radii) == 0:
        return np.full(len(angles), np.inf)  # a blob as wide as the reach: no face round it
    xs = pip.x + np.cos(angles)[:, None] * radii[None, :]
    ys = pip.y + np.sin(angles)[:, None] * radii[None, :]
    h, w = dark.shape
    inside = (xs >= 0) & (xs <= w - 1) & (ys >= 0) & (ys <= h - 1)
    floor = pip.ring_level - face_tolerance(pip.ring_level, pip.contrast)
    face = face_colour(colour, pip, start)
    off = off_face(dark, colour, xs.ravel(), ys.ravel(), floor, face, pip.contrast)
    off = off.reshape(xs.shape)
    # an edge is two off-face samples in a row: one noisy pixel does not end a face
    off[:, :-1] &= off[:, 1:]
    off |= ~inside
    first = np.where(off.any(axis=1), off.argmax(axis=1), len(radii))
    found = first < len(radii)
    at = np.minimum(first, len(radii) - 1)
    # the picture's border is no edge of a face: a ray that runs out of the picture is open
    found &= inside[np.arange(len(angles)), at]
    return np.where(found, radii[at], np.inf)


def read_lone_pip(
    dark: np.ndarray,
    colour: np.ndarray,
    pip: PipBlob,
    size_hint: float | None,
    max_size: float,
    unclaimed: list[PipBlob],
    die_size: float | None = None,
    grid_step: float | None = None,
    frame_squash: tuple[float, float] | None = None,
) -> Face | None:
    """A single pip is a 1 only if it sits at the centre of a bare, square, die-sized face.

    Returns None when the blob is not shown to be on a die (no bare face round it, off the
    centre of what is round it, or not die-sized): a lone dark dot is too common on a table, a
    felt or a keyboard to report as a refused die. A lone pip with a like pip beside it is a die
    whose grouping failed, and is refused. `unclaimed` are the pips not part of a face already
    read; `die_size` (calibrated) or `grid_step` (of the frame's other dice) size the face.
    `frame_squash` is the roundness and long-axis direction of the pips of the frame's read
    faces, when they agree: the squash an oblique camera gives every flat face.
    """
    center = (pip.x, pip.y)
    # with the die size known, a pip whose axes are within a pixel each side may be round (`smallones`)
    if pip.roundness < ROUND_MIN and not (die_size and pip.major - pip.minor <= ROUND_WITHIN_PX):
        return None
    reach = min(2.0 * size_hint, max_size) if size_hint else max_size
    rays = _ray_lengths(dark, colour, pip, reach)
    bounded = np.sort(rays[np.isfinite(rays)])
    if len(bounded) < len(rays) - 2:
        # open on some side: not a face with a border, unless a known die size shows its edges
        return _read_partly_bounded(pip, rays, unclaimed, die_size) if die_size else None
    # the third shortest ray: a hidden pip of a 3 or a 5 (two opposite corners at least) stops
    # four rays or more, a stray pixel of glare or noise one or two
    near, far = float(bounded[2]), float(bounded[-3])
    # The rays run to the die's silhouette, and the side faces a tilted camera sees are often as
    # bright as the top, so the far side is not trusted. What must hold: a bare face all round
    # the pip, wide enough that no other pip of a 2, 3 or 5 can be hiding there; and a bounded,
    # die-sized object.
    size = size_hint if size_hint else 2.0 * near
    if near < LONE_BARE_RADIUS * pip.diameter or near < 0.5 * pip.major + 3.0:
        return None
    # the centre pip of a 1 is a half side from every edge; a corner pip of a 4 whose other
    # pips went unseen is barely more than a quarter side from two of them
    if die_size and near < LONE_EDGE_SHARE * die_size:
        return None
    if grid_step and near < LONE_EDGE_STEPS * grid_step:
        return None
    half = len(rays) // 2
    closed = np.minimum(rays, 3.0 * near)
    opposite = np.abs(closed[:half] - closed[half:]) / (0.5 * (closed[:half] + closed[half:]))
    balance = float(np.quantile(opposite, 0.25))
    if far > 3.0 * near or balance > LONE_BALANCE:
        return None
    # a pip past the bare face round this one standing out less than half as much (a side
    # face's pip, shaded, seen past the top face's edge) is no pip of its face: the pips of
    # one face, printed and lit alike, stand out alike
    partners = [
        b for b in unclaimed
        if b.contrast >= LIKE_CONTRAST * pip.contrast or math.hypot(b.x - pip.x, b.y - pip.y) <= near
    ]
    if like_pips_near(pip, PARTNER_REACH * near, partners):
        # another pip of its kind on the same die: this is one pip of a 2 or a 3 whose grouping
        # failed, not a 1
        return Face(None, center, size, 0.0, "not_pips", 1, pip.roundness, LIKE_PIP_NEAR)
    # a 1 has one pip: another on its die (a touching die's nearest is some 0.7 of a side away)
    if die_size and like_pips_near(pip, ON_ITS_DIE * die_size, unclaimed, whatever_face_level=True):
        # the same, on a glossy face whose sheen sets the two pips' rings apart in level
        return Face(None, center, size, 0.0, "not_pips", 1, pip.roundness, "a pip on its die")
    if size_hint and not 0.5 * size_hint <= 2.0 * near <= 2.5 * size_hint:
        return None
    if (
        pip.roundness < COCKED_ROUNDNESS
        and not _squashed_as_frame(pip, frame_squash)
        and not _round_on_square_face(pip, rays, die_size)
    ):
        return Face(None, center, size, 0.0, "cocked", 1, pip.roundness, "squashed pip")
    confidence = max(0.0, 1.0 - balance)
    return Face(1, center, size, round(confidence, 3), None, 1, pip.roundness)


def _squashed_as_frame(pip: PipBlob, frame_squash: tuple[float, float] | None) -> bool:
    """True when the pip is squashed as the pips of the frame's read faces are.

    A camera looking obliquely squashes every flat face of its picture alike, by the same
    share and along the same direction; a die tilted on its own squashes its face otherwise
    (a side face seen beside a top face is squashed across the die's edge, far more).
    """
    if frame_squash is None:
        return False
    roundness, angle = frame_squash
    turn = abs((pip.angle - angle + math.pi / 2) % math.pi - math.pi / 2)
    return abs(pip.roundness - roundness) <= OBLIQUE_ROUNDNESS and turn <= math.radians(OBLIQUE_TURN_DEG)


def _round_on_square_face(pip: PipBlob, rays: np.ndarray, die_size: float | None) -> bool:
    """True when a pip measured squashed is too small to tell, and its face shows no tilt.

    A pip a few pixels wide whose axes differ by no more than a pixel each side is round as
    far as can be measured. A tilt that squashed it would foreshorten its face alike: a face
    whose edges, all round, are the die's square centred on the pip is seen square on.
    """
    if not die_size or pip.major - pip.minor > ROUND_WITHIN_PX:
        return False
    # its measured centre may lie off its face's, by a pixel of threshold (SQUARE_CENTRE_SHIFT)
    on_edge, _ = square_fit(rays, die_size)
    return on_edge >= len(rays) - SQUARE_FACE_MISSES


def _read_partly_bounded(
    pip: PipBlob, rays: np.ndarray, unclaimed: list[PipBlob], die_size: float
) -> Face | None:
    """A 1 whose face shows only some of its edges against the tray, with the die size known.

    Every ray runs over bare face past where a hidden pip of a 2, 3, 4 or 5 could be; the pip
    is of a 1's size for this die; and the edges that show are a square of the die's side,
    centred on the pip, over a good part of its outline, with nothing bounded off it.
    """
    if pip.roundness < COCKED_ROUNDNESS:
        return None
    if not PIP_PER_SIDE_RANGE[0] * die_size <= pip.diameter <= PIP_PER_SIDE_RANGE[1] * die_size:
        return None
    if float(np.min(rays)) < LONE_EDGE_SHARE * die_size:
        return None
    on_edge, bounded = square_edge_share(rays, die_size)
    # every bounded ray but one or two noisy ones ends on the square: no other object near
    if on_edge < SQUARE_EDGE_RAYS or bounded - on_edge > 2:
        return None
    if like_pips_near(pip, die_size, unclaimed):
        return Face(None, (pip.x, pip.y), die_size, 0.0, "not_pips", 1, pip.roundness,
                    "a like pip nearby")
    return Face(1, (pip.x, pip.y), die_size, 0.5, None, 1, pip.roundness)


def read_on_square(
    dark: np.ndarray,
    colour: np.ndarray,
    pip: PipBlob,
    unclaimed: list[PipBlob],
    die_size: float,
) -> Face | None:
    """A 1 whose face ends on no step of brightness, outlined by its die's square (die size known).

    Rays end off its face's brightness and colour, past the square too (a colour fading into
    the felt's over a blurred edge), or where its face's tint ends (a die as bright as the
    felt), or on a step of colour within two pixels (a face whose sheen fades across it), or on
    anything darker than the face, or on the seam of a light die's rounded edge, or where its
    tint ends or on a mark as dark as a pip (a face grained darker than its tolerance), or
    where its tint steps past its own noise (`vision.facerays`). Nothing may end them inside the
    die's square centred on the pip (a bare face: no hidden pip, no nearer edge; a corner pip of
    a 4 has edges a quarter side away), and half of them at least must end on that square: a
    die's side faces and its shadow may carry the rest past it, but a speck of felt or a dot on a
    larger object has no die-sized square centred on it. A pip of its size and contrast within
    0.65 of a side, whatever the level of the face round it, is on its die: no 1; one within a
    side is too, unless past the square that rays outline all round (`squarefit.all_past`).
    """
    bare = LONE_EDGE_SHARE * die_size
    # a pip past the bare face round it standing out less than half as much (of a side face turned
    # from the light, or of a leaning neighbour's turned-up face) is none of its face's: the pips of
    # one face, printed and lit alike, stand out alike
    partners = [
        b for b in unclaimed
        if b.contrast >= LIKE_CONTRAST * pip.contrast or math.hypot(b.x - pip.x, b.y - pip.y) <= bare
    ]
    if pip.roundness < COCKED_ROUNDNESS:
        return None
    beside = [(b.x - pip.x, b.y - pip.y, 0.5 * b.diameter) for b in partners
              if like_pips_near(pip, die_size, [b])]  # read only past the face outlined all round
    if like_pips_near(pip, ON_ITS_DIE * die_size, unclaimed, whatever_face_level=True, of_its_ink=True):
        return None  # a pip of its die beside it, whatever the sheen of the face between them
    if not PIP_PER_SIDE_RANGE[0] * die_size <= pip.diameter <= PIP_PER_SIDE_RANGE[1] * die_size:
        return None
    start = 0.5 * pip.major + max(LONE_RAY_GAP_PX, 0.5 * pip.major)
    reach = 2.0 * die_size
    rays = _ray_lengths(dark, colour, pip, reach)
    tint = facerays.tint_ray_lengths(colour, pip, start, reach, len(rays))
    pip_dark = facerays.pip_dark_ray_lengths(dark, pip, start, reach, len(rays))
    # one ray may end short when no mark as dark as a pip lies on any ray within a side: a hidden
    # pip of the face, printed and lit as the 1's, is that dark, and lies within 0.85 of a side of
    # any other pip of its face (a 2's diagonal); a stray pixel of grain or a seam ends one ray
    clear = float(np.min(pip_dark)) >= die_size
    variants = [
        # a face whose colour fades into the felt's over a blurred edge, a side face past it
        rays,
        # the same on the luma: a fleck of the JPEG's colour ringing round the pip is no mark
        facerays.luma_ray_lengths(colour, pip, start, reach, len(rays)),
        np.minimum(rays, tint),
        facerays.step_ray_lengths(dark, colour, pip, start, reach, len(rays)),
        facerays.seam_ray_lengths(dark, colour, pip, start, reach, len(rays)),
        # a grained face: its tint ends at its edge, and only a mark as dark as a pip before it
        np.minimum(tint, pip_dark),
    ]
    # the same on 3×3 means: a speck of grain a pixel wide averages out, the edge's step stays but
    # blurs a pixel or two outwards, so the pip must be centred in what they outline (a 2's is not)
    means = np.minimum(facerays.tint_ray_lengths(cv2.blur(colour, (3, 3)), pip, start, reach, len(rays)),
                       pip_dark)
    if facerays.centred(means, die_size):
        variants.append(means)
    faint = facerays.faint_tint_ray_lengths(colour, pip, start, reach, len(rays), bare, die_size)
    # ivory on white felt, outlined by its tint alone (a 2's partner pip ends a ray as far as a corner)
    if faint is not None and square_fit(faint, die_size, EDGE_STEP)[0] >= SQUARE_OUTLINE_RAYS:
        variants.append(np.minimum(faint, pip_dark))
    # a glossy dark face whose sheen of the lamps' white fades as steeply as an edge: only a step
    # that is no mix of the face with white, or a mark as dark as a pip (a hidden light pip), ends
    # it; when those steps alone outline the square (on a black face any lighter grey is such a mix,
    # and the pips of a top face beside a side face's pip ended the rays on a square by chance)
    sheen = facerays.sheen_ray_lengths(colour, pip, start, reach, len(rays))
    if square_fit(sheen, die_size, EDGE_STEP)[0] >= SQUARE_OUTLINE_RAYS:
        variants.append(np.minimum(sheen, pip_dark))
    if clear:
        # a dark face on a felt as dark, its edge a step of level either way; only with no hidden
        # pip within a side, which that step alone would take for an edge of the face
        variants.append(facerays.level_ray_lengths(dark, colour, pip, start, reach, len(rays)))
    for ends in variants:
        if not _bare_round(ends, bare, clear):
            continue
        on_edge, inside = square_fit(ends, die_size, EDGE_STEP)
        if on_edge >= SQUARE_OUTLINE_RAYS and inside <= SQUARE_FACE_MISSES and all_past(
                ends, die_size, beside, EDGE_STEP):
            return Face(1, (pip.x, pip.y), die_size, 0.5, None, 1, pip.roundness)
    return None


def _bare_round(ends: np.ndarray, bare: float, clear: bool) -> bool:
    """True when no ray ends within `bare` of the pip, or (`clear`: no mark as dark as a pip
    within a side) only those of one speck of grain: one ray, or two side by side.

    Rays 11° apart lie a pixel or two apart that near the pip, so a speck two or three pixels wide
    ends two neighbouring rays; a hidden pip is as dark as a pip, and an edge ends many rays.
    """
    short = np.flatnonzero(ends < bare)
    if len(short) == 0:
        return True
    if not clear or len(short) > 2:
        return False
    # the last ray neighbours the first
    return len(short) == 1 or int(short[1] - short[0]) in (1, len(ends) - 1)


def alone_again(
    face: Face, faces: list[Face], unclaimed: list[PipBlob], dark: np.ndarray, colour: np.ndarray,
    die_size: float, max_size: float,
) -> Face:
    """A lone pip refused for a like pip beside it, tried again once the dice round it are read.

    Its partner was unclaimed when it was tested, before broken faces were joined again; a pip of
    a face read since, a die side or more away, is that die's, not a second pip of this one.
    """
    pip = next((b for b in unclaimed if (b.x, b.y) == face.center), None)
    others = [
        f for f in faces
        if f.value is not None and f.fit is not None
        and math.dist(f.center, face.center) >= OTHER_TOP_FACE * die_size
    ]
    if pip is None or not others:
        return face
    kept = [b for b in unclaimed if not any(max(map(abs, f.fit.to_grid(b.x, b.y))) < ON_GRID for f in others)]
    if len(kept) == len(unclaimed):
        return face
    again = read_lone_pip(dark, colour, pip, die_size, max_size, kept, die_size)
    if again is None:
        again = read_on_square(dark, colour, pip, kept, die_size)
    return face if again is None else again


def recheck_lone_one(
    face: Face,
    by_place: dict[tuple[float, float], PipBlob],
    grid_step: float,
    dark: np.ndarray,
    colour: np.ndarray,
    size_hint: float | None,
    max_size: float,
    unclaimed: list[PipBlob],
) -> Face:
    """A face read as a 1 read again, its pip alone, once the frame's grid step is known (`grid_step`):
    refused when it no longer passes for a 1."""
    if face.value != 1 or face.pip_count != 1 or face.center not in by_place:
        return face
    pip = by_place[face.center]
    again = read_lone_pip(dark, colour, pip, size_hint, max_size, unclaimed, None, grid_step)
    if again is None:
        return replace(face, value=None, confidence=0.0, reason=None, detail="not a 1 after all")
    return again
