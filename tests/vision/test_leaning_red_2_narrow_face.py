"""A red 2 of white pips leaning 26° on the green wall over dark red felt turns up the face that
was towards the wall, a band a few pixels wide before the wall: the rows round the dash of a pip on
it, 3 px past the top face's edge, blend the face's red with the wall's green (0.31 off the top
face's tint, where the wall check wants 0.1 at most). Those rows are the top face's colour blurred
with the wall's round a light mark (`vision/wallblend.py`), so the 2 is refused `cocked` (RULINGS:
a cocked die is not read, it is thrown again).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

import numpy as np
import pytest

from tests.vision.saved_rests import near, placed, read_part

NAME = "random-100023-leaning-red-2-narrow-face-frame"
CENTRE = (440.0, 80.0)


def test_the_leaning_red_2_is_refused_cocked() -> None:
    read, refused = near(NAME, CENTRE)
    assert read == [] and refused == ["cocked"]


def test_the_flat_dice_there_are_read() -> None:
    dice = placed(read_part(NAME))[0]
    assert [d for d in dice if d[1:] != (440, 81)] == [(1, 209, 140), (1, 235, 225), (5, 275, 297)]


def test_the_blend_is_face_round_a_light_mark_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Patched off, the 2 is read again; and the same blend round a mark darker than its rows (the
    shade of a flat die's rim) is no face."""
    from vision import lean, wallblend

    monkeypatch.setattr(lean, "face_blurred_with_past", lambda *args, **kwargs: False)
    assert near(NAME, CENTRE)[0] == [2]
    monkeypatch.undo()
    image = np.zeros((40, 40, 3), np.uint8)
    image[:, :] = (40, 61, 34)  # the wall past the dash
    image[:, :20] = (46, 54, 131)  # rows of the face blurred with it
    top = np.array([35.5, 30.0, 172.0])
    shade = np.array([46.0, 54.0, 131.0])
    xs, ys = np.array([15.0, 16.0]), np.array([20.0, 20.0])
    image[20, 15:17] = (200, 200, 220)  # a white pip's dash
    assert wallblend.face_blurred_with_past(shade, top, image, (xs, ys), (5.0, 20.0), 22.7, 0.1)
    image[20, 15:17] = (20, 20, 60)  # a rim's shade
    assert not wallblend.face_blurred_with_past(shade, top, image, (xs, ys), (5.0, 20.0), 22.7, 0.1)
