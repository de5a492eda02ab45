"""Flat dice of simulated rest frames, read with the calibration of their scene.

The crops (tests/data/sim-rests) hold dice the reader once failed to read: small red dice with
white pips, ivory dice on white felt. Each must now be read with its value, and nothing else
reported with a value.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.vision.saved_rests import read_saved
from vision.faces import (
    GROUP_SIZE_PX,
    ROUND_MIN,
    PipBlob,
    _encloses,
    _stray_marks,
    _tiny_pips_in_cells,
    like_size,
)
from vision.layout import fit_layout
from vision.ones import _ray_lengths, _round_on_square_face
from vision.pips import PipSearch, find_pip_blobs
from vision.profile import CalibrationProfile
from vision.reader import PIP_PER_SIDE, DiceReader, _window_for
from vision.squarefit import square_edge_share

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"
CASES = json.loads((DATA / "cases.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=[c["image"] for c in CASES])
def test_flat_dice_of_a_simulated_rest_are_read(case: dict[str, object]) -> None:
    image = cv2.imread(str(DATA / str(case["image"])), cv2.IMREAD_COLOR)
    profile = CalibrationProfile(
        die_size_px=float(case["die_size_px"]),  # type: ignore[arg-type]
        pip_polarity=str(case["pip_polarity"]),
        top_down=True,
    )
    reading = DiceReader(profile).read(image)
    used = set()
    for die in case["dice"]:  # type: ignore[attr-defined]
        near = [d for d in reading.dice if math.dist(d.center, die["centre"]) <= 8.0]
        if die["cocked"]:
            assert not near
            continue
        assert [d.value for d in near] == [die["value"]]
        used.add(near[0])
    assert set(reading.dice) == used


def blob(x: float, y: float, diameter: float) -> PipBlob:
    area = math.pi / 4 * diameter**2
    return PipBlob(x, y, area, diameter, diameter, 0.0, 40.0, 200.0, 190.0, 0.95)


def test_pips_fitted_on_one_face_are_alike_within_a_pixel_each_side() -> None:
    assert like_size(2.5, 4.3, GROUP_SIZE_PX)
    assert not like_size(2.5, 4.8, GROUP_SIZE_PX)
    assert not like_size(5.0, 7.5, GROUP_SIZE_PX)
    # a mark off the layout is taken for a pip of the die only at the closer match
    assert not like_size(2.5, 4.3)


def test_the_die_itself_round_its_pips_is_no_stray_mark() -> None:
    pips = [blob(50 + 6 * u, 50 + 6 * v, 4.0) for u, v in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1))]
    assert _encloses(blob(50, 50, 30.0), pips)
    # a symbol or dirt inside the face does not hold every pip
    assert not _encloses(blob(50, 50, 12.0), pips)
    assert not _encloses(blob(50, 50, 30.0), pips[:1])


def square_rays(side: float, turn_deg: float, bounded: np.ndarray) -> np.ndarray:
    angles = np.linspace(0.0, 2.0 * math.pi, 32, endpoint=False) - math.radians(turn_deg)
    edge = 0.5 * side / np.maximum(np.abs(np.cos(angles)), np.abs(np.sin(angles)))
    return np.where(bounded, edge, np.inf)


def test_edges_of_a_die_sized_square_round_the_pip_are_counted() -> None:
    half = np.arange(32) < 16
    assert square_edge_share(square_rays(28.0, 20.0, half), 28.0) == (16, 16)
    # edges of a square twice as big (a dot beside some larger object) are not the die's
    assert square_edge_share(square_rays(56.0, 20.0, half), 28.0)[0] < 4


def test_a_blob_wider_than_the_rays_reach_has_no_face_round_it() -> None:
    dark = np.full((40, 40), 200, np.uint8)
    colour = np.full((40, 40, 3), 200, np.uint8)
    rays = _ray_lengths(dark, colour, blob(20, 20, 30.0), 10.0)
    assert np.isinf(rays).all()


def test_a_faint_speck_past_the_face_is_no_pip_of_it() -> None:
    cells = [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]
    pips = [blob(50 + 6 * u, 50 + 6 * v, 3.0) for u, v in cells]
    fit = fit_layout(np.array([(p.x, p.y) for p in pips]))
    assert fit is not None and fit.value == 6
    # where a fourth pip of a row would be, as dark as the pips: the group is part of a face
    like = blob(50 + 6 * 2, 50, 3.0)
    assert _stray_marks(fit, pips, [*pips, like], 2.2)
    # the same place, standing out a third as much from the face: a speck at the die's edge
    faint = replace(like, centre_level=200.0 - 0.35 * 160.0)
    assert not _stray_marks(fit, pips, [*pips, faint], 2.2)


def test_a_pip_joined_to_a_fainter_tail_is_found_at_its_neighbours_size() -> None:
    plane = cv2.imread(str(DATA / "random-5009-1-light-plane.png"), cv2.IMREAD_GRAYSCALE)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 24.7)))
    tailed = [b for b in blobs if math.dist((b.x, b.y), (26.1, 31.6)) <= 1.5]
    assert len(tailed) == 1
    others = [b.diameter for b in blobs if b is not tailed[0]]
    assert len(others) == 4
    assert like_size(tailed[0].diameter, float(np.median(others)))
    assert tailed[0].roundness >= ROUND_MIN


def test_a_tiny_pip_in_an_empty_cell_round_within_a_pixel_completes_the_face() -> None:
    corners = [blob(50 + 5 * u, 50 + 5 * v, 4.0) for u, v in ((-1, -1), (1, -1), (-1, 1), (1, 1))]
    fit = fit_layout(np.array([(p.x, p.y) for p in corners]))
    assert fit is not None and fit.value == 4
    centre = replace(blob(50, 50, 3.0), major=4.1, minor=2.2)  # 3 px wide, measured 4 by 2
    blank = np.zeros((100, 100), np.uint8)  # no mark is measured again on the image
    assert centre.roundness < ROUND_MIN
    assert _tiny_pips_in_cells(blank, fit, corners, [*corners, centre]) == [centre]
    # squashed beyond a pixel each side: a mark, not a pip of the face
    long = replace(blob(50, 50, 4.0), major=6.0, minor=2.6)
    assert _tiny_pips_in_cells(blank, fit, corners, [*corners, long]) == []


def test_a_tiny_pip_measured_squashed_on_a_square_face_is_round_enough() -> None:
    # a white 1's red pip 4 px wide measured 4.8 by 3.2 (roundness 0.67), its face the die's
    # 26 px square all round
    pip = replace(blob(50, 50, 3.9), major=4.8, minor=3.2)
    square = square_rays(26.0, 10.0, np.ones(32, bool))
    assert _round_on_square_face(pip, square, 26.0)
    # no die size to compare the face with: nothing concluded
    assert not _round_on_square_face(pip, square, None)
    # a face foreshortened as a tilt that squashes the pip would foreshorten it
    angles = np.linspace(0.0, 2.0 * math.pi, 32, endpoint=False)
    tilted = np.minimum(13.0 / np.maximum(np.abs(np.cos(angles)), 1e-9),
                        0.67 * 13.0 / np.maximum(np.abs(np.sin(angles)), 1e-9))
    assert not _round_on_square_face(pip, tilted, 26.0)
    # a pip squashed beyond a pixel each side is squashed, whatever its face
    assert not _round_on_square_face(replace(pip, major=7.0, minor=3.5), square, 26.0)


def test_pips_cut_apart_measure_as_their_neighbours_the_threshold_outlines_alone() -> None:
    # the light-pip plane round a black 6 30 px wide: the middle and bottom pips of each column
    # run together and are cut at half their contrast, the top ones stand alone (5.3 px)
    plane = cv2.imread(str(DATA / "random-6001-6-light-plane.png"), cv2.IMREAD_GRAYSCALE)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 30.3)))
    six = [b for b in blobs if b.roundness >= ROUND_MIN and math.dist((b.x, b.y), (23.0, 19.0)) <= 14.0]
    assert len(six) == 6
    sizes = [b.diameter for b in six]
    assert max(sizes) - min(sizes) <= GROUP_SIZE_PX


def test_a_6_whose_pips_were_cut_apart_is_read_with_its_side_face_in_view() -> None:
    reading = read_saved("random-6001-6-frame.png", "random-6001-calibration.json")
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice] == [
        (2, 285, 73), (6, 262, 130)
    ]
    assert reading.unreadable == ()


def test_the_second_face_of_a_leaning_die_is_refused_where_the_die_is() -> None:

    # a red 1 leaning 39° on the wall, its centre at (317, 75): the two pips of the face turned
    # up from the wall, 13 px above it, pass for a 2 on a grid too small for the die
    reading = read_saved("random-6049-leaning-1-frame.png", "random-6049-calibration.json")
    assert sorted(d.value for d in reading.dice) == [1, 1, 4]
    assert len(reading.unreadable) == 1
    assert math.dist(reading.unreadable[0].center, (317.0, 75.3)) <= 0.25 * 28.1


def test_a_pip_that_does_not_part_from_a_merged_blob_is_no_cut_pip_s_share() -> None:
    # the light-pip plane round a red 6 24 px wide: five pips part from two merged blobs, the
    # sixth stays in one of them; the pip beside it must not take its pixels as its own size
    plane = cv2.imread(str(DATA / "red-dice-5016-6-light-plane.png"), cv2.IMREAD_GRAYSCALE)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 24.0)))
    cut = [b for b in blobs if math.dist((b.x, b.y), (22.0, 23.0)) <= 9.0]
    assert len(cut) == 5
    sizes = [b.diameter for b in cut]
    assert max(sizes) - min(sizes) <= GROUP_SIZE_PX


def test_a_pip_joined_to_a_fainter_shade_on_one_side_is_cut_round() -> None:
    # the light-pip plane round a red 5 26 px wide, white pips, by the bright tray: the right
    # pip runs into the face beside it (darker than the tray that lifts the local mean), one
    # convex blob of roundness 0.53 that no cut parts in two; its round core is the pip
    plane = cv2.imread(str(DATA / "random-7029-5-light-plane.png"), cv2.IMREAD_GRAYSCALE)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 26.2)))
    five = [b for b in blobs if math.dist((b.x, b.y), (24.0, 20.0)) <= 14.0]
    assert len(five) == 5
    assert all(b.roundness >= ROUND_MIN for b in five)
    right = min(five, key=lambda b: math.dist((b.x, b.y), (31.0, 23.5)))
    assert math.dist((right.x, right.y), (31.0, 23.5)) <= 1.0


def test_a_5_by_the_bright_tray_is_read_in_its_frame() -> None:
    reading = read_saved("random-7029-5-frame.png", "random-7029-calibration.json")
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice] == [
        (4, 324, 74), (5, 247, 77)
    ]
    assert reading.unreadable == ()


def test_a_squashed_pip_is_not_cut_to_a_round_core() -> None:
    # a pip of a tilted face: squashed alike at every level, its core centred in its blob
    plane = np.full((48, 48), 200, np.uint8)
    cv2.ellipse(plane, (24, 24), (5, 2), 30.0, 0.0, 360.0, 20, -1)
    plane = cv2.GaussianBlur(plane, (5, 5), 1.0)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 26.0)))
    assert len(blobs) == 1
    assert blobs[0].roundness < ROUND_MIN


def test_a_pip_with_a_short_tail_is_cut_to_its_neighbours_size() -> None:
    # the same red 5 thrown again: its top-right pip runs into the face by the bright tray in a
    # blob of roundness 0.73 measured 6.4 px against 4.1 to 5.4 for the others (refused for
    # unequal pips); its round core, off the blob's centre, is of their size
    plane = cv2.imread(str(DATA / "random-7029-5-rethrown-light-plane.png"), cv2.IMREAD_GRAYSCALE)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 26.2)))
    five = [b for b in blobs if math.dist((b.x, b.y), (24.0, 25.0)) <= 14.0]
    assert len(five) == 5
    right = min(five, key=lambda b: math.dist((b.x, b.y), (31.0, 19.5)))
    assert right.roundness >= 0.8
    assert right.diameter <= max(b.diameter for b in five if b is not right)


def test_a_pip_joined_to_the_shade_along_two_sides_of_its_face_is_cut_round_with_the_die_size_known() -> None:
    # the light-pip plane round a red 2 25 px wide, white pips, on blue felt brighter than its
    # face in that plane: its lower pip runs into the shade along two sides of the face, one
    # blob of 8.2 pips' area, too big for pips run together; with the die size known its round
    # core is cut off that tail, of its partner's size
    plane = cv2.imread(str(DATA / "random-10043-2-light-plane.png"), cv2.IMREAD_GRAYSCALE)
    block = _window_for(PIP_PER_SIDE * 24.9)
    assert len(find_pip_blobs(plane, PipSearch(block=block))) == 1
    blobs = find_pip_blobs(plane, PipSearch(block=block, long_tails=True))
    cut = [b for b in blobs if math.dist((b.x, b.y), (29.6, 28.6)) <= 1.5]
    assert len(blobs) == 2 and len(cut) == 1
    assert cut[0].roundness >= ROUND_MIN
    assert like_size(cut[0].diameter, next(b for b in blobs if b is not cut[0]).diameter)


def _crop_pips(image_name: str, die_size: float) -> tuple[np.ndarray, np.ndarray, list[PipBlob]]:
    """The light-pip plane, the colour and the round pip candidates of a crop, as the reader has them."""
    from vision.planes import every_plane

    image = cv2.imread(str(DATA / image_name), cv2.IMREAD_COLOR)
    _, grey, colour = every_plane(image)
    plane = cv2.bitwise_not(grey)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * die_size)))
    return plane, colour, [b for b in blobs if b.roundness >= ROUND_MIN]


def test_a_faint_pip_of_a_side_face_past_a_1_s_face_is_no_partner_of_its_pip() -> None:
    # a red 1 whose side face, turned to the picture's middle, shows pips standing out a
    # third as much as the 1's pip (in the whole frame), just past the face's edge
    from vision.ones import read_lone_pip

    plane, colour, blobs = _crop_pips("random-13015-1-side-pips.png", 27.8)
    pip = max(blobs, key=lambda b: b.contrast)
    assert math.dist((pip.x, pip.y), (64.4, 63.8)) < 5.0
    # the side face's pip as the full frame measured it: 1.5 px narrower, 17.6 px off, a
    # quarter of its contrast
    side = replace(pip, x=pip.x + 5.8, y=pip.y + 16.6, area=math.pi / 4 * (pip.diameter - 1.5) ** 2,
                   major=5.0, minor=3.5, centre_level=pip.ring_level - 40.0)
    face = read_lone_pip(plane, colour, pip, 27.8, 32.0, [*blobs, side], 27.8)
    assert face is not None and face.value == 1
    # a pip of its own size and contrast there is a partner (one pip of a 2): no 1
    like = replace(side, centre_level=pip.centre_level, area=pip.area, major=pip.major, minor=pip.minor)
    assert read_lone_pip(plane, colour, pip, 27.8, 32.0, [*blobs, like], 27.8).value is None



def test_the_empty_cells_of_a_4_whose_pips_are_a_diameter_apart_are_bare() -> None:
    # white pips 4.6 px wide, 9.2 px apart on a black die 22 px wide: the blur of a pip reaches
    # the samples of the mid-side cells beside it, which are no mark in the cell
    from vision.emptycells import cells_are_bare

    plane, _, blobs = _crop_pips("random-13039-4-close-pips-balanced.png", 22.4)
    pips = [b for b in blobs if math.dist((b.x, b.y), (33.5, 30.0)) < 9.0 and b.contrast > 100]
    assert len(pips) == 4
    fit = fit_layout(np.array([(p.x, p.y) for p in pips]))
    assert fit is not None and fit.value == 4
    assert cells_are_bare(plane, fit, pips)
    # a dark mark in the middle of a mid-side cell is still seen
    marked = plane.copy()
    x, y = fit.to_image(0.0, -1.0)
    cv2.circle(marked, (round(x), round(y)), 1, 0, -1)
    assert not cells_are_bare(marked, fit, pips)


def test_two_pips_with_a_pip_of_their_kind_measured_squashed_midway_are_neighbours() -> None:
    # the two ends of a 3 of pips 3.2 px wide, 13 px apart, whose middle pip measures 4.6 by 2.6
    from vision.fallbacks import neighbours

    ends = [blob(20.0, 20.0, 3.2), blob(33.2, 20.0, 3.2)]
    middle = replace(blob(26.6, 20.0, 3.4), major=4.6, minor=2.6)
    assert not neighbours([0], [1], ends)
    assert neighbours([0], [1], ends, [*ends, middle])
    # a mark off the midpoint, or faint, or stretched past a pixel each side, is none
    assert not neighbours([0], [1], ends, [*ends, replace(middle, y=24.0)])
    assert not neighbours([0], [1], ends, [*ends, replace(middle, centre_level=190.0)])
    assert not neighbours([0], [1], ends, [*ends, replace(middle, major=6.0, minor=2.0)])
