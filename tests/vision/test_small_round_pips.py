"""A face broken in pieces is joined again when its small pips are round as far as can be seen."""

from __future__ import annotations

import math

from tests.vision.saved_rests import read_saved


def test_a_three_of_small_pips_broken_in_two_is_joined_again() -> None:
    # the middle 340×340 of a frame (picture's centre kept): a flat white 3 of dark pips 4.5 by 3 to
    # 3.7 px at (79, 43). Its pips' axis ratios average 0.73, under the 0.75 asked of joined pieces,
    # but each blob's axes differ by less than the 2 px a pixel's error either side makes
    reading = read_saved(
        "random-20065-3-small-round-pips-frame-part.png", "random-20065-part-calibration.json"
    )
    assert sorted(d.value for d in reading.dice) == [2, 3, 6]
    assert any(d.value == 3 and math.dist(d.center, (78.9, 42.9)) < 3.0 for d in reading.dice)
    assert not reading.unreadable


def test_pips_run_into_the_shade_of_their_face_s_edge_by_a_bright_wall_are_cut_apart() -> None:
    # a frame part (200×380 round the picture's centre): a flat red 4 of white pips 5.5 px wide on a
    # die 25 px wide, by a dark green wall (bright in the light-pip plane); its top row and the shade
    # of its edge below the wall made one blob of 8.6 pip areas of the window, of which one core only
    # was cut: the other row alone was refused for its grid (`not_pips`)
    reading = read_saved("random-28033-4-by-wall-part.png", "random-28033-part-calibration.json")
    read = sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice)
    assert read == [(4, 76, 27), (5, 59, 62)]
    assert reading.unreadable == ()
