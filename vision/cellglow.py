"""A pip in a cell the layout leaves empty, its ring darkened by the blur of the pips round it.

The ring just outside a pip is read as the face round it. The centre pip of a 5 has four pips of
its face a grid diagonal away, and their blur reaches its ring: darker than the corners' rings by
more than one face's light varies (182 against 205 round a black 5's white pips 5 px wide), it is
not grouped with them, and the four corners alone are a 4 with a mark in its empty centre. A mark
there that is a pip of the face in every other way (round, of the pips' size, standing out as they
do), whose ring is no darker than the pips' blur can make it, is that pip.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from vision.facecolour import level_step
from vision.layout import LayoutFit
from vision.median import median
from vision.pips import PipBlob
from vision.pipshape import ROUND_MIN, ROUND_WITHIN_PX

GLOW_SHARE = 0.3  # most of the pips' contrast their blur takes off a ring a pip's width from their rims
CROWD_STEPS = 1.5  # grid steps: the pips this near a cell (a diagonal away, or a step) blur its ring
# pips that near, at least: the ring's level is its median, which the blur of pips on all four
# sides moves and that of two (a 3's ends, a 6's column) leaves to the face between them
CROWD = 4
# pips this many diameters from the mark, centre to centre, or nearer: their rims lie within half a
# diameter of its own, and its ring, a third of a diameter out, runs in their blur; two of them (a
# 3's ends either side of its centre pip on a face of close pips) move its median as four do
BESIDE = 1.5
CROWD_BESIDE = 2
# grid steps round the mark that must hold no other pip of the face's kind when two pips crowd it:
# a 6's row is that shape too, a 3 on a grid 0.7 as wide, with its other row 1.6 steps across it
# (2.3 to 2.7 from the row's middle pip), where a 3's face, its edge 2.35 steps out on a die of
# close pips, holds nothing, and a neighbour's pips lie 0.7 of a side (3.3 steps) away or more
BESIDE_CLEAR = 2.8
LIKE_CONTRAST = 0.5  # a pip standing out less than this share of the face's is no pip of its kind
# the pips of one face, printed and lit alike, stand out alike: the mark at least this share of
# their contrast
PIP_CONTRAST_SHARE = 0.65


def pips_in_glow(
    fit: LayoutFit, pips: list[PipBlob], marks: list[PipBlob], like_size: Callable[[float, float], bool]
) -> list[PipBlob]:
    """Marks that are pips of the face but for a ring darkened by the pips crowding round them."""
    members = {id(p) for p in pips}
    level = median([p.ring_level for p in pips])
    diameter = median([p.diameter for p in pips])
    contrast = median([p.contrast for p in pips])
    reach = CROWD_STEPS * fit.spacing
    found = []
    for blob in marks:
        if id(blob) in members or not like_size(blob.diameter, diameter):
            continue
        if blob.roundness < ROUND_MIN and blob.major - blob.minor > ROUND_WITHIN_PX:
            continue
        if blob.contrast < PIP_CONTRAST_SHARE * contrast:
            continue
        # lit as the face, or darker by no more than the pips' blur: a ring brighter than the face,
        # or darker than blur makes it, is of another face
        if not level - GLOW_SHARE * contrast <= blob.ring_level <= level + level_step(level):
            continue
        near = [math.hypot(p.x - blob.x, p.y - blob.y) for p in pips]
        if sum(d <= reach for d in near) >= CROWD:
            found.append(blob)
            continue
        beside = sum(d <= BESIDE * max(p.diameter, blob.diameter) for d, p in zip(near, pips, strict=True))
        clear = BESIDE_CLEAR * fit.spacing
        if beside >= CROWD_BESIDE and not any(
            id(m) not in members and m is not blob and like_size(m.diameter, diameter)
            and m.contrast >= LIKE_CONTRAST * contrast and math.hypot(m.x - blob.x, m.y - blob.y) <= clear
            for m in marks
        ):
            found.append(blob)
    return found
