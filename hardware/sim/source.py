"""The simulated tray as a camera: a FrameSource that plays one scenario."""

from __future__ import annotations

from collections.abc import Iterator

from hardware.camera import Frame
from hardware.sim.presets import DEFAULT_PRESET, ScenePreset
from hardware.sim.scripts import get_scenario
from hardware.sim.tray import SimFrame, SimTray
from hardware.sim.truth import RestState


class SimCamera:
    """Plays a scenario on a simulated tray; `frames()` yields its frames like the Pi camera.

    `sim_frames()` yields the same frames with their truth. After the run, `rests` holds the
    rest states the scenario reached.
    """

    def __init__(self, scenario: str, *, preset: str | ScenePreset = DEFAULT_PRESET,
                 seed: int = 0) -> None:
        self.scenario = get_scenario(scenario)
        self._tray = SimTray(preset, seed)

    @property
    def tray(self) -> SimTray:
        return self._tray

    @property
    def rests(self) -> list[RestState]:
        return self._tray.rests

    def sim_frames(self) -> Iterator[SimFrame]:
        yield from self.scenario.play(self._tray)

    def frames(self) -> Iterator[Frame]:
        for sim_frame in self.sim_frames():
            if sim_frame.frame is not None:
                yield sim_frame.frame

    def close(self) -> None:
        self._tray.close()
