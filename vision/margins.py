"""The face goes on past its outer pips: the check that a group of pips is a face, not a top
pip paired with a pip of the side face below it (past that pip lies the die's edge).
"""

from __future__ import annotations

import math

import numpy as np

from vision.facecolour import (
    colour_at,
    colour_tolerance,
    face_colours,
    face_tolerance,
    glow_share,
    is_darkest_channel,
    off_face,
    sample_at,
    tint_alone_at,
)
from vision.layout import LayoutFit
from vision.median import median, median_3x3, median_along
from vision.pips import PipBlob

MARGIN = 1.45  # bare face beyond the outer pips, in grid spacings (edges at about 1.8)
RING_GAP_PX = 3.0  # the face's colour is read this far past the pips' rims, clear of their blur
GLOW_REACH_PX = 1.5  # a mid-side this much further from two pips' rims takes their glow twice
# the pips of one face, printed and lit alike, stand out alike: the faintest at least this share of
# the strongest (as a 2's must, faces.LIKE_TWO_CONTRAST)
ALIKE_CONTRAST = 0.65
# of the pips' contrast in the plane: light pips (white) are at least this much lighter than their
# face on each channel on average, where a pip of the face's own colour is not
LIGHT_PIPS = 0.5
_EMPTY_CORNERS_OF_3 = ((1.0, -1.0), (-1.0, 1.0))  # a 3's pips run (-1, -1) to (1, 1)


def margin_is_face(
    dark: np.ndarray, colour: np.ndarray, fit: LayoutFit, pips: list[PipBlob]
) -> bool:
    """The face must run on past its outer pips: mid-sides at 1.45 grid spacings are bare face.

    This is what refuses a top pip paired with a pip of the side face below it: past that pip
    there is the die's edge, not more face.
    """
    face_level = median([p.ring_level for p in pips])
    contrast = median([p.contrast for p in pips])
    floor = face_level - face_tolerance(face_level, contrast)
    face = median_along(face_colours(colour, pips, clear_of_blur=True), axis=0)
    # mid-sides only, and only those clear of the layout's pips (a 6 has pips at (±1, 0))
    cells = fit.cells
    sides = [(MARGIN, 0.0), (-MARGIN, 0.0), (0.0, MARGIN), (0.0, -MARGIN)]
    points = [
        fit.to_image(u, v)
        for u, v in sides
        if min(math.hypot(u - cu, v - cv) for cu, cv in cells) >= 0.9
    ]
    xs = np.array([p[0] for p in points])
    ys = np.array([p[1] for p in points])
    off = off_face(dark, colour, xs, ys, floor, face, contrast)
    # the ring round a blurred pip is darkened by the pip's own blur: face further out that is
    # brighter than it is still face if it has its hue (taken at the ring's brightness)
    seen = colour_at(colour, xs, ys)
    level = sample_at(dark, xs, ys)
    brighter = level >= face_level
    scaled = seen * (float(face.max()) / np.maximum(seen.max(axis=1, keepdims=True), 1.0))
    same_hue = np.abs(scaled - face).max(axis=1) <= colour_tolerance(face, contrast)
    off &= ~(brighter & same_hue)
    # below the floor in the dark-pip plane by its tint alone, of the face's colour, about as bright
    # as the rings the floor is set by: the JPEG's colour raised by the white balance
    # (`facecolour.tint_alone_at`), no edge or shadow, which dim the lighter channels more than the
    # plane (a cream 3 under warm light, mid-sides 29 and 32 below its pips' rings, 5 and 8 past the
    # face's tolerance, their brightness 2.4 and 6.1 below the rings')
    if off.any():
        rings = median_along(face_colours(colour, pips), axis=0)
        of_its_colour = np.abs(seen - face).max(axis=1) <= colour_tolerance(face, contrast)
        darkest = is_darkest_channel(dark, colour, pips)
        off &= ~(of_its_colour & tint_alone_at(seen, rings, face_level - level, darkest))
    # the face's colour is read 3 pixels past the pips' rims, which on pips near the die's edge
    # reaches the shade of its rounded edge; a side face or an edge past the face's end is turned
    # from the light, and the felt is of another hue: a mid-side of the face's hue and level,
    # lighter in the picture than that colour, is face
    lighter = seen.sum(axis=1) > float(face.sum())
    pip = median_along(colour_at(colour, np.array([p.x for p in pips]), np.array([p.y for p in pips])), 0)
    # a glossy face's sheen lights part of it brighter than the ring round its pips: on a face of
    # light pips that lifts it past the floor in the light-pip plane (inverted), while a side face
    # is turned from the light (darker) and the felt of another hue. On a grid of 4 pips or more:
    # a 2 or a 3 may be a top pip paired with a side face's pip (a red 4, one side 19 levels lit)
    # light pips: lighter than the face, on each channel, by half the contrast they stand out by
    sheen = float(pip.sum() - face.sum()) > 3.0 * LIGHT_PIPS * contrast and len(pips) >= 4
    off &= ~(lighter & same_hue & ((level >= floor) | sheen))
    # the blur of light pips a few pixels wide mixes their colour into that ring (a red face
    # pink round white pips 5 px wide, 7 px apart): a mid-side at the face's level that, mixed
    # with some of the pips' colour, gives the ring's is the face clear of that glow
    if float(pip.sum()) > float(face.sum()):
        tolerance = colour_tolerance(face, contrast)
        glow = _glow_of(seen, face[None, :], pip, tolerance)  # the ring is the mid-side with glow
        off &= ~(glow & (level >= floor))
        if len(pips) >= 4:
            # a mid-side of a square grid lies between two outer pips, 0.45 of a step past them:
            # as near both rims as the ring is to one (a red 4 of white pips 6 px wide, 5.7 px a
            # step), the blur of both tints it more: the ring's colour mixed with some of theirs
            rims = np.sort(np.hypot(xs[:, None] - np.array([p.x for p in pips])[None, :],
                                    ys[:, None] - np.array([p.y for p in pips])[None, :])
                           - 0.5 * np.array([p.diameter for p in pips])[None, :], axis=1)
            glow = _glow_of(face[None, :], seen, pip, tolerance)  # the mid-side is the ring with glow
            off &= ~(glow & (rims[:, 1] <= RING_GAP_PX + GLOW_REACH_PX))
        contrasts = [p.contrast for p in pips]
        if len(pips) == 2 or (len(pips) == 3 and min(contrasts) >= ALIKE_CONTRAST * max(contrasts)):
            # a glossy face's sheen whitens part of it, as the pips' glow does round them: a
            # mid-side of the ring's colour mixed with up to 0.3 of the light pips' is face when
            # its level here is the face's lowered by that share of their contrast (a side face,
            # turned from the light, is no lighter than the top). Only on a 2, whose two pips have
            # been shown to stand out alike, or a 3 whose pips do: a faint speck in line with a 2
            # is no third pip (a red 3 of pips a diameter apart, pink by its ends on two sides)
            share = glow_share(face[None, :], seen, pip[None, :], tolerance)
            off &= ~((share > 0.0) & (level >= floor - share * contrast))
    if len(pips) == 4 and int(off.sum()) > 1:
        off &= ~_like_centre(dark, colour, fit, level, seen, contrast)
    if len(pips) == 3 and int(off.sum()) > 1:
        off &= ~_like_corners(dark, colour, fit, level, seen, contrast, floor, face, xs, ys)
    if len(pips) >= 4 and int(off.sum()) > 1:
        # a grainy face darkens single pixels past its tolerance (a cream 5 of pips ringed 195, a
        # mid-side pixel 169 among 166 to 206): it is read there as the median of 3x3 pixels,
        # which a grain does not move and an edge or shadow past the face, a band wider than that,
        # does. Only on a grid of 4 pips or more, fitted on its layout: a 2 or a 3 may be a top
        # pip paired with a side face's pip, and its mid-sides must show bare face pixel by pixel
        patch = median_3x3(colour, xs, ys)
        patch_off = np.abs(patch - face).max(axis=1) > colour_tolerance(face, contrast)
        off &= ~((median_3x3(dark, xs, ys) >= floor) & ~patch_off)
    # one side may fail to glare or a shadow; a face that ends at its pips fails on two
    return int(off.sum()) <= 1


def _like_centre(
    dark: np.ndarray, colour: np.ndarray, fit: LayoutFit, level: np.ndarray, seen: np.ndarray,
    contrast: float,
) -> np.ndarray:
    """Which mid-sides (their `level` and colour `seen`) are the face at a 4's centre.

    A 4's centre is bare face enclosed by its four pips, as far from their rims as its mid-sides
    are: the face clear of what lightens the rings round the pips in the plane, the halo a
    sharpened picture rings round dark pips (a tan face 140 round them, 126 at its centre) or the
    glow of red pips on a white face. Nothing past the face's edge lies inside it.
    """
    x, y = np.array([fit.center[0]]), np.array([fit.center[1]])
    return _as_face_there(level, seen, float(sample_at(dark, x, y)[0]), colour_at(colour, x, y)[0], contrast)


def _like_corners(
    dark: np.ndarray, colour: np.ndarray, fit: LayoutFit, level: np.ndarray, seen: np.ndarray,
    contrast: float, floor: float, face: np.ndarray, xs: np.ndarray, ys: np.ndarray,
) -> np.ndarray:
    """Which mid-sides (at `xs`, `ys`, their `level` and colour `seen`) are the face at a 3's bare
    corners.

    A sharpened picture rings dark pips with a halo brighter than the bare face, and the rings
    read at a 3's pips, a diagonal of three halos, set the face's level above it (a white 3 ringed
    152, bare 140 to 147 past them). Its two empty corners lie as far from the pips' rims as the
    mid-sides: when both are the face by the rings' own measure, the mid-sides are held to their
    level instead. A side pip in line with a top pip has a corner past the face's edge, which
    fails that measure and leaves the rings' level in force.
    """
    corners = np.array([fit.to_image(u, v) for u, v in _EMPTY_CORNERS_OF_3])
    corner_x, corner_y = corners[:, 0], corners[:, 1]
    if off_face(dark, colour, corner_x, corner_y, floor, face, contrast).any():
        return np.zeros(len(level), dtype=bool)
    corner_level = float(sample_at(dark, corner_x, corner_y).mean())
    corner = colour_at(colour, corner_x, corner_y).mean(axis=0)
    alike = _as_face_there(level, seen, corner_level, corner, contrast)
    # Both corners face, pixel by pixel: the grid's square, its two pips and two bare corners,
    # lies on one face, as a 4's pips show theirs, and a grain of that face is no end of it. A
    # grainy face darkens patches of a few pixels past its tolerance (a flat cream 3 of dark pips
    # on a die 31 px wide, three rests: pips ringed 171 to 182, its face 138 to 213 pixel by
    # pixel, two mid-sides past its top pip on grains of 138 to 147, its corners 163 to 176):
    # the mid-sides and the corners are read there as the medians of 3x3 pixels (mid-sides 150
    # to 162, corners 163 to 174, the floor they set 144 to 148), which a grain does not move and
    # the die's edge or its shadow, a band wider than that, does
    grain = median_3x3(dark, corner_x, corner_y).mean()
    grain_colour = median_3x3(colour, corner_x, corner_y).mean(axis=0)
    grainy: np.ndarray = _as_face_there(
        median_3x3(dark, xs, ys), median_3x3(colour, xs, ys), float(grain), grain_colour, contrast
    )
    return alike | grainy


def _as_face_there(
    level: np.ndarray, seen: np.ndarray, there_level: float, there: np.ndarray, contrast: float
) -> np.ndarray:
    """Which mid-sides (their `level` and colour `seen`) are the face read at a bare point of it,
    of level `there_level` and colour `there`: as bright, less the face's tolerance, and of its colour."""
    as_bright = level >= there_level - face_tolerance(there_level, contrast)
    same_colour = np.abs(seen - there).max(axis=1) <= colour_tolerance(there, contrast)
    result: np.ndarray = as_bright & same_colour
    return result


def _glow_of(base: np.ndarray, mixed: np.ndarray, pip: np.ndarray, tolerance: float) -> np.ndarray:
    """Which rows of `mixed` are the colours `base` (rows, or one row for all) mixed with more than
    none and up to GLOW_SHARE of the pips' colour `pip`, within `tolerance` on every channel."""
    result: np.ndarray = glow_share(base, mixed, pip[None, :], tolerance) > 0.0
    return result
