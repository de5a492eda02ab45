"""Tray events: what the tracker tells the game about the tray.

Two kinds, both frozen values stamped on the camera's CLOCK_MONOTONIC timeline:

- `TrayMotion`: the tray started changing (dice landing, a hand reaching in).
- `TrayAtRest`: the tray has been still for the settle time. It lists every die on the tray with a
  stable id: a die that did not move since the previous rest keeps its id; a die that moved, was
  re-thrown or is new gets a new one. `t_ns` is that of the first still frame.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RestingDie:
    """A die at rest. `value` None means refused, and `reason` says why (e.g. "cocked")."""

    die_id: int
    value: int | None
    center: tuple[float, float]
    size: float
    confidence: float
    reason: str | None


@dataclass(frozen=True)
class TrayMotion:
    """The tray started changing at `t_ns` (the first frame that differs)."""

    t_ns: int


@dataclass(frozen=True)
class TrayAtRest:
    """The tray is still since `t_ns` (its first still frame).

    `off_tray` counts dice seen to come to rest outside the tray region during the motion
    that led here; dice that left the picture altogether are not counted (the tracker cannot
    tell them from dice taken away by hand), and without a tray region it is always 0.
    """

    t_ns: int
    dice: tuple[RestingDie, ...]
    off_tray: int


TrayEvent = TrayMotion | TrayAtRest
