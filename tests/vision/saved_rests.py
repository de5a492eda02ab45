"""Saved simulated rest frames and crops (tests/data/sim-rests, tests/data/lean), read as the
tracker reads them."""

from __future__ import annotations

import json
import math
from pathlib import Path
from unittest.mock import patch

import cv2

import vision.innerdepth
from vision.profile import load_profile
from vision.reader import DiceReader, Reading

SIM_RESTS = Path(__file__).resolve().parents[1] / "data" / "sim-rests"
LEAN = Path(__file__).resolve().parents[1] / "data" / "lean"


def read_saved(frame: str, calibration: str) -> Reading:
    """Read `frame` with the profile saved as `calibration`, both in tests/data/sim-rests."""
    image = cv2.imread(str(SIM_RESTS / frame), cv2.IMREAD_COLOR)
    if image is None:
        raise FileNotFoundError(SIM_RESTS / frame)
    return DiceReader(load_profile(SIM_RESTS / calibration), crop_to_tray=False).read(image)


def read_part(name: str) -> Reading:
    """Read the part `name` of tests/data/sim-rests with its `-calibration.json`."""
    return read_saved(f"{name}.png", f"{name}-calibration.json")


def widest_rows_apart(name: str) -> float:
    """The widest spread `innerdepth.inner_rows_apart` measures on any face of the part `name`."""
    measured: list[float | None] = []
    original = vision.innerdepth.inner_rows_apart

    def record(*args: object) -> float | None:
        apart = original(*args)  # type: ignore[arg-type]
        measured.append(apart)
        return apart

    with patch.object(vision.innerdepth, "inner_rows_apart", record):
        read_part(name)
    return max(a for a in measured if a is not None)


def placed(reading: Reading) -> tuple[list[tuple[int, int, int]], list[tuple[str, int, int]]]:
    """The dice read, as sorted (value, x, y), and the refusals, as (reason, x, y), to the pixel."""
    dice = sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice)
    return dice, [(u.reason, round(u.center[0]), round(u.center[1])) for u in reading.unreadable]


def near(
    name: str, centre: tuple[float, float], read_reach: float = 8.0, refused_reach: float = 12.0
) -> tuple[list[int], list[str]]:
    """The values read within `read_reach` px of `centre` in the part `name`, and the reasons
    refused within `refused_reach`."""
    reading = read_part(name)
    read = [d.value for d in reading.dice if math.dist(d.center, centre) < read_reach]
    refused = [u.reason for u in reading.unreadable if math.dist(u.center, centre) < refused_reach]
    return read, refused


def assert_read_as_recorded(name: str, crop_to_tray: bool = False) -> None:
    """Read the frame `name` of tests/data/lean with its calibration: each leaning die of its
    record is refused `cocked`, each flat die read with its value."""
    record = json.loads((LEAN / f"{name}-frame.json").read_text())
    # a frame whose second face's pips JPEG would blur further is kept as PNG
    png = LEAN / f"{name}-frame.png"
    image = cv2.imread(str(png if png.exists() else LEAN / f"{name}-frame.jpg"))
    profile = load_profile(LEAN / f"{name}-calibration.json")
    reading = DiceReader(profile, crop_to_tray=crop_to_tray).read(image)
    for die in record["dice"]:
        read = [d for d in reading.dice if math.dist(d.center, die["centre_px"]) < 12.0]
        refused = [u for u in reading.unreadable if math.dist(u.center, die["centre_px"]) < 12.0]
        if die["cocked"]:
            assert not read and [u.reason for u in refused] == ["cocked"]
        else:
            assert [d.value for d in read] == [die["value"]]
