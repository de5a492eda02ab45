"""Faces the pip search hands only some of their pips, read whole all the same.

The crops are in tests/data/sim-rests (see its README), read with their scene's calibration.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import cv2
import pytest

from tests.vision.drawing import DrawnDie, blank_tray, draw_die
from tests.vision.saved_rests import read_saved
from vision.completion import marks_completing, read_short_of_pips
from vision.faces import ROUND_MIN, Face, PipBlob, read_group
from vision.fallbacks import read_top_of
from vision.layout import LayoutFit
from vision.pips import PipSearch, find_pip_blobs
from vision.planes import every_plane
from vision.profile import CalibrationProfile
from vision.reader import PIP_PER_SIDE, DiceReader, _window_for
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
    reading = read_saved("red-dice-10008-6-frame-part.png", "red-dice-calibration.json")
    six = [d for d in reading.dice if math.dist(d.center, (179.0, 90.6)) <= 6.0]
    assert [d.value for d in six] == [6]
    assert reading.unreadable == ()


def test_a_5_short_of_a_corner_and_of_its_centre_pip_s_group_is_read() -> None:
    # a red 5 of white pips 24 px wide (the top right of a 640x480 frame, with its scene's
    # calibration moved to the part): its top right pip runs into the darker top of the face
    # in the threshold and is lost, its centre pip's ring is lit unlike its corners', so three
    # corners were grouped alone; the lost places are as dark as pips
    reading = read_saved("random-9011-5-frame-part.png", "random-9011-part-calibration.json")
    near = [d for d in reading.dice if math.dist(d.center, (137.3, 90.0)) <= 6.0]
    assert [d.value for d in near] == [5]
    assert not any(math.dist(u.center, (137.3, 90.0)) <= 12.0 for u in reading.unreadable)


def test_a_pip_left_unread_beside_a_leaning_die_is_that_die_s() -> None:
    leaning = Face(None, (100.0, 100.0), 24.0, 0.0, "cocked", 6, 0.9, "second face seen")
    lone = Face(None, (101.0, 90.0), 0.0, 0.0, None, 1, 0.0)  # no 1, no part of a face
    elsewhere = Face(None, (160.0, 100.0), 0.0, 0.0, None, 1, 0.0)
    kept = one_refusal_per_leaning_die([leaning, lone, elsewhere], [leaning], 24.0)
    assert kept == [leaning, elsewhere]


@pytest.mark.parametrize("value", [4, 5])
def test_three_corners_are_read_as_the_face_the_image_shows_at_the_lost_places(value: int) -> None:
    # three corners of a square are a 4 short of a corner or a 5 short of a corner and its
    # centre: only the image at the lost places tells which
    image = blank_tray(160, 160)
    draw_die(image, DrawnDie(value, (80.0, 80.0), size=30.0, angle_deg=10.0))
    dark, _, colour = every_plane(image)
    blobs = find_pip_blobs(dark, PipSearch(block=_window_for(PIP_PER_SIDE * 30.0)))
    pips = [b for b in blobs if math.dist((b.x, b.y), (80.0, 80.0)) > 3.0]
    assert len(pips) == 4
    three = pips[:3]

    def read(partial: tuple[LayoutFit, list[tuple[float, float]]]) -> Face:
        return read_group(dark, colour, [0, 1, 2], three, blobs, short_of=partial)

    face = read_short_of_pips(dark, three, 30.0, read)
    assert face is not None and face.value == value
    assert math.dist(face.center, (80.0, 80.0)) <= 1.5
    # a die of another size: no grid of its step fits
    assert read_short_of_pips(dark, three, 60.0, read) is None
