"""Writing a record durably: what was recorded survives a power cut.

Each input line is written whole, flushed and fsynced before the input is applied, so the state
on the scoreboards is never ahead of the record. Files that are made or rewritten whole (a new
record with its header, an undo) go through a temp file, fsync and rename, so that a reader sees
either the old file or the new one, never half of one.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType

from culdechouette_box.rules.inputs import Input

from .codec import RecordHeader, dumps_line, encode_header, encode_input
from .errors import RecordError
from .reader import Record, scan_record


def _line(obj: dict[str, object]) -> bytes:
    return (dumps_line(obj) + "\n").encode("utf-8")


def _fsync_dir(directory: Path) -> None:
    """The rename itself is durable only once the directory entry is on disk."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def atomic_write(path: str | os.PathLike[str], data: bytes, *, overwrite: bool) -> None:
    """Replace (or create) `path` with `data` via a temp file in the same directory."""
    target = Path(path)
    if not overwrite and target.exists():
        raise RecordError("a record already exists there; refusing to overwrite it", target)
    temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, target)
    except OSError as exc:
        temp.unlink(missing_ok=True)
        raise RecordError(f"cannot write the record: {exc.strerror or exc}", target) from None
    _fsync_dir(target.parent.resolve())


def write_record(
    path: str | os.PathLike[str], record: Record, *, overwrite: bool = False
) -> None:
    """Write a whole record at once (examples, tests, tools)."""
    lines = [_line(encode_header(record.header))]
    lines.extend(_line(encode_input(inp)) for inp in record.inputs)
    atomic_write(path, b"".join(lines), overwrite=overwrite)


class RecordWriter:
    """Appends inputs to one record file, each line fsynced before `append` returns."""

    def __init__(self, path: Path, header: RecordHeader, count: int, newline_first: bool) -> None:
        self.path = path
        self.header = header
        self._count = count
        self._newline_first = newline_first
        try:
            self._fd: int | None = os.open(path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise RecordError(f"cannot open the record: {exc.strerror or exc}", path) from None

    @classmethod
    def create(
        cls, path: str | os.PathLike[str], header: RecordHeader, *, overwrite: bool = False
    ) -> RecordWriter:
        """A new record holding only its header, made atomically."""
        atomic_write(path, _line(encode_header(header)), overwrite=overwrite)
        return cls(Path(path), header, 0, newline_first=False)

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> RecordWriter:
        """Append to an existing record, after checking all of it.

        A torn last line (warned about by the reader) is cut off first, so that the next input
        does not land glued to its remains.
        """
        scan = scan_record(path)
        if scan.torn_line is not None:
            try:
                with open(path, "r+b") as file:
                    file.truncate(scan.good_length)
                    file.flush()
                    os.fsync(file.fileno())
            except OSError as exc:
                message = f"cannot cut the torn line {scan.torn_line}: {exc.strerror or exc}"
                raise RecordError(message, path) from None
        record = scan.record
        return cls(Path(path), record.header, len(record.inputs), not scan.ends_with_newline)

    @property
    def count(self) -> int:
        """Inputs in the record so far: the index the next input will get."""
        return self._count

    def append(self, inp: Input) -> int:
        """Write one input durably and return its index (its line is index + 2)."""
        if self._fd is None:
            raise RecordError("the record writer is closed", self.path)
        data = _line(encode_input(inp))
        if self._newline_first:
            data = b"\n" + data
        try:
            _write_all(self._fd, data)
            os.fsync(self._fd)
        except OSError as exc:
            message = f"cannot append line {self._count + 2}: {exc.strerror or exc}"
            raise RecordError(message, self.path) from None
        self._newline_first = False
        self._count += 1
        return self._count - 1

    def extend(self, inputs: Iterable[Input]) -> None:
        for inp in inputs:
            self.append(inp)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def undo(path: str | os.PathLike[str]) -> Input:
    """Drop the last input of a record durably and return it.

    The other lines are written back byte for byte (hand-written spacing included). The state
    after an undo is the replay of what is left: there is no other undo machinery to trust.
    """
    scan = scan_record(path)
    if not scan.record.inputs:
        raise RecordError("nothing to undo: the record holds no input", path)
    kept = scan.lines[:-1]
    atomic_write(path, b"".join(line + b"\n" for line in kept), overwrite=True)
    return scan.record.inputs[-1]
