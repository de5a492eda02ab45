"""How far a die's body reaches past its top face, against the felt and the wall beside the die.

The body check of `vision/body.py` follows the top face's own colour, which a side face turned
from the light does not keep (a red die's shaded side is darker and of another tint). Here the
die is whatever is unlike the background: each sample along a ray is compared with the felt or
wall beside the die at the same distance out (so the felt, the wall past the felt's edge and a
shadow on either, darker but of their tint, all count as background). A flat die ends at its
top face on the side away from the middle; a die leaning on the wall shows its turned-up face.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.body import EDGE_SPAN, RAY_COUNT, RAY_END, RAY_SPREAD, RAY_START, STEP_PX
from vision.faces import Face

FLANK = 1.3  # die sides across from the ray: the background beside the die, clear of its corners
FLANK_TINT = 0.06  # largest L1 step of (b, g, r) / (b + g + r) from the background's
# a shadow on the felt or the wall keeps its tint down to about a third of its brightness
FLANK_SHADE = (0.35, 1.6)
TOO_DARK = 45.0  # b + g + r: below this on both sides, a tint means nothing and the two match


def _sample(colour: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    return cv2.remap(
        colour, xs.astype(np.float32), ys.astype(np.float32), cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    ).astype(np.float32)


def _like(samples: np.ndarray, ref: np.ndarray) -> np.ndarray:
    """Which samples may be the background `ref` (same shape), lit or in shadow."""
    ref_sums = np.maximum(ref.sum(axis=-1), 1.0)
    sums = samples.sum(axis=-1)
    tint = np.abs(samples / np.maximum(sums, 1.0)[..., None] - ref / ref_sums[..., None]).sum(axis=-1)
    ratio = sums / ref_sums
    dark = (sums < TOO_DARK) & (ref_sums < TOO_DARK)
    return ((ratio >= FLANK_SHADE[0]) & (ratio <= FLANK_SHADE[1]) & (tint <= FLANK_TINT)) | dark


def reach_over_backdrop(
    face: Face, colour: np.ndarray, outward: tuple[float, float], side: float
) -> float:
    """Die sides from the top face's centre that pixels unlike the background reach.

    The rays are those of `vision.body.body_reach`; each runs from the top face until two
    samples in a row match the background beside the die (either flank) at the same distance.
    """
    ux, uy = outward
    if face.fit is not None:
        turn = face.fit.angle
        normals = [turn + k * 0.5 * math.pi for k in range(4)]
        normal = max(normals, key=lambda a: math.cos(a) * ux + math.sin(a) * uy)
        angles = np.full(RAY_COUNT, normal)
        offsets = np.linspace(-EDGE_SPAN, EDGE_SPAN, RAY_COUNT) * side
    else:
        angles = math.atan2(uy, ux) + np.linspace(-RAY_SPREAD, RAY_SPREAD, RAY_COUNT)
        offsets = np.zeros(RAY_COUNT)
    radii = np.arange(RAY_START * side, RAY_END * side, STEP_PX)
    cos, sin = np.cos(angles)[:, None], np.sin(angles)[:, None]
    ox = face.center[0] - offsets[:, None] * sin
    oy = face.center[1] + offsets[:, None] * cos
    xs, ys = ox + radii[None, :] * cos, oy + radii[None, :] * sin
    # three parallel lines a pixel apart per ray: one noisy pixel does not end the die
    samples = np.median(
        np.stack([_sample(colour, xs - k * sin, ys + k * cos) for k in (-1.0, 0.0, 1.0)]), axis=0
    )
    normal = float(np.median(angles))
    nx, ny = math.cos(normal), math.sin(normal)
    background = np.zeros(samples.shape[:2], dtype=bool)
    for flank in (-FLANK * side, FLANK * side):
        across = flank + np.array([-1.5, 0.0, 1.5])[:, None]
        fx = face.center[0] + radii[None, :] * nx - across * ny
        fy = face.center[1] + radii[None, :] * ny + across * nx
        level = np.median(_sample(colour, fx, fy), axis=0)
        background |= _like(samples, level[None])
    end = background.copy()
    end[:, :-1] &= background[:, 1:]
    first = np.where(end.any(axis=1), end.argmax(axis=1), len(radii) - 1)
    reach = radii[first] / side
    return float(np.median(reach)) if face.fit is not None else float(reach.min())


def backdrop_excess(face: Face, colour: np.ndarray, outward: tuple[float, float], side: float) -> float:
    """How much further the body reaches past the outer edge than past the lesser side edge."""
    ux, uy = outward
    outer = reach_over_backdrop(face, colour, outward, side)
    sides = [reach_over_backdrop(face, colour, (-uy * k, ux * k), side) for k in (1.0, -1.0)]
    return outer - min(sides)
