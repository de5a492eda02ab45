"""A dash past a flat die's edge of the wall's colour, as the wall runs on beside the die, is its foot."""

from __future__ import annotations

import numpy as np

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


def test_a_die_on_one_flank_leaves_the_wall_unseen_there() -> None:
    image = _tray()
    centre = (100.0, 44.0)
    image[14:44, 124:150] = (198, 219, 227)  # an ivory die against the wall on the right
    xs, ys = _stroke(27.0)
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
