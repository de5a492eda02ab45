"""Flat ivory 2s whose die's surroundings darken what lies just past their top face: the dark wall
and their own shaded side face beyond their pips, a neighbour's shadow past their outer edge."""

from __future__ import annotations

import numpy as np

from tests.vision.saved_rests import read_saved
from vision.pipcentre import printed_centre
from vision.pips import PipBlob


def test_a_flat_2_between_the_wall_and_its_side_face_is_read() -> None:
    # its pips, each by a dark edge of the die (the wall above, its shaded side face below), were
    # outlined short of their outer flanks: a grid of 0.179 of a side, under any 2's (0.18); their
    # printed centres give 0.192
    name = "random-43035-flat-2-by-wall-part"
    reading = read_saved(f"{name}.png", f"{name}-calibration.json")
    assert not reading.unreadable
    assert sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice) == [
        (2, 121, 57), (2, 179, 142)
    ]


def test_a_flat_2_beside_a_flat_1_over_its_shadow_is_read() -> None:
    # away from the wall, the 1 beside it is a die it could lean on; the 1's shadow past the 2's
    # outer edge, rippled by the felt's grain, left a few pixels at its end that passed for a dash
    name = "random-43047-flat-2-beside-1-part"
    reading = read_saved(f"{name}.png", f"{name}-calibration.json")
    assert not reading.unreadable
    assert sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice) == [
        (1, 50, 238), (2, 76, 233), (5, 120, 107)
    ]


def test_a_pips_printed_centre_is_not_pulled_from_a_dark_edge_beside_it() -> None:
    # a pip 3 px wide at (10, 10) on a face of 190, a dark edge of 20 a pixel of face past it (from
    # x = 13 on): its outline, cut short on that side, was centred half a pixel away from the edge,
    # and the edge itself, within reach, is no part of the pip
    ys, xs = np.mgrid[0:21, 0:21]
    plane = np.where(np.hypot(xs - 10.0, ys - 10.0) <= 1.6, 30.0, 190.0)
    plane[:, 13:] = 20.0
    pip = PipBlob(9.5, 10.0, 12.0, 4.0, 3.5, 0.0, 30.0, 190.0, 180.0, 1.0)
    x, y = printed_centre(plane.astype(np.uint8), pip)
    assert abs(x - 10.0) < 0.1 and abs(y - 10.0) < 0.1


def test_a_pip_run_into_a_dark_edge_has_no_printed_centre() -> None:
    # the same pip with the edge from x = 12 on, touching it: no face parts them at half the pip's
    # contrast, and its dark runs on past any pip
    ys, xs = np.mgrid[0:21, 0:21]
    plane = np.where(np.hypot(xs - 10.0, ys - 10.0) <= 1.6, 30.0, 190.0)
    plane[:, 12:] = 20.0
    pip = PipBlob(9.5, 10.0, 12.0, 4.0, 3.5, 0.0, 30.0, 190.0, 180.0, 1.0)
    assert printed_centre(plane.astype(np.uint8), pip) is None
