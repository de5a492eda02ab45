"""Flat dice once not reported at all (tests/data/sim-rests, its README): neither read nor refused,
the box took them for absent."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from tests.vision.saved_rests import SIM_RESTS, read_saved
from vision.faces import ROUND_MIN
from vision.ones import read_lone_pip, read_on_square
from vision.pips import PipBlob, PipSearch, find_pip_blobs
from vision.reader import PIP_PER_SIDE, Reading, _window_for


def _values_near(reading: Reading, point: tuple[float, float]) -> list[int]:
    return [d.value for d in reading.dice if math.dist(d.center, point) <= 8.0]


def _lone_pip_of_balanced_crop(
    name: str, die_size: float, at: tuple[float, float], light: bool
) -> tuple[np.ndarray, np.ndarray, list[PipBlob], PipBlob]:
    """The pip plane of a crop white-balanced as its whole frame, its round pip candidates for
    dice of `die_size`, and the one at `at`."""
    colour = cv2.imread(str(SIM_RESTS / name), cv2.IMREAD_COLOR)
    plane = cv2.bitwise_not(cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY)) if light else colour.min(axis=2)
    blobs = [b for b in find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * die_size)))
             if b.roundness >= ROUND_MIN]
    pip = next(b for b in blobs if math.dist((b.x, b.y), at) < 2.0)
    return plane, colour, blobs, pip




def test_a_two_of_tiny_pips_squashed_unlike_by_a_pixel_is_read() -> None:
    reading = read_saved(
        "random-20051-2-unlike-pips-frame-part.png", "random-20051-2-unlike-pips-frame-part-calibration.json"
    )
    assert _values_near(reading, (59.9, 44.6)) == [2]
    assert sorted(d.value for d in reading.dice) == [1, 2, 6]
    assert reading.unreadable == ()


def test_a_four_grouped_with_the_side_pips_of_a_six_beyond_it_is_read() -> None:
    reading = read_saved(
        "random-21009-4-below-six-frame-part.png", "random-21009-4-below-six-frame-part-calibration.json"
    )
    assert _values_near(reading, (101.8, 74.8)) == [4]
    assert _values_near(reading, (99.7, 40.2)) == [6]
    assert reading.unreadable == ()


@pytest.mark.parametrize(
    ("name", "die_size", "at", "light"),
    [
        # a white pip on a glossy red die 30.6 px wide: the sheen's step ends one ray 0.33 of a
        # side out, short of the 0.36 a bare 1 needs; nothing as dark as a pip lies within a side
        ("random-9031-1-sheen-balanced.png", 30.6, (31.8, 31.5), True),
        # a white pip on a black die 26.6 px wide on near-black felt: too dark for a tint, its face
        # within the tolerance of the felt; its level steps by more than a face's noise at its edge
        ("random-24069-1-dark-on-dark-balanced.png", 26.6, (32.3, 32.1), True),
    ],
    ids=["glossy face, one ray short", "dark die on dark felt, by its level's step"],
)
def test_a_lone_one_missed_by_the_bare_face_check_is_read_on_its_square(
    name: str, die_size: float, at: tuple[float, float], light: bool
) -> None:
    plane, colour, blobs, pip = _lone_pip_of_balanced_crop(name, die_size, at, light)
    assert read_lone_pip(plane, colour, pip, die_size, 2 * die_size, blobs, die_size) is None
    face = read_on_square(plane, colour, pip, blobs, die_size)
    assert face is not None and face.value == 1


@pytest.mark.parametrize(
    ("name", "die_size", "at", "light"),
    [
        # a flat 2 of dark pips on a die 23.6 px wide: the one ray the partner's dark mark ends
        # within a side keeps the face from the leniency of one ray ended short
        ("random-20041-2-balanced.png", 23.6, (32.0, 32.0), False),
        # a 2 of white pips on a dark die 22.5 px wide: the partner's step of level ends rays on a
        # die's square, but it is as dark (in the light-pip plane) as a pip within a side, and the
        # level's step is not looked at
        ("random-9037-2-light-pips-balanced.png", 22.5, (31.6, 32.5), True),
    ],
    ids=["dark pips, one short ray", "light pips, level's step"],
)
def test_a_pip_of_a_two_whose_partner_is_unseen_is_no_one(
    name: str, die_size: float, at: tuple[float, float], light: bool
) -> None:
    plane, colour, _, pip = _lone_pip_of_balanced_crop(name, die_size, at, light)
    assert read_on_square(plane, colour, pip, [], die_size) is None
