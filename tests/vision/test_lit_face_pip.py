"""A round pip on a face lit brighter than the top face, past a die by the wall, is a second face's."""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.saved_rests import assert_read_as_recorded
from vision.faces import Face
from vision.lean import dash_past_top_face

DIE = 28.0
CENTRE = (60.0, 70.0)


def _one_in_shade(strip_level: int, mark_level: int) -> tuple[Face, np.ndarray]:
    """A 1 whose top face is in shade (116), a band of face past its outer edge (up) and a round mark
    3 px wide on it (0.13 of a side as the band samples it, too thick for a speck), 0.25 of a side
    past the top face."""
    plane = np.full((120, 120), 40, np.uint8)  # the felt
    plane[56:84, 46:74] = 116  # the top face, 28 px square, turned from the light
    cv2.circle(plane, (60, 70), 3, 30, -1)
    plane[47:56, 46:74] = strip_level  # the face turned up from the wall
    plane[49:52, 58:61] = mark_level
    return Face(1, CENTRE, DIE, 0.9, None, 1, 0.95, "", None), plane


def test_a_round_pip_on_a_face_lit_brighter_than_the_top_face_is_a_second_face() -> None:
    face, plane = _one_in_shade(190, 90)
    assert dash_past_top_face(face, plane, (0.0, -1.0), DIE, by_wall=True)


def test_a_round_mark_on_a_face_lit_as_the_top_face_is_no_dash() -> None:
    # felt or a flat neighbour's face lit as every top face is: a round mark as thick is grain or a pip
    face, plane = _one_in_shade(116, 30)
    assert not dash_past_top_face(face, plane, (0.0, -1.0), DIE, by_wall=True)


def test_a_faint_round_speck_on_a_bright_face_is_grain() -> None:
    # standing out by 40 grey levels, as felt grain does, not by a printed pip's 60 and more
    face, plane = _one_in_shade(190, 150)
    assert not dash_past_top_face(face, plane, (0.0, -1.0), DIE, by_wall=True)


def test_a_leaning_white_one_in_shade_by_the_wall_is_refused() -> None:
    # a white 1 leaning 34° on the far wall, its top face turned from the light (116) and the face it
    # turns up lit to 190, a red pip on it 3.5 px wide; a 1, a 2 and a 3 lie flat beside it (a strip
    # of the frame round the picture's centre column, its calibration moved with it)
    assert_read_as_recorded("leaning-in-shade-lit-second-face-white-one")
