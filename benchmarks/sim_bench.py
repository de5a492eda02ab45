"""Simulated tray speed: frames per second rendered at 640×480 on one core, per preset.

    .venv/bin/python -m benchmarks.sim_bench [--frames N] [--repeats R]

Each run builds a tray (the static background is drawn then, and not timed), throws three dice
and times N consecutive frames from the release: the first ones with dice in flight and motion
blur, the rest at rest. A `+ hand` row times frames with the hand over the tray, taking a die.
`physics only` steps the same throw without rendering. The last row is a reference: TinyRenderer
drawing the whole scene (table, tray, three dice) with shadows every frame, which is what the
simulator avoids by drawing the still background once. Threads are pinned to one (OpenCV, BLAS):
the renderer itself is single-threaded. Each figure is the median of R runs.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import functools  # noqa: E402
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


def _whole_scene_fps(preset_name: str, frames: int) -> float:
    """Reference: TinyRenderer drawing the whole scene with shadows every frame, no effects."""
    import tempfile
    from pathlib import Path

    import pybullet as p

    from hardware.sim.camera_model import CameraModel
    from hardware.sim.dice import orientation_showing, write_die_assets
    from hardware.sim.physics import quaternion_from_yaw, tray_parts
    from hardware.sim.presets import get_preset

    preset = get_preset(preset_name)
    camera = CameraModel.from_setup(preset.camera)
    client = p.connect(p.DIRECT)
    try:
        def box(half: list[float], pos: list[float], yaw: float = 0.0) -> None:
            shape = p.createVisualShape(p.GEOM_BOX, halfExtents=half, physicsClientId=client)
            p.createMultiBody(0, -1, shape, pos, list(quaternion_from_yaw(yaw)),
                              physicsClientId=client)

        box([300.0, 300.0, 0.5], [0.0, 0.0, -0.8])
        for part in tray_parts(preset.tray):
            box(list(part.half_extents), list(part.position), part.yaw_rad)
        with tempfile.TemporaryDirectory() as assets:
            mesh, texture = write_die_assets(Path(assets), preset.dice.body_bgr,
                                             preset.dice.pip_bgr)
            visual = p.createVisualShape(p.GEOM_MESH, fileName=str(mesh), physicsClientId=client)
            tex = p.loadTexture(str(texture), physicsClientId=client)
            for i, value in enumerate((1, 3, 5)):
                body = p.createMultiBody(0, -1, visual, [-4.0 + 4 * i, 2.0 * i, 0.8],
                                         list(orientation_showing(value)),
                                         physicsClientId=client)
                p.changeVisualShape(body, -1, textureUniqueId=tex, physicsClientId=client)
        view, proj = camera.gl_matrices(p)
        started = time.perf_counter()
        for _ in range(frames):
            p.getCameraImage(camera.canvas_width, camera.canvas_height, view, proj,
                             renderer=p.ER_TINY_RENDERER, shadow=1,
                             lightDirection=[50.0, 50.0, 80.0], physicsClientId=client)
        return frames / (time.perf_counter() - started)
    finally:
        p.disconnect(physicsClientId=client)


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
        rendered = _median_fps(
            functools.partial(_time_frames, preset, args.frames, render=True, hand=hand),
            args.frames, args.repeats)
        physics = _median_fps(
            functools.partial(_time_frames, preset, args.frames, render=False, hand=hand),
            args.frames, args.repeats)
        label = f"{preset} + hand" if hand else preset
        print(f"| {label} | {rendered:.1f} | {1000 / rendered:.1f} | {physics:.0f} |", flush=True)
    reference = statistics.median(_whole_scene_fps("bar-tungsten", 10)
                                  for _ in range(args.repeats))
    print(f"| whole scene drawn every frame, no effects (reference) | {reference:.1f} | "
          f"{1000 / reference:.1f} | |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
