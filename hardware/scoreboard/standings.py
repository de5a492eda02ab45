"""What the standings panel shows, as plain values: no game types, so hardware stays apart.

The box turns its game state into a `Standings`; the renderer turns a `Standings` into a 1-bit
image. Two equal `Standings` draw the same image, which is how the panel knows it need not
redraw (an e-ink refresh takes seconds).
"""

from __future__ import annotations

from dataclasses import dataclass

from hardware.errors import HardwareError


@dataclass(frozen=True)
class StandingRow:
    """One player's line: rank order is the order of the rows."""

    seat: int
    name: str
    score: int
    items: tuple[str, ...] = ()  # French labels: "Grelottine", "Civet"
    turn: bool = False  # it is this player's turn
    winner: bool = False
    out: bool = False  # eliminated (at -343, negative scores)


@dataclass(frozen=True)
class Standings:
    rows: tuple[StandingRow, ...]
    status: str = ""  # one French line under the table: whose turn, or who won
    title: str = "Cul de Chouette"


@dataclass(frozen=True)
class PanelSize:
    name: str
    width: int
    height: int


PANEL_SIZES: dict[str, PanelSize] = {
    size.name: size
    for size in (
        PanelSize("inky-impression-7", 800, 480),
        PanelSize("waveshare-7in5", 800, 480),
        PanelSize("inky-phat", 250, 122),
        PanelSize("waveshare-2in13", 250, 122),
    )
}


def panel_size(name: str) -> PanelSize:
    """A named panel size, or WIDTHxHEIGHT."""
    if name in PANEL_SIZES:
        return PANEL_SIZES[name]
    width, sep, height = name.lower().partition("x")
    if sep and width.isdigit() and height.isdigit() and int(width) >= 100 and int(height) >= 60:
        return PanelSize(name, int(width), int(height))
    known = ", ".join(PANEL_SIZES)
    raise HardwareError(f"unknown panel size {name!r}: one of {known}, or WIDTHxHEIGHT")
