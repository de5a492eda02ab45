"""Pips of a face left out of its group: a 5's centre pip whose ring its neighbours' blur darkens,
the end pip of a 3 measured too squashed to be grouped, and a 6's pips two pixels apart whose
rings span their neighbours' blur.

The analysed plane and the white-balanced colour (48×48, tests/data/sim-rests, its README) round
a flat black 5 of white pips 5 px wide on a die 26 px wide, a black 5 of white pips 4 px wide on a
die 22 px wide, and a white 3 of black pips 3 px wide on a die 23 px wide.
"""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np

from tests.vision.saved_rests import read_saved
from vision.cellglow import pips_in_glow
from vision.completion import read_completed
from vision.facecolour import level_step
from vision.faces import GROUP_SIZE_PX, ROUND_MIN, _tiny_pips_in_cells, like_size, read_group
from vision.grouping import group_pips
from vision.layout import fit_layout
from vision.pips import PipBlob, PipSearch, find_pip_blobs
from vision.reader import PIP_PER_SIDE, _window_for

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def _crop(name: str, plane: str, die_size: float) -> tuple[np.ndarray, np.ndarray, list[PipBlob]]:
    dark = cv2.imread(str(DATA / f"{name}-{plane}-plane.png"), cv2.IMREAD_GRAYSCALE)
    colour = cv2.imread(str(DATA / f"{name}-balanced.png"), cv2.IMREAD_COLOR)
    blobs = find_pip_blobs(dark, PipSearch(block=_window_for(PIP_PER_SIDE * die_size)))
    return dark, colour, blobs


def _corners_and_centre(blobs: list[PipBlob]) -> tuple[list[PipBlob], PipBlob]:
    near = [b for b in blobs if math.dist((b.x, b.y), (24.0, 24.0)) < 10.0]
    centre = min(near, key=lambda b: math.dist((b.x, b.y), (24.0, 24.0)))
    return [b for b in near if b is not centre], centre


def test_a_five_s_centre_pip_darkened_round_by_its_neighbours_glow_is_its_pip() -> None:
    for name, die_size in (("dark-dice-20052-5", 26.0), ("random-20065-5", 22.17)):
        dark, colour, blobs = _crop(name, "light", die_size)
        corners, centre = _corners_and_centre(blobs)
        assert len(corners) == 4
        # its ring is darker than the corners' by more than one face's light varies: not grouped
        level = float(np.median([p.ring_level for p in corners]))
        assert centre.ring_level < level - level_step(level)
        fit = fit_layout(np.array([(p.x, p.y) for p in corners]))
        assert fit is not None and fit.value == 4
        assert _tiny_pips_in_cells(dark, fit, corners, blobs) == [centre]
        face = read_group(dark, colour, [0, 1, 2, 3], corners, blobs)
        assert face.value == 5


def test_a_mark_in_a_cell_with_a_ring_darker_than_glow_makes_or_beside_no_crowd_is_no_pip() -> None:
    _, _, blobs = _crop("dark-dice-20052-5", "light", 26.0)
    corners, centre = _corners_and_centre(blobs)
    fit = fit_layout(np.array([(p.x, p.y) for p in corners]))
    assert fit is not None

    def alike(a: float, b: float) -> bool:
        return like_size(a, b, GROUP_SIZE_PX)

    contrast = float(np.median([p.contrast for p in corners]))
    level = float(np.median([p.ring_level for p in corners]))
    # ringed darker than the pips' blur can make it: of another face
    shaded = PipBlob(centre.x, centre.y, centre.area, centre.major, centre.minor, centre.angle,
                     centre.centre_level - 0.3 * contrast, level - 0.35 * contrast,
                     level - 0.4 * contrast, centre.solidity)
    assert pips_in_glow(fit, corners, [shaded], alike) == []
    # two pips near it (a 3's ends) darken part of its ring, not its median
    assert pips_in_glow(fit, corners[:2], [centre], alike) == []
    assert pips_in_glow(fit, corners, [centre], alike) == [centre]


def test_two_neighbour_pips_of_a_three_take_its_end_pip_measured_squashed() -> None:
    dark, colour, blobs = _crop("random-20021-3", "dark", 22.73)
    near = [b for b in blobs if math.dist((b.x, b.y), (24.0, 24.0)) < 10.0]
    pair = [i for i, b in enumerate(blobs) if b in near and b.roundness >= ROUND_MIN]
    squashed = [b for b in near if b.roundness < ROUND_MIN]
    assert len(pair) == 2 and len(squashed) == 1
    alone = read_group(dark, colour, pair, blobs, blobs)
    assert alone.value is None and alone.detail == "spacing"
    face = read_completed(dark, colour, pair, blobs, blobs, False, None, 22.73)
    assert face.value == 3 and face.pip_count == 3


def test_a_mark_between_two_pips_a_diameter_and_a_half_apart_is_in_their_glow() -> None:
    # a 3 of pips 6.6 px wide 9.8 px apart: the centre pip's ring, 2 px past its rim, runs a pixel
    # from its neighbours' rims, and their glow took 25 levels off its median
    ends = [PipBlob(x, 274.0, 34.2, 6.6, 6.6, 0.0, 0.0, 108.0, 96.0, 1.0) for x in (323.0, 342.6)]
    centre = PipBlob(332.8, 274.0, 29.5, 6.6, 5.8, 0.0, 0.0, 87.0, 83.0, 0.97)
    fit = fit_layout(np.array([(p.x, p.y) for p in ends]))
    assert fit is not None and fit.value == 2

    def alike(a: float, b: float) -> bool:
        return like_size(a, b, GROUP_SIZE_PX)

    assert pips_in_glow(fit, ends, [centre], alike) == [centre]
    # two diameters and more from either: the glow of two pips leaves its median to the face
    apart = [PipBlob(x, 274.0, 34.2, 6.6, 6.6, 0.0, 0.0, 108.0, 96.0, 1.0) for x in (319.0, 346.6)]
    fit = fit_layout(np.array([(p.x, p.y) for p in apart]))
    assert fit is not None
    assert pips_in_glow(fit, apart, [centre], alike) == []
    # a like pip 1.6 steps across the line (the other row of a 6, of which the three are a row)
    other = PipBlob(343.8, 285.0, 34.2, 6.6, 6.6, 0.0, 0.0, 108.0, 96.0, 1.0)
    fit = fit_layout(np.array([(p.x, p.y) for p in ends]))
    assert fit is not None
    assert pips_in_glow(fit, ends, [centre, other], alike) == []


def test_a_red_three_of_pips_a_diameter_apart_is_read_whole() -> None:
    # its centre pip's ring was lit unlike its ends' (not grouped, `occluded` in the 2's empty
    # centre), and its face pink with sheen by its ends on two mid-sides (`not_pips`)
    reading = read_saved("random-37023-3-close-pips-frame-part.png", "random-37023-part-calibration.json")
    assert [d.value for d in reading.dice if math.dist(d.center, (160.7, 119.3)) < 8.0] == [3]
    assert not reading.unreadable


def test_a_six_s_row_a_diameter_and_a_half_apart_is_no_three() -> None:
    # a black 6 of white pips 4 px wide whose rows are ringed unlike: one row, its middle pip
    # crowded by the other two as a 3's centre is, would read as a 3 beside the 6 (`not_pips`)
    reading = read_saved("random-29047-6-crowded-row-frame-part.png", "random-29047-part-calibration.json")
    assert [d.value for d in reading.dice if math.dist(d.center, (147.6, 111.3)) < 8.0] == [6]
    assert not reading.unreadable


def test_a_black_six_of_pips_two_pixels_apart_is_read_whole() -> None:
    # a flat black 6 of white pips 5 px wide, 6.8 px apart, on a die 27.6 px wide touching a 2: its
    # middle column, ringed over both neighbours' blur, measured 177-186, the column by its edge
    # 206-207, and the two were not grouped (`not_pips` on the four, the column taken for a 2's)
    reading = read_saved("random-44039-6-close-pips-frame-part.png", "random-44039-part-calibration.json")
    assert sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice) == [
        (2, 185, 143), (3, 142, 42), (6, 154, 164)
    ]
    assert not reading.unreadable


def _pip(x: float, ring: float, cut_from: int = -1) -> PipBlob:
    return PipBlob(x, 30.0, 19.6, 5.0, 5.0, 0.0, ring - 140.0, ring, ring - 5.0, 1.0, cut_from)


def test_pips_whose_rings_span_each_other_s_blur_are_grouped_however_ringed() -> None:
    dark = np.full((60, 60), 200, np.uint8)
    colour = cv2.cvtColor(dark, cv2.COLOR_GRAY2BGR)
    # 2 px apart, rings 30 levels apart: each ring passes over the other's blur
    assert group_pips(dark, colour, [_pip(20.0, 206.0), _pip(27.0, 176.0)], 7.0) == [[0, 1]]
    # a pip's length apart and more, ringed so unlike: two faces
    assert len(group_pips(dark, colour, [_pip(20.0, 206.0), _pip(30.5, 176.0)], 7.0)) == 2
