"""The first still frame, looked for again round the dice at half the frame's size.

The tracker's difference image (80 pixels wide) sees a die move by a pixel. A die let go against
the wall can rock on for a few frames by a third of a pixel and a degree a frame, which that
image averages away. Once the tray is read, the frames of the still run are compared with the
settled one round each die at half the frame's size: a frame that differs there further than the
scene's own noise does (the frames just before the settled one, which are still) shows a die
still rocking, and the run starts after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import cv2
import numpy as np

FINE_SCALE = 2  # frame pixels per pixel of the fine image
# die sides round a die's centre that its rocking changes: its edges, shadow and a turned-up face
REGION = 0.8
# the frames before the settled one whose difference from it is noise: the middle one of them,
# for a settle time of a few frames may still hold one of the rocking die's
NOISE_FRAMES = 3
# a frame differing this many times as much as the noise, and by this many grey levels at least,
# still moves: a die that has all but stopped (a tenth of a pixel and a quarter of a degree from
# where it settles) differs by up to 3 times the noise. On 600 simulated rests (seeds from 18000
# and 23000), 2 times and 6 levels stamped 27 rests 2 or 3 frames late; 3 times and 10 levels, 2
# rests 2 frames late and none early by more than a frame
PAST_NOISE = 3.0
FLOOR = 10.0
# consecutive frames at the run's end compared with each other: the quietest pair of them is the
# scene's noise. A die let go leaning on the wall may rock on by up to a pixel and 2° a frame after
# the difference image has gone still (on simulated throws, pairs of still frames differed by 2 to 7
# grey levels round the dice, a die rocking by 0.7 px by 29)
QUIET_PAIRS = 8
# a pixel at the sensor's top does not follow its row's flicker gain: a die's face clipped white,
# between brighter and darker felt, differs by the flicker's whole depth from frame to frame (up
# to 16 grey levels where the quietest pair of a 100 Hz flicker's three phases at 30 fps differed
# by 4, so a cream die let go leaning on another was held "rocking" for good). Both pictures are
# compared clamped at this level: such a face compares equal, its edges still show any move.
CLIP = 240.0


def half_frame(image: np.ndarray) -> np.ndarray:
    """The frame at half its size, as it comes (the cheap part, done on every frame kept)."""
    height, width = image.shape[:2]
    size = (max(1, width // FINE_SCALE), max(1, height // FINE_SCALE))
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA)


def _grey(fine: np.ndarray) -> np.ndarray:
    return (cv2.cvtColor(fine, cv2.COLOR_BGR2GRAY) if fine.ndim == 3 else fine).astype(np.float32)


def _difference(now: np.ndarray, settled: np.ndarray, region: np.ndarray) -> float:
    """The largest difference from the settled picture within the dice's region, each row's
    flicker gain taken out (as the tracker does), pixels clamped at CLIP, and a pixel's noise
    smoothed over its neighbours."""
    gain = np.median((now + 1.0) / (settled + 1.0), axis=1, keepdims=True)
    diff = cv2.blur(np.abs(np.minimum(now, CLIP) - np.minimum(settled * gain, CLIP)), (3, 3))
    return float(diff[region].max())


def _region(shape: tuple[int, ...], places: Sequence[tuple[tuple[float, float], float]]) -> np.ndarray:
    """The fine image's pixels round the dice's `places` ((x, y) centre and side, frame pixels)."""
    region = np.zeros(shape[:2], bool)
    height, width = shape[:2]
    for (x, y), side in places:
        reach = REGION * side / FINE_SCALE
        cx, cy = x / FINE_SCALE, y / FINE_SCALE
        x0, x1 = max(0, round(cx - reach)), min(width, round(cx + reach) + 1)
        y0, y1 = max(0, round(cy - reach)), min(height, round(cy + reach) + 1)
        region[y0:y1, x0:x1] = True
    return region


def _rows(region: np.ndarray) -> slice:
    """The rows the region spans and one more each side: each row's gain is taken over the whole row
    and the 3x3 blur reaches a row further, so the rows beyond change nothing within it."""
    rows = np.flatnonzero(region.any(axis=1))
    return slice(max(0, int(rows[0]) - 1), min(region.shape[0], int(rows[-1]) + 2))


def rocks_at_end(
    run: Sequence[tuple[int, np.ndarray]],
    places: Sequence[tuple[tuple[float, float], float]],
) -> bool:
    """True when a die still moved within the last NOISE_FRAMES frames of `run` (t_ns, `half_frame`):
    two consecutive frames there differ round the dice's `places` further than PAST_NOISE times the
    quietest pair of the last QUIET_PAIRS (and FLOOR levels). The run then is not still yet: its
    frames before the last motion show the noise no better than the motion."""
    frames = [_grey(fine) for _, fine in list(run)[-QUIET_PAIRS - 1:]]
    if len(frames) < NOISE_FRAMES + 2 or not places:
        return False
    region = _region(frames[-1].shape, places)
    if not region.any():
        return False
    rows = _rows(region)
    pairs = [
        _difference(now[rows], before[rows], region[rows])
        for before, now in pairwise(frames)
    ]
    limit = max(FLOOR, PAST_NOISE * min(pairs))
    return any(level > limit for level in pairs[-NOISE_FRAMES:])


def first_still_round_dice(
    run: Sequence[tuple[int, np.ndarray]],
    first: int,
    places: Sequence[tuple[tuple[float, float], float]],
) -> int:
    """The t_ns of the first frame of `run` (t_ns, `half_frame`; the settled frame last) from
    `first` on that shows the dice as they settled: every frame after it differs from the settled
    one within the dice's `places` ((x, y) centre and side, frame pixels) no further than noise."""
    frames = [(t, _grey(fine)) for t, fine in run if t >= first]
    if len(frames) < 2 or not places:
        return first
    settled = frames[-1][1]
    region = _region(settled.shape, places)
    if not region.any():
        return first
    rows = _rows(region)
    levels = [_difference(fine[rows], settled[rows], region[rows]) for _, fine in frames]
    recent = sorted(levels[-NOISE_FRAMES - 1:-1])
    noise = recent[len(recent) // 2] if recent else 0.0
    limit = max(FLOOR, PAST_NOISE * noise)
    return first_after_last_past([t for t, _ in frames], levels, limit, first)


def first_after_last_past(times: Sequence[int], levels: Sequence[float], limit: float, first: int) -> int:
    """The first of `times` after the last whose level passes `limit`; `first` when none passes,
    or when the last one does."""
    found: int | None = first
    for t, level in zip(times, levels, strict=True):
        if level > limit:
            found = None
        elif found is None:
            found = t
    return found if found is not None else first
