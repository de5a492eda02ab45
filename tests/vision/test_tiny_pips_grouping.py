"""Pips a few pixels across: their measured squash is pixel noise, so it does not keep two pips of
one face apart.

The frame parts (tests/data/sim-rests, with the scene's calibration moved to the part) hold a flat
2 on a die about 25 px wide whose pips, 3 px across, come out of the threshold one round (1.0) and
one squashed (0.7): a pixel more or less on one side."""

from __future__ import annotations

import math

import numpy as np

from tests.vision.saved_rests import read_saved
from vision.grouping import SHAPELESS_PIP_PX, group_pips
from vision.pips import PipBlob


def pip(x: float, y: float, diameter: float, roundness: float) -> PipBlob:
    major = diameter / math.sqrt(roundness)
    return PipBlob(
        x=x, y=y, area=math.pi / 4 * diameter**2, major=major, minor=major * roundness, angle=0.0,
        centre_level=60.0, ring_level=220.0, ring_low=215.0, solidity=1.0,
    )


def face_with_two_pips(diameter: float) -> tuple[np.ndarray, np.ndarray]:
    """A light face 26 px wide on dark felt, two dark pips on its diagonal."""
    grey = np.full((60, 60), 40, np.uint8)
    grey[17:43, 17:43] = 220
    for cx, cy in ((24, 24), (35, 35)):
        yy, xx = np.ogrid[:60, :60]
        grey[(xx - cx) ** 2 + (yy - cy) ** 2 <= (diameter / 2) ** 2] = 60
    return grey, np.dstack([grey, grey, grey])


def test_two_tiny_pips_squashed_unalike_are_linked() -> None:
    grey, colour = face_with_two_pips(3.2)
    blobs = [pip(24.0, 24.0, 3.2, 1.0), pip(35.0, 35.0, 3.2, 0.6)]
    assert 3.2 < SHAPELESS_PIP_PX
    assert sorted(map(sorted, group_pips(grey, colour, blobs, 26 / 3.8))) == [[0, 1]]


def test_two_larger_pips_squashed_unalike_stay_apart() -> None:
    # at 6 px across a squash of 0.6 is measured, not noise: a side face's pip beside a top face's
    grey, colour = face_with_two_pips(6.0)
    blobs = [pip(24.0, 24.0, 6.0, 1.0), pip(35.0, 35.0, 6.0, 0.6)]
    assert sorted(map(sorted, group_pips(grey, colour, blobs, 26 / 3.8))) == [[0], [1]]
    alike = [pip(24.0, 24.0, 6.0, 1.0), pip(35.0, 35.0, 6.0, 0.8)]
    assert sorted(map(sorted, group_pips(grey, colour, alike, 26 / 3.8))) == [[0, 1]]


def test_a_red_2_of_tiny_pips_is_read() -> None:
    reading = read_saved("red-pips-25018-2-tiny-pips-frame-part.png",
                         "red-pips-25018-2-tiny-pips-part-calibration.json")
    assert [d.value for d in reading.dice if math.dist(d.center, (128.2, 109.6)) <= 8.0] == [2]
    assert reading.unreadable == ()


def test_a_2_of_tiny_pips_beside_a_1_is_read() -> None:
    reading = read_saved("random-20051-2-tiny-pips-frame-part.png",
                         "random-20051-2-tiny-pips-part-calibration.json")
    near = {v: [d.value for d in reading.dice if math.dist(d.center, c) <= 8.0]
            for v, c in ((2, (159.9, 128.6)), (1, (135.4, 106.8)), (6, (265.1, 108.2)))}
    assert near == {2: [2], 1: [1], 6: [6]}
