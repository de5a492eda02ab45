"""The planes a frame is read in: its colour white-balanced, and the dark-pip and light-pip planes.

The *dark-pip plane* is the minimum of the balanced channels: black, red and blue pips are all
dark there on a white face, and a tungsten cast no longer darkens the face itself. The *light-pip
plane* is the inverted grey, for white pips on dark or red dice. A profile naming one polarity
has only its plane made.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.clipped import MAX_BALANCE_GAIN


def white_balanced(image: np.ndarray) -> np.ndarray:
    """The frame with each channel scaled so bright neutral objects are neutral (gains capped)."""
    sample = image[::8, ::8].reshape(-1, 3)
    k = max(0, int(len(sample) * 0.99) - 1)
    highs = np.partition(sample, k, axis=0)[k].astype(np.float64)
    # capped: in a frame of mostly green felt the few bright blue pixels are no white reference
    gains = np.minimum(highs.max() / np.maximum(highs, 1.0), MAX_BALANCE_GAIN)
    if float(gains.max()) <= 1.05:
        return image
    # cv2.multiply's own products, one per level and channel, looked up: the same bytes as
    # multiplying the whole frame, at less than half the cost
    levels = np.arange(256, dtype=np.uint8).reshape(1, 256, 1).repeat(3, axis=2)
    table = cv2.multiply(levels, np.array([*gains.tolist(), 0.0]), dtype=cv2.CV_8U)
    return cv2.LUT(image, table)


def dark_pip_plane(balanced: np.ndarray) -> np.ndarray:
    """The channels' minimum of a balanced frame: dark pips of any ink dark on a light face."""
    # cv2.min of the channels split apart: less than half np.minimum's time over the strided
    # channels of the pixel array (a frame left unbalanced, a crop, is made contiguous to split)
    blue, green, red = cv2.split(np.ascontiguousarray(balanced))
    return cv2.min(cv2.min(blue, green), red)


def grey_plane(balanced: np.ndarray) -> np.ndarray:
    """The balanced frame's grey; inverted, it is the light-pip plane."""
    return cv2.cvtColor(balanced, cv2.COLOR_BGR2GRAY)


def every_plane(image: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(dark-pip plane, grey, balanced colour) of a frame, as a reader with no polarity known makes them."""
    balanced = white_balanced(image)
    return dark_pip_plane(balanced), grey_plane(balanced), balanced
