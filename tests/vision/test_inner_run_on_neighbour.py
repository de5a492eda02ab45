"""A white 2 of black pips leaning 30° on the blue far wall over dark green felt turns up the face
that was against the wall: a band of its colour, 3.5 px wide and lit 0.4 of its top face, between
its top face and the wall, whose pips fill that width and merge with the wall's dark. Past its inner
edge lies a flat white 1 of its colour, a gap of 2 px away: the run of die colour past that edge
(`backdrop.reach_over_backdrop`) went on over the 1's top face, 0.33 of a side, as wide as the
parallax of a flat die's height (0.32) makes its side face turned to the middle. Taken for that
face, it kept the band past the outer edge (0.18 of the grid's side past the side edges, over
BACKDROP_EXCESS) from counting, and the 2 was read (RULINGS: a cocked die is not read). A run that
ends on another die's top face (`backdrop.inner_run_on_another`) is that die, no side face.

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.body
from tests.vision.saved_rests import near, placed, read_part

NAME = "random-96053-leaning-white-2-by-neighbour-frame"
CENTRE = (286.0, 101.0)


def test_the_leaning_white_2_is_not_read() -> None:
    read, refused = near(NAME, CENTRE)
    assert read == [] and refused == ["cocked"]


def test_the_flat_dice_round_it_are_read() -> None:
    assert placed(read_part(NAME))[0] == [(1, 290, 126), (3, 414, 137), (4, 336, 130)]


def test_with_the_run_over_the_1_taken_for_its_side_face_it_is_read_as_a_2() -> None:
    with patch.object(vision.body, "inner_run_on_another", lambda *args: False):
        assert near(NAME, CENTRE)[0] == [2]
