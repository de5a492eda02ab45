"""A leaning 1's pip and a pip of the face it turns up are no 2, even where the die's edges are faint.

The crop is in tests/data/sim-rests (see its README), read whole with its scene's die size.
"""

from __future__ import annotations

from pathlib import Path

import cv2

from vision.profile import CalibrationProfile
from vision.reader import DiceReader

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"
CROP = "white-felt-42014-leaning-1-turned-up-2.png"


def test_an_ivory_one_leaning_on_white_felt_is_refused_not_read_as_its_turned_up_two() -> None:
    # its round pip and a dash of the 2 above it lie 30° off the diagonal; the edges round them,
    # ivory against white felt and a wall along the picture, agree 0.33 only: it was read as a 2
    image = cv2.imread(str(DATA / CROP), cv2.IMREAD_COLOR)
    profile = CalibrationProfile(die_size_px=28.0, pip_polarity="dark", top_down=True)
    reading = DiceReader(profile).read(image)
    assert reading.dice == ()
    assert [u.reason for u in reading.unreadable] == ["cocked"]

