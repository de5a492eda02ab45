"""A lone pip a few pixels wide that its outline measures squashed, read as a 1 on a square face.

The threshold's outline runs through its edge pixels' centres, a pixel short across each axis, and
the JPEG's chroma, sampled on a grid two pixels wide, spreads a coloured pip by up to a pixel more
along one axis than the other: a round red pip 3 px wide on a die 22 px wide outlined 4.1 by 2.2
px (0.54, under ROUND_MIN) and its flat 1 was never tried. Axes within ROUND_WITHIN_PX of each
other are round as far as can be measured; such a pip is read only as `read_lone_pip` reads a
pip measured squashed, on a face whose edges all round are the die's square centred on it (a
tilt that squashed the pip would foreshorten that square), and only where no other face lies.
"""

from __future__ import annotations

import math

import numpy as np

from vision.faces import OTHER_TOP_FACE, ROUND_MIN, ROUND_WITHIN_PX, Face
from vision.ones import PIP_PER_SIDE_RANGE, read_lone_pip
from vision.pips import PipBlob


def small_round_marks(blobs: list[PipBlob]) -> list[PipBlob]:
    """Blobs that may be pips too small to measure round: under ROUND_MIN, axes within a pixel each side."""
    return [b for b in blobs if b.roundness < ROUND_MIN and b.major - b.minor <= ROUND_WITHIN_PX]


def read_small_ones(
    marks: list[PipBlob] | None,
    faces: list[Face],
    dark: np.ndarray,
    colour: np.ndarray,
    unclaimed: list[PipBlob],
    die_size: float | None,
    max_size: float,
) -> list[Face]:
    """The 1s read from `marks` (`small_round_marks`), with the die size known; nothing else is
    reported from them (a speck of felt so small and squashed was never reported, and is not now).

    A mark cut from a blob with others held the face between them (no lone pip); one within a die's
    side of a face already made (read, refused or dropped) is that die's or its neighbour's, whose
    refusal a 1 read there would override.
    """
    if not die_size or not marks:
        return []
    low, high = (share * die_size for share in PIP_PER_SIDE_RANGE)
    found: list[Face] = []
    for mark in marks:
        if mark.cut_from >= 0 or not low <= mark.diameter <= high:
            continue  # a 1's pip is of a 1's size for its die, any maker
        if any(math.dist(f.center, (mark.x, mark.y)) < OTHER_TOP_FACE * die_size for f in faces + found):
            continue
        face = read_lone_pip(dark, colour, mark, die_size, max_size, unclaimed, die_size)
        if face is not None and face.value == 1:
            found.append(face)
    return found
