"""The geometry behind two second looks: a 6 short of a pip, and a die leaning on the wall."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from tests.vision.saved_rests import assert_read_as_recorded
from vision.faces import Face
from vision.layout import LAYOUTS, LayoutFit, fit_layout, fit_six_missing
from vision.pips import PipBlob
from vision.secondface import shows_outer_face, shows_second_face
from vision.topdown import aside_band_reach

SPACING, TURN = 7.0, 0.3


def on_image(cells: list[tuple[float, float]], centre: tuple[float, float] = (100.0, 50.0)) -> np.ndarray:
    c, s = math.cos(TURN), math.sin(TURN)
    return np.array(
        [(centre[0] + SPACING * (c * u - s * v), centre[1] + SPACING * (s * u + c * v))
         for u, v in cells]
    )


def pip(x: float, y: float, minor: float = 3.5) -> PipBlob:
    return PipBlob(x, y, math.pi / 4 * 3.5 * minor, 3.5, minor, 0.0, 40.0, 200.0, 190.0, 0.95)


def test_a_six_short_of_a_pip_names_the_lost_place() -> None:
    six = [(float(u), float(v)) for u, v in LAYOUTS[6]]
    found = fit_six_missing(on_image(six[:2] + six[3:]), 0.25, 0.92)
    assert found is not None
    fit, lost = found
    assert fit.value == 6
    assert math.dist(fit.center, (100.0, 50.0)) < 0.01
    lost_at = fit.to_image(*lost[0])
    assert math.dist(lost_at, tuple(on_image([six[2]])[0])) < 0.01


def test_a_five_short_of_a_pip_is_no_six() -> None:
    five = [(float(u), float(v)) for u, v in LAYOUTS[5]]
    points = on_image(five[:4])  # three corners and the centre
    fit = fit_layout(points)
    assert fit is None or fit.residual > 0.3
    assert fit_six_missing(points, 0.25, 0.92) is None


def read_four(centre: tuple[float, float]) -> Face:
    points = on_image([(float(u), float(v)) for u, v in LAYOUTS[4]], centre)
    fit = fit_layout(points)
    assert fit is not None
    return Face(4, centre, 26.0, 0.9, None, 4, 0.95, "", fit)


def test_a_pip_past_the_top_face_away_from_the_middle_is_a_lean() -> None:
    view = (320.0, 240.0)
    face = read_four((320.0, 60.0))  # near the far wall, straight above the middle
    outer = [pip(320.0, 60.0 - 0.65 * face.size, minor=1.5)]
    assert shows_outer_face(face, outer, view, 26.0)
    inner = [pip(320.0, 60.0 + 0.65 * face.size, minor=1.5)]
    assert not shows_outer_face(face, inner, view, 26.0)


def test_past_a_grid_spaced_as_a_smaller_dies_the_band_reaches_as_far_as_the_die() -> None:
    view = (320.0, 240.0)
    face = replace(read_four((320.0, 60.0)), size=20.0)  # pips near the centre of a die of 26 px
    # a pip of the turned-up face 0.8 of the die's side out: past 0.85 of the grid's side, within the die's
    outer = [pip(320.0, 60.0 - 0.8 * 26.0, minor=1.5)]
    assert shows_outer_face(face, outer, view, 26.0, others=[])
    assert not shows_outer_face(face, [pip(320.0, 60.0 - 0.9 * 26.0, minor=1.5)], view, 26.0, others=[])
    # unless it lies on another die: the top face of a die leaning on this one
    assert not shows_outer_face(face, outer, view, 26.0, others=[(326.0, 60.0 - 1.2 * 26.0)])


def test_a_leaning_black_five_whose_grid_is_a_smaller_dies_is_refused() -> None:
    # a black 5 of white pips leaning 39° on the far wall, its pips spaced as a die of 20 px on one of
    # 26: the top pip of the face it turns up, round and as bright as its own, lies 0.68 of a side out
    assert_read_as_recorded("leaning-small-grid-black-five")


def test_round_pips_of_the_side_turned_to_the_middle_are_no_lean() -> None:
    view = (320.0, 240.0)
    face = read_four((320.0, 60.0))
    side = [pip(312.0, 60.0 + 0.7 * face.size), pip(328.0, 60.0 + 0.7 * face.size)]
    assert shows_second_face(face, side)  # without the camera's geometry: a second face
    assert not shows_second_face(face, side, view, 26.0)
    beyond = [pip(312.0, 60.0 - 0.7 * face.size), pip(328.0, 60.0 - 0.7 * face.size)]
    assert shows_second_face(face, beyond, view, 26.0)


def test_pips_past_a_side_turned_to_the_point_below_the_lens_are_its_own() -> None:
    # a tilted camera: the point below the lens lies down and left of the die, and the die's
    # left side face, turned a little towards it, shows pips on either side of that direction
    face = read_four((320.0, 200.0))
    assert face.fit is not None
    left = [pip(*face.fit.to_image(-1.8, v)) for v in (-1.5, -0.7)]
    assert not shows_second_face(face, left, (270.0, 286.6), 26.0)
    # the same pips past a die whose left side is turned away from that point: a second face
    assert shows_second_face(face, left, (370.0, 113.4), 26.0)


def test_round_pips_past_the_band_a_flat_dies_side_face_shows_are_a_second_face() -> None:
    # the die's side turned 73° from the way to the point below the lens: a flat die shows that side
    # face cos 73° times the parallax of its height wide, and round pips 5 px past its edge lie on it
    # only when the parallax is large
    view = (320.0, 240.0)
    face = read_four((320.0, 60.0))
    assert face.fit is not None
    aside = [pip(*face.fit.to_image(2.6, v)) for v in (-1.0, 1.0)]
    assert not shows_second_face(face, aside, view, 26.0)  # no parallax known: the side faces the middle
    assert shows_second_face(face, aside, view, 26.0, parallax=0.2)
    assert not shows_second_face(face, aside, view, 26.0, parallax=0.8)


def test_a_die_leaning_on_a_die_it_hides_shows_that_dies_pips_past_its_top_face() -> None:
    # a tan 6 leaning 16.5° on a 4 it half hides (the rest of the frame blacked out): the 4's two
    # pips in view, round, lie 12 and 8 px past the 6's sides, of which a flat die there shows 4.9
    # and 0.3 px
    assert_read_as_recorded("leaning-on-a-die-support-pips-six")


def test_a_die_to_lean_on_counts_only_aside_of_the_way_out() -> None:
    # dice 20 px wide; the view's centre at the origin, so the way out from (100, 0) is +x
    def die(x: float, y: float) -> Face:
        return Face(5, (x, y), 20.0, 1.0, None, 5, 0.95)

    top = die(100.0, 0.0)
    aside = die(115.0, 22.0)  # 1.1 sides across: its side face turned to the middle is clear of the band
    ahead = die(122.0, 5.0)  # straight out: its side face turned to the middle lies past the top face
    behind = die(80.0, 22.0)  # on the inner side: nothing to lean on away from the middle
    far = die(100.0, 40.0)  # 2 sides off: too far to be leant on
    assert aside_band_reach(top, [top, aside], (0.0, 0.0), 20.0) == 0.9
    assert aside_band_reach(top, [top, ahead], (0.0, 0.0), 20.0) is None
    assert aside_band_reach(top, [top, aside, ahead], (0.0, 0.0), 20.0) is None
    assert aside_band_reach(top, [top, behind, far], (0.0, 0.0), 20.0) is None
    # a lone dot that is neither read nor refused is no die
    assert aside_band_reach(top, [top, replace(aside, value=None)], (0.0, 0.0), 20.0) is None
    # with the lens known, a die straight out that touches shows its side face over the whole band
    assert aside_band_reach(top, [top, ahead], (0.0, 0.0), 20.0, (0.0, 0.0), 500.0) is None


def test_the_band_ends_short_of_the_side_face_of_a_flat_die_straight_out() -> None:
    # dice 20 px wide, squares turned along the way out; a flat 4 straight out 1.5 sides from the
    # top face's centre, 130 px from the point below a lens of 650 px: its side face turned to that
    # point shows 0.2 of a side (4 px) past its near edge (1 side out), and a pixel of blur
    top = Face(1, (100.0, 0.0), 20.0, 1.0, None, 1, 0.95)
    ahead = Face(4, (130.0, 0.0), 20.0, 1.0, None, 4, 0.95, fit=LayoutFit(4, (130.0, 0.0), 6.0, 0.0, 0.0))
    reach = aside_band_reach(top, [top, ahead], (0.0, 0.0), 20.0, (0.0, 0.0), 650.0)
    assert reach is not None and math.isclose(reach, (30.0 - 10.0 - 4.0 - 1.0) / 20.0)
    # turned 45°, its corner comes half a diagonal towards the die
    turned = replace(ahead, fit=LayoutFit(4, (130.0, 0.0), 6.0, math.pi / 4, 0.0))
    reach = aside_band_reach(top, [top, turned], (0.0, 0.0), 20.0, (0.0, 0.0), 650.0)
    assert reach is not None and math.isclose(reach, (30.0 - 10.0 * math.sqrt(2.0) - 5.0) / 20.0)
    # a step nearer, it leaves no band past the top face's edge to look at
    nearer = replace(turned, center=(124.0, 0.0))
    assert aside_band_reach(top, [top, nearer], (0.0, 0.0), 20.0, (0.0, 0.0), 650.0) is None
    # a refused die's faces may lie anywhere there: nothing is looked for
    refused = replace(ahead, value=None, reason="cocked")
    assert aside_band_reach(top, [top, refused], (0.0, 0.0), 20.0, (0.0, 0.0), 650.0) is None
