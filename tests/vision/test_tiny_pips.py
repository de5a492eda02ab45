"""Pips a tenth of the die's side across, found when the die size is known."""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np

from vision.pips import PipSearch, find_pip_blobs
from vision.profile import CalibrationProfile
from vision.reader import DiceReader

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"
# the dark-pip plane (the frame's min channel after its white balance) round a white 6 of blue
# pips about 2 px wide on a die 22.3 px wide, at (48, 48); a 5 of the same dice at (34, 73)
PLANE = "random-10033-6-tiny-pips-dark-plane.png"
SIX, FIVE = (48.0, 48.0), (34.0, 73.0)
PROFILE = CalibrationProfile(die_size_px=22.3, pip_polarity="dark", top_down=True)


def test_a_six_of_pips_two_pixels_wide_is_read_with_the_die_size() -> None:
    plane = cv2.imread(str(DATA / PLANE), cv2.IMREAD_GRAYSCALE)
    reading = DiceReader(PROFILE).read(plane)
    assert sorted((d.value, math.dist(d.center, SIX) < 5.0) for d in reading.dice) == [(5, False), (6, True)]
    assert math.dist(next(d.center for d in reading.dice if d.value == 5), FIVE) < 5.0
    assert not reading.unreadable


def test_blobs_of_the_smallest_pips_pixels_are_candidates_sized_by_their_outline() -> None:
    plane = cv2.imread(str(DATA / PLANE), cv2.IMREAD_GRAYSCALE)

    def on_six(search: PipSearch) -> list:
        return [b for b in find_pip_blobs(plane, search) if math.dist((b.x, b.y), SIX) < 11.0]

    # their outlines run through the edge pixels' centres: 1.5 to 2.5 px² for blobs of 5 or 6 pixels
    assert len(on_six(PipSearch(block=11))) == 3
    smallest = math.pi / 4.0 * (0.1 * 22.3) ** 2
    pips = on_six(PipSearch(block=11, min_pixels=smallest))
    assert len(pips) == 6
    # the size is the outline's, as for the pips found before; the squash is the pixels' (a
    # polygon of four corners measured 0.54)
    assert all(1.0 < p.diameter < 2.6 and p.roundness >= 0.6 for p in pips)


def test_a_speck_below_the_smallest_pip_is_no_candidate() -> None:
    plane = np.full((40, 40), 200, np.uint8)
    plane[20:22, 20:22] = 130  # a blob of 4 pixels: under the smallest pip of a die 30 px wide (7 px²)
    plane[10:13, 10:13] = 130  # a blob of 9 pixels or more: above it
    search = PipSearch(block=11, min_pixels=math.pi / 4.0 * 3.0**2)
    found = [(round(b.x), round(b.y)) for b in find_pip_blobs(plane, search)]
    assert found == [(11, 11)]
    # the same speck is a pip of a smaller die
    search = PipSearch(block=11, min_pixels=math.pi / 4.0 * 2.2**2)
    assert sorted((round(b.x), round(b.y)) for b in find_pip_blobs(plane, search)) == [(11, 11), (20, 20)]
