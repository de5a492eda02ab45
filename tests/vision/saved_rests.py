"""Saved simulated rest frames and crops (tests/data/sim-rests), read as the tracker reads them."""

from __future__ import annotations

from pathlib import Path

import cv2

from vision.profile import load_profile
from vision.reader import DiceReader, Reading

SIM_RESTS = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def read_saved(frame: str, calibration: str) -> Reading:
    """Read `frame` with the profile saved as `calibration`, both in tests/data/sim-rests."""
    image = cv2.imread(str(SIM_RESTS / frame), cv2.IMREAD_COLOR)
    if image is None:
        raise FileNotFoundError(SIM_RESTS / frame)
    return DiceReader(load_profile(SIM_RESTS / calibration), crop_to_tray=False).read(image)
