"""A small pip's darkest level, wherever its centre falls between the pixels.

A pip's level is read at the pixel nearest its centre, on the plane smoothed as the pip search
smooths it. A pip 3 pixels wide whose centre falls between four pixels spreads its darkness over
them all, and the nearest pixel may lie half a pixel down its blurred flank: a flat blue 2's pips,
printed and lit alike, stood out 54 and 90 so. The darkest of the four smoothed pixels round the
centre is the pip's peak, read alike at any place of its centre.
"""

from __future__ import annotations

import math

import numpy as np

from vision.pips import PipBlob

_SMOOTH = np.array([0.25, 0.5, 0.25])  # the pip search's 3×3 Gaussian, one axis


def peak_contrast(dark: np.ndarray, pip: PipBlob) -> float:
    """How far the darkest smoothed pixel of the four round the pip's centre lies below its ring."""
    h, w = dark.shape[:2]
    x0, y0 = math.floor(pip.x), math.floor(pip.y)
    if not (1 <= x0 and x0 + 2 < w and 1 <= y0 and y0 + 2 < h):
        return pip.contrast
    patch = dark[y0 - 1 : y0 + 3, x0 - 1 : x0 + 3].astype(np.float64)
    rows = _SMOOTH[0] * patch[:-2] + _SMOOTH[1] * patch[1:-1] + _SMOOTH[2] * patch[2:]
    smooth = _SMOOTH[0] * rows[:, :-2] + _SMOOTH[1] * rows[:, 1:-1] + _SMOOTH[2] * rows[:, 2:]
    return pip.ring_level - min(float(smooth.min()), pip.centre_level)
