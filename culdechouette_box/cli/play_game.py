"""The terminal game's logic: typed actions become inputs, recorded, then applied.

It plays the part of the tray tracker and the buttons. Die ids follow the tracker's habit: a die
that stays on the tray keeps its id (the chouettes when the cul is typed, the pair of a sirotage,
the dice a challenged player keeps), and a thrown die gets a new one. Every input is appended to
the record (fsynced) before the engine sees it, so the record replays to this very game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from culdechouette_box.record import RecordWriter, read_record, replay, undo
from culdechouette_box.rules import engine
from culdechouette_box.rules.effects import GameOver, Scored
from culdechouette_box.rules.inputs import (
    Announcement,
    Input,
    RestingDie,
    ScribeAdjust,
    ScribeBevue,
    ScribeDice,
    ScribeJoin,
    ScribeSong,
    Shout,
    Tick,
    TrayAtRest,
    TrayMotion,
)
from culdechouette_box.rules.state import AwaitingThrow, GameState, Stage

from . import render
from .play_commands import HELP, Action, CommandError, Control, Dice, Say, Scribe, Taps, parse

MAX_TICKS_AT_ONCE = 64  # a deadline that never moves would otherwise spin forever
DIE_SPACING = 40.0  # where new dice are said to rest, in tray units: apart, like real dice


class TerminalGame:
    """One game at one keyboard. `write` prints a line; `clock` gives CLOCK_MONOTONIC ns."""

    def __init__(
        self,
        writer: RecordWriter,
        state: GameState,
        write: Callable[[str], None],
        clock: Callable[[], int] = time.monotonic_ns,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.writer = writer
        self.state = state
        self.write = write
        self.clock = clock
        self.sleep = sleep
        self.actions: list[int] = []  # record counts before each action: what `u` returns to
        self.next_die_id = 1 + _max_die_id(writer.path)

    # --- inputs -------------------------------------------------------------------------------

    def feed(self, inp: Input) -> None:
        """Close what is due before `inp`, then record `inp`, then apply it."""
        self.pump(inp.t_ns)
        self._apply(inp)

    def _apply(self, inp: Input) -> None:
        self.writer.append(inp)
        self.state, effects = engine.apply(self.state, inp)
        for effect in effects:
            text = render.effect_text(self.state, effect)
            if text is not None:
                self.write(text)
        if any(isinstance(e, Scored | GameOver) for e in effects):
            self.show_standings()

    def pump(self, now_ns: int) -> None:
        """Apply a Tick for every deadline up to `now_ns`: windows and races close on time."""
        last = -1
        for _ in range(MAX_TICKS_AT_ONCE):
            deadline = engine.next_deadline(self.state)
            if deadline is None or deadline > now_ns or deadline == last:
                return
            last = deadline
            self._apply(Tick(max(deadline, self.state.now_ns)))

    # --- actions ------------------------------------------------------------------------------

    def handle(self, action: Action, t_ns: int, started_ns: int | None = None) -> bool:
        """Carry out one typed action stamped `t_ns` (its first key at `started_ns`).
        Returns False when the player asked to quit."""
        if isinstance(action, Control):
            return self._control(action)
        self.actions.append(self.writer.count)
        if isinstance(action, Taps):
            for seat in action.seats:
                self.feed(Announcement(t_ns, seat, Shout.TAP))
        elif isinstance(action, Say):
            kind, value, target, combination = action.kind, action.value, action.target, action.combination
            self.feed(Announcement(t_ns, action.seat, kind, value, target, combination))
        elif isinstance(action, Dice):
            self._dice(action, t_ns, t_ns if started_ns is None else started_ns)
        elif isinstance(action, Scribe):
            self.feed(_scribe_input(action, t_ns))
        if self.writer.count == self.actions[-1]:
            self.actions.pop()
        return True

    def handle_text(self, text: str, t_ns: int, started_ns: int | None = None) -> bool:
        try:
            action = parse(text)
        except CommandError as exc:
            self.write(f"  ? {exc}")
            return True
        return True if action is None else self.handle(action, t_ns, started_ns)

    def _dice(self, action: Dice, t_ns: int, started_ns: int) -> None:
        try:
            kept = self._kept_dice(action)
        except CommandError as exc:
            self.write(f"  ? {exc}")
            return
        taken = {d.x for d in kept}
        free = (x for x in (DIE_SPACING * k for k in range(1, 99)) if x not in taken)
        new: list[RestingDie] = []
        for value, x in zip(action.values, free, strict=False):
            new.append(RestingDie(self.next_die_id, value, x, 0.0))
            self.next_die_id += 1
        self.feed(TrayMotion(started_ns))
        self.feed(TrayAtRest(t_ns, (*kept, *new), action.off_tray))

    def _kept_dice(self, action: Dice) -> tuple[RestingDie, ...]:
        """The dice that stay on the tray while the typed ones are thrown."""
        phase = self.state.phase
        rethrow = isinstance(phase, AwaitingThrow) and phase.stage == Stage.RETHROW and not phase.need
        if action.kept is not None and not rethrow:
            raise CommandError("« + » sert seulement à la relance d'un défi Grelottine")
        if not isinstance(phase, AwaitingThrow):
            return ()  # a new throw: every die is picked up
        if rethrow:
            wanted = list(action.kept if action.kept is not None else ())
            kept = []
            for die in phase.held:
                if die.value in wanted:
                    wanted.remove(die.value)
                    kept.append(die)
            if wanted:
                raise CommandError(f"aucun dé {wanted[0]} à garder sur le plateau")
            return tuple(kept)
        if phase.stage == Stage.CHOUETTES and not phase.need:
            return ()
        return phase.held

    def _control(self, action: Control) -> bool:
        if action.word == "q":
            return False
        if action.word == "help":
            self.write(HELP)
        elif action.word == "t":
            self.show_standings()
        elif action.word == "w":
            self.sleep(action.ms / 1000)
            self.pump(self.clock())
        elif action.word == "u":
            self.undo_last()
        return True

    def undo_last(self) -> None:
        """Drop the last action's inputs (and the ticks after it) from the record; replay."""
        if not self.actions:
            self.write("  rien à annuler")
            return
        target = self.actions.pop()
        path = self.writer.path
        self.writer.close()  # undo renames a new file over the old one: reopen after
        while read_record(path).inputs[target:]:
            undo(path)
        self.writer = RecordWriter.open(path)
        self.state = replay(read_record(path)).state
        self.write(f"  annulé : l'enregistrement revient à {target} entrées")
        self.show_standings()

    # --- display ------------------------------------------------------------------------------

    def show_standings(self) -> None:
        for line in render.standings_text(self.state):
            self.write(line)
        self.write(render.turn_text(self.state))


def _scribe_input(action: Scribe, t_ns: int) -> Input:
    if action.word == "bevue":
        return ScribeBevue(t_ns, action.seat, action.text) if action.text else ScribeBevue(t_ns, action.seat)
    if action.word == "adj":
        if action.text:
            return ScribeAdjust(t_ns, action.seat, action.points, action.text)
        return ScribeAdjust(t_ns, action.seat, action.points)
    if action.word == "des":
        return ScribeDice(t_ns, action.values)
    if action.word == "join":
        return ScribeJoin(t_ns, action.seat, action.text)
    assert action.song is not None
    return ScribeSong(t_ns, action.song)


def _max_die_id(path: Path) -> int:
    """The highest die id in a record, so that a resumed game never reuses one."""
    ids = [
        die.die_id
        for inp in read_record(path).inputs
        if isinstance(inp, TrayAtRest)
        for die in inp.dice
    ]
    return max(ids, default=0)
