"""The seat button LEDs: one mode per seat, set all at once, and a fake that records changes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol


class LedMode(StrEnum):
    OFF = "off"
    ON = "on"  # a race is open to this seat: press now
    TURN = "turn"  # this seat throws (slow pulse on the box)
    WINNER = "winner"  # fast blink
    LOSER = "loser"  # the seat just lost a race (short flash)


@dataclass(frozen=True)
class SeatLights:
    """The mode of every seat's LED, in seat order."""

    modes: tuple[tuple[int, LedMode], ...]

    def mode(self, seat: int) -> LedMode:
        return dict(self.modes).get(seat, LedMode.OFF)

    def lit(self) -> tuple[int, ...]:
        return tuple(seat for seat, mode in self.modes if mode != LedMode.OFF)


class SeatLedDevice(Protocol):
    def set_lights(self, lights: SeatLights) -> None: ...


class RecordingLeds:
    """Keeps each distinct lighting it was given, in order."""

    def __init__(self) -> None:
        self.history: list[SeatLights] = []

    def set_lights(self, lights: SeatLights) -> None:
        if not self.history or self.history[-1] != lights:
            self.history.append(lights)

    @property
    def current(self) -> SeatLights | None:
        return self.history[-1] if self.history else None
