"""The box loop: frames → vision events → rules inputs, recorded before they are applied."""

from __future__ import annotations

from pathlib import Path

import pytest

from culdechouette_box.box.loop import BoxLoop, LoopError, LoopSettings
from culdechouette_box.box.sinks import RecordingSink
from culdechouette_box.record import read_record, replay
from culdechouette_box.rules.effects import Race, RaceDecided, RaceOpened, Rejected
from culdechouette_box.rules.inputs import (
    Announcement,
    RestingDie,
    ScribeAdjust,
    Shout,
    Tick,
    TrayAtRest,
    TrayMotion,
)
from culdechouette_box.rules.state import ShoutRace
from tests.box.scripted import die, frame_t, new_loop, throw_events


def chouette_velute_script() -> dict[int, list[object]]:
    """Arthur throws 2-2, then a 4: a Chouette-Velute de 4 (32 points)."""
    script = throw_events(10, 30, [die(0, 2, 100.0), die(1, 2, 140.0)])
    script.update(throw_events(50, 70, [die(0, 2, 100.0), die(1, 2, 140.0), die(2, 4, 200.0)]))
    return script  # type: ignore[return-value]


def run_frames(loop: BoxLoop, first: int, last: int) -> list[object]:
    applied = []
    for i in range(first, last):
        applied += loop.on_frame(frame_t(i), None)
    return applied


def test_vision_events_become_rules_inputs_in_the_record(tmp_path: Path) -> None:
    loop, tracker = new_loop(tmp_path / "g.jsonl", chouette_velute_script())
    applied = run_frames(loop, 0, 100)
    inputs = [a.input for a in applied]  # type: ignore[attr-defined]
    assert [type(i) for i in inputs] == [TrayMotion, TrayAtRest, TrayMotion, TrayAtRest]
    rest = inputs[3]
    assert rest.t_ns == frame_t(70)  # the first still frame, not the frame that reported it
    assert rest.dice == (RestingDie(0, 2, 100.0, 100.0), RestingDie(1, 2, 140.0, 100.0),
                         RestingDie(2, 4, 200.0, 100.0))
    assert isinstance(loop.state.phase, ShoutRace)
    assert len(tracker.fed) == 100
    assert read_record(loop.record_path).inputs == tuple(inputs)


def test_a_button_press_wins_the_race_and_a_tick_on_frame_time_decides_it(tmp_path: Path) -> None:
    sink = RecordingSink()
    loop, _ = new_loop(tmp_path / "g.jsonl", chouette_velute_script(), sinks=[sink])
    run_frames(loop, 0, 76)
    assert any(isinstance(e, RaceOpened) and e.race == Race.CHOUETTE_VELUTE for e in sink.effects)
    press = frame_t(75) + 10_000_000  # Perceval presses between two frames
    loop.on_button(2, press)
    applied = run_frames(loop, 76, 80)
    ticks = [a.input for a in applied if isinstance(a.input, Tick)]
    assert len(ticks) == 1
    # decided one tie window after the shout, on the first frame past it, minus the hold
    assert ticks[0].t_ns == frame_t(76) - LoopSettings().hold_ns
    assert ticks[0].t_ns > press + loop.state.config.tie_window_ns
    decided = [e for e in sink.effects if isinstance(e, RaceDecided)]
    assert decided and decided[0].winners == (2,)
    assert loop.state.player(2).score == 32


def test_no_tick_before_frame_time_minus_the_hold(tmp_path: Path) -> None:
    hold = 20_000_000
    loop, _ = new_loop(tmp_path / "g.jsonl", chouette_velute_script(), settings=LoopSettings(hold_ns=hold))
    run_frames(loop, 0, 76)
    loop.on_button(2, frame_t(75) + 5_000_000)
    deadline = frame_t(75) + 5_000_000 + loop.state.config.tie_window_ns + 1
    applied = run_frames(loop, 76, 78)
    # frame 76 is 8 ms before the deadline, frame 77 is 25 ms after it, 5 ms after deadline + hold
    assert [a.input.t_ns for a in applied if isinstance(a.input, Tick)] == [frame_t(77) - hold]
    assert frame_t(77) - hold >= deadline


def test_replaying_the_record_gives_the_loop_state_rejections_included(tmp_path: Path) -> None:
    loop, _ = new_loop(tmp_path / "g.jsonl", chouette_velute_script())
    run_frames(loop, 0, 72)
    loop.on_button(1, frame_t(71) + 3)
    loop.on_button(2, frame_t(71) + 7)  # within the tie window: both lose the points
    refused = loop.on_scribe(ScribeAdjust(frame_t(71) + 9, seat=7, points=5))
    assert any(isinstance(e, Rejected) for e in refused.effects)
    loop.on_announcement(Announcement(frame_t(71) + 11, 1, Shout.BIRD, value=3))
    run_frames(loop, 72, 200)
    loop.close()
    record = read_record(tmp_path / "g.jsonl")
    assert any(isinstance(i, ScribeAdjust) for i in record.inputs)
    assert replay(record).state == loop.state
    assert sum(e.points for e in loop.state.ledger if e.seat == 1) == loop.state.player(1).score


def test_each_input_is_on_disk_before_its_effects_are_shown(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"

    class LineCounter:
        def __init__(self) -> None:
            self.seen: list[tuple[int, int]] = []

        def show(self, state: object, effects: object) -> None:
            lines = path.read_text().count("\n") if path.exists() else 0
            self.seen.append((state.inputs, lines))  # type: ignore[attr-defined]

    counter = LineCounter()
    loop, _ = new_loop(path, chouette_velute_script(), sinks=[counter])
    run_frames(loop, 0, 80)
    assert counter.seen[0] == (0, 1)  # the header, before any input
    assert all(lines == inputs + 1 for inputs, lines in counter.seen)


def test_frames_must_come_in_time_order(tmp_path: Path) -> None:
    loop, _ = new_loop(tmp_path / "g.jsonl", {})
    loop.on_frame(frame_t(3), None)
    with pytest.raises(LoopError):
        loop.on_frame(frame_t(3), None)


def test_the_real_tracker_on_a_committed_sequence(tmp_path: Path) -> None:
    """two-then-one: the chouettes 3-5, then a 6: a Néant for Arthur, Perceval to play."""
    from tests.vision.sim_sequences import replay as frames_of
    from tests.vision.sim_sequences import sequences
    from vision.profile import load_profile
    from vision.tracker import TrayTracker

    sequence = next(s for s in sequences() if s.name == "two-then-one-bar-tungsten")
    tracker = TrayTracker(load_profile(sequence.folder / "calibration.json"))
    from culdechouette_box.record import RecordHeader
    from culdechouette_box.rules.config import RulesConfig

    header = RecordHeader(RulesConfig(), ((1, "Arthur"), (2, "Perceval")), starting_seat=1)
    loop = BoxLoop.new_game(tmp_path / "g.jsonl", header, tracker)
    for t_ns, image in frames_of(sequence):
        loop.on_frame(t_ns, image)
    rests = [i for i in read_record(tmp_path / "g.jsonl").inputs if isinstance(i, TrayAtRest)]
    assert [sorted(d.value or 0 for d in r.dice) for r in rests] == [[3, 5], [3, 5, 6]]
    assert loop.state.turn_seat == 2 and loop.state.player(1).turns == 1


def test_the_panel_is_redrawn_on_a_later_frame_when_a_change_came_too_soon(tmp_path: Path) -> None:
    from culdechouette_box.box.outputs import StandingsPanel
    from hardware.scoreboard.standings import PANEL_SIZES

    class Panel:
        size = PANEL_SIZES["inky-phat"]

        def __init__(self) -> None:
            self.shown: list[object] = []

        def show_image(self, image: object) -> None:
            self.shown.append(image)

    panel = Panel()
    sink = StandingsPanel(panel, min_interval_ns=3_000_000_000, render=lambda s, size: s)
    loop, _ = new_loop(tmp_path / "g.jsonl", chouette_velute_script(), sinks=[sink])
    assert len(panel.shown) == 1  # the opening standings
    run_frames(loop, 0, 76)
    loop.on_button(2, frame_t(75) + 1)
    run_frames(loop, 76, 80)
    assert loop.state.player(2).score == 32
    assert len(panel.shown) == 1  # scored 2.5 s after the first drawing: too soon
    run_frames(loop, 80, 100)
    assert len(panel.shown) == 2
    assert panel.shown[-1].rows[0].score == 32  # type: ignore[attr-defined]


def test_an_input_the_rules_core_fails_on_is_kept_out_of_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should the core raise on an input, the loop keeps it out of the record (which then still
    replays), notes the fault, shows a rejection and goes on from the state before it."""
    from culdechouette_box.box import loop as loop_module
    from culdechouette_box.rules import engine

    original = engine.apply

    def failing(state: object, inp: object) -> object:
        if isinstance(inp, ScribeAdjust) and inp.points == 99:
            raise ValueError("three dice from 1 to 6 expected")
        return original(state, inp)  # type: ignore[arg-type]

    loop, _ = new_loop(tmp_path / "g.jsonl", chouette_velute_script())
    run_frames(loop, 0, 40)
    before = loop.state
    monkeypatch.setattr(loop_module.engine, "apply", failing)
    applied = loop.on_scribe(ScribeAdjust(frame_t(40), seat=1, points=99))
    monkeypatch.undo()
    assert applied.index == -1 and loop.state == before
    assert [e.code for e in applied.effects if isinstance(e, Rejected)] == ["rules_fault"]
    assert len(loop.faults) == 1 and "ValueError" in loop.faults[0].error
    run_frames(loop, 41, 100)
    record = read_record(tmp_path / "g.jsonl")
    assert not any(isinstance(i, ScribeAdjust) for i in record.inputs)
    assert replay(record).state == loop.state
