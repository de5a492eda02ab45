"""A group of round pips that fits no layout, completed by the pips it is short of.

A pip three or four pixels wide is measured to about a pixel on each side: one by a face's
edge, or blurred, can measure 4 by 2 and fall below the roundness a pip must have to be
grouped. The face it belongs to is then short of it, and its other pips fit no layout (the
centre and three corners of a 5 are no face). Such a pip is still a candidate; taken back,
the face must fit its own layout and pass every check of a whole face.

A pip may also be lost as a candidate (run into the face's edge by the threshold) or left out
of the group (its ring lit unlike its neighbours'). With the die size known, a group of three
or four round pips is then fitted onto a 4 or a 5 short of one or two pips, on a square grid
of the die's step; each way that fits, with the image as dark as a pip all across each lost
pip's place, is read with every check of a whole face, and the group is read only when one
value comes out.

Two round pips too near for a 2's diagonal are neighbours on a larger face: they are completed
the same way as a group that fits no layout. With the die size known, a lone round pip that is no
1 is completed the same way into a 2, by a pip of its kind a 2's diagonal away.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import combinations

import numpy as np

from vision.faces import (
    BLUR_ASPECT,
    COCKED_ROUNDNESS,
    LOST_PIP_RESIDUAL,
    MAX_RESIDUAL,
    SPACING,
    Face,
    _lost_pips_seen,
    pips_but_for_roundness,
    read_group,
)
from vision.layout import LayoutFit, fit_layout, fits_missing
from vision.oblique import CameraSquash
from vision.pips import PipBlob
from vision.pipshape import ROUND_WITHIN_PX
from vision.sidepips import SideView
from vision.verdicts import SPACING_PER_SIDE

# how far from a group's centroid its missing pip may lie, over the group's own reach: a 5 short
# of a corner has that corner 1.77 grid steps from the others' centroid, which reach 1.46
COMPLETION_REACH = 1.5
# the same for two neighbour pips of a face, over their distance: the far end of a 3 (or the far
# corner of a 5) lies 1.5 of it from their midpoint
PAIR_REACH = 1.7
# die sides between a 2's pips: its diagonal for the dice makers' grids (as fallbacks.PAIR_DIAGONAL)
TWO_DIAGONAL = (0.45, 0.85)


def marks_completing(pips: list[PipBlob], marks: list[PipBlob]) -> list[PipBlob]:
    """The marks that complete `pips` (three or more, fitting no layout) into one face, or [].

    A mark taken is a pip of the group's face but for its roundness: of the pips' size, face
    level and contrast, its axes within ROUND_WITHIN_PX of each other, near the group. Every
    set of such marks that makes a layout is tried; two that make different values are a
    guess, and nothing is taken.
    """
    if not 2 <= len(pips) <= 5:
        return []
    points = np.array([(p.x, p.y) for p in pips])
    centre = points.mean(axis=0)
    reach = (2 * PAIR_REACH if len(pips) == 2 else COMPLETION_REACH) * float(
        np.hypot(*(points - centre).T).max()
    )
    found = [
        blob for blob in pips_but_for_roundness(pips, marks)
        if math.hypot(blob.x - centre[0], blob.y - centre[1]) <= reach
    ]
    fitting: list[list[PipBlob]] = []
    for count in range(1, min(len(found), 6 - len(pips)) + 1):
        for extra in combinations(found, count):
            whole = np.array([(p.x, p.y) for p in [*pips, *extra]])
            fit = fit_layout(whole)
            if fit is not None and fit.residual <= MAX_RESIDUAL:
                fitting.append(list(extra))
    if len({len(extra) for extra in fitting}) != 1 or len(fitting) != 1:
        return []  # none, or two ways to complete the face: a guess
    return fitting[0]


def read_short_of_pips(
    dark: np.ndarray,
    pips: list[PipBlob],
    die_size: float,
    read: Callable[[tuple[LayoutFit, list[tuple[float, float]]]], Face],
) -> Face | None:
    """The face a group of 3 or 4 round pips fitting no layout makes with one or two lost pips.

    Each fit onto a 4 or a 5 short of pips (a square grid, tighter than a whole face) whose step
    suits the die and whose lost places are as dark as a pip all across is `read` with every
    check of a whole face (the marks at a lost place are that pip). None unless exactly one
    value comes out: three corners of a square are a 4 short of a corner, or a 5 short of a
    corner and its centre, and only the image tells which.
    """
    if not 3 <= len(pips) <= 4 or float(np.mean([p.roundness for p in pips])) < COCKED_ROUNDNESS:
        return None  # only a face seen square on: round pips
    points = np.array([(p.x, p.y) for p in pips])
    low, high = SPACING_PER_SIDE[0] * die_size, SPACING_PER_SIDE[1] * die_size
    readings: list[Face] = []
    for value in range(len(pips) + 1, min(5, len(pips) + 2) + 1):
        for fit, lost in fits_missing(points, value, LOST_PIP_RESIDUAL, BLUR_ASPECT):
            if low <= fit.spacing <= high and _lost_pips_seen(dark, fit, lost, pips):
                face = read((fit, lost))
                if face.value is not None:
                    readings.append(face)
    if len({face.value for face in readings}) != 1:
        return None
    return max(readings, key=lambda face: face.confidence)


def read_completed(
    dark: np.ndarray,
    colour: np.ndarray,
    group: list[int],
    round_blobs: list[PipBlob],
    blobs: list[PipBlob],
    second_try: bool,
    camera_squash: CameraSquash | None,
    die_size: float | None,
    side_view: SideView | None = None,
) -> Face:
    """`read_group`; a group that fits no layout is read again with the pips it is short of:
    those measured too squashed to be grouped (`marks_completing`), or, with the die size
    known, pips lost whose places are seen dark (`read_short_of_pips`)."""
    face = read_group(
        dark, colour, group, round_blobs, blobs, second_try, camera_squash=camera_squash,
        side_view=side_view,
    )
    # two pips too near for a 2's diagonal are neighbours on a larger face (a 3 whose third pip
    # measured too squashed to be grouped)
    pair = len(group) == 2 and face.detail == SPACING
    if face.value is not None or (face.detail != "no layout fits" and not pair):
        return face
    pips = [round_blobs[i] for i in group]
    whole = [*pips, *marks_completing(pips, blobs)]
    if len(whole) > len(pips):
        completed = read_group(
            dark, colour, list(range(len(whole))), whole, blobs, second_try, camera_squash=camera_squash,
            side_view=side_view,
        )
        return completed if completed.value is not None else face
    if die_size:
        short = read_short_of_pips(
            dark, pips, die_size,
            lambda partial: read_group(
                dark, colour, group, round_blobs, blobs, second_try,
                camera_squash=camera_squash, short_of=partial, side_view=side_view,
            ),
        )
        return short or face
    return face


def read_two_of_lone_pip(
    dark: np.ndarray,
    colour: np.ndarray,
    pip: PipBlob,
    blobs: list[PipBlob],
    die_size: float,
    side_view: SideView | None,
) -> Face | None:
    """A lone round pip, no 1, read as a 2 with the one pip of its kind but for its roundness that
    lies a 2's diagonal from it, or None.

    A pip three pixels wide measures 4 by 2 as often as round: the 2 it belongs to is then one
    round pip and a mark never grouped with it, and the die goes unseen. The pair is read with
    every check of a 2 (its empty cells, its margins, both pips lit and standing out alike, and
    the path and square of a pair squashed unlike, which tell a leaning 1's pip and a dash of the
    face past its edge), on pips round on average or round within a pixel each side.
    """
    found = [
        mark for mark in pips_but_for_roundness([pip], blobs)
        if TWO_DIAGONAL[0] <= math.hypot(mark.x - pip.x, mark.y - pip.y) / die_size <= TWO_DIAGONAL[1]
    ]
    if len(found) != 1:
        return None  # none, or two partners: a guess
    pair = [pip, found[0]]
    face = read_group(dark, colour, [0, 1], pair, blobs, True, side_view=side_view)
    round_enough = face.roundness >= 0.75 or all(p.major - p.minor <= ROUND_WITHIN_PX for p in pair)
    return face if face.value == 2 and round_enough else None
