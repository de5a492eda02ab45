"""The top-down check of a face's grid aspect allows for the pixel error of small grids."""

from __future__ import annotations

import numpy as np

from tests.vision.saved_rests import read_saved
from vision.faces import Face
from vision.layout import LayoutFit
from vision.topdown import cocked_if_leaning


def _five(spacing: float, aspect: float) -> Face:
    fit = LayoutFit(value=5, center=(100.0, 100.0), spacing=spacing, angle=0.0, residual=0.05, aspect=aspect)
    return Face(value=5, center=(100.0, 100.0), size=4.5 * spacing, confidence=0.9, reason=None,
                pip_count=5, roundness=0.9, fit=fit)


def _checked(face: Face) -> Face:
    image = np.zeros((200, 200), np.uint8)
    return cocked_if_leaning(face, [], [], (100.0, 100.0), None, image, np.zeros((200, 200, 3), np.uint8))


def test_a_small_grid_a_pixel_off_square_is_read() -> None:
    # on a 4.9 px grid, a tenth of a pixel per spacing is 0.02 of aspect
    assert _checked(_five(4.9, 0.896)).value == 5


def test_a_large_grid_as_squashed_is_a_tilted_face() -> None:
    # on a 20 px grid, a pixel error is 0.005 of aspect
    refused = _checked(_five(20.0, 0.89))
    assert (refused.value, refused.reason, refused.detail) == (None, "cocked", "tilted grid")


def test_a_small_grid_squashed_past_its_pixel_error_is_a_tilted_face() -> None:
    refused = _checked(_five(4.9, 0.86))
    assert (refused.value, refused.reason) == (None, "cocked")


def test_a_flat_five_on_a_small_grid_is_read_in_its_frame() -> None:
    reading = read_saved("random-19051-5-small-grid-frame.png", "random-19051-calibration.json")
    assert sorted((d.value, round(d.center[0])) for d in reading.dice) == [(5, 267), (5, 333)]
    assert reading.unreadable == ()
