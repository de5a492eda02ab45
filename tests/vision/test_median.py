"""vision.median is np.median, to the bit, on the lists the checks take it of."""

from __future__ import annotations

import math

import numpy as np

from vision.median import median


def test_median_is_numpys() -> None:
    rng = np.random.default_rng(5)
    for n in range(1, 12):
        for _ in range(300):
            values = rng.normal(40.0, 15.0, n).tolist()
            if rng.random() < 0.3:
                values = [round(v) for v in values]  # ties, and whole numbers
            if rng.random() < 0.1:
                values[0] = -0.0
            assert median(values) == float(np.median(values))
            assert math.copysign(1.0, median(values)) == math.copysign(1.0, float(np.median(values)))
    assert median([-0.0, -0.0]) == 0.0 and math.copysign(1.0, median([-0.0, -0.0])) == 1.0
    assert median([3, 4]) == 3.5 and median([math.inf, 1.0, 2.0]) == 2.0
    assert math.isnan(median([])) and math.isnan(median([1.0, math.nan, 2.0]))
