"""The simulated bench's scoring gives each reading to one true die, the nearest: a die lying on
another (its centre 11 px from the covered one's) is read as itself, and the covered die, whose
face nothing shows, counts as not read, not as misread with the top die's value."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

from benchmarks.vision_bench import _score_rest, match_readings
from vision.events import RestingDie, TrayAtRest


def true_die(value: int, centre: tuple[float, float]) -> SimpleNamespace:
    return SimpleNamespace(value=value, centre_px=centre, on_tray=True, cocked=False)


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
