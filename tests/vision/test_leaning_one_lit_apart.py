"""A white 1 of a black pip leaning on a dark green far wall over white felt shows, above its own
pip, a pip of the face it turns up to the wall at a 2's diagonal from it. The two are told apart
by their light (`facecolour.lit_apart`): the face round the turned-up pip is 38 grey levels
brighter than the face round the 1's, and its middle 59 lighter, where the two pips of a flat 2
differ by 25 and 49 at most (RULINGS: a cocked die is not read, it is thrown again).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.facecolour
from tests.vision.saved_rests import near, placed, read_part

NAME = "random-88023-leaning-white-1-frame"
CENTRE = (302.0, 91.0)


def test_the_leaning_white_1_is_not_read() -> None:
    read, refused = near(NAME, CENTRE)
    assert read == [] and len(refused) == 1


def test_the_flat_dice_beside_it_are_read() -> None:
    assert placed(read_part(NAME))[0] == [(3, 190, 226), (6, 318, 158), (6, 416, 178)]


def test_without_the_light_of_its_two_faces_it_is_read_as_a_2() -> None:
    with patch.object(vision.facecolour, "LIT_APART", (255.0, 255.0)):
        assert near(NAME, CENTRE)[0] == [2]
