"""Grelottine: won on a Néant, challenges between turns, stakes, two throws (R6, « La Grelottine »)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from culdechouette_box.rules.config import RulesConfig
from culdechouette_box.rules.effects import BevueGiven, ItemChanged, Race, RaceOpened, Rejected, ThrowRead
from culdechouette_box.rules.inputs import ScribeAdjust, ScribeBevue, Shout
from culdechouette_box.rules.state import (
    AwaitingThrow,
    ChallengeContext,
    GrelottineStake,
    ShoutRace,
    Stage,
    ThrowOff,
    TurnContext,
)
from culdechouette_box.rules.table import Table

NEANT = (1, 3, 6)


def table(negative: bool = False) -> Table:
    return Table(["Arthur", "Perceval", "Karadoc"], config=RulesConfig(negative_scores=negative))


def give(t: Table, seat: int, points: int) -> None:
    t.feed(ScribeAdjust(t.wait(1), seat, points))


def holders(arthur: int, perceval: int, negative: bool = False) -> Table:
    """Arthur and Perceval start with these scores and each throw a Néant: Karadoc is next."""
    t = table(negative)
    give(t, 1, arthur)
    give(t, 2, perceval)
    t.throw(*NEANT)
    t.throw(*NEANT)
    return t


def call(t: Table, challenger: int = 1, target: int = 2) -> None:
    """A "Grelottine !" shout alone: once the tie window has passed, the challenge is launched."""
    t.shout(challenger, Shout.GRELOTTINE, target=target)
    t.tick(50)


def both_shout(t: Table, first: int, second: int, gap_ms: float) -> object:
    """`first` and `second` shout "Grelottine !" at each other `gap_ms` apart; the call is decided."""
    t.shout(first, Shout.GRELOTTINE, target=second)
    t.shout(second, Shout.GRELOTTINE, target=first, after_ms=gap_ms)
    t.tick(50)
    return t.state.phase


def challenge(t: Table, combination: str, stake: int | None = None) -> ChallengeContext:
    """Arthur challenges Perceval on `combination` for `stake` (None = "Max !")."""
    call(t)
    t.shout(1, Shout.STAKE, combination=combination, value=stake)
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and isinstance(phase.context, ChallengeContext)
    return phase.context


def assert_stake_rejected(t: Table, seat: int, combination: str, value: int) -> None:
    """The stake is refused and leaves the state as it was (but for the input count)."""
    before = t.state
    t.shout(seat, Shout.STAKE, combination=combination, value=value)
    assert [type(e) for e in t.last] == [Rejected]
    assert replace(t.state, inputs=before.inputs) == before


def sirotage(t: Table, new: int, announce: bool = True) -> None:
    """Perceval, the challenged, sirotes (saying "Je sirote" unless it is compulsory) to `new`;
    Arthur and Karadoc say "Couche-Sirop"."""
    if announce:
        t.shout(2, Shout.JE_SIROTE)
    t.shout(1, Shout.COUCHE_SIROP)
    t.shout(3, Shout.COUCHE_SIROP)
    t.sirotage(new)


def held(t: Table) -> list[bool]:
    return [p.grelottine for p in t.state.players]


def entries(t: Table, seat: int) -> list[tuple[str, int]]:
    return [(e.rule, e.points) for e in t.state.ledger if e.seat == seat and e.rule != "scribe"]


def bevues(t: Table) -> list[int]:
    return [e.seat for e in t.effects if isinstance(e, BevueGiven)]


def resumed_with(t: Table, seat: int) -> bool:
    phase = t.state.phase
    return isinstance(phase, AwaitingThrow) and phase.context == TurnContext(seat) and t.state.between_turns


# --- R6.1: a Néant gives a Grelottine --------------------------------------------------------


def test_R6_1_a_neant_gives_the_thrower_a_grelottine() -> None:
    """R6.1 : « En cas de Néant, le joueur qui a lancé les dés gagne une Grelottine »."""
    t = table(negative=True)
    t.throw(*NEANT)
    assert ItemChanged(1, "grelottine", True) in t.last
    assert held(t) == [True, False, False]
    assert t.scores == [0, 0, 0]


def test_R6_1_the_grelottine_is_not_cumulative() -> None:
    """R6.1 : « une Grelottine (non cumulable) »."""
    t = table(negative=True)
    for _ in range(4):  # Arthur, Perceval, Karadoc, Arthur again
        t.throw(*NEANT)
    gained = [e for e in t.effects if isinstance(e, ItemChanged) and e.seat == 1]
    assert gained == [ItemChanged(1, "grelottine", True)]
    assert held(t) == [True, True, True]


def test_R6_1_no_negative_a_neant_under_30_gives_nothing() -> None:
    """R6.1 : [il faut que le score soit supérieur ou égal à 30 pts] : 29 ne suffit pas, 30 suffit."""
    t = table()
    give(t, 1, 29)
    give(t, 2, 30)
    t.throw(*NEANT)
    t.throw(*NEANT)
    assert held(t) == [False, True, False]


def test_R6_1_with_negative_scores_any_score_gets_a_grelottine() -> None:
    """R6.1 : avec scores négatifs, pas de minimum pour obtenir la Grelottine."""
    t = table(negative=True)
    give(t, 1, -40)
    t.throw(*NEANT)
    assert held(t) == [True, False, False]


def test_R6_1_no_negative_a_holder_dropping_under_30_loses_it() -> None:
    """R6.1 : [Si un joueur possédant une Grelottine redescend en dessous de 30 pts, il la perd]."""
    t = holders(35, 40)
    t.feed(ScribeBevue(t.wait(1), 1))  # 35 − 10 = 25
    assert ItemChanged(1, "grelottine", False) in t.last
    assert held(t) == [False, True, False]


def test_R6_1_with_negative_scores_a_holder_under_30_keeps_it() -> None:
    """R6.1 : la perte sous 30 ne vaut que sans scores négatifs."""
    t = holders(35, 40, negative=True)
    t.feed(ScribeBevue(t.wait(1), 1))
    assert t.score(1) == 25
    assert held(t) == [True, True, False]


# --- R6.2: who may challenge, and when -------------------------------------------------------


def test_R6_2_a_challenge_between_turns_uses_up_both_grelottines() -> None:
    """R6.2 : lancer le défi consomme les deux Grelottines."""
    t = holders(100, 80)
    call(t)
    assert ItemChanged(1, "grelottine", False) in t.effects
    assert ItemChanged(2, "grelottine", False) in t.effects
    assert held(t) == [False, False, False]
    phase = t.state.phase
    assert isinstance(phase, GrelottineStake) and (phase.challenger, phase.target) == (1, 2)


def test_R6_2_a_challenge_during_a_throw_is_a_bevue_and_the_grelottine_is_kept() -> None:
    """R6.2 : le défi se lance entre deux tours seulement ; sinon Bévue, défi non lancé."""
    t = holders(100, 80)
    t.chouettes(2, 5)  # Karadoc's throw is under way
    t.shout(1, Shout.GRELOTTINE, target=2)
    t.tick(50)
    assert bevues(t) == [1]
    assert entries(t, 1) == [("bevue", -10)]
    assert held(t) == [True, True, False]
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.thrower == 3 and phase.stage == Stage.CUL


def test_R6_2_the_target_must_hold_a_grelottine() -> None:
    """R6.2 : le grelottin défie « un autre joueur qui possède une Grelottine »."""
    t = holders(100, 80)
    give(t, 3, 90)
    call(t, 1, 3)
    assert bevues(t) == [1]
    assert held(t) == [True, True, False]
    assert resumed_with(t, 3)


def test_R6_2_with_negative_scores_both_need_more_than_0() -> None:
    """R6.2 : « pas possible de lancer un défi si son propre score est inférieur ou égal à 0 »."""
    t = holders(0, 40, negative=True)
    call(t, 1, 2)  # Arthur has 0
    call(t, 2, 1)  # Perceval targets Arthur, who has 0
    assert bevues(t) == [1, 2]
    assert held(t) == [True, True, False]
    assert t.scores == [-10, 30, 0]
    assert resumed_with(t, 3)


def test_R6_2_with_negative_scores_1_point_each_is_enough() -> None:
    """R6.2 : un score de 1 (> 0) suffit avec scores négatifs."""
    t = holders(1, 1, negative=True)
    call(t)
    assert bevues(t) == []
    assert isinstance(t.state.phase, GrelottineStake)


def test_R6_2_no_negative_30_each_is_enough() -> None:
    """R6.2 : [le score minimal pour qu'il y ait défi est de 30 points] : 30 suffit."""
    t = holders(30, 30)
    call(t)
    assert isinstance(t.state.phase, GrelottineStake)
    assert held(t) == [False, False, False]


def test_R6_2_no_negative_a_target_under_30_cannot_be_challenged() -> None:
    """R6.2 : [minimum de 30] : sous 30, la cible n'a plus de Grelottine et le défi est une Bévue."""
    t = holders(60, 30)
    t.feed(ScribeBevue(t.wait(1), 2))  # Perceval at 20 loses his Grelottine
    call(t)
    assert bevues(t) == [2, 1]
    assert held(t) == [True, False, False]
    assert resumed_with(t, 3)


# --- R6.3: simultaneous shouts ---------------------------------------------------------------


def test_R6_3_simultaneous_shouts_the_lower_score_challenges() -> None:
    """R6.3 : « c'est celui qui a le plus petit score des deux qui devient grelottin »."""
    t = holders(100, 60)
    phase = both_shout(t, 1, 2, 5)  # within the 20 ms tie window
    assert isinstance(phase, GrelottineStake) and (phase.challenger, phase.target) == (2, 1)
    assert bevues(t) == []


def test_R6_3_shouts_further_apart_than_the_tie_window_go_to_the_first() -> None:
    """R6.3 : hors de la fenêtre d'égalité, le premier cri décide."""
    t = holders(100, 60)
    phase = both_shout(t, 1, 2, 30)
    assert isinstance(phase, GrelottineStake) and phase.challenger == 1


def test_R6_3_equal_scores_throw_one_die_and_the_lowest_challenges() -> None:
    """R6.3 : « En cas d'égalité, … par le lancer d'un dé (le plus petit score l'emporte) »."""
    t = holders(80, 80)
    phase = both_shout(t, 2, 1, 5)
    assert isinstance(phase, ThrowOff) and phase.contenders == (1, 2)
    t.one_die(4)  # Arthur
    t.one_die(4)  # Perceval: equal, they throw again
    assert isinstance(t.state.phase, ThrowOff)
    t.one_die(5)
    t.one_die(2)
    phase = t.state.phase
    assert isinstance(phase, GrelottineStake) and (phase.challenger, phase.target) == (2, 1)
    assert held(t) == [False, False, False]


# --- R6.4: the stake cap ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("combination", "cap"),
    [
        ("chouette", 42),  # 124 / 3 = 41.33… → 42
        ("velute", 31),  # 124 × 25 % = 31 exactly
        ("cul_de_chouette", 15),  # 124 × 12 % = 14.88 → 15
        ("chouette_velute", 8),  # 124 × 6 % = 7.44 → 8
        ("sirop_grelot", 4),  # 124 × 3 % = 3.72 → 4
    ],
)
def test_R6_4_stake_cap_for_each_rate(combination: str, cap: int) -> None:
    """R6.4 : plafond = arrondi supérieur de min(scores) × taux ; « Max » mise le plafond."""
    t = holders(220, 124)
    call(t)
    assert_stake_rejected(t, 1, combination, cap + 1)
    assert t.last[0].code == "stake_above_cap"  # type: ignore[union-attr]
    t.shout(1, Shout.STAKE, combination=combination, value=None)  # "Max !"
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and isinstance(phase.context, ChallengeContext)
    assert (phase.context.combination, phase.context.stake) == (combination, cap)


def test_R6_4_the_cap_is_computed_in_exact_integers() -> None:
    """R6.4 : 300 × 1/3 = 100 exactement (ni 99 comme 33 %, ni 101 par erreur d'arrondi)."""
    t = holders(300, 300)
    assert challenge(t, "chouette").stake == 100


def test_R6_4_the_stake_is_at_least_1() -> None:
    """R6.4 : la mise est d'au moins 1 ; 0 est refusé et l'état ne change pas."""
    t = holders(220, 124)
    call(t)
    assert_stake_rejected(t, 1, "velute", 0)
    t.shout(1, Shout.STAKE, combination="velute", value=1)
    assert isinstance(t.state.phase, AwaitingThrow)


def test_R6_4_a_bevue_before_the_stake_does_not_change_the_cap() -> None:
    """R6.4 : « le score précédant la Bévue est celui pris en compte » pour la mise."""
    t = holders(220, 124)
    call(t)
    t.feed(ScribeBevue(t.wait(1), 2))  # Perceval 124 → 114 (114 / 3 = 38)
    t.shout(1, Shout.STAKE, combination="chouette", value=None)
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and isinstance(phase.context, ChallengeContext)
    assert phase.context.stake == 42  # still ceil(124 / 3)


def test_R6_4_only_the_challenger_stakes() -> None:
    """R6.4 : « C'est le grelottin qui décide combien de points il met en jeu »."""
    t = holders(220, 124)
    call(t)
    assert_stake_rejected(t, 2, "chouette", 10)


# --- R6.5: the two throws --------------------------------------------------------------------


def test_R6_5_success_on_the_first_throw_ends_the_challenge() -> None:
    """R6.5 : « sauf en cas de réussite au premier lancer, auquel cas le défié doit s'arrêter »."""
    t = holders(100, 80)
    challenge(t, "velute", 20)
    t.throw(2, 3, 5)  # a Velute of 5: 2 × 25 = 50
    assert entries(t, 2) == [("grelottine", 20), ("velute", 50)]
    assert entries(t, 1) == [("grelottine", -20)]
    assert resumed_with(t, 3)


def test_R6_5_the_second_throw_keeps_the_dice_of_choice() -> None:
    """R6.5 : « peut conserver les dés de son choix entre les deux lancers »."""
    t = holders(100, 80)
    challenge(t, "chouette", 20)
    t.throw(2, 5, 6)  # Néant: a second throw
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.stage == Stage.RETHROW
    assert isinstance(phase.context, ChallengeContext) and phase.context.throw_no == 2
    assert entries(t, 2) == []  # the first throw scores nothing
    t.rethrow([0], [5])  # keeps the 5 and the 6, throws the 2 again: 5
    read = [e for e in t.last if isinstance(e, ThrowRead)]
    assert sorted(read[0].dice) == [5, 5, 6]
    t.settle()  # the Chouette window closes: the Chouette of 5 is scored
    assert entries(t, 2) == [("grelottine", 20), ("chouette", 25)]


def test_R6_5_a_chouette_of_any_value_counts() -> None:
    """R6.5 : « La combinaison peut-être réalisée avec n'importe(s) quelle(s) valeur(s) »."""
    t = holders(100, 80)
    challenge(t, "chouette", 27)  # Max: ceil(80 / 3) = 27
    t.throw(1, 4, 1)  # Chouette of 1
    t.settle()
    assert entries(t, 2) == [("grelottine", 27), ("chouette", 1)]


def test_R6_5_one_two_three_counts_as_a_velute() -> None:
    """R6.5 / R1.1 : 1-2-3 compte comme Velute (et sa Suite se joue)."""
    t = holders(100, 80)
    challenge(t, "velute", 20)  # Max: 80 × 25 % = 20
    t.throw(3, 1, 2)
    assert entries(t, 2) == [("grelottine", 20), ("velute", 18)]  # 2 × 3² = 18
    assert any(isinstance(e, RaceOpened) and e.race == Race.SUITE for e in t.last)


def test_R6_5_a_cul_de_chouette_is_not_a_chouette() -> None:
    """R6.5 : un Cul de Chouette n'est pas une Chouette : seule la combinaison principale compte."""
    t = holders(100, 80)
    challenge(t, "chouette", 27)
    t.throw(4, 4, 4)
    assert isinstance(t.state.phase, AwaitingThrow) and t.state.phase.stage == Stage.RETHROW
    t.rethrow([2], [4])  # a Cul de Chouette again
    # failure: Perceval −27 to Arthur, then scores his Cul de Chouette of 4 (40 + 40)
    assert entries(t, 2) == [("grelottine", -27), ("cul_de_chouette", 80)]
    assert entries(t, 1) == [("grelottine", 27)]


def test_R6_5_sirop_grelot_a_successful_sirotage_on_the_first_throw() -> None:
    """R6.5 : « Le Sirop-Grelot étant un Cul De Chouette obligatoirement réalisé avec Sirotage »."""
    t = holders(220, 124)
    assert challenge(t, "sirop_grelot").stake == 4  # Max: ceil(124 × 3 %)
    t.throw(3, 3, 5)
    sirotage(t, 3)
    assert entries(t, 2) == [("grelottine", 4), ("sirop", 70)]  # 40 + 10 × 3
    assert resumed_with(t, 3)


def test_R6_5_sirop_grelot_a_cul_de_chouette_without_sirotage_does_not_count() -> None:
    """R6.5 : un Cul de Chouette sans sirotage ne réussit pas le Sirop-Grelot."""
    t = holders(100, 80)
    challenge(t, "sirop_grelot", 3)
    t.throw(2, 2, 2)
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.stage == Stage.RETHROW
    assert entries(t, 2) == []


def test_R6_5_sirop_grelot_no_sirotage_on_the_first_chouette_then_a_plain_cul_de_chouette() -> None:
    """R6.5 : « Cul De Chouette obligatoirement réalisé avec Sirotage » : sans sirotage, défi raté."""
    t = holders(100, 80)
    challenge(t, "sirop_grelot", 3)
    t.throw(3, 3, 5)
    t.settle()  # the "Je sirote" window closes: on to the second throw, nothing scored
    assert isinstance(t.state.phase, AwaitingThrow) and t.state.phase.stage == Stage.RETHROW
    t.rethrow([2], [3])  # 3, 3, 3 thrown, not siroted
    assert entries(t, 2) == [("grelottine", -3), ("cul_de_chouette", 70)]
    assert t.scores == [103, 147, 0]  # 100 + 3; 80 − 3 + 70


def test_R6_5_sirop_grelot_the_odd_die_thrown_without_je_sirote_is_the_second_throw() -> None:
    """R6.5 : « peut conserver les dés de son choix » : garder la paire et relancer est le 2e lancer."""
    t = holders(100, 80)
    challenge(t, "sirop_grelot", 3)
    t.throw(3, 3, 5)
    t.rethrow([2], [3])  # the pair kept, the 5 thrown again at once: 3, 3, 3 with no sirotage
    assert bevues(t) == []
    assert entries(t, 2) == [("grelottine", -3), ("cul_de_chouette", 70)]
    assert resumed_with(t, 3)


def test_R6_5_sirop_grelot_the_sirotage_is_not_one_of_the_two_throws() -> None:
    """R6.5 : « Lors d'un Sirop-Grelot, le Sirotage est indépendant des deux lancers »."""
    t = holders(100, 80)
    challenge(t, "sirop_grelot", 3)
    t.throw(3, 3, 5)
    sirotage(t, 2)  # failed: the second throw is still to come
    assert entries(t, 2) == []  # an intermediate sirotage scores nothing (only the final throw does)
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.stage == Stage.RETHROW
    assert isinstance(phase.context, ChallengeContext) and phase.context.throw_no == 2
    t.rethrow([2], [1])  # 3, 3, 1: a Chouette on the second throw
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.stage == Stage.SIROTAGE


def test_R6_5_sirop_grelot_a_failed_first_sirotage_of_6_gives_no_civet() -> None:
    """R6.6 : seul le lancer final du défi prend effet : un sirotage de 6 raté avant est sans effet."""
    t = holders(100, 80)
    challenge(t, "sirop_grelot", 3)
    t.throw(6, 2, 6)
    sirotage(t, 4)
    assert entries(t, 2) == []
    assert not t.state.player(2).civet
    t.rethrow([1], [1])  # the 4 thrown again: 6, 1, 6, a Chouette, so the sirotage is compulsory
    sirotage(t, 3, announce=False)  # fails again, on the final throw this time: −36 and a Civet
    assert entries(t, 2) == [("grelottine", -3), ("sirop", -36)]
    assert t.state.player(2).civet


def test_R6_5_sirop_grelot_a_chouette_on_the_second_throw_forces_the_sirotage() -> None:
    """R6.5 : « si le défié réalise une Chouette lors de son deuxième lancer, le Sirotage est obligatoire »"""
    t = holders(100, 80)
    challenge(t, "sirop_grelot", 3)
    t.throw(*NEANT)
    t.rethrow([1], [1])  # 1, 1, 6: Chouette of 1, no window, the sirotage is due at once
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.stage == Stage.SIROTAGE
    t.tick(20_000)  # no window to let pass
    assert t.state.phase == phase
    sirotage(t, 1, announce=False)
    assert entries(t, 2) == [("grelottine", 3), ("sirop", 50)]  # 40 + 10 × 1
    assert entries(t, 1) == [("grelottine", -3)]


def test_R6_5_sirop_grelot_a_failed_forced_sirotage_loses_the_challenge() -> None:
    """R6.5 / R5.2 : sirotage obligatoire raté au second lancer : défi perdu, −v²."""
    t = holders(100, 80)
    challenge(t, "sirop_grelot", 3)
    t.throw(*NEANT)
    t.rethrow([1], [1])  # 1, 1, 6
    sirotage(t, 4, announce=False)
    assert entries(t, 2) == [("grelottine", -3), ("sirop", -1)]  # −1² = −1
    assert entries(t, 1) == [("grelottine", 3)]
    assert resumed_with(t, 3)


# --- R6.6: the outcome -----------------------------------------------------------------------


def test_R6_6_failure_pays_the_challenger_and_the_combination_still_scores() -> None:
    """R6.6 : « S'il échoue, c'est l'inverse … le joueur défié gagne les points de la combinaison »."""
    t = holders(100, 80)
    challenge(t, "cul_de_chouette", 10)  # Max: ceil(80 × 12 %) = ceil(9.6) = 10
    t.throw(2, 5, 6)
    t.rethrow([0], [1])  # 1, 5, 6: a Velute of 6 (1 + 5 = 6)
    assert entries(t, 2) == [("grelottine", -10), ("velute", 72)]  # 2 × 6² = 72
    assert entries(t, 1) == [("grelottine", 10)]
    assert t.scores == [110, 142, 0]  # 100 + 10; 80 − 10 + 72
    assert all(p.score == sum(e.points for e in t.state.ledger if e.seat == p.seat) for p in t.state.players)


def test_R6_6_a_final_neant_gives_the_challenged_a_grelottine() -> None:
    """R6.6 : la combinaison prend effet : un Néant donne une Grelottine au défié."""
    t = holders(100, 80)
    challenge(t, "velute", 10)
    t.throw(*NEANT)
    t.rethrow([2], [5])  # 1, 3, 5: Néant
    assert entries(t, 2) == [("grelottine", -10)]
    assert held(t) == [False, True, False]
    assert resumed_with(t, 3)


def test_R6_6_a_final_suite_plays_its_race() -> None:
    """R6.6 : la combinaison prend effet : une Suite se joue entre tous les joueurs."""
    t = holders(100, 80)
    challenge(t, "chouette", 10)
    t.throw(2, 3, 6)
    t.rethrow([2], [4])  # 2, 3, 4: Suite
    assert isinstance(t.state.phase, ShoutRace) and t.state.phase.race == Race.SUITE
    t.shouts((1, 100), (3, 200), (2, 900))
    t.settle()
    assert entries(t, 2) == [("grelottine", -10), ("suite", -10)]  # Perceval shouted last
    assert resumed_with(t, 3)


def test_R6_6_a_chouette_velute_made_in_a_challenge_plays_its_race() -> None:
    """R6.6 : « sauf cas particulier » : une Chouette-Velute réussie se joue au « Pas mou le caillou »."""
    t = holders(100, 80)
    challenge(t, "chouette_velute", 5)  # cap ceil(80 × 6 %) = ceil(4.8) = 5
    t.throw(3, 6, 3)
    assert entries(t, 2) == [("grelottine", 5)]
    assert isinstance(t.state.phase, ShoutRace) and t.state.phase.race == Race.CHOUETTE_VELUTE
    t.shout(3, Shout.PAS_MOU_LE_CAILLOU)
    t.settle()
    assert entries(t, 3) == [("chouette_velute", 72)]  # 2 × 6², to the first shout
    assert resumed_with(t, 3)


# --- R6.7: play resumes ----------------------------------------------------------------------


def test_R6_7_play_resumes_with_the_turn_that_was_next() -> None:
    """R6.7 : « Le jeu reprend ensuite normalement » : c'est à Karadoc, dont c'était le tour."""
    t = holders(100, 80)
    challenge(t, "velute", 10)
    t.throw(2, 3, 5)
    assert resumed_with(t, 3)
    assert [p.turns for p in t.state.players] == [1, 1, 0]  # the challenge was not a turn
    t.throw(*NEANT)  # Karadoc
    assert resumed_with(t, 1)


# --- the beginner text -----------------------------------------------------------------------


def test_texte_grelottine_exemple_220_contre_124_sur_une_chouette() -> None:
    """« Le joueur 1 possède 220pts ; Le joueur 2 possède 124pts … il peut parier au maximum 42 pts »."""
    t = holders(220, 124)
    call(t)
    assert_stake_rejected(t, 1, "chouette", 43)
    t.shout(1, Shout.STAKE, combination="chouette", value=42)
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.thrower == 2
    assert isinstance(phase.context, ChallengeContext) and phase.context.stake == 42


def test_texte_grelottine_max_laisse_le_scribe_calculer() -> None:
    """« le joueur peut annoncer "Max !" : le scribe se chargera de mettre à jour les scores »."""
    t = holders(220, 124)
    challenge(t, "chouette")
    t.throw(*NEANT)
    t.rethrow([0], [2])  # 2, 3, 6: Néant again, the challenge fails
    assert t.scores == [262, 82, 0]  # 220 + 42; 124 − 42
