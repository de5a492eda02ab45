"""A flat die's side face seen past its top face, under a camera straight above.

Away from the point below the lens, a flat die shows the side faces turned to that point, their
pips shaded and just past the top face's edge: no sign that a group is only part of its face.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import cv2

from tests.vision.saved_rests import read_saved
from vision.layout import LayoutFit
from vision.pips import PipBlob
from vision.profile import load_profile
from vision.reader import DiceReader
from vision.sidepips import side_face_pip

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def test_a_black_3_with_its_side_face_pips_in_view_is_read() -> None:
    # a black die 24.6 px wide with white pips 4.5 px wide on dark teal felt; the two pips of its
    # side face turned to the point below the lens show just past its top face's edge, standing
    # out 0.5 to 0.6 as much as the 3's
    image = cv2.imread(str(DATA / "random-12027-3-side-pips.png"), cv2.IMREAD_COLOR)
    profile = load_profile(DATA / "random-12027-3-side-pips-calibration.json")
    reading = DiceReader(profile, crop_to_tray=False).read(image)
    assert [d.value for d in reading.dice] == [3]
    assert math.dist(reading.dice[0].center, (64.0, 64.0)) < 5.0
    assert not reading.unreadable
    # taken for a die straight below the lens, whose side faces do not show, it is refused
    centred = DiceReader(replace(profile, nadir_px=None), crop_to_tray=False).read(image)
    assert not centred.dice
    assert [u.reason for u in centred.unreadable] == ["not_pips"]


def test_a_3_grouped_with_its_side_face_pips_is_found_among_the_pips_standing_out_alike() -> None:
    # the same die's twin: its 3 and the two side face pips were grouped as one; the roundest
    # pips and those standing out half as much as the strongest each take in a side face pip,
    # those standing out as a 2's pips do (0.65 of the strongest) are the 3 alone
    reading = read_saved("random-12027-3-side-pips-2.png", "random-12027-3-side-pips-2-calibration.json")
    assert [d.value for d in reading.dice] == [3]
    assert math.dist(reading.dice[0].center, (64.0, 64.0)) < 5.0
    assert not reading.unreadable


def pip(x: float, y: float, contrast: float) -> PipBlob:
    return PipBlob(x, y, 16.0, 4.5, 4.5, 0.0, 200.0 - contrast, 200.0, 195.0, 0.95)


def test_only_a_shaded_pip_past_the_edge_turned_to_the_nadir_is_a_side_face_pip() -> None:
    # a face 25 px wide centred at (100, 100), square to the picture; the nadir lies below it
    fit = LayoutFit(3, (100.0, 100.0), 5.0, 0.0, 0.0)
    view = ((100.0, 300.0), 25.0)
    assert side_face_pip(fit, pip(97.0, 114.0, 90.0), 160.0, view)
    # standing out as the face's pips do, it may be a pip of a larger face
    assert not side_face_pip(fit, pip(97.0, 114.0, 120.0), 160.0, view)
    # inside the face's edge (12.5 px from its centre), it is on the face
    assert not side_face_pip(fit, pip(97.0, 111.0, 90.0), 160.0, view)
    # past the edge turned away from the nadir, no flat die shows a side face
    assert not side_face_pip(fit, pip(97.0, 86.0, 90.0), 160.0, view)
    # straight below the lens, no side face is turned to it
    assert not side_face_pip(fit, pip(97.0, 114.0, 90.0), 160.0, ((100.0, 110.0), 25.0))


def test_a_4_read_with_its_side_face_pips_on_a_grid_wider_than_the_die_is_found_among_them() -> None:
    # a frame part (280×200 round the picture's centre): a flat black 4 of white pips at (45, 41),
    # 26 px wide, grouped with two pips of the side face it turns to the point below the lens
    # (3 px wide, standing out 0.3 as much): the six fitted a 6 on a grid wider than the die
    # allows, and the 4 was refused (`not_pips`, grid of another size)
    reading = read_saved("random-27007-4-side-pips-part.png", "random-27007-part-calibration.json")
    assert [d.value for d in reading.dice if math.dist(d.center, (45.0, 41.0)) < 8.0] == [4]
    assert sorted(d.value for d in reading.dice) == [1, 4, 4]
    assert reading.unreadable == ()


def test_a_pip_lit_as_the_top_within_the_side_face_s_parallax_width_is_a_side_face_pip() -> None:
    # the same face, the lens 1000 px: 100 px from the nadir, the side face turned to it is seen
    # 0.1 of a side wide (2.5 px); a pip standing out as the face's own, 1.5 px past the edge
    fit = LayoutFit(3, (100.0, 100.0), 5.0, 0.0, 0.0)
    view = ((100.0, 200.0), 25.0, 1000.0)
    assert side_face_pip(fit, pip(97.0, 114.0, 150.0), 160.0, view)
    # without the lens, its width is not known, and only a shaded pip is one
    assert not side_face_pip(fit, pip(97.0, 114.0, 150.0), 160.0, ((100.0, 200.0), 25.0, None))
    # past the width that side face shows (0.85 of it and a pixel's blur: 3.1 px), it is none
    assert not side_face_pip(fit, pip(97.0, 115.8, 150.0), 160.0, view)
    # nor past 0.14 of a side (3.5 px), where another flat die's top pips may lie, however wide the
    # side face (500 px from the nadir: 11.6 px)
    far = ((100.0, 600.0), 25.0, 1000.0)
    assert side_face_pip(fit, pip(97.0, 115.0, 150.0), 160.0, far)
    assert not side_face_pip(fit, pip(97.0, 116.5, 150.0), 160.0, far)
    # beyond the side's end (past a corner) another die's top face may reach as near
    assert not side_face_pip(fit, pip(114.0, 114.0, 150.0), 160.0, view)


def test_a_4_grouped_with_the_pips_of_its_side_face_lit_as_the_top_is_read() -> None:
    # a flat black 4 of white pips 6 px wide on blue felt (128×128 part, die 30 px), the two pips
    # of the side face it turns to the point below the lens (4.8 px wide, 1.5 to 2.4 px past the
    # top face's edge) standing out 0.85 to 0.9 as much as the 4's, whose pips are white to the
    # picture's ceiling: the six fitted a 6 on a grid wider than the die, the 4 alone had two
    # stray marks, and it was refused (`not_pips`)
    reading = read_saved(
        "random-59005-flat-black-4-lit-side-pips-part.png",
        "random-59005-flat-black-4-lit-side-pips-part-calibration.json",
    )
    assert [d.value for d in reading.dice if math.dist(d.center, (64.0, 62.0)) < 5.0] == [4]
    assert reading.unreadable == ()


def test_a_leaning_4_whose_turned_up_face_is_lit_more_than_its_top_stays_refused() -> None:
    # a black 4 of white pips leaning on the far wall over green felt (128×128 part, die 26 px):
    # two of its top pips with the two of the face it turns up to the wall fit a 4, beyond which
    # its other two top pips lie 2.7 and 3.4 px, on the side a flat die turns to the point below
    # the lens and within the width its side face shows there; they stand out 1.25 times as much
    # as the four, as no side face turned from the light above does, and the 4 stays refused
    reading = read_saved(
        "dark-dice-43012-leaning-4-lit-turned-up-face-part.png",
        "dark-dice-43012-leaning-4-lit-turned-up-face-part-calibration.json",
    )
    assert reading.dice == ()
    assert [u.reason for u in reading.unreadable] == ["not_pips"]
