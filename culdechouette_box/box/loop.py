"""BoxLoop: the one owner of the game state, fed by frames, button edges and the scribe.

Every input is appended to the game record (fsynced) before it is applied, so what the
scoreboards show is never ahead of the file, and replaying the record gives this loop's state
exactly. An input the rules refuse is recorded too: the replay refuses it the same way.

There are no threads here (the mopidy habit: logic apart from its thread wrappers). The real box
puts button edges on a queue from the GPIO thread and calls `on_button` from the loop's thread;
the demo and the tests call the methods directly, in time order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from culdechouette_box.errors import BoxError
from culdechouette_box.record import RecordHeader, RecordWriter
from culdechouette_box.rules import engine
from culdechouette_box.rules.effects import Effect, Rejected
from culdechouette_box.rules.inputs import Announcement, Input, ScribeCommand, Shout, Tick
from culdechouette_box.rules.state import GameState
from vision.events import TrayEvent

from .convert import tray_input
from .sinks import EffectSink, TimedSink

MAX_TICKS_PER_FRAME = 16  # each tick closes at least one thing; a phase never reopens itself


class LoopError(BoxError):
    """The loop was used out of order (a frame from the past, a closed loop)."""


class Tracker(Protocol):
    """What the loop needs of vision: `vision.tracker.TrayTracker` is one."""

    def feed(self, t_ns: int, image: Any) -> Sequence[TrayEvent]: ...


@dataclass(frozen=True)
class LoopSettings:
    """`hold_ns`: the lgpio alert thread holds edges for about 0.5 ms before releasing them, so
    a frame at `t` only proves that edges before `t - hold_ns` have all been delivered: ticks are
    stamped there, never later."""

    hold_ns: int = 1_000_000


@dataclass(frozen=True)
class InputFault:
    """An input the rules core failed on (it raised): not recorded, not applied."""

    input: Input
    error: str


@dataclass(frozen=True)
class Applied:
    """One input as recorded (its index in the record, -1 if it was not) and what applying it
    showed."""

    index: int
    input: Input
    effects: tuple[Effect, ...]


class BoxLoop:
    """Owns the game state and the record; see the module docstring."""

    def __init__(
        self,
        state: GameState,
        writer: RecordWriter,
        tracker: Tracker,
        sinks: Sequence[EffectSink] = (),
        settings: LoopSettings | None = None,
    ) -> None:
        if writer.count != state.inputs:
            raise LoopError(f"the record holds {writer.count} inputs but the state {state.inputs}")
        self._state = state
        self._writer = writer
        self._tracker = tracker
        self._sinks = tuple(sinks)
        self.settings = settings or LoopSettings()
        self._last_frame_ns: int | None = None
        self._last_tick_ns: int | None = None
        self.faults: list[InputFault] = []

    @classmethod
    def new_game(
        cls,
        path: str | Path,
        header: RecordHeader,
        tracker: Tracker,
        sinks: Sequence[EffectSink] = (),
        settings: LoopSettings | None = None,
        *,
        overwrite: bool = False,
    ) -> BoxLoop:
        """Start a game: write the record's header, and show the opening prompt on the sinks."""
        state, effects = engine.new_game(header.ruleset, header.players, header.starting_seat)
        writer = RecordWriter.create(path, header, overwrite=overwrite)
        loop = cls(state, writer, tracker, sinks, settings)
        loop._show(effects)
        return loop

    @property
    def state(self) -> GameState:
        return self._state

    @property
    def record_path(self) -> Path:
        return self._writer.path

    # -- inputs ---------------------------------------------------------------------------------

    def on_frame(self, t_ns: int, image: Any) -> list[Applied]:
        """A camera frame: the tray events it causes, then the ticks that are due."""
        if self._last_frame_ns is not None and t_ns <= self._last_frame_ns:
            raise LoopError(f"frames must come in time order: {t_ns} after {self._last_frame_ns}")
        self._last_frame_ns = t_ns
        applied = [self.submit(tray_input(event)) for event in self._tracker.feed(t_ns, image)]
        applied += self.tick(t_ns - self.settings.hold_ns)
        for sink in self._sinks:
            if isinstance(sink, TimedSink):
                sink.at(t_ns)
        return applied

    def tick(self, t_ns: int) -> list[Applied]:
        """Apply a `Tick(t_ns)` for each deadline of the rules that has passed by `t_ns`."""
        applied: list[Applied] = []
        for _ in range(MAX_TICKS_PER_FRAME):
            deadline = engine.next_deadline(self._state)
            if deadline is None or deadline > t_ns or self._state.over:
                break
            if self._last_tick_ns is not None and t_ns <= self._last_tick_ns:
                break  # this time was ticked already: what is due waits for a later time
            self._last_tick_ns = t_ns
            applied.append(self.submit(Tick(t_ns)))
        return applied

    def on_button(self, seat: int, t_ns: int) -> Applied:
        """A press of the seat's button at its edge time: whatever is open to that seat then."""
        return self.submit(Announcement(t_ns, seat, Shout.TAP))

    def on_announcement(self, announcement: Announcement) -> Applied:
        """A choice made on the buttons (bird bet, Grelottine target, stake) or at the console."""
        return self.submit(announcement)

    def on_scribe(self, command: ScribeCommand) -> Applied:
        """A command of the operator console."""
        return self.submit(command)

    def submit(self, inp: Input) -> Applied:
        """Record the input durably, then apply it and show its effects.

        The next state is computed first (`apply` is pure), but nothing is shown and the state
        does not change until the input is on disk. Should the rules core fail on an input (a
        fault of the core, never a refusal: refusals are effects), the input is not recorded,
        so that the record still replays, and the fault is kept in `faults` and shown as a
        `Rejected` effect; the game goes on from the state before it.
        """
        try:
            state, effects = engine.apply(self._state, inp)
        except Exception as exc:  # the box must outlive a fault of the core
            fault = InputFault(inp, f"{type(exc).__name__}: {exc}")
            self.faults.append(fault)
            rejected = (Rejected("rules_fault", f"entrée ignorée (erreur des règles) : {fault.error}"),)
            self._show(rejected)
            return Applied(-1, inp, rejected)
        index = self._writer.append(inp)
        self._state = state
        self._show(effects)
        return Applied(index, inp, effects)

    def _show(self, effects: tuple[Effect, ...]) -> None:
        for sink in self._sinks:
            sink.show(self._state, effects)

    def close(self) -> None:
        self._writer.close()
