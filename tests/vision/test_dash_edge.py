"""A second face's dashes lie past the top face's edge, not on its rim."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.vision.saved_rests import assert_read_as_recorded
from vision.faces import Face
from vision.layout import LAYOUTS, fit_layout
from vision.lean import dash_past_top_face

DATA = Path(__file__).resolve().parents[1] / "data" / "lean"
DIE = 28.0


def _drawn_six_by_wall(dash_past_edge: float) -> tuple[Face, np.ndarray]:
    """A flat 6, 28 px wide, its outer edge up, and a dash 4 px long, 1.5 thick, past that edge."""
    plane = np.full((120, 120), 60, np.uint8)  # the felt
    centre = (60.0, 70.0)
    half = DIE / 2
    cv2.rectangle(plane, (46, 56), (73, 83), 200, -1)  # the top face, 28 px square
    spacing = DIE / 3.8
    cells = [(float(u), float(v)) for u, v in LAYOUTS[6]]
    points = np.array([(centre[0] + spacing * u, centre[1] + spacing * v) for u, v in cells])
    for x, y in points:
        cv2.circle(plane, (round(x), round(y)), 2, 40, -1)
    # the second face turned up from the wall: a band of face as bright as a side face, and a dash
    # on it running along the edge
    top = round(centre[1] - half)
    cv2.rectangle(plane, (46, top - 9), (73, top - 1), 150, -1)
    far = centre[1] - half - dash_past_edge
    cv2.rectangle(plane, (58, round(far)), (61, round(far + 1)), 60, -1)
    fit = fit_layout(points)
    assert fit is not None
    return Face(6, centre, DIE, 0.9, None, 6, 0.95, "", fit), plane


def test_a_dash_clear_of_the_top_edge_is_a_second_face() -> None:
    face, plane = _drawn_six_by_wall(5.0)
    assert dash_past_top_face(face, plane, (0.0, -1.0), DIE, by_wall=True)


def test_a_dash_on_the_top_face_rim_is_no_second_face() -> None:
    # it ends within the edge's blur of the top face's square: the rim's own shade
    face, plane = _drawn_six_by_wall(1.0)
    assert not dash_past_top_face(face, plane, (0.0, -1.0), DIE, by_wall=True)


@pytest.mark.parametrize(
    "name",
    [
        # an ivory 6 touching the wall's dark foot, its edge turned 20° to it: the rows across the
        # edge are part die, part wall, and the wall's part is dark against its row; a white 6
        # leans on the wall beside it
        "flat-by-wall-rim-on-wall-foot-white-six",
        # an ivory 5 turned 54°, its corner on the wall's dark foot; a white 3 leans beside it
        "flat-by-wall-corner-on-wall-foot-white-five",
        # an ivory 6 with a read 1 on its outer side, off to the side: the shade of its own rim
        # on grey-blue felt, of the face's tint within the tolerance
        "flat-rim-shade-beside-a-die-ivory-six",
        # a red 2 by the wall beside a leaning red 4: a speck of its rim against the wall
        "flat-by-wall-rim-speck-red-two",
        # ivory dice on white felt touching the wall's dark grey foot, turned to it (a 5) or square
        # to it (a 1): the foot between the die's edge and the felt is a dark stroke in its row, but
        # of the wall's colour as it runs on beside the die (crops round the frame's centre)
        "flat-by-wall-on-grey-foot-ivory-five",
        "flat-by-wall-on-grey-foot-ivory-one",
    ],
)
def test_the_rim_of_a_flat_die_is_no_second_face(name: str) -> None:
    assert_read_as_recorded(name)


def test_a_thick_dash_twice_as_long_as_thick_on_a_second_face_by_the_wall_counts() -> None:
    # 4 px thick (0.14 of the side) past the edge: a pip foreshortened and blurred, not a speck
    face, plane = _drawn_six_by_wall(5.0)
    top = round(face.center[1] - DIE / 2)
    cv2.rectangle(plane, (46, top - 9), (73, top - 1), 150, -1)
    cv2.rectangle(plane, (55, top - 8), (63, top - 5), 60, -1)
    assert dash_past_top_face(face, plane, (0.0, -1.0), DIE, by_wall=True)


def test_a_thick_speck_as_long_as_thick_past_a_die_by_the_wall_is_no_dash() -> None:
    # felt grain as thick (0.14 of the side), and no longer than 1.5 times its thickness
    face, plane = _drawn_six_by_wall(5.0)
    top = round(face.center[1] - DIE / 2)
    cv2.rectangle(plane, (46, top - 9), (73, top - 1), 150, -1)
    cv2.rectangle(plane, (57, top - 8), (62, top - 5), 60, -1)
    assert not dash_past_top_face(face, plane, (0.0, -1.0), DIE, by_wall=True)


def test_a_leaning_die_s_dashes_on_a_narrow_dark_second_face_by_the_wall_are_seen() -> None:
    # an ivory 4 leaning 27° on the green wall of a pink tray: its turned-up face, shaded to 0.3 of
    # the top face, is a narrow band whose rows past the dashes are already the wall
    assert_read_as_recorded("leaning-dark-band-dashes-ivory-four")
