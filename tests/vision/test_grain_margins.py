"""A grainy face's mid-sides are read over 3x3 pixels (median.median_3x3): a single grain darker
than the face's tolerance is no end of the face, a band of shade as wide as that is.

The dark-pip plane and the white-balanced colours (48×48, tests/data/sim-rests, its README) round
a flat cream 5 of dark pips 3.5–4 px wide, 5.5 px a grid step, on a die 26.5 px wide whose face
reads 160 to 230 pixel by pixel round pips ringed 195.
"""

from __future__ import annotations

import math
from pathlib import Path
from unittest.mock import patch

import cv2
import numpy as np

import vision.margins
from vision.faces import ROUND_MIN
from vision.layout import fit_layout
from vision.margins import margin_is_face
from vision.pips import PipBlob, PipSearch, find_pip_blobs
from vision.reader import PIP_PER_SIDE, _window_for

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def _face(plane: np.ndarray, die_size: float) -> tuple[list[PipBlob], object]:
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * die_size)))
    pips = [b for b in blobs if b.roundness >= ROUND_MIN and math.dist((b.x, b.y), (24.0, 24.0)) < 12.0]
    fit = fit_layout(np.array([(p.x, p.y) for p in pips]))
    assert fit is not None
    return pips, fit


def _pixel_by_pixel(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """No 3x3 median stands as face: the mid-sides read pixel by pixel alone."""
    return np.full((len(xs), *image.shape[2:]), -1e9)


def test_a_grainy_cream_five_goes_on_past_its_pips() -> None:
    plane = cv2.imread(str(DATA / "random-40021-5-grain-dark-plane.png"), cv2.IMREAD_GRAYSCALE)
    colour = cv2.imread(str(DATA / "random-40021-5-grain-balanced.png"), cv2.IMREAD_COLOR)
    pips, fit = _face(plane, 26.5)
    assert fit.value == 5  # type: ignore[attr-defined]
    assert margin_is_face(plane, colour, fit, pips)  # type: ignore[arg-type]
    # read pixel by pixel, two mid-sides fall on grains 169 and 171, under the floor of 171.6
    # (the second, 24 below the rings in the plane and 7.7 in brightness, is of tint alone, and face
    # by that too: `facecolour.tint_alone_at`, left out here; the first, 26 and 13.9, is not)
    with (
        patch.object(vision.margins, "median_3x3", _pixel_by_pixel),
        patch.object(vision.margins, "tint_alone_at", lambda seen, *_: np.zeros(len(seen), bool)),
    ):
        assert not margin_is_face(plane, colour, fit, pips)  # type: ignore[arg-type]


def _synthetic_five(mark: int) -> tuple[np.ndarray, np.ndarray, list[PipBlob], object]:
    """A 5 of pips 4 px wide, 6 px a step, on a face of 195; the two mid-sides along x darkened
    to 160 over `mark` pixels square."""
    plane = np.full((48, 48), 195, np.uint8)
    for dx, dy in [(-6, -6), (6, -6), (0, 0), (-6, 6), (6, 6)]:
        cv2.circle(plane, (24 + dx, 24 + dy), 2, 60, -1)
    pips, fit = _face(plane, 30.0)
    half = mark // 2
    for u in (-1.45, 1.45):
        x, y = (round(c) for c in fit.to_image(u, 0.0))  # type: ignore[attr-defined]
        plane[y - half:y - half + mark, x - half:x - half + mark] = 160
    colour = cv2.cvtColor(plane, cv2.COLOR_GRAY2BGR)
    return plane, colour, pips, fit


def test_a_single_dark_grain_at_two_mid_sides_leaves_them_face() -> None:
    plane, colour, pips, fit = _synthetic_five(1)
    assert margin_is_face(plane, colour, fit, pips)  # type: ignore[arg-type]


def test_shade_wider_than_a_grain_at_two_mid_sides_ends_the_face() -> None:
    plane, colour, pips, fit = _synthetic_five(3)
    assert not margin_is_face(plane, colour, fit, pips)  # type: ignore[arg-type]
