"""The simulated bench's scoring gives each reading to one true die, the nearest: a die lying on
another (its centre 11 px from the covered one's) is read as itself, and the covered die, whose
face nothing shows, counts as not read, not as misread with the top die's value. A die whose top
face the truth tells covered by another die (which rests on it, not flat on the felt, and is
thrown again) need not be read, but a value read for it must be its own."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

from benchmarks.vision_bench import _score_rest, match_readings
from vision.events import RestingDie, TrayAtRest


def true_die(value: int, centre: tuple[float, float], covered: float = 0.0) -> SimpleNamespace:
    return SimpleNamespace(value=value, centre_px=centre, on_tray=True, cocked=False,
                           top_face_covered=covered)


def test_a_reading_goes_to_the_nearest_die_only() -> None:
    covered, on_top = true_die(1, (323.7, 219.6)), true_die(2, (323.5, 231.9))
    reading = RestingDie(0, 2, (324.1, 231.2), 26.0, 0.9, None)
    assert match_readings([covered, on_top], [reading]) == {1: reading}


def test_a_die_covered_by_another_is_not_read_not_misread() -> None:
    covered, on_top = true_die(1, (323.7, 219.6)), true_die(2, (323.5, 231.9))
    beside = true_die(5, (200.0, 100.0))
    rest = TrayAtRest(0, (RestingDie(0, 2, (324.1, 231.2), 26.0, 0.9, None),
                          RestingDie(1, 5, (200.5, 100.4), 26.0, 0.9, None)), 0)
    tally: Counter[str] = Counter()
    failures: list[tuple[str, tuple[float, float], str]] = []
    exact = _score_rest(rest, SimpleNamespace(dice=[covered, on_top, beside]), tally, failures)
    assert not exact
    assert tally["dice read"] == 2 and tally["dice not read"] == 1 and tally["dice misread"] == 0
    assert failures == [("not-read", covered.centre_px, "1 nothing")]
    assert tally["phantoms"] == 0


def test_a_refusal_where_no_die_is_is_counted_and_pictured() -> None:
    flat = true_die(4, (200.0, 100.0))
    rest = TrayAtRest(0, (RestingDie(0, 4, (200.5, 100.4), 26.0, 0.9, None),
                          RestingDie(1, None, (400.0, 300.0), 26.0, 0.0, "cocked")), 0)
    tally: Counter[str] = Counter()
    failures: list[tuple[str, tuple[float, float], str]] = []
    assert not _score_rest(rest, SimpleNamespace(dice=[flat]), tally, failures)
    assert tally["refusals where no die is"] == 1 and tally["phantoms"] == 0
    assert failures == [("refused-no-die", (400.0, 300.0), "refused cocked")]


def test_a_value_where_no_die_is_is_counted_and_pictured() -> None:
    flat = true_die(4, (200.0, 100.0))
    rest = TrayAtRest(0, (RestingDie(0, 4, (200.5, 100.4), 26.0, 0.9, None),
                          RestingDie(1, 1, (255.0, 377.0), 26.0, 0.7, None)), 0)
    tally: Counter[str] = Counter()
    failures: list[tuple[str, tuple[float, float], str]] = []
    assert not _score_rest(rest, SimpleNamespace(dice=[flat]), tally, failures)
    assert tally["phantoms"] == 1 and tally["refusals where no die is"] == 0
    assert failures == [("phantom", (255.0, 377.0), "read 1, no die")]


def score(true_dice: list[SimpleNamespace], readings: tuple[RestingDie, ...]) -> tuple[bool, Counter[str]]:
    tally: Counter[str] = Counter()
    exact = _score_rest(TrayAtRest(0, readings, 0), SimpleNamespace(dice=true_dice), tally, [])
    return exact, tally


def test_a_die_under_a_die_resting_on_it_need_not_be_read() -> None:
    top = RestingDie(0, 2, (324.1, 231.2), 26.0, 0.9, None)
    exact, tally = score([true_die(1, (323.7, 219.6), covered=0.4), true_die(2, (323.5, 231.9))], (top,))
    assert exact
    assert tally["dice under another die"] == 1 and tally["dice under another die, not read"] == 1
    assert tally["dice not read"] == 0 and tally["dice read"] == 1
    # a sliver of cover (the raster's edge) excuses nothing
    exact, tally = score([true_die(1, (323.7, 219.6), covered=0.01), true_die(2, (323.5, 231.9))], (top,))
    assert not exact and tally["dice not read"] == 1


def test_a_die_under_another_read_with_another_value_is_a_misread() -> None:
    readings = (RestingDie(0, 3, (200.5, 100.4), 26.0, 0.9, None),)
    exact, tally = score([true_die(4, (200.0, 100.0), covered=0.3)], readings)
    assert not exact and tally["dice misread"] == 1
