"""Replay of the committed simulated sequences (tests/data/sim) through the tracker.

The sequences are thinned: frames where nothing changes are left out. A still frame that was not
kept shows the same scene as the last kept frame, so it is replayed from that image; a moving
frame that was not kept is skipped (the tracker then sees a bigger jump, as with a slow camera).
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.profile import CalibrationProfile, load_profile

SIM_DATA = Path(__file__).resolve().parents[1] / "data" / "sim"


@dataclass(frozen=True)
class Sequence:
    folder: Path
    scenario: dict[str, Any]
    frames: tuple[dict[str, Any], ...]

    @property
    def name(self) -> str:
        return self.folder.name

    @property
    def frame_ns(self) -> float:
        return 1e9 / float(self.scenario["fps"])

    def truth_at(self, frame: int) -> dict[str, Any]:
        return self.frames[frame]


def sequences() -> list[Sequence]:
    found = []
    for folder in sorted(p for p in SIM_DATA.iterdir() if (p / "scenario.json").exists()):
        scenario = json.loads((folder / "scenario.json").read_text())
        frames = tuple(
            json.loads(line) for line in (folder / "truth.jsonl").read_text().splitlines() if line
        )
        found.append(Sequence(folder, scenario, frames))
    return found


def replay(sequence: Sequence) -> Iterator[tuple[int, np.ndarray]]:
    """(t_ns, image) for every frame the tracker would have seen."""
    last: np.ndarray | None = None
    for truth in sequence.frames:
        if "image" in truth:
            image = cv2.imread(str(sequence.folder / truth["image"]), cv2.IMREAD_COLOR)
            if image is None:
                raise FileNotFoundError(sequence.folder / truth["image"])
            last = image
            yield truth["t_ns"], image
        elif truth["still"] and last is not None:
            yield truth["t_ns"], last


def visible_rest_dice(sequence: Sequence, rest: dict[str, Any]) -> list[dict[str, Any]]:
    """The dice of a rest state that a camera can read: on the tray and in sight."""
    truth = {d["id"]: d for d in sequence.truth_at(rest["frame"])["dice"]}
    return [
        d for d in rest["dice"]
        if d["on_tray"] and truth[d["id"]]["visible"] and truth[d["id"]]["visible_fraction"] > 0.9
    ]


def nearest(center: tuple[float, float], items: list[Any], reach: float) -> Any | None:
    best = min(items, key=lambda item: math.dist(item.center, center), default=None)
    if best is None or math.dist(best.center, center) > reach:
        return None
    return best


def profile_for(sequence: Sequence, *, top_down: bool = False) -> CalibrationProfile:
    """The calibration a box held over this sequence's scene, saved with its frames."""
    profile = load_profile(sequence.folder / "calibration.json")
    return dataclasses.replace(profile, top_down=top_down)
