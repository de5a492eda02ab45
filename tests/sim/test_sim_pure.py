"""Simulator parts that need no physics engine: dice geometry, textures, presets, the camera
model, the truth format and the command's argument errors."""

from __future__ import annotations

import dataclasses
import itertools
import sys
from pathlib import Path

import numpy as np
import pytest

from culdechouette_box.cli.main import main
from hardware.errors import HardwareError
from hardware.sim import dice
from hardware.sim.camera_model import CameraModel
from hardware.sim.errors import SimulatorUnavailableError, UnknownNameError
from hardware.sim.framing import framed_tray, tray_in_picture
from hardware.sim.presets import (
    PRESETS,
    CameraSetup,
    TrayLook,
    get_preset,
    random_preset,
    resolve_preset,
)
from hardware.sim.scripts import SCENARIOS
from tests.sim.pips import count_pips


def test_opposite_faces_sum_to_seven() -> None:
    for (axis, sign), value in dice.FACE_VALUES.items():
        assert value + dice.FACE_VALUES[(axis, -sign)] == 7
    assert sorted(dice.FACE_VALUES.values()) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("value", range(1, 7))
def test_orientation_showing_puts_that_face_up(value: int) -> None:
    face = dice.top_face(dice.orientation_showing(value))
    assert face.value == value
    assert face.tilt_deg == pytest.approx(0.0, abs=1e-6)
    assert not face.cocked


def test_tilted_die_is_cocked() -> None:
    angle = np.radians(20)
    tilted = (float(np.sin(angle / 2)), 0.0, 0.0, float(np.cos(angle / 2)))
    face = dice.top_face(tilted)
    assert face.value == 1
    assert face.cocked
    assert face.tilt_deg == pytest.approx(20.0, abs=1e-6)


@pytest.mark.parametrize("value", range(1, 7))
def test_texture_tiles_show_their_pips(value: int) -> None:
    tile = dice.face_tile(value, 96, (235, 240, 240), (25, 25, 25))
    outline = [(0, 0), (95, 0), (95, 95), (0, 95)]
    assert count_pips(tile, outline, inset=0.98) == value


def test_bevelled_mesh_has_faces_edges_and_corners() -> None:
    obj = dice.bevelled_cube_obj()
    faces = [line for line in obj.splitlines() if line.startswith("f ")]
    assert len(faces) == 6 + 12 + 8
    coords = np.array([[float(v) for v in line.split()[1:]]
                       for line in obj.splitlines() if line.startswith("v ")])
    assert np.abs(coords).max() == pytest.approx(dice.DIE_SIZE_CM / 2)


def test_named_presets_and_their_colours() -> None:
    for name in ("bar-tungsten", "white-felt", "red-dice"):
        assert get_preset(name).name == name
    looks = {(p.dice.body_bgr, p.dice.pip_bgr) for p in PRESETS.values()}
    assert len(looks) >= 6  # white/black, ivory/black, red/white, red pips, blue pips, dark


def test_unknown_preset_suggests_the_closest() -> None:
    with pytest.raises(UnknownNameError, match="did you mean 'red-dice'"):
        get_preset("red-dise")


def test_random_presets_repeat_per_seed() -> None:
    assert random_preset(3) == random_preset(3)
    assert random_preset(3) != random_preset(4)
    assert resolve_preset("random-3") == random_preset(3)


def test_every_script_of_a_real_table_is_there() -> None:
    assert set(SCENARIOS) == {
        "two-then-one", "sirotage", "challenge-rethrow", "three-at-once", "cul-first",
        "off-tray", "cocked", "dice-touching", "hand-in-tray", "throw-off",
    }


def test_distortion_map_agrees_with_projection() -> None:
    camera = CameraModel.from_setup(get_preset("blue-pips").camera)
    map_x, map_y = camera.distortion_maps()
    points = np.array([[x, y, 0.8] for x, y in itertools.product((-12, 0, 9), (-8, 0, 7))])
    frame_px = camera.project(points)
    canvas_px = camera.project_canvas(points)
    for (u, v), expected in zip(frame_px, canvas_px, strict=True):
        # the map at the delivered pixel points back to where the renderer drew the point
        # (within the rounding to the map's integer pixels)
        i, j = round(v), round(u)
        got = np.array([map_x[i, j], map_y[i, j]])
        assert np.linalg.norm(got - expected) < 1.2


def test_building_a_tray_without_pybullet_names_the_extra(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setitem(sys.modules, "pybullet", None)
    from hardware.sim.tray import SimTray

    with pytest.raises(SimulatorUnavailableError, match=r"pip install -e '\.\[sim\]'") as info:
        SimTray("bar-tungsten", seed=0)
    assert isinstance(info.value, HardwareError)


def test_simulate_rejects_unknown_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "sirtage", "--out", str(tmp_path / "out")])
    assert status == 2
    assert "unknown scenario 'sirtage'; did you mean 'sirotage'?" in capsys.readouterr().err


def test_simulate_rejects_unknown_preset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "sirotage", "--preset", "bar-tungstn", "--out", str(tmp_path)])
    assert status == 2
    assert "did you mean 'bar-tungsten'" in capsys.readouterr().err


def test_simulate_lists_scenarios_and_presets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--list"]) == 0
    listed = capsys.readouterr().out
    assert "two-then-one" in listed and "white-felt" in listed


def test_every_named_preset_frames_the_whole_tray() -> None:
    for preset in PRESETS.values():
        assert tray_in_picture(preset.tray, preset.camera), preset.name


def test_random_scenes_frame_the_whole_tray() -> None:
    scenes = [random_preset(seed) for seed in range(120)]
    assert all(tray_in_picture(scene.tray, scene.camera) for scene in scenes)
    # the fitting shrinks some trays and leaves most as drawn
    widths = {round(scene.tray.width_cm, 3) for scene in scenes}
    assert len(widths) > 100


def test_a_tray_too_wide_for_the_camera_is_shrunk_until_it_is_seen_whole() -> None:
    close_camera = CameraSetup(height_cm=40.0, die_px=32.0)
    wide = TrayLook(shape="rect", width_cm=36.0, depth_cm=24.0)
    assert not tray_in_picture(wide, close_camera)
    fitted = framed_tray(wide, close_camera)
    assert tray_in_picture(fitted, close_camera)
    assert fitted.width_cm < 36.0
    assert fitted.width_cm / fitted.depth_cm == pytest.approx(36.0 / 24.0)
    # no more than needed: a little wider no longer fits
    assert not tray_in_picture(dataclasses.replace(fitted, width_cm=fitted.width_cm * 1.02,
                                                   depth_cm=fitted.depth_cm * 1.02), close_camera)
    snug = TrayLook(shape="rect", width_cm=20.0, depth_cm=14.0)
    assert framed_tray(snug, close_camera) == snug
