"""Where a lone pip's face ends by its tint: a die of the felt's brightness, not of its colour.

A black die on dark felt can be as bright as the felt round it, so the rays of `ones.py`, which
end on a step of brightness or a large step of colour, run on past its edge. Its face still
keeps its own tint (each channel's share of the brightness) to the edge, and the felt has
another: the tint's step outlines the die where its brightness does not.
"""

from __future__ import annotations

import math

import numpy as np

from vision.facecolour import colour_at, face_colour
from vision.pips import PipBlob

EDGE_TINT = 0.08  # L1 step of (b, g, r) / (b + g + r): a face's own stays under 0.05, simulated
TOO_DARK = 45.0  # b + g + r: below this, a tint is noise (as in vision.backdrop)


def tint_ray_lengths(colour: np.ndarray, pip: PipBlob, start: float, reach: float, count: int) -> np.ndarray:
    """Distance from the pip to the first two samples in a row off its face's tint, per ray.

    The rays are those of `ones._ray_lengths` (same start and directions); inf where none ends
    within reach, or the face is too dark to have a tint. Samples too dark for a tint end nothing.
    """
    angles = np.linspace(0.0, 2.0 * math.pi, count, endpoint=False)
    face = face_colour(colour, pip, start)
    radii = np.arange(start, reach, 1.0)
    if float(face.sum()) < TOO_DARK or len(radii) == 0:
        return np.full(count, np.inf)
    xs = pip.x + np.cos(angles)[:, None] * radii[None, :]
    ys = pip.y + np.sin(angles)[:, None] * radii[None, :]
    seen = colour_at(colour, xs.ravel(), ys.ravel()).reshape((*xs.shape, 3))
    sums = seen.sum(axis=-1)
    step = np.abs(seen / np.maximum(sums, 1.0)[..., None] - face / float(face.sum())).sum(axis=-1)
    off = (step > EDGE_TINT) & (sums >= TOO_DARK)
    h, w = colour.shape[:2]
    # the picture's border is no edge of a face
    off &= (xs >= 0) & (xs <= w - 1) & (ys >= 0) & (ys <= h - 1)
    off[:, :-1] &= off[:, 1:]
    return np.where(off.any(axis=1), radii[off.argmax(axis=1)], np.inf)
