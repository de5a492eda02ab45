"""A bévue can end the game (R2.2 zero rule paying the others, R2.4 end at 343): the box stops there."""

from __future__ import annotations

from culdechouette_box.rules import engine
from culdechouette_box.rules.config import RulesConfig
from culdechouette_box.rules.effects import GameOver, Prompt
from culdechouette_box.rules.inputs import RestingDie, ScribeAdjust, TrayAtRest
from culdechouette_box.rules.state import Finished, ThrowOff

PLAYERS = ((1, "Arthur"), (2, "Perceval"), (3, "Karadoc"))


def test_R3_3_a_die_off_the_tray_in_the_throw_off_ending_the_game_by_R2_2_asks_nothing_more() -> None:
    state, _ = engine.new_game(RulesConfig(), PLAYERS)
    assert isinstance(state.phase, ThrowOff)
    # the scribe brings Perceval and Karadoc to 333 while Arthur stays at 0 (paid by the zero rule)
    state, _ = engine.apply(state, ScribeAdjust(0, 1, -333, ""))
    assert [p.score for p in state.players] == [0, 333, 333]
    # Arthur's die leaves the tray: his bévue of 10 is paid to the others (R2.2), who reach 343
    state, effects = engine.apply(state, TrayAtRest(1, (), off_tray=1))
    assert [p.score for p in state.players] == [0, 343, 343]
    assert isinstance(state.phase, Finished) and state.phase.winners == (2, 3)
    assert GameOver((2, 3)) in effects
    prompts = [e.text for e in effects if isinstance(e, Prompt)]
    assert prompts[-1] == "FIN DE PARTIE : PERCEVAL, KARADOC GAGNENT"


def test_R3_3_a_die_off_the_tray_that_ends_the_game_in_a_turn_asks_for_no_rethrow() -> None:
    state, _ = engine.new_game(RulesConfig(), PLAYERS, starting_seat=1)
    state, _ = engine.apply(state, ScribeAdjust(0, 1, -333, ""))
    state, effects = engine.apply(state, TrayAtRest(1, (RestingDie(1, 3, 10.0, 10.0),), off_tray=1))
    assert isinstance(state.phase, Finished)
    prompts = [e.text for e in effects if isinstance(e, Prompt)]
    assert prompts[-1].startswith("FIN DE PARTIE")
    assert not any("RELANCEZ" in text for text in prompts)
