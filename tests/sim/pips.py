"""Reading a die's value from a picture by counting pips, to check the renderer from outside.

Deliberately simple: threshold the inside of the die's outline (Otsu), take the minority class as
pips, count its blobs. It knows nothing of the renderer's state.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

UPSCALE = 4


def count_pips(image: np.ndarray, face: Sequence[Sequence[float]], inset: float = 0.9) -> int:
    """Pips seen on a die's top face (BGR image; the face's outline in pixels)."""
    poly = np.asarray(face, np.float64)
    centre = poly.mean(axis=0)
    x0, y0 = np.floor(poly.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(poly.max(axis=0)).astype(int) + 3
    x0, y0 = max(x0, 0), max(y0, 0)
    crop = image[y0:y1, x0:x1]
    big = cv2.resize(crop, None, fx=UPSCALE, fy=UPSCALE, interpolation=cv2.INTER_CUBIC)
    gray = cv2.cvtColor(big, cv2.COLOR_BGR2GRAY)
    # a little inside the face, away from its bevelled edges
    inner = (centre + (poly - centre) * inset - [x0, y0]) * UPSCALE
    mask = np.zeros(gray.shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(inner).astype(np.int32), 255)
    values = gray[mask > 0]
    if values.size == 0:
        return 0
    threshold, _ = cv2.threshold(values.reshape(-1, 1), 0, 255,
                                 cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    dark = (gray < threshold) & (mask > 0)
    light = (gray >= threshold) & (mask > 0)
    pips = dark if dark.sum() < light.sum() else light
    count, labels, stats, _ = cv2.connectedComponentsWithStats(pips.astype(np.uint8),
                                                               connectivity=8)
    die_area = float(mask.sum() / 255)
    # a blob cut by the border is a pip of a side face peeking in, or the die's edge
    border = (mask > 0) & ~(cv2.erode(mask, np.ones((3, 3), np.uint8)) > 0)
    cut = set(np.unique(labels[border]).tolist())
    found = 0
    for label in range(1, count):
        area = stats[label, cv2.CC_STAT_AREA]
        if label not in cut and die_area * 0.006 < area < die_area * 0.12:
            found += 1
    return found
