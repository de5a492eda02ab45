"""Whole random games survive the record: written, read back and replayed to the same state."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.replay_bench import RandomTable
from culdechouette_box.record import RecordWriter, read_record, replay
from culdechouette_box.rules import engine
from culdechouette_box.rules.inputs import Tick


@pytest.mark.parametrize(("seed", "players", "negative"), [(1, 2, False), (2, 5, True), (3, 8, False)])
def test_random_game_written_line_by_line_replays_to_the_same_state(
    tmp_path: Path, seed: int, players: int, negative: bool
) -> None:
    table = RandomTable(seed, players, negative)
    record = table.play()
    assert table.state.over  # the random table plays to the end
    path = tmp_path / "game.jsonl"
    with RecordWriter.create(path, record.header) as writer:
        writer.extend(record.inputs)
    assert read_record(path) == record
    assert replay(read_record(path)).state == table.state


def test_long_game_keeps_going_and_replays(tmp_path: Path) -> None:
    table = RandomTable(7, 3, False, long_game=3_000)
    record = table.play()
    assert len(record.inputs) >= 3_000 and not table.state.over
    state = replay(record).state
    assert state == table.state
    assert all(p.score == sum(e.points for e in state.ledger if e.seat == p.seat) for p in state.players)


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_a_tick_at_the_next_deadline_always_moves_it(seed: int) -> None:
    """What the terminal game and the box loop rely on: ticking at `next_deadline` closes what
    was due, so the loop that ticks until no deadline has passed always ends."""
    record = RandomTable(seed, 4, seed % 2 == 0).play()
    state, _ = engine.new_game(record.header.ruleset, record.header.players, record.header.starting_seat)
    checked = 0
    for inp in record.inputs:
        deadline = engine.next_deadline(state)
        if deadline is not None:
            ticked, _ = engine.apply(state, Tick(deadline))
            assert engine.next_deadline(ticked) != deadline, (inp, state.phase)
            checked += 1
        state, _ = engine.apply(state, inp)
    assert checked > 10
