"""A 2 is two pips alike: a pip of another face beside a 1 does not make one (faces.LIKE_TWO_CONTRAST).

On a leaning black 1 of the simulated trays (dark-dice, seeds from 13000) the top face's pip
(contrast 132) and a pip of the face shown past its edge (contrast 70, lit from another side)
lay a 2's diagonal apart and were read as a 2. Each pip is measured at its peak
(`vision.pippeak`): a small pip centred between pixels is no fainter for it.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from tests.vision.saved_rests import read_saved
from vision.faces import read_group
from vision.pippeak import peak_contrast
from vision.pips import PipBlob, PipSearch, find_pip_blobs


def pair_on_a_face(second_level: int) -> tuple[np.ndarray, np.ndarray]:
    """A face at level 200 with a pip at level 68 and another at `second_level`, a 2's diagonal apart."""
    plane = np.full((80, 80), 200, np.uint8)
    cv2.circle(plane, (33, 33), 3, 68, -1)
    cv2.circle(plane, (47, 47), 3, second_level, -1)
    plane = cv2.GaussianBlur(plane, (3, 3), 0)
    return plane, cv2.merge([plane, plane, plane])


@pytest.mark.parametrize(("second_level", "value"), [(80, 2), (100, 2), (130, None), (140, None)])
def test_a_pair_reads_as_a_2_only_when_its_pips_stand_out_alike(second_level: int, value: int | None) -> None:
    plane, colour = pair_on_a_face(second_level)
    blobs = find_pip_blobs(plane, PipSearch(block=13))
    assert len(blobs) == 2
    face = read_group(plane, colour, [0, 1], blobs, blobs)
    assert face.value == value
    if value is None:
        assert (face.reason, face.detail) == ("not_pips", "unlike pair")


def pip_at(x: float, y: float) -> tuple[np.ndarray, PipBlob]:
    """A face at level 200 with one pip 3 px wide at level 60 centred at (x, y), drawn 8 times finer
    and shrunk by area (as a camera's pixels integrate it), then smoothed as a lens blurs it."""
    fine = np.full((320, 320), 200, np.uint8)
    cv2.circle(fine, (round(8 * x + 3.5), round(8 * y + 3.5)), 12, 60, -1)
    plane = cv2.GaussianBlur(cv2.resize(fine, (40, 40), interpolation=cv2.INTER_AREA), (3, 3), 0)
    blobs = find_pip_blobs(plane, PipSearch(block=11))
    assert len(blobs) == 1
    return plane, blobs[0]


def test_a_small_pip_centred_between_pixels_is_measured_at_its_peak() -> None:
    on_pixel, centred = pip_at(20.0, 20.0)
    between, cornered = pip_at(20.5, 20.5)
    # the nearest pixel of a pip centred on it is its peak
    assert peak_contrast(on_pixel, centred) == pytest.approx(centred.contrast, abs=1.0)
    # the nearest pixel of a pip centred between four lies down its flank, short of its peak
    assert cornered.contrast < 0.8 * centred.contrast
    assert peak_contrast(between, cornered) >= cornered.contrast + 4.0


def test_a_flat_two_of_small_pips_one_between_pixels_is_read() -> None:
    # a blue 2 on a white die 23 px wide (random-34039): pips 3 px wide, printed and lit alike,
    # stood out 90 and 54 at their nearest pixels, the second centred between four (README)
    reading = read_saved("random-34039-2-between-pixels-part.png", "random-34039-part-calibration.json")
    assert [d.value for d in reading.dice] == [2]
    assert math.dist(reading.dice[0].center, (80.0, 57.0)) <= 5.0
    assert reading.unreadable == ()
