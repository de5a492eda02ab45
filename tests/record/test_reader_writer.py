"""Writing durably, reading back, torn and corrupt lines, undo."""

from __future__ import annotations

import json
import os
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from culdechouette_box.record import (
    Record,
    RecordError,
    RecordHeader,
    RecordWriter,
    TornLineWarning,
    parse_record,
    read_record,
    undo,
    write_record,
)
from culdechouette_box.record.writer import atomic_write
from culdechouette_box.rules.config import RulesConfig
from culdechouette_box.rules.inputs import Announcement, Input, Shout, Tick, TrayMotion

from .strategies import inputs

HEADER = RecordHeader(RulesConfig(), ((1, "Arthur"), (2, "Perceval")))


def _some_inputs() -> list[Input]:
    return [TrayMotion(10), Announcement(20, 1, Shout.TAP), Tick(30)]


def test_create_then_append_then_read(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    with RecordWriter.create(path, HEADER) as writer:
        indexes = [writer.append(inp) for inp in _some_inputs()]
    assert indexes == [0, 1, 2]
    assert read_record(path) == Record(HEADER, tuple(_some_inputs()))
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["format"] == "culdechouette-record"
    assert json.loads(lines[2]) == {"type": "shout", "t_ns": 20, "seat": 1, "kind": "tap"}
    assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]  # no temp file left behind


def test_each_line_is_on_disk_when_fsync_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.jsonl"
    seen: list[int] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if path.exists():
            seen.append(len(path.read_bytes().splitlines()))
        real_fsync(fd)

    writer = RecordWriter.create(path, HEADER)
    monkeypatch.setattr(os, "fsync", fsync)
    for inp in _some_inputs():
        writer.append(inp)
    writer.close()
    assert seen == [2, 3, 4]  # one fsync per input, each after its whole line


def test_create_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    RecordWriter.create(path, HEADER).close()
    with pytest.raises(RecordError, match="already exists"):
        RecordWriter.create(path, HEADER)


def test_create_is_atomic_when_the_write_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("old\n")

    def broken_fsync(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(RecordError, match="Input/output error"):
        atomic_write(path, b"new\n", overwrite=True)
    assert path.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]


def _write_lines(path: Path, lines: list[str], end: str = "\n") -> None:
    path.write_bytes(("\n".join(lines) + end).encode("utf-8"))


def _good_lines(tmp_path: Path) -> list[str]:
    path = tmp_path / "source.jsonl"
    write_record(path, Record(HEADER, tuple(_some_inputs())))
    return path.read_text(encoding="utf-8").splitlines()


def test_torn_last_line_is_dropped_with_a_warning(tmp_path: Path) -> None:
    lines = _good_lines(tmp_path)
    path = tmp_path / "torn.jsonl"
    _write_lines(path, [*lines, '{"type": "tick", "t_'], end="")
    with pytest.warns(TornLineWarning, match=r"torn\.jsonl, line 5"):
        record = read_record(path)
    assert record.inputs == tuple(_some_inputs())


def test_last_line_without_newline_but_whole_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    _write_lines(path, _good_lines(tmp_path), end="")
    assert read_record(path).inputs == tuple(_some_inputs())
    with RecordWriter.open(path) as writer:
        writer.append(Tick(40))
    assert read_record(path).inputs == (*_some_inputs(), Tick(40))


def test_append_after_a_torn_line_cuts_it_first(tmp_path: Path) -> None:
    lines = _good_lines(tmp_path)
    path = tmp_path / "game.jsonl"
    _write_lines(path, [*lines, '{"type": "ti'], end="")
    with pytest.warns(TornLineWarning), RecordWriter.open(path) as writer:
        assert writer.count == 3
        writer.append(Tick(40))
    assert path.read_text(encoding="utf-8").splitlines() == [*lines, '{"type": "tick", "t_ns": 40}']


@pytest.mark.parametrize(
    ("bad", "names"),
    [
        ('{"type": "tick", "t_', ["line 3", "not JSON"]),
        ('{"type": "tock", "t_ns": 5}', ["line 3", '"tock"', "'tick'"]),
        ('{"type": "shout", "t_ns": 5, "seat": 1, "kind": "oops"}', ["line 3", '"oops"']),
        ("", ["line 3", "empty line"]),
    ],
)
def test_corrupt_middle_line_is_an_error_naming_it(
    tmp_path: Path, bad: str, names: list[str]
) -> None:
    lines = _good_lines(tmp_path)
    path = tmp_path / "bad.jsonl"
    _write_lines(path, [lines[0], lines[1], bad, *lines[2:]])
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert str(path) in str(caught.value)
    for name in names:
        assert name in str(caught.value)
    with pytest.raises(RecordError):
        RecordWriter.open(path)  # appending validates first


def test_torn_line_followed_by_a_newline_is_corrupt_not_torn(tmp_path: Path) -> None:
    lines = _good_lines(tmp_path)
    path = tmp_path / "bad.jsonl"
    _write_lines(path, [*lines, '{"type": "ti'])
    with pytest.raises(RecordError, match="line 5"):
        read_record(path)


def test_unknown_version_names_line_one(tmp_path: Path) -> None:
    lines = _good_lines(tmp_path)
    header = json.loads(lines[0])
    header["version"] = 2
    path = tmp_path / "future.jsonl"
    _write_lines(path, [json.dumps(header), *lines[1:]])
    with pytest.raises(RecordError, match=r"future\.jsonl, line 1: unknown record version 2"):
        read_record(path)


def test_empty_and_missing_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    with pytest.raises(RecordError, match="line 1: empty record"):
        read_record(empty)
    with pytest.raises(RecordError, match=r"missing\.jsonl"):
        read_record(tmp_path / "missing.jsonl")


def test_undo_drops_the_last_line_and_keeps_the_others_byte_for_byte(tmp_path: Path) -> None:
    lines = _good_lines(tmp_path)
    lines[2] = '{"type":"shout",  "t_ns":20, "seat":1, "kind":"tap"}'  # hand-written spacing
    path = tmp_path / "game.jsonl"
    _write_lines(path, lines)
    assert undo(path) == Tick(30)
    assert path.read_text(encoding="utf-8").splitlines() == lines[:-1]
    assert undo(path) == Announcement(20, 1, Shout.TAP)
    assert undo(path) == TrayMotion(10)
    with pytest.raises(RecordError, match="nothing to undo"):
        undo(path)
    assert read_record(path) == Record(HEADER, ())


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(inputs, max_size=12))
def test_any_inputs_survive_writing_and_reading(tmp_path: Path, stream: list[Input]) -> None:
    path = tmp_path / "any.jsonl"
    with RecordWriter.create(path, HEADER, overwrite=True) as writer:
        writer.extend(stream)
    assert read_record(path) == Record(HEADER, tuple(stream))


def _example_bytes() -> bytes:
    from .test_examples import EXAMPLES

    return (EXAMPLES / "sirotages-et-paris.jsonl").read_bytes()


@given(st.integers(min_value=0, max_value=len(_example_bytes())))
def test_a_record_cut_anywhere_reads_as_its_whole_lines(cut: int) -> None:
    """A power cut can stop the file at any byte: what was whole is read, the rest is dropped."""
    data = _example_bytes()
    whole_lines = data[:cut].count(b"\n")
    header_length = data.index(b"\n")
    if whole_lines == 0 and cut < header_length:  # cut at the header's very end, it is whole
        with pytest.raises(RecordError, match="line 1"):
            parse_record(data[:cut], "cut.jsonl")
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", TornLineWarning)
        scan = parse_record(data[:cut], "cut.jsonl")
    full = parse_record(data, "full.jsonl").record
    kept = len(scan.record.inputs)
    assert kept in (whole_lines - 1, whole_lines)  # a cut line is whole JSON only at its end
    assert scan.record.inputs == full.inputs[:kept]


@given(st.integers(min_value=0), st.binary(min_size=1, max_size=3))
def test_corrupt_bytes_give_a_record_error_or_a_record(position: int, junk: bytes) -> None:
    data = bytearray(_example_bytes())
    at = position % len(data)
    data[at : at + len(junk)] = junk
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", TornLineWarning)
            parse_record(bytes(data), "corrupt.jsonl")
    except RecordError as exc:
        assert "corrupt.jsonl, line " in str(exc)
