"""A short demo game: the simulated table, real vision, the box loop and its sinks."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pybullet")
pytest.importorskip("PIL")

from culdechouette_box.demo.runner import DemoOptions, DemoResult, run_demo
from culdechouette_box.record import read_record, replay
from culdechouette_box.rules.inputs import TrayAtRest, TrayMotion


@pytest.fixture(scope="module")
def short_game(tmp_path_factory: pytest.TempPathFactory) -> DemoResult:
    out = tmp_path_factory.mktemp("demo")
    return run_demo(DemoOptions(seed=3, out=out, max_throws=4, panel="inky-phat", panel_interval_s=2.0))


def test_the_written_record_replays_to_the_box_state(short_game: DemoResult) -> None:
    record = read_record(short_game.record_path)
    assert replay(record).state == short_game.state
    kinds = {type(i) for i in record.inputs}
    assert {TrayMotion, TrayAtRest} <= kinds


def test_scores_are_the_sums_of_the_ledger(short_game: DemoResult) -> None:
    state = short_game.state
    for player in state.players:
        assert player.score == sum(e.points for e in state.ledger if e.seat == player.seat)


def test_the_game_was_played_through_vision(short_game: DemoResult) -> None:
    counters = short_game.counters
    assert counters.throws == 4
    assert 0 < counters.frames_seen <= counters.frames
    rests = [i for i in read_record(short_game.record_path).inputs if isinstance(i, TrayAtRest)]
    assert len(rests) >= 3
    tally = short_game.vision
    # one true rest per throw (four: three throw-off dice, then the chouettes), and one after
    # each throw-off die is taken off the tray before the next throw (the tray, empty, at rest)
    assert tally.rests == 4 + 3
    assert [c.truth for c in tally.checks].count(()) == 3
    verdicts = ("exact", "misread", "unseen", "refused", "missed")
    assert sum(tally.count(v) for v in verdicts) == tally.rests
    # the start throw-off: one die each, in seat order, read from the frames
    assert short_game.ticker_lines[0] == "ARTHUR : LANCEZ UN DÉ"


def test_standings_pngs_are_written(short_game: DemoResult) -> None:
    from PIL import Image

    assert short_game.panel_images
    with Image.open(short_game.panel_images[-1]) as image:
        assert image.size == (250, 122)
        assert image.mode == "1"


def test_same_seed_same_game(tmp_path: Path, short_game: DemoResult) -> None:
    again = run_demo(DemoOptions(seed=3, out=tmp_path, max_throws=4, panel="inky-phat",
                                 panel_interval_s=2.0))
    first = read_record(short_game.record_path).inputs
    assert read_record(again.record_path).inputs == first


def test_cli_demo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from culdechouette_box.cli.main import main

    status = main(["demo", "--max-throws", "2", "--seed", "5", "--players", "Léodagan,Yvain",
                   "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert status == 0
    assert "LÉODAGAN : LANCEZ UN DÉ" in out
    assert "Classement" in out and "Vision :" in out
    assert (tmp_path / "partie.jsonl").exists()


def test_cli_demo_bad_preset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from culdechouette_box.cli.main import main

    assert main(["demo", "--preset", "bar-tungstene", "--out", str(tmp_path)]) == 2
    assert "bar-tungsten" in capsys.readouterr().err
