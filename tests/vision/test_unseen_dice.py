"""Flat dice once not reported at all (tests/data/sim-rests, its README): neither read nor refused,
the box took them for absent."""

from __future__ import annotations

import math

from tests.vision.saved_rests import read_saved


def _values_near(reading, point: tuple[float, float]) -> list[int | None]:  # type: ignore[no-untyped-def]
    return [d.value for d in reading.dice if math.dist(d.center, point) <= 8.0]


def test_a_one_whose_bare_face_ends_one_ray_early_on_a_grain_is_read() -> None:
    reading = read_saved(
        "random-21069-1-ivory-seam-frame-part.png", "random-21069-1-ivory-seam-frame-part-calibration.json"
    )
    assert _values_near(reading, (39.7, 60.1)) == [1]
    assert [d.value for d in reading.dice] == [1]


def test_a_two_of_tiny_pips_squashed_unlike_by_a_pixel_is_read() -> None:
    reading = read_saved(
        "random-20051-2-tiny-pips-frame-part.png", "random-20051-2-tiny-pips-frame-part-calibration.json"
    )
    assert _values_near(reading, (59.9, 44.6)) == [2]
    assert sorted(d.value for d in reading.dice) == [1, 2, 6]
    assert reading.unreadable == ()


def test_a_four_grouped_with_the_side_pips_of_a_six_beyond_it_is_read() -> None:
    reading = read_saved(
        "random-21009-4-below-six-frame-part.png", "random-21009-4-below-six-frame-part-calibration.json"
    )
    assert _values_near(reading, (101.8, 74.8)) == [4]
    assert _values_near(reading, (99.7, 40.2)) == [6]
    assert reading.unreadable == ()
