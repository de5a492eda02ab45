"""A camera tilted a few degrees: the point below the lens, not the picture's centre."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import cv2

from calibration.simulated import profile_for_preset
from vision.profile import load_profile
from vision.reader import DiceReader

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def test_a_flat_die_shows_the_side_face_turned_to_the_point_below_the_lens() -> None:
    # the middle 320×240 of a frame whose camera is tilted 5°: the point below the lens lies 64 px
    # below the picture's centre; a flat 5 by the picture's centre shows dashes of its left side
    # face, turned a little towards that point
    image = cv2.imread(str(DATA / "random-10045-5-tilted-camera-frame-part.png"), cv2.IMREAD_COLOR)
    profile = load_profile(DATA / "random-10045-part-calibration.json")
    assert profile.nadir_px is not None
    reading = DiceReader(profile, crop_to_tray=False).read(image)
    assert sorted(d.value for d in reading.dice) == [5, 5]
    assert any(math.dist(d.center, (153.4, 119.4)) < 4.0 for d in reading.dice)
    assert not reading.unreadable
    # taken for a die straight below the lens, the die was refused for a second face
    centred = DiceReader(replace(profile, nadir_px=None), crop_to_tray=False).read(image)
    assert [u.reason for u in centred.unreadable] == ["cocked"]


def test_the_simulated_profile_knows_the_point_below_the_lens() -> None:
    tilted = profile_for_preset("random-10045")
    assert tilted.nadir_px is not None
    # tilted towards the player's side, the camera has the point below it low in the picture
    assert abs(tilted.nadir_px[0] - 319.5) < 0.5 and 300.0 < tilted.nadir_px[1] < 310.0
    level = profile_for_preset("white-felt")  # a camera not tilted
    assert level.nadir_px is not None and math.dist(level.nadir_px, (319.5, 239.5)) < 0.01
