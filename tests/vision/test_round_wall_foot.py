"""The foot of a round tray's wall past a flat die is no second face's dash: it follows the tray's
curved outline at one depth, where a straight line beside the die leaves it.

The frame parts are in tests/data/sim-rests (see its README), read with their scenes' profiles
moved to the parts.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from tests.vision.saved_rests import placed, read_part, read_saved
from vision.outlinefoot import wall_along_outline


@pytest.mark.parametrize(
    ("part", "value", "centre"),
    [("random-14001-1-round-wall-part", 1, (105, 40)), ("random-33013-5-round-wall-part", 5, (129, 69))],
)
def test_a_flat_die_by_a_round_wall_is_read(part: str, value: int, centre: tuple[int, int]) -> None:
    reading = read_saved(f"{part}.png", f"{part}-calibration.json")
    assert [d.value for d in reading.dice if math.dist(d.center, centre) < 8.0] == [value]
    assert not [u for u in reading.unreadable if math.dist(u.center, centre) < 8.0]


def _round_tray() -> tuple[np.ndarray, np.ndarray]:
    """A grey felt disc of radius 150 round (200, 200) on a dark wall, its edge a pixel's blend."""
    image = np.full((400, 400, 3), 40, np.uint8)
    cv2.circle(image, (200, 200), 150, (140, 140, 140), -1, cv2.LINE_AA)
    angles = np.linspace(0.0, 2.0 * math.pi, 48, endpoint=False)
    outline = np.stack([200 + 150 * np.cos(angles), 200 + 150 * np.sin(angles)], axis=1)
    return image, outline


def test_a_stroke_of_the_wall_foot_along_the_curve_is_the_wall() -> None:
    image, outline = _round_tray()
    # a stroke a pixel inside the outline, over the width of a die 30 px wide at its top
    xs = np.arange(188.0, 213.0)
    ys = 200.0 - np.sqrt(149.0**2 - (xs - 200.0) ** 2)
    assert wall_along_outline(image, xs, ys, (200.0, 70.0), outline, 30.0)


def test_a_round_mark_across_the_wall_foot_is_no_stroke_of_it() -> None:
    image, outline = _round_tray()
    cv2.circle(image, (200, 50), 3, (40, 40, 40), -1)
    # the mark's pixels span its width in depth from the outline
    ys, xs = np.mgrid[47:54, 197:204]
    inside = (xs - 200) ** 2 + (ys - 50) ** 2 <= 9
    assert not wall_along_outline(
        image, xs[inside].astype(float), ys[inside].astype(float), (200.0, 70.0), outline, 30.0
    )


def test_a_stroke_up_the_wall_off_its_foot_is_no_stroke_of_it() -> None:
    image, outline = _round_tray()
    # a line of the wall's colour along the curve, but 4 px out on the wall: no foot on the felt's edge
    xs = np.arange(188.0, 213.0)
    ys = 200.0 - np.sqrt(154.0**2 - (xs - 200.0) ** 2)
    assert not wall_along_outline(image, xs, ys, (200.0, 70.0), outline, 30.0)


def test_a_flat_white_5_by_the_top_edge_of_a_dark_round_wall_is_read() -> None:
    # a flat white 5 of black pips on olive felt against the dark far wall of a round tray: the wall's
    # top edge, where its dark inner face meets the lighter rim 11.5 px past the outline, showed as a
    # dash past the 5's top face, further up the wall than a die on the felt reaches (8.8 px at its
    # parallax) (`cocked`, body past top face). The 5 leaning at (207, 58) stays refused.
    name = "random-100035-flat-white-5-by-round-wall-top-frame"
    dice, refused = placed(read_part(name))
    assert dice == [(1, 314, 176), (3, 243, 161), (5, 432, 52)]
    assert [(reason, x, y) for reason, x, y in refused if math.dist((x, y), (207, 58)) < 12.0] == [
        ("cocked", 210, 61)
    ]
