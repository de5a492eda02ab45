"""A die by the wall whose band past the inner edge, where a flat die shows its side face turned to the
point below the lens, is the felt beside it (`innerface.felt_past_inner_edge`).

A side face is of the die's colour, lit by its own turn from the light; felt there as bright as the
felt beside the die and of its tint, with no dash standing out over it, is the felt itself: the die
is tipped towards the middle and hides that face, even where the felt is as bright as a side face.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.saved_rests import assert_read_as_recorded
from vision.faces import Face
from vision.innerface import InnerMarks, felt_past_inner_edge, inner_face_marks
from vision.layout import fit_layout

DIE = 28.0
NADIR = (100.0, 300.0)
FOCAL = 800.0  # the die 200 px from the nadir: a side face 0.25 of a side (7 px) wide
FELT = (118, 122, 120)  # light grey felt (b, g, r)


def white_two(band: tuple[int, int, int] | None) -> tuple[Face, np.ndarray]:
    """A white die centred at (100, 100) on light grey felt; with a colour, its side face turned to
    the nadir shows past its inner edge (y 114 to 121) in that colour."""
    colour = np.empty((400, 200, 3), np.uint8)
    colour[:] = FELT
    colour[86:114, 86:114] = (140, 142, 141)
    if band is not None:
        colour[114:121, 86:114] = band
    return Face(2, (100.0, 100.0), DIE, 0.9, None, 2, 0.95), colour


@pytest.mark.parametrize(
    ("band", "felt"),
    [
        (None, True),  # the felt itself
        ((122, 124, 123), True),  # the felt, a shade lighter (the light's fall-off)
        ((80, 82, 81), False),  # the die's side face, turned from the light
        ((60, 60, 150), False),  # a red side face as bright as the felt
    ],
)
def test_the_felt_where_a_flat_die_shows_its_side_face(band: tuple[int, int, int] | None, felt: bool) -> None:
    face, colour = white_two(band)
    assert felt_past_inner_edge(face, colour, NADIR, FOCAL, DIE) is felt


def test_only_where_the_side_face_is_wide_enough_to_see() -> None:
    face, colour = white_two(None)
    # the nadir 100 px away with this lens: a side face 0.125 of a side, blurred into the edges
    assert not felt_past_inner_edge(face, colour, (100.0, 200.0), FOCAL, DIE)


def test_a_white_2_leaning_on_the_far_wall_over_light_felt_is_refused() -> None:
    # a white 2 of red pips leaning 33° on the far wall of a tray of light grey felt (simulated, seed
    # 34009), 11° off the lens's axis: square, its turned-up face's dashes too faint on its shade to
    # tell, and past its inner edge only the felt, as bright as a side face and of the felt's tint
    assert_read_as_recorded("leaning-felt-inner-band-white-two")


def test_a_side_face_dash_blurred_into_the_edge_is_no_faint_mark() -> None:
    # the dark-pip plane of a white die on light felt, 200 px from the nadir (a band of 7 px): felt
    # past its inner edge, or a side face as bright with its 2's dashes
    def marks(dashes: bool) -> InnerMarks:
        plane = np.full((400, 200), 120, np.uint8)
        plane[86:114, 86:114] = 140
        for x, y in ((93, 93), (107, 107)):
            cv2.circle(plane, (x, y), 2, 50, -1)
        if dashes:
            for x in (93, 107):
                plane[115:118, x - 2:x + 3] = 60
        fit = fit_layout(np.array([(93.0, 93.0), (107.0, 107.0)]))
        face = Face(2, (100.0, 100.0), DIE, 0.9, None, 2, 0.95, fit=fit)
        return inner_face_marks(face, plane, NADIR, FOCAL, DIE)

    assert marks(dashes=False).faint
    assert not marks(dashes=True).faint
