"""A die by the wall must show the side face turned to the lens as wide as the lens's parallax says.

A flat die whose top face lies r px from the point below the lens shows that side face about r/f
of a side wide (f the focal length, pixels), its pips as dashes across it; a die leaning on the
wall, tipped towards the middle past the view angle, shows felt there.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from tests.vision.saved_rests import placed, read_part
from vision.body import inner_face_in_view
from vision.faces import Face
from vision.innerface import inner_face_marks
from vision.layout import fit_layout
from vision.profile import load_profile
from vision.reader import DiceReader

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"
SIDE = 28.0
CENTRE = (100.0, 60.0)
FOCAL = 900.0
NADIR = (100.0, 400.0)  # 340 px below the die: a flat die's inner side face 0.38 of a side wide


def _die(inner_face: bool) -> tuple[np.ndarray, Face]:
    """A white 4 on grey felt; below it (towards the nadir) its side face with two dashes, or felt."""
    plane = np.full((200, 200), 120, np.uint8)
    x0, y0 = int(CENTRE[0] - SIDE / 2), int(CENTRE[1] - SIDE / 2)
    plane[y0:y0 + int(SIDE), x0:x0 + int(SIDE)] = 230
    pips = [(CENTRE[0] + dx, CENTRE[1] + dy) for dx in (-7.0, 7.0) for dy in (-7.0, 7.0)]
    for x, y in pips:
        cv2.circle(plane, (round(x), round(y)), 2, 40, -1)
    if inner_face:
        band = round(SIDE * (NADIR[1] - CENTRE[1]) / FOCAL)
        edge = y0 + int(SIDE)
        plane[edge:edge + band, x0:x0 + int(SIDE)] = 170
        for x in (CENTRE[0] - 7.0, CENTRE[0] + 7.0):  # a 2's pips, foreshortened across the band
            plane[edge + band // 2 - 1:edge + band // 2 + 1, round(x) - 2:round(x) + 3] = 60
    fit = fit_layout(np.array(pips))
    assert fit is not None
    return plane, Face(4, CENTRE, SIDE, 1.0, None, 4, 1.0, fit=fit)


def test_a_flat_die_shows_the_dashes_of_its_inner_side_face() -> None:
    plane, face = _die(inner_face=True)
    assert not inner_face_marks(face, plane, NADIR, FOCAL, SIDE).hidden


def test_felt_where_the_inner_side_face_must_show_is_a_die_tipped_towards_the_lens() -> None:
    plane, face = _die(inner_face=False)
    assert inner_face_marks(face, plane, NADIR, FOCAL, SIDE).hidden


def test_a_shadow_darkening_on_past_the_inner_edge_is_no_dash() -> None:
    # felt where the side face must show, a shadow's edge across part of it darkening on with the
    # distance from the top face: dark against its rows, but never darker than the band further on
    plane, face = _die(inner_face=False)
    edge = int(CENTRE[1] + SIDE / 2)
    for row in range(edge, edge + 16):
        plane[row, 80:92] = 120 - 3 * (row - edge)
    assert inner_face_marks(face, plane, NADIR, FOCAL, SIDE).hidden
    # the side face's dashes, lit face either side of them across the band, are a face in view
    plane, face = _die(inner_face=True)
    for row in range(edge, edge + 16):
        plane[row, 80:84] = min(int(plane[row, 80]), 120 - 3 * (row - edge))
    assert not inner_face_marks(face, plane, NADIR, FOCAL, SIDE).hidden


def test_a_faint_dash_with_face_either_side_across_the_band_is_a_dash_standing_out() -> None:
    # felt where the side face must show, one faint mark in the middle of the band: too faint for a
    # pip's dash (NO_DASH), but standing out over the band before and after it as a pip does
    plane, face = _die(inner_face=False)
    edge = int(CENTRE[1] + SIDE / 2)
    plane[edge + 5:edge + 7, 94:99] = 105
    assert inner_face_marks(face, plane, NADIR, FOCAL, SIDE).hidden
    assert not inner_face_marks(face, plane, NADIR, FOCAL, SIDE).no_peak
    # a shadow's edge darkening on across the band stands out over nothing further on
    plane, face = _die(inner_face=False)
    for row in range(edge, edge + 16):
        plane[row, 80:92] = 120 - 3 * (row - edge)
    assert inner_face_marks(face, plane, NADIR, FOCAL, SIDE).no_peak


def test_near_the_nadir_the_inner_side_face_is_too_narrow_to_tell() -> None:
    plane, face = _die(inner_face=False)
    assert not inner_face_marks(face, plane, (100.0, 200.0), FOCAL, SIDE).hidden  # 0.16 of a side


def _read(name: str, with_focal: bool = True) -> DiceReader:
    profile = load_profile(DATA / f"{name}-calibration.json")
    return DiceReader(profile if with_focal else replace(profile, focal_px=None), crop_to_tray=False)


def test_a_die_leaning_at_the_view_angle_is_refused_with_the_lens_known() -> None:
    # a white 2 on beige felt leaning 27° on the wall, seen 20° off the lens's axis: its top face
    # square and face-on, no side face past its inner edge, the beige felt passing for its colour
    image = cv2.imread(str(DATA / "random-12075-leaning-2-part.png"), cv2.IMREAD_COLOR)
    reading = _read("random-12075-leaning-2-part").read(image)
    assert reading.dice == ()
    assert placed(reading)[1] == [("cocked", 65, 38)]
    # without the focal length the profile says nothing of that face, and the die reads as a 2
    unknown = _read("random-12075-leaning-2-part", with_focal=False).read(image)
    assert [d.value for d in unknown.dice] == [2]


def test_a_flat_die_at_that_view_angle_is_read_with_the_lens_known() -> None:
    # a white 4 on pale felt 22° off the lens's axis, its shaded inner side face of the felt's tint
    image = cv2.imread(str(DATA / "random-12055-flat-4-part.png"), cv2.IMREAD_COLOR)
    reading = _read("random-12055-flat-4-part").read(image)
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice] == [(4, 64, 50)]
    assert reading.unreadable == ()


def test_a_die_showing_its_inner_side_face_is_not_refused_for_what_lies_past_its_outer_edge() -> None:
    # a flat cream 2 by the wall on green felt, its side faces turned to the middle in view (0.28 of
    # a side past the inner edge); its shadow of a darker green past the outer edge passed for a
    # band of its body (0.45 of a side). Tipped towards the middle enough to show a face there, it
    # would hide the inner side face.
    name = "random-14055-flat-2-shadow-part"
    image = cv2.imread(str(DATA / f"{name}.png"), cv2.IMREAD_COLOR)
    reading = _read(name).read(image)
    assert placed(reading)[0] == [(1, 5, 34), (2, 38, 34)]
    assert reading.unreadable == ()


def test_a_band_past_the_inner_edge_wider_than_the_parallax_is_no_side_face() -> None:
    # 340 px from the nadir through a lens of 900 px, a flat die's inner side face is 0.38 of a
    # side wide: a band of 0.3 is that face, one of 0.44 (a leaning die's shadow of its tint) is not,
    # nor is a band of edge blur
    face = Face(4, CENTRE, SIDE, 1.0, None, 4, 1.0)
    assert inner_face_in_view(0.3, face, NADIR, FOCAL)
    assert not inner_face_in_view(0.44, face, NADIR, FOCAL)
    assert not inner_face_in_view(0.05, face, NADIR, FOCAL)


def test_a_die_showing_its_inner_side_face_shows_no_outer_face() -> None:
    # a flat red 2 by the wall on pink felt, 0.23 of a side of parallax, its inner side faces in
    # view (0.13 of a side); the dark edge of its shadow past the outer edge looked like the dash
    # of an outer face's pip. Tipped towards the middle enough to turn that face to the lens, it
    # would hide the inner one.
    name = "random-15013-flat-2-outer-dash-part"
    image = cv2.imread(str(DATA / f"{name}.png"), cv2.IMREAD_COLOR)
    reading = _read(name).read(image)
    assert placed(reading)[0] == [(1, 82, 84), (2, 41, 31)]
    assert reading.unreadable == ()
    # without the lens the inner side face's width says nothing, and the die is refused
    unknown = _read(name, with_focal=False).read(image)
    assert [(u.reason, round(u.center[0]), round(u.center[1])) for u in unknown.unreadable] == [
        ("cocked", 41, 31)
    ]


def test_a_die_leaning_over_its_shadow_is_refused_and_a_flat_die_with_faint_dashes_read() -> None:
    # a white 2 on blue felt leaning 24° on the wall, 20° off the lens's axis: past its inner edge
    # only its shadow, whose edge darkens on across the band where a flat die's side face would show
    reading = _read("random-15071-leaning-2-shadow-part").read(
        cv2.imread(str(DATA / "random-15071-leaning-2-shadow-part.png"), cv2.IMREAD_COLOR)
    )
    assert placed(reading)[1] == [("cocked", 106, 26)]
    assert sorted(d.value for d in reading.dice) == [2, 4]  # two flat dice further in
    # a flat ivory 4 by the wall beside a 2, the dashes of its side face faint over its shadow
    flat = _read("random-14067-flat-4-low-dashes-part").read(
        cv2.imread(str(DATA / "random-14067-flat-4-low-dashes-part.png"), cv2.IMREAD_COLOR)
    )
    assert sorted((d.value, round(d.center[0]), round(d.center[1])) for d in flat.dice) == [
        (2, 92, 28), (4, 120, 36)
    ]
    assert flat.unreadable == ()


def test_a_black_die_leaning_over_its_shadow_of_its_colour_is_refused() -> None:
    # a black 2 on dark purple felt leaning 29° on the wall, 21° off the lens's axis: past its inner
    # edge its shadow, as dark as the die, passes for a side face of its colour (0.15 of a side),
    # but no mark stands out there over the band on both sides of it as a side face's pips do
    image = cv2.imread(str(DATA / "random-20067-leaning-black-2-frame.png"), cv2.IMREAD_COLOR)
    reading = _read("random-20067").read(image)
    assert placed(reading)[1] == [("cocked", 402, 56)]
    assert sorted(d.value for d in reading.dice) == [1, 1, 4]


def test_a_narrow_inner_band_with_no_dash_is_a_die_tipped_towards_the_lens() -> None:
    # 207 px from the nadir through a lens of 900 px: a flat die's inner side face is 0.23 of a side
    # wide (6 px), under INNER_BAND; felt there still tells, a face with the dashes of its pips does not
    nadir = (100.0, CENTRE[1] + 207.0)
    plane, face = _die(inner_face=False)
    assert inner_face_marks(face, plane, nadir, FOCAL, SIDE).hidden
    plane, face = _die(inner_face=True)
    edge = int(CENTRE[1] + SIDE / 2)
    plane[edge + 6:edge + 12, :] = 120  # the face as wide as that parallax, its dashes in it
    assert not inner_face_marks(face, plane, nadir, FOCAL, SIDE).hidden


def test_a_black_die_leaning_at_a_narrow_view_angle_is_refused() -> None:
    # a black 5 on green felt leaning 39° on the wall, 13° off the lens's axis: the side face a flat
    # die there shows past its inner edge (0.23 of a side) is its shadow, without a dash
    name = "dark-dice-28004-leaning-5-narrow-part"
    image = cv2.imread(str(DATA / f"{name}.png"), cv2.IMREAD_COLOR)
    reading = _read(name).read(image)
    assert reading.dice == ()
    assert placed(reading)[1] == [("cocked", 62, 37)]
    # without the focal length the band's width is unknown, but its body tells: its turned-up face
    # reaches 0.23 of a side past its side runs, which end 0.436 of a side out in the edge's blur
    # (`backdrop.EDGE_BLUR`), and nothing of it past its inner edge
    without = _read(name, with_focal=False).read(image)
    assert without.dice == ()
    assert placed(without)[1] == [("cocked", 62, 37)]


def test_a_flat_die_with_faint_dashes_on_a_narrow_inner_band_is_read() -> None:
    # a flat ivory 4 by the wall on white felt, 0.19 of a side of parallax: the dashes of its side
    # face stand out 0.068 of its pips' contrast, over the bar cut with the band's width and
    # NARROW_SHARE (0.032)
    name = "white-felt-3-flat-4-narrow-part"
    image = cv2.imread(str(DATA / f"{name}.png"), cv2.IMREAD_COLOR)
    reading = _read(name).read(image)
    assert placed(reading)[0] == [(2, 118, 110), (4, 64, 30)]
    assert reading.unreadable == ()


def test_felt_lit_over_a_dark_top_face_where_the_inner_side_face_must_show_is_no_side_face() -> None:
    # a black 6 on green felt leaning 24.6° on the wall, 12.6° off the lens's axis: past its inner
    # edge lies green felt lit as the felt beside it, 2.4 times its top face and 0.15 off its tint,
    # with no mark standing out over it, but the darkest mark there (0.27 of the pips' contrast scaled, by
    # the die's corner) is no faint one
    name = "random-25019-leaning-black-6-part"
    image = cv2.imread(str(DATA / f"{name}.png"), cv2.IMREAD_COLOR)
    reading = _read(name).read(image)
    assert placed(reading)[0] == [(3, 76, 125), (5, 104, 8)]
    assert placed(reading)[1] == [("cocked", 76, 11)]


def test_a_shaded_side_face_of_the_felt_colour_dimmer_than_its_top_face_is_a_side_face() -> None:
    # a flat ivory 2 by the wall on white felt: its shaded inner side face passes for the felt, but is
    # lit 0.63 of its top face and of its tint (0.03 off), as a light die's side face turned from the light
    name = "white-felt-6014-flat-2-part"
    image = cv2.imread(str(DATA / f"{name}.png"), cv2.IMREAD_COLOR)
    reading = _read(name).read(image)
    assert placed(reading)[0] == [(2, 76, 19), (2, 139, 82), (6, 122, 28)]
    assert placed(reading)[1] == [("cocked", 36, 16)]


def test_a_band_of_eight_pixels_shows_its_dashes_whole_though_under_a_third_of_a_side() -> None:
    # a black 5 of white pips leaning on a purple wall over olive felt, r/f 0.29 of a side (8.5 px on a
    # die of 29.3 px): no dash past its inner edge stands out over 0.064 of its pips' contrast, where a
    # flat die's side face shows its pips whole (0.11 and more); the bar once halved under 0.3 of a side
    dice, refused = placed(read_part("random-54037-leaning-black-5-narrow-inner-band-frame-part"))
    assert dice == [(6, 35, 116), (6, 168, 59), (6, 196, 120)]
    assert refused == [("cocked", 42, 75)]
