"""Civet (R8, « Le Civet ») and Chante-Sloubi (R7, « Le Chante-Sloubi »)."""

from __future__ import annotations

from dataclasses import replace

from culdechouette_box.rules import engine
from culdechouette_box.rules.config import RulesConfig
from culdechouette_box.rules.effects import BevueGiven, ItemChanged, PlayerJoined, Rejected
from culdechouette_box.rules.inputs import (
    Announcement,
    Input,
    ScribeAdjust,
    ScribeJoin,
    ScribeSong,
    Shout,
    SongResult,
)
from culdechouette_box.rules.state import AwaitingThrow, ChallengeContext, SloubiSong, Stage
from culdechouette_box.rules.table import Table

NEANT = (1, 3, 6)
SETUP = ("scribe", "sirop")


def table(negative: bool = False, players: int = 3) -> Table:
    names = ["Arthur", "Perceval", "Karadoc"][:players]
    return Table(names, config=RulesConfig(negative_scores=negative))


def give(t: Table, seat: int, points: int) -> None:
    t.feed(ScribeAdjust(t.wait(1), seat, points))


def entries(t: Table, seat: int) -> list[tuple[str, int]]:
    """The seat's ledger as (rule, points), without the set-up (scribe, the Civet's sirotage)."""
    return [(e.rule, e.points) for e in t.state.ledger if e.seat == seat and e.rule not in SETUP]


def bevues(t: Table) -> list[int]:
    return [e.seat for e in t.effects if isinstance(e, BevueGiven)]


def assert_rejected(t: Table, inp: Input, code: str) -> None:
    """The input is refused and the state is as it was (but for the input count)."""
    before = t.state
    t.feed(inp)
    assert [type(e) for e in t.last] == [Rejected]
    assert t.last[0].code == code  # type: ignore[union-attr]
    assert replace(t.state, inputs=before.inputs) == before


def sirote(t: Table, seat: int, dice: tuple[int, int, int], new: int) -> None:
    """`seat`, whose turn it is, throws a Chouette and sirotes it to `new`; the others say
    "Couche-Sirop"."""
    t.throw(*dice)
    t.shout(seat, Shout.JE_SIROTE)
    for other in t.state.active_seats:
        if other != seat:
            t.shout(other, Shout.COUCHE_SIROP)
    t.sirotage(new)


def fail_sirotage_of_6(t: Table, seat: int) -> None:
    """A failed sirotage of 6 gives a Civet (R5.6)."""
    sirote(t, seat, (6, 2, 6), 3)
    t.settle()


def with_civet(arthur: int = 136, negative: bool = False) -> Table:
    """Arthur starts with `arthur` points and wins a Civet (−36); then Perceval and Karadoc throw a
    Néant: it is Arthur's turn again."""
    t = table(negative)
    give(t, 1, arthur)
    fail_sirotage_of_6(t, 1)
    assert t.state.player(1).civet
    t.throw(*NEANT)
    t.throw(*NEANT)
    return t


def civet(t: Table, seat: int, amount: int, combination: str) -> None:
    t.shout(seat, Shout.CIVET, value=amount, combination=combination)


def perceval_challenges_arthur(t: Table, combination: str, stake: int) -> None:
    """At Arthur's turn: Arthur and Perceval (given 100) throw a Néant each, and Perceval challenges
    Arthur between turns."""
    give(t, 2, 100)
    t.throw(*NEANT)
    t.throw(*NEANT)
    t.shout(2, Shout.GRELOTTINE, target=1)
    t.tick(50)
    t.shout(2, Shout.STAKE, combination=combination, value=stake)


def t_civet(t: Table, seat: int, amount: int, combination: str) -> Input:
    """A "Civet de `amount` sur `combination` !" input, not yet fed."""
    return Announcement(t.wait(100), seat, Shout.CIVET, value=amount, combination=combination)


# --- R8.1: one Civet at a time; when it is staked ---------------------------------------------


def test_R8_1_a_civet_is_held_one_at_a_time() -> None:
    """R8.1 : « Le Civet étant non cumulable » : un second sirotage de 6 raté n'en donne pas un autre."""
    t = with_civet(arthur=200)
    fail_sirotage_of_6(t, 1)
    gained = [e for e in t.effects if isinstance(e, ItemChanged) and e.item == "civet"]
    assert gained == [ItemChanged(1, "civet", True)]
    assert t.state.player(1).civet


def test_R8_1_the_civet_is_staked_before_ones_own_chouettes() -> None:
    """R8.1 : le Civet se mise « avant de lancer ses chouettes » ; après, il est trop tard."""
    t = with_civet()
    t.chouettes(2, 5)
    assert_rejected(t, t_civet(t, 1, 20, "velute"), "civet_too_late")
    assert t.state.player(1).civet


def test_R8_1_a_civet_staked_during_another_turn_covers_ones_own_next_throw() -> None:
    """R8.1 : misé pendant le tour d'un autre, le Civet porte sur le prochain lancer du joueur."""
    t = table()
    give(t, 1, 136)
    fail_sirotage_of_6(t, 1)
    civet(t, 1, 30, "velute")  # during Perceval's turn
    assert not t.state.player(1).civet
    t.throw(2, 3, 5)  # Perceval's Velute does not settle Arthur's Civet
    t.throw(*NEANT)
    assert entries(t, 1) == []
    t.throw(1, 3, 4)  # Arthur's Velute of 4: 2 × 16 = 32
    assert entries(t, 1) == [("civet", 30), ("velute", 32)]


def test_R8_1_the_challenged_stakes_before_the_first_throw_and_it_covers_the_final_combination() -> None:
    """R8.1 : « avant de commencer un défi Grelottine (deux lancers sont alors autorisés) »."""
    t = with_civet(arthur=166)  # 166 − 36 = 130
    perceval_challenges_arthur(t, "velute", 10)
    civet(t, 1, 40, "velute")  # Arthur, the challenged, before the first throw
    t.throw(*NEANT)  # the first throw does not settle the Civet
    assert entries(t, 1) == []
    t.rethrow([0], [5])  # 5, 3, 6: no Velute (5 + 3 ≠ 6), the challenge and the Civet fail
    assert entries(t, 1) == [("grelottine", -10), ("civet", -40)]
    assert t.score(1) == 80  # 130 − 10 − 40


def test_R8_1_a_civet_on_a_sirop_grelot_is_settled_on_the_cul_de_chouette_of_the_sirotage() -> None:
    """R8.1 : le Civet du défié porte sur la combinaison finale du défi, ici le Cul de Chouette siroté."""
    t = with_civet(arthur=166)
    perceval_challenges_arthur(t, "sirop_grelot", 3)  # cap ceil(100 × 3 %) = 3
    civet(t, 1, 50, "cul_de_chouette")
    sirote(t, 1, (4, 4, 1), 4)
    assert entries(t, 1) == [("grelottine", 3), ("civet", 50)]
    assert t.score(1) == 130 + 3 + 50 + 80  # stake, Civet, Cul de Chouette of 4 (40 + 40)
    assert t.state.civet_bets == ()


def test_R8_1_a_civet_is_judged_on_the_throw_after_its_sirotage() -> None:
    """R8.1 / R5.3 : « Toute combinaison réalisée après le Sirotage est valable », pour le Civet aussi."""
    t = with_civet()
    civet(t, 1, 25, "cul_de_chouette")
    sirote(t, 1, (5, 5, 2), 5)
    assert entries(t, 1) == [("civet", 25)]
    assert t.score(1) == 100 + 25 + 90  # Cul de Chouette of 5: 40 + 50


def test_R8_1_a_civet_on_a_chouette_is_lost_by_a_successful_sirotage() -> None:
    """R8.1 : le Civet porte sur les dés après le sirotage : un Cul de Chouette n'est pas une Chouette."""
    t = with_civet()  # Arthur 100
    civet(t, 1, 30, "chouette")
    sirote(t, 1, (2, 2, 6), 2)
    assert entries(t, 1) == [("civet", -30)]
    assert t.score(1) == 100 - 30 + 60  # Cul de Chouette of 2: 40 + 20


def test_R8_1_a_civet_on_a_chouette_is_won_when_a_failed_sirotage_leaves_the_pair() -> None:
    """R8.1 : après un sirotage raté, les dés montrent encore une Chouette : le Civet est gagné."""
    t = with_civet()  # Arthur 100
    civet(t, 1, 30, "chouette")
    sirote(t, 1, (2, 2, 6), 5)  # 2, 2, 5: the sirotage of 2 fails (−4)
    t.settle()
    assert entries(t, 1) == [("civet", 30)]
    assert t.score(1) == 100 + 30 - 4


def test_R8_1_a_civet_on_a_chouette_velute_is_won_by_the_rethrow_of_a_failed_sirotage() -> None:
    """R8.1 / R5.3 : la Chouette-Velute faite par la relance d'un sirotage raté vaut pour le Civet."""
    t = with_civet()  # Arthur 100
    civet(t, 1, 30, "chouette_velute")
    sirote(t, 1, (1, 1, 5), 2)  # 1, 1, 2: the sirotage of 1 fails (−1), a Chouette-Velute of 2
    t.shout(2, Shout.PAS_MOU_LE_CAILLOU)
    t.settle()
    assert entries(t, 1) == [("civet", 30)]
    assert t.score(1) == 100 + 30 - 1
    assert entries(t, 2) == [("chouette_velute", 8)]  # 2 × 2² to the first shout


def test_R8_1_no_civet_once_ones_chouette_is_on_the_table() -> None:
    """R8.1 : pendant la fenêtre « Je sirote » de sa propre Chouette, il est trop tard pour miser."""
    t = with_civet()
    t.throw(3, 3, 5)
    assert_rejected(t, t_civet(t, 1, 20, "chouette"), "civet_too_late")


# --- R8.2: the stake, the outcome, Lance-Civet -----------------------------------------------


def test_R8_2_success_pays_the_stake_and_the_combination() -> None:
    """R8.2 : « S'il réussit son Civet, il gagne les points mis en jeu ainsi que ceux de la combinaison »."""
    t = with_civet()  # Arthur 100
    civet(t, 1, 100, "velute")
    t.throw(6, 2, 4)  # Velute of 6: 2 × 36 = 72
    assert entries(t, 1) == [("civet", 100), ("velute", 72)]
    assert t.score(1) == 272  # 100 + 100 + 72


def test_R8_2_failure_costs_the_stake_and_the_combination_still_scores() -> None:
    """R8.2 : « s'il échoue, il perd les points de sa mise, mais gagne ceux de la combinaison »."""
    t = with_civet()  # Arthur 100
    civet(t, 1, 20, "cul_de_chouette")
    t.throw(2, 3, 5)  # Velute of 5: 50
    assert entries(t, 1) == [("civet", -20), ("velute", 50)]
    assert t.score(1) == 130  # 100 − 20 + 50
    assert all(p.score == sum(e.points for e in t.state.ledger if e.seat == p.seat) for p in t.state.players)


def test_R8_2_the_stake_is_1_to_102() -> None:
    """R8.2 : « La mise est de 1 pt minimum et 102 pts maximum »."""
    t = with_civet(arthur=200, negative=True)
    assert_rejected(t, t_civet(t, 1, 0, "chouette"), "bad_civet")
    assert_rejected(t, t_civet(t, 1, 103, "chouette"), "bad_civet")
    civet(t, 1, 102, "chouette")
    assert not t.state.player(1).civet
    t.throw(*NEANT)
    assert entries(t, 1) == [("civet", -102)]


def test_R8_2_no_negative_staking_more_than_ones_score_is_a_bevue_and_the_civet_is_kept() -> None:
    """R8.2 : [il est interdit de miser plus que son score, sinon il y a Bévue]."""
    t = with_civet(arthur=86)  # 86 − 36 = 50
    civet(t, 1, 51, "chouette")
    assert bevues(t) == [1]
    assert t.score(1) == 40
    assert t.state.player(1).civet and t.state.civet_bets == ()
    civet(t, 1, 40, "chouette")  # exactly one's score is allowed
    assert bevues(t) == [1]
    assert not t.state.player(1).civet


def test_R8_2_with_negative_scores_one_may_stake_more_than_ones_score() -> None:
    """Scores négatifs : « Il n'y a pas de restriction pour le Civet ; il est possible de parier plus »."""
    t = with_civet(arthur=46, negative=True)  # 46 − 36 = 10
    civet(t, 1, 60, "suite")
    t.throw(*NEANT)
    assert bevues(t) == []
    assert t.score(1) == -50  # 10 − 60


def test_R8_2_lance_civet_gives_the_civet_away() -> None:
    """R8.2 : « Un joueur peut donner son Civet à un autre joueur qui doit obligatoirement l'accepter »."""
    t = with_civet()
    t.shout(1, Shout.LANCE_CIVET, target=3)
    assert [p.civet for p in t.state.players] == [False, False, True]
    assert bevues(t) == []


def test_R8_2_lance_civet_to_a_holder_is_a_bevue_and_the_giver_keeps_it() -> None:
    """R8.2 : « lance son Civet à un joueur qui en a déjà un reçoit une Bévue mais conserve son Civet »"""
    t = with_civet()
    t.throw(*NEANT)  # Arthur
    give(t, 2, 50)
    fail_sirotage_of_6(t, 2)  # Perceval wins one too
    assert [p.civet for p in t.state.players] == [True, True, False]
    t.shout(2, Shout.LANCE_CIVET, target=1)
    assert bevues(t) == [2]
    assert [p.civet for p in t.state.players] == [True, True, False]


# --- the Civet paragraph ---------------------------------------------------------------------


def test_texte_civet_de_50_sur_une_chouette() -> None:
    """« Civet de 50 (ou autre) sur une Chouette ! » : gagné par une Chouette, qui se compte aussi."""
    t = with_civet()  # Arthur 100
    civet(t, 1, 50, "chouette")
    t.throw(4, 2, 4)
    t.settle()  # no sirotage
    assert entries(t, 1) == [("civet", 50), ("chouette", 16)]
    assert t.score(1) == 166  # 100 + 50 + 4²


# --- R7: Chante-Sloubi -----------------------------------------------------------------------


def rounds(t: Table, n: int) -> None:
    """Every active player throws a Néant `n` times."""
    for _ in range(n * len(t.state.active_seats)):
        t.throw(*NEANT)


def scored(highest: int, second: int, played: int) -> Table:
    """Arthur `highest`, Perceval `second`, Karadoc 0, after `played` rounds."""
    t = table()
    give(t, 1, highest)
    give(t, 2, second)
    rounds(t, played)
    return t


def join(t: Table, seat: int = 4, name: str = "Bohort") -> None:
    t.feed(ScribeJoin(t.wait(1), seat, name))


def sing(t: Table, presses: int, gap_ms: float = 500, seat: int = 4) -> None:
    for _ in range(presses):
        t.shout(seat, after_ms=gap_ms)


def test_R7_1_the_start_score_worked_example() -> None:
    """R7.1 : floor((plus haut − deuxième) × tours / 10) : (130 − 57) × 3 / 10 = 21,9 → 21."""
    t = scored(130, 57, 3)
    join(t)
    song = t.state.phase
    assert isinstance(song, SloubiSong) and song.target == 21
    t.feed(ScribeSong(t.wait(1), SongResult.REFUSED))
    assert t.score(4) == 21
    assert [(e.rule, e.points) for e in t.state.ledger if e.seat == 4] == [("chante_sloubi", 21)]


def test_R7_1_joining_only_when_a_round_ends() -> None:
    """R7.1 : « Le Chante-Sloubi ne peut être tenté que lorsqu'un tour de jeu s'achève »."""
    t = scored(130, 57, 1)
    t.throw(*NEANT)  # Arthur has had a second turn, the others not yet
    assert_rejected(t, ScribeJoin(t.wait(1), 4, "Bohort"), "not_end_of_round")
    t.throw(*NEANT)
    t.chouettes(2, 2)  # Karadoc's turn has started
    assert_rejected(t, ScribeJoin(t.wait(1), 4, "Bohort"), "not_end_of_round")
    t.cul(5)
    t.settle()
    join(t)  # (130 − 57) × 2 / 10 = 14.6 → 14
    assert isinstance(t.state.phase, SloubiSong) and t.state.phase.target == 14


def test_R7_1_a_successful_song_multiplies_by_one_and_a_half() -> None:
    """R7.1 : « s'il y parvient sans Bévue ni interruption, il peut multiplier son score par 1,5 »."""
    t = scored(130, 57, 3)
    join(t)
    sing(t, 21)
    assert t.score(4) == 31  # 21 × 1.5 = 31.5 → 31
    assert any(isinstance(e, PlayerJoined) and e.seat == 4 for e in t.effects)


def test_R7_1_above_228_joining_is_refused() -> None:
    """R7.1 : « La limite du sloubi est de 228. Au-delà, le joueur … ne peut pas chanter »."""
    t = scored(330, 0, 7)  # 330 × 7 / 10 = 231
    assert_rejected(t, ScribeJoin(t.wait(1), 4, "Bohort"), "sloubi_too_high")
    assert not t.state.has_seat(4)


def test_R7_1_exactly_228_may_be_sung() -> None:
    """R7.1 : 228 est la limite, encore permise : 285 × 8 / 10 = 228."""
    t = scored(285, 0, 8)
    join(t)
    song = t.state.phase
    assert isinstance(song, SloubiSong) and song.target == 228


def test_R7_2_each_press_within_2_s_a_longer_gap_fails_the_song() -> None:
    """R7.2 : chaque appui doit venir moins de 2 s après le précédent ; sinon le score reste simple."""
    t = scored(130, 57, 3)
    join(t)
    sing(t, 10, gap_ms=1_900)
    t.tick(2_500)  # the singer stops at 10 of 21
    assert t.score(4) == 21
    assert t.state.turn_seat == 1 and t.state.between_turns


def test_R7_2_a_late_press_fails_the_song() -> None:
    """R7.2 : un « sloubi » arrivé plus de 2 s après le précédent interrompt la chanson."""
    t = scored(130, 57, 3)
    join(t)
    sing(t, 5)
    sing(t, 1, gap_ms=2_100)
    assert t.score(4) == 21


def test_R7_2_the_scribe_can_mark_the_song() -> None:
    """R7.2 : le scribe peut noter la chanson réussie ou ratée."""
    passed = scored(130, 57, 3)
    join(passed)
    sing(passed, 3)
    passed.feed(ScribeSong(passed.wait(1), SongResult.PASSED))
    assert passed.score(4) == 31
    failed = scored(130, 57, 3)
    join(failed)
    failed.feed(ScribeSong(failed.wait(1), SongResult.FAILED))
    assert failed.score(4) == 21


def test_R7_3_the_new_player_takes_the_free_seat_and_joins_the_turn_order_from_it() -> None:
    """R7.3 : le nouveau joueur prend le siège libre et joue à son rang dans le sens du jeu."""
    t = table()
    players = [(1, "Arthur"), (2, "Perceval"), (4, "Karadoc")]  # seat 3 is free
    t.state, _ = engine.new_game(t.config, players, 1)
    rounds(t, 1)
    assert_rejected(t, ScribeJoin(t.wait(1), 4, "Bohort"), "seat_taken")
    join(t, seat=3)  # all at 0: the start score is 0, no song
    assert t.state.player(3).score == 0
    order = []
    for _ in range(5):
        order.append(t.state.turn_seat)
        t.throw(*NEANT)
    assert order == [1, 2, 3, 4, 1]


def test_R7_3_negative_mode_an_eliminated_player_cannot_come_back() -> None:
    """Scores négatifs : « ne peut plus l'intégrer avant la prochaine partie (le Chante-Sloubi [...]) »"""
    t = table(negative=True)
    give(t, 3, -343)  # Karadoc is out
    assert not t.state.player(3).active
    rounds(t, 1)
    assert_rejected(t, ScribeJoin(t.wait(1), 4, "Karadoc"), "player_out")
    assert_rejected(t, ScribeJoin(t.wait(1), 4, " karadoc"), "player_out")  # however it is typed
    join(t, name="Bohort")
    assert t.state.has_seat(4)


# --- the Chante-Sloubi paragraph -------------------------------------------------------------


def test_texte_chante_sloubi_sans_tenir_compte_des_decimales() -> None:
    """« diviser le total par 10 (sans tenir compte des décimales) » : 5,9 → 5, et chanté 7,5 → 7."""
    t = scored(99, 40, 1)
    join(t)
    sing(t, 5)
    assert t.score(4) == 7
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.thrower == 1 and phase.stage == Stage.CHOUETTES
    assert not isinstance(phase.context, ChallengeContext)
