"""Replay is deterministic, and replaying N inputs is the state after N inputs (undo)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from culdechouette_box.record import (
    Record,
    RecordError,
    RecordHeader,
    read_record,
    replay,
    undo,
)
from culdechouette_box.rules import engine
from culdechouette_box.rules.config import RulesConfig
from culdechouette_box.rules.inputs import Input

from .strategies import STRATEGIES
from .test_examples import EXAMPLES

HEADER = RecordHeader(RulesConfig(), ((1, "Arthur"), (2, "Perceval"), (3, "Karadoc")))
# what a table produces: mostly dice and taps by the seated players
table_inputs = st.one_of(*STRATEGIES.values()).filter(
    lambda inp: getattr(inp, "seat", 1) in (1, 2, 3)
)


def _stepwise(record: Record, count: int) -> object:
    state, _ = engine.new_game(record.header.ruleset, record.header.players, record.header.starting_seat)
    for inp in record.inputs[:count]:
        state, _ = engine.apply(state, inp)
    return state


def test_upto_n_is_the_state_after_n_inputs() -> None:
    record = read_record(EXAMPLES / "chouette-velute-et-suites.jsonl")
    for count in range(len(record.inputs) + 1):
        result = replay(record, count)
        assert result.state == _stepwise(record, count)
        assert result.state.inputs == count
        assert len(result.effects) == count


def test_undo_gives_the_state_of_one_input_less(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    shutil.copy(EXAMPLES / "sirotages-et-paris.jsonl", path)
    whole = read_record(path)
    for count in range(len(whole.inputs) - 1, len(whole.inputs) - 8, -1):
        dropped = undo(path)
        assert dropped == whole.inputs[count]
        assert replay(read_record(path)).state == replay(whole, count).state


def test_upto_outside_the_record_is_an_error() -> None:
    record = read_record(EXAMPLES / "partie-courte.jsonl")
    with pytest.raises(RecordError, match="upto"):
        replay(record, len(record.inputs) + 1)
    with pytest.raises(RecordError, match="upto"):
        replay(record, -1)


def test_header_that_makes_no_game_is_a_record_error() -> None:
    lonely = Record(RecordHeader(RulesConfig(), ((1, "Arthur"),)), ())
    with pytest.raises(RecordError, match="line 1"):
        replay(lonely)


@settings(max_examples=60, deadline=None)
@given(st.lists(table_inputs, max_size=40))
def test_replay_of_any_stream_is_deterministic(stream: list[Input]) -> None:
    record = Record(HEADER, tuple(sorted(stream, key=lambda inp: inp.t_ns)))
    first, second = replay(record), replay(record)
    assert first.state == second.state
    assert first.effects == second.effects
    assert first.state.inputs == len(record.inputs)
