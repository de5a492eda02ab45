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
    pip_scale: float = 1.0  # pip radius factor (a tiny 1, fat pips that run together)
    squash: float = 1.0  # the face foreshortened along one side, as a leaning die shows it
    symbol: bool = False  # a printed emblem instead of pips
    glare: bool = False  # a specular highlight on the face


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
        u *= die.squash
        return (cx + scale * (c * u - s * v), cy + scale * (s * u + c * v))

    body = half * 0.96
    corners = np.array([at(sx * body, sy * body) for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
    shadow = corners + np.array([2.0 * scale, 2.0 * scale])
    cv2.fillPoly(big, [np.rint(shadow).astype(np.int32)], (20, 45, 15), cv2.LINE_AA)
    cv2.fillPoly(big, [np.rint(corners).astype(np.int32)], die.body_bgr, cv2.LINE_AA)
    spacing = half * 0.5
    radius = half * 0.17 * scale * die.pip_scale
    if die.symbol:
        # a bird-like emblem: a body, a head and two eyes, nothing like a pip grid
        cx0, cy0 = at(0.0, 0.1 * half)
        axes = (round(0.45 * half * scale * die.squash), round(0.3 * half * scale))
        cv2.ellipse(big, (round(cx0), round(cy0)), axes, die.angle_deg, 0, 360, die.pip_bgr, -1,
                    cv2.LINE_AA)
        hx, hy = at(0.0, -0.45 * half)
        cv2.circle(big, (round(hx), round(hy)), round(0.28 * half * scale), die.pip_bgr, -1,
                   cv2.LINE_AA)
        for eye in (-0.12, 0.12):
            ex, ey = at(eye * half, -0.5 * half)
            cv2.circle(big, (round(ex), round(ey)), round(0.07 * half * scale), die.body_bgr, -1,
                       cv2.LINE_AA)
    else:
        for u, v in LAYOUTS[die.value]:
            px, py = at(u * spacing, v * spacing)
            axes = (round(radius * die.squash), round(radius))
            cv2.ellipse(big, (round(px), round(py)), axes, die.angle_deg, 0, 360, die.pip_bgr,
                        -1, cv2.LINE_AA)
    if die.glare:
        gx, gy = at(0.35 * half, -0.3 * half)
        cv2.ellipse(big, (round(gx), round(gy)), (round(0.3 * half * scale), round(0.12 * half * scale)),
                    die.angle_deg + 30, 0, 360, (255, 255, 255), -1, cv2.LINE_AA)
    patch[:] = cv2.resize(big, (patch.shape[1], patch.shape[0]), interpolation=cv2.INTER_AREA)


def tray_with(dice: list[DrawnDie], seed: int = 0, width: int = 640, height: int = 480,
              felt_bgr: tuple[int, int, int] = FELT_BGR) -> np.ndarray:
    image = blank_tray(width, height, felt_bgr, seed)
    for die in dice:
        draw_die(image, die)
    return cv2.GaussianBlur(image, (3, 3), 0)


def colour_cast(image: np.ndarray, gains_bgr: tuple[float, float, float]) -> np.ndarray:
    """The picture under a coloured lamp: each channel scaled (tungsten: blue low, red high)."""
    cast = image.astype(np.float64) * np.array(gains_bgr)
    return np.clip(cast, 0, 255).astype(np.uint8)


def motion_blur(image: np.ndarray, length: int, angle_deg: float) -> np.ndarray:
    """The picture smeared along a line of `length` pixels, as by a die or a camera moving."""
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2, :] = 1.0
    turn = cv2.getRotationMatrix2D(((length - 1) / 2, (length - 1) / 2), angle_deg, 1.0)
    kernel = cv2.warpAffine(kernel, turn, (length, length))
    return cv2.filter2D(image, -1, kernel / kernel.sum())
