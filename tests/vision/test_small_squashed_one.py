"""A flat 1 of a pip a few pixels wide that its outline measures squashed is read on its square face.

An ivory 1 of a red pip 3 px wide on a die 22.1 px wide, dark green felt (scene random-54031 of the
saved set from 54000): the threshold outlined its pip 4.1 by 2.2 px (0.54, under ROUND_MIN), so it
was no round blob, never tried as a lone pip, and the die went unseen (no value, no refusal). The
crops are in tests/data/sim-rests (see its README).
"""

from __future__ import annotations

import math

import cv2

from tests.vision.saved_rests import SIM_RESTS, placed, read_part
from vision.faces import ROUND_MIN, Face
from vision.pips import PipSearch, find_pip_blobs
from vision.pipshape import ROUND_WITHIN_PX
from vision.planes import every_plane
from vision.profile import load_profile
from vision.reader import PIP_PER_SIDE, SMALLEST_PIP_PER_SIDE, _window_for
from vision.smallones import read_small_ones, small_round_marks

PART = "random-54031-flat-1-small-red-pip-frame-part"
FRAME = "random-54031-flat-1-small-red-pip-by-leaning-1-frame"


def test_the_small_red_pip_measures_squashed_but_round_within_a_pixel_each_side() -> None:
    image = cv2.imread(str(SIM_RESTS / f"{PART}.png"), cv2.IMREAD_COLOR)
    die = load_profile(SIM_RESTS / f"{PART}-calibration.json").die_size_px
    assert die is not None
    dark, _, _ = every_plane(image)
    search = PipSearch(
        block=_window_for(PIP_PER_SIDE * die), long_tails=True,
        min_pixels=math.pi / 4.0 * (SMALLEST_PIP_PER_SIDE * die) ** 2,
    )
    pip = next(b for b in find_pip_blobs(dark, search) if math.dist((b.x, b.y), (144.2, 123.0)) < 2.0)
    assert pip.roundness < ROUND_MIN and pip.major - pip.minor <= ROUND_WITHIN_PX
    assert small_round_marks([pip]) == [pip]
    # a face already made on its die (read, refused or dropped) leaves it unread: a 1 read there
    # would override that die's refusal
    there = Face(None, (150.0, 125.0), die, 0.0, "cocked", 2, 0.5)
    assert read_small_ones([pip], [there], dark, image, [], die, 120.0) == []


def test_a_flat_one_of_a_small_red_pip_outlined_squashed_is_read() -> None:
    # before: only the other flat 1, at (193, 186)
    assert placed(read_part(PART)) == ([(1, 144, 123), (1, 193, 186)], [])


def test_the_same_one_is_read_beside_a_leaning_one_still_refused() -> None:
    # the whole frame: a flat 2 and 5 read, a 1 leaning beside the small-pipped 1 refused `cocked`
    assert placed(read_part(FRAME)) == (
        [(1, 304, 123), (2, 248, 164), (5, 411, 112)], [("cocked", 332, 104)]
    )
