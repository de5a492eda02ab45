"""How far the side face turned to the lens runs past a die's inner edge, against the lens's parallax.

A flat die of side s whose top face lies r px from the point below the lens (the nadir), seen
through a lens of focal length f px, has its bottom face's outline pushed r/f of a side towards
that point from its top face's: past every point of the top face's inner edge, along the way to
the nadir, the die runs on r/f of a side (its side faces, turned to the lens), then the felt or
its shadow begins. A die tipped towards the middle by part of the view angle there still shows
that side face, foreshortened: its tilt takes that share of the view angle off the face's width,
and the felt begins short of r/f. A white die on pale felt gives the colour checks nothing to
tell (its top face passes for the felt, `vision/backdrop.py`), and its shaded band's end, not
square to the way, ends no dash check cleanly; but where the band ends is plain.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.edgeturn import square_turn
from vision.faces import Face
from vision.innerface import (
    CLEAR_BAND_PX,
    FELT_BESIDE,
    FELT_LEVEL,
    FELT_TINT,
    INNER_BAND,
    NO_DASH,
    SIDE_FACE_ACROSS,
    STEP_PX,
    WALL_REACH,
)
from vision.lean import top_face_levels
from vision.turnedup import wall_hidden
from vision.wallfoot import ANOTHER_DIE

# share of r/f past the inner edge from which on the band is the felt, up to r/f, with no dash: a flat
# die's side face runs the whole parallax past its top face's edge (flat dice by the wall with no dash
# past where the felt began measured 0.79 of r/f and more on the saved sets from 40000 to 66000, the
# one whose felt began sooner, 0.53, showed its side face's pips there at 0.2 of the contrast); a white
# 3 and a white 6 leaning on the far wall over pale felt, 0.44 and 0.48, a red 6 leaning there over
# red-brown felt and a white 1 over pale green felt, 0.67 (a die tipped by t of a view angle a shows
# that face sin(a - t) / sin(a) as wide: 0.72 is a tip of about a quarter of it)
SHORT_FACE = 0.72
# px: and short of r/f by more than the blur ramp of the side face's far edge (1.5 px, as
# CLEAR_BAND_PX counts it) and a row (0.5 px), so that a narrow band is not refused on its blur alone
# (flat dice fell 1.9 px short at most, the leaning red 6 and white 1 2.75 and 2.95 px)
SHORT_PX = 2.0
# die sides either side across: a side face's pips lie a grid step (a quarter of a side) apart with
# bare face between them, and ringed so a pip's dash stands out over the band on both sides of it
DASH_RING = 0.25
# A die tipped towards the middle by less than the view angle turns no face past its outer edge to the
# lens; the tilt that narrows its inner side face lifts its top face's outer edge, seen pushed out over
# the wall's foot by that height's parallax. Either alone stays within a flat die's measures; both
# together tell the tilt: the felt beginning under TIPPED_FACE of r/f with no dash, and more than
# TIPPED_HIDDEN of a side of the wall hidden past the top face (`turnedup.wall_hidden`). On the saved
# sets from 40000 to 66000 (2,757 flat faces by the wall) flat dice hid 0.02 at most (their felt
# beginning at 1.0 of r/f and more), and the one flat die whose felt began under 0.85 with no dash (a
# white 1 on grainy green felt, 0.79) hid none; a white 1 leaning on the far wall over pale green felt,
# r/f 0.34 of a side, 0.67 and 0.04
TIPPED_FACE = 0.75
TIPPED_HIDDEN = 0.03
# px past where the felt begins: the ramp of a pixel where the side face or its shadow meets the felt,
# not square to the way, before a mark on the felt counts as a dash of a pip
FELT_RAMP_PX = 1.0


def _edge_along(
    centre: tuple[float, float], turn: float, half: float, way: np.ndarray, across: np.ndarray
) -> np.ndarray:
    """Px from `centre` along `way` to the edge of the square (half side `half`, turned by `turn`)
    on each line parallel to `way` that lies `across` px aside of the centre."""
    axes = (np.array([math.cos(turn), math.sin(turn)]), np.array([-math.sin(turn), math.cos(turn)]))
    perp = np.array([-way[1], way[0]])
    edge = np.full(len(across), np.inf)
    for axis in axes:
        along, aside = float(way @ axis), float(perp @ axis)
        if abs(along) > 1e-9:
            # |aside * a + along * s| <= half: the square ends where the line meets that pair of sides
            edge = np.minimum(edge, (half - np.sign(along) * aside * across) / abs(along))
    return edge


def inner_band(
    centre: tuple[float, float],
    turn: float,
    die_size: float,
    way: np.ndarray,
    across: np.ndarray,
    past: np.ndarray,
    shape: tuple[int, ...],
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The picture's x and y of a band past a top face's edge along `way` (the unit way to the
    nadir), a row per distance `past` the edge of the square (side die_size, turned `turn`) and a
    column per offset `across` the way, and that edge's distance from the centre per column; None
    when the band leaves the picture of `shape`."""
    edges = _edge_along(centre, turn, 0.5 * die_size, way, across)
    xs = centre[0] + (edges[None, :] + past[:, None]) * way[0] - across[None, :] * way[1]
    ys = centre[1] + (edges[None, :] + past[:, None]) * way[1] + across[None, :] * way[0]
    h, w = shape[:2]
    if xs.min() < 0 or ys.min() < 0 or xs.max() > w - 1 or ys.max() > h - 1:
        return None
    return xs, ys, edges


def sample_at(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """The image at (xs, ys), bilinear, as float32."""
    return cv2.remap(image, xs.astype(np.float32), ys.astype(np.float32), cv2.INTER_LINEAR).astype(np.float32)


def inner_face_extent(
    face: Face,
    dark: np.ndarray,
    colour: np.ndarray,
    nadir: tuple[float, float],
    focal: float,
    die_size: float,
    others: list[tuple[float, float]],
) -> tuple[float, float] | None:
    """(where the felt begins past the inner edge, in shares of r/f; the darkest mark from a pixel
    past there to r/f below its row's median, over the marks of its row within DASH_RING of a side on
    both sides of it and no more than below the felt beside the die at its depth, in the top pips'
    contrast).

    Each row of the band is one distance past the top face's edge (the die's square round its
    centre, turned as its pips, or for a 1 as the edges round it agree), SIDE_FACE_ACROSS of a side
    either side of the way to the nadir; it is the felt when its median colour is lit as the felt
    beside the die at that distance (FELT_BESIDE die sides across, on one side at least, clear of
    `others`, the centres of the frame's other dice) within FELT_LEVEL and of its tint within
    FELT_TINT. None for a die within a side of the nadir, a band under INNER_BAND of a side and
    CLEAR_BAND_PX wide, a band leaving the picture or a face with no contrast or turn to go by.
    """
    dx, dy = face.center[0] - nadir[0], face.center[1] - nadir[1]
    radius = math.hypot(dx, dy)
    width = radius / focal  # die sides
    # the face's end is found to a pixel of blur: a band this wide keeps 4 px clear of both ramps
    if radius < die_size or (width < INNER_BAND and width * die_size < CLEAR_BAND_PX):
        return None
    levels = top_face_levels(face, dark, die_size)
    turn = face.fit.angle if face.fit is not None else square_turn(face.center, dark, die_size)
    if levels is None or turn is None:
        return None
    way = np.array([-dx / radius, -dy / radius])
    across = np.arange(-SIDE_FACE_ACROSS * die_size, SIDE_FACE_ACROSS * die_size, STEP_PX)
    # a row of margin either side for the 3x3 means
    past = np.arange(-STEP_PX, width * die_size + 2 * STEP_PX, STEP_PX)
    grid = inner_band(face.center, turn, die_size, way, across, past, dark.shape)
    if grid is None:
        return None
    xs, ys, edges = grid
    h, w = dark.shape
    band = np.median(sample_at(colour, xs, ys), axis=1)
    felt = np.zeros(len(past), bool)
    start = float(np.median(edges))
    beside_dark = []  # the felt beside the die at each depth, in the dark plane (NaN off it)
    for flank in (-FELT_BESIDE * die_size, FELT_BESIDE * die_size):
        fx = face.center[0] + (start + past[:, None]) * way[0] - (flank + across[None, :]) * way[1]
        fy = face.center[1] + (start + past[:, None]) * way[1] + (flank + across[None, :]) * way[0]
        clear = (fx >= 0) & (fy >= 0) & (fx <= w - 1) & (fy <= h - 1)
        for other in others:
            clear &= np.hypot(fx - other[0], fy - other[1]) >= ANOTHER_DIE * die_size
        # a row of the flank mostly on another die or off the picture tells nothing
        told = clear.mean(axis=1) >= 0.5
        if not told.any():
            continue
        fx, fy = np.clip(fx, 0, w - 1), np.clip(fy, 0, h - 1)
        pixels = sample_at(colour, fx, fy)
        beside_dark.append(np.where(clear, sample_at(dark, fx, fy), np.nan))
        beside = np.array([
            np.median(row[ok], axis=0) if known else np.ones(3)
            for row, ok, known in zip(pixels, clear, told, strict=True)
        ])
        sums, beside_sums = band.sum(axis=1), np.maximum(beside.sum(axis=1), 1.0)
        ratio = sums / beside_sums
        tint = np.abs(band / np.maximum(sums, 1.0)[:, None] - beside / beside_sums[:, None]).sum(axis=1)
        felt |= told & (ratio >= FELT_LEVEL[0]) & (ratio <= FELT_LEVEL[1]) & (tint <= FELT_TINT)
    rows = np.flatnonzero((past >= 0.0) & (past <= width * die_size))
    unlike = [k for k in rows if not felt[k]]
    begins = past[unlike[-1]] + STEP_PX if unlike else 0.0
    means = cv2.blur(sample_at(dark, xs, ys), (3, 3))
    marks = np.median(means, axis=1, keepdims=True) - means
    on_felt = (past >= begins + FELT_RAMP_PX) & (past <= width * die_size)
    # a dash is ringed by its face across the band; the light's fall-off over the felt rises to its end
    ringed = _ringed(marks, max(1, round(DASH_RING * die_size / STEP_PX)))
    # and stands out of the felt beside the die at its depth: the face round it passes for that felt.
    # Where the shade along a die's edge ends unevenly, the felt past its shorter stretch stands out of
    # the shade beside it, not of the felt (a dark 6 of white pips leaning on the far wall over
    # red-brown felt, tipped square to the lens: 0.14 of its pips' contrast over its row a pixel past
    # where the felt began, 0.06 over the felt beside; the side face's pip dashes of a flat ivory 4
    # whose shaded side face passed for lilac felt, 0.18 over both)
    if beside_dark:
        both = np.concatenate(beside_dark, axis=1)
        seen = np.isfinite(both).any(axis=1)
        level = np.full(len(past), np.nan, np.float32)
        level[seen] = np.nanmedian(both[seen], axis=1)
        ringed = np.fmin(ringed, level[:, None] - means)
    darkest = max(float(ringed[on_felt].max()), 0.0) / levels[1] if on_felt.any() else 0.0
    return float(begins) / (width * die_size), darkest


def _ringed(marks: np.ndarray, reach: int) -> np.ndarray:
    """How far each mark (rows across the band) stands out over the lighter of the least dark marks
    within `reach` samples on either side of it in its row (-inf with no sample on a side)."""
    left = np.full(marks.shape, np.inf, np.float32)
    right = np.full(marks.shape, np.inf, np.float32)
    for offset in range(1, min(reach, marks.shape[1] - 1) + 1):
        left[:, offset:] = np.minimum(left[:, offset:], marks[:, :-offset])
        right[:, :-offset] = np.minimum(right[:, :-offset], marks[:, offset:])
    return marks - np.maximum(left, right)


def inner_face_short(
    face: Face,
    dark: np.ndarray,
    colour: np.ndarray,
    nadir: tuple[float, float],
    focal: float,
    die_size: float,
    outline: np.ndarray,
    others: list[tuple[float, float]],
) -> bool:
    """True when a die by the wall shows the side face turned to the nadir ending short of the
    parallax of its height: the band past its inner edge is the felt from under SHORT_FACE of r/f
    on, SHORT_PX or more short of it, with no mark on it as dark as a pip's dash (NO_DASH), as
    `inner_face_extent` measures it.

    A flat die whose shaded side face passes for the felt (a white die on white felt) shows that
    face's pips there: the dashes keep it read. Under TIPPED_FACE of r/f, a die that also hides the
    wall past its top face (`turnedup.wall_hidden`, more than TIPPED_HIDDEN) is tipped too.
    """
    if cv2.pointPolygonTest(outline.reshape(-1, 1, 2), face.center, True) > WALL_REACH * die_size:
        return False
    extent = inner_face_extent(face, dark, colour, nadir, focal, die_size, others)
    if extent is None or extent[1] >= NO_DASH:
        return False
    width = math.hypot(face.center[0] - nadir[0], face.center[1] - nadir[1]) / focal * die_size
    if extent[0] < SHORT_FACE and (1.0 - extent[0]) * width > SHORT_PX:
        return True
    if extent[0] >= TIPPED_FACE:
        return False
    # a 1 has no grid to turn its square by: the edges round its pip give the turn
    turn = square_turn(face.center, dark, die_size) if face.fit is None else None
    hidden = wall_hidden(face, colour, outline, die_size, turn)
    return hidden is not None and hidden > TIPPED_HIDDEN
