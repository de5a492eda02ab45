"""Two touching dice grouped together are cut apart; one face is never cut into two dice.

The crops are in tests/data/sim-rests (see its README), read whole with their scene's die size.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import cv2
import pytest

from vision.faces import Face
from vision.fallbacks import split_touching
from vision.pips import PipBlob
from vision.profile import CalibrationProfile
from vision.reader import DiceReader

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def blob(x: float, y: float, contrast: float = 150.0) -> PipBlob:
    diameter = 4.8
    area = math.pi / 4 * diameter**2
    return PipBlob(x, y, area, diameter, diameter, 0.0, 200.0 - contrast, 200.0, 190.0, 0.95)


def test_touching_dice_grouped_with_a_glint_where_they_meet_are_both_read() -> None:
    image = cv2.imread(str(DATA / "dark-dice-14020-6-touching-glint.png"), cv2.IMREAD_COLOR)
    profile = CalibrationProfile(die_size_px=26.0, pip_polarity="light", top_down=True)
    reading = DiceReader(profile).read(image)
    assert sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice) == [
        (3, 17, 21),
        (5, 46, 40),
    ]
    assert reading.unreadable == ()


def test_a_face_with_a_faint_speck_is_not_cut_into_two_dice() -> None:
    image = cv2.imread(str(DATA / "white-felt-5054-4-faint-speck.png"), cv2.IMREAD_COLOR)
    profile = CalibrationProfile(die_size_px=28.0, pip_polarity="dark", top_down=True)
    reading = DiceReader(profile).read(image)
    assert [d.value for d in reading.dice] == [4]
    assert reading.unreadable == ()


def _reader_of(faces: dict[tuple[int, ...], Face]) -> Callable[[list[int]], Face | None]:
    return lambda part: faces.get(tuple(sorted(part)))


# a 3 (0, 1, 2) and a 2 (3, 4) a side apart, with a faint glint (5) between them
PIPS = [blob(10, 10), blob(16, 16), blob(22, 22), blob(40, 28), blob(48, 36), blob(31, 25, contrast=35.0)]
THREE = Face(3, (16.0, 16.0), 26.0, 0.9, None, 3, 0.9)
TWO = Face(2, (44.0, 32.0), 26.0, 0.9, None, 2, 0.9)


def test_a_faint_glint_off_both_faces_is_left_out_of_the_cut() -> None:
    read = _reader_of({(0, 1, 2): THREE, (3, 4): TWO})
    assert split_touching(list(range(6)), PIPS, read) == [THREE, TWO]


@pytest.mark.parametrize("where", [(16.0, 16.0), (44.0, 32.0)])
def test_a_faint_mark_where_a_pip_of_a_face_could_be_keeps_the_group_unread(
    where: tuple[float, float],
) -> None:
    # on one of the faces it may be a faint pip of it: leaving it out could change the value
    pips = [*PIPS[:5], blob(where[0] + 3.0, where[1] - 3.0, contrast=35.0)]
    read = _reader_of({(0, 1, 2): THREE, (3, 4): TWO})
    assert split_touching(list(range(6)), pips, read) == []


def test_halves_nearer_than_two_touching_dice_are_no_cut() -> None:
    # both halves read, but their centres are a third of a side apart: one die, not two
    near = Face(2, (22.0, 20.0), 26.0, 0.9, None, 2, 0.9)
    read = _reader_of({(0, 1, 2): THREE, (3, 4): near})
    assert split_touching(list(range(5)), PIPS[:5], read) == []
