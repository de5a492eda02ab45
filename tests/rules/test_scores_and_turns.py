"""Scores (R2.2–R2.5), the start and the turn order (R3), and the tray Bévues of R3.3.

Expected scores are worked out by hand from the rule text; the arithmetic is in the comments.
"""

from __future__ import annotations

import pytest

from culdechouette_box.rules import engine
from culdechouette_box.rules.config import RulesConfig
from culdechouette_box.rules.effects import (
    BevueGiven,
    GameOver,
    PlayerJoined,
    PlayerOut,
    Prompt,
    RaceOpened,
    Rejected,
    ThrowRead,
    TurnStarted,
)
from culdechouette_box.rules.errors import ConfigurationError, IllegalInputError
from culdechouette_box.rules.inputs import (
    Announcement,
    RestingDie,
    ScribeAdjust,
    ScribeBevue,
    ScribeJoin,
    Shout,
    TrayAtRest,
    TrayMotion,
)
from culdechouette_box.rules.state import AwaitingThrow, Finished, GrelottineStake, Stage, ThrowOff
from culdechouette_box.rules.table import Table

NAMES = ["Arthur", "Perceval", "Karadoc"]


def make(negative: bool = False, start: int | None = 1, names: list[str] = NAMES) -> Table:
    return Table(names, config=RulesConfig(negative_scores=negative), start=start)


def scores_at(t: Table, *scores: int) -> None:
    """The scribe puts each seat at the given score."""
    for seat, score in enumerate(scores, start=1):
        t.feed(ScribeAdjust(t.wait(5), seat, score - t.score(seat)))


def bevue(t: Table, seat: int) -> None:
    t.feed(ScribeBevue(t.wait(5), seat))


def moves(t: Table) -> list[tuple[int, int, str]]:
    """Ledger entries as (seat, points, rule), the scribe's setup left out."""
    return [(e.seat, e.points, e.rule) for e in t.state.ledger if e.rule != "scribe"]


def ledger_adds_up(t: Table) -> bool:
    return all(p.score == sum(e.points for e in t.state.ledger if e.seat == p.seat) for p in t.state.players)


def thrower(t: Table) -> int:
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow), phase
    return phase.thrower


def bevues(t: Table) -> list[int]:
    return [e.seat for e in t.effects if isinstance(e, BevueGiven)]


def turns(t: Table) -> list[int]:
    return [e.seat for e in t.effects if isinstance(e, TurnStarted)]


def cul_de_chouette(t: Table) -> None:
    """The thrower makes a Cul de Chouette of 1 (+50), which ends the turn at once."""
    t.throw(1, 1, 1)


# --- R2.2: no-negative mode -------------------------------------------------------------------


def test_R2_2_a_loss_that_would_go_below_zero_stops_at_zero() -> None:
    """R2.2: "A loss that would take a score below 0 stops at 0"."""
    t = make()
    scores_at(t, 0, 5, 0)
    bevue(t, 2)
    assert moves(t) == [(2, -5, "bevue")]  # 5 - 10 would be -5: stops at 0, so -5
    assert t.scores == [0, 0, 0]
    assert ledger_adds_up(t)


def test_R2_2_negative_mode_has_no_floor() -> None:
    """R2.2 is the no-negative mode only: with negative scores, 5 - 10 = -5."""
    t = make(negative=True)
    scores_at(t, 0, 5, 0)
    bevue(t, 2)
    assert moves(t) == [(2, -10, "bevue")]
    assert t.scores == [0, -5, 0]


def test_R2_2_a_player_at_zero_loses_nothing_and_every_other_player_gains() -> None:
    """R2.2: "A player at 0 who would lose N points loses nothing; instead every other ... gains N"."""
    t = make()
    scores_at(t, 20, 0, 7)
    bevue(t, 2)
    assert sorted(moves(t)) == [(1, 10, "bevue"), (3, 10, "bevue")]
    assert t.scores == [30, 0, 17]  # 20 + 10, 0, 7 + 10
    assert ledger_adds_up(t)


def test_R2_2_a_suite_lost_at_zero_pays_the_others() -> None:
    """R2.2: the Suite's -10 for a player at 0 becomes +10 to each other player."""
    t = make()
    scores_at(t, 50, 0, 50)
    t.throw(4, 6, 5)
    t.shouts((1, 100), (3, 120), (2, 300))  # Perceval (at 0) is last
    assert sorted(moves(t)) == [(1, 10, "suite"), (3, 10, "suite")]
    assert t.scores == [60, 0, 60]


def test_R2_2_winner_gets_the_full_stake_when_the_payer_stops_at_zero() -> None:
    """R2.2: "A winner always gets the full amount, even when the payer stops at 0"."""
    t = make()
    scores_at(t, 35, 200, 0)
    t.throw(6, 2, 1)  # Arthur: Néant, Grelottine (35 >= 30)
    t.throw(5, 3, 1)  # Perceval: Néant, Grelottine
    t.shout(1, Shout.GRELOTTINE, target=2)
    t.settle()
    assert isinstance(t.state.phase, GrelottineStake)
    # the cap is set when the challenge is launched: ceil(35 / 3) = 12 on a Chouette
    for _ in range(3):
        bevue(t, 1)  # 35 -> 25 -> 15 -> 5 before the stake
    t.shout(1, Shout.STAKE, value=12, combination="chouette")
    t.throw(5, 2, 5)  # Perceval makes the Chouette at once: the challenge succeeds
    grelottine = [m for m in moves(t) if m[2] == "grelottine"]
    assert sorted(grelottine) == [(1, -5, "grelottine"), (2, 12, "grelottine")]  # 5 - 12 stops at 0
    t.settle()  # the Chouette of 5 itself: +25
    assert t.scores == [0, 200 + 12 + 25, 0]
    assert ledger_adds_up(t)


# --- R2.3: negative mode ----------------------------------------------------------------------


def test_R2_3_a_player_reaching_minus_343_is_out() -> None:
    """R2.3: "a player at or below −343 is out of the game"."""
    t = make(negative=True)
    scores_at(t, 0, -333, 0)
    bevue(t, 2)  # -333 - 10 = -343: reached
    assert PlayerOut(2) in t.last
    assert not t.state.player(2).active
    assert t.state.active_seats == (1, 3)


def test_R2_3_minus_342_is_still_in_the_game() -> None:
    """R2.3: "at or below −343": −342 is not out."""
    t = make(negative=True)
    scores_at(t, 0, -332, 0)
    bevue(t, 2)  # -342
    assert t.state.player(2).active
    assert not any(isinstance(e, PlayerOut) for e in t.effects)


def test_R2_3_an_out_player_is_skipped_and_cannot_shout() -> None:
    """R2.3: out of the game: no more turns, and their shouts are refused (state unchanged)."""
    t = make(negative=True)
    scores_at(t, 0, -340, 0)
    bevue(t, 2)  # -350: out
    cul_de_chouette(t)  # Arthur
    assert thrower(t) == 3  # Perceval's seat is skipped
    before = t.state
    effects = t.shout(2, Shout.PAS_MOU_LE_CAILLOU)
    assert [type(e) for e in effects] == [Rejected]
    assert t.state.players == before.players and t.state.phase == before.phase
    assert t.state.ledger == before.ledger


def test_R2_3_an_out_player_cannot_come_back_through_chante_sloubi() -> None:
    """R2.3: "cannot come back through Chante-Sloubi" — a newcomer still can."""
    t = make(negative=True)
    scores_at(t, 0, -350, 0)
    assert not t.state.player(2).active
    back = t.feed(ScribeJoin(t.wait(5), 4, "Perceval"))
    assert [e.code for e in back if isinstance(e, Rejected)] == ["player_out"]
    assert not t.state.has_seat(4)
    new = t.feed(ScribeJoin(t.wait(5), 4, "Bohort"))
    assert PlayerJoined(4, "Bohort") in new


def test_R2_3_the_last_player_left_in_the_game_wins() -> None:
    """R2.3 with R2.4: with two players, when one is out the other is the only one left and wins."""
    t = make(negative=True, names=["Arthur", "Perceval"])
    scores_at(t, -20, -340)
    bevue(t, 2)
    assert GameOver((1,)) in t.last
    assert t.state.winners == (1,)


# --- R2.4: the end of the game ----------------------------------------------------------------


def test_R2_4_the_game_ends_as_soon_as_a_player_reaches_343() -> None:
    """R2.4: "The game ends as soon as an event leaves one or more players at or above 343"."""
    t = make()
    scores_at(t, 327, 100, 0)
    t.throw(4, 4, 1)
    t.settle()  # Chouette of 4: 327 + 16 = 343
    assert t.score(1) == 343
    assert GameOver((1,)) in t.effects
    assert isinstance(t.state.phase, Finished) and t.state.winners == (1,)


def test_R2_4_342_does_not_end_the_game() -> None:
    """R2.4: "at or above 343": 326 + 16 = 342 plays on."""
    t = make()
    scores_at(t, 326, 0, 0)
    t.throw(4, 4, 1)
    t.settle()
    assert t.score(1) == 342
    assert not t.state.over and thrower(t) == 2


def test_R2_4_the_highest_score_wins_when_several_pass_343() -> None:
    """R2.4: "The highest score wins"."""
    t = make()
    scores_at(t, 340, 335, 0)
    bevue(t, 3)  # at 0: +10 to each other player: 350 and 345
    assert t.scores == [350, 345, 0]
    assert t.state.winners == (1,)


def test_R2_4_equal_highest_scores_share_the_win() -> None:
    """R2.4: "equal highest scores share the win"."""
    t = make()
    scores_at(t, 333, 333, 0)
    bevue(t, 3)  # 333 + 10 = 343 each
    assert GameOver((1, 2)) in t.last
    assert t.state.winners == (1, 2)


def test_R2_4_nothing_more_happens_once_the_game_is_over() -> None:
    """R2.4: the game is over: a 1-2-3 reaching 343 opens no Suite race, and shouts are refused."""
    t = make()
    scores_at(t, 325, 0, 0)
    t.throw(2, 3, 1)  # Velute of 3: 325 + 18 = 343
    assert t.state.winners == (1,)
    assert not any(isinstance(e, RaceOpened) for e in t.last)
    before = t.state
    refused = t.shout(2, Shout.GRELOTTE_CA_PICOTE)
    assert [e.code for e in refused if isinstance(e, Rejected)] == ["game_over"]
    assert t.state.players == before.players and t.state.ledger == before.ledger
    assert t.state.inputs == before.inputs + 1  # only the record's input count moves
    with pytest.raises(IllegalInputError):
        engine.check(t.state, Announcement(t.wait(5), 3, Shout.TAP))


# --- R2.5: several changes in one event -------------------------------------------------------


@pytest.mark.parametrize(
    "order",
    [((1, 100), (2, 105)), ((2, 105), (1, 100)), ((2, 100), (1, 105)), ((1, 105), (2, 100))],
)
def test_R2_5_changes_of_one_event_are_computed_on_the_scores_before_it(
    order: tuple[tuple[int, float], ...],
) -> None:
    """R2.5: "every change is computed against the scores before the event"; the order never matters."""
    t = make()
    scores_at(t, 5, 0, 0)
    cul_de_chouette(t)  # Arthur +50
    cul_de_chouette(t)  # Perceval +50
    scores_at(t, 5, 0, 0)
    t.throw(1, 2, 1)  # Karadoc: Chouette-Velute of 2 (8 points)
    t.shouts(*order)  # Arthur and Perceval simultaneous first, in either edge and arrival order
    t.settle()
    # Arthur (5) loses 8: stops at 0, -5. Perceval (0) loses nothing: Arthur and Karadoc gain 8.
    # Arthur: 5 - 5 + 8 = 8 (not 5 + 8 - 8 = 5, which would apply the gift first).
    assert t.scores == [8, 0, 8]
    assert sorted(m for m in moves(t) if m[2] == "chouette_velute") == [
        (1, -5, "chouette_velute"),
        (1, 8, "chouette_velute"),
        (3, 8, "chouette_velute"),
    ]
    assert ledger_adds_up(t)


# --- R3.1: who starts -------------------------------------------------------------------------


def test_R3_1_each_player_throws_one_die_in_seat_order_and_the_lowest_starts() -> None:
    """R3.1: "each player throws one die in seat order, prompted on the display. The lowest starts"."""
    t = make(start=None)
    assert isinstance(t.state.phase, ThrowOff) and t.state.phase.contenders == (1, 2, 3)
    assert Prompt("ARTHUR : LANCEZ UN DÉ", (1,)) in t.effects
    t.one_die(4)
    assert Prompt("PERCEVAL : LANCEZ UN DÉ", (2,)) in t.last
    t.one_die(2)
    t.one_die(5)
    assert TurnStarted(2) in t.last
    assert thrower(t) == 2
    assert t.state.ledger == ()  # the start throw-off scores nothing


def test_R3_1_players_tied_for_lowest_throw_again_until_one_is_left() -> None:
    """R3.1: "Players tied for lowest throw again, until one player is left"."""
    t = make(start=None)
    t.one_die(3)
    t.one_die(6)
    t.one_die(3)  # Arthur and Karadoc tied on 3
    phase = t.state.phase
    assert isinstance(phase, ThrowOff) and phase.contenders == (1, 3) and phase.values == ()
    t.one_die(5)
    t.one_die(5)  # tied again
    assert isinstance(t.state.phase, ThrowOff) and t.state.phase.contenders == (1, 3)
    t.one_die(4)
    t.one_die(1)
    assert thrower(t) == 3
    assert turns(t) == [3]


def test_R3_1_a_cocked_throw_off_die_is_thrown_again_without_bevue() -> None:
    """R3.1 with R3.3: a throw-off die that is not flat is thrown again, with no Bévue."""
    t = make(start=None)
    t.one_die(None)
    assert isinstance(t.state.phase, ThrowOff) and t.state.phase.values == ()
    t.one_die(2)
    t.one_die(3)
    t.one_die(4)
    assert thrower(t) == 1
    assert bevues(t) == []


def test_texte_deroulement_the_smallest_die_starts_and_play_goes_counter_clockwise() -> None:
    """Déroulement : "celui qui fait le plus petit score commence ... dans le sens inverse des aiguilles"."""
    t = make(start=None)
    for value in (6, 4, 1):
        t.one_die(value)
    for _ in range(4):
        cul_de_chouette(t)
    assert turns(t) == [3, 1, 2, 3, 1]


# --- R3.2: turn order -------------------------------------------------------------------------


def test_R3_2_turns_go_up_the_seat_numbers_and_wrap_around() -> None:
    """R3.2: "After the starting player, turns go up the seat numbers and wrap around"."""
    t = make(start=2, names=["Arthur", "Perceval", "Karadoc", "Lancelot"])
    for _ in range(5):
        cul_de_chouette(t)
    assert turns(t) == [2, 3, 4, 1, 2, 3]


def test_R3_2_a_player_out_of_the_game_is_skipped() -> None:
    """R3.2 with R2.3: the order skips players who are out."""
    t = make(negative=True, start=1, names=["Arthur", "Perceval", "Karadoc", "Lancelot"])
    scores_at(t, 0, 0, -400, 0)  # Karadoc out at once
    for _ in range(4):
        cul_de_chouette(t)
    assert turns(t) == [1, 2, 4, 1, 2]


def test_R3_2_a_player_put_out_before_their_throw_passes_the_turn() -> None:
    """R3.2 with R2.3: the next thrower is put out (the scribe's Bévue): the turn goes to the next seat."""
    t = make(negative=True)
    scores_at(t, 0, -335, 0)
    cul_de_chouette(t)  # Arthur; now Perceval's turn
    assert thrower(t) == 2
    bevue(t, 2)  # -345: out
    assert thrower(t) == 3


# --- R3.3: a normal throw, and the tray Bévues ------------------------------------------------


def test_texte_deroulement_two_dice_then_the_third_and_the_thrower_scores() -> None:
    """Déroulement : "le joueur lance deux dés (les chouettes), puis le troisième (le cul)" ... les points."""
    t = make()
    cul_de_chouette(t)  # Arthur
    t.chouettes(5, 2)
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.stage == Stage.CUL and len(phase.held) == 2
    t.cul(3)  # Velute of 5: 2 x 25 = 50, to Perceval who threw
    assert moves(t) == [(1, 50, "cul_de_chouette"), (2, 50, "velute")]


def test_texte_deroulement_needs_two_players_at_least() -> None:
    """Déroulement : "à deux joueurs minimum"."""
    with pytest.raises(ConfigurationError):
        make(names=["Arthur"])
    assert make(names=["Arthur", "Perceval"]).state.active_seats == (1, 2)


def test_R3_3_three_dice_at_once_is_a_bevue_and_the_throw_is_taken_again() -> None:
    """R3.3: "Throwing three dice at once is a Bévue ...; the throw is then taken again"."""
    t = make()
    scores_at(t, 50, 0, 0)
    t.three_at_once(6, 6, 6)
    assert bevues(t) == [1]
    assert moves(t) == [(1, -10, "bevue")]
    assert thrower(t) == 1 and t.state.phase.stage == Stage.CHOUETTES  # type: ignore[union-attr]
    t.throw(2, 3, 5)  # the throw taken again counts: Velute of 5, +50
    assert t.scores == [90, 0, 0]  # 50 - 10 + 50


def test_R3_3_the_cul_first_is_a_bevue_and_the_throw_is_taken_again() -> None:
    """R3.3: "... and so is throwing the cul first; the throw is then taken again"."""
    t = make()
    scores_at(t, 50, 0, 0)
    t.one_die(4)
    assert moves(t) == [(1, -10, "bevue")]
    assert thrower(t) == 1 and t.state.phase.stage == Stage.CHOUETTES  # type: ignore[union-attr]
    assert not any(isinstance(e, ThrowRead) for e in t.effects)


@pytest.mark.parametrize("stage", ["chouettes", "cul"])
def test_R3_3_a_die_that_leaves_the_tray_is_a_bevue(stage: str) -> None:
    """R3.3: "A die that leaves the tray is a Bévue"."""
    t = make()
    scores_at(t, 50, 0, 0)
    if stage == "cul":
        t.chouettes(3, 4)
        t.off_tray(3, 4)  # the cul flies off the tray
    else:
        t.off_tray(5)  # a chouette flies off
    assert moves(t) == [(1, -10, "bevue")]
    assert thrower(t) == 1 and t.state.phase.stage == Stage.CHOUETTES  # type: ignore[union-attr]


def test_R3_3_a_cocked_chouette_is_thrown_again_without_bevue() -> None:
    """R3.3: "A die resting cocked (not flat) is not read: the thrower throws it again, with no Bévue"."""
    t = make()
    t.chouettes(3, None)
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.need == 1 and phase.stage == Stage.CHOUETTES
    t.rethrow([1], [3])
    t.cul(3)
    assert bevues(t) == []
    assert moves(t) == [(1, 70, "cul_de_chouette")]  # 40 + 10 x 3


def test_R3_3_a_cocked_cul_is_thrown_again_without_bevue() -> None:
    """R3.3: a cocked cul is not read and is thrown again; the chouettes stay as read."""
    t = make()
    t.chouettes(2, 5)
    t.cul(None)
    assert not any(isinstance(e, ThrowRead) for e in t.effects)
    t.rethrow([2], [None])  # cocked again
    t.rethrow([2], [3])
    assert bevues(t) == []
    assert moves(t) == [(1, 50, "velute")]  # 2 + 3 = 5: 2 x 25


def test_R3_3_dice_that_stay_keep_their_ids_and_a_bump_is_no_throw() -> None:
    """R3.3: the chouettes that stay keep their ids: a rest with the same dice, nudged, is no throw."""
    t = make()
    t.chouettes(6, 1)
    held = t.state.tray
    nudged = tuple(RestingDie(d.die_id, d.value, d.x + 3, d.y + 1) for d in held)
    t.feed(TrayMotion(t.wait(500)))
    t.feed(TrayAtRest(t.wait(300), nudged))
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.stage == Stage.CUL
    assert not any(isinstance(e, ThrowRead) for e in t.effects)
    cul = RestingDie(max(d.die_id for d in held) + 100, 5, 40.0, 0.0)
    t.feed(TrayMotion(t.wait(500)))
    t.feed(TrayAtRest(t.wait(300), (*nudged, cul)))
    assert [e.dice for e in t.effects if isinstance(e, ThrowRead)] == [(6, 1, 5)]
    assert moves(t) == [(1, 72, "velute")]  # 1 + 5 = 6: 2 x 36


def test_R3_3_the_cul_knocking_a_chouette_counts_the_dice_as_they_lie() -> None:
    """R3.3 (docs/rules.md): the cul knocks a chouette: the moved one is the new die nearest its place."""
    t = make()
    t.chouettes(5, 2)
    first, second = t.state.tray  # 5 at x=10, 2 at x=20
    knocked = RestingDie(500, 3, second.x + 2, 0.0)  # the 2 rolled over to 3, near where it lay
    cul = RestingDie(501, 2, 60.0, 0.0)
    t.feed(TrayMotion(t.wait(500)))
    t.feed(TrayAtRest(t.wait(300), (first, cul, knocked)))
    assert [e.dice for e in t.effects if isinstance(e, ThrowRead)] == [(5, 3, 2)]  # chouettes 5, 3; cul 2
    assert moves(t) == [(1, 50, "velute")]  # 3 + 2 = 5: 2 x 25
    assert bevues(t) == []


def test_R3_3_a_knocked_chouette_left_cocked_is_thrown_again() -> None:
    """R3.3: the cul knocks a chouette, which rests cocked: it is thrown again, no Bévue, no crash."""
    t = make()
    t.chouettes(2, 5)
    first, second = t.state.tray
    knocked = RestingDie(500, None, second.x + 2, 0.0)  # cocked where the 5 lay
    cul = RestingDie(501, 4, 60.0, 0.0)
    t.feed(TrayMotion(t.wait(500)))
    t.feed(TrayAtRest(t.wait(300), (first, knocked, cul)))
    assert not any(isinstance(e, ThrowRead) for e in t.effects)
    again = RestingDie(502, 6, second.x, 0.0)
    t.feed(TrayMotion(t.wait(500)))
    t.feed(TrayAtRest(t.wait(300), (first, cul, again)))
    assert [e.dice for e in t.effects if isinstance(e, ThrowRead)] == [(2, 4, 6)]
    assert moves(t) == [(1, 72, "velute")]  # 2 + 4 = 6: 2 x 36
    assert bevues(t) == []


# --- the paragraph on negative scores ---------------------------------------------------------


def test_texte_scores_negatifs_without_negatives_a_score_is_brought_back_to_zero() -> None:
    """Scores négatifs : "[...] son score est ramené à zéro" — a Suite lost at 4 leaves 0, not -6."""
    t = make()
    scores_at(t, 50, 4, 50)
    t.throw(2, 3, 4)
    t.shouts((1, 100), (3, 110), (2, 250))
    assert t.score(2) == 0
    assert moves(t) == [(2, -4, "suite")]


def test_texte_scores_negatifs_at_zero_even_a_bevue_pays_the_others() -> None:
    """Scores négatifs : "à zéro il ne peut pas perdre de point (y compris en cas de Bévue)"."""
    t = make()
    t.three_at_once(1, 2, 3)  # Arthur, at 0
    assert t.scores == [0, 10, 10]


def test_texte_scores_negatifs_with_negatives_minus_343_is_out() -> None:
    """Scores négatifs : "tout joueur qui atteint ou dépasse -343 points est automatiquement sorti du jeu"."""
    t = make(negative=True)
    scores_at(t, 0, 0, -335)
    t.throw(2, 3, 4)
    t.shouts((1, 100), (2, 110), (3, 250))  # Karadoc last: -335 - 10 = -345
    assert not t.state.player(3).active
    assert PlayerOut(3) in t.last
    assert thrower(t) == 2


def test_texte_scores_negatifs_no_grelottine_challenge_below_zero() -> None:
    """Scores négatifs : "pas possible de lancer un défi Grelottine si soi-même ... inférieur à 0"."""
    t = make(negative=True)
    scores_at(t, -5, 50, 0)
    t.throw(6, 2, 1)  # Arthur: Néant at -5, still a Grelottine in negative mode
    t.throw(5, 3, 1)  # Perceval: Néant
    assert t.state.player(1).grelottine and t.state.player(2).grelottine
    t.shout(1, Shout.GRELOTTINE, target=2)
    t.settle()
    assert bevues(t) == [1]
    assert t.score(1) == -15  # -5 - 10
    assert t.state.player(1).grelottine  # the challenge is not launched: the Grelottine is kept
    assert thrower(t) == 3


def test_texte_scores_negatifs_no_grelottine_challenge_against_a_target_below_zero() -> None:
    """Scores négatifs : "... si ... le joueur ciblé a un score inférieur à 0 ... c'est une Bévue"."""
    t = make(negative=True)
    scores_at(t, 50, -5, 0)
    t.throw(6, 2, 1)
    t.throw(5, 3, 1)
    t.shout(1, Shout.GRELOTTINE, target=2)
    t.settle()
    assert bevues(t) == [1]
    assert t.state.player(1).grelottine and t.state.player(2).grelottine


def test_texte_scores_negatifs_with_negatives_a_civet_may_stake_more_than_one_has() -> None:
    """Scores négatifs : "pas de restriction pour le Civet ; il est possible de parier plus que l'on a"."""
    t = make(negative=True)
    t.throw(6, 6, 3)
    t.shout(1, Shout.JE_SIROTE)
    t.shout(2, Shout.COUCHE_SIROP)
    t.shout(3, Shout.COUCHE_SIROP)
    t.sirotage(2)  # failed sirotage of 6: -36 and a Civet
    assert t.score(1) == -36 and t.state.player(1).civet
    cul_de_chouette(t)  # Perceval
    cul_de_chouette(t)  # Karadoc
    t.shout(1, Shout.CIVET, value=50, combination="velute")
    assert bevues(t) == []
    assert [(b.seat, b.amount) for b in t.state.civet_bets] == [(1, 50)]


def test_R3_3_a_throw_off_die_that_leaves_the_tray_is_a_bevue() -> None:
    """R3.3: "A die that leaves the tray is a Bévue" — in the start throw-off too; the die is thrown again."""
    t = make(start=None)
    scores_at(t, 20, 20, 20)
    t.one_die(3)
    t.off_tray()  # Perceval's die flies off the tray
    assert moves(t) == [(2, -10, "bevue")]
    phase = t.state.phase
    assert isinstance(phase, ThrowOff) and phase.values == (3,)
    t.one_die(1)
    t.one_die(2)
    assert thrower(t) == 2
