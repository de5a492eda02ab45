"""A speck of a felt's grain is no 1: a 1 read on the bare felt, of the felt's colour, whose mark
stands out as little as grain does, is dropped, as a 2 there is (`outline.on_bare_felt`). A 1's
paint is its own pip's contrast: a 1 on a die of the felt's colour keeps its reading.
A speck read as a 1 and then refused by a lean check is dropped too: only a face of three pips or
more read whole is a die's for having been read.

The frame is in tests/data/sim-rests (see its README), read with its calibration.
"""

from __future__ import annotations

from tests.vision.saved_rests import placed, read_part

NAME = "random-56075-speck-on-crimson-felt-frame"


def test_a_speck_of_crimson_felt_is_not_read_as_a_one() -> None:
    # a speck standing out 31 on crimson felt at (255, 377), 200 px from any die, was read as a 1
    # (`ones.read_on_square`, confidence 0.5): its "face" is the felt, grained round it
    assert placed(read_part(NAME)) == ([(1, 296, 90), (5, 208, 172), (5, 413, 144)], [])


def test_the_flat_1_of_that_frame_is_still_read() -> None:
    # a flat white 1 on the same felt: its face is no felt, its pip stands out 136
    dice, _ = placed(read_part(NAME))
    assert (1, 296, 90) in dice


def test_flat_1s_of_the_felts_colour_are_read_on_their_pips_paint() -> None:
    # flat 1s on felt of their face's colour and light (ivory and white on white felt, grey on grey
    # felt): the shade of their rounded edges stands out 37–50 round the pip, their pip 118–168;
    # on the median of those marks they were taken for a speck of the felt and dropped
    assert placed(read_part("white-felt-48030-flat-1-paint")) == ([(1, 66, 62)], [])
    assert placed(read_part("random-49065-flat-1-paint")) == ([(1, 64, 63), (6, 52, 14)], [])
    assert placed(read_part("random-53049-flat-1-paint")) == ([(1, 63, 63)], [])


def test_a_speck_of_pink_felt_read_as_a_1_and_refused_for_leaning_is_dropped() -> None:
    # a speck of pink felt at (252, 174), 3 sides or more from any die, was read as a 1 and then
    # refused `cocked` ("outer face seen"), and a face refused by a lean check was kept whatever
    # it lay on: a lone speck is no face of three pips a die's layout vouches for
    name = "random-68031-speck-on-pink-felt-frame"
    assert placed(read_part(name)) == ([(3, 440, 82), (4, 365, 370), (6, 330, 198)], [])
