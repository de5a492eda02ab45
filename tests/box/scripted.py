"""A tiny synthetic frame source for the box loop: a tracker that reports scripted tray events.

Frames are 30 per second of simulated time; `ScriptedTracker` returns, for each frame time, the
vision events scripted for it. The images are never looked at.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from culdechouette_box.box.loop import BoxLoop, LoopSettings
from culdechouette_box.box.sinks import EffectSink
from culdechouette_box.record import RecordHeader
from culdechouette_box.rules.config import RulesConfig
from vision.events import RestingDie, TrayAtRest, TrayEvent, TrayMotion

FRAME_NS = 33_333_333
START_NS = 1_000_000_000


def frame_t(index: int) -> int:
    return START_NS + index * FRAME_NS


def die(die_id: int, value: int | None, x: float, y: float = 100.0) -> RestingDie:
    return RestingDie(die_id, value, (x, y), 26.0, 0.9 if value else 0.0, None if value else "cocked")


class ScriptedTracker:
    def __init__(self, script: dict[int, list[TrayEvent]]) -> None:
        self.script = script
        self.fed: list[int] = []

    def feed(self, t_ns: int, image: object) -> list[TrayEvent]:
        self.fed.append(t_ns)
        return list(self.script.get(t_ns, []))


def throw_events(
    motion_frame: int, rest_frame: int, dice: Sequence[RestingDie]
) -> dict[int, list[TrayEvent]]:
    """A motion seen at `motion_frame`, and the rest reported 5 frames after `rest_frame`."""
    return {
        frame_t(motion_frame): [TrayMotion(frame_t(motion_frame))],
        frame_t(rest_frame + 5): [TrayAtRest(frame_t(rest_frame), tuple(dice), 0)],
    }


def new_loop(
    path: Path,
    script: dict[int, list[TrayEvent]],
    sinks: Sequence[EffectSink] = (),
    players: tuple[str, ...] = ("Arthur", "Perceval"),
    settings: LoopSettings | None = None,
) -> tuple[BoxLoop, ScriptedTracker]:
    tracker = ScriptedTracker(script)
    header = RecordHeader(RulesConfig(), tuple(enumerate(players, start=1)), starting_seat=1)
    return BoxLoop.new_game(path, header, tracker, sinks, settings), tracker
