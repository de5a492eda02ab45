"""Pips run into one blob of the threshold (a 6's column, a face's rim), cut apart all the same.

The frame parts are in tests/data/sim-rests (see its README), read with their scene's profile
moved to the part.
"""

from __future__ import annotations

import math

import cv2

from tests.vision.saved_rests import SIM_RESTS, read_saved
from vision.faces import GROUP_SIZE_PX, ROUND_MIN
from vision.pips import PipSearch, find_pip_blobs
from vision.planes import every_plane
from vision.profile import load_profile
from vision.reader import PIP_PER_SIDE, SMALLEST_PIP_PER_SIDE, _window_for

SIX_BRIDGED = "random-33003-6-deep-bridge-part"
SIX_FAINT_ENDS = "random-33035-6-faint-end-pips-part"
TWO_IN_RIM = "random-33035-2-rim-blob-part"
SIX_CORES_UNDER_FLOOR = "random-61073-flat-red-6-column-cut-frame-part"


def _round_pips_near(part: str, centre: tuple[float, float]) -> list[float]:
    """Diameters of the round pips the calibrated search finds within a die side of `centre`."""
    image = cv2.imread(str(SIM_RESTS / f"{part}.png"), cv2.IMREAD_COLOR)
    side = load_profile(SIM_RESTS / f"{part}-calibration.json").die_size_px
    assert side is not None
    _, grey, _ = every_plane(image)
    search = PipSearch(
        block=_window_for(PIP_PER_SIDE * side),
        long_tails=True,
        min_pixels=math.pi / 4.0 * (SMALLEST_PIP_PER_SIDE * side) ** 2,
    )
    blobs = find_pip_blobs(cv2.bitwise_not(grey), search)
    return [
        b.diameter for b in blobs if b.roundness >= ROUND_MIN and math.dist((b.x, b.y), centre) <= side
    ]


def _read(part: str) -> list[tuple[int, int, int]]:
    reading = read_saved(f"{part}.png", f"{part}-calibration.json")
    assert reading.unreadable == ()
    return sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice)


def test_a_column_still_bridged_at_a_third_of_its_contrast_is_cut_lower() -> None:
    # a red 6 of white pips 6 px wide: the left column parts at 0.3 of its contrast into one pip
    # and two still joined (not solid), the right one at half into a pip and two side by side
    sizes = _round_pips_near(SIX_BRIDGED, (61.0, 56.0))
    assert len(sizes) == 6
    assert max(sizes) - min(sizes) <= GROUP_SIZE_PX
    assert _read(SIX_BRIDGED) == [(6, 61, 54)]


def test_the_faint_end_pip_of_a_parted_column_is_kept_under_the_outline_floor() -> None:
    # a red 6 of white pips 4.4 px wide: each column's end pip by the face's edge leaves a core
    # of 2.5 px² of outline (6 pixels) at the cut that parts its column
    assert len(_round_pips_near(SIX_FAINT_ENDS, (49.4, 48.0))) == 6
    assert _read(SIX_FAINT_ENDS) == [(3, 66, 73), (6, 49, 46)]


def test_a_column_whose_pips_part_under_the_outline_floor_is_cut_into_its_pips() -> None:
    # a red 6 of white pips 4.4 px wide on a die 22.6 px wide, on grey felt: one column is a blob
    # that parts at half its contrast into a pip and two pips still joined (not solid), and at 0.3
    # into three cores of pip pixels, two under the outline's floor of 3 px² (2.5 and 1.5 px²):
    # the 6 was refused as its other column (`not_pips`, grid of another size)
    assert len(_round_pips_near(SIX_CORES_UNDER_FLOOR, (95.0, 184.0))) == 6
    assert _read(SIX_CORES_UNDER_FLOOR) == [(3, 99, 119), (3, 172, 128), (6, 94, 182)]


def test_pips_run_into_the_rim_of_their_face_all_round_are_cut_from_it() -> None:
    # a red 2 on blue felt, darker than the felt in the light-pip plane: its rim and both pips
    # made one blob of 17.5 pip areas
    assert len(_round_pips_near(TWO_IN_RIM, (56.7, 56.0))) == 2
    # the 6 is grouped whole (its pips' pink glow on the path is their blur): centred 73.42, not
    # 73.50 as read from four pips and a pair joined again
    assert _read(TWO_IN_RIM) == [(2, 57, 56), (3, 19, 73), (6, 73, 29)]


def test_the_shade_round_a_die_by_the_wall_gives_no_pip_past_its_edge() -> None:
    # an ivory 6 by the wall: its shaded sides and shadow are one blob of 28 pip areas, whose
    # pieces are stretched along it; none may pass for the pip of a face past the 6's outer edge
    reading = read_saved("random-14025-6-by-wall-frame-part.png", "random-14025-calibration.json")
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice] == [(6, 510, 220)]
    assert reading.unreadable == ()
