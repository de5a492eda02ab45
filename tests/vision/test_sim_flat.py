"""Flat dice and bare felt of simulated rest frames, read with the calibration of their scene.

The crops are in tests/data/sim-rests (see its README): specks of the felt's grain once refused
as a die, and flat dice once not read.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.faces import Face
from vision.outline import on_bare_felt
from vision.pips import PipSearch, find_pip_blobs
from vision.profile import CalibrationProfile
from vision.reader import PIP_PER_SIDE, DiceReader, _white_balanced_min, _window_for

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def read(name: str, die_size: float, polarity: str) -> tuple[np.ndarray, object]:
    image = cv2.imread(str(DATA / name), cv2.IMREAD_COLOR)
    profile = CalibrationProfile(die_size_px=die_size, pip_polarity=polarity, top_down=True)
    return image, DiceReader(profile).read(image)


def test_specks_of_the_felt_grain_are_no_refused_die() -> None:
    # light specks on bare purple felt, once grouped as the squashed pips of a 2 (`cocked`) and,
    # in a later frame, as a face with a mark in an empty cell (`occluded`)
    for name in ("random-5059-felt-13.png", "random-5059-felt-54.png"):
        _, reading = read(name, 31.3, "light")
        assert reading.dice == () and reading.unreadable == ()  # type: ignore[attr-defined]


def test_a_die_of_the_felt_s_colour_is_no_bare_felt() -> None:
    # an ivory 1 on white felt: of the felt's colour, but its face is bare round the centre
    image = cv2.imread(str(DATA / "white-felt-5006-0.png"), cv2.IMREAD_COLOR)
    dark, _, colour = _white_balanced_min(image)
    blobs = find_pip_blobs(dark, PipSearch(block=_window_for(PIP_PER_SIDE * 28.0)))
    face = Face(None, (64.3, 64.1), 28.0, 0.0, "cocked", 1, 0.5)
    assert not on_bare_felt(face, dark, colour, blobs, 28.0)
