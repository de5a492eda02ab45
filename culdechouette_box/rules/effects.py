"""What the displays and LEDs must show after an input. Effects never feed back into the rules."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


@dataclass(frozen=True)
class LedgerEntry:
    """One change of score: who, how much, which rule, and which input (its index in the record)."""

    seat: int
    points: int
    rule: str
    input_index: int
    note: str = ""


class Race(StrEnum):
    CHOUETTE_VELUTE = "chouette_velute"
    SUITE = "suite"
    BRETONNES = "bretonnes"
    GRELOTTINE = "grelottine"


@dataclass(frozen=True)
class Scored:
    entry: LedgerEntry


@dataclass(frozen=True)
class BevueGiven:
    seat: int
    reason: str


@dataclass(frozen=True)
class ThrowRead:
    thrower: int
    dice: tuple[int, int, int]
    label: str


@dataclass(frozen=True)
class RaceOpened:
    race: Race
    seats: tuple[int, ...]
    closes_at_ns: int


@dataclass(frozen=True)
class RaceDecided:
    """`gaps_ms` gives each shouter's delay after the first shout, in ms (R4.2 display)."""

    race: Race
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    gaps_ms: tuple[tuple[int, float], ...]


@dataclass(frozen=True)
class TurnStarted:
    seat: int


@dataclass(frozen=True)
class ItemChanged:
    seat: int
    item: str  # "grelottine" | "civet"
    held: bool


@dataclass(frozen=True)
class Prompt:
    """A line for the LED ticker, in French, for the given seats (all seats when empty)."""

    text: str
    seats: tuple[int, ...] = ()


@dataclass(frozen=True)
class Rejected:
    """The input was refused: the state did not change (besides the record's input count)."""

    code: str
    message: str


@dataclass(frozen=True)
class PlayerJoined:
    seat: int
    name: str


@dataclass(frozen=True)
class PlayerOut:
    seat: int


@dataclass(frozen=True)
class GameOver:
    winners: tuple[int, ...]


Effect = (
    Scored
    | BevueGiven
    | ThrowRead
    | RaceOpened
    | RaceDecided
    | TurnStarted
    | ItemChanged
    | Prompt
    | Rejected
    | PlayerJoined
    | PlayerOut
    | GameOver
)
