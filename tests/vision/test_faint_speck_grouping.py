"""Pips are grouped only with pips standing out alike: a grain of the face, or a shaded pip of a
face turned from the light, standing out less than half as much, is no pip of the top face.

The crops are in tests/data/sim-rests (see its README), each read with its calibration.
"""

from __future__ import annotations

from tests.vision.saved_rests import near, placed, read_part


def _reading_near(name: str, centre: tuple[float, float]) -> tuple[list[int], list[str]]:
    return near(name, centre, refused_reach=14.0)


def test_a_cream_four_with_a_faint_grain_beside_its_pips_is_read() -> None:
    # a grain of the face standing out 32 against the pips' 102 to 116, grouped with two of its
    # pips as a 3 that fits no layout: the 4 was refused `not_pips`
    name = "random-46047-flat-4-grain-frame-part"
    assert _reading_near(name, (283.4, 154.1)) == ([4], [])
    reading = read_part(name)
    assert len(reading.dice) == 1 and reading.unreadable == ()


def test_a_six_leaning_on_the_wall_whose_turned_up_pips_stand_apart_is_still_refused() -> None:
    # a black 6 of white pips: the two pips of its turned-up face stand out 64 and 66 against its
    # top pips' 139 to 150: no longer grouped with the top face, they still show past its outer edge
    name = "random-46043-leaning-6-faint-turned-up-pips-frame-part"
    assert _reading_near(name, (159.5, 56.4)) == ([], ["cocked"])


def test_the_flat_dice_beside_that_six_are_read() -> None:
    name = "random-46043-leaning-6-faint-turned-up-pips-frame-part"
    assert placed(read_part(name))[0] == [(1, 108, 30), (4, 75, 117), (4, 95, 233)]
