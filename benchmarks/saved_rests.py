"""Save the simulated bench's rest frames with their truth, and read them again offline.

```sh
python -m benchmarks.saved_rests save DIR --rests 300 --first-seed 26000
python -m benchmarks.saved_rests score DIR [DIR ...] [-v]
```

`save` plays the same trays as `vision_bench --rests N --first-seed S` and writes, for every
true rest state the tracker announced, the frame it read (`PRESET-sSEED-TNS.png`) and one line of
`rests.jsonl` (the true dice, and whether the bench read the rest exactly). `score` reads every
saved frame again with the code at hand, as the tracker does (`DiceReader(profile,
crop_to_tray=False)`, readings off the tray left out) but on each frame alone, without the
readings the tracker keeps for dice that did not move, and scores it as the bench does. So a
change to the reader is measured on thousands of rest states in minutes, without the physics.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from benchmarks import vision_bench
from calibration.simulated import profile_for_preset
from hardware.sim.truth import RestDie, RestState
from vision.events import RestingDie, TrayAtRest
from vision.reader import DiceReader

RESTS_FILE = "rests.jsonl"


class SavedRestsError(ValueError):
    """A saved folder that cannot be read: names the file and line."""


@dataclass(frozen=True)
class SavedRest:
    """The true dice of a saved rest, as the bench's scoring reads them."""

    dice: tuple[RestDie, ...]


def save(folder: Path, rests: int, first_seed: int) -> Counter[str]:
    """Play the bench's trays until `rests` rest states; save each announced one's frame and truth."""
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / RESTS_FILE, "w", encoding="utf-8") as log:

        def keep(
            preset: str, seed: int, truth: RestState, rest: TrayAtRest, image: np.ndarray, exact: bool
        ) -> None:
            name = f"{preset}-s{seed}-{truth.t_ns}"
            if not cv2.imwrite(str(folder / f"{name}.png"), image):
                raise OSError(f"{folder / name}.png: could not write the frame")
            dice = [
                {"value": d.value, "centre": list(d.centre_px), "cocked": d.cocked, "on_tray": d.on_tray,
                 "top_face_covered": d.top_face_covered}
                for d in truth.dice
            ]
            record = {"name": name, "preset": preset, "bench_exact": exact, "truth": dice}
            log.write(json.dumps(record) + "\n")
            log.flush()

        return vision_bench.simulated_rests(rests, first_seed=first_seed, on_rest=keep)


def score(
    folder: Path,
    failures_out: list[str] | None = None,
    crops: dict[str, list[np.ndarray]] | None = None,
) -> Counter[str]:
    """Read every saved rest of `folder` again and tally it as the bench does; with `crops`, a
    labelled crop of each die not read right is added under its kind of failure (up to 40)."""
    tally: Counter[str] = Counter()
    readers: dict[str, tuple[DiceReader, np.ndarray]] = {}
    path = folder / RESTS_FILE
    if not path.is_file():
        raise SavedRestsError(f"{path}: no such file (not a folder written by `save`)")
    records: list[tuple[int, str, str, SavedRest]] = []
    # every line checked before any frame is read: a damaged record stops the count at once
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        try:
            record = json.loads(line)
            truth = SavedRest(tuple(
                RestDie(i, int(d["value"]), bool(d["on_tray"]), bool(d["cocked"]),
                        (float(d["centre"][0]), float(d["centre"][1])),
                        # folders saved before the truth told it: every die counted as uncovered
                        float(d.get("top_face_covered", 0.0)))
                for i, d in enumerate(record["truth"])
            ))
            records.append((number, str(record["preset"]), str(record["name"]), truth))
        except (ValueError, KeyError, TypeError, IndexError) as error:
            raise SavedRestsError(f"{path}, line {number}: {error!r}") from error
    for number, preset, name, truth in records:
        if preset not in readers:
            profile = profile_for_preset(preset, top_down=True)
            outline = np.asarray(profile.tray_polygon, np.float32)
            readers[preset] = (DiceReader(profile, crop_to_tray=False), outline)
        reader, outline = readers[preset]
        frame = folder / f"{name}.png"
        image = cv2.imread(str(frame), cv2.IMREAD_COLOR) if frame.is_file() else None
        if image is None:
            raise SavedRestsError(f"{folder / name}.png (line {number} of {path}): missing or not an image")
        reading = reader.read(image)
        found: list[tuple[int | None, tuple[float, float], float, float, str | None]] = [
            (d.value, d.center, d.size, d.confidence, None) for d in reading.dice
        ]
        found += [(None, u.center, 0.0, 0.0, u.reason) for u in reading.unreadable]
        # as the tracker: what lies off the tray is no die at rest on it
        dice = tuple(
            RestingDie(i, value, centre, size, confidence, reason)
            for i, (value, centre, size, confidence, reason) in enumerate(
                f for f in found
                if cv2.pointPolygonTest(outline, (float(f[1][0]), float(f[1][1])), False) >= 0
            )
        )
        failures: list[tuple[str, tuple[float, float], str]] = []
        exact = vision_bench._score_rest(TrayAtRest(0, dice, 0), truth, tally, failures)
        used = {d.die_id for d in vision_bench.match_readings(truth.dice, dice).values()}
        for extra in (d for d in dice if d.die_id not in used):
            tally["reports where no die is"] += 1
            if extra.value is not None:  # the bench lists the refusals where no die is itself
                failures.append(("extra", extra.center, f"extra {extra.value}"))
        for kind, centre, note in failures if crops is not None else ():
            if len(crops.setdefault(kind, [])) < 40:
                crops[kind].append(vision_bench._tile(image, centre, f"{note} {name}"))
        tally["rests"] += 1
        tally["exact"] += exact
        if failures_out is not None and not exact:
            what = "; ".join(f"{note} at {[round(c) for c in centre]}" for _, centre, note in failures)
            failures_out.append(f"{name}: {what}")
    return tally


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.saved_rests", description=(__doc__ or "").split("\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    saving = commands.add_parser("save", help="play the bench's trays and save every rest frame")
    saving.add_argument("folder", type=Path)
    saving.add_argument("--rests", type=int, default=300)
    saving.add_argument("--first-seed", type=int, default=5000)
    scoring = commands.add_parser("score", help="read saved rest frames again and score them")
    scoring.add_argument("folders", type=Path, nargs="+")
    scoring.add_argument("-v", "--verbose", action="store_true", help="list every rest not read exactly")
    scoring.add_argument("--gallery", type=Path, help="write crops of what is not read right here")
    args = parser.parse_args(argv)
    if args.command == "save":
        tally = save(args.folder, args.rests, args.first_seed)
        print(f"{args.folder}: {tally['rests']} rests, {tally['exact']} read exactly by the bench")
        return 0
    total: Counter[str] = Counter()
    crops: dict[str, list[np.ndarray]] | None = {} if args.gallery else None
    print("| folder | exact | leaning refused (unseen) | flat not read | misread | reports where no die is |")
    print("|---|---|---|---|---|---|")
    try:
        for folder in args.folders:
            failures: list[str] = []
            tally = score(folder, failures, crops)
            if args.verbose:
                for line in failures:
                    print(f"  {line}", file=sys.stderr)
            total.update(tally)
            print(_row(str(folder), tally), flush=True)
    except SavedRestsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(_row("all", total))
    for kind, tiles in (crops or {}).items():
        path = args.gallery / f"vision-saved-{kind}.png"
        vision_bench.write_sheet(tiles, path)
        print(f"wrote {path}")
    return 0


def _row(name: str, tally: Counter[str]) -> str:
    leaning = f"{tally['cocked refused']}/{tally['cocked']} ({tally['cocked refused: of them unseen']})"
    return (f"| {name} | {tally['exact']}/{tally['rests']} | {leaning} | {tally['dice not read']} | "
            f"{tally['dice misread']} | {tally['reports where no die is']} |")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
