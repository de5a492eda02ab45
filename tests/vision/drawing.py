"""Synthetic tray pictures drawn with OpenCV: square dice with round pips on felt.

They stand in for a camera where a test needs exact, known scenes: the CLI contract, polarity and
colour handling, and the tracker's event logic. Accuracy on real photos is tested on dice_dev.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.layout import LAYOUTS

FELT_BGR = (40, 90, 30)


@dataclass(frozen=True)
class DrawnDie:
    value: int
    center: tuple[float, float]
    size: float = 40.0
    angle_deg: float = 0.0
    body_bgr: tuple[int, int, int] = (235, 238, 240)
    pip_bgr: tuple[int, int, int] = (25, 25, 25)


def blank_tray(width: int = 640, height: int = 480, felt_bgr: tuple[int, int, int] = FELT_BGR,
               seed: int = 0) -> np.ndarray:
    """A felt background with a little sensor noise."""
    rng = np.random.default_rng(seed)
    image = np.empty((height, width, 3), np.uint8)
    image[:] = felt_bgr
    noise = rng.normal(0.0, 3.0, image.shape)
    return np.clip(image.astype(np.float64) + noise, 0, 255).astype(np.uint8)


def draw_die(image: np.ndarray, die: DrawnDie) -> None:
    """Draw one die seen from straight above, in place (supersampled for smooth edges)."""
    scale = 4
    half = die.size / 2.0
    a = math.radians(die.angle_deg)
    c, s = math.cos(a), math.sin(a)
    pad = int(die.size)
    x0, y0 = int(die.center[0]) - pad, int(die.center[1]) - pad
    patch = image[y0:y0 + 2 * pad, x0:x0 + 2 * pad]
    big = cv2.resize(patch, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
    cx, cy = (die.center[0] - x0) * scale, (die.center[1] - y0) * scale

    def at(u: float, v: float) -> tuple[float, float]:
        return (cx + scale * (c * u - s * v), cy + scale * (s * u + c * v))

    body = half * 0.96
    corners = np.array([at(sx * body, sy * body) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
    shadow = corners + np.array([2.0 * scale, 2.0 * scale])
    cv2.fillPoly(big, [np.rint(shadow).astype(np.int32)], (20, 45, 15), cv2.LINE_AA)
    cv2.fillPoly(big, [np.rint(corners).astype(np.int32)], die.body_bgr, cv2.LINE_AA)
    spacing = half * 0.5
    radius = round(half * 0.17 * scale)
    for u, v in LAYOUTS[die.value]:
        px, py = at(u * spacing, v * spacing)
        cv2.circle(big, (round(px), round(py)), radius, die.pip_bgr, -1, cv2.LINE_AA)
    patch[:] = cv2.resize(big, (patch.shape[1], patch.shape[0]), interpolation=cv2.INTER_AREA)


def tray_with(dice: list[DrawnDie], seed: int = 0, width: int = 640, height: int = 480,
              felt_bgr: tuple[int, int, int] = FELT_BGR) -> np.ndarray:
    image = blank_tray(width, height, felt_bgr, seed)
    for die in dice:
        draw_die(image, die)
    return cv2.GaussianBlur(image, (3, 3), 0)
