"""Flat dice that looked as if they leant: a 1's corner, and a 3's rim past its narrow grid."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from tests.vision.saved_rests import assert_read_as_recorded
from vision.faces import Face
from vision.lean import one_turn

DIE = 28.0


def _drawn_one(turn_deg: float) -> tuple[Face, np.ndarray]:
    """A white 1 turned by `turn_deg`, on grey felt, in the dark-pip plane."""
    plane = np.full((120, 120), 90, np.uint8)
    box = cv2.boxPoints(((60.0, 60.0), (DIE, DIE), turn_deg))
    cv2.fillPoly(plane, [np.round(box).astype(np.int32)], 220)
    cv2.circle(plane, (60, 60), 4, 40, -1)
    plane = cv2.GaussianBlur(plane, (3, 3), 0.8)
    return Face(1, (60.0, 60.0), DIE, 0.9, None, 1, 0.95), plane


@pytest.mark.parametrize("turn_deg", [0.0, 12.0, 30.0, 40.0, -20.0])
def test_the_edges_round_a_one_give_its_turn(turn_deg: float) -> None:
    face, plane = _drawn_one(turn_deg)
    turn = one_turn(face, plane, DIE)
    assert turn is not None
    # a square's turn is known only within a quarter turn
    off = (math.degrees(turn) - turn_deg + 45.0) % 90.0 - 45.0
    assert abs(off) < 3.0


def test_a_one_on_felt_of_its_brightness_gives_no_turn() -> None:
    plane = np.full((120, 120), 200, np.uint8)
    cv2.circle(plane, (60, 60), 4, 40, -1)
    assert one_turn(Face(1, (60.0, 60.0), DIE, 0.9, None, 1, 0.95), plane, DIE) is None


@pytest.mark.parametrize(
    "name",
    [
        # an ivory 1 on white felt almost below the lens, a 2 beside it: the way out from it runs to
        # its top face's corner, where a pip of the side face shows on the rounded edge, past the
        # circle inscribed in its face but inside its square
        "flat-beside-a-die-bevel-pips-one",
        # a white 3 whose pips are spaced as a smaller die's, a 1 beside it: the band past its outer
        # edge, measured in its grid's side, starts inside its face, on the shade of its own rim
        "flat-beside-a-die-rim-shade-three",
    ],
)
def test_a_flat_die_is_read(name: str) -> None:
    assert_read_as_recorded(name)
