"""Calibration profiles: good ones load, bad ones name the file and the key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vision.errors import VisionError
from vision.profile import PROFILE_FORMAT, CalibrationProfile, ProfileError, load_profile, save_profile


def write(tmp_path: Path, data: object) -> Path:
    path = tmp_path / "vision-profile.json"
    path.write_text(json.dumps(data))
    return path


def test_full_profile_loads(tmp_path: Path) -> None:
    path = write(tmp_path, {
        "format": PROFILE_FORMAT,
        "tray_polygon": [[10, 20], [300, 20], [300, 200], [10, 200]],
        "die_size_px": 30,
        "pip_polarity": "light",
        "pip_colour": "white",
        "top_down": True,
    })
    profile = load_profile(path)
    assert profile == CalibrationProfile(
        tray_polygon=((10.0, 20.0), (300.0, 20.0), (300.0, 200.0), (10.0, 200.0)),
        die_size_px=30.0,
        pip_polarity="light",
        pip_colour="white",
        top_down=True,
    )
    assert profile.tray_bounds(640, 480) == (0, 0, 331, 231)


def test_homography_gives_the_tray_outline(tmp_path: Path) -> None:
    # image = 2 × plane + (100, 50): the inverse maps the image to the plane
    path = write(tmp_path, {
        "format": PROFILE_FORMAT,
        "homography": [[0.5, 0, -50], [0, 0.5, -25], [0, 0, 1]],
        "tray_size": [100, 80],
    })
    outline = load_profile(path).tray_polygon
    assert outline is not None
    assert [tuple(round(v) for v in p) for p in outline] == [
        (100, 50), (300, 50), (300, 210), (100, 210)
    ]


@pytest.mark.parametrize(
    ("data", "key"),
    [
        ({"format": "other"}, "format"),
        ({"format": PROFILE_FORMAT, "tray_polygon": [[0, 0], [1, 1]]}, "tray_polygon"),
        ({"format": PROFILE_FORMAT, "die_size_px": "big"}, "die_size_px"),
        ({"format": PROFILE_FORMAT, "pip_polarity": "dim"}, "pip_polarity"),
        ({"format": PROFILE_FORMAT, "pip_colour": "green"}, "pip_colour"),
        ({"format": PROFILE_FORMAT, "top_down": "yes"}, "top_down"),
        ({"format": PROFILE_FORMAT, "homography": [[1, 0], [0, 1]]}, "homography"),
        ({"format": PROFILE_FORMAT, "homography": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}, "tray_size"),
        ({"format": PROFILE_FORMAT, "die_size": 30}, "die_size"),
        ({"format": PROFILE_FORMAT, "nadir_px": [320]}, "nadir_px"),
        ({"format": PROFILE_FORMAT, "nadir_px": ["320", 240]}, "nadir_px"),
        ({"format": PROFILE_FORMAT, "focal_px": 0}, "focal_px"),
        ({"format": PROFILE_FORMAT, "focal_px": "760"}, "focal_px"),
    ],
)
def test_bad_value_names_file_and_key(tmp_path: Path, data: dict[str, object], key: str) -> None:
    path = write(tmp_path, data)
    with pytest.raises(VisionError) as caught:
        load_profile(path)
    assert str(path) in str(caught.value)
    assert repr(key) in str(caught.value)


def test_unreadable_and_non_json_files_are_named(tmp_path: Path) -> None:
    with pytest.raises(VisionError, match=r"missing\.json"):
        load_profile(tmp_path / "missing.json")
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(VisionError, match=r"broken\.json"):
        load_profile(path)


def test_a_saved_profile_loads_back_the_same(tmp_path: Path) -> None:
    profile = CalibrationProfile(
        tray_polygon=((10.0, 12.5), (600.25, 11.0), (598.0, 470.125)), die_size_px=26.5,
        pip_polarity="light", pip_colour="white", top_down=True,
    )
    path = tmp_path / "calibration.json"
    save_profile(profile, path)
    assert load_profile(path) == profile
    assert not list(tmp_path.glob("*.partial"))


def test_the_point_below_the_lens_is_saved_and_loaded(tmp_path: Path) -> None:
    profile = CalibrationProfile(die_size_px=26.0, top_down=True, nadir_px=(319.5, 304.25))
    path = tmp_path / "calibration.json"
    save_profile(profile, path)
    assert load_profile(path) == profile
    # a profile written without it loads as a camera not tilted
    assert load_profile(write(tmp_path, {"format": PROFILE_FORMAT})).nadir_px is None


def test_the_lens_focal_length_is_saved_and_loaded(tmp_path: Path) -> None:
    profile = CalibrationProfile(die_size_px=26.0, top_down=True, nadir_px=(319.5, 304.25), focal_px=760.5)
    path = tmp_path / "calibration.json"
    save_profile(profile, path)
    assert load_profile(path) == profile
    # a profile written without it leaves the lens unknown
    assert load_profile(write(tmp_path, {"format": PROFILE_FORMAT})).focal_px is None


def test_a_profile_that_cannot_be_written_names_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-folder" / "calibration.json"
    with pytest.raises(ProfileError, match="no-such-folder"):
        save_profile(CalibrationProfile(), missing)
