"""How far apart the pips of the side face a die turns to the lens lie, against the lens's parallax.

A flat die of side s whose top face lies r px from the point below the lens (the nadir), seen
through a lens of focal length f px, shows the side face turned to the nadir as a band r/f of a
side wide past its top face's inner edge, that face squashed into it: the rows of its pips, a grid
step either side of its middle, lie 2 grid steps times r/f apart along the way to the nadir. A die
leaning on a die inward of it (towards the middle of the picture) rests that side on it: it tips
its top face away and turns the side face up, seen about r/f cos t + sin t of a side wide at a
tilt t, and its rows of pips spread as much. The die it leans on steps the other lean checks aside
(no felt past the inner edge, no wall), but two dashes of one column of that face, on face lit
alike and of the die's tint with nothing lighter between them, further apart than a flat die's
side face can hold them, are the turned-up face.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import cv2
import numpy as np

from vision.backdrop import top_colour
from vision.faces import Face
from vision.innerwidth import inner_band, sample_at
from vision.lean import WALL_FACE_TINT, top_face_levels
from vision.verdicts import LEAN_SUPPORT_REACH

STEP_PX = 0.5
SIDE_ACROSS = 0.35  # die sides either side of the way to the nadir: within the side face's width
# die sides either side of the way: the side face's whole width. Its outer columns of pips lie a grid
# step (about a quarter of a side) off the way's middle, and keep DASH_RING of face round them only
# within it; SIDE_ACROSS leaves clear of that ring the middle 0.1 of a side alone (a cream 6 leaning
# 19.9° on a cream 4 inward of it turned up its 5, whose middle column held one pip and whose outer
# columns lay 4 to 5 px off the middle on a die 28 px wide, rows 6 px apart: it was read as a 6)
SIDE_WIDTH = 0.5
# off that middle, the band meets the top face of the die inward and the edges of a flat die's side
# face: a column there counts when both its dashes stand out from the face round them by this share
# at least of what the top pips stand out by from the top face, each against its own face's light.
# Ink and face send back their shares of whatever light falls on them, so a printed pip seen deep
# enough keeps the top pips' share: the leaning 6's turned-up pips, 2.5 px deep, kept 0.77 and 0.79
# of it. A flat die's side face, seen r/f of a side wide, squashes its pips to a pixel or two that
# blur dims: on the saved sets from 40000 to 106000, the columns off the middle past flat dice with a
# die inward paired a dash of 0.15 to 0.50 (the weaker of each) with one of 0.30 to 0.93 (a pip of the
# neighbour's top face): without that share asked, three flat dice on five rests (`random-50075`,
# `random-55029`, `random-70019`) measured 2.6 to 4.5 px wider than a flat die's rows
PRINTED_SHARE = 0.65
# die sides either side across: a side face's pips lie a grid step (a quarter of a side) apart with
# bare face between them, as `innerwidth.DASH_RING`
DASH_RING = 0.25
# px along the way: a dash has its face before and after it too, over a pip's squashed depth
RING_ALONG_PX = 3.0
# die sides past r/f looked at: a die tipped 20° on another turns sin 20° more of that face up
LOOK_PAST = 0.35
# a dash stands out over the face round it by this share of the top pips' contrast at least: on the
# shaded side face of a flat die, the pips of its rows stood out 0.1 to 0.3 (a cream 5 leaning on a
# cream 4, its side face lit 0.3 of its top: 0.15 and 0.19), felt grain mostly less
DASH_CONTRAST = 0.08
# px across: the two dashes of a column of pips, found each to a sample, lie this near across
DASH_COLUMN_PX = 1.5
# the face round both dashes is one face, lit alike: within this ratio (a shaded face's level
# varies a few per cent over a side; a flat die's own side face and the felt or another die's top
# face past it, 1.48 apart round the dashes of a flat 2 beside a 3 at 1.24 of a side)
LIKE_LIGHT = 1.3
# and nothing lighter than this share of their face between them: another die's top face, lit as a
# top face, lies between a flat die's side face and that die's pips (1.30 times past a flat 3 by a 5,
# its far dash a pip of the 5; the leaning cream 5's own side face, 1.03)
LIGHTER_BETWEEN = 1.25
# px by which the two rows lie further apart than a flat die's side face can hold them: each centre
# is found to a sample, and the blur of the face's edges moves them a little. On the saved sets from
# 40000 to 98000 (1,149 flat dice read with a die inward within LEAN_SUPPORT_REACH) flat dice
# measured 0.64 px at most; a cream 5 leaning 9.2° on a cream 4 (r/f 0.26) 1.92, a white 3 leaning
# on a white die 2.42
WIDER_PX = 1.0
# die sides across the way to the nadir: a die this far aside is no die the inner side face leans on
INWARD_ACROSS = 0.95


class Dash(NamedTuple):
    """A dark mark past the inner edge standing out over the face on all four sides of it."""

    row: int
    col: int
    contrast: float  # how far it stands out, in the top pips' contrast
    lit: float  # the level of the face round it, in the grey levels of the dark-pip plane
    tint: float  # the L1 step of that face's tint from the top face's


def _lightest_aside(band: np.ndarray, reach: int, axis: int) -> tuple[np.ndarray, np.ndarray]:
    """The lightest sample within `reach` before and after each sample along `axis` (-inf past
    the band's border)."""
    moved = np.moveaxis(band, axis, 0)
    before = np.full(moved.shape, -np.inf, np.float32)
    after = np.full(moved.shape, -np.inf, np.float32)
    for offset in range(1, min(reach, moved.shape[0] - 1) + 1):
        before[offset:] = np.maximum(before[offset:], moved[:-offset])
        after[:-offset] = np.maximum(after[:-offset], moved[offset:])
    return np.moveaxis(before, 0, axis), np.moveaxis(after, 0, axis)


def _dashes(band: np.ndarray, tints: np.ndarray, past: np.ndarray, contrast: float,
            top_share: np.ndarray, ring: int, ring_along: int) -> list[Dash]:
    """The marks of the band past the edge that stand out DASH_CONTRAST over the face before and
    after them along the way (within `ring_along` samples) and on both sides across (`ring`)."""
    sides = (*_lightest_aside(band, ring, 1), *_lightest_aside(band, ring_along, 0))
    lit = np.minimum.reduce(sides)
    lowest = cv2.erode(band, np.ones((3, 3), np.uint8), borderType=cv2.BORDER_REPLICATE)
    stand = lit - band
    stand[:ring_along] = stand[-ring_along:] = 0.0
    stand[:, :ring] = stand[:, -ring:] = 0.0
    stand[past < 0.0] = 0.0
    found = []
    for i, j in zip(*np.nonzero((stand >= DASH_CONTRAST * contrast) & (band <= lowest)), strict=True):
        around = tints[i - ring_along:i + ring_along + 1, j - ring:j + ring + 1].reshape(-1, 3)
        luma = around.mean(axis=1)
        shade = np.median(around[luma >= np.median(luma)], axis=0)  # the face, not the pips on it
        tint = float(np.abs(shade / max(float(shade.sum()), 1.0) - top_share).sum())
        found.append(Dash(int(i), int(j), float(stand[i, j]) / contrast, float(lit[i, j]), tint))
    return found


def _die_inward(face: Face, others: list[tuple[float, float]], way: np.ndarray, die_size: float) -> bool:
    """Whether one of `others` (the frame's other dice) lies inward of the die, within reach to
    lean on and in front of its inner side face."""
    for other in others:
        wx, wy = other[0] - face.center[0], other[1] - face.center[1]
        along, across = wx * way[0] + wy * way[1], abs(wx * way[1] - wy * way[0])
        near = math.hypot(wx, wy) <= LEAN_SUPPORT_REACH * die_size
        if along > 0.0 and near and across < INWARD_ACROSS * die_size:
            return True
    return False


def inner_rows_apart(
    face: Face,
    dark: np.ndarray,
    colour: np.ndarray,
    nadir: tuple[float, float],
    focal: float,
    die_size: float,
    others: list[tuple[float, float]],
) -> float | None:
    """Px by which two dashes of one column past the inner edge lie further apart along the way to
    the nadir than the rows of a flat die's side face (2 grid steps times r/f), the most of any such
    pair (both DASH_CONTRAST, of the top face's tint within WALL_FACE_TINT, lit alike within
    LIKE_LIGHT, nothing lighter than LIGHTER_BETWEEN of that between them; off the middle of the band,
    both standing out as printed pips, PRINTED_SHARE). None for a 1, a die
    within a side of the nadir, with no die of `others` inward of it, or a band off the picture."""
    dx, dy = face.center[0] - nadir[0], face.center[1] - nadir[1]
    radius = math.hypot(dx, dy)
    if face.fit is None or radius < die_size:
        return None
    way = np.array([-dx / radius, -dy / radius])
    levels = top_face_levels(face, dark, die_size)
    if levels is None or not _die_inward(face, others, way, die_size):
        return None
    width = radius / focal * die_size  # px: the side face of a flat die, seen past the inner edge
    past = np.arange(-STEP_PX, width + LOOK_PAST * die_size, STEP_PX)
    grid = None
    for half in (SIDE_WIDTH, SIDE_ACROSS):  # the narrower band where the whole face leaves the picture
        across = np.arange(-half * die_size, half * die_size, STEP_PX)
        grid = inner_band(face.center, face.fit.angle, die_size, way, across, past, dark.shape)
        if grid is not None:
            break
    if grid is None:
        return None
    xs, ys, _ = grid
    band = cv2.blur(sample_at(dark, xs, ys), (3, 3))
    top = top_colour(face, colour, face.size)
    ring, ring_along = max(1, round(DASH_RING * die_size / STEP_PX)), max(1, round(RING_ALONG_PX / STEP_PX))
    dashes = [
        d for d in _dashes(band, sample_at(colour, xs, ys), past, levels[1], top / max(float(top.sum()), 1.0),
                           ring, ring_along)
        if d.tint <= WALL_FACE_TINT
    ]
    flat_rows = 2.0 * face.fit.spacing * width / die_size
    middle, level = SIDE_ACROSS * die_size - ring * STEP_PX, levels[0]  # what SIDE_ACROSS leaves clear

    def off_middle(dash: Dash) -> bool:
        return abs(float(across[dash.col])) > middle

    def printed(dash: Dash) -> bool:
        """Whether a dash stands out against its face's light by PRINTED_SHARE of the top pips' share
        of the top face's level (its contrast is in theirs)."""
        return dash.contrast * level >= PRINTED_SHARE * dash.lit

    widest = None
    for near in dashes:
        for far in dashes:
            if far.row <= near.row + 3 or abs(far.col - near.col) * STEP_PX > DASH_COLUMN_PX:
                continue
            if (off_middle(near) or off_middle(far)) and not (printed(near) and printed(far)):
                continue  # a column off the middle: both its dashes printed pips seen deep enough
            if max(near.lit, far.lit) > LIKE_LIGHT * min(near.lit, far.lit):
                continue
            # the face between them, clear of each dash's blur (a sample either side)
            cols = slice(min(near.col, far.col), max(near.col, far.col) + 1)
            between = band[near.row + 2:far.row - 1, cols]
            if float(between.mean(axis=1).max()) > LIGHTER_BETWEEN * 0.5 * (near.lit + far.lit):
                continue
            apart = float(past[far.row] - past[near.row]) - flat_rows
            widest = apart if widest is None else max(widest, apart)
    return widest


def turned_up_inner_face(
    face: Face,
    dark: np.ndarray,
    colour: np.ndarray,
    nadir: tuple[float, float],
    focal: float,
    die_size: float,
    others: list[tuple[float, float]],
) -> bool:
    """True when a die with another inward of it shows the rows of its inner side face's pips
    further apart than a flat die's can be, by more than WIDER_PX (`inner_rows_apart`): it leans
    on that die, its inner side face turned up."""
    apart = inner_rows_apart(face, dark, colour, nadir, focal, die_size, others)
    return apart is not None and apart > WIDER_PX
