"""Ruleset and options: one typed, frozen configuration, carried by the game record header."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any

from .errors import ConfigurationError

MS = 1_000_000  # ns per ms
S = 1_000_000_000  # ns per s


class Level(StrEnum):
    DEBUTANT = "debutant"


class Strictness(StrEnum):
    """R4.6: how eagerly the box awards Bévues on its own."""

    STRICT = "strict"  # any shout that fits no open announcement is a Bévue
    STANDARD = "standard"  # only the Bévues the texts name
    LENIENT = "lenient"  # no automatic Bévue from a shout; the scribe awards them


@dataclass(frozen=True)
class RulesConfig:
    level: Level = Level.DEBUTANT
    negative_scores: bool = False
    tie_window_ns: int = 20 * MS  # R4.2, at least 1 ms
    grace_ns: int = 150 * MS  # R4.3
    chouette_velute_window_ns: int = 5 * S  # R4.4
    suite_window_ns: int = 10 * S  # R4.5
    sirop_window_ns: int = 10 * S  # R5.7
    sloubi_gap_ns: int = 2 * S  # R7.2
    # A tap that fits nothing open is judged this long after its edge, so that a shout made just
    # before the camera reported the rest (but after the race opened, R4.3) still counts.
    tap_settle_ns: int = 1 * S
    bevue_strictness: Strictness = Strictness.STANDARD

    def __post_init__(self) -> None:
        if not isinstance(self.level, Level):
            object.__setattr__(self, "level", _enum(Level, self.level, "level"))
        if not isinstance(self.bevue_strictness, Strictness):
            value = _enum(Strictness, self.bevue_strictness, "bevue_strictness")
            object.__setattr__(self, "bevue_strictness", value)
        if not isinstance(self.negative_scores, bool):
            raise ConfigurationError(f"negative_scores: expected true or false, got {self.negative_scores!r}")
        for f in fields(self):
            if f.name.endswith("_ns"):
                value = getattr(self, f.name)
                if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                    raise ConfigurationError(f"{f.name}: expected a whole number of ns >= 0, got {value!r}")
        if self.tie_window_ns < MS:
            raise ConfigurationError(
                f"tie_window_ns: the tie window is 1 ms at least (R4.2), got {self.tie_window_ns}"
            )

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["level"] = str(self.level)
        data["bevue_strictness"] = str(self.bevue_strictness)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RulesConfig:
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                hint = _closest(key, known)
                raise ConfigurationError(
                    f"unknown option {key!r}" + (f" (did you mean {hint!r}?)" if hint else "")
                )
        return cls(**data)


def _enum(kind: type[StrEnum], value: object, name: str) -> Any:
    try:
        return kind(str(value))
    except ValueError:
        choices = ", ".join(m.value for m in kind)
        raise ConfigurationError(f"{name}: {value!r} is not one of {choices}") from None


def _closest(word: str, choices: set[str]) -> str | None:
    import difflib

    matches = difflib.get_close_matches(word, sorted(choices), n=1)
    return matches[0] if matches else None
