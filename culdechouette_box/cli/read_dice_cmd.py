"""`culdechouette-box read-dice [--calibration FILE] [--json] IMAGE...`: read dice in photos.

With --json, one JSON object per image, in the order given:

    {"image": "<path as given>", "width": W, "height": H, "ms": <processing ms, decode excluded>,
     "dice": [{"value": 4, "center": [x, y], "size": <side px>, "confidence": 0.98}, ...],
     "unreadable": [{"center": [x, y], "reason": "cocked"}, ...]}

Coordinates are in the input image's pixels. A missing or corrupt file prints an error line on
stderr naming it; the other images are still read and the exit status is 2 at the end.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "read-dice",
        help="read the dice in photos of the tray",
        description="Read the top value of every die in each image (top-down photos of pip dice).",
    )
    parser.add_argument(
        "--calibration", metavar="FILE", help="calibration profile (JSON) of the camera and dice"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per image")
    parser.add_argument("images", nargs="+", metavar="IMAGE")
    parser.set_defaults(func=run)


def reading_record(path: str, width: int, height: int, ms: float, reading: Any) -> dict[str, Any]:
    """The JSON object of one image, as the contract above lays it out."""
    return {
        "image": path,
        "width": width,
        "height": height,
        "ms": round(ms, 2),
        "dice": [
            {
                "value": die.value,
                "center": [die.center[0], die.center[1]],
                "size": die.size,
                "confidence": die.confidence,
            }
            for die in reading.dice
        ],
        "unreadable": [
            {"center": [item.center[0], item.center[1]], "reason": item.reason}
            for item in reading.unreadable
        ],
    }


def _summary(record: dict[str, Any]) -> str:
    values = " ".join(str(d["value"]) for d in sorted(record["dice"], key=lambda d: d["center"][0]))
    refused = ", ".join(u["reason"] for u in record["unreadable"])
    line = f"{record['image']}: {values or 'no dice'}"
    if refused:
        line += f" (unreadable: {refused})"
    return line + f"  [{record['ms']:.1f} ms]"


def run(args: argparse.Namespace) -> int:
    import cv2
    import numpy as np

    from vision.errors import VisionError
    from vision.profile import load_profile
    from vision.reader import DiceReader

    try:
        profile = load_profile(args.calibration) if args.calibration else None
    except VisionError as exc:
        print(f"read-dice: {exc}", file=sys.stderr)
        return 2
    reader = DiceReader(profile)
    status = 0
    for path in args.images:
        try:
            data = np.fromfile(path, dtype=np.uint8)
        except OSError as exc:
            print(f"read-dice: {path}: cannot read ({exc.strerror})", file=sys.stderr)
            status = 2
            continue
        image = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
        if image is None:
            print(f"read-dice: {path}: not a decodable image", file=sys.stderr)
            status = 2
            continue
        height, width = image.shape[:2]
        start = time.perf_counter()
        reading = reader.read(image)
        ms = (time.perf_counter() - start) * 1000.0
        record = reading_record(path, width, height, ms, reading)
        if args.json:
            print(json.dumps(record), flush=True)
        else:
            print(_summary(record), flush=True)
    return status
