"""A die by the wall that shows no lit side face where a flat die there shows the one turned to
the point below the lens (`innerface.inner_face_unlit`).

Seen from straight above, a flat die r px from that point shows its side face turned to it as a
band r/f of a side wide past its top face's inner edge, lit as its top face is, less its turn from
the light. A die leaning on the wall further than the view angle there hides that face: past its
inner edge lies the felt, or the die's shadow on it.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.saved_rests import assert_read_as_recorded
from vision.faces import Face
from vision.innerface import inner_face_unlit

DIE = 28.0
NADIR = (100.0, 300.0)
FOCAL = 800.0  # the die 200 px from the nadir: a side face 0.25 of a side wide
BY_WALL = np.array([[0, 90], [200, 90], [200, 400], [0, 400]], np.float32)
AWAY = np.array([[0, 0], [200, 0], [200, 400], [0, 400]], np.float32)


def light_one(side_face_level: int | None) -> tuple[Face, np.ndarray]:
    """A light 1 on dark felt (the dark-pip plane), its top face centred at (100, 100); with a
    level, its side face turned to the nadir shows past its inner edge at that level."""
    plane = np.full((400, 200), 30, np.uint8)
    cv2.rectangle(plane, (86, 86), (113, 113), 220, -1)
    if side_face_level is not None:
        cv2.rectangle(plane, (86, 114), (113, 120), side_face_level, -1)
    cv2.circle(plane, (100, 100), 4, 40, -1)
    plane = cv2.GaussianBlur(plane, (3, 3), 0)
    return Face(1, (100.0, 100.0), DIE, 0.9, None, 1, 0.95), plane


@pytest.mark.parametrize(("side_face_level", "unlit"), [(None, True), (25, True), (60, False), (140, False)])
def test_a_die_by_the_wall_without_a_lit_side_face_towards_the_nadir(
    side_face_level: int | None, unlit: bool
) -> None:
    face, plane = light_one(side_face_level)
    assert inner_face_unlit(face, plane, NADIR, FOCAL, DIE, BY_WALL) is unlit


def test_only_by_the_wall_and_where_the_side_face_is_wide_enough_to_see() -> None:
    face, plane = light_one(None)
    assert not inner_face_unlit(face, plane, NADIR, FOCAL, DIE, AWAY)  # nothing to lean on
    # the nadir 100 px away with this lens: a side face 0.125 of a side, blurred into the edges
    assert not inner_face_unlit(face, plane, (100.0, 200.0), FOCAL, DIE, BY_WALL)


def test_a_white_6_leaning_on_the_far_wall_over_dark_felt_is_refused() -> None:
    # a white 6 of blue pips leaning 26° on the far wall of a tray of dark teal felt (simulated, seed
    # 20035), 21° off the lens's axis: square, no dash or band past its outer edge that the other
    # checks take for a second face, and past its inner edge only the felt, at 0.09 of its level
    assert_read_as_recorded("leaning-unlit-inner-face-white-six")
