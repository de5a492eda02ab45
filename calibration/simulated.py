"""The calibration a box would hold for a simulated scene: tray outline, die size, pip polarity.

It is worked out from the scene's preset through the simulator's own camera model, as the
calibration procedure would measure it on a real tray. Only the pybullet-free parts of the
simulator are imported (the presets and the camera model), so this serves tests, benchmarks
and tools that replay recorded frames without the physics engine.
"""

from __future__ import annotations

import numpy as np

from vision.profile import CalibrationProfile

TOP_DOWN_TILT_DEG = 10.0  # a camera tilted less than this counts as looking straight down


def profile_for_preset(preset: str, *, top_down: bool | None = None) -> CalibrationProfile:
    """The profile for a named preset (or `random-<seed>`) of the simulator.

    `top_down` defaults to what the scene's camera does (tilted less than TOP_DOWN_TILT_DEG);
    pass True or False to force it.
    """
    from hardware.sim.camera_model import CameraModel
    from hardware.sim.presets import resolve_preset

    scene = resolve_preset(preset)
    tray = scene.tray
    outline = tray_outline_cm(tray.shape, tray.width_cm, tray.depth_cm)
    camera = CameraModel.from_setup(scene.camera)
    polygon = camera.project(outline)
    # the felt's point straight below the lens, where a tilted camera's view ray is vertical
    nadir = camera.project(np.array([[camera.eye[0], camera.eye[1], 0.0]]))[0]
    light_body = sum(scene.dice.body_bgr) > sum(scene.dice.pip_bgr)
    if top_down is None:
        top_down = abs(scene.camera.tilt_deg) < TOP_DOWN_TILT_DEG
    return CalibrationProfile(
        tray_polygon=tuple((float(x), float(y)) for x, y in polygon),
        die_size_px=float(scene.camera.die_px),
        pip_polarity="dark" if light_body else "light",
        top_down=top_down,
        nadir_px=(float(nadir[0]), float(nadir[1])),
        focal_px=float(camera.focal_px),
    )


def tray_outline_cm(shape: str, width_cm: float, depth_cm: float, points: int = 48) -> np.ndarray:
    """The felt's edge on the tray plane (z = 0), world centimetres: a circle or a rectangle."""
    if shape != "round":
        half_w, half_d = width_cm / 2.0, depth_cm / 2.0
        corners = [(-half_w, -half_d), (half_w, -half_d), (half_w, half_d), (-half_w, half_d)]
        return np.array([(x, y, 0.0) for x, y in corners])
    turn = np.linspace(0.0, 2.0 * np.pi, points, endpoint=False)
    return (width_cm / 2.0) * np.column_stack([np.cos(turn), np.sin(turn), np.zeros(points)])
