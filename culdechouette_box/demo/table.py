"""DemoTable: simulated people play at a simulated tray, and the real box referees.

The table is driven on the simulator's clock, one camera frame at a time. Every frame the tray
renders goes to the box loop (vision, then the rules); button presses are scheduled at their
edge times and delivered between frames, in time order, as the GPIO thread would queue them.
While nothing moves and the table only waits (a window to close, someone to think), most frames
are stepped without rendering and one in `idle_stride` is shown to the box: the tray is still,
so the tracker has nothing to miss, and the demo runs several times faster.

The players look at the box's state to know what the table waits for, and at the dice
themselves (the simulator's truth) to pick up the right die; the box only ever sees frames.
"""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from culdechouette_box.box.loop import Applied, BoxLoop
from culdechouette_box.errors import BoxError
from culdechouette_box.rules import engine
from culdechouette_box.rules.effects import Race, RaceOpened
from culdechouette_box.rules.inputs import (
    Announcement,
    ScribeDice,
    ScribeSong,
    Shout,
    SongResult,
    TrayAtRest,
)
from culdechouette_box.rules.state import (
    AwaitingThrow,
    ChouetteWindow,
    GrelottineCall,
    GrelottineStake,
    Phase,
    ShoutRace,
    SloubiSong,
    Stage,
    ThrowOff,
    TurnContext,
)

from .players import SimPlayers

if TYPE_CHECKING:
    from culdechouette_box.rules.state import GameState
    from hardware.sim.tray import SimTray
    from hardware.sim.truth import DieTruth

S = 1_000_000_000
STILL_FRAMES = 6  # as the simulator counts a rest
MAX_STEPS_WITHOUT_THROW = 40


class DemoTableError(BoxError):
    """The simulated table cannot go on."""


@dataclass
class Counters:
    throws: int = 0  # throw actions at the tray (dice thrown or thrown again)
    frames: int = 0  # frames of simulated time
    frames_seen: int = 0  # frames rendered and fed to the box
    presses: int = 0
    announcements: int = 0
    scribe_dice: int = 0  # throws the scribe entered after vision kept refusing
    rests_unreported: int = 0  # the tray was still but the box reported no rest


@dataclass(frozen=True)
class TableSettings:
    max_throws: int | None = None
    idle_stride: int = 3  # while waiting, one frame in this many is rendered and shown
    scribe_after: int = 3  # the same throw awaited this many times: the scribe enters the dice
    max_wait_s: float = 15.0


@dataclass(order=True)
class _Scheduled:
    t_ns: int
    seq: int
    act: Callable[[], Applied] = field(compare=False)


class DemoTable:
    def __init__(self, loop: BoxLoop, tray: SimTray, players: SimPlayers,
                 settings: TableSettings | None = None,
                 progress: Callable[[DemoTable], None] | None = None) -> None:
        self.loop = loop
        self.tray = tray
        self.players = players
        self.settings = settings or TableSettings()
        self.counters = Counters()
        self.box_rests: list[TrayAtRest] = []
        self._progress = progress
        self._queue: list[_Scheduled] = []
        self._seq = 0
        self.now_ns = tray.t_ns()
        self._still_run = 0
        self._rest_ns = self.now_ns  # first still frame of the latest rest the players saw
        self._rest_reported = True
        self._stalls = 0
        self._last_awaited: Phase | None = None
        self._decided: Phase | None = None
        self._sirop_wins: tuple[int, ...] = ()

    @property
    def state(self) -> GameState:
        return self.loop.state

    # -- the clock -------------------------------------------------------------------------------

    def _frame(self, show: bool) -> None:
        tray = self.tray
        if show:
            sim_frame = tray.step()
            truth, frame = sim_frame.truth, sim_frame.frame
            if frame is None:
                raise DemoTableError("the demo needs a tray that renders its frames")
            self._deliver(frame.t_ns)
            self._observe(self.loop.on_frame(frame.t_ns, frame.image))
            self.counters.frames_seen += 1
        else:
            truth = tray.advance()
        self.counters.frames += 1
        self.now_ns = truth.t_ns
        if truth.still:
            self._still_run += 1
            if self._still_run == 1:
                self._rest_ns = truth.t_ns
        else:
            self._still_run = 0
        if self._progress is not None and self.counters.frames % 30 == 0:
            self._progress(self)

    def _deliver(self, before_ns: int) -> None:
        while self._queue and self._queue[0].t_ns < before_ns:
            item = heapq.heappop(self._queue)
            self._observe([item.act()])

    def schedule(self, t_ns: int, act: Callable[[], Applied]) -> None:
        """Deliver `act` before the first frame shown after `t_ns` (never in the past)."""
        self._seq += 1
        heapq.heappush(self._queue, _Scheduled(t_ns, self._seq, act))

    def press(self, seat: int, t_ns: int) -> None:
        """A button edge at `t_ns` (people cannot press in the past: at least now)."""
        self.counters.presses += 1
        edge = max(t_ns, self.now_ns + 1)
        self.schedule(edge, lambda: self.loop.on_button(seat, edge))

    def announce(self, a: Announcement) -> None:
        self.counters.announcements += 1
        if a.t_ns <= self.now_ns:
            a = Announcement(self.now_ns + 1, a.seat, a.kind, a.value, a.target, a.combination)
        self.schedule(a.t_ns, lambda: self.loop.on_announcement(a))

    def _observe(self, applied: list[Applied]) -> None:
        for step in applied:
            if isinstance(step.input, TrayAtRest):
                self.box_rests.append(step.input)
                self._rest_reported = True
            for effect in step.effects:
                if isinstance(effect, RaceOpened):
                    seen = self._rest_ns if effect.race in (Race.CHOUETTE_VELUTE, Race.SUITE) else self.now_ns
                    for seat, t in self.players.race_presses(effect.race, effect.seats, seen):
                        self.press(seat, t)
        wins = self.state.sirop_wins
        for seat in wins:
            if seat not in self._sirop_wins and self.players.shouts_sirop_gagnant(seat):
                self.press(seat, self.now_ns + self.players.reaction_ns(seat))
        self._sirop_wins = wins

    def idle(self, duration_ns: int) -> None:
        """Let time pass with the tray still: one frame in `idle_stride` is shown to the box."""
        end = self.now_ns + duration_ns
        while self.now_ns < end:
            self._frame(show=self.counters.frames % self.settings.idle_stride == 0)

    def idle_until(self, done: Callable[[], bool], max_s: float | None = None) -> None:
        end = self.now_ns + round((max_s or self.settings.max_wait_s) * S)
        while not done() and self.now_ns < end:
            self._frame(show=self.counters.frames % self.settings.idle_stride == 0)

    def wait_for_presses(self) -> None:
        self.idle_until(lambda: not self._queue, max_s=30.0)

    def throw(self, action: Callable[[], object], *, counts: bool = True) -> None:
        """A tray action (throw, re-throw): frames are rendered until the box reports the rest."""
        self.wait_for_presses()
        action()
        self.counters.throws += counts
        self._rest_reported = False
        self._still_run = 0
        budget = round(20 * self.tray.fps)
        for _ in range(budget):
            self._frame(show=True)
            if self._still_run >= STILL_FRAMES and self._rest_reported:
                return
            if self._still_run >= 3 * STILL_FRAMES + 30:  # a second still, and no rest reported
                self.counters.rests_unreported += 1
                return

    # -- the game --------------------------------------------------------------------------------

    def run(self) -> None:
        self.idle(round(0.3 * S))  # the empty tray: the tracker's first still scene
        idle_steps = 0
        while not self.state.over:
            if self.settings.max_throws is not None and self.counters.throws >= self.settings.max_throws:
                break
            throws = self.counters.throws
            self.step()
            idle_steps = idle_steps + 1 if self.counters.throws == throws else 0
            if idle_steps > MAX_STEPS_WITHOUT_THROW:
                raise DemoTableError(f"the table is stuck: nothing thrown while the box waits "
                                     f"for {type(self.state.phase).__name__}")
        self.wait_for_presses()
        self.idle(round(0.5 * S))

    def step(self) -> None:
        """Do what the table waits for now."""
        phase = self.state.phase
        if isinstance(phase, AwaitingThrow):
            self._awaiting(phase)
        elif isinstance(phase, ChouetteWindow):
            self._chouette(phase)
        elif isinstance(phase, ShoutRace):
            self._race(phase)
        elif isinstance(phase, ThrowOff):
            self._throw_off(phase)
        elif isinstance(phase, GrelottineStake):
            self.idle(self.players.think_ns(1.0, 3.0))
            self.announce(self.players.stake(phase, self.now_ns + 1))
            self.wait_for_presses()
        elif isinstance(phase, GrelottineCall):
            self.idle_until(lambda: self.state.phase != phase)
        elif isinstance(phase, SloubiSong):
            self.loop.on_scribe(ScribeSong(self.now_ns, SongResult.REFUSED))

    def _stalled(self, phase: Phase) -> bool:
        """The same throw awaited again and again: vision keeps refusing, or reads nonsense."""
        self._stalls = self._stalls + 1 if phase == self._last_awaited else 0
        self._last_awaited = phase
        return self._stalls >= self.settings.scribe_after

    def _gather(self, ids: list[int] | None = None) -> None:
        """The dice are taken off the tray before they are thrown again, one at a time, and the
        box sees the tray at rest after each. (The tracker takes a change since the last rest of
        more than six dice' area for a hand over the tray, and waits for it to leave: three dice
        lying together and lifted at once look like that, and the tracker then waits for ever.)"""
        tray = self.tray
        for die in tray.dice_in_play if ids is None else ids:
            self.throw(functools.partial(tray.pick_up, [die], hand=False), counts=False)

    def _new_throw(self) -> None:
        tray = self.tray
        self._gather()
        self.throw(lambda: tray.throw(2))

    def _awaiting(self, phase: AwaitingThrow) -> None:
        tray = self.tray
        if self._stalled(phase):
            self._scribe(phase)
            return
        if self.state.between_turns and self._stalls == 0:
            self.idle(self.players.think_ns(0.4, 1.5))
            challenge = self.players.challenge(self.state, self.now_ns + 1)
            if challenge is not None:
                self.announce(challenge)
                self.wait_for_presses()
                self.idle_until(lambda: not isinstance(self.state.phase, GrelottineCall), max_s=2.0)
                return
            bet = self.players.civet(self.state, phase.thrower, self.now_ns + 1)
            if bet is not None and Shout.CIVET in engine.open_shouts(self.state, phase.thrower):
                self.announce(bet)
                self.wait_for_presses()
        if phase.need:
            ids = self._refused_dice()
            if ids:
                self.throw(lambda: tray.rethrow(ids, hand=False))
            else:
                self._scribe(phase)
            return
        if phase.stage == Stage.SIROTAGE and phase.sirotage is not None:
            if not phase.sirotage.bets and not phase.sirotage.voided:
                for p in self.state.players:
                    if p.active and p.seat != phase.thrower:
                        t = self.now_ns + self.players.think_ns(0.3, 1.8)
                        self.announce(self.players.bet(p.seat, phase.sirotage.pair, t))
            odd = self._odd_die(phase)
            self.throw(lambda: tray.rethrow([odd], hand=False))
        elif phase.stage == Stage.CHOUETTES:
            self._new_throw()
        elif phase.stage == Stage.CUL:
            if len(tray.dice_in_play) >= 3:
                self._scribe(phase)  # the box did not take the last throw as the cul
            else:
                self.throw(lambda: tray.throw(1))
        elif phase.stage == Stage.RETHROW:
            ctx = phase.context
            combination = getattr(ctx, "combination", "chouette")
            ids = self.players.keep_for_challenge(self._truth_values(), combination)
            self._gather(ids)
            self.throw(lambda: tray.throw(len(ids)))

    def _chouette(self, phase: ChouetteWindow) -> None:
        if self._decided == phase:  # decided not to sirote: the window closes by itself
            self.idle_until(lambda: self.state.phase != phase)
            return
        self._decided = phase
        if self.players.wants_to_sirote(self.state, phase.thrower, phase.pair):
            self.press(phase.thrower, self._rest_ns + self.players.think_ns(0.8, 2.5))
            self.wait_for_presses()
            self.idle_until(lambda: self.state.phase != phase, max_s=1.0)
        elif isinstance(phase.context, TurnContext):
            self.idle(self.players.think_ns(0.8, 2.0))
            self._new_throw()  # the next player throws: the window closes at that rest (R5.7)

    def _race(self, phase: ShoutRace) -> None:
        self.wait_for_presses()
        self.idle_until(lambda: self.state.phase != phase, max_s=1.0)
        if self.state.phase != phase:
            return
        if phase.race != Race.BRETONNES and isinstance(phase.context, TurnContext):
            self._new_throw()  # the silent are silent: the next throw closes the race
        else:
            self.idle_until(lambda: self.state.phase != phase)

    def _throw_off(self, phase: ThrowOff) -> None:
        if self._stalled(phase):
            self._scribe(phase)
            return
        tray = self.tray
        self.idle(self.players.think_ns(0.4, 1.2))
        self._gather()
        self.throw(lambda: tray.throw(1))

    # -- what the players see --------------------------------------------------------------------

    def _dice_seen(self) -> list[DieTruth]:
        truth = self.tray.last_truth
        return [] if truth is None else [d for d in truth.dice if not d.held]

    def _truth_values(self) -> dict[int, int]:
        return {d.die_id: d.value for d in self._dice_seen()}

    def _physical_die_at(self, x: float, y: float) -> int:
        dice = self._dice_seen()
        return min(dice, key=lambda d: math.dist(d.centre_px, (x, y))).die_id

    def _refused_dice(self) -> list[int]:
        """The physical dice the box refused to read: the players pick them up and throw again."""
        ids = [self._physical_die_at(d.x, d.y) for d in self.state.tray if d.value is None]
        return sorted(set(ids))

    def _odd_die(self, phase: AwaitingThrow) -> int:
        """The die to sirote: the one that is not of the pair, as the thrower sees the dice."""
        assert phase.sirotage is not None
        values = self._truth_values()
        odd = [d for d, v in values.items() if v != phase.sirotage.pair]
        if len(odd) == 1 and len(values) == 3:
            return odd[0]
        box_odd = [d for d in self.state.tray if d.die_id not in phase.sirotage.pair_ids]
        if box_odd:
            return self._physical_die_at(box_odd[0].x, box_odd[0].y)
        return max(values)

    def _scribe(self, phase: Phase) -> None:
        """Vision keeps refusing: the scribe reads the dice at the console (ScribeDice)."""
        self._stalls = 0
        self._last_awaited = None
        self.wait_for_presses()
        tray = self.tray
        one_die = isinstance(phase, AwaitingThrow) and phase.stage == Stage.SIROTAGE
        if isinstance(phase, ThrowOff) or one_die:
            in_play = tray.dice_in_play
            values = self._truth_values()
            if not in_play:
                return
            self.loop.on_scribe(ScribeDice(self.now_ns + 1, (values[in_play[-1]],)))
        else:
            missing = 3 - len(tray.dice_in_play)
            if missing > 0:
                self.throw(lambda: tray.throw(missing))
                if self.state.phase != phase:
                    return
            values = self._truth_values()
            order = tray.dice_in_play[-3:]
            self.loop.on_scribe(ScribeDice(self.now_ns + 1, tuple(values[d] for d in order)))
        self.counters.scribe_dice += 1
        self._observe([])
