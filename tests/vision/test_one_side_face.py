"""A flat white 4 of black pips on white felt at (318, 96), die 28 px, is touched by a flat white 1
outward of it (towards the far wall). The 1, as any flat die, shows its side face turned to the
point below the lens between the two top faces, and a pip of that face, shaded (contrast 64, 0.40
of the 1's pip), 2.2 px past the 1's square where that face shows 4.4 px. A 1 has no grid to turn
its square; taken from the edges within its top face (35.3°, the simulated die's 36.3°), the pip
is the 1's side face's (`topdown.on_side_face`), no face the 4 turned up (RULINGS: a flat die is
read with its value).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

import math
from unittest.mock import patch

import cv2

import vision.topdown
from tests.vision.saved_rests import SIM_RESTS, near, placed, read_part
from vision.edgeturn import ONE_TOP_AGREEMENT, ONE_TOP_RING, square_turn
from vision.planes import dark_pip_plane, white_balanced

NAME = "white-felt-101054-flat-4-by-one-frame"
CENTRE = (318.5, 93.2)
ONE = (329.28, 66.45)  # the 1's pip, read


def test_the_flat_4_is_read() -> None:
    assert near(NAME, CENTRE) == ([4], [])


def test_every_die_is_read() -> None:
    assert placed(read_part(NAME)) == ([(1, 329, 66), (3, 139, 65), (4, 318, 93)], [])


def test_without_the_1s_square_the_pip_of_its_side_face_refuses_the_4() -> None:
    with patch.object(vision.topdown, "_one_square", lambda *args: None):
        assert near(NAME, CENTRE) == ([], ["cocked"])


def test_the_1s_square_is_turned_by_its_own_edges() -> None:
    image = cv2.imread(str(SIM_RESTS / f"{NAME}.png"), cv2.IMREAD_COLOR)
    dark = dark_pip_plane(white_balanced(image))
    # out to 0.75 of a side the ring crosses the 4's pips: its edges agree too little
    assert square_turn(ONE, dark, 28.0) is None
    turn = square_turn(ONE, dark, 28.0, ONE_TOP_AGREEMENT, ONE_TOP_RING)
    assert turn is not None
    assert abs(math.degrees(turn) % 90.0 - 36.3) < 1.5  # the simulated die's edges: 36.3°
