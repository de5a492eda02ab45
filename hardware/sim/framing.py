"""Whether the camera sees the whole tray, and the widest tray a camera can see whole.

A box is installed so that the camera frames the whole tray, from the felt up to the wall's top:
a die that lands, or leans on the wall, anywhere in the tray is then in the picture. Scenes are
made to the same rule, so what the reader misses is the reader's fault, not the framing's.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import numpy as np

from hardware.sim.camera_model import CameraModel

if TYPE_CHECKING:
    from hardware.sim.presets import CameraSetup, TrayLook

FRAME_MARGIN_PX = 2.0  # the wall's top may come this close to the picture's edge


def inner_wall_cm(tray: TrayLook, points: int = 96) -> np.ndarray:
    """Points of the tray's inner wall, at the felt and at the wall's top (world cm)."""
    if tray.shape == "round":
        turn = np.linspace(0.0, 2.0 * np.pi, points, endpoint=False)
        # the wall's straight segments meet at the nominal radius: the farthest the wall reaches
        ring = (tray.width_cm / 2.0) * np.column_stack([np.cos(turn), np.sin(turn)])
    else:
        side = np.linspace(-1.0, 1.0, points // 4)
        half_w, half_d = tray.width_cm / 2.0, tray.depth_cm / 2.0
        ring = np.vstack([
            np.column_stack([half_w * side, np.full_like(side, half_d)]),
            np.column_stack([half_w * side, np.full_like(side, -half_d)]),
            np.column_stack([np.full_like(side, half_w), half_d * side]),
            np.column_stack([np.full_like(side, -half_w), half_d * side]),
        ])
    return np.vstack([np.column_stack([ring, np.full(len(ring), z)])
                      for z in (0.0, tray.wall_height_cm)])


def tray_in_picture(tray: TrayLook, camera: CameraSetup, margin_px: float = FRAME_MARGIN_PX) -> bool:
    """True when the whole inner wall, felt to top, lies inside the picture."""
    pixels = CameraModel.from_setup(camera).project(inner_wall_cm(tray))
    return bool(
        np.all(pixels >= margin_px)
        and np.all(pixels[:, 0] <= camera.width - 1 - margin_px)
        and np.all(pixels[:, 1] <= camera.height - 1 - margin_px)
    )


def framed_tray(tray: TrayLook, camera: CameraSetup) -> TrayLook:
    """The tray as given when the camera sees it whole; otherwise scaled down until it does.

    Width and depth shrink together, so a tray keeps its proportions.
    """
    if tray_in_picture(tray, camera):
        return tray
    low, high = 0.2, 1.0  # share of the given size: low fits, high does not
    for _ in range(30):
        mid = (low + high) / 2.0
        if tray_in_picture(_scaled(tray, mid), camera):
            low = mid
        else:
            high = mid
    return _scaled(tray, low)


def _scaled(tray: TrayLook, share: float) -> TrayLook:
    return dataclasses.replace(tray, width_cm=tray.width_cm * share, depth_cm=tray.depth_cm * share)
