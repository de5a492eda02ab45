"""A random but plausible table: players who throw, shout, bet and challenge at random.

Used by the random-play tests: it reads the phase to know what the table is waiting for, so the
game moves forward, and it mixes in wrong shouts, illegal inputs and messy throws.
"""

from __future__ import annotations

import random

from culdechouette_box.rules import engine
from culdechouette_box.rules.config import MS, RulesConfig
from culdechouette_box.rules.grelottine import RATES
from culdechouette_box.rules.inputs import (
    Announcement,
    Input,
    RestingDie,
    ScribeAdjust,
    ScribeBevue,
    ScribeJoin,
    ScribeSong,
    Shout,
    SongResult,
    Tick,
    TrayAtRest,
    TrayMotion,
)
from culdechouette_box.rules.state import (
    AwaitingThrow,
    ChouetteWindow,
    GameState,
    GrelottineCall,
    GrelottineStake,
    ShoutRace,
    SloubiSong,
    Stage,
    ThrowOff,
)

COMBOS = sorted(RATES)


class RandomTable:
    def __init__(self, rng: random.Random, config: RulesConfig, players: int, messy: float = 0.05) -> None:
        self.rng = rng
        self.messy = messy
        self.t = 1_000_000_000
        self.next_id = 1
        self.tray: list[RestingDie] = []
        self.state, _ = engine.new_game(config, [(s, f"J{s}") for s in range(1, players + 1)])
        self.inputs: list[Input] = []

    def feed(self, inp: Input) -> None:
        self.inputs.append(inp)
        self.state, _ = engine.apply(self.state, inp)

    def _die(self, value: int | None) -> RestingDie:
        self.next_id += 1
        return RestingDie(self.next_id, value, self.rng.uniform(0, 300), self.rng.uniform(0, 300))

    def _value(self) -> int | None:
        return None if self.rng.random() < self.messy else self.rng.randint(1, 6)

    def _rest(self, off: int = 0) -> None:
        self.t += self.rng.randint(300, 2000) * MS
        self.feed(TrayMotion(self.t))
        self.t += self.rng.randint(200, 900) * MS
        self.feed(TrayAtRest(self.t, tuple(self.tray), off))

    def _shout(self, seat: int, kind: Shout = Shout.TAP, **fields: object) -> None:
        self.feed(Announcement(self.t + self.rng.randint(-200, 400) * MS, seat, kind, **fields))  # type: ignore[arg-type]

    def step(self) -> None:
        """One move of somebody at the table."""
        rng, state = self.rng, self.state
        seats = list(state.active_seats)
        phase = state.phase
        if rng.random() < self.messy:
            self._mess(seats)
            return
        if isinstance(phase, ThrowOff):
            self.tray = [self._die(self._value())]
            self._rest()
        elif isinstance(phase, AwaitingThrow):
            self._throw(phase)
        elif isinstance(phase, ChouetteWindow):
            if rng.random() < 0.4:
                self._shout(phase.thrower, Shout.JE_SIROTE)
                for seat in seats:
                    if seat != phase.thrower and rng.random() < 0.9:
                        kind = rng.choice([Shout.BIRD, Shout.BEAU_SIROP, Shout.COUCHE_SIROP])
                        self._shout(seat, kind, value=rng.randint(1, 6) if kind == Shout.BIRD else None)
            else:
                self._tick()
        elif isinstance(phase, ShoutRace):
            for seat in seats:
                if rng.random() < 0.7:
                    self._shout(seat)
            self._tick()
        elif isinstance(phase, GrelottineStake):
            stake = None if rng.random() < 0.5 else rng.randint(0, 60)
            self._shout(phase.challenger, Shout.STAKE, combination=rng.choice(COMBOS), value=stake)
        elif isinstance(phase, GrelottineCall):
            self._tick()
        elif isinstance(phase, SloubiSong):
            if rng.random() < 0.1:
                self.feed(ScribeSong(self.t, rng.choice(list(SongResult))))
            else:
                self.t += rng.randint(100, 2100) * MS
                self.feed(Announcement(self.t, phase.seat, Shout.TAP))
        if state.between_turns and rng.random() < 0.2:
            self._between_turns(seats)

    def _throw(self, phase: AwaitingThrow) -> None:
        rng = self.rng
        if phase.stage == Stage.CHOUETTES and not phase.need:
            count = 2 if rng.random() > self.messy else rng.choice([1, 3])
            self.tray = [self._die(self._value()) for _ in range(count)]
            self._rest(1 if rng.random() < self.messy / 2 else 0)
            return
        if phase.need:
            held = {d.die_id for d in phase.held}
            keep = [d for d in self.tray if d.die_id in held]
            self.tray = keep + [self._die(self._value()) for _ in range(phase.need)]
        elif phase.stage == Stage.CUL:
            self.tray = [*self.tray, self._die(self._value())]
        elif phase.stage == Stage.SIROTAGE and phase.sirotage is not None:
            keep = [d for d in self.tray if d.die_id in phase.sirotage.pair_ids]
            self.tray = [*keep, self._die(self._value())]
        else:  # challenge second throw: keep some dice, throw the rest together
            keep = [d for d in self.tray if rng.random() < 0.4][:2]
            self.tray = keep + [self._die(self._value()) for _ in range(3 - len(keep))]
        self._rest()

    def _tick(self) -> None:
        deadline = engine.next_deadline(self.state)
        self.t = max(self.t + MS, deadline if deadline is not None else self.t + 5000 * MS)
        self.feed(Tick(self.t))

    def _between_turns(self, seats: list[int]) -> None:
        rng = self.rng
        holders = [p.seat for p in self.state.players if p.active and p.grelottine]
        if len(holders) >= 2 and rng.random() < 0.5:
            a, b = rng.sample(holders, 2)
            self._shout(a, Shout.GRELOTTINE, target=b)
            return
        civets = [p.seat for p in self.state.players if p.active and p.civet]
        if civets:
            seat = rng.choice(civets)
            if rng.random() < 0.3:
                self._shout(seat, Shout.LANCE_CIVET, target=rng.choice(seats))
            else:
                combo = rng.choice(["chouette", "velute", "neant", "suite", "cul_de_chouette"])
                self._shout(seat, Shout.CIVET, value=rng.randint(1, 110), combination=combo)
        free = [s for s in range(1, 9) if not self.state.has_seat(s)]
        if free and rng.random() < 0.05:
            self.feed(ScribeJoin(self.t, rng.choice(free), f"N{self.t % 97}"))

    def _mess(self, seats: list[int]) -> None:
        """Wrong shouts, unknown seats, scribe commands and stray ticks."""
        rng = self.rng
        roll = rng.random()
        if roll < 0.4:
            seat = rng.choice([*seats, 0, 9, 42])
            self._shout(
                seat,
                rng.choice(list(Shout)),
                value=rng.randint(-3, 120),
                target=rng.randint(0, 9),
                combination=rng.choice([*COMBOS, "neant", "bogus", None]),
            )
        elif roll < 0.6:
            self.feed(ScribeBevue(self.t, rng.choice([*seats, 9])))
        elif roll < 0.7:
            self.feed(ScribeAdjust(self.t, rng.choice(seats), rng.randint(-50, 50)))
        elif roll < 0.85:
            self.feed(TrayMotion(self.t + rng.randint(0, 500) * MS))
        else:
            self._tick()


def play(seed: int, config: RulesConfig, players: int, max_steps: int, messy: float = 0.05) -> RandomTable:
    table = RandomTable(random.Random(seed), config, players, messy)
    for _ in range(max_steps):
        if table.state.over:
            break
        table.step()
    return table


def replay(config: RulesConfig, players: int, inputs: list[Input]) -> GameState:
    state, _ = engine.new_game(config, [(s, f"J{s}") for s in range(1, players + 1)])
    for inp in inputs:
        state, _ = engine.apply(state, inp)
    return state
