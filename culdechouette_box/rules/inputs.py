"""Everything that can happen at the table, as frozen values with a CLOCK_MONOTONIC `t_ns`.

The engine never reads a clock and never rolls dice: the tray, the buttons, the scribe and the
passing of time all enter through these inputs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


@dataclass(frozen=True)
class RestingDie:
    """One die lying on the tray. `value` is None when vision refused to read it (cocked...)."""

    die_id: int
    value: int | None
    x: float = 0.0
    y: float = 0.0


@dataclass(frozen=True)
class TrayMotion:
    """The tray started changing: dice landing, a hand reaching in."""

    t_ns: int


@dataclass(frozen=True)
class TrayAtRest:
    """The tray is still. `t_ns` is the first still frame; a die that did not move keeps its id.
    `off_tray` counts dice seen leaving the tray during the motion before this rest."""

    t_ns: int
    dice: tuple[RestingDie, ...]
    off_tray: int = 0


class Shout(StrEnum):
    """The announcements of the beginner level (what a player shouts, or the console enters)."""

    TAP = "tap"  # a button press: whatever is open to that seat at that time
    PAS_MOU_LE_CAILLOU = "pas_mou_le_caillou"  # Chouette-Velute race
    GRELOTTE_CA_PICOTE = "grelotte_ca_picote"  # Suite
    BIERES_BRETONNES = "bieres_bretonnes"  # Suite tie-break
    JE_SIROTE = "je_sirote"
    BIRD = "bird"  # value = 1..6 (Linotte..Chouette)
    BEAU_SIROP = "beau_sirop"
    COUCHE_SIROP = "couche_sirop"  # also File-Sirop: no bet
    SIROP_GAGNANT = "sirop_gagnant"
    GRELOTTINE = "grelottine"  # target = the challenged seat
    STAKE = "stake"  # combination = challenge target; value = points, None = "Max"
    CIVET = "civet"  # value = stake 1..102, combination = what it bets on
    LANCE_CIVET = "lance_civet"  # target = who receives the Civet
    SLOUBI = "sloubi"  # one "sloubi n" of the Chante-Sloubi song


@dataclass(frozen=True)
class Announcement:
    """A shout by the player at `seat`, timed by its button edge (or the console's clock)."""

    t_ns: int
    seat: int
    kind: Shout
    value: int | None = None
    target: int | None = None
    combination: str | None = None


@dataclass(frozen=True)
class Tick:
    """Time has passed: every edge before `t_ns` has been delivered. Closes windows and races."""

    t_ns: int


# Scribe commands: what the operator console enters by hand.


@dataclass(frozen=True)
class ScribeBevue:
    """A Bévue no sensor sees (Graines, a throw out of turn...)."""

    t_ns: int
    seat: int
    reason: str = "bévue constatée par le scribe"


@dataclass(frozen=True)
class ScribeAdjust:
    """A correction of a score, kept in the ledger like any other change."""

    t_ns: int
    seat: int
    points: int
    reason: str = "correction du scribe"


@dataclass(frozen=True)
class ScribeDice:
    """The scribe reads the dice that the box is waiting for (a refused or disputed reading)."""

    t_ns: int
    values: tuple[int, ...]


@dataclass(frozen=True)
class ScribeJoin:
    """A new player shouts "Chante-Sloubi !" to join at the end of a round (R7)."""

    t_ns: int
    seat: int
    name: str


class SongResult(StrEnum):
    PASSED = "passed"
    FAILED = "failed"
    REFUSED = "refused"


@dataclass(frozen=True)
class ScribeSong:
    """The scribe settles the Chante-Sloubi song by hand (R7.2)."""

    t_ns: int
    result: SongResult


ScribeCommand = ScribeBevue | ScribeAdjust | ScribeDice | ScribeJoin | ScribeSong
TrayEvent = TrayMotion | TrayAtRest
Input = TrayMotion | TrayAtRest | Announcement | Tick | ScribeCommand

INPUT_TYPES: dict[str, type] = {
    "motion": TrayMotion,
    "rest": TrayAtRest,
    "shout": Announcement,
    "tick": Tick,
    "scribe_bevue": ScribeBevue,
    "scribe_adjust": ScribeAdjust,
    "scribe_dice": ScribeDice,
    "scribe_join": ScribeJoin,
    "scribe_song": ScribeSong,
}
INPUT_NAMES: dict[type, str] = {cls: name for name, cls in INPUT_TYPES.items()}
