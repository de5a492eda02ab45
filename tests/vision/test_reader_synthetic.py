"""The reader on drawn trays: each failure mode of the field, with the truth known exactly.

Drawn dice are cleaner than photos; real-photo accuracy is held by test_dice_dev.py. What these
pin down is behaviour: every colour scheme read, touching dice kept apart, and, where a face
cannot be trusted (blur, a leaning die, an emblem), no wrong value ever reported.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from tests.vision.drawing import DrawnDie, colour_cast, motion_blur, tray_with
from vision.errors import VisionError
from vision.profile import CalibrationProfile
from vision.reader import DiceReader, Reading

ROW = [DrawnDie(v, (90.0 + 90.0 * (v - 1), 120.0), angle_deg=11.0 * v) for v in range(1, 7)]


def values_by_place(reading: Reading, dice: list[DrawnDie]) -> list[int | None]:
    """The value read at each drawn die (None when nothing was read there)."""
    found: list[int | None] = []
    for die in dice:
        near = [d for d in reading.dice if math.dist(d.center, die.center) < 0.4 * die.size]
        found.append(near[0].value if near else None)
    return found


def assert_never_wrong(reading: Reading, dice: list[DrawnDie]) -> None:
    for die in reading.dice:
        truth = min(dice, key=lambda d: math.dist(d.center, die.center))
        assert math.dist(truth.center, die.center) < 0.4 * truth.size, "a die read where none is"
        assert die.value == truth.value


SCHEMES = {
    "white dice, black pips": {},
    "black dice, white pips": {"body_bgr": (30, 30, 30), "pip_bgr": (235, 235, 235)},
    "white dice, red pips": {"pip_bgr": (40, 40, 200)},
    "white dice, blue pips": {"pip_bgr": (200, 60, 30)},
    "red dice, white pips": {"body_bgr": (40, 40, 190), "pip_bgr": (240, 240, 240)},
}


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_value_in_every_colour_scheme(scheme: str) -> None:
    dice = [replace(d, **SCHEMES[scheme]) for d in ROW]  # type: ignore[arg-type]
    reading = DiceReader().read(tray_with(dice))
    assert values_by_place(reading, dice) == [1, 2, 3, 4, 5, 6]
    assert len(reading.dice) == 6


def test_tungsten_colour_cast() -> None:
    reading = DiceReader().read(colour_cast(tray_with(ROW), (0.55, 0.85, 1.15)))
    assert values_by_place(reading, ROW) == [1, 2, 3, 4, 5, 6]


def test_glare_on_glossy_dice() -> None:
    dice = [replace(d, glare=True) for d in ROW]
    assert values_by_place(DiceReader().read(tray_with(dice)), dice) == [1, 2, 3, 4, 5, 6]


def test_small_dice() -> None:
    dice = [replace(d, size=24.0, center=(d.center[0], 300.0)) for d in ROW]
    assert values_by_place(DiceReader().read(tray_with(dice)), dice) == [1, 2, 3, 4, 5, 6]


def test_touching_dice_are_kept_apart() -> None:
    dice = [DrawnDie(5, (300, 200)), DrawnDie(2, (340, 200)), DrawnDie(6, (300, 240), angle_deg=3)]
    reading = DiceReader().read(tray_with(dice))
    assert values_by_place(reading, dice) == [5, 2, 6]
    assert len(reading.dice) == 3


def test_a_tiny_one_is_read() -> None:
    dice = [DrawnDie(1, (200, 200), pip_scale=0.5)]
    assert values_by_place(DiceReader().read(tray_with(dice)), dice) == [1]


def test_emblem_faces_are_not_read() -> None:
    dice = [DrawnDie(1, (200, 200), symbol=True), DrawnDie(4, (400, 200), symbol=True)]
    assert DiceReader().read(tray_with(dice)).dice == ()


def test_motion_blur_never_gives_a_wrong_value() -> None:
    for length, angle in ((5, 0.0), (9, 30.0), (13, 80.0)):
        reading = DiceReader().read(motion_blur(tray_with(ROW), length, angle))
        assert_never_wrong(reading, ROW)


def test_dice_caught_moving_are_read_from_their_streaks() -> None:
    # pips smeared into streaks: a 4, 5 or 6 keeps a square grid, a 2 or a 3 a face no longer
    # along the streaks than across them
    dice = [replace(d, size=56.0) for d in ROW]
    for length, angle in ((13, 80.0), (13, 20.0)):
        reading = DiceReader().read(motion_blur(tray_with(dice), length, angle))
        assert_never_wrong(reading, dice)
        assert values_by_place(reading, dice)[1:5] == [2, 3, 4, 5]


def test_streaks_are_tilt_under_a_top_down_camera() -> None:
    # the box reads a tray at rest: its profile says a stretched pip is a tilted one
    dice = [replace(d, size=56.0) for d in ROW]
    frame = motion_blur(tray_with(dice), 13, 80.0)
    assert DiceReader(CalibrationProfile(top_down=True)).read(frame).dice == ()


@pytest.mark.parametrize("angle", [0.0, 15.0, 30.0, 45.0, 60.0])
def test_tilted_twos_and_threes_are_not_taken_for_smeared_ones(angle: float) -> None:
    # pips squashed to 0.4-0.5 as streaks are, but with the face squashed along with them
    for squash in (0.4, 0.5):
        dice = [DrawnDie(v, (100.0 + 140.0 * k, 200.0), size=56.0, squash=squash, angle_deg=angle)
                for k, v in enumerate((2, 3, 2, 3))]
        assert DiceReader().read(tray_with(dice)).dice == ()


def test_fat_pips_that_run_together_never_give_a_wrong_value() -> None:
    dice = [replace(d, pip_scale=1.45) for d in ROW]
    assert_never_wrong(DiceReader().read(tray_with(dice)), dice)


def test_a_leaning_die_is_refused_as_cocked() -> None:
    dice = [DrawnDie(v, (90.0 + 90.0 * (v - 1), 200.0), squash=0.6, angle_deg=20) for v in range(1, 7)]
    reading = DiceReader().read(tray_with(dice))
    assert reading.dice == ()
    assert {u.reason for u in reading.unreadable} == {"cocked"}
    assert len(reading.unreadable) >= 4


def test_top_down_profile_refuses_a_mildly_tilted_grid() -> None:
    dice = [DrawnDie(v, (90.0 + 90.0 * (v - 1), 200.0), squash=0.8, angle_deg=20) for v in (4, 5)]
    reading = DiceReader(CalibrationProfile(top_down=True)).read(tray_with(dice))
    assert reading.dice == ()
    assert [u.reason for u in reading.unreadable] == ["cocked", "cocked"]
    # without knowing the camera looks straight down, the same faces are read
    assert values_by_place(DiceReader().read(tray_with(dice)), dice) == [4, 5]


def test_calibration_reads_the_same_and_maps_back_to_image_pixels() -> None:
    image = tray_with(ROW)
    profile = CalibrationProfile(
        tray_polygon=((40.0, 70.0), (600.0, 70.0), (600.0, 170.0), (40.0, 170.0)),
        die_size_px=40.0,
        pip_polarity="dark",
    )
    assert values_by_place(DiceReader(profile).read(image), ROW) == [1, 2, 3, 4, 5, 6]


def test_grey_frames_are_read_and_bad_frames_refused() -> None:
    grey = tray_with(ROW)[:, :, 1].copy()
    assert values_by_place(DiceReader().read(grey), ROW) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(VisionError):
        DiceReader().read(np.zeros((10, 10), np.float32))
