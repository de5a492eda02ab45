"""A 1 by the wall lit otherwise than the flat top faces of its kind (`toplight.top_face_off_level`).

Flat dice turn their top faces to the lamps above the tray alike: dice of one material are lit
alike but for the light's fall-off across the tray. A die leaning on the wall turns its top face
from some of the light and towards the rest, and a 1 has no grid of pips to show the tilt otherwise.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.saved_rests import assert_read_as_recorded
from vision.faces import Face
from vision.layout import LayoutFit
from vision.toplight import top_face_off_level

DIE = 28.0
BY_WALL = np.array([[0, 90], [400, 90], [400, 400], [0, 400]], np.float32)
AWAY = np.array([[0, 0], [400, 0], [400, 400], [0, 400]], np.float32)
RED = (15, 15, 110)  # BGR: a dark red die of white pips
IVORY = (200, 210, 215)  # an ivory die of black pips


def frame(
    die: tuple[int, int, int], lit: float, other: tuple[int, int, int] | None = None
) -> tuple[Face, list[Face], np.ndarray, np.ndarray]:
    """A 1 centred at (100, 105), its top face lit `lit` times a flat one's of colour `die`, and a
    flat 2 at (250, 250) of colour `other` (`die` when None); with the plane its pips are dark in."""
    light_pips = die == RED
    pip = (230, 230, 230) if light_pips else (20, 20, 20)
    image = np.full((400, 400, 3), (40, 90, 40), np.uint8)  # green felt
    cv2.rectangle(image, (86, 91), (113, 118), tuple(min(255, round(lit * c)) for c in die), -1)
    cv2.circle(image, (100, 105), 3, pip, -1)
    cv2.rectangle(image, (236, 236), (263, 263), other or die, -1)
    for centre in ((243, 243), (256, 256)):
        cv2.circle(image, centre, 3, pip, -1)
    image = cv2.GaussianBlur(image, (3, 3), 0)
    plane = cv2.bitwise_not(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)) if light_pips else image.min(axis=2)
    one = Face(1, (100.0, 105.0), DIE, 0.9, None, 1, 0.95)
    fit = LayoutFit(2, (250.0, 250.0), 6.5, 0.0, 0.0, ((-1.0, -1.0), (1.0, 1.0)))
    two = Face(2, (250.0, 250.0), DIE, 0.9, None, 2, 0.95, fit=fit)
    return one, [one, two], plane, image


@pytest.mark.parametrize(
    ("die", "lit", "off"),
    [
        (RED, 2.2, True),  # a red top face turned to the light: far brighter than the flat red 2's
        (RED, 1.25, False),  # within the light's fall-off
        (RED, 0.7, False),
        (IVORY, 0.65, True),  # an ivory top face turned from the light: darker
        (IVORY, 0.85, False),
        (IVORY, 1.0, False),
    ],
)
def test_a_1_by_the_wall_lit_otherwise_than_a_flat_die_of_its_kind(
    die: tuple[int, int, int], lit: float, off: bool
) -> None:
    one, faces, plane, image = frame(die, lit)
    assert top_face_off_level(one, faces, plane, image, DIE, BY_WALL) is off


def test_only_by_the_wall_and_against_dice_of_its_tint() -> None:
    one, faces, plane, image = frame(IVORY, 0.65)
    assert not top_face_off_level(one, faces, plane, image, DIE, AWAY)  # nothing to lean on
    assert not top_face_off_level(one, [one], plane, image, DIE, BY_WALL)  # no other die to compare with
    one, faces, plane, image = frame(IVORY, 0.65, other=RED)  # a red die beside an ivory 1: lit otherwise
    assert not top_face_off_level(one, faces, plane, image, DIE, BY_WALL)


def test_a_red_1_leaning_31_degrees_on_the_wall_is_refused() -> None:
    # a red 1 of a white pip leaning 31.2° on the far wall over dark red felt (simulated, seed 20003,
    # the frame blacked out but round its dice), tipped towards the middle only a little past the
    # view angle: no side face to show, but its top face brighter than the flat red dice', at 0.72
    # of their level in the inverted plane of its light pips
    assert_read_as_recorded("leaning-red-one-top-face-level")
