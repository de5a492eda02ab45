"""Where effects go: the e-ink standings, the LED ticker, the seat LEDs, a terminal...

A sink is anything with `show(state, effects)`, called after every applied input (and once at
the start of a game). Sinks that must act when time passes without an input (the e-ink panel
waiting out its minimum interval) also have `at(t_ns)`, called on every camera frame.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from culdechouette_box.rules.effects import Effect
from culdechouette_box.rules.state import GameState


class EffectSink(Protocol):
    def show(self, state: GameState, effects: Sequence[Effect]) -> None: ...


@runtime_checkable
class TimedSink(Protocol):
    def at(self, t_ns: int) -> None: ...


class RecordingSink:
    """Keeps every (state, effects) it was shown: for tests and tools."""

    def __init__(self) -> None:
        self.shown: list[tuple[GameState, tuple[Effect, ...]]] = []

    def show(self, state: GameState, effects: Sequence[Effect]) -> None:
        self.shown.append((state, tuple(effects)))

    @property
    def effects(self) -> list[Effect]:
        return [effect for _, effects in self.shown for effect in effects]
