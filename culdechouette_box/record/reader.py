"""Reading a record: the header, then one input per line.

A power cut while a line was being written leaves a last line without its newline; that one line
is dropped with a warning, since the input it held was never applied. Anything else that does not
parse is an error that names the file and the line: a record is the source of truth, and a game
silently replayed without one of its inputs would be a different game.
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from culdechouette_box.rules.inputs import Input

from .codec import RecordHeader, decode_header, decode_input
from .errors import RecordError

T = TypeVar("T")


class TornLineWarning(UserWarning):
    """The last line of a record was cut short (a power cut while it was written)."""


@dataclass(frozen=True)
class Record:
    """A whole record. Input `i` (from 0) is on line `i + 2` of the file."""

    header: RecordHeader
    inputs: tuple[Input, ...]

    @staticmethod
    def line_of(input_index: int) -> int:
        return input_index + 2


@dataclass(frozen=True)
class ScannedRecord:
    """A record with what the writer needs to append to it or rewrite it faithfully."""

    record: Record
    lines: tuple[bytes, ...]  # the header and each input line as written, without newline
    good_length: int  # bytes up to the end of the last good line (a torn tail starts there)
    torn_line: int | None  # the line number of a dropped torn last line
    ends_with_newline: bool  # whether the last good line has its newline


def read_record(path: str | os.PathLike[str]) -> Record:
    """The record in `path`; a torn last line is dropped with a `TornLineWarning`."""
    return scan_record(path).record


def scan_record(path: str | os.PathLike[str]) -> ScannedRecord:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read the record: {exc.strerror or exc}", path) from None
    return parse_record(data, str(path))


def parse_record(data: bytes, name: str) -> ScannedRecord:
    """Parse the bytes of a record; `name` says where they came from in messages."""
    raw_lines = data.split(b"\n")
    ends_with_newline = raw_lines[-1] == b""
    if ends_with_newline:
        raw_lines.pop()
    if not raw_lines:
        raise RecordError("empty record: the first line must be the header", name, 1)
    torn_line: int | None = None
    if not ends_with_newline and len(raw_lines) > 1 and not _is_json(raw_lines[-1]):
        torn_line = len(raw_lines)
        warnings.warn(
            f"{name}, line {torn_line}: torn last line dropped (no newline, not JSON): "
            f"{_preview(raw_lines[-1])}",
            TornLineWarning,
            stacklevel=3,
        )
        raw_lines.pop()
        ends_with_newline = True
    header = _decode_line(raw_lines[0], name, 1, decode_header)
    inputs = tuple(
        _decode_line(raw, name, number, decode_input)
        for number, raw in enumerate(raw_lines[1:], start=2)
    )
    good_length = sum(len(raw) + 1 for raw in raw_lines) - (0 if ends_with_newline else 1)
    return ScannedRecord(
        record=Record(header, inputs),
        lines=tuple(raw_lines),
        good_length=good_length,
        torn_line=torn_line,
        ends_with_newline=ends_with_newline,
    )


def _decode_line(raw: bytes, name: str, number: int, decode: Callable[[object], T]) -> T:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        message = f"not UTF-8 at byte {exc.start}: {_preview(raw)}"
        raise RecordError(message, name, number) from None
    if not text.strip():
        raise RecordError("empty line: every line holds one JSON object", name, number)
    try:
        obj: object = json.loads(text)
    except json.JSONDecodeError as exc:
        message = f"not JSON ({exc.msg}, column {exc.colno}): {_preview(raw)}"
        raise RecordError(message, name, number) from None
    try:
        return decode(obj)
    except RecordError as exc:
        raise exc.at(name, number) from None


def _is_json(raw: bytes) -> bool:
    try:
        json.loads(raw)
    except ValueError:
        return False
    return True


def _preview(raw: bytes) -> str:
    text = raw.decode("utf-8", errors="replace")
    return repr(text if len(text) <= 60 else text[:57] + "...")
