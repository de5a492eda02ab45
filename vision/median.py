"""The median of a few figures, as np.median gives it, without its overhead.

A frame's checks take a few dozen medians of short Python lists (a face's pip levels, sizes and
contrasts, the grid steps of its faces); np.median costs some twenty times the sort of five
numbers there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


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
