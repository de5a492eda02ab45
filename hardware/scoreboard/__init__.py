"""Scoreboard devices: the e-ink standings panel, the LED ticker and the seat LEDs.

Each device is a small interface with an in-process fake. The standings image is drawn by a pure
function of a `Standings` value (Pillow, imported lazily inside the renderer); the real panels
(Pimoroni Inky, Waveshare) and the MAX7219 ticker will implement the same interfaces.
"""

from hardware.scoreboard.leds import LedMode, RecordingLeds, SeatLedDevice, SeatLights
from hardware.scoreboard.panel import FilePanel, PanelDevice
from hardware.scoreboard.standings import PANEL_SIZES, PanelSize, StandingRow, Standings
from hardware.scoreboard.ticker import MemoryTicker, TickerDevice

__all__ = [
    "PANEL_SIZES",
    "FilePanel",
    "LedMode",
    "MemoryTicker",
    "PanelDevice",
    "PanelSize",
    "RecordingLeds",
    "SeatLedDevice",
    "SeatLights",
    "StandingRow",
    "Standings",
    "TickerDevice",
]
