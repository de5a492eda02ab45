"""A sharpened picture rings dark pips with a halo brighter than the bare face: the rings read round
the pips then set the face's level above it, and the face's own pixels fall under the floor.

- A 3's mid-sides are held to the level of its two empty corners when both are the face by the
  rings' measure (`margins._like_corners`).
- A grain of the face a pixel past the floor on the path between two pips, within one more
  tolerance of it, is the face when its 3x3 median is above the floor (`facecolour.paths_on_face`).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration: a
white 3 and a white 2 of red pips on olive felt, ringed 152 to 155, the bare face 140 to 150.
"""

from __future__ import annotations

from unittest.mock import patch

import numpy as np

import vision.facecolour
import vision.margins
from tests.vision.saved_rests import placed, read_part

NAME = "random-73005-flat-3-halo-frame"


def test_a_white_3_and_2_ringed_by_halos_are_read() -> None:
    assert placed(read_part(NAME)) == ([(2, 367, 231), (3, 436, 99)], [])


def test_without_the_corners_the_3_ends_at_its_pips() -> None:
    # the two mid-sides past its lower pips read 139 and 136 under a floor of 139.8
    no_corners = patch.object(
        vision.margins, "_like_corners", lambda *args: np.zeros(len(args[3]), dtype=bool)
    )
    # their drop is of tint alone (the red of the pips' blur lifts the rings in the dark-pip plane,
    # not in brightness), which makes them face too (`facecolour.tint_alone_at`): left out here
    no_tint = patch.object(vision.margins, "tint_alone_at", lambda seen, *_: np.zeros(len(seen), bool))
    with no_corners, no_tint:
        dice, refused = placed(read_part(NAME))
    assert (3, 436, 99) not in dice
    assert ("not_pips", 436, 99) in refused


def test_without_the_grain_median_the_2_falls_apart() -> None:
    # a pixel of 138 at the 2's middle, under the floor of 139.8 its pips' rings set
    def pixel_by_pixel(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        return np.full(len(xs), -1.0)

    with patch.object(vision.facecolour, "median_3x3", pixel_by_pixel):
        dice, _ = placed(read_part(NAME))
    assert (2, 367, 231) not in dice
