"""A flat white 2 of black pips on pale felt by a green round wall shows, past its outer corner,
the wall's foot: a ramp from the felt to the wall over 2 to 2.5 px of depth. Where the round wall
curves away from the band looked at past the top face, a stroke of that ramp stood out from its
row as a second face's dash would, 1.5 px thick in depth (over the 1.2 a stroke of the foot may
spread), and the 2 was refused `cocked`. Its outer and inner halves each have the foot's colour at
their own depth on both flanks along the outline (`outlinefoot.wall_along_outline`): it is the ramp
itself, no pip lying across the line.

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import numpy as np

import vision.lean
from tests.vision.saved_rests import near, placed, read_part
from vision.outlinefoot import FOOT_DEPTH_SPREAD
from vision.wallfoot import outline_depths

NAME = "random-107027-flat-white-2-green-round-wall-frame"
CENTRE = (166.0, 108.0)


def test_the_flat_white_2_by_the_round_wall_is_read() -> None:
    assert near(NAME, CENTRE) == ([2], [])


def test_the_whole_frame_is_read() -> None:
    assert placed(read_part(NAME)) == ([(1, 320, 56), (2, 166, 108), (5, 282, 223)], [])


def test_held_to_one_line_the_ramp_is_taken_for_a_dash() -> None:
    original = vision.lean.wall_along_outline

    def one_line(colour, xs, ys, centre, outline, die_size, thin=True):  # type: ignore[no-untyped-def]
        low, high = np.percentile(outline_depths(outline, xs, ys), (10, 90))
        if thin and high - low > FOOT_DEPTH_SPREAD:
            return False
        return original(colour, xs, ys, centre, outline, die_size, thin=thin)

    with patch.object(vision.lean, "wall_along_outline", one_line):
        assert near(NAME, CENTRE) == ([], ["cocked"])
