"""Shouts, races and ties (R4) with the Chouette-Velute and Suite paragraphs, and the Bévue paragraph.

Shouts carry the time of their button edge; `Table.shouts((seat, ms), ...)` feeds taps at `ms`
after the current time, in the order given (the arrival order), which may differ from edge order.
"""

from __future__ import annotations

import pytest

from culdechouette_box.rules.config import MS, RulesConfig, Strictness
from culdechouette_box.rules.effects import BevueGiven, Race, RaceDecided, RaceOpened, Rejected
from culdechouette_box.rules.errors import ConfigurationError
from culdechouette_box.rules.inputs import (
    Announcement,
    RestingDie,
    ScribeAdjust,
    ScribeBevue,
    Shout,
    Tick,
    TrayAtRest,
    TrayMotion,
)
from culdechouette_box.rules.state import AwaitingThrow, ShoutRace, ThrowOff
from culdechouette_box.rules.table import Table

NAMES = ["Arthur", "Perceval", "Karadoc"]
CHOUETTE_VELUTE_OF_2 = (1, 2, 1)  # 1-1-2: worth 2 x 2² = 8
SUITE = (2, 3, 4)


def make(strictness: str = "standard", negative: bool = True, **options: int) -> Table:
    """Negative scores by default, so that a loss from 0 reads as a plain negative number."""
    config = RulesConfig(negative_scores=negative, bevue_strictness=Strictness(strictness), **options)
    return Table(NAMES, config=config)


def points(t: Table) -> list[tuple[int, int, str]]:
    """Ledger entries as (seat, points, rule), the scribe's setup left out, sorted."""
    return sorted((e.seat, e.points, e.rule) for e in t.state.ledger if e.rule != "scribe")


def bevues(t: Table) -> list[int]:
    return [e.seat for e in t.effects if isinstance(e, BevueGiven)]


def decided(t: Table) -> list[RaceDecided]:
    return [e for e in t.effects if isinstance(e, RaceDecided)]


def race(t: Table) -> ShoutRace:
    phase = t.state.phase
    assert isinstance(phase, ShoutRace), phase
    return phase


def next_thrower(t: Table) -> int:
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow), phase
    return phase.thrower


def cul_with_shouts_in_flight(t: Table, cul: int, *early: tuple[int, float, Shout]) -> int:
    """The cul comes to rest; the shouts (seat, ms from the rest frame, kind) reach the engine
    after the tray moved but BEFORE the camera reports the rest. Returns the rest frame's t_ns."""
    t.feed(TrayMotion(t.wait(1500)))
    rest_ns = t.at(600)
    for seat, ms, kind in early:
        t.feed(Announcement(rest_ns + int(ms * MS), seat, kind))
    die = RestingDie(10_000 + t.state.inputs, cul, 30.0, 0.0)
    t.feed(TrayAtRest(t.wait(600), (*t.state.tray, die)))
    return rest_ns


def tied_suite(t: Table) -> None:
    """Arthur throws a Suite; Perceval and Karadoc are simultaneous last (10 ms apart)."""
    t.throw(*SUITE)
    t.shouts((1, 100), (2, 300), (3, 310))
    assert race(t).race == Race.BRETONNES and race(t).seats == (2, 3)


# --- R4.1: edge times, not arrival order -------------------------------------------------------


@pytest.mark.parametrize("arrival", [((2, 80.0), (3, 30.0)), ((3, 30.0), (2, 80.0))])
def test_R4_1_chouette_velute_goes_to_the_earliest_edge_whatever_the_arrival_order(
    arrival: tuple[tuple[int, float], ...],
) -> None:
    """R4.1: "Races are decided on those times, never on the order the software happened to process them"."""
    t = make()
    t.throw(*CHOUETTE_VELUTE_OF_2)
    t.shouts(*arrival)
    t.settle()
    assert points(t) == [(3, 8, "chouette_velute")]
    assert decided(t)[0].gaps_ms == ((3, 0.0), (2, 50.0))


@pytest.mark.parametrize(
    "arrival",
    [
        ((1, 300.0), (2, 100.0), (3, 200.0)),
        ((2, 100.0), (3, 200.0), (1, 300.0)),
        ((3, 200.0), (1, 300.0), (2, 100.0)),
    ],
)
def test_R4_1_suite_loser_is_the_latest_edge_whatever_the_arrival_order(
    arrival: tuple[tuple[int, float], ...],
) -> None:
    """R4.1: the Suite's last shout is the latest edge, even when it reached the engine first."""
    t = make()
    t.throw(*SUITE)
    t.shouts(*arrival)
    assert points(t) == [(1, -10, "suite")]
    assert next_thrower(t) == 2


@pytest.mark.parametrize("arrival", [((3, 100.0), (2, 300.0)), ((2, 300.0), (3, 100.0))])
def test_R4_1_wrong_taps_judged_together_are_judged_in_edge_order(
    arrival: tuple[tuple[int, float], ...],
) -> None:
    """R4.1 with R2.2: two wrong taps judged at the same tick give the same result in any arrival order."""
    t = make("strict", negative=False)
    t.feed(ScribeAdjust(t.wait(5), 1, 50))
    t.feed(ScribeAdjust(t.wait(5), 3, 5))
    t.shouts(*arrival)  # nothing is open to them: both taps are held, then judged
    t.tick(5000)
    # edge order: Karadoc's Bévue first, 5 -> 0 (-5); then Perceval's at 0: +10 to Arthur and Karadoc
    assert t.scores == [60, 0, 10]
    assert bevues(t) == [3, 2]


# --- R4.2: the tie window ---------------------------------------------------------------------


def test_R4_2_shouts_exactly_one_window_apart_are_simultaneous() -> None:
    """R4.2: "Two shouts are simultaneous when they are within the tie window" (20 ms by default)."""
    t = make()
    t.throw(*CHOUETTE_VELUTE_OF_2)
    t.shouts((2, 100), (3, 120))  # 20 ms apart: on the edge of the window, so within it
    t.settle()
    assert points(t) == [(2, -8, "chouette_velute"), (3, -8, "chouette_velute")]


def test_R4_2_shouts_just_beyond_the_window_are_not_simultaneous() -> None:
    """R4.2: 20.001 ms apart is beyond the 20 ms window: the first shout wins alone."""
    t = make()
    t.throw(*CHOUETTE_VELUTE_OF_2)
    t.shouts((2, 100), (3, 120.001))
    t.settle()
    assert points(t) == [(2, 8, "chouette_velute")]


def test_R4_2_the_window_is_an_option_of_one_ms_at_least() -> None:
    """R4.2: "The window is an option, 1 ms at least"."""
    for refused in (0, MS - 1):
        with pytest.raises(ConfigurationError):
            RulesConfig(tie_window_ns=refused)
    one = make(tie_window_ns=MS)
    one.throw(*CHOUETTE_VELUTE_OF_2)
    one.shouts((2, 100), (3, 101.5))  # 1.5 ms apart: beyond a 1 ms window
    one.settle()
    assert points(one) == [(2, 8, "chouette_velute")]
    wide = make(tie_window_ns=50 * MS)
    wide.throw(*CHOUETTE_VELUTE_OF_2)
    wide.shouts((2, 100), (3, 140))  # 40 ms apart: within a 50 ms window
    wide.settle()
    assert points(wide) == [(2, -8, "chouette_velute"), (3, -8, "chouette_velute")]


def test_R4_2_the_display_shows_the_gaps_in_milliseconds() -> None:
    """R4.2: "The display shows the gaps in milliseconds"."""
    t = make()
    t.throw(*SUITE)
    t.shouts((3, 100), (1, 112.5), (2, 400))
    (result,) = decided(t)
    assert result.losers == (2,)
    assert result.gaps_ms == ((3, 0.0), (1, 12.5), (2, 300.0))


def test_R4_2_the_last_two_exactly_one_window_apart_tie_at_the_suite() -> None:
    """R4.2 with R4.5: two last shouts 20 ms apart are simultaneous last."""
    t = make()
    t.throw(*SUITE)
    t.shouts((2, 100), (1, 380), (3, 400))
    assert race(t).race == Race.BRETONNES and race(t).seats == (1, 3)
    assert points(t) == []


def test_R4_2_the_last_two_just_beyond_the_window_do_not_tie_at_the_suite() -> None:
    """R4.2 with R4.5: 20.001 ms apart is no tie: the very last one loses alone."""
    t = make()
    t.throw(*SUITE)
    t.shouts((2, 100), (1, 379.999), (3, 400))
    assert points(t) == [(3, -10, "suite")]


# --- R4.3: when a race opens; early presses -----------------------------------------------------


def test_R4_3_the_race_opens_at_the_rest_frame_minus_the_grace() -> None:
    """R4.3: "A race for a throw opens at the time of the camera frame ... minus a grace of 150 ms"."""
    t = make()
    t.chouettes(1, 1)
    rest_ns = cul_with_shouts_in_flight(t, 2)
    assert race(t).opens_ns == rest_ns - 150 * MS
    assert race(t).closes_ns == rest_ns + 5000 * MS  # R4.4: 5 s


def test_R4_3_a_tap_sent_before_the_rest_was_reported_counts_when_its_edge_is_in_the_race() -> None:
    """R4.3: a tap 100 ms before the rest frame (in the grace), sent before the rest is reported, counts."""
    t = make()
    t.chouettes(1, 1)
    cul_with_shouts_in_flight(t, 2, (3, -100, Shout.TAP))
    t.shouts((2, 20))  # Perceval shouts 20 ms after the rest frame: 120 ms after Karadoc
    t.settle()
    assert points(t) == [(3, 8, "chouette_velute")]
    assert bevues(t) == []


def test_R4_3_a_named_shout_sent_before_the_rest_was_reported_counts_too() -> None:
    """R4.3: "Pas mou le caillou" 50 ms before the rest frame, reported before it, is not early."""
    t = make()
    t.chouettes(1, 1)
    cul_with_shouts_in_flight(t, 2, (2, -50, Shout.PAS_MOU_LE_CAILLOU))
    t.shouts((3, 10))
    t.settle()
    assert points(t) == [(2, 8, "chouette_velute")]
    assert bevues(t) == []


@pytest.mark.parametrize(("strictness", "bevue"), [("strict", True), ("standard", False), ("lenient", False)])
def test_R4_3_an_early_press_is_a_bevue_only_in_strict_mode(strictness: str, bevue: bool) -> None:
    """R4.3: "A press before that is early: in strict Bévue mode it is a Bévue, otherwise it is ignored"."""
    t = make(strictness)
    t.chouettes(1, 1)
    cul_with_shouts_in_flight(t, 2, (2, -300, Shout.TAP))  # 300 ms before the rest: before the race opened
    t.shouts((3, 100))
    t.settle()
    # the early press never wins the race; Karadoc does
    expected = [(3, 8, "chouette_velute")] + ([(2, -10, "bevue")] if bevue else [])
    assert points(t) == sorted(expected)
    assert bevues(t) == ([2] if bevue else [])


def test_R4_3_an_early_named_shout_reported_after_the_rest_is_early_too() -> None:
    """R4.3: a "Pas mou le caillou" edge 200 ms before the rest frame is early, even when it arrives later."""
    t = make("strict")
    t.chouettes(1, 1)
    rest_ns = cul_with_shouts_in_flight(t, 2)
    t.feed(Announcement(rest_ns - 200 * MS, 2, Shout.PAS_MOU_LE_CAILLOU))
    t.shouts((3, 100))
    t.settle()
    assert points(t) == [(2, -10, "bevue"), (3, 8, "chouette_velute")]


def test_R4_3_the_grace_is_an_option() -> None:
    """R4.3: "minus a grace of 150 ms by default (an option)" — with no grace, 100 ms before is early."""
    t = make("strict", grace_ns=0)
    t.chouettes(1, 1)
    cul_with_shouts_in_flight(t, 2, (2, -100, Shout.TAP))
    t.settle()
    assert points(t) == [(2, -10, "bevue")]


# --- R4.4: the Chouette-Velute race -----------------------------------------------------------


def test_R4_4_the_first_shout_wins_the_points() -> None:
    """R4.4: "The first shout wins the points"; a later shout gets nothing."""
    t = make()
    t.throw(3, 3, 6)  # worth 2 x 6² = 72
    t.shouts((3, 100), (2, 200))
    t.settle()
    assert points(t) == [(3, 72, "chouette_velute")]
    (result,) = decided(t)
    assert (result.winners, result.losers) == ((3,), ())


def test_R4_4_the_thrower_may_shout_too() -> None:
    """R4.4: "every player, the thrower included, may shout"."""
    t = make()
    t.throw(2, 4, 2)  # Arthur throws; worth 32
    t.shouts((1, 90), (3, 150))
    t.settle()
    assert points(t) == [(1, 32, "chouette_velute")]


def test_R4_4_simultaneous_first_shouts_each_lose_the_points() -> None:
    """R4.4: "If several players are simultaneous first, each of them loses the points"."""
    t = make()
    t.throw(2, 2, 4)
    t.shouts((1, 100), (2, 110), (3, 115))  # all three within 20 ms of the first
    t.settle()
    assert points(t) == [(seat, -32, "chouette_velute") for seat in (1, 2, 3)]
    assert t.scores == [-32, -32, -32]


def test_R4_4_nobody_shouting_in_five_seconds_scores_nothing() -> None:
    """R4.4: "If nobody shouts before the window closes (5 s by default), nobody scores"."""
    t = make()
    t.throw(*CHOUETTE_VELUTE_OF_2)
    t.tick(4999)
    assert isinstance(t.state.phase, ShoutRace)
    t.tick(2)
    assert points(t) == []
    assert decided(t)[0].winners == ()
    assert next_thrower(t) == 2


def test_R4_4_a_shout_after_the_window_is_too_late() -> None:
    """R4.4: a shout 5.1 s after the rest comes after the window: nobody scores."""
    t = make()
    t.throw(*CHOUETTE_VELUTE_OF_2)
    t.shout(2, Shout.PAS_MOU_LE_CAILLOU, after_ms=5100)
    t.settle()
    assert points(t) == []
    assert next_thrower(t) == 2


# --- R4.5 and the Suite paragraph -------------------------------------------------------------


def test_R4_5_every_player_must_shout_and_the_last_loses_ten() -> None:
    """R4.5: "every active player, the thrower included, must shout. The last one loses 10"."""
    t = make()
    t.throw(*SUITE)
    assert next(e for e in t.last if isinstance(e, RaceOpened)).seats == (1, 2, 3)
    t.shouts((2, 100), (3, 150))
    assert isinstance(t.state.phase, ShoutRace)  # the thrower has not shouted yet
    t.shouts((1, 200))
    assert points(t) == [(1, -10, "suite")]  # the thrower was last
    assert next_thrower(t) == 2  # everyone shouted: the window closed at once


def test_R4_5_a_player_who_never_shouts_is_last_after_ten_seconds() -> None:
    """R4.5: "players who never shouted count as simultaneous last" once the 10 s are over."""
    t = make()
    t.throw(*SUITE)
    t.shouts((1, 100), (2, 9000))
    t.tick(900)  # 9.9 s after the rest: still open
    assert isinstance(t.state.phase, ShoutRace)
    t.tick(200)
    assert points(t) == [(3, -10, "suite")]
    assert next_thrower(t) == 2


def test_R4_5_two_silent_players_play_the_bretonnes() -> None:
    """R4.5: two players who never shouted are simultaneous last: they play the bières bretonnes."""
    t = make()
    t.throw(*SUITE)
    t.shouts((2, 100))
    t.tick(10_000)
    assert race(t).race == Race.BRETONNES and race(t).seats == (1, 3)
    t.shouts((3, 100), (1, 250))
    assert points(t) == [(1, -10, "suite")]


def test_R4_5_ties_for_last_play_the_bretonnes_with_the_same_rule() -> None:
    """R4.5: "Ties for last play the "bières bretonnes" shout among themselves, with the same rule"."""
    t = make()
    tied_suite(t)
    t.shouts((3, 100), (2, 180))  # Perceval last at the bretonnes
    assert points(t) == [(2, -10, "suite")]
    assert next_thrower(t) == 2


def test_R4_5_a_tied_player_silent_at_the_bretonnes_loses() -> None:
    """R4.5: at the bretonnes too, a tied player who never shouts is last when the window closes."""
    t = make()
    tied_suite(t)
    t.shouts((2, 100))
    t.settle()
    assert points(t) == [(3, -10, "suite")]


def test_R4_5_a_second_tie_goes_to_a_die_and_the_highest_loses_ten() -> None:
    """R4.5: "A tie again goes to a die throw-off: the highest die loses 10"."""
    t = make()
    tied_suite(t)
    t.shouts((2, 100), (3, 105))
    phase = t.state.phase
    assert isinstance(phase, ThrowOff) and phase.contenders == (2, 3) and phase.penalty == 10
    t.one_die(6)  # Perceval
    t.one_die(2)  # Karadoc
    assert points(t) == [(2, -10, "suite")]
    assert next_thrower(t) == 2


def test_R4_5_ties_on_the_highest_die_throw_again_for_20_then_30() -> None:
    """R4.5: "Ties on the highest die throw again, for 20, then 30, and so on"."""
    t = make()
    tied_suite(t)
    t.shouts((2, 100), (3, 105))
    t.one_die(5)
    t.one_die(5)
    assert isinstance(t.state.phase, ThrowOff) and t.state.phase.penalty == 20
    t.one_die(4)
    t.one_die(4)
    assert isinstance(t.state.phase, ThrowOff) and t.state.phase.penalty == 30
    t.one_die(1)
    t.one_die(3)
    assert points(t) == [(3, -30, "suite")]
    assert t.scores == [0, 0, -30]


def test_R4_5_the_bretonnes_line_without_a_tie_is_a_bevue() -> None:
    """R4.5: "Shouting the bretonnes line when there was no tie is a Bévue"."""
    t = make()
    t.throw(*SUITE)
    t.shouts((1, 100), (3, 150), (2, 400))  # Perceval alone last: no tie
    t.shout(3, Shout.BIERES_BRETONNES, after_ms=300)
    assert points(t) == [(2, -10, "suite"), (3, -10, "bevue")]


def test_texte_suite_the_last_to_shout_grelotte_ca_picote_loses_10() -> None:
    """Suite : "Tous les joueurs doivent taper du poing ... le dernier joueur à le faire perd 10 pts"."""
    t = make(negative=False)
    for seat in (1, 2, 3):
        t.feed(ScribeAdjust(t.wait(5), seat, 40))
    t.throw(5, 3, 4)  # Arthur: 3-4-5
    t.shout(3, Shout.GRELOTTE_CA_PICOTE, after_ms=100)
    t.shout(1, Shout.GRELOTTE_CA_PICOTE, after_ms=100)
    t.shout(2, Shout.GRELOTTE_CA_PICOTE, after_ms=100)
    assert t.scores == [40, 30, 40]  # 40 - 10


def test_texte_suite_tie_break_bretonnes_then_dice_highest_loses() -> None:
    """Suite : "en lançant chacun un dé, et celui qui fait le plus grand score perd les 10 pts"."""
    t = make()
    tied_suite(t)
    t.shout(2, Shout.BIERES_BRETONNES, after_ms=100)
    t.shout(3, Shout.BIERES_BRETONNES, after_ms=10)
    t.one_die(3)
    t.one_die(4)
    assert points(t) == [(3, -10, "suite")]


def test_texte_suite_equal_highest_dice_throw_again_for_20() -> None:
    """Suite : "Si plusieurs joueurs font le même plus grand score, ils recommencent ... pour perdre 20"."""
    t = make()
    tied_suite(t)
    t.shouts((2, 100), (3, 100))
    t.one_die(6)
    t.one_die(6)
    t.one_die(6)
    t.one_die(1)
    assert points(t) == [(2, -20, "suite")]


def test_texte_suite_bretonnes_without_a_tie_on_the_first_shout_is_a_bevue() -> None:
    """Suite : "Si un joueur annonce jusqu'à bretonnes sans qu'il n'y ait eu d'égalité ... il y a Bévue"."""
    t = make()
    t.throw(*SUITE)
    t.shout(2, Shout.BIERES_BRETONNES)  # during the Suite race itself
    assert bevues(t) == [2]
    assert points(t) == [(2, -10, "bevue")]


# --- R4.6: strictness ---------------------------------------------------------------------------


@pytest.mark.parametrize(("strictness", "expected"), [("strict", [1]), ("standard", []), ("lenient", [])])
def test_R4_6_a_tap_that_fits_nothing_is_a_bevue_only_when_strict(
    strictness: str, expected: list[int]
) -> None:
    """R4.6: "strict (any shout that fits no open announcement is a Bévue)", not standard nor lenient."""
    t = make(strictness)
    t.shout(1)  # Arthur's turn, nothing thrown: the tap fits nothing
    assert bevues(t) == []  # held first (R4.3): judged after tap_settle_ns
    t.settle()
    assert bevues(t) == expected
    assert t.score(1) == (-10 if expected else 0)


@pytest.mark.parametrize(("strictness", "expected"), [("strict", [2]), ("standard", [2]), ("lenient", [])])
def test_R4_6_a_bevue_the_text_names_is_given_unless_lenient(strictness: str, expected: list[int]) -> None:
    """R4.6: the bretonnes line with no tie is named by the text: a Bévue when strict or standard."""
    t = make(strictness)
    t.shout(2, Shout.BIERES_BRETONNES)
    t.settle()
    assert bevues(t) == expected


def test_R4_6_lenient_only_the_scribe_awards_bevues() -> None:
    """R4.6: "lenient (no automatic Bévue from a button; only the scribe awards them)"."""
    t = make("lenient")
    t.shout(3, Shout.BIERES_BRETONNES)
    t.shout(2)
    t.settle()
    assert bevues(t) == []
    t.feed(ScribeBevue(t.wait(5), 3, "bretonnes sans égalité"))
    assert bevues(t) == [3]
    assert points(t) == [(3, -10, "bevue")]


def test_R4_6_tray_bevues_are_not_from_a_button_and_apply_in_every_mode() -> None:
    """R4.6: lenient removes the button Bévues; three dice at once (R3.3) is still a Bévue."""
    t = make("lenient")
    t.three_at_once(1, 2, 3)
    assert bevues(t) == [1]


# --- the Bévue paragraph ----------------------------------------------------------------------


def test_texte_bevue_an_error_costs_10() -> None:
    """Bévue : "Lorsqu'un joueur commet une erreur, il perd 10 pts"."""
    t = make(negative=False)
    t.feed(ScribeAdjust(t.wait(5), 2, 25))
    t.feed(ScribeBevue(t.wait(5), 2, "lance les dés alors que ce n'est pas son tour"))
    assert t.score(2) == 15  # 25 - 10
    assert BevueGiven(2, "lance les dés alors que ce n'est pas son tour") in t.last


def test_texte_bevue_is_cumulative_within_one_sequence() -> None:
    """Bévue : "La Bévue est cumulable ... peut perdre jusqu'à 20 pts, 30 pts, etc."."""
    t = make()
    t.three_at_once(4, 4, 4)  # -10
    t.one_die(2)  # the cul first: -10
    t.off_tray(3)  # a die off the tray: -10
    t.throw(6, 6, 6)  # then the throw counts: +100
    assert bevues(t) == [1, 1, 1]
    assert t.score(1) == 70  # -10 - 10 - 10 + 100


def test_texte_bevue_cumulative_bevues_stop_at_zero_without_negatives() -> None:
    """Bévue : cumulative, within the bracketed zero floor: 15 -> 5 -> 0."""
    t = make(negative=False)
    t.feed(ScribeAdjust(t.wait(5), 1, 15))
    t.three_at_once(4, 4, 4)
    t.one_die(2)
    assert points(t) == [(1, -10, "bevue"), (1, -5, "bevue")]
    assert t.score(1) == 0


def test_texte_bevue_the_scribe_awards_one_and_an_unknown_seat_is_refused() -> None:
    """Bévue : "Les joueurs peuvent être plus ou moins stricts" — the scribe's Bévue; seat 7 is empty."""
    t = make()
    t.feed(ScribeBevue(t.wait(5), 3))
    assert points(t) == [(3, -10, "bevue")]
    before = t.state
    refused = t.feed(ScribeBevue(t.wait(5), 7))
    assert [e.code for e in refused if isinstance(e, Rejected)] == ["unknown_seat"]
    assert t.state.players == before.players and t.state.ledger == before.ledger
    assert t.state.phase == before.phase


def test_texte_bevue_a_wrong_announcement_is_a_bevue() -> None:
    """Bévue : "Une Bévue peut être une mauvaise annonce" — a Grelottine shout with no Grelottine."""
    t = make()
    t.shout(2, Shout.GRELOTTINE, target=3)
    t.feed(Tick(t.wait(100)))
    assert bevues(t) == [2]
    assert t.score(2) == -10


def test_R4_5_a_player_put_out_during_the_suite_is_no_longer_waited_for() -> None:
    """R4.5: "every active player ... must shout" — a player put out (R2.3) mid-race is not last."""
    t = make()
    t.feed(ScribeAdjust(t.wait(5), 3, -335))
    t.throw(*SUITE)
    t.feed(ScribeBevue(t.wait(50), 3))  # -345: Karadoc is out
    assert not t.state.player(3).active
    t.shouts((1, 100), (2, 200))  # every active player has shouted: Perceval is last
    assert points(t) == [(2, -10, "suite"), (3, -10, "bevue")]
    assert next_thrower(t) == 2


def test_R4_5_the_last_of_the_players_still_in_the_game_loses() -> None:
    """R4.5 with R2.3: the last shouter is put out before the race closes: the last player still in loses."""
    t = Table([*NAMES, "Lancelot"], config=RulesConfig(negative_scores=True))
    t.feed(ScribeAdjust(t.wait(5), 3, -335))
    t.feed(ScribeAdjust(t.wait(5), 4, -335))
    t.throw(*SUITE)
    t.shouts((1, 100), (2, 200), (4, 300))  # Karadoc has not shouted yet
    t.feed(ScribeBevue(t.wait(10), 3))  # Karadoc out at -345
    t.feed(ScribeBevue(t.wait(10), 4))  # Lancelot, the last shouter, out at -345
    t.settle()
    assert points(t) == [(2, -10, "suite"), (3, -10, "bevue"), (4, -10, "bevue")]
    assert next_thrower(t) == 2


def test_R4_5_a_bretonnes_tie_whose_players_are_both_put_out_ends_with_no_loser() -> None:
    """R4.5 with R2.3: both tied players are put out before the bretonnes: nobody is left to lose."""
    t = Table([*NAMES, "Lancelot"], config=RulesConfig(negative_scores=True))
    t.feed(ScribeAdjust(t.wait(5), 3, -335))
    t.feed(ScribeAdjust(t.wait(5), 4, -335))
    t.throw(*SUITE)
    t.shouts((1, 100), (2, 200), (3, 400), (4, 405))
    assert race(t).race == Race.BRETONNES and race(t).seats == (3, 4)
    t.feed(ScribeBevue(t.wait(10), 3))
    t.feed(ScribeBevue(t.wait(10), 4))
    t.settle()
    assert points(t) == [(3, -10, "bevue"), (4, -10, "bevue")]
    assert next_thrower(t) == 2
