"""A die lying flat on top of another, under a camera straight above.

The top die shows its own top face whole, both pips of a 2 printed and lit alike; the die below
shows only a bare strip of its face past the top die's edge, its 1's pip hidden under the top
die. What the camera sees of the stack is the top die's 2, read where that die is.
"""

from __future__ import annotations

import math
from pathlib import Path

import cv2

from vision.profile import CalibrationProfile
from vision.reader import DiceReader

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def test_the_top_die_of_a_stack_is_read_with_its_own_face() -> None:
    image = cv2.imread(str(DATA / "dark-dice-20020-stacked.png"), cv2.IMREAD_COLOR)
    profile = CalibrationProfile(
        die_size_px=26.0, pip_polarity="light", top_down=True, nadir_px=(43.5, 55.5)
    )
    reading = DiceReader(profile).read(image)
    assert [d.value for d in reading.dice] == [2]
    # the top die's centre (47.5, 47.9 in the crop), not the covered die's (47.7, 35.6)
    assert math.dist(reading.dice[0].center, (47.5, 47.9)) < 2.0
    assert not reading.unreadable
