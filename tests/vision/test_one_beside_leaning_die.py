"""A flat dark 1 of a light pip on pale felt by the far wall, touching a dark 1 that leans beside
it (die 25.7 px). A pip of the face the leaning die turns up lies 0.9 of a side from the flat 1's
pip, standing out 87 against its 148 (0.59, past the half that marks a side face's shaded pip):
a like pip within a side, which refused the 1 on its die's square (`ones.read_on_square`) as one
pip of a 2 whose grouping failed, and the die went unreported. The flat 1's face is outlined all
round (31 of 32 rays on the luma end on the die's square centred on its pip), and that pip lies
0.15 of a side past the square's edge beyond its own rim: on another die (`squarefit.all_past`).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

import numpy as np

from tests.vision.saved_rests import near, placed, read_part
from vision.ones import EDGE_STEP
from vision.squarefit import all_past, unit_squares

NAME = "random-106071-flat-dark-1-beside-leaning-die-frame"
FLAT_ONE = (356.5, 96.6)
LEANING_ONE = (332.2, 91.9)


def test_the_flat_dark_1_is_read() -> None:
    assert near(NAME, FLAT_ONE)[0] == [1]


def test_the_leaning_1_beside_it_is_not_read() -> None:
    assert near(NAME, LEANING_ONE, read_reach=14.0)[0] == []


def test_the_other_flat_dice_are_read() -> None:
    dice = placed(read_part(NAME))[0]
    assert [(v, x, y) for v, x, y in dice if (v, x, y) != (1, 358, 92)] == [(1, 256, 141), (2, 386, 215)]


SIDE = 25.65
# the rays of a face outlined all round: the die's square, unturned, centred on the pip
SQUARE = SIDE * unit_squares(32)[0, 12]


def test_a_pip_past_a_face_outlined_all_round_is_another_die_s() -> None:
    # where the leaning die's pip lay from the flat 1's: 0.9 of a side, 1.8 px in radius
    assert all_past(SQUARE, SIDE, [(-18.5, -13.8, 1.83)], EDGE_STEP)
    assert all_past(SQUARE, SIDE, [], EDGE_STEP)


def test_a_2_s_far_pip_lies_within_the_edge_s_tolerance_of_the_square_s_corner() -> None:
    # a 2's pips 0.6 of a side apart on each axis: the far pip from the near one's square
    assert not all_past(SQUARE, SIDE, [(0.6 * SIDE, 0.6 * SIDE, 0.07 * SIDE)], EDGE_STEP)


def test_a_face_outlined_in_part_vouches_for_no_pip_past_it() -> None:
    half = SQUARE.copy()
    half[10:22] = np.inf  # a side face and the shadow carry twelve rays past the square
    assert not all_past(half, SIDE, [(-18.5, -13.8, 1.83)], EDGE_STEP)
