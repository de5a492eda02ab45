"""Replay speed: random games played to their end, written as records, timed when replayed.

    .venv/bin/python -m benchmarks.replay_bench [--games N] [--seed S]

A seeded `random.Random` plays the table: dice for every throw (now and then three at once, a
cocked die or a die off the tray), taps in races at random delays, sirotages with bets, "Sirop
gagnant", Grelottine challenges, scribe Bévues, and a Tick whenever a deadline passes, as the
box would. Only the replay is timed (reading the file, then applying every input), best of three.

Random games end at 343 after a few hundred inputs. The last row is a long game: there the
scribe takes 100 points back from anyone above 150 (a `scribe_adjust` line), so that the game
goes on for tens of thousands of inputs, as an evening of several games at one table would.
"""

from __future__ import annotations

import argparse
import platform
import random
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from culdechouette_box.record import Record, RecordHeader, read_record, replay, write_record
from culdechouette_box.rules import engine
from culdechouette_box.rules.config import MS, RulesConfig
from culdechouette_box.rules.inputs import (
    Announcement,
    Input,
    RestingDie,
    ScribeAdjust,
    ScribeBevue,
    Shout,
    Tick,
    TrayAtRest,
    TrayMotion,
)
from culdechouette_box.rules.state import (
    AwaitingThrow,
    ChouetteWindow,
    GameState,
    GrelottineStake,
    ShoutRace,
    Stage,
    ThrowOff,
)

NAMES = ("Arthur", "Perceval", "Karadoc", "Lancelot", "Bohort", "Léodagan", "Yvain", "Gauvain")
MAX_INPUTS = 200_000  # a safety net: every game below ends long before
LONG_GAME_CEILING = 150
STAKES = ("chouette", "velute", "chouette_velute", "cul_de_chouette", "sirop_grelot")


class RandomTable:
    """Plays one game with random but plausible inputs, keeping the record it would write."""

    def __init__(self, seed: int, players: int, negative: bool, long_game: int = 0) -> None:
        self.long_game = long_game  # inputs to reach before the scribe lets anyone win
        self.rng = random.Random(seed)
        roster = tuple((seat, NAMES[seat - 1]) for seat in range(1, players + 1))
        config = RulesConfig(negative_scores=negative)
        self.header = RecordHeader(config, roster, None, f"partie aléatoire {seed}")
        self.state, _ = engine.new_game(config, roster, None)
        self.inputs: list[Input] = []
        self.t_ns = 1_000 * MS
        self.next_id = 1

    def play(self) -> Record:
        limit = self.long_game or MAX_INPUTS
        while not self.state.over and len(self.inputs) < limit:
            for inp in self._step():
                self._feed(inp)
        return Record(self.header, tuple(self.inputs))

    def _feed(self, inp: Input) -> None:
        while (deadline := engine.next_deadline(self.state)) is not None and deadline <= inp.t_ns:
            self._apply(Tick(max(deadline, self.state.now_ns)))
        self._apply(inp)

    def _apply(self, inp: Input) -> None:
        self.inputs.append(inp)
        self.state, _ = engine.apply(self.state, inp)

    def _later(self, low_ms: int, high_ms: int) -> int:
        self.t_ns += self.rng.randint(low_ms, high_ms) * MS
        return self.t_ns

    def _step(self) -> Iterator[Input]:
        state, rng = self.state, self.rng
        for seat in state.sirop_wins:
            if rng.random() < 0.7:
                yield Announcement(self._later(100, 800), seat, Shout.SIROP_GAGNANT)
        phase = state.phase
        leaders = [p.seat for p in state.players if p.score > LONG_GAME_CEILING]
        if self.long_game and leaders:
            yield ScribeAdjust(self._later(100, 500), leaders[0], -100, "partie longue")
        elif rng.random() < 0.01:
            yield ScribeBevue(self._later(100, 500), rng.choice(state.active_seats), "Graines")
        elif isinstance(phase, ThrowOff):
            yield from self._throw(state.tray, 1)
        elif isinstance(phase, AwaitingThrow):
            yield from self._awaiting(state, phase)
        elif isinstance(phase, ChouetteWindow) and rng.random() < 0.5:
            yield Announcement(self._later(300, 3000), phase.thrower, Shout.TAP)
        elif isinstance(phase, ShoutRace):
            start = self._later(0, 50)
            for seat in phase.seats:
                if rng.random() < 0.95:
                    yield Announcement(start + rng.randint(50, 900) * MS, seat, Shout.TAP)
            yield Tick(self._later(11_000, 11_000))
        elif isinstance(phase, GrelottineStake):
            combination = rng.choice(STAKES)
            yield Announcement(self._later(500, 3000), phase.challenger, Shout.STAKE, None, None, combination)
        else:
            deadline = engine.next_deadline(state)
            self.t_ns = max(self.t_ns, deadline or 0) + MS
            yield Tick(self.t_ns)

    def _awaiting(self, state: GameState, phase: AwaitingThrow) -> Iterator[Input]:
        rng = self.rng
        if phase.sirotage is not None:
            for seat in state.active_seats:
                if seat != phase.thrower and any(b.seat == seat for b in phase.sirotage.bets):
                    continue
                if seat != phase.thrower and rng.random() < 0.95:
                    kind = rng.choice((Shout.BIRD, Shout.BEAU_SIROP, Shout.COUCHE_SIROP))
                    value = rng.randint(1, 6) if kind == Shout.BIRD else None
                    yield Announcement(self._later(200, 1500), seat, kind, value)
            yield from self._throw(phase.held, 1)
            return
        if state.between_turns and rng.random() < 0.3:
            holders = [p.seat for p in state.players if p.grelottine and p.active]
            if len(holders) >= 2:
                challenger, target = rng.sample(holders, 2)
                yield Announcement(self._later(200, 2000), challenger, Shout.GRELOTTINE, None, target)
                return
        if phase.need:
            yield from self._throw(phase.held, phase.need)
        elif phase.stage == Stage.CHOUETTES:
            yield from self._throw((), 3 if rng.random() < 0.01 else 2)
        elif phase.stage == Stage.RETHROW:
            kept = tuple(d for d in phase.held if rng.random() < 0.5)
            yield from self._throw(kept, 3 - len(kept))
        else:
            yield from self._throw(phase.held, 1)

    def _throw(self, kept: tuple[RestingDie, ...], count: int) -> Iterator[Input]:
        rng = self.rng
        yield TrayMotion(self._later(800, 2500))
        new = []
        for _ in range(count):
            value = None if rng.random() < 0.02 else rng.randint(1, 6)
            new.append(RestingDie(self.next_id, value, rng.uniform(0, 300), rng.uniform(0, 300)))
            self.next_id += 1
        off_tray = 1 if rng.random() < 0.005 else 0
        yield TrayAtRest(self._later(400, 900), (*kept, *new), off_tray)


def time_replay(path: Path, repeats: int = 3) -> tuple[float, float]:
    """Best seconds to read the record, and to read and replay it."""
    best_read = best_total = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        record = read_record(path)
        read_done = time.perf_counter()
        replay(record)
        end = time.perf_counter()
        best_read = min(best_read, read_done - start)
        best_total = min(best_total, end - start)
    return best_read, best_total


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="random games played to 343")
    parser.add_argument("--long", type=int, default=20_000, help="inputs of the long game")
    parser.add_argument("--seed", type=int, default=343)
    args, _ = parser.parse_known_args()  # `python -m benchmarks NAME` leaves NAME in argv
    print(f"machine: {cpu_model()}, Python {platform.python_version()}")
    print()
    print("| game | players | scores | inputs | read ms | read + replay ms | inputs/s |")
    print("|---|---|---|---|---|---|---|")
    tables = [
        (f"{args.seed + g}", RandomTable(args.seed + g, (2, 4, 8)[g % 3], g % 2 == 1))
        for g in range(args.games)
    ]
    tables.append(("long", RandomTable(args.seed, 4, False, long_game=args.long)))
    with tempfile.TemporaryDirectory() as tmp:
        for label, table in tables:
            record = table.play()
            path = Path(tmp) / f"game-{label}.jsonl"
            write_record(path, record)
            read_s, total_s = time_replay(path)
            count = len(record.inputs)
            scores = "négatifs" if record.header.ruleset.negative_scores else "sans négatifs"
            print(
                f"| {label} | {len(record.header.players)} | {scores} | {count} "
                f"| {read_s * 1000:.1f} | {total_s * 1000:.1f} | {count / total_s:,.0f} |"
            )

if __name__ == "__main__":
    main()
