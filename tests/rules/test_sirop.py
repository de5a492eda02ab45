"""Sirop: the sirotage of a Chouette, the bird bets and "Sirop gagnant" (R5, « Le Sirop »)."""

from __future__ import annotations

from dataclasses import replace

from culdechouette_box.rules.config import RulesConfig, S, Strictness
from culdechouette_box.rules.effects import BevueGiven, ItemChanged, Race, RaceOpened, Rejected
from culdechouette_box.rules.inputs import ScribeAdjust, Shout
from culdechouette_box.rules.state import AwaitingThrow, ChouetteWindow, ShoutRace, Stage
from culdechouette_box.rules.table import Table

NAMES = ("Arthur", "Perceval", "Karadoc")


def table(negative: bool = True, **options: object) -> Table:
    """Three players, Arthur (seat 1) throws first. Negative scores unless a test needs the floor."""
    return Table(list(NAMES), config=RulesConfig(negative_scores=negative, **options))  # type: ignore[arg-type]


def give(t: Table, seat: int, points: int) -> None:
    t.feed(ScribeAdjust(t.wait(1), seat, points))


def entries(t: Table, seat: int) -> list[tuple[str, int]]:
    """The seat's ledger as (rule, points), scribe adjustments left out."""
    return [(e.rule, e.points) for e in t.state.ledger if e.seat == seat and e.rule != "scribe"]


def bevues(t: Table) -> list[int]:
    return [e.seat for e in t.effects if isinstance(e, BevueGiven)]


def ledger_sums_match(t: Table) -> bool:
    return all(p.score == sum(e.points for e in t.state.ledger if e.seat == p.seat) for p in t.state.players)


def sirote(t: Table, dice: tuple[int, int, int], *bets: tuple[int, Shout, int | None]) -> None:
    """Arthur throws a Chouette and says "Je sirote"; each (seat, shout, bird) is announced."""
    t.throw(*dice)
    assert isinstance(t.state.phase, ChouetteWindow)
    t.shout(1, Shout.JE_SIROTE)
    for seat, kind, value in bets:
        t.shout(seat, kind, value=value)


COUCHE = ((2, Shout.COUCHE_SIROP, None), (3, Shout.COUCHE_SIROP, None))


# --- R5.1: only a plain Chouette; the odd die ------------------------------------------------


def test_R5_1_sirotage_on_a_chouette_velute_is_a_bevue() -> None:
    """R5.1 : « il s'agit d'une Bévue si un joueur tente un Sirotage sur une Chouette-Velute »."""
    t = table()
    t.throw(2, 2, 4)  # Chouette-Velute of 4
    t.shout(1, Shout.JE_SIROTE)
    assert bevues(t) == [1]
    assert entries(t, 1) == [("bevue", -10)]
    # the Chouette-Velute race goes on as if nothing had been siroted
    assert isinstance(t.state.phase, ShoutRace) and t.state.phase.race == Race.CHOUETTE_VELUTE
    t.shout(2, Shout.PAS_MOU_LE_CAILLOU)
    t.settle()
    assert t.scores == [-10, 32, 0]  # 2 × 4² = 32 to the first shout


def test_R5_1_sirotage_on_a_cul_de_chouette_is_a_bevue() -> None:
    """R5.1 : tenter un sirotage sur un Cul de Chouette est une Bévue."""
    t = table()
    t.throw(5, 5, 5)  # Cul de Chouette of 5: 40 + 10 × 5 = 90
    t.shout(1, Shout.JE_SIROTE)
    assert bevues(t) == [1]
    assert entries(t, 1) == [("cul_de_chouette", 90), ("bevue", -10)]
    assert t.score(1) == 80


def test_R5_1_the_odd_die_is_rethrown() -> None:
    """R5.1 : le sirotant relance le dé qui n'est pas dans la paire."""
    t = table()
    sirote(t, (4, 1, 4), *COUCHE)
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.stage == Stage.SIROTAGE
    assert sorted(d.value for d in phase.held) == [4, 4]
    t.rethrow([1], [4])  # the 1 is picked up and shows 4
    assert entries(t, 1) == [("sirop", 80)]  # Cul de Chouette of 4: 40 + 40
    assert bevues(t) == []


def test_R5_1_rethrowing_a_die_of_the_pair_is_a_bevue() -> None:
    """R5.1 : relancer un dé de la paire au lieu du dé impair est une Bévue (et le sirotage échoue)."""
    t = table()
    sirote(t, (4, 1, 4), *COUCHE)
    t.rethrow([0], [2])  # a 4 of the pair is thrown instead of the 1
    assert bevues(t) == [1]
    # Bévue −10, and the sirotage of 4 fails: −4² = −16
    assert sorted(entries(t, 1)) == [("bevue", -10), ("sirop", -16)]
    assert t.score(1) == -26


# --- R5.2: success pays the Cul de Chouette only, failure costs v² ---------------------------


def test_R5_2_success_pays_the_cul_de_chouette_only() -> None:
    """R5.2 : « S'il réussit son Sirotage, il gagne les points du Cul De Chouette »."""
    t = table()
    sirote(t, (3, 3, 5), *COUCHE)
    t.sirotage(3)
    t.settle()
    # 40 + 10 × 3 = 70, and no Chouette of 9 on top
    assert entries(t, 1) == [("sirop", 70)]
    assert t.scores == [70, 0, 0]
    assert t.state.turn_seat == 2
    assert ledger_sums_match(t)


def test_R5_2_failure_costs_the_chouette_never_credited() -> None:
    """R5.2 : « s'il échoue, il perd les points de la Chouette sans les prendre avant »."""
    t = table()
    sirote(t, (3, 3, 5), *COUCHE)
    t.sirotage(2)
    t.settle()
    assert entries(t, 1) == [("sirop", -9)]  # −3² = −9, the +9 was never credited
    assert t.scores == [-9, 0, 0]
    assert ledger_sums_match(t)


def test_R5_2_failure_without_negative_scores_costs_what_the_sirotant_has() -> None:
    """R5.2 + texte : sans scores négatifs, on sirote avec au moins v² points ; l'échec les coûte."""
    t = table(negative=False)
    give(t, 1, 25)
    sirote(t, (5, 2, 5), *COUCHE)
    t.sirotage(6)
    # 25 points, exactly 5² = 25 at stake: the failure takes Arthur to 0, never below
    assert entries(t, 1) == [("sirop", -25)]
    assert t.score(1) == 0
    assert ledger_sums_match(t)


def test_texte_sirop_sans_scores_negatifs_il_faut_assez_de_points_pour_siroter() -> None:
    """Texte : « le sirotage ne peut également être tenté que si le sirotant a un score égal ou
    supérieur au nombre de points mis en jeu » ; sinon Bévue, et la Chouette reste marquée."""
    t = table(negative=False)
    give(t, 1, 24)
    t.throw(5, 2, 5)
    t.shout(1, Shout.JE_SIROTE)
    assert isinstance(t.state.phase, ChouetteWindow)  # refused: no sirotage stage
    assert bevues(t) == [1]
    t.settle()
    # 24 − 10 (Bévue) + 25 (the Chouette of 5, scored when the window closes) = 39
    assert entries(t, 1) == [("bevue", -10), ("chouette", 25)]
    assert t.score(1) == 39


def test_texte_sirop_avec_scores_negatifs_on_sirote_sans_points() -> None:
    """Avec scores négatifs, la restriction entre crochets ne s'applique pas."""
    t = table(negative=True)
    sirote(t, (5, 2, 5), *COUCHE)
    t.sirotage(6)
    assert entries(t, 1) == [("sirop", -25)]  # −5², from 0 to −25
    assert t.score(1) == -25


# --- R5.3: after a failure the new dice are read again ---------------------------------------


def test_R5_3_a_chouette_velute_made_by_the_rethrow_plays_its_race() -> None:
    """R5.3 : « Toute combinaison réalisée après le Sirotage est valable et sa règle s'applique »."""
    t = table()
    sirote(t, (3, 1, 3), *COUCHE)
    t.sirotage(6)  # 3, 3, 6: the sirotage fails and makes a Chouette-Velute of 6
    assert any(isinstance(e, RaceOpened) and e.race == Race.CHOUETTE_VELUTE for e in t.last)
    t.shout(3, Shout.PAS_MOU_LE_CAILLOU)
    t.settle()
    assert entries(t, 1) == [("sirop", -9)]  # −3², and no Chouette for the pair
    assert entries(t, 3) == [("chouette_velute", 72)]  # 2 × 6² = 72
    assert t.state.turn_seat == 2


def test_R5_3_the_remaining_pair_is_not_scored_again() -> None:
    """R5.3 : après un sirotage raté, la paire restante n'est pas comptée une seconde fois."""
    t = table()
    sirote(t, (4, 4, 2), *COUCHE)
    t.sirotage(5)  # 4, 4, 5 is still a Chouette of 4 on the table
    t.settle()
    assert entries(t, 1) == [("sirop", -16)]
    assert t.state.turn_seat == 2
    assert not isinstance(t.state.phase, ChouetteWindow)


# --- R5.4: the bets ----------------------------------------------------------------------


def test_R5_4_a_bird_bets_on_its_value() -> None:
    """R5.4 : un oiseau (Linotte 1 … Chouette 6) parie sur cette valeur."""
    t = table()
    sirote(t, (5, 5, 2), (2, Shout.BIRD, 1), (3, Shout.BIRD, 4))  # Linotte, Mouette
    t.sirotage(1)
    t.shout(2, Shout.SIROP_GAGNANT)
    t.settle()
    assert entries(t, 2) == [("sirop_pari", 25)]  # the Linotte was right
    assert entries(t, 3) == [("sirop_pari", -5)]  # the Mouette was wrong
    assert entries(t, 1) == [("sirop", -25)]  # failed sirotage of 5: −5²
    assert bevues(t) == []


def test_R5_4_beau_sirop_bets_on_the_pair() -> None:
    """R5.4 : « Beau-Sirop » parie sur la valeur de la paire (la réussite du sirotage)."""
    t = table()
    sirote(t, (2, 6, 2), (2, Shout.BEAU_SIROP, None), (3, Shout.COUCHE_SIROP, None))
    t.sirotage(2)
    t.shout(2, Shout.SIROP_GAGNANT)
    assert entries(t, 2) == [("sirop_pari", 25)]
    assert entries(t, 1) == [("sirop", 60)]  # 40 + 10 × 2
    assert entries(t, 3) == []


def test_R5_4_couche_sirop_and_file_sirop_place_no_bet() -> None:
    """R5.4 : « Couche-Sirop » / « File-Sirop » : pas de pari, ni perte ni gain."""
    t = table()
    sirote(t, (2, 6, 2), *COUCHE)
    t.sirotage(4)
    t.settle()
    assert entries(t, 2) == [] and entries(t, 3) == []
    assert bevues(t) == []


def test_R5_4_naming_the_pair_bird_is_a_bevue_and_voids_the_bet() -> None:
    """R5.4 : annoncer l'oiseau de la Chouette sirotée au lieu de « Beau-Sirop » est une Bévue."""
    t = table()
    # a Chouette of 3: Fauvette is the pair's own bird
    sirote(t, (3, 3, 1), (2, Shout.BIRD, 3), (3, Shout.COUCHE_SIROP, None))
    assert bevues(t) == [2]
    t.shout(2, Shout.BEAU_SIROP)  # too late to correct it: already announced
    t.sirotage(3)  # the sirotage succeeds: the voided bet would have won
    t.shout(2, Shout.SIROP_GAGNANT)
    t.settle()
    assert entries(t, 2) == [("bevue", -10)]  # no +25, no −5, and no Bévue for silence
    assert entries(t, 1) == [("sirop", 70)]


def test_R5_4_not_announcing_is_a_bevue_but_the_sirotant_may_stay_silent() -> None:
    """R5.4 : « Si un joueur ne fait aucune annonce avant le lancer du cul, il y a Bévue »."""
    t = table()
    sirote(t, (6, 1, 6), (2, Shout.COUCHE_SIROP, None))  # Karadoc says nothing
    t.sirotage(6)
    assert bevues(t) == [3]
    assert entries(t, 3) == [("bevue", -10)]
    assert entries(t, 1) == [("sirop", 100)]  # the sirotant owes no announcement


def test_R5_4_the_sirotant_may_bet_too() -> None:
    """R5.4 : le sirotant peut parier lui aussi, sans y être obligé."""
    t = table()
    sirote(t, (4, 4, 6), (1, Shout.BEAU_SIROP, None), *COUCHE)
    t.sirotage(4)
    t.shout(1, Shout.SIROP_GAGNANT)
    assert entries(t, 1) == [("sirop", 80), ("sirop_pari", 25)]


def test_R5_4_a_bet_after_the_die_has_come_to_rest_does_not_count() -> None:
    """R5.4 : l'annonce se fait avant que le dé siroté ne soit au repos."""
    t = table()
    sirote(t, (4, 4, 6), (2, Shout.COUCHE_SIROP, None))
    t.sirotage(1)
    t.shout(3, Shout.BIRD, value=1)  # Linotte, right, but after the rest
    t.shout(3, Shout.SIROP_GAGNANT)
    t.settle()
    assert entries(t, 3) == [("bevue", -10)]  # silent during the sirotage, and no gain


# --- R5.5: stakes, "Sirop gagnant", the no-negative rule ------------------------------------


def test_R5_5_a_right_bet_wins_25_only_with_sirop_gagnant() -> None:
    """R5.5 : « doit crier “ Sirop Gagnant ! ” pour valider son gain » ; la mise de 5 n'est pas perdue."""
    t = table()
    sirote(t, (1, 5, 1), (2, Shout.BEAU_SIROP, None), (3, Shout.BIRD, 6))
    t.sirotage(1)
    assert entries(t, 2) == []  # no −5 for a right bet, and no gain yet
    assert entries(t, 3) == [("sirop_pari", -5)]
    t.shout(2, Shout.SIROP_GAGNANT)
    assert entries(t, 2) == [("sirop_pari", 25)]
    t.shout(2, Shout.SIROP_GAGNANT)  # a second shout pays nothing more
    assert entries(t, 2) == [("sirop_pari", 25)]
    assert ledger_sums_match(t)


def test_R5_5_a_plain_tap_after_a_right_bet_means_sirop_gagnant() -> None:
    """R5.5 : « Sirop Gagnant ! » peut se dire d'un simple appui sur le bouton du parieur gagnant."""
    t = table()
    sirote(t, (4, 3, 4), (2, Shout.BIRD, 1), (3, Shout.BIRD, 2))
    t.sirotage(2)
    t.shout(3)  # a tap
    t.shout(2)  # the Linotte lost: nothing to claim
    t.settle()
    assert entries(t, 3) == [("sirop_pari", 25)]
    assert entries(t, 2) == [("sirop_pari", -5)]
    assert bevues(t) == []


def test_R5_5_forgetting_sirop_gagnant_before_the_next_throw_costs_nothing() -> None:
    """R5.5 : « S'il oublie de crier l'annonce avant le lancer suivant, il ne prend pas de Bévue »."""
    t = table()
    sirote(t, (1, 5, 1), (2, Shout.BEAU_SIROP, None), (3, Shout.COUCHE_SIROP, None))
    t.sirotage(1)
    t.chouettes(2, 6)  # Perceval's throw starts
    t.shout(2, Shout.SIROP_GAGNANT)
    assert entries(t, 2) == []
    assert bevues(t) == []


def test_R5_5_no_negative_bettor_under_5_gets_a_bevue_drops_to_0_and_the_bet_is_void() -> None:
    """R5.5 : [moins de 5 points et autre chose que Couche-Sirop : Bévue, retour à zéro, pari caduc]."""
    t = table(negative=False)
    give(t, 1, 50)
    give(t, 2, 3)
    sirote(t, (2, 5, 2), (2, Shout.BEAU_SIROP, None), (3, Shout.COUCHE_SIROP, None))
    assert bevues(t) == [2]
    assert t.score(2) == 0  # 3 − 10 stops at 0
    t.sirotage(2)  # the bet would have won
    t.shout(2, Shout.SIROP_GAGNANT)
    t.settle()
    assert entries(t, 2) == [("bevue", -3)]
    assert t.score(2) == 0
    assert ledger_sums_match(t)


def test_R5_5_no_negative_bettor_under_5_may_still_say_couche_sirop() -> None:
    """R5.5 : [avec moins de 5 points, « Couche-Sirop » reste permis sans Bévue]."""
    t = table(negative=False)
    give(t, 1, 50)
    give(t, 2, 3)
    sirote(t, (2, 5, 2), *COUCHE)
    t.sirotage(3)
    t.settle()
    assert bevues(t) == []
    assert t.score(2) == 3


def test_R5_5_with_negative_scores_a_bettor_under_5_may_bet_and_lose_5() -> None:
    """R5.5 : avec scores négatifs, pas de minimum : un pari perdu coûte 5."""
    t = table(negative=True)
    give(t, 2, 3)
    sirote(t, (2, 5, 2), (2, Shout.BIRD, 4), (3, Shout.COUCHE_SIROP, None))
    t.sirotage(3)
    t.settle()
    assert bevues(t) == []
    assert t.score(2) == -2  # 3 − 5


# --- R5.6: the Civet ---------------------------------------------------------------------


def test_R5_6_failing_a_sirotage_of_6_gives_a_civet() -> None:
    """R5.6 / « Si un joueur échoue un Sirotage de 6, il obtient un Civet »."""
    t = table()
    sirote(t, (6, 2, 6), *COUCHE)
    t.sirotage(5)
    assert ItemChanged(1, "civet", True) in t.last
    assert t.state.player(1).civet
    assert entries(t, 1) == [("sirop", -36)]


def test_R5_6_no_civet_for_a_success_or_for_another_pair() -> None:
    """R5.6 : le Civet ne se gagne qu'en échouant un sirotage de 6."""
    t = table()
    sirote(t, (6, 2, 6), *COUCHE)
    t.sirotage(6)  # success on 6
    t.settle()
    t.throw(5, 5, 1)  # Perceval fails a sirotage of 5
    t.shout(2, Shout.JE_SIROTE)
    t.shout(1, Shout.COUCHE_SIROP)
    t.shout(3, Shout.COUCHE_SIROP)
    t.sirotage(3)
    t.settle()
    assert not any(p.civet for p in t.state.players)
    assert not any(isinstance(e, ItemChanged) and e.item == "civet" for e in t.effects)


# --- R5.7: the "Je sirote" window --------------------------------------------------------


def test_R5_7_without_a_sirotage_the_chouette_is_scored_when_the_window_closes() -> None:
    """R5.7 : la fenêtre « Je sirote » dure 10 s ; sans sirotage, la Chouette est comptée."""
    t = table()
    t.throw(3, 3, 2)
    t.tick(9_500)
    assert isinstance(t.state.phase, ChouetteWindow)  # still open after 9.5 s
    t.tick(1_000)
    assert entries(t, 1) == [("chouette", 9)]  # 3² = 9
    assert t.state.turn_seat == 2


def test_R5_7_je_sirote_within_the_window_starts_the_sirotage() -> None:
    """R5.7 : « Je sirote » dans les 10 s ouvre le sirotage."""
    t = table()
    t.throw(3, 3, 2)
    t.shout(1, Shout.JE_SIROTE, after_ms=9_000)
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.stage == Stage.SIROTAGE


def test_R5_7_the_window_closes_early_when_the_next_throw_starts() -> None:
    """R5.7 : la fenêtre se ferme dès que le plateau bouge pour le lancer suivant."""
    t = table()
    t.throw(3, 3, 2)
    t.chouettes(1, 5)  # Perceval throws right away (1.5 s + 0.6 s later)
    assert entries(t, 1) == [("chouette", 9)]
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.thrower == 2 and phase.stage == Stage.CUL
    t.shout(1, Shout.JE_SIROTE)  # too late now
    assert entries(t, 1) == [("chouette", 9)]
    assert isinstance(t.state.phase, AwaitingThrow) and t.state.phase.stage == Stage.CUL


def test_R5_7_rethrowing_the_odd_die_without_je_sirote_is_the_throwers_bevue() -> None:
    """R5.7 : « il doit crier “ Je sirote ! ” en saisissant le dé » ; sans l'annonce, Bévue du lanceur."""
    t = table()
    t.throw(3, 3, 5)
    t.sirotage(3)  # the odd die is thrown again, unannounced
    assert bevues(t) == [1]
    assert entries(t, 1) == [("chouette", 9), ("bevue", -10)]
    assert entries(t, 2) == []
    phase = t.state.phase
    assert isinstance(phase, AwaitingThrow) and phase.thrower == 2 and phase.stage == Stage.CHOUETTES
    t.throw(2, 4, 6)  # Perceval's turn goes on normally: a Velute of 6
    assert entries(t, 2) == [("velute", 72)]


def test_R5_7_rethrowing_a_die_of_the_pair_unannounced_is_the_throwers_bevue_too() -> None:
    """R5.7 : un dé de la Chouette relancé sans « Je sirote ! » n'est pas le lancer du joueur suivant."""
    t = table()
    t.throw(5, 2, 5)
    t.rethrow([0], [5])
    assert bevues(t) == [1]
    assert entries(t, 1) == [("chouette", 25), ("bevue", -10)]
    assert isinstance(t.state.phase, AwaitingThrow) and t.state.between_turns


def test_R5_7_the_window_length_is_an_option() -> None:
    """R5.7 : la durée de la fenêtre est une option (ici 3 s)."""
    t = table(sirop_window_ns=3 * S)
    t.throw(4, 2, 4)
    t.tick(3_100)
    assert entries(t, 1) == [("chouette", 16)]


def test_R5_7_je_sirote_outside_a_chouette_window_changes_nothing_in_standard_mode() -> None:
    """R5.7 / R4.6 : « Je sirote » sans Chouette n'est pas une Bévue nommée par le texte (standard)."""
    t = table()
    before = t.state
    t.shout(2, Shout.JE_SIROTE)
    assert bevues(t) == []
    assert replace(t.state, inputs=before.inputs, now_ns=before.now_ns) == before
    strict = table(bevue_strictness=Strictness.STRICT)
    strict.shout(2, Shout.JE_SIROTE)
    assert bevues(strict) == [2]


# --- the beginner text -------------------------------------------------------------------


def test_texte_sirop_mise_de_5_gain_de_25() -> None:
    """« La mise est de 5 pts et le gain potentiel de 25 pts. »"""
    t = table()
    sirote(t, (6, 3, 6), (2, Shout.BIRD, 2), (3, Shout.BIRD, 5))  # Alouette, Bergeronnette
    t.sirotage(5)
    t.shout(3, Shout.SIROP_GAGNANT)
    # Arthur −6² = −36; the Alouette loses its 5; the Bergeronnette wins 25 and keeps its 5
    assert t.scores == [-36, -5, 25]
    assert ledger_sums_match(t)


def test_texte_sirop_les_oiseaux_de_linotte_a_chouette() -> None:
    """« 1. Linotte … 6. Chouette » : sur une Chouette de 6, annoncer « Chouette » est une Bévue."""
    t = table()
    sirote(t, (6, 3, 6), (2, Shout.BIRD, 6), (3, Shout.BIRD, 3))  # Chouette (the pair), Fauvette
    assert bevues(t) == [2]
    t.sirotage(3)
    t.shout(3, Shout.SIROP_GAGNANT)
    t.settle()
    assert entries(t, 3) == [("sirop_pari", 25)]


def test_texte_sirop_bad_bird_value_is_rejected_and_the_state_is_unchanged() -> None:
    """« 1. Linotte … 6. Chouette » : un oiseau hors de 1..6 est refusé, l'état ne change pas."""
    t = table()
    sirote(t, (6, 3, 6))
    before = t.state
    t.shout(2, Shout.BIRD, value=7)
    assert isinstance(t.last[0], Rejected)
    assert replace(t.state, inputs=before.inputs) == before
