"""A dash past a flat die's edge of the wall's colour, as the wall runs on beside the die, is its foot."""

from __future__ import annotations

import math

import numpy as np

from tests.vision.saved_rests import read_saved
from vision.wallfoot import wall_beside, wall_direction

DIE = 28.0
OUTLINE = np.array([[10.0, 30.0], [190.0, 30.0], [190.0, 150.0], [10.0, 150.0]], np.float32)


def _tray() -> np.ndarray:
    """White felt below y = 30, the wall's dark grey foot from y = 20 to 30, a pale wall above."""
    image = np.full((160, 200, 3), (214, 216, 216), np.uint8)
    image[:20] = (150, 150, 150)
    image[20:30] = (96, 97, 95)
    return image


def _stroke(y: float) -> tuple[np.ndarray, np.ndarray]:
    xs = np.arange(104.0, 108.0, 0.5)
    return xs, np.full_like(xs, y)


def test_the_wall_direction_is_that_of_the_nearest_edge_of_the_outline() -> None:
    assert wall_direction(OUTLINE, (100.0, 44.0)) == (1.0, 0.0)
    assert wall_direction(OUTLINE, (180.0, 90.0)) == (0.0, 1.0)


def test_a_stroke_of_the_wall_foot_beside_the_die_is_the_wall() -> None:
    image = _tray()
    centre = (100.0, 44.0)
    xs, ys = _stroke(27.0)
    assert wall_beside(image, xs, ys, centre, wall_direction(OUTLINE, centre), DIE)


def test_a_pip_darker_than_the_wall_beside_it_is_no_part_of_it() -> None:
    image = _tray()
    centre = (100.0, 44.0)
    xs, ys = _stroke(27.0)
    image[27, 104:108] = (60, 60, 60)
    assert not wall_beside(image, xs, ys, centre, (1.0, 0.0), DIE)


def test_a_stroke_unlike_the_felt_at_its_depth_is_no_wall() -> None:
    # past the felt's edge the wall must run on beside the die at the stroke's own depth
    image = _tray()
    centre = (100.0, 60.0)
    image[44:46, 104:108] = (96, 97, 95)
    xs, ys = _stroke(45.0)
    assert not wall_beside(image, xs, ys, centre, (1.0, 0.0), DIE)


def test_dice_on_one_flank_leave_the_wall_unseen_there() -> None:
    image = _tray()
    centre = (100.0, 44.0)
    image[14:44, 124:180] = (198, 219, 227)  # two ivory dice against the wall on the right
    xs, ys = _stroke(27.0)
    assert not wall_beside(image, xs, ys, centre, (1.0, 0.0), DIE)


def test_the_wall_is_looked_at_past_a_neighbour_hiding_it_on_one_flank() -> None:
    # a die against the wall beside this one hides the wall 1.3 sides along; past it, the wall runs on
    image = _tray()
    centre = (100.0, 44.0)
    image[14:44, 124:152] = (198, 219, 227)  # an ivory die against the wall on the right
    xs, ys = _stroke(27.0)
    assert wall_beside(image, xs, ys, centre, (1.0, 0.0), DIE)
    image[27, 104:108] = (60, 60, 60)  # a pip darker than the wall is still none of it
    assert not wall_beside(image, xs, ys, centre, (1.0, 0.0), DIE)


def _red_wall_tray() -> np.ndarray:
    """Grey-green felt below y = 30, a dark red wall above it."""
    image = np.full((160, 200, 3), (163, 176, 168), np.uint8)
    image[:30] = (28, 18, 54)
    return image


def test_a_stroke_of_the_wall_blurred_with_the_felt_is_the_wall() -> None:
    # the foot's edge on the felt is blurred: a tenth of felt makes the stroke 1.4 times as bright
    # as the dark wall and greyer, yet it is the wall
    image = _red_wall_tray()
    image[27, 104:108] = (42, 34, 66)
    centre = (100.0, 44.0)
    xs, ys = _stroke(27.0)
    assert wall_beside(image, xs, ys, centre, wall_direction(OUTLINE, centre), DIE)


def test_a_blue_pip_as_bright_as_the_blurred_wall_is_no_part_of_it() -> None:
    image = _red_wall_tray()
    image[27, 104:108] = (66, 34, 42)
    centre = (100.0, 44.0)
    xs, ys = _stroke(27.0)
    assert not wall_beside(image, xs, ys, centre, wall_direction(OUTLINE, centre), DIE)


def test_a_flat_die_by_the_wall_with_a_neighbour_hiding_it_on_one_flank_is_read() -> None:
    # a frame part (240×392 round the picture's centre): a flat ivory 2 on white felt by the grey
    # wall, a 3 leaning on the wall 1.4 sides along it; the wall's foot past the 2's edge was taken
    # for a second face's dash (`cocked`), the wall beside it hidden by the 3 on that flank
    reading = read_saved("white-felt-28014-2-by-wall-part.png", "white-felt-28014-part-calibration.json")
    assert [d.value for d in reading.dice if math.dist(d.center, (69.0, 34.0)) < 8.0] == [2]
    assert [u.reason for u in reading.unreadable if math.dist(u.center, (107.0, 25.0)) < 12.0] == ["cocked"]
