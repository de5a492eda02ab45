"""The LED ticker interface (a MAX7219 matrix on the box), and an in-memory fake."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol


class TickerDevice(Protocol):
    """Scrolls one line of text; a new line replaces the one scrolling."""

    def show_line(self, text: str) -> None: ...


class MemoryTicker:
    """Keeps every line; `echo`, if given, is called with each (a terminal printer)."""

    def __init__(self, echo: Callable[[str], None] | None = None) -> None:
        self.lines: list[str] = []
        self._echo = echo

    def show_line(self, text: str) -> None:
        self.lines.append(text)
        if self._echo is not None:
            self._echo(text)
