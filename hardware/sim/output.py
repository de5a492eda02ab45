"""Writing a simulated sequence to disk: frames (JPEG or PNG) or a video, `truth.jsonl` and
`scenario.json` (format in docs/simulator.md).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import cv2

from hardware.sim.errors import SimulatorError
from hardware.sim.truth import TRUTH_FORMAT, FrameTruth, RestState

IMAGE_FORMATS = ("jpg", "png")
JPEG_STORE_QUALITY = 85  # frames were already compressed by the simulated sensor


@dataclass(frozen=True)
class SequenceInfo:
    scenario: str
    description: str
    seed: int
    preset: str
    fps: int
    width: int
    height: int
    camera_matrix: list[list[float]]
    dist_coeffs: list[float]


def image_name(index: int, fmt: str) -> str:
    return f"frame-{index:05d}.{fmt}"


class SequenceWriter:
    """Writes frames as images or as one video, and the truth of every frame."""

    def __init__(self, out_dir: Path, *, image_format: str = "jpg", video: Path | None = None,
                 keep: Callable[[FrameTruth], bool] | None = None) -> None:
        if image_format not in IMAGE_FORMATS:
            raise SimulatorError(f"image format must be one of {IMAGE_FORMATS}")
        self.out_dir = out_dir
        self.image_format = image_format
        self.video_path = video
        self.keep = keep
        out_dir.mkdir(parents=True, exist_ok=True)
        self._truth: TextIO = open(out_dir / "truth.jsonl", "w", encoding="utf-8")
        self._video: Any = None
        self.frames_seen = 0
        self.images_written = 0

    def add(self, image: Any, truth: FrameTruth) -> None:
        self.frames_seen += 1
        name = None
        if self.video_path is not None:
            self._write_video_frame(image)
        elif self.keep is None or self.keep(truth):
            name = image_name(truth.index, self.image_format)
            params = ([cv2.IMWRITE_JPEG_QUALITY, JPEG_STORE_QUALITY]
                      if self.image_format == "jpg" else [cv2.IMWRITE_PNG_COMPRESSION, 9])
            if not cv2.imwrite(str(self.out_dir / name), image, params):
                raise SimulatorError(f"could not write {self.out_dir / name}")
            self.images_written += 1
        self._truth.write(truth.to_json_line(name) + "\n")

    def _write_video_frame(self, image: Any) -> None:
        if self._video is None:
            assert self.video_path is not None
            height, width = image.shape[:2]
            fourcc = cv2.VideoWriter.fourcc(*"mp4v")
            self._video = cv2.VideoWriter(str(self.video_path), fourcc, self._fps, (width, height))
            if not self._video.isOpened():
                raise SimulatorError(f"OpenCV cannot write the video {self.video_path}")
        self._video.write(image)

    _fps: float = 30.0

    def set_fps(self, fps: float) -> None:
        self._fps = fps

    def finish(self, info: SequenceInfo, rests: Iterable[RestState]) -> None:
        self._truth.close()
        if self._video is not None:
            self._video.release()
        meta = {
            "format": TRUTH_FORMAT,
            **info.__dict__,
            "frame_count": self.frames_seen,
            "images": "video" if self.video_path else self.image_format,
            "video": str(self.video_path) if self.video_path else None,
            "rests": [rest.to_json() for rest in rests],
        }
        write_json_atomic(self.out_dir / "scenario.json", meta)


def write_json_atomic(path: Path, data: object) -> None:
    """Temp file, fsync, rename: a reader never sees half a file."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)
        handle.write("\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(tmp, 0o644)  # mkstemp makes the file private; this one is for everyone to read
    os.replace(tmp, path)
