"""DiceReader: one frame in, the dice on it out, each read or refused with a reason.

The reader works without calibration on any top-down picture of pip dice: it looks for dark pips
on light dice and light pips on dark dice, and takes the die size from the pips it finds. A
calibration profile narrows the search (tray region, expected size, pip polarity), which makes
it faster and removes guesses, never adds any.

A wrong value is the worst outcome, so every face must pass every check to be read; a face that
fails one is reported as unreadable with the reason, and the box asks for a re-throw.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from vision.errors import VisionError
from vision.faces import (
    ROUND_MIN,
    SIDE_PER_SPACING,
    Face,
    brightest_face,
    group_pips,
    read_group,
    read_lone_pip,
)
from vision.pips import PipBlob, PipSearch, find_pip_blobs
from vision.profile import CalibrationProfile

REASONS = ("cocked", "blurred", "occluded", "not_pips")
MAX_GROUP_TO_SPLIT = 9  # a top face (up to 6) and the few pips of side faces seen beside it


@dataclass(frozen=True)
class DieReading:
    """A die read: top value, centre and side in image pixels, confidence in [0, 1]."""

    value: int
    center: tuple[float, float]
    size: float
    confidence: float


@dataclass(frozen=True)
class Unreadable:
    """A die-like object the reader refuses to read; `reason` is one of REASONS."""

    center: tuple[float, float]
    reason: str


@dataclass(frozen=True)
class Reading:
    """Everything the reader found on one frame."""

    dice: tuple[DieReading, ...]
    unreadable: tuple[Unreadable, ...]


def _white_balanced_min(image: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(min channel, grey, balanced colour) after scaling each channel so bright neutral objects are neutral.

    The min channel makes black, red and blue pips all dark on a white face; balancing first keeps
    a tungsten cast from darkening the blue channel of the white face itself.
    """
    sample = image[::8, ::8].reshape(-1, 3)
    k = max(0, int(len(sample) * 0.99) - 1)
    highs = np.partition(sample, k, axis=0)[k].astype(np.float64)
    gains = highs.max() / np.maximum(highs, 1.0)
    if float(gains.max()) > 1.05:
        balanced = cv2.multiply(image, np.array([*gains.tolist(), 0.0]), dtype=cv2.CV_8U)
    else:
        balanced = image
    b, g, r = cv2.split(balanced)
    grey = cv2.cvtColor(balanced, cv2.COLOR_BGR2GRAY)
    return cv2.min(cv2.min(b, g), r), grey, balanced


class DiceReader:
    """Reads the dice of a frame. Holds only configuration, so one reader serves many frames."""

    def __init__(self, profile: CalibrationProfile | None = None) -> None:
        self.profile = profile or CalibrationProfile()

    def read(self, image: np.ndarray) -> Reading:
        """Read a BGR (H×W×3 uint8) or grey (H×W uint8) frame."""
        if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.ndim not in (2, 3):
            raise VisionError("a frame must be an H×W×3 (BGR) or H×W uint8 array")
        if image.ndim == 2:
            image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        height, width = image.shape[:2]
        offset = (0, 0)
        bounds = self.profile.tray_bounds(width, height)
        if bounds is not None:
            x0, y0, x1, y1 = bounds
            image = image[y0:y1, x0:x1]
            offset = (x0, y0)
        dark, grey, colour = _white_balanced_min(image)
        polarity = self.profile.pip_polarity
        faces: list[Face] = []
        if polarity in ("dark", "auto"):
            faces += self._read_polarity(dark, colour)
        if polarity in ("light", "auto"):
            faces += self._read_polarity(cv2.bitwise_not(grey), colour)
        faces = _resolve_overlaps(faces)
        dice: list[DieReading] = []
        unreadable: list[Unreadable] = []
        ox, oy = offset
        for face in faces:
            center = (round(face.center[0] + ox, 1), round(face.center[1] + oy, 1))
            if face.value is not None:
                dice.append(DieReading(face.value, center, round(face.size, 1), face.confidence))
            elif face.reason is not None:
                unreadable.append(Unreadable(center, face.reason))
        return Reading(tuple(dice), tuple(unreadable))

    def _read_polarity(self, dark: np.ndarray, colour: np.ndarray) -> list[Face]:
        blobs = find_pip_blobs(dark, PipSearch())
        expected = self.profile.die_size_px
        spacing_hint = expected / SIDE_PER_SPACING if expected else None
        round_blobs = [b for b in blobs if b.roundness >= ROUND_MIN]
        groups = group_pips(dark, colour, round_blobs, spacing_hint)
        faces: list[Face] = []
        failed: list[tuple[list[int], Face]] = []
        lone: list[int] = []
        for group in groups:
            if len(group) == 1:
                lone.append(group[0])
                continue
            face = read_group(dark, colour, group, round_blobs, blobs)
            if face.value is None:
                failed.append((group, face))
            else:
                faces.append(face)
        sizes = [f.size for f in faces if f.value is not None]
        size_hint = expected or (float(np.median(sizes)) if sizes else None)
        max_size = 0.25 * min(dark.shape)

        def read_part(part: list[int]) -> Face | None:
            if len(part) == 1:
                return read_lone_pip(dark, colour, round_blobs[part[0]], size_hint, max_size)
            return read_group(dark, colour, part, round_blobs, blobs)

        for index in lone:
            face = read_part([index])
            if face is not None:
                faces.append(face)
        for group, refusal in failed:
            faces.append(_read_top_of(group, refusal, round_blobs, read_part))
        return faces


def _read_top_of(
    group: list[int],
    refusal: Face,
    blobs: list[PipBlob],
    read_part: Callable[[list[int]], Face | None],
) -> Face:
    """Find the top face in a group that failed as a whole (pips of side faces joined it).

    The top face is the brightest when lit from above, and its pips the roundest when seen
    from above; each such part, and each roundest single pip, is tried. The group is read only
    when exactly one value comes out: two different readings of one group are a guess.
    """
    if len(group) > MAX_GROUP_TO_SPLIT:
        return refusal
    roundest = max(blobs[i].roundness for i in group)
    round_part = [i for i in group if blobs[i].roundness >= roundest - 0.1]
    parts = [brightest_face(group, blobs), round_part]
    parts += [[i] for i in round_part]
    readings: dict[tuple[int, ...], Face] = {}
    for part in parts:
        if 0 < len(part) < len(group) and tuple(sorted(part)) not in readings:
            face = read_part(part)
            if face is not None and face.value is not None:
                readings[tuple(sorted(part))] = face
    values = {face.value for face in readings.values()}
    if len(values) != 1:
        return refusal
    return max(readings.values(), key=lambda f: f.pip_count)


def _resolve_overlaps(faces: list[Face]) -> list[Face]:
    """One report per die: a read face beats refusals on the same die (its side faces)."""
    read = [f for f in faces if f.value is not None]
    kept: list[Face] = []
    for face in sorted(read, key=lambda f: -f.confidence):
        clash = next(
            (k for k in kept if math.dist(k.center, face.center) < 0.6 * max(k.size, face.size)),
            None,
        )
        if clash is None:
            kept.append(face)
        elif clash.value != face.value:
            kept.remove(clash)
            kept.append(Face(None, clash.center, clash.size, 0.0, "not_pips", 0, 0.0))
    sizes = [f.size for f in kept if f.size > 0]
    typical = float(np.median(sizes)) if sizes else 0.0
    for face in faces:
        if face.value is not None:
            continue
        reach = 0.9 * max(face.size, typical)
        if all(math.dist(k.center, face.center) > reach for k in kept):
            kept.append(face)
    return kept
