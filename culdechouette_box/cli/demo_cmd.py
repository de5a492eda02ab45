"""`culdechouette-box demo`: a whole game in the simulated tray, with simulated players, through
the real vision, box loop, rules and scoreboard code.

The ticker lines are printed as they happen, with the game time; at the end come the standings,
where the record and the standings images were written, and how well vision read the tray.
Needs the `sim` extra (pybullet and Pillow).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from culdechouette_box.errors import BoxError
from hardware.errors import HardwareError
from hardware.scoreboard.standings import PANEL_SIZES

from . import render

START_NS = 1_000_000_000  # the simulated clock's reading at the first frame


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "demo",
        help="une partie entière dans le plateau simulé, avec des joueurs simulés",
        description="Play a whole game in the simulated tray with simulated players, through the "
        "real vision, box loop, rules and scoreboard code (needs the 'sim' extra).",
    )
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--players", default="Arthur,Perceval,Karadoc",
                        help="names, comma-separated, in seat order (2 to 8)")
    parser.add_argument("--preset", default="bar-tungsten", help="simulated scene (default bar-tungsten)")
    parser.add_argument("--out", type=Path, default=Path("demo-out"),
                        help="folder for the record and the standings images (default ./demo-out)")
    parser.add_argument("--max-throws", type=int, metavar="N", help="stop after N throws")
    parser.add_argument("--negative", action="store_true", help="play with negative scores")
    parser.add_argument("--panel", default="inky-impression-7",
                        help=f"e-ink panel size: {', '.join(PANEL_SIZES)} or WxH")
    parser.add_argument("--panel-interval", type=float, default=20.0, metavar="S",
                        help="never redraw the panel more often than this, in game seconds")
    parser.set_defaults(func=run)


def _clock(t_ns: int) -> str:
    seconds = max(0, t_ns - START_NS) / 1e9
    return f"{int(seconds // 60):3d}:{seconds % 60:05.2f}"


def run(args: argparse.Namespace) -> int:
    try:
        from culdechouette_box.demo.runner import DemoOptions, run_demo
        from hardware.sim.errors import SimulatorError, UnknownNameError
    except ImportError as exc:
        print(f"culdechouette-box demo: {exc}", file=sys.stderr)
        return 1
    names = tuple(n.strip() for n in args.players.split(",") if n.strip())
    options = DemoOptions(
        seed=args.seed, players=names, preset=args.preset, out=args.out,
        max_throws=args.max_throws, negative=args.negative, panel=args.panel,
        panel_interval_s=args.panel_interval,
    )
    def echo(t_ns: int, text: str) -> None:
        print(f"{_clock(t_ns)}  {text}", flush=True)

    def progress(table: Any) -> None:
        c = table.counters
        if c.frames % 300 == 0:
            print(f"\r  … {_clock(table.now_ns)} de jeu, {c.throws} lancers, {c.frames_seen} images",
                  end="", file=sys.stderr, flush=True)

    try:
        result = run_demo(options, echo, progress)
    except UnknownNameError as exc:
        print(f"culdechouette-box demo: {exc}", file=sys.stderr)
        return 2
    except (SimulatorError, BoxError, HardwareError) as exc:
        print(f"\nculdechouette-box demo: {exc}", file=sys.stderr)
        return 1
    print(file=sys.stderr)
    report(result)
    return 0 if result.state.over or args.max_throws is not None else 1


def report(result: Any) -> None:
    state, c = result.state, result.counters
    lines = [
        "",
        "Classement",
        *render.standings_text(state),
        "",
        render.turn_text(state),
        "",
        f"Partie : {c.throws} lancers, {c.frames} images de jeu ({result.game_s:.0f} s), "
        f"{c.frames_seen} montrées à la vision, {result.wall_s:.0f} s de calcul",
        f"Vision : {result.vision.summary()}",
    ]
    if c.scribe_dice:
        lines.append(f"Le scribe a saisi les dés {c.scribe_dice} fois (la vision refusait)")
    for fault in result.faults:
        lines.append(f"Entrée ignorée, erreur des règles : {fault}")
    lines += [
        f"Enregistrement : {result.record_path} (culdechouette-box replay {result.record_path})",
        f"Classements e-ink : {len(result.panel_images)} images dans "
        f"{result.panel_images[-1].parent if result.panel_images else '-'}",
    ]
    print("\n".join(lines))
