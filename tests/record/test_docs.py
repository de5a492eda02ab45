"""The complete example of docs/record-format.md replays to the output printed below it."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest

from culdechouette_box.cli.main import main
from culdechouette_box.record import FORMAT_VERSION, read_record
from culdechouette_box.rules.config import RulesConfig
from culdechouette_box.rules.inputs import INPUT_TYPES, Shout
from culdechouette_box.rules.state import Phase

DOC = Path(__file__).resolve().parents[2] / "docs" / "record-format.md"


def _block(language: str) -> str:
    found = re.findall(rf"```{language}\n(.*?)```", DOC.read_text("utf-8"), flags=re.S)
    assert len(found) == 1, f"one ```{language} block expected"
    return str(found[0])


def test_doc_example_replays_to_the_documented_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "example.jsonl"
    record.write_text(_block("jsonl"), "utf-8")
    assert read_record(record).header.ruleset == RulesConfig()
    assert main(["replay", str(record)]) == 0
    assert capsys.readouterr().out == _block("text")


def test_doc_names_every_input_type_shout_and_option() -> None:
    text = DOC.read_text("utf-8")
    for name in INPUT_TYPES:
        assert f"| `{name}` |" in text
    for shout in Shout:
        assert f"| `{shout.value}` |" in text
    for option in RulesConfig().to_dict():
        assert f"| `{option}` |" in text
    assert f'"version": {FORMAT_VERSION}' in text


def test_doc_lists_every_phase_name_of_the_replay_document() -> None:
    text = DOC.read_text("utf-8")
    for phase in typing.get_args(Phase):
        name = re.sub(r"(?<!^)(?=[A-Z])", "_", phase.__name__).lower()
        assert f"`{name}`" in text, name
