"""The contour measures taken all at once are OpenCV's, one contour at a time, to the last bit."""

from __future__ import annotations

import cv2
import numpy as np

from vision.contours import contour_areas, contour_moments, pixels_outlined


def _contours() -> list[np.ndarray]:
    rng = np.random.default_rng(11)
    noise = cv2.GaussianBlur(rng.integers(0, 256, (480, 640), dtype=np.uint8), (5, 5), 0)
    binary = cv2.adaptiveThreshold(noise, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, 15, 3)
    cv2.circle(binary, (600, 440), 9, 255, -1)  # far from the origin: the largest sums
    cv2.rectangle(binary, (20, 30), (60, 31), 255, -1)  # a straight run: a few corners only
    found, _ = cv2.findContours(binary, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)  # outer and holes
    pieces, _ = cv2.findContours(binary[:80, :80].copy(), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return [*found, *pieces, np.array([[[5, 5]]], np.int32), np.array([[[5, 5]], [[9, 5]]], np.int32)]


def test_areas_and_moments_are_opencvs() -> None:
    contours = _contours()
    assert len(contours) > 500
    areas = contour_areas(contours)
    for contour, area, measured in zip(contours, areas, contour_moments(contours), strict=True):
        m = cv2.moments(contour)
        assert area == cv2.contourArea(contour) == m["m00"]
        assert measured == (m["m00"], m["m10"], m["m01"], m["mu20"], m["mu11"], m["mu02"])


def test_pixels_outlined_are_those_counted_one_contour_at_a_time() -> None:
    contours = _contours()
    box, pixels = pixels_outlined(contours)
    for contour, in_box, counted in zip(contours, box, pixels, strict=True):
        _, _, w, h = cv2.boundingRect(contour)
        points = contour.reshape(-1, 2).tolist()
        steps = zip(points, points[1:] + points[:1], strict=True)
        boundary = sum(max(abs(x1 - x0), abs(y1 - y0)) for (x0, y0), (x1, y1) in steps)
        assert in_box == w * h
        assert counted == cv2.moments(contour)["m00"] + 0.5 * boundary + 1.0


def test_no_contours() -> None:
    assert len(contour_areas([])) == 0
    assert contour_moments([]) == []
    assert all(len(found) == 0 for found in pixels_outlined([]))
