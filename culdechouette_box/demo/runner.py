"""One demo game from options to result: the tray, the tracker, the box loop and its sinks."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from calibration.simulated import profile_for_preset
from culdechouette_box.box.loop import BoxLoop, LoopSettings
from culdechouette_box.box.outputs import SeatLedsSink, StandingsPanel, TickerSink
from culdechouette_box.errors import BoxError
from culdechouette_box.record import RecordHeader
from culdechouette_box.rules.config import RulesConfig
from culdechouette_box.rules.state import GameState
from hardware.scoreboard.leds import RecordingLeds
from hardware.scoreboard.panel import FilePanel
from hardware.scoreboard.standings import panel_size
from hardware.scoreboard.ticker import MemoryTicker

from .players import SimPlayers
from .table import Counters, DemoTable, TableSettings
from .vision_check import VisionTally, check_rests

S = 1_000_000_000
DEFAULT_PLAYERS = ("Arthur", "Perceval", "Karadoc")


class DemoError(BoxError):
    """The demo cannot run (bad options, no physics engine)."""


@dataclass(frozen=True)
class DemoOptions:
    seed: int = 1
    players: tuple[str, ...] = DEFAULT_PLAYERS
    preset: str = "bar-tungsten"
    out: Path = Path("demo-out")
    max_throws: int | None = None
    negative: bool = False
    panel: str = "inky-impression-7"
    panel_interval_s: float = 20.0
    idle_stride: int = 3


@dataclass(frozen=True)
class DemoResult:
    state: GameState
    record_path: Path
    panel_images: tuple[Path, ...]
    counters: Counters
    vision: VisionTally
    wall_s: float
    game_s: float  # simulated time at the table
    ticker_lines: tuple[str, ...] = field(default=())
    led_changes: int = 0
    faults: tuple[str, ...] = ()  # inputs the rules core failed on (not recorded)


def _import_physics_quietly() -> None:
    """pybullet prints its build time on the C stdout when imported; send it to stderr, so the
    demo's stdout holds only the game."""
    import ctypes
    import os
    import sys

    if "pybullet" in sys.modules:
        return
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        os.dup2(2, 1)
        try:
            import pybullet  # noqa: F401
        except ImportError:
            return  # SimTray says which extra to install
        finally:
            ctypes.CDLL(None).fflush(None)
    finally:
        os.dup2(saved, 1)
        os.close(saved)


def run_demo(
    options: DemoOptions,
    echo: Callable[[int, str], None] | None = None,
    progress: Callable[[DemoTable], None] | None = None,
) -> DemoResult:
    """Play one game; the record and the standings images go to `options.out`."""
    if not 2 <= len(options.players) <= 8:
        raise DemoError(f"2 to 8 players are needed, got {len(options.players)}")
    _import_physics_quietly()
    from hardware.sim.tray import SimTray
    from vision.tracker import TrayTracker

    start = time.perf_counter()
    out = Path(options.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DemoError(f"{out}: cannot make the output folder ({exc.strerror})") from None
    header = RecordHeader(
        ruleset=RulesConfig(negative_scores=options.negative),
        players=tuple(enumerate(options.players, start=1)),
        starting_seat=None,
        title=f"Démo, graine {options.seed}, {options.preset}",
    )
    panel = StandingsPanel(
        FilePanel(out / "panel", panel_size(options.panel)),
        min_interval_ns=round(options.panel_interval_s * S),
    )
    for old in (out / "panel").glob("standings-*.png"):
        old.unlink()
    ticker = MemoryTicker()
    leds = RecordingLeds()
    tables: list[DemoTable] = []

    def echo_now(t_ns: int, text: str) -> None:
        # a prompt is shown when the box makes it: the table's clock, not the rules' last input
        if echo is not None:
            echo(tables[0].now_ns if tables else t_ns, text)

    sinks = (TickerSink(ticker, echo_now), panel, SeatLedsSink(leds))
    tracker = TrayTracker(profile_for_preset(options.preset))
    record_path = out / "partie.jsonl"
    with SimTray(preset=options.preset, seed=options.seed) as tray:
        loop = BoxLoop.new_game(record_path, header, tracker, sinks, LoopSettings(), overwrite=True)
        try:
            players = SimPlayers(tuple(range(1, len(options.players) + 1)), options.seed)
            settings = TableSettings(max_throws=options.max_throws, idle_stride=options.idle_stride)
            table = DemoTable(loop, tray, players, settings, progress)
            tables.append(table)
            table.run()
            panel.flush()
            vision = check_rests(tray.rests, table.box_rests, 1e9 / tray.fps, tray.preset.camera.die_px)
        finally:
            loop.close()
    return DemoResult(
        state=loop.state,
        record_path=record_path,
        panel_images=tuple(panel.device.written),  # type: ignore[attr-defined]
        counters=table.counters,
        vision=vision,
        wall_s=time.perf_counter() - start,
        game_s=table.counters.frames / tray.fps,
        ticker_lines=tuple(ticker.lines),
        led_changes=len(leds.history),
        faults=tuple(f"{type(f.input).__name__} at {f.input.t_ns}: {f.error}" for f in loop.faults),
    )
