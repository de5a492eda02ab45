"""The mid-sides of a square grid of light pips, tinted by the blur of the two pips either side.

The light-pip plane and the white-balanced colour (48×48, tests/data/sim-rests, its README)
round a flat red 4 of white pips 6 px wide, 5.7 px a grid step, on a die 27.6 px wide.
"""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np

from vision.faces import ROUND_MIN
from vision.layout import fit_layout
from vision.margins import margin_is_face
from vision.pips import PipSearch, find_pip_blobs
from vision.reader import PIP_PER_SIDE, _window_for

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def test_a_red_four_s_mid_sides_pink_with_two_white_pips_glow_are_its_face() -> None:
    plane = cv2.imread(str(DATA / "random-23037-4-light-plane.png"), cv2.IMREAD_GRAYSCALE)
    colour = cv2.imread(str(DATA / "random-23037-4-balanced.png"), cv2.IMREAD_COLOR)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 27.6)))
    pips = [b for b in blobs if b.roundness >= ROUND_MIN and math.dist((b.x, b.y), (24.0, 24.0)) < 12.0]
    fit = fit_layout(np.array([(p.x, p.y) for p in pips]))
    assert fit is not None and fit.value == 4
    # two mid-sides, between two pips each, are lighter and pinker than the ring past one pip
    assert margin_is_face(plane, colour, fit, pips)
    # pips of the face's own red cast no glow: those mid-sides are then off the face
    unlit = colour.copy()
    for p in pips:
        unlit[round(p.y), round(p.x)] = (80, 112, 236)
    assert not margin_is_face(plane, unlit, fit, pips)


def test_a_two_s_mid_sides_whitened_by_a_sheen_or_its_pips_glow_are_its_face() -> None:
    # a glossy red 2 of white pips 5.4 px wide on a die 24.8 px wide, its right half whitened by
    # the sheen, and a black 2 of white pips 5.5 px wide on a die 24.4 px wide: two mid-sides each,
    # lighter than the ring towards the pips' white, lie below the face's level in this plane
    for name, die_size, face_bgr in (("random-21065-2", 24.8, (111, 97, 227)),
                                     ("random-17061-2", 24.37, (69, 98, 112))):
        plane = cv2.imread(str(DATA / f"{name}-light-plane.png"), cv2.IMREAD_GRAYSCALE)
        colour = cv2.imread(str(DATA / f"{name}-balanced.png"), cv2.IMREAD_COLOR)
        blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * die_size)))
        pips = [b for b in blobs if b.roundness >= ROUND_MIN and b.contrast > 80
                and math.dist((b.x, b.y), (24.0, 24.0)) < 11.0]
        fit = fit_layout(np.array([(p.x, p.y) for p in pips]))
        assert fit is not None and fit.value == 2
        assert margin_is_face(plane, colour, fit, pips)
        # pips of the face's own colour whiten nothing: those mid-sides are then off the face
        unlit = colour.copy()
        for p in pips:
            unlit[round(p.y), round(p.x)] = face_bgr
        assert not margin_is_face(plane, unlit, fit, pips)

