"""A flat 6 whose two columns come apart: on one frame its left column fits a 3 on a grid at the
floor of the die's sizes (0.180 of a side) and its right column is refused as a grid of another
size. A 3 that small is tried again with the groups refused beside it (`reader.COLUMN_PER_SIDE`),
and the two columns read together as the 6. On the frame of the rest before, the same die in the
same place reads as a 6 whole.

The frames are in tests/data/sim-rests (see its README), read with their scene's calibration.
"""

from __future__ import annotations

from tests.vision.saved_rests import near

CENTRE = (335.0, 166.0)


def test_the_black_6_is_read_as_a_6_on_the_frame_of_the_rest_before() -> None:
    assert near("random-88009-black-6-rest-before-frame", CENTRE) == ([6], [])


def test_the_black_6_whose_column_fits_a_3_is_read_as_a_6() -> None:
    assert near("random-88009-black-6-column-frame", CENTRE) == ([6], [])
