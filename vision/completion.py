"""A group of round pips that fits no layout, completed by pips the roundness test left out.

A pip three or four pixels wide is measured to about a pixel on each side: one by a face's
edge, or blurred, can measure 4 by 2 and fall below the roundness a pip must have to be
grouped. The face it belongs to is then short of it, and its other pips fit no layout (the
centre and three corners of a 5 are no face). Such a pip is still a candidate; taken back,
the face must fit its own layout and pass every check of a whole face.
"""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np

from vision.facecolour import level_step
from vision.faces import (
    GROUP_SIZE_PX,
    LIKE_CONTRAST,
    MAX_RESIDUAL,
    ROUND_MIN,
    ROUND_WITHIN_PX,
    like_size,
)
from vision.layout import fit_layout
from vision.pips import PipBlob

# how far from a group's centroid its missing pip may lie, over the group's own reach: a 5 short
# of a corner has that corner 1.77 grid steps from the others' centroid, which reach 1.46
COMPLETION_REACH = 1.5


def marks_completing(pips: list[PipBlob], marks: list[PipBlob]) -> list[PipBlob]:
    """The marks that complete `pips` (three or more, fitting no layout) into one face, or [].

    A mark taken is a pip of the group's face but for its roundness: of the pips' size, face
    level and contrast, its axes within ROUND_WITHIN_PX of each other, near the group. Every
    set of such marks that makes a layout is tried; two that make different values are a
    guess, and nothing is taken.
    """
    if not 3 <= len(pips) <= 5:
        return []
    members = {id(p) for p in pips}
    points = np.array([(p.x, p.y) for p in pips])
    centre = points.mean(axis=0)
    reach = COMPLETION_REACH * float(np.hypot(*(points - centre).T).max())
    level = float(np.median([p.ring_level for p in pips]))
    diameter = float(np.median([p.diameter for p in pips]))
    contrast = float(np.median([p.contrast for p in pips]))
    found = [
        blob for blob in marks
        if id(blob) not in members
        and blob.roundness < ROUND_MIN
        and blob.major - blob.minor <= ROUND_WITHIN_PX
        and like_size(blob.diameter, diameter, GROUP_SIZE_PX)
        and abs(blob.ring_level - level) <= level_step(level)
        and blob.contrast >= LIKE_CONTRAST * contrast
        and math.hypot(blob.x - centre[0], blob.y - centre[1]) <= reach
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
