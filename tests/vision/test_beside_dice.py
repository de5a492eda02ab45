"""Dark dice read beside their neighbours once those are read (tests/data/sim-rests, its README).

A pip of another die, unclaimed while its face was still in pieces, is no partner of a lone 1;
a 3 grouped with the corners of a leaning 5 beside it is cut from them, the 5 refused apart.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from tests.vision.saved_rests import SIM_RESTS, read_saved
from vision.faces import Face
from vision.fallbacks import _other_die
from vision.pips import PipBlob
from vision.profile import load_profile
from vision.reader import DiceReader


def _near(centres: list[tuple[float, float]], point: tuple[float, float]) -> bool:
    return any(math.dist(c, point) <= 8.0 for c in centres)


def test_a_black_one_between_a_five_and_a_six_is_read_once_the_six_is() -> None:
    reading = read_saved("random-22055-1-beside-six-frame-part.png", "random-22055-part-calibration.json")
    values = sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice)
    assert [v for v, _, _ in values] == [1, 5, 6]
    one = next(d for d in reading.dice if d.value == 1)
    assert math.dist(one.center, (147.1, 117.8)) <= 8.0
    assert reading.unreadable == ()


def test_a_three_grouped_with_a_leaning_five_is_read_and_the_five_refused() -> None:
    # the crop at its place in the frame (263, 6): the checks of a leaning die look away from the
    # picture's centre, towards the wall, and the crop's own centre lies beside the die
    crop = cv2.imread(str(SIM_RESTS / "random-22067-3-beside-leaning-5.png"), cv2.IMREAD_COLOR)
    profile = load_profile(SIM_RESTS / "random-22067-3-beside-leaning-5-calibration.json")
    x0, y0 = 263, 6
    frame = np.zeros((480, 640, 3), np.uint8)
    frame[y0:y0 + 128, x0:x0 + 128] = crop
    assert profile.nadir_px is not None
    profile = replace(
        profile, tray_polygon=tuple((x + x0, y + y0) for x, y in profile.tray_polygon),
        nadir_px=(profile.nadir_px[0] + x0, profile.nadir_px[1] + y0),
    )
    reading = DiceReader(profile, crop_to_tray=False).read(frame)
    assert [(d.value, _near([d.center], (78.8 + x0, 64.3 + y0))) for d in reading.dice] == [(3, True)]
    assert len(reading.unreadable) == 1
    assert _near([reading.unreadable[0].center], (49.4 + x0, 66.7 + y0))


def _pip(x: float, y: float) -> PipBlob:
    return PipBlob(x, y, 20.0, 5.0, 5.0, 0.0, 150.0, 160.0, 150.0, 0.95)


def test_refused_pips_beside_a_read_face_are_another_die_only_a_side_away() -> None:
    three = Face(3, (100.0, 100.0), 28.0, 0.9, None, 3, 0.95)
    refused = Face(None, (70.0, 100.0), 28.0, 0.0, "occluded", 4, 0.95, "mark in an empty cell")
    corners = [_pip(64.0, 94.0), _pip(76.0, 94.0), _pip(64.0, 106.0), _pip(76.0, 106.0)]
    assert _other_die(three, refused, corners, 28.0)
    # pips a third of a side from the read face's centre are on its die (a side face, a column)
    near = [_pip(90.0, 94.0), _pip(90.0, 106.0)]
    assert not _other_die(three, refused, near, 28.0)
    # a lone speck is no die; nor are pips refused for no face check
    assert not _other_die(three, refused, corners[:1], 28.0)
    assert not _other_die(three, Face(None, (70.0, 100.0), 0.0, 0.0, None, 4, 0.0), corners, 28.0)


def test_a_pip_neither_read_nor_refused_hides_no_refusal_beside_it() -> None:
    from vision.verdicts import resolve_overlaps

    read = Face(2, (314.0, 88.0), 18.5, 0.9, None, 2, 0.95)
    leaning = Face(None, (373.0, 78.0), 14.4, 0.0, "not_pips", 5, 0.9, "no layout fits")
    unreported = Face(None, (353.0, 91.0), 0.0, 0.0, None, 1, 0.0)
    # two pips of a flat 4 half under a leaning 6, on a grid too small for the die, 8 px from
    # an unreported pip of the 6: the 4 went unseen
    part = Face(None, (357.0, 98.0), 13.6, 0.0, "not_pips", 2, 0.9, "grid of another size")
    kept = resolve_overlaps([read, leaning, unreported, part], 30.0)
    assert [f for f in kept if f.reason is not None] == [leaning, part]
    # without the die size no refusal is shown to lie on a die: the dot and it are one object
    kept = resolve_overlaps([read, leaning, unreported, part])
    assert [f for f in kept if f.reason is not None] == [leaning]
