"""A blob's measures from its outline: centre, area, ellipse axes and angle, solidity.

The threshold's outline runs through its edge pixels' centres; its moments give the blob's
ellipse. A blob too small for its outline to have a shape (four or five corners) is measured by
its pixels instead, each a unit square, and keeps its outline's area, as its neighbours do.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import cv2
import numpy as np

from vision.cutsize import Shape

if TYPE_CHECKING:
    from vision.pips import PipSearch


def blob_shape(
    contour: np.ndarray, search: PipSearch, dx: float = 0.0, dy: float = 0.0, counted: bool = False
) -> Shape | None:
    """(x, y, area, major, minor, angle, solidity) of a contour, or None if of no pip size
    (`counted`: a small contour's pixels already found enough, `contours.pixels_outlined`)."""
    if len(contour) < 3:
        return None
    m = cv2.moments(contour)
    area = m["m00"]
    if area > search.max_area:
        return None
    small = area < search.min_area
    if small and not (area > 0 and (counted or pixels_enough(contour, area, search))):
        return None
    solid = solidity(contour, area)
    if small:
        # an outline of four or five corners has no shape to speak of: the pixels give the
        # blob's centre and squash, the outline its size, as it gives its neighbours'
        x0, y0, w, h = cv2.boundingRect(contour)
        mask = np.zeros((h, w), np.uint8)
        cv2.drawContours(mask, [contour], -1, 1, -1, offset=(-x0, -y0))
        m = cv2.moments(mask, binaryImage=True)
        dx, dy = dx + x0, dy + y0
    count = m["m00"]
    # each pixel is a unit square, not a point: 1/12 of variance along each axis (nothing for
    # an outline, whose moments are of the area it bounds)
    own = 1.0 / 12.0 if small else 0.0
    mu20, mu02, mu11 = m["mu20"] / count + own, m["mu02"] / count + own, m["mu11"] / count
    half_trace = (mu20 + mu02) / 2.0
    root = math.sqrt(max(((mu20 - mu02) / 2.0) ** 2 + mu11**2, 0.0))
    major = 4.0 * math.sqrt(max(half_trace + root, 1e-9))
    minor = 4.0 * math.sqrt(max(half_trace - root, 1e-9))
    if small:
        # the outline's size: the axes' product is the diameter squared, as for an ellipse
        scale = math.sqrt(4.0 * area / math.pi / (major * minor))
        major, minor = major * scale, minor * scale
    angle = 0.5 * math.atan2(2.0 * mu11, mu20 - mu02)
    return (m["m10"] / count + dx, m["m01"] / count + dy, area, major, minor, angle, solid)


def pixels_enough(contour: np.ndarray, area: float, search: PipSearch) -> bool:
    """True when the pixels a small contour outlines are at least `search.min_pixels`."""
    if search.min_pixels <= 0:
        return False
    _, _, w, h = cv2.boundingRect(contour)
    if w * h < search.min_pixels:
        return False
    # Pick: the pixels are the outline's area, half its boundary pixels and one (the outline's
    # steps run along rows, columns and diagonals: a step passes max(|dx|, |dy|) pixels)
    points = contour.reshape(-1, 2).tolist()
    steps = zip(points, points[1:] + points[:1], strict=True)
    boundary = sum(max(abs(x1 - x0), abs(y1 - y0)) for (x0, y0), (x1, y1) in steps)
    return area + 0.5 * boundary + 1.0 >= search.min_pixels


def outline_ellipse(
    moments: tuple[float, float, float, float, float, float], dx: float = 0.0, dy: float = 0.0
) -> tuple[float, float, float, float, float, float]:
    """(x, y, area, major, minor, angle) from a contour's (m00, m10, m01, mu20, mu11, mu02): what
    `blob_shape` works out for an outline of pip area (m00 at least min_area)."""
    area, m10, m01, mu20, mu11, mu02 = moments
    mu20, mu02, mu11 = mu20 / area, mu02 / area, mu11 / area
    half_trace = (mu20 + mu02) / 2.0
    root = math.sqrt(max(((mu20 - mu02) / 2.0) ** 2 + mu11**2, 0.0))
    major = 4.0 * math.sqrt(max(half_trace + root, 1e-9))
    minor = 4.0 * math.sqrt(max(half_trace - root, 1e-9))
    angle = 0.5 * math.atan2(2.0 * mu11, mu20 - mu02)
    return (m10 / area + dx, m01 / area + dy, area, major, minor, angle)


def solidity(contour: np.ndarray, area: float) -> float:
    """The contour's area over its convex hull's: 1 for a convex blob."""
    hull_area = cv2.contourArea(cv2.convexHull(contour))
    return area / hull_area if hull_area > 0 else 0.0
