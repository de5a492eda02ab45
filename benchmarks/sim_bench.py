"""Simulated tray speed: frames per second rendered at 640×480 on one core, per preset.

    .venv/bin/python -m benchmarks.sim_bench [--frames N] [--repeats R]

Each run builds a tray (the static background is drawn then, and not timed), throws three dice
and times N consecutive frames from the release: the first ones with dice in flight and motion
blur, the rest at rest. A `+ hand` row times frames with the hand over the tray, taking a die.
`physics only` steps the same throw without rendering. Threads are pinned to one (OpenCV, BLAS):
the renderer itself is single-threaded. Each figure is the median of R runs.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

import cv2  # noqa: E402

PRESETS = ("bar-tungsten", "white-felt", "red-dice", "dark-dice", "blue-pips")


def _time_frames(preset: str, frames: int, *, render: bool, hand: bool) -> float:
    """Seconds for `frames` steps of a fresh tray after a throw of three dice."""
    from hardware.sim.tray import SimTray

    with SimTray(preset, seed=1, render=render) as tray:
        tray.throw(3)
        if hand:
            tray.advance_until_still()
            tray.pick_up([1], hand=True)
        started = time.perf_counter()
        for _ in range(frames):
            tray.step()
        return time.perf_counter() - started


def _median_fps(run: Callable[[], float], frames: int, repeats: int) -> float:
    return statistics.median(frames / run() for _ in range(repeats))


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=45)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    try:
        import pybullet  # noqa: F401
    except ModuleNotFoundError:
        print("skipped: the simulator needs the sim extra (pip install -e '.[sim]')")
        return 0
    cv2.setNumThreads(1)
    print(f"CPU: {cpu_model()}; Python {platform.python_version()}; "
          f"{args.frames} frames per run, median of {args.repeats}")
    print()
    print("| preset | frames/s (render) | ms/frame | frames/s (physics only) |")
    print("|---|---|---|---|")
    rows = [(p, False) for p in PRESETS] + [("bar-tungsten", True)]
    for preset, hand in rows:
        rendered = _median_fps(lambda p=preset, h=hand: _time_frames(p, args.frames, render=True,
                                                                     hand=h),
                               args.frames, args.repeats)
        physics = _median_fps(lambda p=preset, h=hand: _time_frames(p, args.frames, render=False,
                                                                    hand=h),
                              args.frames, args.repeats)
        label = f"{preset} + hand" if hand else preset
        print(f"| {label} | {rendered:.1f} | {1000 / rendered:.1f} | {physics:.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
