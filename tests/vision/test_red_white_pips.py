"""Red dice of white pips: set near their faces' centres by the wall of a purple tray, or so close
that the threshold runs them together.

The frame parts (tests/data/sim-rests, 320×400 round the picture's centre of a 640×480 frame,
with the scene's calibration moved to the part) hold flat red 4s 24 px wide whose white pips
sit 5 px from the face's centre lines: the rings round the pips reach the shade of the die's
rounded edge, and the pip grid's side (19 px) is short of the die's.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import cv2

from vision.faces import ROUND_MIN, read_group
from vision.pips import PipSearch, find_pip_blobs
from vision.profile import load_profile
from vision.reader import PIP_PER_SIDE, DiceReader, Reading, _window_for

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def read_part(name: str) -> Reading:
    image = cv2.imread(str(DATA / name), cv2.IMREAD_COLOR)
    profile = load_profile(DATA / "random-11023-part-calibration.json")
    return DiceReader(profile, crop_to_tray=False).read(image)


def values_near(reading: Reading, centre: tuple[float, float]) -> list[int]:
    return [d.value for d in reading.dice if math.dist(d.center, centre) <= 8.0]


def test_a_face_whose_rings_reach_its_edge_s_shade_is_read() -> None:
    # the 4 at (206, 67): two of its bare mid-sides are brighter red than the face colour read
    # round its pips, half of whose ring lies on the shaded edge; it was refused `not_pips`
    reading = read_part("random-11023-4-edge-shade-frame-part.png")
    assert values_near(reading, (206.0, 67.0)) == [4]
    assert values_near(reading, (122.0, 66.0)) == [4]
    assert reading.unreadable == ()


def test_a_flat_die_by_the_wall_whose_side_run_stops_on_its_edge_s_shade_is_read() -> None:
    # the 4 at (122, 66), 7 px inside the wall: a side run stopped 0.49 of the grid's side out,
    # on the shade of the rounded edge, and the outer one at half the die (0.62 of the grid's
    # side); it was refused `cocked` (body past top face)
    reading = read_part("random-11023-4-by-wall-frame-part.png")
    for centre in ((122.0, 66.0), (173.0, 76.0), (206.0, 67.0)):
        assert values_near(reading, centre) == [4]
    assert len(reading.dice) == 3
    assert reading.unreadable == ()


def test_the_middle_pips_of_a_6_cut_from_its_columns_are_its_pips() -> None:
    # the light-pip plane (48×48) and the white-balanced colour round a red 6 24 px wide touching
    # a 1: each column is one blob of the threshold, cut in three; the middle pips, cut on both
    # sides, measure 0.58 and were marks in the empty cells of a 4 (`occluded`)
    plane = cv2.imread(str(DATA / "red-dice-12040-6-light-plane.png"), cv2.IMREAD_GRAYSCALE)
    colour = cv2.imread(str(DATA / "red-dice-12040-6-balanced.png"), cv2.IMREAD_COLOR)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 24.0)))
    corners = [b for b in blobs if b.roundness >= ROUND_MIN]
    middles = [b for b in blobs if b.roundness < ROUND_MIN]
    assert len(corners) == 4 and len(middles) == 2
    face = read_group(plane, colour, [0, 1, 2, 3], corners, blobs)
    assert face.value == 6 and face.pip_count == 6
    # marks of that squash not cut from the face's pips are no pips of it
    apart = [*corners, *(replace(b, cut_from=-1) for b in middles)]
    assert read_group(plane, colour, [0, 1, 2, 3], corners, apart).reason == "occluded"


def test_the_pips_of_a_6_s_columns_run_together_are_grouped_whatever_their_rings() -> None:
    # the light-pip plane and the white-balanced colour (48×48) round a flat red 6 of white pips
    # 24 px wide on green felt: each column is one blob of the threshold, cut in three; the ring
    # of the middle pip passes over its neighbours (117 against 130 round the end pips), and the
    # face was broken into pieces refused `not_pips` and `occluded`
    from vision.grouping import group_pips

    plane = cv2.imread(str(DATA / "red-dice-19032-6-light-plane.png"), cv2.IMREAD_GRAYSCALE)
    colour = cv2.imread(str(DATA / "red-dice-19032-6-balanced.png"), cv2.IMREAD_COLOR)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 24.0)))
    pips = [b for b in blobs if b.roundness >= ROUND_MIN]
    assert len(pips) == 6 and len({b.cut_from for b in pips}) == 2
    groups = group_pips(plane, colour, pips, 24.0 / 3.6)
    assert groups == [list(range(6))]
    assert read_group(plane, colour, groups[0], pips, blobs).value == 6
    # found whole, they are taken together all the same: a gap the ring and the other's blur span
    # is no face between them, cut or not (pips farther apart, ringed unlike, stay apart:
    # tests/vision/test_crowded_cells.py)
    whole = [replace(b, cut_from=-1) for b in pips]
    assert group_pips(plane, colour, whole, 24.0 / 3.6) == [list(range(6))]


def test_the_centre_pip_of_a_5_shrunk_by_the_threshold_measures_alike_at_half_its_contrast() -> None:
    # the light-pip plane and the white-balanced colour (48×48) round a flat red 5 of white pips
    # 24 px wide on green felt: the threshold's window round the centre pip holds the four others,
    # which darken its mean, and outlines the centre 3.2 px wide against 4.7 to 5.2 round the
    # corners; the face was refused for unequal pips (`not_pips`)
    plane = cv2.imread(str(DATA / "red-dice-12024-5-light-plane.png"), cv2.IMREAD_GRAYSCALE)
    colour = cv2.imread(str(DATA / "red-dice-12024-5-balanced.png"), cv2.IMREAD_COLOR)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 24.0)))
    pips = [b for b in blobs if b.roundness >= ROUND_MIN and math.dist((b.x, b.y), (24.0, 24.0)) < 10.0]
    diameters = sorted(p.diameter for p in pips)
    assert len(pips) == 5 and diameters[-1] - diameters[0] > 2.0 and diameters[-1] > 1.4 * diameters[0]
    assert read_group(plane, colour, list(range(5)), pips, blobs).value == 5
    # a pip truly smaller than the others stays unequal: the centre pip drawn 2 px wide
    small = plane.copy()
    centre = min(pips, key=lambda p: math.dist((p.x, p.y), (24.0, 24.0)))
    cx, cy = round(centre.x), round(centre.y)
    small[cy - 3:cy + 4, cx - 3:cx + 4] = int(centre.ring_level)
    small[cy:cy + 2, cx:cx + 2] = int(centre.centre_level)
    assert read_group(small, colour, list(range(5)), pips, blobs).detail == "unequal pips"
    # a corner pip measured small has no more pips in its window than the largest: no threshold
    # shrank it, and the face stays refused whatever its size at half contrast
    corner = max(pips, key=lambda p: math.dist((p.x, p.y), (24.0, 24.0)))
    shrunk = [replace(p, area=0.35 * p.area) if p is corner else p for p in pips]
    assert read_group(plane, colour, list(range(5)), shrunk, blobs).detail == "unequal pips"
