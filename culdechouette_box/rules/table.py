"""A scripted table: drive the engine with dice and shouts as a game would produce them.

It plays the part of the tray and the buttons for tests, examples and the demo's players: it
keeps die ids the way the tracker does (a die that stays keeps its id; a thrown die gets a new
one), keeps a clock, and records every input so the game can be replayed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from . import engine
from .config import MS, RulesConfig
from .effects import Effect
from .inputs import Announcement, Input, RestingDie, Shout, Tick, TrayAtRest, TrayMotion
from .state import GameState

THROW_GAP_MS = 1500


@dataclass
class Table:
    names: Sequence[str]
    config: RulesConfig = field(default_factory=RulesConfig)
    start: int | None = 1
    t_ns: int = 1_000_000_000
    state: GameState = field(init=False)
    inputs: list[Input] = field(init=False, default_factory=list)
    effects: list[Effect] = field(init=False, default_factory=list)
    last: tuple[Effect, ...] = field(init=False, default=())
    _tray: list[RestingDie] = field(init=False, default_factory=list)
    _next_id: int = field(init=False, default=1)

    def __post_init__(self) -> None:
        players = [(i + 1, name) for i, name in enumerate(self.names)]
        self.state, first = engine.new_game(self.config, players, self.start)
        self.effects.extend(first)

    # --- time and raw inputs ----------------------------------------------------------------

    def at(self, ms: float) -> int:
        """The t_ns `ms` after the current time, without moving the clock."""
        return self.t_ns + int(ms * MS)

    def wait(self, ms: float) -> int:
        self.t_ns += int(ms * MS)
        return self.t_ns

    def feed(self, inp: Input) -> tuple[Effect, ...]:
        self.inputs.append(inp)
        self.state, self.last = engine.apply(self.state, inp)
        self.effects.extend(self.last)
        return self.last

    def tick(self, ms: float = 0.0) -> tuple[Effect, ...]:
        return self.feed(Tick(self.wait(ms)))

    def settle(self) -> None:
        """Let every open window and race close."""
        for _ in range(32):
            deadline = engine.next_deadline(self.state)
            if deadline is None:
                return
            self.t_ns = max(self.t_ns, deadline)
            self.feed(Tick(self.t_ns))

    # --- the tray ---------------------------------------------------------------------------

    def _die(self, value: int | None, x: float = 0.0) -> RestingDie:
        die = RestingDie(self._next_id, value, x, 0.0)
        self._next_id += 1
        return die

    def _rest(self, off_tray: int = 0) -> tuple[Effect, ...]:
        self.feed(TrayMotion(self.wait(THROW_GAP_MS)))
        return self.feed(TrayAtRest(self.wait(600), tuple(self._tray), off_tray))

    def chouettes(self, a: int | None, b: int | None) -> tuple[Effect, ...]:
        """Pick up every die and throw two."""
        self._tray = [self._die(a, 10), self._die(b, 20)]
        return self._rest()

    def cul(self, c: int | None) -> tuple[Effect, ...]:
        self._tray.append(self._die(c, 30))
        return self._rest()

    def throw(self, a: int, b: int, c: int) -> tuple[Effect, ...]:
        self.chouettes(a, b)
        return self.cul(c)

    def three_at_once(self, a: int, b: int, c: int) -> tuple[Effect, ...]:
        self._tray = [self._die(a), self._die(b), self._die(c)]
        return self._rest()

    def one_die(self, value: int | None) -> tuple[Effect, ...]:
        """A throw-off die (or a cul thrown first): every other die is picked up."""
        self._tray = [self._die(value)]
        return self._rest()

    def off_tray(self, *values: int) -> tuple[Effect, ...]:
        """Throw dice of which one leaves the tray: only `values` stay on it."""
        self._tray = [self._die(v) for v in values]
        return self._rest(off_tray=1)

    def take_away(self, positions: Sequence[int]) -> tuple[Effect, ...]:
        """Pick up the dice at `positions` and keep them in hand: the camera sees the tray come to
        rest with fewer dice before anything is thrown (the next `cul` throws one again)."""
        for pos in sorted(positions, reverse=True):
            del self._tray[pos]
        return self._rest()

    def rethrow(self, positions: Sequence[int], values: Sequence[int | None]) -> tuple[Effect, ...]:
        """Pick up the dice at `positions` (0-based, in tray order) and throw them again."""
        assert len(positions) == len(values)
        for pos, value in zip(positions, values, strict=True):
            self._tray[pos] = self._die(value, self._tray[pos].x)
        return self._rest()

    def rethrow_value(self, old: int, new: int | None) -> tuple[Effect, ...]:
        """Re-throw the first die showing `old` (the odd die of a sirotage)."""
        pos = next(i for i, d in enumerate(self._tray) if d.value == old)
        return self.rethrow([pos], [new])

    def odd_die(self) -> int:
        values = [d.value for d in self._tray]
        return next(v for v in values if values.count(v) == 1 and v is not None)

    def sirotage(self, new: int | None) -> tuple[Effect, ...]:
        return self.rethrow_value(self.odd_die(), new)

    # --- shouts -----------------------------------------------------------------------------

    def shout(
        self, seat: int, kind: Shout = Shout.TAP, after_ms: float = 100.0, **fields: object
    ) -> tuple[Effect, ...]:
        return self.feed(Announcement(self.wait(after_ms), seat, kind, **fields))  # type: ignore[arg-type]

    def shouts(self, *timed: tuple[int, float]) -> None:
        """Taps at `ms` after the current time, fed in the given (arrival) order."""
        base = self.t_ns
        for seat, ms in timed:
            self.feed(Announcement(base + int(ms * MS), seat, Shout.TAP))
        self.t_ns = base + int(max(ms for _, ms in timed) * MS)

    # --- reading ----------------------------------------------------------------------------

    def score(self, seat: int) -> int:
        return self.state.player(seat).score

    @property
    def scores(self) -> list[int]:
        return [p.score for p in self.state.players]
