"""`culdechouette-box simulate SCENARIO`: render a simulated throw script with its ground truth.

Writes frames (or one video) and `truth.jsonl` + `scenario.json` into `--out`; the format is in
docs/simulator.md. The physics engine is imported only when a scene is built.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from calibration.simulated import profile_for_preset
from hardware.sim.errors import SimulatorError, UnknownNameError
from hardware.sim.output import IMAGE_FORMATS, SequenceInfo, SequenceWriter
from hardware.sim.presets import DEFAULT_PRESET, PRESETS, resolve_preset
from hardware.sim.scripts import SCENARIOS, get_scenario
from hardware.sim.truth import FrameTruth
from vision.profile import ProfileError, save_profile

THIN_MOTION_EVERY = 15  # with --thin, keep one moving frame in this many
PROGRESS_EVERY_S = 0.5


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="render a simulated throw script with its ground truth",
        description="Throw dice in a simulated tray and write the camera frames with the truth "
        "of every frame (needs the 'sim' extra: pip install -e '.[sim]').",
    )
    parser.add_argument("scenario", nargs="?", help="throw script to play (see --list)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--preset", default=DEFAULT_PRESET,
                        help=f"scene preset, or random-N (default {DEFAULT_PRESET})")
    parser.add_argument("--out", type=Path, help="directory for frames, truth.jsonl, scenario.json")
    parser.add_argument("--video", type=Path, help="write an .mp4 video instead of frame images")
    parser.add_argument("--format", choices=IMAGE_FORMATS, default="jpg", help="frame images")
    parser.add_argument("--thin", action="store_true",
                        help="keep only frames where the tray starts or stops moving, and a few "
                        "in between (truth.jsonl still lists every frame)")
    parser.add_argument("--list", action="store_true", help="list scenarios and presets, then exit")
    parser.set_defaults(func=run)


def _fail(message: str, status: int = 2) -> int:
    print(f"culdechouette-box simulate: error: {message}", file=sys.stderr)
    return status


def _list() -> int:
    print("scenarios:")
    for scenario in SCENARIOS.values():
        print(f"  {scenario.name:<18} {scenario.description}")
    print("presets (and random-N for a random scene):")
    for preset in PRESETS.values():
        print(f"  {preset.name:<22} {preset.description}")
    return 0


class _Thinner:
    """Keeps the frames that matter to a reader: every change between moving and still, the
    first and last frames, and one moving frame in THIN_MOTION_EVERY."""

    def __init__(self) -> None:
        self._previous: FrameTruth | None = None

    def keep(self, truth: FrameTruth) -> bool:
        previous, self._previous = self._previous, truth
        if previous is None or previous.still != truth.still:
            return True
        return not truth.still and truth.index % THIN_MOTION_EVERY == 0


def run(args: argparse.Namespace) -> int:
    if args.list:
        return _list()
    if not args.scenario:
        return _fail("name a scenario (see --list)")
    if args.out is None:
        return _fail("--out DIR is required")
    try:
        scenario = get_scenario(args.scenario)
        preset = resolve_preset(args.preset)
    except UnknownNameError as exc:
        return _fail(str(exc))
    if args.video is not None and args.video.suffix.lower() != ".mp4":
        return _fail(f"--video must name an .mp4 file, not {str(args.video)!r}")
    if args.out.exists() and not args.out.is_dir():
        return _fail(f"--out {str(args.out)!r} exists and is not a directory")

    from hardware.sim.tray import SimTray

    thinner = _Thinner() if args.thin else None
    try:
        tray = SimTray(preset, args.seed)
    except SimulatorError as exc:
        return _fail(str(exc), status=1)
    writer = SequenceWriter(args.out, image_format=args.format, video=args.video,
                            keep=thinner.keep if thinner else None)
    writer.set_fps(tray.fps)
    started = last_report = time.monotonic()
    try:
        for sim_frame in scenario.play(tray):
            assert sim_frame.frame is not None  # this tray renders
            writer.add(sim_frame.frame.image, sim_frame.truth)
            now = time.monotonic()
            if now - last_report < PROGRESS_EVERY_S:
                continue
            last_report = now
            elapsed = max(now - started, 1e-9)
            print(f"\r{scenario.name} seed {args.seed}: frame {writer.frames_seen} "
                  f"({writer.frames_seen / tray.fps:.1f} s of play), "
                  f"{writer.frames_seen / elapsed:.1f} frames/s", end="", file=sys.stderr)
        camera = tray.camera
        info = SequenceInfo(
            scenario=scenario.name, description=scenario.description, seed=args.seed,
            preset=preset.name, fps=tray.fps, width=preset.camera.width,
            height=preset.camera.height, camera_matrix=camera.k_matrix.round(4).tolist(),
            dist_coeffs=camera.dist_coeffs.tolist(),
        )
        writer.finish(info, tray.rests)
        # the calibration a box installed over this scene would hold, for read-dice and tests
        save_profile(profile_for_preset(preset.name), args.out / "calibration.json")
    except (SimulatorError, ProfileError) as exc:
        print(file=sys.stderr)
        return _fail(str(exc), status=1)
    finally:
        tray.close()
    print(file=sys.stderr)
    where = args.video if args.video else args.out
    print(f"{writer.frames_seen} frames, {len(tray.rests)} rest states -> {where}")
    return 0
