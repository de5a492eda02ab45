"""A light die leaning on a dark wall hides the wall past its top face's edge with its turned-up face.

Seen from straight above, a flat die by the wall hides the wall behind its top face alone; a die
tipped towards the middle turns up the face that was against the wall, and that face hides the
wall past the top face's edge and the felt's edge, however pale the felt beside it.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import turnedup
from vision.faces import Face
from vision.layout import fit_layout
from vision.profile import load_profile
from vision.reader import DiceReader
from vision.turnedup import HIDDEN_BAND, hides_wall, wall_hidden

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def _read(name: str) -> tuple[np.ndarray, DiceReader]:
    image = cv2.imread(str(DATA / f"{name}.png"), cv2.IMREAD_COLOR)
    return image, DiceReader(load_profile(DATA / f"{name}-calibration.json"), crop_to_tray=False)


def test_a_leaning_ivory_5_on_pale_felt_by_a_dark_wall_is_refused() -> None:
    # an ivory 5 leaning 34° on a purple wall over grey-green felt as bright as its side faces
    image, reader = _read("random-21067-leaning-5-part")
    reading = reader.read(image)
    assert reading.dice == ()
    assert [(u.reason, round(u.center[0]), round(u.center[1])) for u in reading.unreadable] == [
        ("cocked", 65, 66)
    ]


def test_a_leaning_white_3_on_pale_felt_is_refused_and_its_flat_neighbours_read() -> None:
    # a white 3 leaning 24° on a grey wall over pale cyan felt; a flat 5 and a flat 2 beside it
    image, reader = _read("random-28007-leaning-3-part")
    reading = reader.read(image)
    assert sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice) == [
        (2, 103, 94), (5, 32, 78)
    ]
    assert [(u.reason, round(u.center[0]), round(u.center[1])) for u in reading.unreadable] == [
        ("cocked", 64, 44)
    ]


def test_a_flat_ivory_6_touching_the_wall_hides_none_of_it_and_is_read() -> None:
    image, reader = _read("random-21067-flat-6-part")
    reading = reader.read(image)
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice] == [(6, 64, 64)]
    assert reading.unreadable == ()


def _tray(face_row: int, band: int) -> tuple[np.ndarray, Face, np.ndarray]:
    """A light 4 by a dark wall (rows above 40), its top face's edge on the foot; `band` rows of
    die colour past it over the wall."""
    colour = np.full((200, 200, 3), 170, np.uint8)  # pale felt
    colour[:40] = (60, 30, 40)  # the wall
    side = 28
    top = face_row - side // 2
    colour[top:top + side, 86:86 + side] = 200
    colour[top - band:top, 86:86 + side] = 150  # the turned-up face, shaded as the felt
    pips = np.array([(100 + dx, face_row + dy) for dx in (-7.0, 7.0) for dy in (-7.0, 7.0)])
    for x, y in pips:
        cv2.circle(colour, (round(x), round(y)), 2, (40, 40, 40), -1)
    fit = fit_layout(pips)
    assert fit is not None
    face = Face(4, fit.center, 28.0, 1.0, None, 4, 1.0, fit=fit)
    outline = np.array([(0.0, 40.0), (200.0, 40.0), (200.0, 200.0), (0.0, 200.0)], np.float32)
    return colour, face, outline


def test_a_band_of_die_past_the_top_face_over_the_wall_is_a_turned_up_face() -> None:
    colour, face, outline = _tray(54, 0)
    assert wall_hidden(face, colour, outline, 28.0) == 0.0
    assert not hides_wall(face, colour, outline, 28.0)
    colour, face, outline = _tray(54, 5)  # a face turned up 0.18 of a side past the foot
    hidden = wall_hidden(face, colour, outline, 28.0)
    assert hidden is not None and hidden > HIDDEN_BAND
    assert hides_wall(face, colour, outline, 28.0)
    # a die as dark as the wall tells nothing; and a die away from the wall is not looked at
    dark = colour.copy()
    dark[dark == 200] = 70
    assert wall_hidden(face, dark, outline, 28.0) is None
    colour, face, outline = _tray(120, 5)
    assert not hides_wall(face, colour, outline, 28.0)


def test_a_felt_gap_before_the_wall_is_not_hidden_wall() -> None:
    # a flat die 0.2 of a side short of the wall: the felt between is the felt's, and the wall
    # starts at its foot
    colour, face, outline = _tray(60, 0)
    assert wall_hidden(face, colour, outline, 28.0) == 0.0
    assert not hides_wall(face, colour, outline, 28.0)


def test_a_leaning_grey_6_by_a_wall_near_the_picture_border_is_refused() -> None:
    # a grey 6 on grey-green felt leaning 26.8° on a dark red wall at the top of the picture: the rays
    # across its turned-up face run past the picture's border beyond the wall, and are cut there
    image, reader = _read("random-16019-leaning-6-border-part")
    reading = reader.read(image)
    assert sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice) == [
        (2, 148, 192), (3, 15, 47), (4, 65, 223)
    ]
    assert [(u.reason, round(u.center[0]), round(u.center[1])) for u in reading.unreadable] == [
        ("cocked", 44, 37)
    ]


def test_a_flat_die_by_a_wall_near_the_picture_border_hides_none_of_it_and_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a flat 3 by the wall at the top of the picture, the rays cut at its border: measured, it hides
    # none of the wall
    measured: list[tuple[int | None, float | None]] = []

    def recorded(
        face: Face, colour: np.ndarray, outline: np.ndarray, die_size: float, turn: float | None = None
    ) -> float | None:
        measured.append((face.value, wall_hidden(face, colour, outline, die_size, turn)))
        return measured[-1][1]

    monkeypatch.setattr(turnedup, "wall_hidden", recorded)
    image, reader = _read("random-16027-flat-3-border-part")
    reading = reader.read(image)
    assert sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice) == [
        (1, 34, 90), (3, 66, 24)
    ]
    assert reading.unreadable == ()
    assert measured == [(3, 0.0)]
