"""Reading a throw (R1), the point tables (R2.1) and the combination paragraphs of the beginner text.

Expected points are written by hand from the tables of the text, never computed by the engine's
own formulas.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from culdechouette_box.rules.combinations import Combination, read_throw
from culdechouette_box.rules.config import RulesConfig
from culdechouette_box.rules.effects import ItemChanged, RaceOpened, ThrowRead
from culdechouette_box.rules.inputs import ScribeAdjust, ScribeBevue, Shout
from culdechouette_box.rules.state import AwaitingThrow, ChouetteWindow, GrelottineStake, ShoutRace
from culdechouette_box.rules.table import Table

NAMES = ["Arthur", "Perceval", "Karadoc"]

# The tables of the text, copied by hand.
CHOUETTE_PTS = {1: 1, 2: 4, 3: 9, 4: 16, 5: 25, 6: 36}
VELUTE_PTS = {3: 18, 4: 32, 5: 50, 6: 72}
CUL_PTS = {1: 50, 2: 60, 3: 70, 4: 80, 5: 90, 6: 100}
# sorted dice -> points
CHOUETTE_VELUTES = {(1, 1, 2): 8, (2, 2, 4): 32, (3, 3, 6): 72}
VELUTES = {(1, 2, 3): 18, (1, 3, 4): 32, (1, 4, 5): 50, (2, 3, 5): 50, (1, 5, 6): 72, (2, 4, 6): 72}
SUITES = {(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)}


def table(**options: object) -> Table:
    return Table(NAMES, config=RulesConfig(**options))  # type: ignore[arg-type]


def set_score(t: Table, seat: int, score: int) -> None:
    t.feed(ScribeAdjust(t.wait(10), seat, score - t.score(seat), "mise en place"))


def rules_of(t: Table) -> list[tuple[int, int, str]]:
    """The ledger as (seat, points, rule), the scribe's setup left out."""
    return [(e.seat, e.points, e.rule) for e in t.state.ledger if e.rule != "scribe"]


def read(t: Table) -> ThrowRead:
    return next(e for e in reversed(t.effects) if isinstance(e, ThrowRead))


def assert_ledger_adds_up(t: Table) -> None:
    for p in t.state.players:
        assert p.score == sum(e.points for e in t.state.ledger if e.seat == p.seat)


def expected(dice: tuple[int, int, int]) -> tuple[Combination, int]:
    """The hand-made tables: primary combination and points of three dice."""
    key = tuple(sorted(dice))
    counts = Counter(dice)
    if len(counts) == 1:
        return Combination.CUL_DE_CHOUETTE, CUL_PTS[dice[0]]
    if key in CHOUETTE_VELUTES:
        return Combination.CHOUETTE_VELUTE, CHOUETTE_VELUTES[key]
    if len(counts) == 2:
        pair = counts.most_common(1)[0][0]
        return Combination.CHOUETTE, CHOUETTE_PTS[pair]
    if key in VELUTES:
        return Combination.VELUTE, VELUTES[key]
    if key in SUITES:
        return Combination.SUITE, 0
    return Combination.NEANT, 0


ALL_THROWS = list(itertools.product(range(1, 7), repeat=3))


# --- R1: reading a throw ------------------------------------------------------------------------


def test_R1_1_all_216_ordered_throws_have_one_primary_in_the_hand_tables() -> None:
    """R1.1: "One throw gives one primary combination", in the order Cul, C-V, Chouette, Velute..."""
    found = Counter()
    for dice in ALL_THROWS:
        reading = read_throw(dice)
        assert (reading.primary, reading.points) == expected(dice), dice
        found[reading.primary] += 1
    # Cul: 6 triples. C-V: 3 sets x 3 orders = 9. Chouettes: 6*5 pairs x 3 places = 90, less the 9 C-V = 81.
    # Velutes: 6 sets x 6 orders = 36. Suites (1-2-3 counted as Velute): 3 x 6 = 18. Néant: 216 - 150 = 66.
    assert found == {
        Combination.CUL_DE_CHOUETTE: 6,
        Combination.CHOUETTE_VELUTE: 9,
        Combination.CHOUETTE: 81,
        Combination.VELUTE: 36,
        Combination.SUITE: 18,
        Combination.NEANT: 66,
    }


def test_R1_1_all_216_ordered_throws_take_effect_consistently_through_the_engine() -> None:
    """R1.1: each of the 216 throws (chouettes a, b then cul c) is read once and its rule applies."""
    for a, b, c in ALL_THROWS:
        t = table()
        t.throw(a, b, c)
        combination, points = expected((a, b, c))
        assert read(t).dice == (a, b, c)
        phase = t.state.phase
        if combination == Combination.CHOUETTE:
            assert isinstance(phase, ChouetteWindow)
            t.settle()  # no sirotage: the Chouette is scored when the window closes
        elif combination == Combination.CHOUETTE_VELUTE:
            assert isinstance(phase, ShoutRace) and phase.race == "chouette_velute"
            assert phase.points == points
            assert t.scores == [0, 0, 0]  # nobody has shouted yet
            continue
        elif combination == Combination.SUITE or (a, b, c) in itertools.permutations((1, 2, 3)):
            assert isinstance(phase, ShoutRace) and phase.race == "suite"
        else:
            assert isinstance(phase, AwaitingThrow) and phase.thrower == 2, (a, b, c)
        assert t.score(1) == points, (a, b, c)


def test_R1_1_one_two_three_is_a_velute_and_a_suite() -> None:
    """R1.1: "1-2-3 is the one overlap: it is both a Velute (18 points to the thrower) and a Suite"."""
    for a, b, c in itertools.permutations((1, 2, 3)):
        reading = read_throw((a, b, c))
        assert reading.primary == Combination.VELUTE
        assert reading.is_a(Combination.VELUTE) and reading.is_a(Combination.SUITE)
        t = table()
        t.throw(a, b, c)
        assert rules_of(t) == [(1, 18, "velute")]  # 2 x 3² = 18, to the thrower
        assert any(isinstance(e, RaceOpened) and e.race == "suite" for e in t.last)


def test_R1_1_cul_de_chouette_is_not_a_chouette_nor_a_chouette_velute() -> None:
    """R1.1: the Cul de Chouette comes first in the order, before the Chouette-Velute and the Chouette."""
    t = table()
    t.throw(2, 2, 2)
    # 40 + 10 x 2 = 60, at once: no sirotage window, no race
    assert rules_of(t) == [(1, 60, "cul_de_chouette")]
    assert isinstance(t.state.phase, AwaitingThrow) and t.state.phase.thrower == 2


@pytest.mark.parametrize(("a", "b", "c"), [(3, 5, 2), (5, 2, 3), (2, 3, 5)])
def test_R1_2_velute_is_any_two_dice_summing_to_the_third_in_any_order(a: int, b: int, c: int) -> None:
    """R1.2: "a Velute is any two dice summing to the third, in any order"."""
    t = table()
    t.throw(a, b, c)
    assert read(t).label == "Velute de 5"
    assert rules_of(t) == [(1, 50, "velute")]  # 2 x 5² = 50


def test_R1_3_four_two_one_is_a_neant_at_the_beginner_level() -> None:
    """R1.3: "At the beginner level, 4-2-1 is a Néant"."""
    t = table()
    set_score(t, 1, 40)
    t.throw(4, 2, 1)
    assert read(t).label == "Néant"
    assert rules_of(t) == []
    assert ItemChanged(1, "grelottine", True) in t.last


def test_R1_3_four_four_three_is_a_chouette_of_four_at_the_beginner_level() -> None:
    """R1.3: "4-4-3 is a Chouette of 4"."""
    t = table()
    t.throw(4, 3, 4)
    assert read(t).label == "Chouette de 4"
    t.settle()
    assert rules_of(t) == [(1, 16, "chouette")]  # 4 x 4


def test_R1_4_the_record_keeps_which_dice_were_the_chouettes_and_which_the_cul() -> None:
    """R1.4: "Which dice were the chouettes and which was the cul is part of the throw record"."""
    t = table()
    t.throw(4, 1, 4)
    first = read(t)
    t.settle()
    t.throw(4, 4, 1)
    second = read(t)
    assert first.dice == (4, 1, 4)  # chouettes 4 and 1, cul 4
    assert second.dice == (4, 4, 1)  # chouettes 4 and 4, cul 1
    assert first.label == second.label == "Chouette de 4"


def test_R1_4_a_cocked_chouette_thrown_again_stays_a_chouette_in_the_record() -> None:
    """R1.4: the order chouettes-then-cul survives a cocked die thrown again (R3.3)."""
    t = table()
    t.chouettes(6, None)
    t.rethrow([1], [2])
    t.cul(5)
    assert read(t).dice == (6, 2, 5)


# --- R2.1: the tables ---------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "points"), sorted(CHOUETTE_PTS.items()))
def test_R2_1_chouette_is_the_square_of_the_pair(value: int, points: int) -> None:
    """R2.1: "Chouette v²" (1, 4, 9, 16, 25, 36)."""
    odd = {1: 6, 2: 5, 3: 1, 4: 1, 5: 1, 6: 2}[value]  # never a Velute nor a Chouette-Velute
    t = table()
    t.throw(value, odd, value)
    assert read(t).label == f"Chouette de {value}"
    t.settle()
    assert rules_of(t) == [(1, points, "chouette")]


@pytest.mark.parametrize(("dice", "points"), sorted(VELUTES.items()))
def test_R2_1_velute_is_twice_the_square_of_the_highest_die(dice: tuple[int, int, int], points: int) -> None:
    """R2.1: "Velute 2·v² (v = highest die)" (18, 32, 50, 72)."""
    t = table()
    t.throw(*dice)
    assert rules_of(t) == [(1, points, "velute")]


@pytest.mark.parametrize(("value", "points"), sorted(CUL_PTS.items()))
def test_R2_1_cul_de_chouette_is_forty_plus_ten_times_the_die(value: int, points: int) -> None:
    """R2.1: "Cul de Chouette 40 + 10·v" (50 … 100)."""
    t = table()
    t.throw(value, value, value)
    assert read(t).label == f"Cul de Chouette de {value}"
    assert rules_of(t) == [(1, points, "cul_de_chouette")]


@pytest.mark.parametrize(("dice", "points"), sorted(CHOUETTE_VELUTES.items()))
def test_R2_1_chouette_velute_is_worth_its_velute(dice: tuple[int, int, int], points: int) -> None:
    """R2.1: "Chouette-Velute = its Velute" (8, 32, 72), to the first shouter."""
    t = table()
    t.throw(*dice)
    t.shout(3)
    t.settle()
    assert rules_of(t) == [(3, points, "chouette_velute")]
    assert_ledger_adds_up(t)


def test_R2_1_suite_loser_and_bevue_cost_ten() -> None:
    """R2.1: "Bévue −10, Suite loser −10"."""
    t = table()
    set_score(t, 1, 50)
    set_score(t, 2, 50)
    set_score(t, 3, 50)
    t.throw(2, 3, 4)
    t.shouts((1, 100), (3, 150), (2, 400))
    t.feed(ScribeBevue(t.wait(10), 3))
    assert rules_of(t) == [(2, -10, "suite"), (3, -10, "bevue")]
    assert t.scores == [50, 40, 40]


# --- the paragraphs of the text -----------------------------------------------------------------


def test_texte_chouette_worked_example_1_and_4_then_4_scores_16() -> None:
    """Chouette : "j'obtiens 1 et 4. Puis ... j'obtiens 4 de nouveau. Je marque donc 4x4 = 16"."""
    t = table()
    t.chouettes(1, 4)
    assert isinstance(t.state.phase, AwaitingThrow) and t.state.phase.stage == "cul"
    t.cul(4)
    assert read(t).dice == (1, 4, 4)
    assert isinstance(t.state.phase, ChouetteWindow)
    t.settle()
    assert rules_of(t) == [(1, 16, "chouette")]
    assert t.scores == [16, 0, 0]


def test_texte_chouette_two_identical_dice_next_turn_starts_after_it() -> None:
    """Chouette : "Deux dés identiques." — scored to the thrower, then the next player throws."""
    t = table()
    t.throw(6, 6, 1)
    t.settle()
    assert rules_of(t) == [(1, 36, "chouette")]  # 6 x 6
    assert isinstance(t.state.phase, AwaitingThrow) and t.state.phase.thrower == 2


def test_texte_velute_value_is_the_highest_die() -> None:
    """Velute : "La Velute a pour valeur le chiffre le plus élevé des trois" — 1-5-6 is a Velute of 6."""
    t = table()
    t.throw(6, 1, 5)
    assert read(t).label == "Velute de 6"
    assert rules_of(t) == [(1, 72, "velute")]  # 2 x 6² = 72
    assert isinstance(t.state.phase, AwaitingThrow) and t.state.phase.thrower == 2


def test_texte_velute_one_two_three_is_also_a_suite_and_both_rules_apply() -> None:
    """Velute : "la combinaison 1, 2, 3 est à première vue une suite, ... c'est également une Velute"."""
    t = table()
    t.throw(3, 1, 2)
    assert isinstance(t.state.phase, ShoutRace) and t.state.phase.race == "suite"
    t.shouts((2, 100), (3, 120), (1, 500))  # the thrower shouts last
    # Velute 2 x 3² = +18, then last at the Suite -10: 18 - 10 = 8
    assert rules_of(t) == [(1, 18, "velute"), (1, -10, "suite")]
    assert t.scores == [8, 0, 0]
    assert_ledger_adds_up(t)


@pytest.mark.parametrize(("chouettes", "cul", "points"), [((1, 2), 1, 8), ((4, 2), 2, 32), ((3, 3), 6, 72)])
def test_texte_chouette_velute_the_three_possible_are_1_1_2_and_2_2_4_and_3_3_6(
    chouettes: tuple[int, int], cul: int, points: int
) -> None:
    """Chouette-Velute : "Il y en a trois possibles : 1, 1, 2 ; 2, 2, 4 et 3, 3, 6" (worth 8, 32, 72)."""
    t = table()
    t.chouettes(*chouettes)
    t.cul(cul)
    race = t.state.phase
    assert isinstance(race, ShoutRace) and race.race == "chouette_velute" and race.points == points
    t.shout(2, Shout.PAS_MOU_LE_CAILLOU)
    t.settle()
    # the first shouter wins the value of the Velute; the thrower scores nothing for the throw
    assert rules_of(t) == [(2, points, "chouette_velute")]
    assert isinstance(t.state.phase, AwaitingThrow) and t.state.phase.thrower == 2


def test_texte_chouette_velute_is_neither_sirotable_chouette_nor_plain_velute() -> None:
    """Chouette-Velute : "Une Chouette + une Velute" — no "Je sirote" window and no Velute to the thrower."""
    t = table()
    t.throw(3, 6, 3)
    assert not isinstance(t.state.phase, ChouetteWindow)
    t.settle()  # nobody shouts
    assert rules_of(t) == []


def test_texte_chouette_velute_simultaneous_shouters_lose_its_points() -> None:
    """Chouette-Velute : "Si plusieurs joueurs sont à égalité lors de l'annonce, ... soustraits"."""
    t = table(negative_scores=True)
    t.throw(2, 4, 2)
    t.shouts((2, 100), (3, 105))
    t.settle()
    assert sorted(rules_of(t)) == [(2, -32, "chouette_velute"), (3, -32, "chouette_velute")]


@pytest.mark.parametrize(("value", "points"), sorted(CUL_PTS.items()))
def test_texte_cul_de_chouette_three_identical_dice(value: int, points: int) -> None:
    """Cul de Chouette : "La valeur du Cul de Chouette correspond à 40 pts + 10 * valeur du dé"."""
    t = table()
    t.chouettes(value, value)
    t.cul(value)
    assert rules_of(t) == [(1, points, "cul_de_chouette")]
    assert isinstance(t.state.phase, AwaitingThrow) and t.state.phase.thrower == 2


def test_texte_neant_gives_a_grelottine_and_no_points() -> None:
    """Néant : "le joueur qui a lancé les dés gagne une Grelottine" (negative mode: no minimum)."""
    t = table(negative_scores=True)
    t.throw(6, 2, 1)
    assert read(t).label == "Néant"
    assert rules_of(t) == []
    assert ItemChanged(1, "grelottine", True) in t.last
    assert t.state.player(1).grelottine
    assert isinstance(t.state.phase, AwaitingThrow) and t.state.phase.thrower == 2


def test_texte_neant_gives_a_grelottine_even_below_zero_in_negative_mode() -> None:
    """Néant : the 30-point minimum is a bracketed rule; with negative scores a Néant at −20 still counts."""
    t = table(negative_scores=True)
    set_score(t, 1, -20)
    t.throw(5, 3, 1)
    assert t.state.player(1).grelottine


def test_texte_neant_grelottine_is_not_cumulative() -> None:
    """Néant : "gagne une Grelottine (non cumulable)"."""
    t = table(negative_scores=True)
    t.throw(6, 2, 1)
    t.throw(1, 1, 1)
    t.throw(1, 1, 1)
    t.throw(6, 4, 1)  # Arthur's second Néant
    assert t.state.player(1).grelottine
    assert not any(isinstance(e, ItemChanged) for e in t.last)


@pytest.mark.parametrize(("score", "gets"), [(29, False), (30, True), (31, True)])
def test_texte_neant_needs_thirty_points_without_negative_scores(score: int, gets: bool) -> None:
    """Néant : "[... il faut également le score du joueur concerné soit supérieur ou égal à 30 pts.]"."""
    t = table()
    set_score(t, 1, score)
    t.throw(6, 2, 1)
    assert t.state.player(1).grelottine is gets
    assert (ItemChanged(1, "grelottine", True) in t.last) is gets


def test_texte_neant_grelottine_lets_its_holder_challenge_another_holder() -> None:
    """Néant : "Cela lui permettra par la suite de défier un autre joueur qui possède une Grelottine"."""
    t = table()
    for seat in (1, 2, 3):
        set_score(t, seat, 100)
    t.throw(6, 2, 1)  # Arthur: Néant
    t.throw(5, 3, 1)  # Perceval: Néant
    assert t.state.player(1).grelottine and t.state.player(2).grelottine
    t.shout(1, Shout.GRELOTTINE, target=2)
    t.settle()
    assert isinstance(t.state.phase, GrelottineStake)
    assert (t.state.phase.challenger, t.state.phase.target) == (1, 2)
    # launching the challenge uses up both Grelottines
    assert not t.state.player(1).grelottine and not t.state.player(2).grelottine
