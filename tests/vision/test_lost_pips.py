"""Faces the pip search hands only some of their pips, read whole all the same.

The crops are in tests/data/sim-rests (see its README), read with their scene's calibration.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import cv2
import pytest

from vision.completion import marks_completing
from vision.faces import ROUND_MIN, Face, PipBlob
from vision.fallbacks import read_top_of
from vision.profile import CalibrationProfile, load_profile
from vision.reader import DiceReader
from vision.verdicts import one_refusal_per_leaning_die

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def blob(x: float, y: float, diameter: float, contrast: float = 160.0) -> PipBlob:
    area = math.pi / 4 * diameter**2
    return PipBlob(x, y, area, diameter, diameter, 0.0, 200.0 - contrast, 200.0, 190.0, 0.95)


@pytest.mark.parametrize(
    ("name", "die_size", "polarity", "value", "centre"),
    [
        # a 5 turned 45°, its corner pip by the die's edge measured 4.0 by 2.1 (roundness 0.54)
        ("random-10041-5-squashed-corner.png", 23.5, "dark", 5, (32.0, 32.3)),
        # a 3 grouped with a faint speck by its die's edge, a third as contrasted as its pips
        ("random-9053-3-faint-speck.png", 22.2, "light", 3, (31.7, 31.7)),
    ],
)
def test_a_face_short_of_a_pip_or_with_a_faint_speck_is_read(
    name: str, die_size: float, polarity: str, value: int, centre: tuple[float, float]
) -> None:
    image = cv2.imread(str(DATA / name), cv2.IMREAD_COLOR)
    profile = CalibrationProfile(die_size_px=die_size, pip_polarity=polarity, top_down=True)
    reading = DiceReader(profile).read(image)
    assert [d.value for d in reading.dice] == [value]
    assert math.dist(reading.dice[0].center, centre) <= 6.0
    assert reading.unreadable == ()


FIVE = ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1))


def test_a_pip_round_within_a_pixel_completes_a_group_that_fits_no_layout() -> None:
    centre_and_corners = [blob(50 + 6 * u, 50 + 6 * v, 3.2) for u, v in FIVE[1:]]
    corner = replace(blob(44, 44, 3.0), major=4.0, minor=2.1)  # 3 px wide, measured 4 by 2
    assert corner.roundness < ROUND_MIN
    assert marks_completing(centre_and_corners, [*centre_and_corners, corner]) == [corner]
    # squashed beyond a pixel each side: a side face's dash, not a pip of this face
    dash = replace(blob(44, 44, 3.0), major=5.0, minor=1.8)
    assert marks_completing(centre_and_corners, [*centre_and_corners, dash]) == []
    # a speck of pip shape but half as contrasted is no pip of the face
    faint = replace(blob(44, 44, 3.0, contrast=60.0), major=4.0, minor=2.1)
    assert marks_completing(centre_and_corners, [*centre_and_corners, faint]) == []


def test_two_ways_to_complete_a_group_take_nothing() -> None:
    # three corners of a square: the fourth corner makes a 4, the centre and the fourth a 5;
    # with a squashed pip at the fourth corner and one at the centre, either could be the face
    corners = [blob(50 + 6 * u, 50 + 6 * v, 3.2) for u, v in ((1, -1), (-1, 1), (1, 1))]
    fourth = replace(blob(44, 44, 3.0), major=4.0, minor=2.1)
    middle = replace(blob(50, 50, 3.0), major=4.0, minor=2.1)
    assert marks_completing(corners, [*corners, fourth]) == [fourth]
    assert marks_completing(corners, [*corners, fourth, middle]) == []


def test_the_top_of_a_group_is_looked_for_among_its_pips_that_stand_out_alike() -> None:
    # five strong pips and three faint specks: only the part of the five strong reads
    strong = [blob(50 + 6 * u, 50 + 6 * v, 4.5) for u, v in FIVE]
    faint = [blob(36, 44 + 5 * k, 3.0, contrast=50.0) for k in range(3)]
    group = list(range(8))
    tried: list[list[int]] = []

    def read_part(part: list[int]) -> Face | None:
        tried.append(sorted(part))
        value = 5 if sorted(part) == [0, 1, 2, 3, 4] else None
        return Face(value, (50.0, 50.0), 23.0, 0.9 if value else 0.0, None, len(part), 1.0)

    refusal = Face(None, (48.0, 50.0), 0.0, 0.0, "not_pips", 8, 1.0)
    face = read_top_of(group, refusal, [*strong, *faint], read_part)
    assert [0, 1, 2, 3, 4] in tried
    assert face.value == 5


def test_a_column_of_a_6_read_as_a_3_is_joined_with_the_pips_beside_it() -> None:
    # a red 6 24 px wide (the top left of a 640x480 frame, with its scene's calibration): the
    # face is lit unevenly, so each column of three white pips was grouped alone; one read as a
    # 3 on a grid too small for the die, the other short of a pip, and the die was refused
    image = cv2.imread(str(DATA / "red-dice-10008-6-frame-part.png"), cv2.IMREAD_COLOR)
    profile = load_profile(DATA / "red-dice-calibration.json")
    reading = DiceReader(profile, crop_to_tray=False).read(image)
    six = [d for d in reading.dice if math.dist(d.center, (179.0, 90.6)) <= 6.0]
    assert [d.value for d in six] == [6]
    assert reading.unreadable == ()


def test_a_pip_left_unread_beside_a_leaning_die_is_that_die_s() -> None:
    leaning = Face(None, (100.0, 100.0), 24.0, 0.0, "cocked", 6, 0.9, "second face seen")
    lone = Face(None, (101.0, 90.0), 0.0, 0.0, None, 1, 0.0)  # no 1, no part of a face
    elsewhere = Face(None, (160.0, 100.0), 0.0, 0.0, None, 1, 0.0)
    kept = one_refusal_per_leaning_die([leaning, lone, elsewhere], [leaning], 24.0)
    assert kept == [leaning, elsewhere]
