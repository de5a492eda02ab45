"""The mid-sides of a grid of light pips, tinted by the blur of the pips either side (a glossy
face's sheen whitens them too): they are face, though off the colour read round the pips.

The light-pip planes and the white-balanced colours (48×48, tests/data/sim-rests, its README)
round flat faces of white pips: a red 4 of pips 6 px wide on a die 27.6 px wide, a red 3 of
pips 5 px wide 7 px apart, a glossy red 2 and a black 2.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from unittest.mock import patch

import cv2
import numpy as np
import pytest

import vision.margins
from vision.faces import ROUND_MIN
from vision.layout import fit_layout
from vision.margins import margin_is_face
from vision.pips import PipSearch, find_pip_blobs
from vision.planes import every_plane
from vision.reader import PIP_PER_SIDE, _window_for

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def assert_glow_makes_face(
    stem: str, die_size: float, value: int, reach: float, face_bgr: tuple[int, int, int],
    min_contrast: float = 0.0,
) -> None:
    """The face of `value` pips at the crop's centre: its mid-sides are face as seen, and off it
    once the pips are painted the face's own colour (`face_bgr`), which casts no glow."""
    plane = cv2.imread(str(DATA / f"{stem}-light-plane.png"), cv2.IMREAD_GRAYSCALE)
    colour = cv2.imread(str(DATA / f"{stem}-balanced.png"), cv2.IMREAD_COLOR)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * die_size)))
    pips = [b for b in blobs if b.roundness >= ROUND_MIN and b.contrast > min_contrast
            and math.dist((b.x, b.y), (24.0, 24.0)) < reach]
    fit = fit_layout(np.array([(p.x, p.y) for p in pips]))
    assert fit is not None and fit.value == value
    assert margin_is_face(plane, colour, fit, pips)
    unlit = colour.copy()
    for p in pips:
        unlit[round(p.y), round(p.x)] = face_bgr
    # a 4's centre, tinted by the glow of the four pips round it, vouches for its mid-sides too
    # (`margins._like_centre`), as a 3's empty corners do (`margins._like_corners`): left out, to
    # show the pips' glow alone makes them face
    def none_alike(*args: object) -> np.ndarray:
        return np.zeros(len(args[3]), bool)  # type: ignore[arg-type]

    with (
        patch.object(vision.margins, "_like_centre", none_alike),
        patch.object(vision.margins, "_like_corners", none_alike),
    ):
        assert not margin_is_face(plane, unlit, fit, pips)


def test_a_red_four_s_mid_sides_pink_with_two_white_pips_glow_are_its_face() -> None:
    # two mid-sides, between two pips each, are lighter and pinker than the ring past one pip
    assert_glow_makes_face("random-23037-4", 27.6, 4, 12.0, (80, 112, 236))


def test_a_face_pink_round_its_white_pips_goes_on_past_them_in_its_own_red() -> None:
    # the ring read 3 px past the pips is pink with their glow, and two bare mid-sides, of the
    # clean red, were off the face's colour (`not_pips`)
    assert_glow_makes_face("red-dice-11000-3", 24.0, 3, 10.0, (91, 61, 195))


@pytest.mark.parametrize(
    ("stem", "die_size", "face_bgr"),
    [("random-21065-2", 24.8, (111, 97, 227)), ("random-17061-2", 24.37, (69, 98, 112))],
)
def test_a_two_s_mid_sides_whitened_by_a_sheen_or_its_pips_glow_are_its_face(
    stem: str, die_size: float, face_bgr: tuple[int, int, int]
) -> None:
    # a glossy red 2 of white pips 5.4 px wide, its right half whitened by the sheen, and a black
    # 2 of white pips 5.5 px wide: two mid-sides each, lighter than the ring towards the pips'
    # white, lie below the face's level in this plane
    assert_glow_makes_face(stem, die_size, 2, 11.0, face_bgr, min_contrast=80.0)


def test_a_red_three_pink_with_sheen_by_its_ends_goes_on_past_them_when_its_pips_stand_out_alike() -> None:
    # a 3 of white pips 6.6 px wide 9.8 px apart on a die 31.7 px wide: the mid-sides by its ends
    # are its red face whitened by a tenth, and 2 levels lighter than the face's floor
    image = cv2.imread(str(DATA / "random-37023-3-close-pips-frame-part.png"), cv2.IMREAD_COLOR)
    _, grey, colour = every_plane(image)
    plane = cv2.bitwise_not(grey)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 31.7)))
    pips = [b for b in blobs if math.dist((b.x, b.y), (160.7, 119.3)) < 12.0]
    fit = fit_layout(np.array([(p.x, p.y) for p in pips]))
    assert fit is not None and fit.value == 3
    assert margin_is_face(plane, colour, fit, pips)
    # one pip standing out less than 0.65 as much as another is no pip of that face: a speck in
    # line with a 2 takes no sheen for face
    faint = [replace(p, centre_level=p.ring_level - 0.6 * max(q.contrast for q in pips)) if k == 1 else p
             for k, p in enumerate(sorted(pips, key=lambda b: b.x))]
    assert not margin_is_face(plane, colour, fit, faint)
