"""A lone pip read as a 1 on its die's square (`ones.read_on_square`), with the die size known.

Its face's edge is no step of brightness: a face grained in patches darker than its tolerance,
whose tint runs on to the die's edge (only a mark as dark as a pip, a hidden pip of a 3 or a 5,
may end a ray before it); a black face with a dark notch by its pip; a red face fading into
red-brown felt; a grey face flecked by a speck two pixels wide beside its pip.
"""

from __future__ import annotations

import math
import warnings
from pathlib import Path

import cv2
import numpy as np

from tests.vision.saved_rests import read_saved
from vision.facerays import pip_dark_ray_lengths, tint_ray_lengths
from vision.ones import LONE_EDGE_SHARE, _bare_round, _ray_lengths
from vision.pips import PipBlob

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def test_a_grained_ivory_1_on_dark_felt_is_read() -> None:
    # an ivory die 31 px wide whose face has patches some 20 levels darker than round its pip
    reading = read_saved("random-11005-1-grained.png", "random-11005-1-grained-calibration.json")
    assert [d.value for d in reading.dice] == [1]
    assert math.dist(reading.dice[0].center, (23.6, 40.3)) < 3.0
    assert not reading.unreadable


def face_with_pip(mark_level: float) -> tuple[np.ndarray, np.ndarray, PipBlob]:
    """A pale face with a pip 6 px wide at (40, 40) and a mark 5 px wide 12 px right of it."""
    dark = np.full((80, 80), 200, np.uint8)
    cv2.circle(dark, (40, 40), 3, 60, -1)
    cv2.circle(dark, (52, 40), 2, int(mark_level), -1)
    colour = cv2.cvtColor(dark, cv2.COLOR_GRAY2BGR)
    pip = PipBlob(40.0, 40.0, 28.0, 6.0, 6.0, 0.0, 60.0, 200.0, 195.0, 0.95)
    return dark, colour, pip


def test_grain_ends_no_ray_but_a_mark_as_dark_as_a_pip_does() -> None:
    # grain 25 levels darker than the face stops the rays of its tolerance, not these
    dark, colour, pip = face_with_pip(175.0)
    assert float(np.min(_ray_lengths(dark, colour, pip, 30.0))) < 12.0
    assert np.all(np.isinf(pip_dark_ray_lengths(dark, pip, 6.0, 30.0, 32)))
    # a mark half the pip's contrast below the face (a hidden pip) ends the ray towards it
    dark, colour, pip = face_with_pip(120.0)
    ends = pip_dark_ray_lengths(dark, pip, 6.0, 30.0, 32)
    assert 9.0 <= float(ends[0]) <= 11.0
    assert np.isinf(ends[16])
    assert float(np.min(ends)) < LONE_EDGE_SHARE * 31.0


def test_a_black_1_with_a_dark_notch_by_its_pip_is_read() -> None:
    # a black die 25 px wide with a white pip, on purple felt as bright as it in the light-pip
    # plane: only its tint outlines it; a notch 20 levels darker than the face beside the pip
    # has a tint as far from the face's as its few levels of noise over its smaller sum allow
    reading = read_saved("random-9025-1-dark-rim.png", "random-9025-1-dark-rim-calibration.json")
    assert [d.value for d in reading.dice] == [1]
    assert math.dist(reading.dice[0].center, (26.6, 28.4)) < 3.0
    assert not reading.unreadable


def test_the_tint_of_a_darker_sample_is_held_to_its_own_noise() -> None:
    colour = np.full((60, 60, 3), (47, 40, 48), np.uint8)
    cv2.circle(colour, (30, 30), 2, (180, 180, 180), -1)
    pip = PipBlob(30.0, 30.0, 12.0, 4.0, 4.0, 0.0, 75.0, 210.0, 205.0, 0.95)
    # a dark pixel pair whose tint departs 0.18 from the face's (sum 74 against 135)
    colour[30, 37:39] = (19, 26, 29)
    assert np.all(np.isinf(tint_ray_lengths(colour, pip, 5.0, 25.0, 32)))
    # a sample as bright as the face, as far from its tint, is another face
    colour[30, 37:39] = (35, 47, 53)
    assert 6.5 <= float(tint_ray_lengths(colour, pip, 5.0, 25.0, 32)[0]) <= 8.5


def test_black_samples_end_no_tint_ray_and_warn_of_nothing() -> None:
    # a black stripe (sum 0) across the rays: too dark for a tint, it ends nothing, and its tint
    # limit is no division by zero
    _dark, colour, pip = face_with_pip(200.0)
    colour[:, 47:50] = 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lengths = tint_ray_lengths(colour, pip, 5.0, 25.0, 32)
    assert np.isinf(lengths[0])


def test_a_red_1_whose_face_fades_into_the_felt_is_read_on_its_square() -> None:
    # a red die 28 px wide with a white pip on red-brown felt: its colour departs from the face's
    # over a blurred edge (no step within two pixels, no change of tint past the tolerance), and
    # its side face, with a pip, carries the rays on its lower left past the die's square
    reading = read_saved(
        "random-10005-1-faded-edge-part.png", "random-10005-1-faded-edge-part-calibration.json"
    )
    assert sorted(d.value for d in reading.dice) == [1, 3]
    assert any(d.value == 1 and math.dist(d.center, (96.2, 94.9)) < 3.0 for d in reading.dice)
    assert not reading.unreadable


def test_a_grey_1_whose_face_is_flecked_by_its_pip_is_read() -> None:
    # a flat grey 1 of a white pip 5.5 px wide on a die 26 px wide, on red felt beside another 1:
    # a fleck of the face two pixels wide ends two neighbouring tint rays 7 px from the pip, and
    # the shade of its rounded edge the rays of its tolerance at 8 px; it was not reported at all
    reading = read_saved("random-43051-1-grained-frame-part.png", "random-43051-part-calibration.json")
    assert sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice) == [
        (1, 146, 110), (1, 180, 105)
    ]
    # the leaning 1 of the scene is still refused
    assert [(u.reason, round(u.center[0]), round(u.center[1])) for u in reading.unreadable] == [
        ("cocked", 129, 19)
    ]


def test_one_speck_may_end_two_neighbouring_rays_near_a_lone_pip() -> None:
    ends = np.full(32, 14.0)
    ends[[13, 14]] = 8.0
    assert _bare_round(ends, 9.4, clear=True)
    assert not _bare_round(ends, 9.4, clear=False)  # a mark as dark as a pip within a side
    ends[[31, 0]] = 8.0  # two specks: an edge, or a hidden pip's outline
    assert not _bare_round(ends, 9.4, clear=True)
    ends[[13, 14]] = 14.0  # the last ray neighbours the first
    assert _bare_round(ends, 9.4, clear=True)
    ends[[0, 16]] = (14.0, 8.0)  # two rays apart: two specks
    assert not _bare_round(ends, 9.4, clear=True)
