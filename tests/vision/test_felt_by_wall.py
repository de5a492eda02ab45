"""Specks of a coarse felt by the tray's wall are no die: the felt beside them is read on the tray.

The frame part is in tests/data/sim-rests (see its README), read with its scene's profile moved
to the part.
"""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.saved_rests import SIM_RESTS, read_saved
from vision.outline import FACE_RING, FELT_RING, _alike, _ring
from vision.profile import load_profile

PART = "random-37015-grain-by-wall-part"
SPECKS = (80.4, 81.3)  # two dark specks of the grain, 6 px from the wall's foot


def test_grain_by_the_wall_of_a_round_tray_is_not_refused_as_a_die() -> None:
    reading = read_saved(f"{PART}.png", f"{PART}-calibration.json")
    assert reading.dice == () and reading.unreadable == ()


def test_the_felt_ring_by_the_wall_is_read_on_the_tray_only() -> None:
    image = cv2.imread(str(SIM_RESTS / f"{PART}.png"), cv2.IMREAD_COLOR)
    profile = load_profile(SIM_RESTS / f"{PART}-calibration.json")
    assert profile.die_size_px is not None
    outline = np.asarray(profile.tray_polygon, np.float32)
    radius = FELT_RING * profile.die_size_px
    face = _ring(image, SPECKS, FACE_RING * profile.die_size_px, 32)
    whole, on_tray = _ring(image, SPECKS, radius, 64), _ring(image, SPECKS, radius, 64, outline)
    # the green wall pulls the whole ring's median off the felt the specks lie on
    assert not _alike(face, whole)
    assert _alike(face, on_tray)
