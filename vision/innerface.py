"""The side face a flat die turns to the lens, as wide as the lens says it must be.

A die of side s px whose top face lies r px from the point below the lens (the nadir), seen
through a lens of focal length f px, shows the side face turned to the nadir as a band about
r·s/f px wide past the top face's inner edge: the parallax of the die's height. Every face has
pips, and that face's are seen there as dashes across the band. A die leaning on the wall,
tipped towards the middle further than the view angle there, hides that face: past its inner
edge lies felt or its shadow, without a dash. Its colour does not tell the two apart (a white
die's shaded side takes the felt's tint), but the dashes do.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import cv2
import numpy as np

from vision.backdrop import bare_top_colour
from vision.faces import Face
from vision.lean import top_face_levels
from vision.rays import band_grid
from vision.wallfoot import ANOTHER_DIE

# r/f, die sides: a band this wide at least (a view angle of 17°) shows its pips clear of the top
# face's edge; on narrower bands they blur into it, less deep
INNER_BAND = 0.3
# pixels: a band this wide shows its pips' dashes clear of the top face's edge whatever the die's size,
# as wide as INNER_BAND on a die of 23 px: the edge's blur ramp runs 1.5 px either side of each edge
# (`backdrop.RIM_BLUR`), leaving 4 px for a dash. Flat dice by the wall whose band was 7 px or wider,
# under INNER_BAND, measured a darkest dash of 0.11 of the contrast and more; a black 5 leaning on a
# purple wall, its band 8.5 px (0.29 of a side), 0.064 (on the saved sets from 40000 to 57000)
CLEAR_BAND_PX = 7.0
# r/f, die sides: a narrower band still shows the dashes, their depth cut in proportion to its width
# (a dash across the band is as tall as the foreshortened face, the blur of a pixel or two the same):
# below INNER_BAND the darkest dash is weighed against NARROW_SHARE times NO_DASH times
# width / INNER_BAND of the top pips' contrast; under NARROW_BAND (a view angle of 10°) the band is
# 4 pixels and less
NARROW_BAND = 0.17
# share of NO_DASH asked below INNER_BAND: a band of a few pixels blurs the dash into the top face's
# edge, and a side face in the wall's shade lowers it again. Scaled back by INNER_BAND / width, a flat
# red 4 of white pips by a dark wall measured 0.058, every other flat die 0.095 and more, the leaning
# dice this alone catches 0.048 at most (on simulated throws)
NARROW_SHARE = 0.5
# where across the band the side face's pips lie: 0.2 to 0.8 of its height from the top edge
DASH_DEPTH = (0.15, 0.85)
BAND_ACROSS = 0.4  # die sides either side of the ray: within the face's width
STEP_PX = 0.5
# darkest dash below the median of its row (one depth across the band), in the top pips' contrast:
# flat dice by the wall measured 0.13 and more, leaning dice with no inner face 0.065 at most
NO_DASH = 0.1
# a pip's dash is darker than the side face on both sides of it across the band (nearer the top face
# and further down the side face); a shadow or felt past the face's far edge only darkens on: the
# darkest mark standing out less than this over the band's lightest rows either side of it (in the
# top pips' contrast) is no dash. Flat dice by the wall measured 0.069 and more, leaning dice whose
# band held a shadow's ramp 0.031 and 0.047, on simulated throws
NO_PEAK = 0.055
# a flat die's side face turned to the nadir is lit as its top face is, less its turn from the light:
# 0.24 of the top face's level at least in the dark-pip plane (side faces turned from a bar light), on
# simulated throws; past leaning light dice on dark felt, their shadow and the felt measured 0.07-0.11
SIDE_FACE_LIT = 0.17
# where across and along the side face it is sampled: within its width (0.35 of a side either side of
# the ray), and over the middle of its depth (0.3 to 0.8 of r/f), clear of the blur of both its edges
SIDE_FACE_ACROSS = 0.35
SIDE_FACE_SPAN = (0.3, 0.8)
WALL_REACH = 1.0  # die sides inside the tray's outline: a die leaning on the wall has its top this near
# a side face (upright) takes at most cot(elevation) of the light the top face takes from a lamp above
# the tray, and mirrors none of it to a lens above: lit 4 times the top face needs a lamp less than
# 14° above the die (flat dice by the wall measured 2.5 at most, a black die's under a bar light, on
# simulated throws); and 40 grey levels more at least, well over the noise of a black face
SIDE_FACE_LIGHT = (4.0, 40.0)
# die sides from the centre: no other die this near, whose top face, pushed out by the same parallax,
# could lie over the band where this die's side face shows (a touching neighbour is within 1.45)
INNER_CLEAR = 1.6
# die sides across from the centre: the felt beside the die, clear of its corners (as `body.BESIDE`)
FELT_BESIDE = 1.2
# the band where the side face must show, as the felt beside the die at its depth: lit alike within
# the light's fall-off over a die side or two, and of its tint. Past leaning dice whose band was felt
# the ratio measured 0.95-1.04 and the tint 0.03 at most; flat dice without a peak over the band,
# 0.73 and less or of another tint (0.04 and more), on simulated throws
FELT_LEVEL = (0.9, 1.1)
FELT_TINT = 0.05
# and the darkest mark there stands out less than the side face's pip dashes, blurred into the edge,
# do: scaled back by INNER_BAND / width, in the top pips' contrast, a flat white die on white felt
# whose band was lit as the felt beside it measured 0.47 (no other flat die's band was), leaning dice
# over felt 0.06-0.09 (the white balance of the frame moves it by 0.03)
FAINT_DASH = 0.2
# a flat die's side face is lit as its top face less its turn from the light, in the die's tint; a light
# die's shaded side takes the felt's tint but is then dimmer than its top face. A band passing for the
# felt that is lit at least as its top face and of another tint (L1 step of the channels' shares) is
# no side face of that die, faint mark or not: past a black 6 leaning 24.6° on green felt, 2.4 times as
# bright and 0.15 off; the flat white die on white felt, 0.63 and 0.03 (on simulated throws)
UNLIKE_TOP_TINT = 0.1


class InnerMarks(NamedTuple):
    """What the band where a flat die shows its side face turned to the nadir holds."""

    hidden: bool  # no dash of a pip where one must be: the side face is not in view
    no_peak: bool  # no mark stands out over the band on both sides of it across (NO_PEAK)
    faint: bool = False  # the darkest mark under FAINT_DASH (scaled to the band's width)


def inner_face_marks(
    face: Face,
    dark: np.ndarray,
    nadir: tuple[float, float],
    focal: float,
    die_size: float,
) -> InnerMarks:
    """Whether the band where a flat die must show its side face turned to the nadir has a dash.

    Only for a read face whose predicted band is NARROW_BAND of a side wide or more (below
    INNER_BAND by the darkest dash alone, against a bar cut with the width and NARROW_SHARE); both
    False when the band leaves the picture or the top face's pips give no contrast to compare with.
    """
    nothing = InnerMarks(False, False)
    dx, dy = face.center[0] - nadir[0], face.center[1] - nadir[1]
    radius = math.hypot(dx, dy)
    width = radius / focal  # die sides
    if width < NARROW_BAND:
        return nothing
    levels = top_face_levels(face, dark, die_size)
    if levels is None:
        return nothing
    contrast = levels[1]
    ux, uy = -dx / radius, -dy / radius
    near, far = ((0.5 + share * width) * die_size for share in DASH_DEPTH)
    along = np.arange(near, far, STEP_PX)
    across = np.arange(-BAND_ACROSS * die_size, BAND_ACROSS * die_size, STEP_PX)
    grid = band_grid(face.center, (ux, uy), along, across, dark.shape)
    if grid is None:
        return nothing
    band = cv2.blur(cv2.remap(dark, *grid, cv2.INTER_LINEAR).astype(np.float32), (3, 3))
    darkest = float((np.median(band, axis=1, keepdims=True) - band).max())
    # the blur is the lens's, in pixels: a band CLEAR_BAND_PX wide shows a dash whole at any die size
    clear = width >= INNER_BAND or width * die_size >= CLEAR_BAND_PX
    bar = NO_DASH if clear else NARROW_SHARE * NO_DASH * width / INNER_BAND
    # the whole side face: from the top face's edge to its far edge, r/f of a side further
    face_band = np.arange(0.5 * die_size, (0.5 + width) * die_size, STEP_PX)
    peak = _dash_peak(face, dark, (ux, uy), face_band, (near, far), across)
    no_peak = peak is not None and peak < NO_PEAK * contrast
    faint = darkest < FAINT_DASH * min(width / INNER_BAND, 1.0) * contrast
    # on a narrow band a pip's dash blurs into the edge: no peak over it tells alone
    return InnerMarks(darkest < bar * contrast or (width >= INNER_BAND and no_peak), no_peak, faint)


def _dash_peak(
    face: Face,
    dark: np.ndarray,
    way: tuple[float, float],
    along: np.ndarray,
    depths: tuple[float, float],
    across: np.ndarray,
) -> float | None:
    """How far the darkest mark within `depths` (px from the centre along `way`) stands out, below
    its row's median, over the lighter of the least dark rows of the band `along` before and after
    it (None when the band leaves the picture)."""
    grid = band_grid(face.center, way, along, across, dark.shape)
    if grid is None or len(along) < 3:
        return None
    band = cv2.blur(cv2.remap(dark, *grid, cv2.INTER_LINEAR).astype(np.float32), (3, 3))
    rel = np.median(band, axis=1, keepdims=True) - band
    before = np.minimum.accumulate(rel, axis=0)  # least dark of the rows up to each
    after = np.minimum.accumulate(rel[::-1], axis=0)[::-1]
    first = max(int(np.searchsorted(along, depths[0])), 1)
    last = min(int(np.searchsorted(along, depths[1])), len(along) - 1)
    if last <= first:
        return None
    rows = np.arange(first, last)
    stand = rel[rows] - np.maximum(before[rows - 1], after[rows + 1])
    return float(stand.max())


def _side_face_band(
    face: Face, nadir: tuple[float, float], focal: float, die_size: float
) -> tuple[np.ndarray, tuple[float, float]] | None:
    """Where a flat die here shows its side face turned to the nadir: the distances from its centre
    over the middle of that face's depth (SIDE_FACE_SPAN), and the way to the nadir. None for a die
    within a side of the nadir or a band under NARROW_BAND of a side wide."""
    dx, dy = face.center[0] - nadir[0], face.center[1] - nadir[1]
    radius = math.hypot(dx, dy)
    width = radius / focal  # die sides
    if radius < die_size or width < NARROW_BAND:
        return None
    near, far = ((0.5 + share * width) * die_size for share in SIDE_FACE_SPAN)
    along = np.arange(near, far, STEP_PX)
    if len(along) == 0:
        return None
    return along, (-dx / radius, -dy / radius)


def inner_face_unlit(
    face: Face,
    dark: np.ndarray,
    nadir: tuple[float, float],
    focal: float,
    die_size: float,
    outline: np.ndarray,
) -> bool:
    """True when a die by the wall shows nothing as bright as a side face where a flat die there
    shows the one turned to the nadir: past its inner edge, over the middle of that face's width,
    the dark-pip plane stays below SIDE_FACE_LIT of the top face's level.

    A side face is lit as the top face is, less its turn from the light; felt in a leaning die's
    shadow, or dark felt, is far darker than a light die. Only for a predicted band NARROW_BAND of
    a side wide or more, within the picture.
    """
    if cv2.pointPolygonTest(outline.reshape(-1, 1, 2), face.center, True) > WALL_REACH * die_size:
        return False
    band = _side_face_band(face, nadir, focal, die_size)
    if band is None:
        return False
    levels = top_face_levels(face, dark, die_size)
    if levels is None:
        return False
    along, way = band
    across = np.arange(-SIDE_FACE_ACROSS * die_size, SIDE_FACE_ACROSS * die_size, STEP_PX)
    grid = band_grid(face.center, way, along, across, dark.shape)
    if grid is None:
        return False
    rows = np.median(cv2.remap(dark, *grid, cv2.INTER_LINEAR), axis=1)
    return float(np.median(rows)) < SIDE_FACE_LIT * levels[0]


def band_median_colour(
    colour: np.ndarray,
    centre: tuple[float, float],
    way: tuple[float, float],
    along: np.ndarray,
    across: np.ndarray,
    others: list[tuple[float, float]],
    die_size: float,
) -> np.ndarray | None:
    """The median colour over the band `along` the way from `centre`, `across` it, leaving out the
    pixels within ANOTHER_DIE die sides of one of `others` (None when half of it or more is so left
    out, or the band leaves the picture)."""
    grid = band_grid(centre, way, along, across, colour.shape[:2])
    if grid is None:
        return None
    xs, ys = grid
    clear = np.ones(xs.shape, bool)
    for other in others:
        clear &= np.hypot(xs - other[0], ys - other[1]) >= ANOTHER_DIE * die_size
    if clear.mean() < 0.5:
        return None
    pixels = cv2.remap(colour, xs, ys, cv2.INTER_LINEAR).astype(np.float32)
    return np.median(pixels[clear], axis=0)


def felt_past_inner_edge(
    face: Face,
    colour: np.ndarray,
    nadir: tuple[float, float],
    focal: float,
    die_size: float,
    unlike_top: bool = False,
) -> bool:
    """True when the band where a flat die shows its side face turned to the nadir (over the middle
    of its depth, SIDE_FACE_SPAN) has the colour of the felt beside the die on one side at least
    (with `unlike_top`, only when that band is also lit at least as the top face and of another
    tint, UNLIKE_TOP_TINT: no side face of the die).

    A side face is the die's colour, lit by its own turn from the light; felt as bright and of the
    same tint there, with no dash standing out over it (`InnerMarks.no_peak`), is the felt itself:
    the die is tipped towards the middle and hides that face. One side is enough, as another die or
    the wall may stand on the other.
    """
    predicted = _side_face_band(face, nadir, focal, die_size)
    if predicted is None:
        return False
    along, way = predicted
    medians: list[np.ndarray | None] = []
    for offset in (0.0, -FELT_BESIDE, FELT_BESIDE):
        low, high = (offset - SIDE_FACE_ACROSS) * die_size, (offset + SIDE_FACE_ACROSS) * die_size
        across = np.arange(low, high, STEP_PX)
        medians.append(band_median_colour(colour, face.center, way, along, across, [], die_size))
    band = medians[0]
    if band is None or float(band.sum()) < 1.0:
        return False
    if unlike_top:
        top = bare_top_colour(face, colour, face.size if face.fit is not None else die_size)
        top_sum = max(float(top.sum()), 1.0)
        tint = float(np.abs(band / band.sum() - top / top_sum).sum())
        if float(band.sum()) < top_sum or tint <= UNLIKE_TOP_TINT:
            return False
    for felt in medians[1:]:
        if felt is None or float(felt.sum()) < 1.0:
            continue
        ratio = float(band.sum() / felt.sum())
        tint = float(np.abs(band / band.sum() - felt / felt.sum()).sum())
        if FELT_LEVEL[0] <= ratio <= FELT_LEVEL[1] and tint <= FELT_TINT:
            return True
    return False


def inner_face_overlit(
    face: Face,
    colour: np.ndarray,
    nadir: tuple[float, float],
    focal: float,
    die_size: float,
    outline: np.ndarray,
    others: list[tuple[float, float]],
) -> bool:
    """True when a die by the wall shows, where a flat die there shows its side face turned to the
    nadir, something lit far brighter than its top face (SIDE_FACE_LIGHT): the felt past a dark die
    tipped towards the middle, which hides that face.

    The mirror of `inner_face_unlit`, for dice whose tint tells nothing (a black die's). Only for a
    predicted band NARROW_BAND of a side wide or more, within the picture, with none of `others`
    (the centres of the frame's other dice) within INNER_CLEAR die sides.
    """
    if cv2.pointPolygonTest(outline.reshape(-1, 1, 2), face.center, True) > WALL_REACH * die_size:
        return False
    if any(math.dist(face.center, other) < INNER_CLEAR * die_size for other in others):
        return False
    predicted = _side_face_band(face, nadir, focal, die_size)
    if predicted is None:
        return False
    along, way = predicted
    across = np.arange(-SIDE_FACE_ACROSS * die_size, SIDE_FACE_ACROSS * die_size, STEP_PX)
    grid = band_grid(face.center, way, along, across, colour.shape[:2])
    if grid is None:
        return False
    band = float(np.median(cv2.remap(colour, *grid, cv2.INTER_LINEAR).astype(np.float32).mean(axis=-1)))
    top = float(bare_top_colour(face, colour, face.size if face.fit is not None else die_size).mean())
    return band >= SIDE_FACE_LIGHT[0] * top and band - top >= SIDE_FACE_LIGHT[1]
