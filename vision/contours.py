"""Areas and moments of many contours at once, equal to the bit to OpenCV's, one contour at a time.

A frame's threshold leaves hundreds of contours, most of them specks, and measuring each with its
own cv2 call costs more in calls than in sums. cv2.contourArea and cv2.moments both sum, over a
contour's corners, products of their integer coordinates (Green's formula) in double precision.
While those products and their sums stay below 2**53 they are exact integers, whatever the order
of the sums, so the figures below are OpenCV's to the last bit; a contour whose sums could go past
that is measured by cv2.moments itself. tests/vision/test_contours.py holds them to it.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

_EXACT = 2**53  # integers below this are exact in double precision
# the constants cv2.moments scales the sums by (modules/imgproc/src/moments.cpp), to the double
_SIXTH, _TWELFTH, _TWENTY_FOURTH = 1 / 6, 1 / 12, 1 / 24


def _corners(contours: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All corners in one int64 array, where each contour starts, and each corner's predecessor."""
    lengths = np.fromiter(map(len, contours), np.intp, len(contours))
    points = np.concatenate(contours).reshape(-1, 2).astype(np.int64)
    starts = np.cumsum(lengths) - lengths
    before = np.arange(len(points)) - 1
    before[starts] = starts + lengths - 1  # each contour closes on itself
    return points, starts, before


def contour_areas(contours: Sequence[np.ndarray]) -> np.ndarray:
    """Every contour's area, as cv2.contourArea and cv2.moments' m00 give it."""
    if not contours:
        return np.zeros(0)
    points, starts, before = _corners(contours)
    cross = points[before, 0] * points[:, 1] - points[:, 0] * points[before, 1]
    return np.abs(np.add.reduceat(cross, starts)) * 0.5


def pixels_outlined(contours: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """(pixels of the bounding box, pixels by Pick: area + half the boundary's steps + 1) of every
    contour, as `blobshape.pixels_enough` counts them one contour at a time (a step passes
    max(|dx|, |dy|) pixels); both are exact, integers and halves."""
    if not contours:
        return np.zeros(0), np.zeros(0)
    points, starts, before = _corners(contours)
    xs, ys = points[:, 0], points[:, 1]
    box = (np.maximum.reduceat(xs, starts) - np.minimum.reduceat(xs, starts) + 1) * (
        np.maximum.reduceat(ys, starts) - np.minimum.reduceat(ys, starts) + 1
    )
    steps = np.maximum(np.abs(xs - xs[before]), np.abs(ys - ys[before]))
    cross = xs[before] * ys - xs * ys[before]
    areas = np.abs(np.add.reduceat(cross, starts)) * 0.5
    return box, areas + 0.5 * np.add.reduceat(steps, starts) + 1.0


def contour_moments(contours: Sequence[np.ndarray]) -> list[tuple[float, float, float, float, float, float]]:
    """(m00, m10, m01, mu20, mu11, mu02) of every contour, as cv2.moments gives them."""
    if not contours:
        return []
    points, starts, before = _corners(contours)
    x0, y0 = points[before, 0], points[before, 1]
    x1, y1 = points[:, 0], points[:, 1]
    cross = x0 * y1 - x1 * y0
    xs, ys = x0 + x1, y0 + y1
    terms = (
        cross,
        cross * xs,
        cross * ys,
        cross * (x0 * xs + x1 * x1),
        cross * (x0 * (ys + y0) + x1 * (ys + y1)),
        cross * (y0 * ys + y1 * y1),
    )
    sums = np.stack([np.add.reduceat(t, starts) for t in terms], axis=1).astype(np.float64)
    bound = np.stack([np.add.reduceat(np.abs(t), starts) for t in terms], axis=1).max(axis=1)
    # OpenCV turns the sums' sign to that of the area: the contour's direction does not matter
    sign = np.where(sums[:, 0] > 0, 1.0, -1.0)
    m00 = sums[:, 0] * (0.5 * sign)
    m10, m01 = sums[:, 1] * (_SIXTH * sign), sums[:, 2] * (_SIXTH * sign)
    m20, m02 = sums[:, 3] * (_TWELFTH * sign), sums[:, 5] * (_TWELFTH * sign)
    m11 = sums[:, 4] * (_TWENTY_FOURTH * sign)
    flat = m00 == 0.0  # no area: OpenCV gives every moment as 0
    inverse = 1.0 / np.where(flat, 1.0, m00)
    cx, cy = m10 * inverse, m01 * inverse
    table = np.stack([m00, m10, m01, m20 - m10 * cx, m11 - m10 * cy, m02 - m01 * cy], axis=1)
    table[flat] = 0.0
    found = [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in table.tolist()]
    for k in np.flatnonzero(bound >= _EXACT).tolist():
        m = cv2.moments(contours[k])
        found[k] = (m["m00"], m["m10"], m["m01"], m["mu20"], m["mu11"], m["mu02"])
    return found
