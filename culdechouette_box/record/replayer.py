"""Replaying a record: the state is a pure function of the record.

Undo is the same thing: drop the last input (`writer.undo`) and replay what is left. There is no
other path to a state, so what the scoreboards show can always be rebuilt from the file.
"""

from __future__ import annotations

from dataclasses import dataclass

from culdechouette_box.rules import engine
from culdechouette_box.rules.effects import Effect
from culdechouette_box.rules.errors import ConfigurationError
from culdechouette_box.rules.state import GameState

from .errors import RecordError
from .reader import Record


@dataclass(frozen=True)
class ReplayResult:
    """The state after the inputs replayed, with what each input made the box show.

    `effects[i]` belongs to input `i` (line `i + 2` of the file); `start_effects` to the header
    (the new game: the start throw-off prompt, or the first turn).
    """

    state: GameState
    start_effects: tuple[Effect, ...]
    effects: tuple[tuple[Effect, ...], ...]


def start(record: Record) -> tuple[GameState, tuple[Effect, ...]]:
    """The state before the first input: the game the header describes."""
    header = record.header
    try:
        return engine.new_game(header.ruleset, header.players, header.starting_seat)
    except ConfigurationError as exc:
        raise RecordError(f"the header does not make a game: {exc}", line=1) from None


def replay(record: Record, upto: int | None = None) -> ReplayResult:
    """Apply the first `upto` inputs (all of them by default) to the game of the header."""
    count = len(record.inputs) if upto is None else upto
    if not 0 <= count <= len(record.inputs):
        raise RecordError(f"upto: {upto} is outside 0..{len(record.inputs)} (the inputs held)")
    state, start_effects = start(record)
    effects: list[tuple[Effect, ...]] = []
    for inp in record.inputs[:count]:
        state, produced = engine.apply(state, inp)
        effects.append(produced)
    return ReplayResult(state, start_effects, tuple(effects))
