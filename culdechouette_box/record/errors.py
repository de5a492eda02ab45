"""The error of the game record: every message names the file, the line and the bad value."""

from __future__ import annotations

import os

from culdechouette_box.errors import BoxError


class RecordError(BoxError, ValueError):
    """A record that cannot be read, written or replayed as it stands.

    The codec raises it without a place (it only sees one JSON object); the reader adds the file
    and the line with `at`, so that the message a maintainer reads points at the exact line.
    """

    def __init__(
        self, message: str, path: str | os.PathLike[str] | None = None, line: int | None = None
    ) -> None:
        self.message = message
        self.path = None if path is None else os.fspath(path)
        self.line = line
        super().__init__(self._render())

    def _render(self) -> str:
        place = [part for part in (self.path, self.line and f"line {self.line}") if part]
        return ": ".join([", ".join(place), self.message]) if place else self.message

    def at(self, path: str | os.PathLike[str], line: int | None) -> RecordError:
        """The same error, placed in a file (and on a line)."""
        return RecordError(self.message, path, line)
