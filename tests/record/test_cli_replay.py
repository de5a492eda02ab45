"""`culdechouette-box replay`: text and JSON final states, byte for byte stable."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from culdechouette_box.cli.main import main

from .test_examples import EXAMPLES, EXPECTED


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_text_report_shows_standings_items_turn_and_ledger(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "replay", str(EXAMPLES / "sirotages-et-paris.jsonl"))
    assert status == 0 and err == ""
    lines = out.splitlines()
    standings = lines[lines.index("Classement") + 1 : lines.index("Classement") + 5]
    assert [line.split()[:4] for line in standings[1:]] == [
        ["1", "1", "Arthur", "80"],
        ["2", "3", "Karadoc", "50"],
        ["3", "2", "Perceval", "-41"],
    ]
    assert standings[2].endswith("Grelottine") and standings[3].endswith("Civet")
    assert "Au tour de : Arthur (siège 1)" in lines
    ledger = lines[lines.index("Registre des points") + 2 :]
    assert len(ledger) == 5
    assert ledger[0].split()[:3] == ["10", "Perceval", "-5"]  # input 8 is on line 10


def test_text_report_names_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(capsys, "replay", str(EXAMPLES / "jusqu-a-343.jsonl"))
    assert "Partie terminée : Arthur gagne" in out.splitlines()


def test_json_document_is_stable_and_complete(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "replay", "--json", str(EXAMPLES / "jusqu-a-343.jsonl"))
    assert status == 0
    doc = json.loads(out)
    assert list(doc)[:5] == ["format", "version", "title", "inputs", "ruleset"]
    assert doc["winners"] == [1] and doc["over"] is True and doc["turn_seat"] is None
    assert {p["name"]: p["score"] for p in doc["players"]} == EXPECTED["jusqu-a-343.jsonl"]["scores"]
    assert sum(e["points"] for e in doc["ledger"] if e["seat"] == 1) == 380
    assert all(e["line"] == e["input_index"] + 2 for e in doc["ledger"])


@pytest.mark.parametrize("flag", [[], ["--json"]])
def test_same_record_same_bytes_wherever_it_lies(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, flag: list[str]
) -> None:
    copy = tmp_path / "elsewhere.jsonl"
    shutil.copy(EXAMPLES / "chouette-velute-et-suites.jsonl", copy)
    first = _run(capsys, "replay", *flag, str(EXAMPLES / "chouette-velute-et-suites.jsonl"))
    second = _run(capsys, "replay", *flag, str(EXAMPLES / "chouette-velute-et-suites.jsonl"))
    third = _run(capsys, "replay", *flag, str(copy))
    assert first == second == third


def test_upto_replays_the_first_n_inputs(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(EXAMPLES / "partie-courte.jsonl")
    _, out, _ = _run(capsys, "replay", "--json", "--upto", "12", path)
    doc = json.loads(out)
    assert doc["inputs"] == 12
    # after Arthur's Velute de 6 (input 11) and before anything else scores
    assert {p["name"]: p["score"] for p in doc["players"]} == {"Arthur": 72, "Perceval": 9}
    _, zero, _ = _run(capsys, "replay", "--json", "--upto", "0", path)
    assert json.loads(zero)["ledger"] == []


def test_errors_name_file_and_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = (EXAMPLES / "partie-courte.jsonl").read_text("utf-8").splitlines()
    lines[4] = '{"type": "shout", "t_ns": 5, "seat": 1, "kind": "pas_mou"}'
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", "utf-8")
    status, out, err = _run(capsys, "replay", str(bad))
    assert status == 2 and out == ""
    assert f"{bad}, line 5" in err and '"pas_mou"' in err
    status, _, err = _run(capsys, "replay", "--upto", "999", str(EXAMPLES / "partie-courte.jsonl"))
    assert status == 2 and "999" in err
    status, _, err = _run(capsys, "replay", str(tmp_path / "absent.jsonl"))
    assert status == 2 and "absent.jsonl" in err


def test_torn_last_line_is_warned_about_and_skipped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    torn = tmp_path / "torn.jsonl"
    data = (EXAMPLES / "partie-courte.jsonl").read_bytes()
    torn.write_bytes(data + b'{"type": "shout", "t_ns": 99')
    status, out, err = _run(capsys, "replay", str(torn))
    assert status == 0
    assert "torn.jsonl, line 30" in err
    assert out == _run(capsys, "replay", str(EXAMPLES / "partie-courte.jsonl"))[1]


def test_console_entry_point_runs_replay() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "culdechouette_box.cli.main", "replay", str(EXAMPLES / "partie-courte.jsonl")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Perceval" in done.stdout
