"""TrayTracker: camera frames in, tray events out.

Per frame, only a small difference image is computed (the frame shrunk to about 80 pixels wide, in
colour, compared with the previous one): cheap enough for every frame on a Pi. The dice are read in full
only when the tray settles. The rules:

- motion starts as soon as two consecutive frames differ;
- the tray is at rest once it has been still for `settle_ns`; the event carries the t_ns of the
  first still frame (the frame before the first unchanged pair, which already shows the scene;
  looked at again round the dice at half size once they are read, `vision/settle.py`);
  change since then that builds up below the threshold is a creep and restarts the wait, unless
  it was the first still frame's own trace of the motion (then the next frame is the first);
- a large changed region since the last rest (a hand, an arm, a cup) means an occluder, and an
  occluded tray is never at rest, however still (before the first rest there is nothing to
  compare with: the first still scene is taken as it is); change where the last rest's dice lay
  is not counted, so dice taken away together, however many, leave a tray that comes to rest;
- a die that did not move since the last rest keeps its id; anything else gets a new id.

Rolling-shutter flicker from mains lighting scales whole rows between frames; each row's median
gain is taken out before thresholding, so lamps do not read as motion.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

import cv2
import numpy as np

from vision.errors import VisionError
from vision.events import RestingDie, TrayAtRest, TrayEvent, TrayMotion
from vision.profile import CalibrationProfile
from vision.reader import DiceReader, Reading
from vision.settle import first_after_last_past, first_still_round_dice, half_frame, rocks_at_end

# frames kept to look back over a still run: longer than any settle time at 60 fps
_RECENT_FRAMES = 32
# the frames before the settled one whose difference from it gives the scene's noise, and how
# far past that noise a frame must differ to be still moving
_NOISE_FRAMES = 3
_PAST_NOISE = 2.0
# a die found at rest: value (None when refused), centre, side, confidence, reason refused
_Found = tuple[int | None, tuple[float, float], float, float, str | None]


@dataclass(frozen=True)
class TrackerSettings:
    """Tuning of the tracker; the defaults suit 25-60 fps cameras."""

    settle_ns: int = 150_000_000  # still this long before the tray is at rest
    small_width: int = 80  # width of the difference image
    change_level: float = 10.0  # grey levels (of the small image) that count as a change
    change_share: float = 0.06  # and this share of the pixel's level (lamp flicker on white)
    # or, in one colour channel, this many levels (and the same share): a die of nearly the
    # felt's grey but not of its colour (a red die on purple felt) changes the grey too little;
    # a channel alone is noisier than the grey (JPEG keeps colour coarser): up to 19 levels
    # between still frames of 16 simulated scenes, flicker taken out (under half of this allowance)
    colour_level: float = 24.0
    min_changed: int = 2  # changed small pixels that make motion
    # or, with the tray's outline, one small pixel on the tray changed this many times its allowed
    # level: a die let go in place, of nearly the felt's shade, may change one pixel only, while a
    # small pixel (the mean of about a hundred) carries a noise of 2 to 3 grey levels; off the tray
    # the last sliver of a shadow leaving the picture does as much
    lone_change: float = 2.0
    occluder_dice: float = 6.0  # a changed blob larger than this many dice is an occluder
    unmoved_level: float = 8.0  # mean grey change round a die that still counts as unmoved
    # a die's last creep, a few small pixels a frame below `change_level`, adds up to more than the
    # shrunk image's noise (2 to 3 grey levels) against the settled frame: the frames it shows
    # are not yet still (more where the scene's noise or flicker is more)
    settled_level: float = 6.0


class TrayTracker:
    """Consumes `(t_ns, frame)` in time order and returns the tray events each frame causes."""

    def __init__(
        self,
        profile: CalibrationProfile | None = None,
        settings: TrackerSettings | None = None,
    ) -> None:
        self.profile = profile or CalibrationProfile()
        self.settings = settings or TrackerSettings()
        # the tracker reads the whole frame, so that dice landing beside the tray are seen
        self._reader = DiceReader(self.profile, crop_to_tray=False)
        self._scale = 0.0
        # the change allowed each plane of the small image: blue, green, red, then grey
        levels = [self.settings.colour_level] * 3 + [self.settings.change_level]
        self._levels = np.array(levels, np.float32)[:, None, None]
        self._tray_mask: np.ndarray | None = None
        self._prev: np.ndarray | None = None
        self._prev_t = 0
        self._recent: deque[tuple[int, np.ndarray]] = deque(maxlen=_RECENT_FRAMES)
        # the frames since the tray started moving at half size, to place the rest's first still
        # frame round the dice once they are read (`vision/settle.py`); none are kept at rest
        self._fine: deque[tuple[int, np.ndarray]] = deque(maxlen=_RECENT_FRAMES)
        self._still_since: int | None = None
        # a die seen rocking round its place at the end of a still run holds the rest back until then
        self._hold_until = 0
        self._anchor: np.ndarray | None = None
        self._after_anchor: tuple[int, np.ndarray] | None = None  # the frame after the anchor
        self._moving = True  # until the first rest, the tray's state is unknown
        self._occluded_run = False
        self._last_t: int | None = None
        self._rest_small: np.ndarray | None = None
        self._rest_grey: np.ndarray | None = None
        self._rest_footprints: np.ndarray | None = None
        self._known: list[RestingDie] = []
        self._off_tray_seen: list[tuple[float, float]] = []
        self._next_id = 0
        self.last_reading: Reading | None = None

    def feed(self, t_ns: int, image: np.ndarray) -> list[TrayEvent]:
        """Take one frame; return the events it causes (none, a motion, or a rest)."""
        if self._last_t is not None and t_ns <= self._last_t:
            raise VisionError(f"frames must come in time order: {t_ns} after {self._last_t}")
        self._last_t = t_ns
        small = self._shrink(image)
        events: list[TrayEvent] = []
        prev, prev_t = self._prev, self._prev_t
        self._prev, self._prev_t = small, t_ns
        self._recent.append((t_ns, small))
        if self._moving:
            self._fine.append((t_ns, half_frame(image)))
        if prev is None:
            return events
        if self._changed(small, prev):
            self._still_since = None
            self._hold_until = 0
            self._occluded_run = False
            if not self._moving:
                self._moving = True
                events.append(TrayMotion(t_ns))
            return events
        if self._still_since is None or self._anchor is None:
            # the previous frame already shows the still scene: it is the first still frame
            self._still_since, self._anchor = prev_t, prev
            self._after_anchor = (t_ns, small)
        elif self._changed(small, self._anchor):
            after, self._after_anchor = self._after_anchor, (t_ns, small)
            if self._moving and after is not None and not self._changed(small, after[1]):
                # the first still frame held the last trace of the motion below the threshold
                # (a shadow's edge leaving the picture): the scene is still since the frame
                # after it. Once per still run: a creep goes on changing and lands below.
                (self._still_since, self._anchor), self._after_anchor = after, None
            else:
                # a slow creep, each step below the threshold: still moving
                self._still_since, self._anchor = prev_t, prev
                self._occluded_run = False
                if not self._moving:
                    self._moving = True
                    events.append(TrayMotion(t_ns))
                return events
        if not self._moving or self._occluded_run:
            return events
        if t_ns - self._still_since < self.settings.settle_ns or t_ns < self._hold_until:
            return events
        reading = None
        if self._occluder_in_view(small):
            # dice that came to rest where the last rest had none change the tray as well (three
            # in a row with their shadows, moved on from a rest on the way): the dice read now
            # explain the change where they lie; a hand or an arm reaches far past them
            reading = self._reader.read(image)
            explained = self._discs(self._read_places(reading), self._grey(small).shape)
            if self._occluder_in_view(small, explained):
                self._occluded_run = True
                return events
        reading = reading or self._reader.read(image)
        found = self._found(reading)
        if rocks_at_end(self._fine, self._places(found)):
            # a die let go leaning on the wall rocks on by a pixel or less, which the small image
            # averages away: the tray is still once it has been still round the dice the settle time
            self._hold_until = t_ns + self.settings.settle_ns
            return events
        first = self._first_settled(self._still_since, small)
        events.append(self._settle(first, image, small, reading, found))
        return events

    # -- per-frame work -------------------------------------------------------------------------

    def _shrink(self, image: np.ndarray) -> np.ndarray:
        """The small image: its colour planes and its grey last (4×H×W), or its grey (H×W)."""
        if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.ndim not in (2, 3):
            raise VisionError("a frame must be an H×W×3 (BGR) or H×W uint8 array")
        height, width = image.shape[:2]
        if not self._scale:
            self._scale = width / self.settings.small_width
        size = (self.settings.small_width, max(1, round(height / self._scale)))
        small = cv2.resize(image, size, interpolation=cv2.INTER_AREA).astype(np.float32)
        if small.ndim == 2:
            return small
        # one plane after another: numpy reduces across planes far faster than across pixels' channels
        return np.stack((*cv2.split(small), cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)))

    @staticmethod
    def _grey(small: np.ndarray) -> np.ndarray:
        return small if small.ndim == 2 else small[3]

    def _change_map(self, now: np.ndarray, before: np.ndarray) -> np.ndarray:
        return self._change_ratio(now, before) > 1.0

    def _change_ratio(self, now: np.ndarray, before: np.ndarray) -> np.ndarray:
        """Each small pixel's change over the change allowed it, in grey or in one colour."""
        levels = self.settings.change_level if now.ndim == 2 else self._levels
        # bright pixels clip, so they do not follow the row's gain: allow them a share of it
        ratio = self._flicker_free_diff(now, before) / (levels + self.settings.change_share * before)
        return ratio if ratio.ndim == 2 else ratio.max(axis=0)

    @staticmethod
    def _flicker_free_diff(now: np.ndarray, before: np.ndarray) -> np.ndarray:
        # mains flicker read by a rolling shutter scales whole rows, and the camera's white
        # balance each colour plane: take each row's median gain, plane by plane, out first
        ordered = np.sort((now + 1.0) / (before + 1.0), axis=-1)
        # the median of each row, as np.median gives it, which walks four planes six times slower
        middle = ordered.shape[-1] // 2
        gain = ordered[..., middle:middle + 1]
        if ordered.shape[-1] % 2 == 0:
            gain = 0.5 * (ordered[..., middle - 1:middle] + gain)
        return np.abs(now - before * gain)

    def _changed(self, now: np.ndarray, before: np.ndarray) -> bool:
        ratio = self._change_ratio(now, before)
        if int((ratio > 1.0).sum()) >= self.settings.min_changed:
            return True
        on_tray = self._tray_small(ratio.shape)
        return on_tray is not None and bool((on_tray & (ratio > self.settings.lone_change)).any())

    def _tray_small(self, shape: tuple[int, ...]) -> np.ndarray | None:
        """The small image's pixels on the tray (None without its outline), made once."""
        if not self.profile.tray_polygon:
            return None
        if self._tray_mask is None or self._tray_mask.shape != shape[:2]:
            outline = np.asarray(self.profile.tray_polygon, dtype=np.float64) / self._scale
            mask = np.zeros(shape[:2], np.uint8)
            cv2.fillPoly(mask, [np.round(outline).astype(np.int32)], 1)
            self._tray_mask = mask.astype(bool)
        return self._tray_mask

    # -- at rest ---------------------------------------------------------------------------------

    def _first_settled(self, still_since: int, settled: np.ndarray) -> int:
        """The first frame of the still run that already shows the settled scene.

        Each step of a die's last creep may stay below the motion threshold while the steps
        together do not: compared with the settled frame, the frames it shows still differ.
        What the last frames before the settled one differ by is noise and flicker left over
        (they are still): only a difference well past it counts. The stamp never moves earlier
        than the still run's start.
        """
        run = [(t, small) for t, small in self._recent if t >= still_since]
        grey = self._grey(settled)
        k = self.settings.min_changed
        # each frame's difference from the settled one: the level `min_changed` pixels pass
        levels = [
            float(np.partition(self._flicker_free_diff(self._grey(small), grey).ravel(), -k)[-k])
            for _, small in run
        ]
        noise = max(levels[-_NOISE_FRAMES - 1:-1], default=0.0)
        limit = max(self.settings.settled_level, _PAST_NOISE * noise)
        return first_after_last_past([t for t, _ in run], levels, limit, still_since)

    def _die_area_small(self) -> float:
        sizes = [d.size for d in self._known if d.size > 0]
        side = self.profile.die_size_px or (float(np.median(sizes)) if sizes else 0.0)
        if not side:
            side = 0.05 * self.settings.small_width * self._scale
        return (side / self._scale) ** 2

    def _occluder_in_view(self, small: np.ndarray, explained: np.ndarray | None = None) -> bool:
        """A changed blob since the last rest far bigger than a die: a hand or an arm."""
        if self._rest_small is None:
            return False
        changed = self._change_map(small, self._rest_small).astype(np.uint8)
        if self._rest_footprints is not None:
            # dice of the last rest that were taken away change only where they lay: that
            # change is explained, whatever the number of dice that left together
            changed[self._rest_footprints] = 0
        if explained is not None:
            changed[explained] = 0
        count, _, stats, _ = cv2.connectedComponentsWithStats(changed, connectivity=8)
        if count <= 1:
            return False
        largest = float(stats[1:, cv2.CC_STAT_AREA].max())
        return largest > self.settings.occluder_dice * max(self._die_area_small(), 2.0)

    def _footprints(self, shape: tuple[int, ...]) -> np.ndarray | None:
        """Where the dice of this rest lie on the small image: a disc round each."""
        side = math.sqrt(self._die_area_small())
        places = [(d.center, d.size or side * self._scale) for d in self._known]
        places += [(c, side * self._scale) for c in self._off_tray_seen]
        return self._discs(places, shape)

    def _read_places(self, reading: Reading) -> list[tuple[tuple[float, float], float]]:
        """(centre, side) in frame pixels of every die of a reading, read or refused."""
        side = math.sqrt(self._die_area_small()) * self._scale
        return [(d.center, d.size or side) for d in reading.dice] + [
            (u.center, side) for u in reading.unreadable
        ]

    def _discs(
        self, places: list[tuple[tuple[float, float], float]], shape: tuple[int, ...]
    ) -> np.ndarray | None:
        """A disc round each die (centre and side in frame pixels) on the small image."""
        if not places:
            return None
        mask = np.zeros(shape[:2], np.uint8)
        for (x, y), size in places:
            # half the diagonal covers a die turned any way, a pixel and a half more the small
            # image's blurred edge; a shadow beyond is left in slivers, far smaller than a hand
            radius = round(0.75 * size / self._scale + 1.5)
            cv2.circle(mask, (round(x / self._scale), round(y / self._scale)), radius, 1, -1)
        return mask.astype(bool)

    @staticmethod
    def _found(reading: Reading) -> list[_Found]:
        """Every die of a reading, read or refused, a refused one given the read dice's typical size."""
        found: list[_Found] = [(d.value, d.center, d.size, d.confidence, None) for d in reading.dice]
        typical = float(np.median([f[2] for f in found])) if found else 0.0
        return found + [(None, u.center, typical, 0.0, u.reason) for u in reading.unreadable]

    def _places(self, found: list[_Found]) -> list[tuple[tuple[float, float], float]]:
        """(centre, side) of each die found, frame pixels; the profile's size for a side unknown."""
        return [(f[1], f[2] or self.profile.die_size_px or 0.0) for f in found]

    def _settle(
        self, t_first_still: int, image: np.ndarray, small: np.ndarray, reading: Reading,
        found: list[_Found],
    ) -> TrayAtRest:
        self.last_reading = reading
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        t_first_still = first_still_round_dice(self._fine, t_first_still, self._places(found))
        self._fine.clear()
        kept: list[RestingDie] = []
        off_tray = 0
        for value, center, size, confidence, reason in found:
            if not self._on_tray(center):
                if not any(math.dist(center, seen) < 0.5 * max(size, 1.0)
                           for seen in self._off_tray_seen):
                    off_tray += 1
                continue
            previous = self._unmoved_match(center, size, grey)
            if previous is not None:
                # same pixels as at the last rest: same die, same reading
                kept.append(previous)
                continue
            kept.append(RestingDie(self._next_id, value, center, size, confidence, reason))
            self._next_id += 1
        self._off_tray_seen = [f[1] for f in found if not self._on_tray(f[1])]
        self._known = kept
        self._rest_small, self._rest_grey = small, grey
        self._rest_footprints = self._footprints(self._grey(small).shape)
        self._moving = False
        dice = tuple(sorted(kept, key=lambda d: d.die_id))
        return TrayAtRest(t_first_still, dice, off_tray)

    def _on_tray(self, center: tuple[float, float]) -> bool:
        if not self.profile.tray_polygon:
            return True
        outline = np.asarray(self.profile.tray_polygon, dtype=np.float32)
        return cv2.pointPolygonTest(outline, (float(center[0]), float(center[1])), False) >= 0

    def _unmoved_match(
        self, center: tuple[float, float], size: float, grey: np.ndarray
    ) -> RestingDie | None:
        """The die of the last rest at this place, if the pixels round it have not changed."""
        if self._rest_grey is None or self._rest_grey.shape != grey.shape:
            return None
        for known in self._known:
            reach = 0.3 * max(known.size, size, 4.0)
            if math.dist(known.center, center) > reach:
                continue
            half = max(3, round(0.5 * max(known.size, size)))  # the die itself, not its neighbours
            x, y = round(known.center[0]), round(known.center[1])
            h, w = grey.shape
            x0, x1 = max(0, x - half), min(w, x + half + 1)
            y0, y1 = max(0, y - half), min(h, y + half + 1)
            if x1 <= x0 or y1 <= y0:
                continue
            change = grey[y0:y1, x0:x1].astype(np.float32) - self._rest_grey[y0:y1, x0:x1]
            change -= np.median(change, axis=1, keepdims=True)  # flicker banding, per row
            if float(np.abs(change).mean()) <= self.settings.unmoved_level:
                return known
        return None
