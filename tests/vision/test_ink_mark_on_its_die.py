"""A white 2 leaning on a dark round wall over white felt shows its top face foreshortened: its two
pips lie 0.57 of a side apart and are outlined 5.6 and 3.9 px across, too unlike for the size
test of a 1's partner pip, though their middles are of one ink (35 and 36 grey levels). The larger
pip was read as a 1, its square's edge ended by the smaller one; a round mark of a pip's ink that
near a lone pip is on its die (`ones.like_pips_near`, `of_its_ink`), so no 1 is read there (RULINGS: a cocked
die is not read, it is thrown again).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.ones
from tests.vision.saved_rests import near, placed, read_part

NAME = "random-95069-leaning-white-2-frame"
CENTRE = (425.0, 73.0)


def test_no_value_is_read_at_the_leaning_2() -> None:
    assert near(NAME, CENTRE)[0] == []


def test_the_flat_dice_are_read() -> None:
    assert placed(read_part(NAME))[0] == [(5, 248, 192), (5, 397, 168), (6, 312, 278)]


def test_without_the_ink_test_its_larger_pip_is_read_as_a_1() -> None:
    with patch.object(vision.ones, "INK_LEVEL", -1.0):
        assert near(NAME, CENTRE)[0] == [1]
