"""A 4's face goes on past its pips as far as it is the face at its centre (margins._like_centre).

A sharpened picture rings light round dark pips: the ring round each pip of a tan 4 read 140, its
bare centre 126 and two mid-sides 119 and 122, under the rings' level less the face's tolerance;
the glow of a white 4's red pips lightened its rings so (tests/data/sim-rests, its README). The
centre, enclosed by the four pips, is the face clear of both.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import vision.margins
from tests.vision.saved_rests import read_saved
from vision.layout import fit_layout

FOURS = [
    ("random-21069-4-centre-part.png", "random-21069-part-calibration.json", (251.0, 185.0)),
    ("random-28039-4-centre-part.png", "random-28039-part-calibration.json", (136.0, 25.0)),
]


@pytest.mark.parametrize(("frame", "calibration", "centre"), FOURS)
def test_a_flat_four_whose_mid_sides_are_its_centres_face_is_read(
    frame: str, calibration: str, centre: tuple[float, float]
) -> None:
    reading = read_saved(frame, calibration)
    fours = [d for d in reading.dice if math.dist(d.center, centre) <= 5.0]
    assert [d.value for d in fours] == [4]
    assert not [u for u in reading.unreadable if math.dist(u.center, centre) <= 12.0]


@pytest.mark.parametrize(("frame", "calibration", "centre"), FOURS)
def test_without_its_centre_the_four_ends_at_its_pips(
    frame: str, calibration: str, centre: tuple[float, float], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(vision.margins, "_like_centre", lambda *args: np.zeros(len(args[3]), bool))
    # the median of the 3x3 pixels round each mid-side makes them face too: read them pixel by pixel
    monkeypatch.setattr(
        vision.margins, "median_3x3", lambda image, xs, ys: np.full((len(xs), *image.shape[2:]), -1e9)
    )
    # and so does a mid-side below the rings by its tint alone (the tan 4's, 19.5 below them in the
    # dark-pip plane, the blue, and 3.9 in luma): read the plane alone
    monkeypatch.setattr(
        vision.margins, "tint_alone_at", lambda seen, *args: np.zeros(len(seen), bool)
    )
    reading = read_saved(frame, calibration)
    assert not [d for d in reading.dice if math.dist(d.center, centre) <= 12.0]
    refused = [u for u in reading.unreadable if math.dist(u.center, centre) <= 12.0]
    assert [u.reason for u in refused] == ["not_pips"]


def test_a_mid_side_darker_than_the_centre_by_more_than_the_tolerance_is_no_face() -> None:
    # a 4 of pips ringed at 200 on a face 200 at its centre: mid-sides at 180 are face, at 150 not
    fit = fit_layout(np.array([[40.0, 40.0], [50.0, 40.0], [40.0, 50.0], [50.0, 50.0]]))
    assert fit is not None
    dark = np.full((90, 90), 200, np.uint8)
    colour = np.full((90, 90, 3), 200, np.uint8)
    level = np.array([180.0, 150.0, 200.0, 200.0])
    seen = np.array([[180.0, 180.0, 180.0], [150.0, 150.0, 150.0], [200.0] * 3, [200.0] * 3])
    like = vision.margins._like_centre(dark, colour, fit, level, seen, 100.0)
    assert like.tolist() == [True, False, True, True]
