"""The median of a few figures, as np.median gives it, without its overhead.

A frame's checks take a few dozen medians of short Python lists (a face's pip levels, sizes and
contrasts, the grid steps of its faces); np.median costs some twenty times the sort of five
numbers there. They also take medians along an axis of small arrays of samples (a ring's colours,
three lines a pixel apart): `median_along` sorts them instead, and takes the middle as np.median
does (the mean of one value, or of the two middle ones, summed from 0.0).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np


def median(values: Sequence[float]) -> float:
    """float(np.median(values)) to the bit, for a list of Python numbers.

    The middle value, or the two middle ones summed and halved, the sum started from 0.0 as
    np.mean starts it (so a median of -0.0 is 0.0, as numpy gives it); NaN for no values or any NaN.
    """
    ordered = sorted(values)
    n = len(ordered)
    if n == 0 or any(v != v for v in ordered):
        return math.nan
    half = n // 2
    if n % 2:
        return float(0.0 + ordered[half])
    return float((0.0 + ordered[half - 1] + ordered[half]) / 2)


def median_along(values: np.ndarray, axis: int = 0) -> np.ndarray:
    """np.median(values, axis=axis) to the bit, of the same dtype (float64 for integers), for an
    array of float or integer samples; one holding a NaN, or with nothing along the axis, is
    handed to np.median itself."""
    count = values.shape[axis]
    kind = values.dtype.kind
    awkward = kind not in "fiub" or values.dtype == np.float16 or (kind == "f" and np.isnan(values).any())
    if count == 0 or awkward:
        result: np.ndarray = np.median(values, axis=axis)
        return result
    ordered = np.sort(values, axis=axis)
    upper = np.take(ordered, count // 2, axis=axis)
    if kind != "f":
        upper = upper.astype(np.float64)  # np.mean's dtype for integers
    if count % 2:
        return 0.0 + upper
    lower = np.take(ordered, count // 2 - 1, axis=axis)
    if kind != "f":
        lower = lower.astype(np.float64)
    return (0.0 + lower + upper) / 2


def median_3x3(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """The median of the 3x3 pixels round each point (xs, ys) (clipped to the frame), per channel."""
    h, w = image.shape[:2]
    xi = np.rint(xs).astype(np.intp)[:, None] + np.array([-1, 0, 1] * 3)[None, :]
    yi = np.rint(ys).astype(np.intp)[:, None] + np.repeat([-1, 0, 1], 3)[None, :]
    result: np.ndarray = median_along(image[yi.clip(0, h - 1), xi.clip(0, w - 1)].astype(np.float64), axis=1)
    return result
