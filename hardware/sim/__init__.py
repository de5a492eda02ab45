"""A simulated dice tray: dice thrown by a physics engine, seen by a simulated camera.

It stands in for the Pi camera (it is a `hardware.camera.FrameSource`) wherever there is no tray
and no dice, and it knows the truth of every frame. The physics engine (pybullet) is an optional
extra, imported only when a tray is built: `pip install -e '.[sim]'`.
"""

from __future__ import annotations

from hardware.sim.errors import SimulatorError, SimulatorUnavailableError, UnknownNameError
from hardware.sim.presets import PRESETS, ScenePreset, get_preset, random_preset

__all__ = [
    "PRESETS",
    "ScenePreset",
    "SimulatorError",
    "SimulatorUnavailableError",
    "UnknownNameError",
    "get_preset",
    "random_preset",
]
