"""Saved rest frames (`benchmarks.saved_rests`): saved as the bench plays them, read again offline
with the same scoring, and a damaged folder named in a clear error."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from benchmarks.saved_rests import RESTS_FILE, SavedRestsError, main, save, score


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("rests")
    tally = save(folder, rests=1, first_seed=30000)  # one tray: throw 2, throw 1, re-throw, lean
    assert tally["rests"] >= 4
    return folder


def test_every_announced_rest_is_saved_with_its_frame_and_truth(saved: Path) -> None:
    records = [json.loads(line) for line in (saved / RESTS_FILE).read_text().splitlines()]
    assert len(records) >= 4
    for record in records:
        assert (saved / f"{record['name']}.png").is_file()
        assert record["name"].startswith(f"{record['preset']}-s30000-")
        assert all(1 <= die["value"] <= 6 for die in record["truth"])
    # the last throw of a tray is a die let go leaning on the wall
    assert any(die["cocked"] for die in records[-1]["truth"])


def test_read_again_the_rests_score_as_the_bench_scored_them(saved: Path) -> None:
    records = [json.loads(line) for line in (saved / RESTS_FILE).read_text().splitlines()]
    failures: list[str] = []
    tally = score(saved, failures)
    assert tally["rests"] == len(records)
    # the frames alone, without the readings the tracker keeps for dice that did not move: on
    # this tray's light the tracker and the reader alone agree rest by rest
    assert tally["exact"] == sum(record["bench_exact"] for record in records)
    assert tally["cocked"] >= 1
    assert len(failures) == tally["rests"] - tally["exact"]


def test_a_damaged_line_or_a_missing_frame_is_named(saved: Path, tmp_path: Path) -> None:
    lines = (saved / RESTS_FILE).read_text().splitlines()
    (tmp_path / RESTS_FILE).write_text(lines[0] + "\n{not json\n")
    with pytest.raises(SavedRestsError, match=r"rests\.jsonl, line 2"):
        score(tmp_path)  # the first line's frame is missing too, but the line comes first
    (tmp_path / RESTS_FILE).write_text(lines[0] + "\n")
    with pytest.raises(SavedRestsError, match=r"\.png \(line 1 of .*: missing or not an image"):
        score(tmp_path)
    assert main(["score", str(tmp_path / "nowhere")]) == 2


def test_the_gallery_pictures_a_die_not_read_right(saved: Path, tmp_path: Path) -> None:
    # the truth of one flat die changed: its reading no longer agrees, and its crop is taken
    records = [json.loads(line) for line in (saved / RESTS_FILE).read_text().splitlines()]
    record = next(r for r in records if any(not d["cocked"] for d in r["truth"]))
    die = next(d for d in record["truth"] if not d["cocked"])
    die["value"] = die["value"] % 6 + 1
    (tmp_path / RESTS_FILE).write_text(json.dumps(record) + "\n")
    (tmp_path / f"{record['name']}.png").symlink_to(saved / f"{record['name']}.png")
    crops: dict[str, list[np.ndarray]] = {}
    tally = score(tmp_path, None, crops)
    assert tally["exact"] == 0
    assert [len(crops.get(kind, [])) for kind in ("misread",)] == [1]
    assert crops["misread"][0].shape == (160, 160, 3)
    assert main(["score", str(tmp_path), "--gallery", str(tmp_path / "sheets")]) == 0
    assert (tmp_path / "sheets" / "vision-saved-misread.png").is_file()
