"""A die's shadow moves as little as the die: a settle of a hundredth of a pixel does not shift a
shadow's edge by a whole pixel (the tracker would see the tray still moving)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

pytest.importorskip("pybullet", reason="the simulated tray needs the sim extra (pybullet)")

from hardware.sim.camera_model import CameraModel
from hardware.sim.presets import get_preset
from hardware.sim.render import TrayRenderer, die_corners


def test_a_shadow_edge_follows_a_die_that_creeps_by_a_hundredth_of_a_pixel() -> None:
    preset = get_preset("white-felt")
    camera = CameraModel.from_setup(preset.camera)
    renderer = TrayRenderer(preset, camera, seed=1)
    try:
        upright = (0.0, 0.0, 0.0, 1.0)
        centre = np.array([3.0, 2.0, 0.8])
        # steps of a hundredth of a pixel on the floor there
        a, b = camera.project_canvas(np.array([centre, centre + np.array([1.0, 0.0, 0.0])]))
        step_cm = 0.01 / float(np.linalg.norm(b - a))
        raw = [
            renderer._shadow_mask([die_corners(centre + np.array([k * step_cm, 0.0, 0.0]), upright)])
            .astype(np.float32)
            for k in range(60)
        ]
    finally:
        renderer.close()
    masks = [m / max(float(m.max()), 1.0) for m in raw]  # full shade is 1
    assert masks[0].sum() > 100.0 and masks[0].min() == 0.0  # the die casts a shadow at all
    moves = [float(np.abs(after - before).max()) for before, after in itertools.pairwise(masks)]
    # anti-aliased edges move with the die: no pixel turns from lit to shaded in one creep
    assert max(moves) < 0.5
    # and over 0.6 px the edge did move
    assert float(np.abs(masks[-1] - masks[0]).max()) > 0.2
