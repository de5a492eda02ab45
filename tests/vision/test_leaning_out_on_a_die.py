"""A white 4 on brown felt leaning 31° on a flat white 5 that lies outward of it (away from the
middle of the picture) turns up the face towards the 5 between the two top faces, its dashes
faint. The band past its top face (`topdown.aside_band_reach`) ends where the 5's side face
turned to the point below the lens may begin at the nearest, at the 5's corner: 0.58 of a side
out, 3 px past the 4's edge, and the dash runs out of it. Off that corner the 5's side face begins
further out: run on to the 5's top face, the band holds the dash, centred 9.6 px out from the 5's
square along the way from the point below the lens, where that side face shows 6.6 px (and a pixel
of blur): no pip of the 5's (RULINGS: a cocked die is not read, it is thrown again).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

import math
from unittest.mock import patch

import vision.topdown
from tests.vision.saved_rests import near, placed, read_part
from vision.faces import Face
from vision.layout import LayoutFit
from vision.topdown import aside_band_beyond

NAME = "random-95029-white-4-leaning-out-frame"
CENTRE = (227.0, 146.0)


def test_the_leaning_4_is_refused() -> None:
    assert near(NAME, CENTRE) == ([], ["cocked"])


def test_the_flat_dice_are_read() -> None:
    assert placed(read_part(NAME))[0] == [(2, 199, 199), (4, 360, 127), (5, 206, 115)]


def test_without_the_band_run_on_to_the_5_it_is_read_as_a_4() -> None:
    with patch.object(vision.topdown, "aside_band_beyond", lambda *args: None):
        assert near(NAME, CENTRE)[0] == [4]


def test_a_dash_on_the_side_face_of_the_die_straight_out_is_its_own() -> None:
    # dice 20 px wide, the view's centre and the point below a lens of 650 px at the origin; a flat
    # 4 straight out 1.5 sides from the top face's centre, 130 px out: its side face turned to that
    # point shows 4 px (and a pixel of blur) short of its near edge, at x = 120
    top = Face(1, (100.0, 0.0), 20.0, 1.0, None, 1, 0.95)
    ahead = Face(4, (130.0, 0.0), 20.0, 1.0, None, 4, 0.95, fit=LayoutFit(4, (130.0, 0.0), 6.0, 0.0, 0.0))
    beyond = aside_band_beyond(top, [top, ahead], (0.0, 0.0), 20.0, (0.0, 0.0), 650.0)
    assert beyond is not None
    reach, on_side_face = beyond
    assert math.isclose(reach, 0.9)  # the 4's top face begins 1 side out, past the band's end
    assert on_side_face(117.0, 0.0) and on_side_face(115.5, 9.0)
    assert not on_side_face(114.0, 0.0)  # 6 px short of the 4's edge, past its side face
    assert not on_side_face(118.0, 12.0)  # beside the 4, off the way to its square
    # a refused die straight out stops the look; a die aside (1.1 sides across) gives it no end
    refused = Face(None, (130.0, 0.0), 20.0, 0.0, "cocked", 4, 0.95)
    assert aside_band_beyond(top, [top, refused], (0.0, 0.0), 20.0, (0.0, 0.0), 650.0) is None
    aside = Face(4, (115.0, 22.0), 20.0, 1.0, None, 4, 0.95, fit=LayoutFit(4, (115.0, 22.0), 6.0, 0.0, 0.0))
    assert aside_band_beyond(top, [top, aside], (0.0, 0.0), 20.0, (0.0, 0.0), 650.0) is None
