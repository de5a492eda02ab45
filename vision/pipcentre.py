"""A pip's centre where it is printed, whatever lies beyond its die's edge.

The pip search outlines a pip where the plane falls below the local mean of the threshold's
window. By a top face's edge that window reaches past the die, onto a dark wall, a shaded side face
or a shadow, whose dark lowers the mean on that side of the pip only: the outline loses the pip's
outer flank and its centre moves inwards, towards the face's middle (both pips of a flat ivory 2
between the dark wall and its own shaded side face, half a pixel each, which shrank its grid below
any 2's). A pip's own edge lies at half its contrast, midway between its darkest and its face
round it (the ring), both read on the die itself: the pixels darker than that, weighted by how much
darker, centre it where it was printed.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.layout import LayoutFit
from vision.pips import PipBlob

REACH_PX = 1.5  # pixels past the pip's outlined half length: the flank its outline may have lost


def printed_centre(dark: np.ndarray, pip: PipBlob) -> tuple[float, float] | None:
    """The pip's centre from its pixels darker than half its contrast, joined to its middle; None
    when they run on to the reach's last pixel (a dark edge touching the pip, no face between)."""
    h, w = dark.shape[:2]
    reach = 0.5 * pip.major + REACH_PX
    x0, x1 = max(0, math.floor(pip.x - reach)), min(w, math.ceil(pip.x + reach) + 1)
    y0, y1 = max(0, math.floor(pip.y - reach)), min(h, math.ceil(pip.y + reach) + 1)
    patch = dark[y0:y1, x0:x1].astype(np.float64)
    ys, xs = np.mgrid[y0:y1, x0:x1]
    half = 0.5 * (pip.ring_level + pip.centre_level)
    inside = (patch < half) & (np.hypot(xs - pip.x, ys - pip.y) <= reach)
    count, labels = cv2.connectedComponents(inside.astype(np.uint8), connectivity=8)
    cx, cy = min(max(round(pip.x) - x0, 0), x1 - x0 - 1), min(max(round(pip.y) - y0, 0), y1 - y0 - 1)
    if count < 2 or labels[cy, cx] == 0:
        return None
    own = labels == labels[cy, cx]  # the pip itself, not a dark edge beyond it
    if (np.hypot(xs - pip.x, ys - pip.y)[own] > reach - 1.0).any():
        return None  # a pip has face round it at half its contrast; this dark runs on past it
    weight = (half - patch)[own]
    total = float(weight.sum())
    if total <= 0.0:
        return None
    return (float((xs[own] * weight).sum() / total), float((ys[own] * weight).sum() / total))


def printed_spacing(fit: LayoutFit, dark: np.ndarray, blobs: list[PipBlob]) -> float | None:
    """The fit's grid step scaled by how far its pips' printed centres (`printed_centre`) spread
    against their outlined ones, or None when a pip of the fit is no blob or has no such centre."""
    if len(fit.cells) < 2:
        return None
    pips = []
    for u, v in fit.cells:
        x, y = fit.to_image(u, v)
        pip = min(blobs, key=lambda b: math.hypot(b.x - x, b.y - y), default=None)
        if pip is None or math.hypot(pip.x - x, pip.y - y) > 0.25 * fit.spacing:
            return None
        pips.append(pip)
    outlined = _spread([(p.x, p.y) for p in pips])
    if outlined <= 0.0:
        return None
    printed = [printed_centre(dark, p) for p in pips]
    if any(c is None for c in printed):
        return None
    return fit.spacing * _spread([c for c in printed if c is not None]) / outlined


def _spread(points: list[tuple[float, float]]) -> float:
    """Mean distance of the points from their centroid."""
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    return sum(math.hypot(x - mx, y - my) for x, y in points) / len(points)
