"""Whether a refused group of pips, a 2 or a 1, lies on a die at all, or on the bare felt.

A refusal makes the box ask for a re-throw, and a 2 or a 1 read is scored, so each must come
from an object that looks like a die: a body of the die's size, of a colour distinct from the felt, or at
least a bare face. Specks of the felt's grain can pass for a pair of pips, but the "face" round
them is the felt itself: of the felt's colour and brightness, and broken by its grain right round
the specks, where a die's face runs bare to its edge; and they stand out as little as grain does
(32 for two specks read as a 2), a die's paint several times more (88 and more on the 2s read on
dice of the felt's colour). A refused part of a face is placed on its die's body.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.body import _die_like
from vision.facecolour import colour_at, face_colours, face_tolerance, off_face, sample_at
from vision.facerays import TINT_NOISE
from vision.faces import SIDE_PER_SPACING, Face
from vision.pips import PipBlob
from vision.wallfoot import outline_depths, wall_direction

FACE_RING = 0.2  # die sides from the centre: the face between a 5's centre pip and its corners
FELT_RING = 1.3  # die sides from the centre: the felt beside a die, clear of its corners
FELT_TINT = 0.06  # largest L1 step of (b, g, r) / (b + g + r) of a face from the felt's
FELT_LEVEL = (0.8, 1.25)  # brightness of the face over the felt's: as the felt's own light varies
BARE_REACH = 0.4  # die sides: a die's face round its centre is bare this far, pips aside (edge 0.5)
GRAIN_RAYS = 4  # rays (of 32) ended by the grain within that reach: no die's face
# die sides: past a die's corner (0.71) and the shade of its rounded edge, side faces or shadow,
# which bound its face every way; a face that runs on this far on a quarter of the rays is the felt
OPEN_REACH = 0.85
OPEN_RAYS = 8
# grey levels: a felt's specks of grain stand out from it by about the pip search's floor (28–34 on
# the simulated felts), a pip's paint from its face by several times it (90–145 on ivory dice; the
# tiny red pip of a grey 1 on mauve felt, blurred on a die of 23 px, 58)
PAINT_CONTRAST = 50.0
MARK_REACH = 0.75  # die sides: the marks (pips) of the die itself, looked past
ON_FACE = 1.45  # grid steps from a face's centre: its pips (`verdicts.on_face`)
BODY_REACH = 1.0  # die sides from part of a face: as far as its die's body, seen from above, goes
BODY_AREA = (0.4, 2.0)  # die sides squared: a top face, with up to as much of side faces showing
BODY_SHIFT = 0.75  # die sides: part of a face lies on its die, within half its diagonal of the centre
# die sides: the furthest a pip's centre lies from its face's centre along the face's axes (the
# reader's grid puts corner pips at 0.26; a pip is 0.1 of a side wide at least, and printed clear of
# the rounded edge), and a pixel of a pip centre's error
PIP_SPREAD = 0.35
CENTRE_PX = 1.0


def _ring(
    colour: np.ndarray, centre: tuple[float, float], radius: float, count: int,
    outline: np.ndarray | None = None,
) -> np.ndarray:
    """The median colour on a ring; with the tray's `outline`, of its points on the tray only
    (the wall is no felt), unless fewer than a quarter of them are."""
    turn = np.linspace(0.0, 2.0 * math.pi, count, endpoint=False)
    xs, ys = centre[0] + radius * np.cos(turn), centre[1] + radius * np.sin(turn)
    if outline is not None:
        on_tray = outline_depths(outline, xs, ys) >= 0
        if on_tray.sum() >= count // 4:
            xs, ys = xs[on_tray], ys[on_tray]
    return np.asarray(np.median(colour_at(colour, xs, ys), axis=0))


def _alike(face: np.ndarray, felt: np.ndarray) -> bool:
    """True when the face is of the felt's tint and about its brightness.

    A few levels of noise on each channel are a larger share of a dark felt's tint (TINT_NOISE):
    a coarse grain moves a dark brown felt's tint by 0.07 from one patch to the next.
    """
    face_sum, felt_sum = max(float(face.sum()), 1.0), max(float(felt.sum()), 1.0)
    tint = float(np.abs(face / face_sum - felt / felt_sum).sum())
    limit = max(FELT_TINT, TINT_NOISE / min(face_sum, felt_sum))
    return tint <= limit and FELT_LEVEL[0] <= face_sum / felt_sum <= FELT_LEVEL[1]


def grain_ended_rays(
    face: Face, dark: np.ndarray, colour: np.ndarray, marks: list[PipBlob], side: float,
    reach: float = BARE_REACH,
) -> int:
    """How many of 32 rays from the face's centre leave its face within `reach` die sides.

    The face is what is of the colour and level of the ring round the centre; the group's own pips
    (marks near the centre) are looked past, and two samples in a row off the face end a ray.
    """
    cx, cy = face.center
    turn = np.linspace(0.0, 2.0 * math.pi, 32, endpoint=False)
    ring_x, ring_y = cx + FACE_RING * side * np.cos(turn), cy + FACE_RING * side * np.sin(turn)
    level = float(np.median(sample_at(dark, ring_x, ring_y)))
    ref = np.median(colour_at(colour, ring_x, ring_y), axis=0)
    near = [m for m in marks if math.hypot(m.x - cx, m.y - cy) <= MARK_REACH * side]
    contrast = float(np.median([m.contrast for m in near])) if near else 0.0
    radii = np.arange(1.0, reach * side, 1.0)
    xs = cx + np.cos(turn)[:, None] * radii[None, :]
    ys = cy + np.sin(turn)[:, None] * radii[None, :]
    floor = level - face_tolerance(level, contrast)
    off = off_face(dark, colour, xs.ravel(), ys.ravel(), floor, ref, contrast).reshape(xs.shape)
    for m in near:
        # a pip, with its blurred rim, is no end of the face it is on
        off &= (xs - m.x) ** 2 + (ys - m.y) ** 2 > (0.5 * m.major + 1.5) ** 2
    off[:, :-1] &= off[:, 1:]
    return int(off.any(axis=1).sum())


def on_bare_felt(
    face: Face, dark: np.ndarray, colour: np.ndarray, marks: list[PipBlob], side: float,
    outline: np.ndarray | None = None,
) -> bool:
    """True when a refused group's pips, a 2's or a 1's, lie on the felt, not on a die.

    Both must hold: the face round the pips is the felt's colour (a die of another colour or
    brightness is a die whatever its pips), and it is not bare round them (an ivory die on white
    felt has a bare face round its centre; the felt has its grain), or it runs on past any die's
    edge (a smooth felt: faint specks there are no pips of a die, whose face ends by its corners).
    With the tray's `outline`, the felt is read on the tray only: by the wall, the ring beside the
    face crosses it.
    """
    if not _alike(_ring(colour, face.center, FACE_RING * side, 32),
                  _ring(colour, face.center, FELT_RING * side, 64, outline)):
        return False
    cx, cy = face.center
    near = [m.contrast for m in marks if math.hypot(m.x - cx, m.y - cy) <= MARK_REACH * side]
    if face.pip_count == 1:
        # a 1's paint is its one pip, at its centre: the fainter marks round it are its edges' shade
        near = [m.contrast for m in marks if math.hypot(m.x - cx, m.y - cy) <= 1.0] or near
    if near and float(np.median(near)) >= PAINT_CONTRAST:
        return False  # printed pips, not grain: a die of the felt's colour (ivory on white felt)
    if grain_ended_rays(face, dark, colour, marks, side) >= GRAIN_RAYS:
        return True
    return 32 - grain_ended_rays(face, dark, colour, marks, side, OPEN_REACH) >= OPEN_RAYS


def short_of_any_top_face(
    face: Face, outline: np.ndarray, nadir: tuple[float, float], focal: float, side: float
) -> bool:
    """True when a refused pair of pips is centred nearer the felt's edge than a die's top face.

    A die on the felt, flat or leaning on the wall by θ (its top tipped away from the wall, up to
    45°), has its top face's centre s (cos θ / 2 + sin θ) from the wall's foot and s (cos θ + sin θ / 2)
    above the felt; the camera sees it shifted outwards by that height times d / f (d the centre's
    distance from the point below the lens, across the wall): s (0.5 - d / f) inside the felt's edge
    at the least (θ = 0, a flat die against the wall). Two pips of one face D apart lie within
    PIP_SPREAD of a side of its centre along its axes: their midpoint within √2 (PIP_SPREAD s - D / 2√2)
    of that centre. Only a pair fitted as a 2 (its `size`, D = 2√2 size / SIDE_PER_SPACING) is judged.
    """
    if face.value is not None or face.reason is None or face.pip_count != 2:
        return False
    cx, cy = face.center
    depth = float(outline_depths(outline, np.array([cx]), np.array([cy]))[0])
    if depth < 0.0:
        return False  # past the felt's edge: a die beside the tray may lie there
    tx, ty = wall_direction(outline, face.center)
    across = abs((cx - nadir[0]) * ty - (cy - nadir[1]) * tx)  # from the point below the lens
    apart = 2.0 * math.sqrt(2.0) * face.size / SIDE_PER_SPACING
    off_centre = math.sqrt(2.0) * max(0.0, PIP_SPREAD * side - apart / (2.0 * math.sqrt(2.0)))
    return depth < side * (0.5 - across / focal) - off_centre - CENTRE_PX


def body_centre(
    face: Face, colour: np.ndarray, marks: list[PipBlob], side: float
) -> tuple[float, float] | None:
    """The centre of the die body round a refused part of a face, or None when it does not show.

    Pips refused for a grid too small for the die (a row of a 6, the second face of a leaning
    die) are only part of what shows of their die: their centre is not the die's. The die is the
    patch of their face's colour round them (its side faces shaded, of its tint: `body._die_like`),
    whose centroid is taken when it is of a die's area and the felt round it is not of that colour.
    """
    if face.fit is None:
        return None
    pips = [m for m in marks if max(abs(c) for c in face.fit.to_grid(m.x, m.y)) < ON_FACE]
    if not pips:
        return None
    ref = np.median(face_colours(colour, pips, clear_of_blur=True), axis=0).astype(np.float32)
    if _die_like(_ring(colour, face.center, FELT_RING * side, 64).astype(np.float32), ref):
        return None  # the felt passes for the die: no outline to go by
    cx, cy = round(face.center[0]), round(face.center[1])
    reach = round(BODY_REACH * side)
    x0, y0 = max(cx - reach, 0), max(cy - reach, 0)
    window = colour[y0:cy + reach + 1, x0:cx + reach + 1].astype(np.float32)
    like = _die_like(window, ref).astype(np.uint8)
    die = cv2.morphologyEx(like, cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))  # one noisy pixel
    _, labels, stats, centroids = cv2.connectedComponentsWithStats(die, connectivity=8)
    # the face round the part's centre (its pips, white on the face, are no part of the patch)
    hub = max(1, round(FACE_RING * side))
    middle = labels[max(cy - y0 - hub, 0):cy - y0 + hub + 1, max(cx - x0 - hub, 0):cx - x0 + hub + 1]
    found = np.bincount(middle.ravel(), minlength=2)
    found[0] = 0
    if not found.any():
        return None
    k = int(np.argmax(found))
    area = stats[k, cv2.CC_STAT_AREA] / (side * side)
    x, y = float(centroids[k][0]) + x0, float(centroids[k][1]) + y0
    if not BODY_AREA[0] <= area <= BODY_AREA[1] or math.dist((x, y), face.center) > BODY_SHIFT * side:
        return None
    return x, y
