"""The simulated tray itself: physics comes to rest, re-throws leave kept dice alone, the same
seed gives the same frames, and the pictures show the values the truth reports."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import cv2
import numpy as np
import pytest

pytest.importorskip("pybullet", reason="the simulated tray needs the sim extra (pybullet)")

from calibration.simulated import profile_for_preset
from culdechouette_box.cli.main import main
from hardware.sim.scripts import _cocked, get_scenario
from hardware.sim.source import SimCamera
from hardware.sim.tray import SimFrame, SimTray
from hardware.sim.truth import RestState
from tests.sim.pips import count_pips
from vision.profile import load_profile

FPS = 30


def play_without_rendering(tray: SimTray, scenario: str) -> None:
    """Run a scenario on physics and truth alone (fast): the tray was made with render=False."""
    for sim_frame in get_scenario(scenario).play(tray):
        assert sim_frame.frame is None


@pytest.mark.parametrize("seed", range(8))
def test_three_dice_come_to_rest_within_three_seconds(seed: int) -> None:
    with SimTray("bar-tungsten", seed=seed, render=False) as tray:
        tray.throw(3)
        rest = tray.advance_until_still(max_seconds=3.0)
    assert len(rest.dice) == 3
    assert all(d.on_tray and not d.cocked for d in rest.dice)
    assert rest.frame <= 3 * FPS


def test_same_seed_same_rests_other_seed_other_rests() -> None:
    def rests(seed: int) -> list[RestState]:
        with SimTray("white-felt", seed=seed, render=False) as tray:
            play_without_rendering(tray, "two-then-one")
            return tray.rests

    assert rests(11) == rests(11)
    assert rests(11) != rests(12)


@pytest.mark.parametrize("scenario", ["challenge-rethrow", "sirotage"])
def test_rethrow_leaves_kept_dice_in_place(scenario: str) -> None:
    with SimTray("bar-tungsten", seed=5, render=False) as tray:
        play_without_rendering(tray, scenario)
        before, after = tray.rests[-2], tray.rests[-1]
    rethrown = {int(i) for i in after.after.split("[")[1].rstrip("]").split(",")}
    kept_before = {d.die_id: np.array(d.centre_px) for d in before.dice
                   if d.die_id not in rethrown}
    kept_after = {d.die_id: np.array(d.centre_px) for d in after.dice}
    assert kept_before
    for die_id, centre in kept_before.items():
        assert np.linalg.norm(kept_after[die_id] - centre) < 1.0  # pixels


def test_special_scripts_get_what_they_ask_for() -> None:
    with SimTray("bar-tungsten", seed=2, render=False) as tray:
        play_without_rendering(tray, "off-tray")
        assert [d.on_tray for d in tray.rests[-1].dice] == [True, True, False]
    with SimTray("red-dice", seed=2, render=False) as tray:
        play_without_rendering(tray, "cocked")
        assert [d.cocked for d in tray.rests[-1].dice] == [False, False, True]


@pytest.mark.parametrize("preset", ["bar-tungsten", "white-felt", "red-dice", "dark-dice",
                                    "blue-pips", "random-3"])
def test_pips_in_the_picture_match_the_reported_values(preset: str) -> None:
    with SimTray(preset, seed=4) as tray:
        tray.throw(3)
        tray.advance_until_still()
        sim_frame = tray.step()  # render only the frame at rest
    assert sim_frame.frame is not None
    counted = 0
    for die in sim_frame.truth.dice:
        if die.cocked or die.visible_fraction < 0.99:
            continue
        assert count_pips(sim_frame.frame.image, die.top_face_px) == die.value, die
        counted += 1
    assert counted >= 2


def _image(sim_frame: SimFrame) -> np.ndarray:
    assert sim_frame.frame is not None
    return sim_frame.frame.image


def test_same_seed_gives_identical_frames() -> None:
    def frames(seed: int) -> list[np.ndarray]:
        with SimTray("bar-tungsten", seed=seed) as tray:
            tray.throw(2)
            return [_image(tray.step()) for _ in range(6)]

    first, again, other = frames(9), frames(9), frames(10)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


def test_frames_run_on_the_simulated_clock_and_hand_hides_dice() -> None:
    camera = SimCamera("hand-in-tray", preset="bar-tungsten", seed=1)
    try:
        tray = camera.tray
        tray.throw(3)
        tray.advance_until_still()
        tray.pick_up([1], hand=True)
        truths = []
        for _ in range(60):
            sim_frame = tray.step()
            assert sim_frame.frame is not None
            assert sim_frame.frame.image.shape == (480, 640, 3)
            assert sim_frame.frame.image.dtype == np.uint8
            truths.append(sim_frame.truth)
    finally:
        camera.close()
    times = [t.t_ns for t in truths]
    assert all(b - a in (33_333_333, 33_333_334) for a, b in itertools.pairwise(times))
    with_hand = [t for t in truths if t.hand is not None]
    assert with_hand
    assert any(d.held for t in with_hand for d in t.dice)
    assert [d.die_id for d in truths[-1].dice] == [0, 2]


@pytest.mark.parametrize(("preset", "seed", "keep"), [("red-dice", 5000, 0), ("white-felt", 3, 1),
                                                     ("random-5001", 5001, 1)])
def test_a_rest_after_the_hand_left_starts_when_the_picture_stops_changing(
    preset: str, seed: int, keep: int
) -> None:
    # the hand's trip goes on out of sight after it has left the picture: the tray, as the
    # camera sees it, is still from the first frame without the hand or its shadow
    with SimTray(preset, seed=seed) as tray:
        tray.throw(2)
        tray.advance_until_still()
        tray.pick_up(tray.dice_in_play[keep:], hand=True)
        frames = [*tray.frames_until_still(), *tray.idle_frames(4)]
        rest = tray.rests[-1]
    assert rest.after.startswith("pick up") and len(rest.dice) == keep
    last = _image(frames[-1]).astype(np.int16)

    def changed_px(sim_frame: SimFrame) -> int:
        return int((np.abs(_image(sim_frame).astype(np.int16) - last).max(axis=2) > 40).sum())

    by_index = {f.truth.index: f for f in frames}
    assert all(changed_px(f) < 20 for i, f in by_index.items() if i >= rest.frame)  # noise only
    assert changed_px(by_index[rest.frame - 2]) > 200  # the hand, two frames before
    assert by_index[rest.frame].truth.hand is None


def test_a_die_let_go_at_rest_and_dice_taken_at_once_each_make_a_rest_state() -> None:
    # neither moves a die after the frame it happens in, yet each changes the picture there
    with SimTray("random-5030", seed=5030, render=False) as tray:
        tray.throw(2)
        tray.advance_until_still()
        tray.throw(1)
        tray.advance_until_still()
        tray.rethrow([2, 0])
        tray.advance_until_still()
        let_go = tray.frame_index
        (leaning,) = tray.throw(1, style="lean", accept=_cocked, attempts=60)
        rest = tray.advance_until_still()
        assert rest.after == f"throw [{leaning}]" and rest.frame == let_go  # at rest at once
        assert [d.cocked for d in rest.dice if d.die_id == leaning] == [True]
        taken = tray.frame_index
        tray.pick_up([1], hand=False)
        rest = tray.advance_until_still()
        assert rest.after == "pick up [1]" and rest.frame == taken
        assert 1 not in {d.die_id for d in rest.dice} and len(rest.dice) == 3


def test_sim_camera_is_a_frame_source() -> None:
    camera = SimCamera("throw-off", preset="red-dice", seed=0)
    try:
        frames = camera.frames()
        first, second = next(frames), next(frames)
    finally:
        camera.close()
    assert first.image.shape == (480, 640, 3)
    assert second.t_ns - first.t_ns == 33_333_333


def test_scenarios_compose_and_gathered_dice_come_back() -> None:
    with SimTray("bar-tungsten", seed=1, render=False) as tray:
        play_without_rendering(tray, "two-then-one+hand-in-tray")
        rests = tray.rests
    assert [len(r.dice) for r in rests] == [2, 3, 0, 3, 2]
    assert {d.die_id for d in rests[3].dice} == {0, 1, 2}  # the same three dice


def test_tray_is_a_frame_source_driven_turn_by_turn() -> None:
    with SimTray("dark-dice", seed=0) as tray:
        frames = tray.frames()
        empty = next(frames)
        tray.throw(1)
        thrown = next(frames)
        assert tray.last_truth is not None and tray.last_truth.index == 1
        assert [d.die_id for d in tray.last_truth.dice] == [0]
    assert thrown.t_ns - empty.t_ns == 33_333_333


def test_simulate_writes_frames_truth_and_video(tmp_path: Path) -> None:
    out = tmp_path / "seq"
    assert main(["simulate", "throw-off", "--seed", "3", "--out", str(out), "--thin"]) == 0
    meta = json.loads((out / "scenario.json").read_text())
    lines = (out / "truth.jsonl").read_text().splitlines()
    assert len(lines) == meta["frame_count"]
    assert [len(r["dice"]) for r in meta["rests"]] == [1]
    kept = [json.loads(line)["image"] for line in lines if "image" in json.loads(line)]
    assert kept and all((out / name).exists() for name in kept)
    # the calibration of a box over that scene: its tray outline holds every die at rest on the felt
    calibration = load_profile(out / "calibration.json")
    expected = profile_for_preset(meta["preset"])
    assert (calibration.die_size_px, calibration.pip_polarity, calibration.top_down) == (
        expected.die_size_px, expected.pip_polarity, expected.top_down)
    assert np.allclose(calibration.tray_polygon, expected.tray_polygon, atol=0.01)
    outline = np.asarray(calibration.tray_polygon, np.float32)
    for die in meta["rests"][-1]["dice"]:
        inside = cv2.pointPolygonTest(outline, tuple(die["centre_px"]), False) >= 0
        assert inside == die["on_tray"]

    video = tmp_path / "throw.mp4"
    assert main(["simulate", "throw-off", "--seed", "3", "--out", str(tmp_path / "v"),
                 "--video", str(video)]) == 0
    capture = cv2.VideoCapture(str(video))
    count = 0
    while capture.read()[0]:
        count += 1
    assert count == meta["frame_count"]
