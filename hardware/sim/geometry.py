"""Small plane-geometry helpers for outlines of dice, in pixels or in centimetres."""

from __future__ import annotations

import cv2
import numpy as np


def convex_outline(points: np.ndarray) -> np.ndarray:
    """Convex hull of N×2 points, as an M×2 float array."""
    hull = cv2.convexHull(np.asarray(points, np.float32).reshape(-1, 1, 2))
    return hull.reshape(-1, 2).astype(np.float64)


def share_inside(outline: np.ndarray, width: int, height: int) -> tuple[float, float]:
    """Area of a convex outline and the share of it inside the width × height frame."""
    poly = np.asarray(outline, np.float32).reshape(-1, 1, 2)
    area = float(cv2.contourArea(poly))
    if area <= 0:
        return 0.0, 0.0
    frame = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    inside, _ = cv2.intersectConvexConvex(poly.reshape(-1, 2), frame)
    return area, min(1.0, float(inside) / area)


def _segment_distance(points: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    ab = b - a
    t = np.clip(((points - a) @ ab) / max(float(ab @ ab), 1e-12), 0.0, 1.0)
    closest = a + t[:, None] * ab
    return float(np.min(np.linalg.norm(points - closest, axis=1)))


def outline_distance(first: np.ndarray, second: np.ndarray) -> float:
    """Distance between two convex outlines (0 when they overlap)."""
    a = convex_outline(first)
    b = convex_outline(second)
    overlap, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    if overlap > 0:
        return 0.0
    best = np.inf
    for poly, other in ((a, b), (b, a)):
        for i in range(len(other)):
            best = min(best, _segment_distance(poly, other[i], other[(i + 1) % len(other)]))
    return float(best)


def footprints_touch(corners_a: np.ndarray, corners_b: np.ndarray, gap_cm: float) -> bool:
    """Whether two solids, given by their 3-D corners, come within `gap_cm` seen from above."""
    return outline_distance(corners_a[:, :2], corners_b[:, :2]) <= gap_cm
