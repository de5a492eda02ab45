"""The demo's speed: whole games to 343 in the simulated tray, through the real box.

    .venv/bin/python -m benchmarks.demo_bench [--seeds 1 2 3] [--players Arthur,Perceval,Karadoc]

Each seed plays one whole game (`culdechouette-box demo --seed N`, its defaults otherwise) and
prints: the throws, the game's simulated length, the frames of simulated time and those rendered
and shown to vision, the wall time, and how vision read the rest states. Frames shown per second
of wall time is the rate of the whole pipeline (render, vision, loop, record, sinks).
"""

from __future__ import annotations

import argparse
import platform
import sys
import tempfile
from pathlib import Path


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.demo_bench")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1])
    parser.add_argument("--players", default="Arthur,Perceval,Karadoc")
    parser.add_argument("--preset", default="bar-tungsten")
    args = parser.parse_args(argv)
    from culdechouette_box.demo.runner import DemoOptions, run_demo

    print(f"Python {platform.python_version()}, {platform.machine()}\n")
    print("| seed | throws | game s | frames | shown to vision | wall s | shown/s | rests: exact "
          "/ misread / unseen / refused / missed | scribe | winner |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    names = tuple(n.strip() for n in args.players.split(","))
    for seed in args.seeds:
        with tempfile.TemporaryDirectory() as folder:
            result = run_demo(DemoOptions(seed=seed, players=names, preset=args.preset,
                                          out=Path(folder)))
        c, v, state = result.counters, result.vision, result.state
        winners = ", ".join(state.player(s).name for s in state.winners) or "-"
        print(f"| {seed} | {c.throws} | {result.game_s:.0f} | {c.frames} | {c.frames_seen} | "
              f"{result.wall_s:.0f} | {c.frames_seen / result.wall_s:.1f} | "
              f"{v.count('exact')} / {v.count('misread')} / {v.count('unseen')} / {v.count('refused')} / "
              f"{v.count('missed')} | {c.scribe_dice} | {winners} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
