"""The `read-dice` command's contract: other tools parse its output, so it is tested exactly."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from culdechouette_box.cli.main import main
from tests.vision.drawing import DrawnDie, tray_with

KEYS = {"image", "width", "height", "ms", "dice", "unreadable"}


@pytest.fixture()
def tray_png(tmp_path: Path) -> Path:
    image = tray_with([DrawnDie(3, (200, 200), angle_deg=10), DrawnDie(5, (420, 260))])
    path = tmp_path / "tray.png"
    cv2.imwrite(str(path), image)
    return path


def test_json_line_per_image_with_the_contract_keys(
    tray_png: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["read-dice", "--json", str(tray_png), str(tray_png)])
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    assert len(out) == 2
    record = json.loads(out[0])
    assert set(record) == KEYS
    assert record["image"] == str(tray_png)
    assert (record["width"], record["height"]) == (640, 480)
    assert record["ms"] >= 0
    assert sorted(d["value"] for d in record["dice"]) == [3, 5]
    for die in record["dice"]:
        assert set(die) == {"value", "center", "size", "confidence"}
        assert len(die["center"]) == 2
        assert 0.0 <= die["confidence"] <= 1.0
    centres = sorted(tuple(d["center"]) for d in record["dice"])
    assert abs(centres[0][0] - 200) < 3 and abs(centres[0][1] - 200) < 3
    assert abs(centres[1][0] - 420) < 3 and abs(centres[1][1] - 260) < 3


def test_missing_and_corrupt_files_are_named_others_still_read_and_status_is_2(
    tray_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corrupt = tmp_path / "corrupt.jpg"
    corrupt.write_bytes(b"\xff\xd8 this is not a jpeg")
    missing = tmp_path / "missing.jpg"
    status = main(["read-dice", "--json", str(missing), str(tray_png), str(corrupt)])
    captured = capsys.readouterr()
    assert status == 2
    records = [json.loads(line) for line in captured.out.splitlines()]
    assert [r["image"] for r in records] == [str(tray_png)]
    errors = captured.err.splitlines()
    assert any(str(missing) in line for line in errors)
    assert any(str(corrupt) in line for line in errors)


def test_without_json_one_line_per_image(tray_png: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read-dice", str(tray_png)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1
    assert out[0].startswith(f"{tray_png}: 3 5")


def test_a_bad_calibration_file_is_named_with_its_key(
    tray_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = tmp_path / "profile.json"
    profile.write_text(json.dumps({"format": "culdechouette-vision-profile/1", "die_size_px": -3}))
    status = main(["read-dice", "--calibration", str(profile), "--json", str(tray_png)])
    err = capsys.readouterr().err
    assert status == 2
    assert str(profile) in err and "die_size_px" in err


def test_calibration_profile_gives_the_same_reading(
    tray_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = tmp_path / "profile.json"
    profile.write_text(json.dumps({
        "format": "culdechouette-vision-profile/1",
        "tray_polygon": [[60, 60], [600, 60], [600, 440], [60, 440]],
        "die_size_px": 40,
        "pip_polarity": "dark",
    }))
    assert main(["read-dice", "--calibration", str(profile), "--json", str(tray_png)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert sorted(d["value"] for d in record["dice"]) == [3, 5]
