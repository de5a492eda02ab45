"""A ring of rim round a face in the pip plane: the band a face under the threshold's local mean all
along its rim makes (a red face on brighter felt, in the light-pip plane), its outline enclosing
the face. The pip search cuts it alone into the pips run into it (`pips.find_pip_blobs`).
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.cutsize import Shape


def pixels_within(binary: np.ndarray, contour: np.ndarray) -> int:
    """How many of the threshold's pixels `contour` encloses: fewer than its area round a hole."""
    x, y, w, h = cv2.boundingRect(contour)
    mask = np.zeros((h, w), np.uint8)
    cv2.drawContours(mask, [contour], -1, 1, -1, offset=(-x, -y))
    return int(cv2.countNonZero(binary[y:y + h, x:x + w] & mask))


def ring_alone(
    binary: np.ndarray, filled: np.ndarray, contour: np.ndarray, crop: np.ndarray, x0: int, y0: int
) -> tuple[np.ndarray, float]:
    """(the pixels of the ring `contour` outlines, as a 255 mask; the median level of the face it
    encloses), all in the crop at (x0, y0) whose threshold is `binary` and `filled` the outline filled."""
    _, labels = cv2.connectedComponents((binary > 0).astype(np.uint8), connectivity=8)
    first_x, first_y = (int(v) for v in contour[0, 0])
    ring = labels == labels[first_y - y0, first_x - x0]
    face = crop[(filled > 0) & (binary == 0)]
    level = float(np.median(face)) if face.size else float(np.median(crop[filled > 0]))
    return np.where(ring, 255, 0).astype(np.uint8), level


def face_in_ring(shape: Shape, rings: list[np.ndarray], least_area: float) -> bool:
    """Whether `shape`, larger than `least_area`, is centred inside one of `rings`: the face it encloses."""
    return shape[2] > least_area and any(
        cv2.pointPolygonTest(ring, (shape[0], shape[1]), False) >= 0 for ring in rings
    )
