"""Every example record replays to the final scores documented in examples/README.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from culdechouette_box.record import read_record, replay

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EXPECTED: dict[str, dict[str, object]] = json.loads((EXAMPLES / "expected.json").read_text("utf-8"))


def test_every_example_has_expected_results_and_a_readme_section() -> None:
    files = sorted(p.name for p in EXAMPLES.glob("*.jsonl"))
    assert files and files == sorted(EXPECTED)
    readme = (EXAMPLES / "README.md").read_text("utf-8")
    for name in files:
        assert f"## `{name}`" in readme


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_replays_to_its_documented_result(name: str) -> None:
    expected = EXPECTED[name]
    state = replay(read_record(EXAMPLES / name)).state
    names = {p.seat: p.name for p in state.players}
    assert {p.name: p.score for p in state.players} == expected["scores"]
    assert [p.name for p in state.players if p.grelottine] == expected["grelottine"]
    assert [p.name for p in state.players if p.civet] == expected["civet"]
    turn = None if state.turn_seat is None else names[state.turn_seat]
    assert turn == expected["turn"]
    assert [names[s] for s in state.winners] == expected["winners"]
    assert state.over == bool(expected["winners"])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_scores_are_the_sum_of_its_ledger(name: str) -> None:
    state = replay(read_record(EXAMPLES / name)).state
    for player in state.players:
        assert player.score == sum(e.points for e in state.ledger if e.seat == player.seat)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_no_example_input_is_rejected(name: str) -> None:
    result = replay(read_record(EXAMPLES / name))
    rejected = [
        (index + 2, effect)
        for index, effects in enumerate(result.effects)
        for effect in effects
        if type(effect).__name__ == "Rejected"
    ]
    assert rejected == []
