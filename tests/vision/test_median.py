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


def test_median_along_is_numpys() -> None:
    from vision.median import median_along

    rng = np.random.default_rng(9)
    for _ in range(3000):
        shape = tuple(int(k) for k in rng.integers(1, 7, rng.integers(1, 4)))
        axis = int(rng.integers(0, len(shape)))
        dtype = rng.choice([np.uint8, np.int64, np.float32, np.float64])
        values = rng.normal(100.0, 60.0, shape)
        if rng.random() < 0.5:
            values = np.round(values)  # ties, and whole numbers
        if dtype in (np.uint8, np.int64):
            values = np.clip(values, 0, 255)
        values = values.astype(dtype)
        if dtype in (np.float32, np.float64) and rng.random() < 0.2:
            values.flat[int(rng.integers(0, values.size))] = rng.choice([-0.0, np.inf, -np.inf])
        if dtype in (np.float32, np.float64) and rng.random() < 0.1:
            values[...] = -0.0
        expected, found = np.median(values, axis=axis), median_along(values, axis=axis)
        assert found.dtype == expected.dtype and found.shape == expected.shape
        assert np.array_equal(found, expected, equal_nan=True)
        assert np.array_equal(np.signbit(found), np.signbit(expected))
    with np.errstate(invalid="ignore"):
        values = np.array([[1.0, np.nan, 2.0], [1.0, 2.0, 3.0]])
        assert np.array_equal(median_along(values, axis=1), np.median(values, axis=1), equal_nan=True)
