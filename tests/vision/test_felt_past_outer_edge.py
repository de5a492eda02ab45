"""The body check (`backdrop.backdrop_reaches`) says nothing of a die that passes for the felt
beside it: a die of the felt's look ends nowhere against it. By the wall, the flanks level with
the die may be the wall and the die's own shadow, while the felt past its outer edge, between it
and the wall, is of its look: the flanks beside that band are looked at too, where they are felt
(inside the tray's outline; past it a dark wall passes for a dark die).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.backdrop
from tests.vision.saved_rests import placed, read_part

NAME = "random-76035-white-3-pale-felt-by-wall-frame"


def test_a_white_3_on_pale_felt_by_the_wall_is_read() -> None:
    # the pale pink felt between it and the dark wall was taken for its body past its top face
    assert placed(read_part(NAME)) == ([(2, 237, 85), (3, 181, 85), (6, 310, 214)], [])


def test_looking_beside_the_die_alone_the_3_is_refused() -> None:
    with patch.object(vision.backdrop, "OUTER_BESIDE", 0.0):
        dice, refused = placed(read_part(NAME))
    assert (3, 181, 85) not in dice
    assert ("cocked", 181, 85) in refused


def test_a_black_4_leaning_on_a_dark_grey_wall_is_still_refused() -> None:
    # beside the band past its outer edge lies the wall, as dark as the die: no felt to look at
    dice, refused = placed(read_part("random-52057-black-4-leaning-dark-wall-frame"))
    assert dice == [(1, 412, 51), (2, 405, 194), (3, 286, 127)]
    assert refused == [("cocked", 240, 55)]
