"""A cream 5 of blue pips on pale felt by the far wall leans 9.2° on a flat cream 4 inward of it
(towards the middle of the picture), half hiding it. Between its top face and the 4 it shows its
inner side face, turned up: its rows of pips 5 px apart along the way to the point below the lens,
where a flat die there (r/f 0.26 of a side of 29.5 px, grid step 5.8 px) holds them 3.1 px apart
(`innerdepth.inner_rows_apart`). The 4 beside it stops the other lean checks (no felt past its
inner edge, no wall); the spread of its side face's pips tells the lean (RULINGS: a cocked die is
not read, it is thrown again). A flat 2 with a leaning 2 inward of it, its rows 0.64 px wider
apart than a flat die's (the most of the flat dice on the saved sets), stays read.

The frames are in tests/data/sim-rests (see its README), read with their scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.innerdepth
from tests.vision.saved_rests import near, placed, read_part, widest_rows_apart

LEANING = "random-98051-cream-5-leaning-on-4-frame"
FIVE = (402.0, 42.5)
FLAT = "random-50075-flat-2-die-inward-frame"


def test_the_5_leaning_on_the_4_is_refused_cocked() -> None:
    assert near(LEANING, FIVE) == ([], ["cocked"])


def test_the_flat_dice_of_its_frame_are_read() -> None:
    dice, refused = placed(read_part(LEANING))
    assert dice == [(4, 541, 178), (6, 370, 195)]
    assert ("occluded", 394, 73) in refused  # the 4 it half hides


def test_its_rows_of_pips_are_further_apart_than_a_flat_die_holds_them() -> None:
    widest = widest_rows_apart(LEANING)
    assert 1.5 < widest < 2.5  # 1.92 px past a flat die's 3.1 px


def test_without_the_check_it_is_read_as_a_5() -> None:
    with patch.object(vision.innerdepth, "WIDER_PX", 100.0):
        assert near(LEANING, FIVE) == ([5], [])


def test_a_flat_2_with_a_die_inward_stays_read() -> None:
    dice, refused = placed(read_part(FLAT))
    assert dice == [(2, 432, 87), (3, 319, 89), (6, 248, 81)]
    assert refused == [("cocked", 401, 118)]  # the 2 leaning inward of it
