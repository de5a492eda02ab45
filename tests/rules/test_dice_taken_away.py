"""A tray that comes to rest with dice only taken away: the camera sees it before the throw.

The tracker announces a rest whenever the tray is still, and a hand that takes dice for a
sirotage or a new turn leaves the tray still for a moment before the throw. Such a rest shows no
new die, so it must change nothing: no score, no Bévue, no prompt, and the phase stays as it was.
"""

from __future__ import annotations

from culdechouette_box.rules.config import RulesConfig
from culdechouette_box.rules.effects import BevueGiven, Prompt, Scored
from culdechouette_box.rules.inputs import Shout
from culdechouette_box.rules.state import AwaitingThrow, ChouetteWindow, Stage
from culdechouette_box.rules.table import Table


def table() -> Table:
    return Table(["Arthur", "Perceval", "Karadoc"], config=RulesConfig(negative_scores=True))


def quiet(effects: tuple[object, ...]) -> bool:
    return not any(isinstance(e, BevueGiven | Prompt | Scored) for e in effects)


def test_R5_1_the_odd_die_taken_in_hand_before_the_sirotage_changes_nothing() -> None:
    """R5.1 : le sirotant reprend le dé impair; le plateau au repos sans lui n'est pas un lancer."""
    t = table()
    t.throw(4, 1, 4)
    t.shout(1, Shout.JE_SIROTE)
    t.shout(2, Shout.COUCHE_SIROP)
    t.shout(3, Shout.COUCHE_SIROP)
    before = t.state.phase
    assert isinstance(before, AwaitingThrow) and before.stage == Stage.SIROTAGE
    assert quiet(t.take_away([1]))
    assert t.state.phase == before and t.scores == [0, 0, 0]
    t.cul(4)  # the odd die thrown again shows 4: a Cul de Chouette of 4
    assert [(e.rule, e.points) for e in t.state.ledger if e.seat == 1] == [("sirop", 80)]
    assert not any(isinstance(e, BevueGiven) for e in t.effects)


def test_R5_7_the_odd_die_taken_while_the_window_is_open_is_no_bevue_yet() -> None:
    """R5.7 : reprendre le dé impair sans l'avoir relancé n'est pas encore un sirotage annoncé."""
    t = table()
    t.throw(3, 3, 1)
    window = t.state.phase
    assert isinstance(window, ChouetteWindow)
    assert quiet(t.take_away([2]))
    assert t.state.phase == window and t.scores == [0, 0, 0]


def test_R3_2_the_next_player_clearing_the_tray_is_no_throw() -> None:
    """R3.2 : le joueur suivant ramasse les dés; le plateau vide au repos ne compte pas."""
    t = table()
    t.throw(3, 3, 1)
    t.settle()  # the window closes: Arthur scores his Chouette of 3
    assert t.scores == [9, 0, 0]
    turn = t.state.phase
    assert isinstance(turn, AwaitingThrow) and turn.thrower == 2 and turn.stage == Stage.CHOUETTES
    assert quiet(t.take_away([0, 1, 2]))
    assert t.state.phase == turn
    t.throw(5, 5, 2)  # Perceval's Chouette of 5
    t.settle()
    assert t.scores == [9, 25, 0]


def test_R3_2_a_chouette_lifted_before_the_cul_is_no_throw() -> None:
    """R3.2 : les chouettes posées, un dé repris avant le cul ne fait ni lancer ni Bévue."""
    t = table()
    t.chouettes(2, 6)
    stage = t.state.phase
    assert isinstance(stage, AwaitingThrow) and stage.stage == Stage.CUL
    assert quiet(t.take_away([1]))
    assert t.state.phase == stage
