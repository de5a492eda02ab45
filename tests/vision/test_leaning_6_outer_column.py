"""A cream 6 of black pips on white felt by the far wall leans 19.9° on a flat cream 4 inward of it
(towards the middle of the picture), hiding a third of its top face. Between the two top faces it
turns up its 5: the middle column of that face holds one pip, and its outer columns lie 4 to 5 px off
the way to the point below the lens on a die 28 px wide, their rows 6 px apart where a flat die's
side face (r/f 0.21, grid step 7.4 px) holds them 3.1 px apart (`innerdepth.inner_rows_apart`). The
band was once looked at only 0.1 of a side either side of that way; across the side face's whole
width, a column off the middle counts when both its dashes stand out against their face's light as
printed pips do (0.77 and 0.79 of the top pips' share; the flat dice of the saved sets 0.50 at most).
The 6 was read (RULINGS: a cocked die is not read, it is thrown again). A flat 4 with a flat 5
inward of it, whose column off the middle pairs a dash of its own side face with a pip of the 5's top
face, stays read.

The frames are in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.innerdepth
from tests.vision.saved_rests import near, placed, read_part, widest_rows_apart

NAME = "white-felt-105054-cream-6-leaning-on-4-frame"
SIX = (238.8, 59.0)


def test_the_6_leaning_on_the_4_is_refused_cocked() -> None:
    assert near(NAME, SIX) == ([], ["cocked"])


def test_the_flat_dice_of_its_frame_are_read() -> None:
    dice, refused = placed(read_part(NAME))
    assert dice == [(1, 378, 222), (4, 286, 266)]
    assert ("not_pips", 247, 92) in refused  # the 4 it hides a third of


def test_its_outer_column_spreads_wider_than_a_flat_die_holds_it() -> None:
    widest = widest_rows_apart(NAME)
    assert 2.3 < widest < 3.5  # 2.87 px past a flat die's 3.1 px


def test_with_the_band_looked_at_in_its_middle_only_it_is_read_as_a_6() -> None:
    with patch.object(vision.innerdepth, "SIDE_WIDTH", vision.innerdepth.SIDE_ACROSS):
        assert near(NAME, SIX) == ([6], [])


FLAT = "random-70019-flat-4-die-inward-frame"
FOUR = (178.8, 74.4)


def test_a_flat_4_with_a_die_inward_stays_read() -> None:
    assert placed(read_part(FLAT))[0] == [(1, 288, 178), (4, 179, 74), (5, 200, 98)]


def test_without_the_printed_share_off_the_middle_the_flat_4_is_refused() -> None:
    # its column off the middle pairs a dash of its own side face (0.34 of the top pips' share) with
    # a pip of the 5's top face (0.93), 4.4 px wider apart than a flat die's rows
    with patch.object(vision.innerdepth, "PRINTED_SHARE", 0.0):
        assert near(FLAT, FOUR) == ([], ["cocked"])
