"""A dark die by the wall that shows, where a flat die there shows its side face turned to the
point below the lens, something lit far brighter than its top face (`innerface.inner_face_overlit`).

A side face takes at most cot(elevation) of the light its top face takes from a lamp above the
tray, and mirrors none of it to a lens above. A black die leaning on the wall further than the view
angle there hides that face: past its inner edge lies the light felt, four times and more as bright
as the die.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.saved_rests import assert_read_as_recorded
from vision.faces import Face
from vision.innerface import inner_face_overlit

DIE = 28.0
NADIR = (100.0, 300.0)
FOCAL = 800.0  # the die 200 px from the nadir: a side face 0.25 of a side wide
BY_WALL = np.array([[0, 90], [200, 90], [200, 400], [0, 400]], np.float32)
AWAY = np.array([[0, 0], [200, 0], [200, 400], [0, 400]], np.float32)


def black_one(side_face_level: int | None) -> tuple[Face, np.ndarray]:
    """A black 1 of a white pip on beige felt, its top face centred at (100, 100); with a level,
    its side face turned to the nadir shows past its inner edge at that level."""
    image = np.full((400, 200, 3), 150, np.uint8)
    cv2.rectangle(image, (86, 86), (113, 113), (20, 20, 20), -1)
    if side_face_level is not None:
        cv2.rectangle(image, (86, 114), (113, 120), (side_face_level,) * 3, -1)
    cv2.circle(image, (100, 100), 4, (230, 230, 230), -1)
    return Face(1, (100.0, 100.0), DIE, 0.9, None, 1, 0.95), cv2.GaussianBlur(image, (3, 3), 0)


@pytest.mark.parametrize(("side_face_level", "overlit"), [(None, True), (15, False), (50, False)])
def test_a_dark_die_by_the_wall_with_felt_where_its_side_face_must_show(
    side_face_level: int | None, overlit: bool
) -> None:
    face, image = black_one(side_face_level)
    assert inner_face_overlit(face, image, NADIR, FOCAL, DIE, BY_WALL, []) is overlit


def test_only_by_the_wall_clear_of_other_dice_and_where_the_side_face_shows() -> None:
    face, image = black_one(None)
    assert not inner_face_overlit(face, image, NADIR, FOCAL, DIE, AWAY, [])  # nothing to lean on
    # a die touching it on the inner side may lie over the band with its top face
    assert not inner_face_overlit(face, image, NADIR, FOCAL, DIE, BY_WALL, [(100.0, 130.0)])
    # the nadir 100 px away with this lens: a side face 0.125 of a side, blurred into the edges
    assert not inner_face_overlit(face, image, (100.0, 200.0), FOCAL, DIE, BY_WALL, [])


def test_a_black_2_leaning_40_degrees_on_the_wall_is_refused() -> None:
    # a black 2 of white pips leaning 40.6° on the wall by beige felt (simulated, seed 21037, the rest
    # of the frame blacked out), 20° off the lens's axis: its turned-up face's pips too faint and
    # crowded for the dash checks, and past its inner edge the felt at 5.9 times its top face's level
    assert_read_as_recorded("leaning-black-two-felt-for-inner-face")
