"""The committed simulated sequences (tests/data/sim) are sound: their truth is complete and
consistent, their rest states are what each scenario promises, and the pips in the pictures
agree with the true values. Needs no physics engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from tests.sim.pips import count_pips

DATA = Path(__file__).resolve().parents[1] / "data" / "sim"
SEQUENCES = sorted(p for p in DATA.iterdir() if (p / "scenario.json").exists())
MAX_TOTAL_BYTES = 5_000_000


def load(sequence: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    meta = json.loads((sequence / "scenario.json").read_text())
    with open(sequence / "truth.jsonl", encoding="utf-8") as handle:
        frames = [json.loads(line) for line in handle]
    return meta, frames


def rests_by_scenario(name: str) -> list[dict[str, Any]]:
    sequence = next(p for p in SEQUENCES if json.loads(
        (p / "scenario.json").read_text())["scenario"] == name)
    rests: list[dict[str, Any]] = load(sequence)[0]["rests"]
    return rests


def centres(rest: dict[str, Any]) -> dict[int, np.ndarray]:
    return {d["id"]: np.array(d["centre_px"]) for d in rest["dice"]}


def test_the_set_is_small_and_covers_the_needed_situations() -> None:
    total = sum(f.stat().st_size for f in DATA.rglob("*") if f.is_file())
    assert total < MAX_TOTAL_BYTES
    scenarios = {json.loads((p / "scenario.json").read_text())["scenario"] for p in SEQUENCES}
    assert {"two-then-one", "sirotage", "hand-in-tray", "cocked", "off-tray", "three-at-once",
            "dice-touching"} <= scenarios
    presets = {json.loads((p / "scenario.json").read_text())["preset"] for p in SEQUENCES}
    assert {"bar-tungsten", "white-felt", "red-dice"} <= presets


@pytest.mark.parametrize("sequence", SEQUENCES, ids=lambda p: p.name)
def test_truth_is_complete_and_on_the_simulated_clock(sequence: Path) -> None:
    meta, frames = load(sequence)
    assert meta["format"] == "culdechouette-sim/1"
    assert (meta["width"], meta["height"]) == (640, 480)
    assert len(frames) == meta["frame_count"]
    assert [f["frame"] for f in frames] == list(range(len(frames)))
    for f in frames:
        assert f["t_ns"] == 1_000_000_000 + round(f["frame"] * 1e9 / meta["fps"])
        if "image" in f:
            image = cv2.imread(str(sequence / f["image"]))
            assert image is not None and image.shape == (480, 640, 3)
    for rest in meta["rests"]:
        assert "image" in frames[rest["frame"]], "the first frame of each rest is kept"
        assert frames[rest["frame"]]["still"]


@pytest.mark.parametrize("sequence", SEQUENCES, ids=lambda p: p.name)
def test_pips_in_the_picture_match_the_true_values(sequence: Path) -> None:
    meta, frames = load(sequence)
    checked = 0
    for rest in meta["rests"]:
        frame = frames[rest["frame"]]
        image = cv2.imread(str(sequence / frame["image"]))
        assert image is not None
        for die in frame["dice"]:
            if die["cocked"] or die["visible_fraction"] < 0.99:
                continue  # a tilted face or a die half out of sight cannot be counted simply
            assert count_pips(image, die["top_face_px"]) == die["value"], (
                f"frame {rest['frame']} die {die['id']}")
            checked += 1
    assert checked >= 1


def test_two_then_one_keeps_the_chouettes_in_place() -> None:
    first, second = rests_by_scenario("two-then-one")
    assert (len(first["dice"]), len(second["dice"])) == (2, 3)
    before, after = centres(first), centres(second)
    for die_id, centre in before.items():
        assert np.linalg.norm(after[die_id] - centre) < 1.5


def test_sirotage_rethrows_only_the_cul() -> None:
    chouette, full, sirop = rests_by_scenario("sirotage")
    values = [d["value"] for d in chouette["dice"]]
    assert len(values) == 2 and values[0] == values[1]
    cul = next(d for d in full["dice"] if d["id"] not in centres(chouette))["id"]
    moved = [i for i, c in centres(full).items() if np.linalg.norm(centres(sirop)[i] - c) > 1.5]
    assert moved == [cul]


def test_off_tray_and_cocked_dice_are_marked() -> None:
    off = rests_by_scenario("off-tray")[-1]["dice"]
    assert [d["on_tray"] for d in off] == [True, True, False]
    cocked = rests_by_scenario("cocked")[-1]["dice"]
    assert [d["cocked"] for d in cocked] == [False, False, True]


def test_hand_takes_one_die_and_carries_it_off() -> None:
    sequence = next(p for p in SEQUENCES if p.name.startswith("hand-in-tray"))
    meta, frames = load(sequence)
    first, second = meta["rests"]
    assert len(first["dice"]) == 3 and len(second["dice"]) == 2
    with_hand = [f for f in frames if f["hand"] is not None]
    assert with_hand and all(not f["still"] for f in with_hand)
    assert any(d["held"] for f in with_hand for d in f["dice"])
    # the hand passes over dice left on the tray, and the truth says they are hidden then
    assert any(not d["held"] and not d["visible"] for f in with_hand for d in f["dice"])
    # at the rest the hand is out of sight (the die it carries, still listed as held, with it)
    assert frames[second["frame"]]["hand"] is None
    assert all(d["visible"] for d in frames[second["frame"]]["dice"] if not d["held"])
