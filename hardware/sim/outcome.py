"""How a throw ends, as the look-ahead sees it, and the wishes a script can make on it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from hardware.sim.camera_model import CameraModel
from hardware.sim.dice import top_face
from hardware.sim.geometry import footprints_touch
from hardware.sim.physics import BodyState, on_felt
from hardware.sim.presets import ScenePreset
from hardware.sim.render import die_corners


@dataclass(frozen=True)
class Outcome:
    """How a throw ends, as the look-ahead sees it: the pose of every die in play."""

    states: dict[int, BodyState]
    thrown: tuple[int, ...]
    preset: ScenePreset
    camera: CameraModel

    def on_tray(self, die_id: int) -> bool:
        pos = self.states[die_id].position
        return on_felt(self.preset.tray, pos[0], pos[1])

    def in_frame(self, die_id: int, margin_px: float = 0.0) -> bool:
        """Whether the die's centre shows in the picture, `margin_px` away from its edges."""
        u, v = self.camera.project(np.array([self.states[die_id].position]))[0]
        setup = self.camera.setup
        return bool(margin_px <= u < setup.width - margin_px
                    and margin_px <= v < setup.height - margin_px)

    def value(self, die_id: int) -> int:
        return top_face(self.states[die_id].orientation).value

    def cocked(self, die_id: int) -> bool:
        return top_face(self.states[die_id].orientation).cocked

    def touching(self, a: int, b: int, gap_cm: float = 0.08) -> bool:
        """Whether two dice rest against each other (their outlines on the felt nearly meet)."""
        sa, sb = self.states[a], self.states[b]
        return footprints_touch(die_corners(sa.position, sa.orientation),
                                die_corners(sb.position, sb.orientation), gap_cm)


Accept = Callable[[Outcome], bool]


def clean_landing(outcome: Outcome) -> bool:
    """The default wish for a throw: every thrown die lies flat on the felt."""
    return all(outcome.on_tray(d) and not outcome.cocked(d) for d in outcome.thrown)
