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
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.blur import STREAK_ROUNDNESS, read_streaks
from vision.completion import read_completed, read_two_of_lone_pip
from vision.errors import VisionError
from vision.faces import LIKE_CONTRAST, ROUND_MIN, SIDE_PER_SPACING, Face
from vision.fallbacks import read_top_of, rejoin, split_touching
from vision.grouping import group_pips
from vision.median import median
from vision.oblique import CameraSquash
from vision.ones import LIKE_PIP_NEAR, alone_again, read_lone_pip, read_on_square, recheck_lone_one
from vision.outline import body_centre, on_bare_felt, short_of_any_top_face
from vision.pips import PipBlob, PipSearch, cut_far_apart, find_pip_blobs
from vision.planes import dark_pip_plane, grey_plane, white_balanced
from vision.profile import CalibrationProfile
from vision.smallones import read_small_ones, small_round_marks
from vision.topdown import cocked_if_leaning
from vision.verdicts import (
    OTHER_SIZE,
    SPACING_PER_SIDE,
    between_faces,
    cocked_if_beside,
    drop_weak_ones,
    frame_squash,
    on_face,
    one_refusal_per_leaning_die,
    resolve_overlaps,
    sized_alike,
    view_squash,
)

REASONS = ("cocked", "blurred", "occluded", "not_pips")
PROBE_WINDOW = 21  # first look, before the pip size is known
WINDOW_PER_PIP = 3.2  # adaptive window over pip diameter
PIP_PER_SIDE = 0.15  # pip diameter over die side, near enough for sizing the window
SMALLEST_PIP_PER_SIDE = 0.1  # the smallest pip a die maker prints, over the die's side
LARGEST_PIP_PER_SIDE = 0.45  # a 1's pip is a third of the side at most: a blob wider is a shadow, a body
SQUASHED = ("squashed pips", "squashed pips and grid")  # faces refused for their squash alone
# die sides: a 3 on a grid up to this small (0.18 to 0.2) may be a column of a 6 whose other
# column came out smaller still; the simulated dice's 3s measure 0.19 and up
COLUMN_PER_SIDE = 0.2


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


class DiceReader:
    """Reads the dice of a frame. Holds only configuration, so one reader serves many frames."""

    def __init__(
        self, profile: CalibrationProfile | None = None, crop_to_tray: bool = True
    ) -> None:
        self.profile = profile or CalibrationProfile()
        # False reads the whole frame (dice beside the tray too); the outline still says where
        # the wall is
        self.crop_to_tray = crop_to_tray

    def read(self, image: np.ndarray) -> Reading:
        """Read a BGR (H×W×3 uint8) or grey (H×W uint8) frame."""
        if not isinstance(image, np.ndarray) or image.dtype != np.uint8 or image.ndim not in (2, 3):
            raise VisionError("a frame must be an H×W×3 (BGR) or H×W uint8 array")
        if image.ndim == 2:
            image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        height, width = image.shape[:2]
        offset = (0, 0)
        bounds = self.profile.tray_bounds(width, height) if self.crop_to_tray else None
        if bounds is not None:
            x0, y0, x1, y1 = bounds
            image = image[y0:y1, x0:x1]
            offset = (x0, y0)
        colour = white_balanced(image)
        polarity = self.profile.pip_polarity
        planes: list[np.ndarray] = []  # only the planes of the profile's polarity are made
        if polarity in ("dark", "auto"):
            planes.append(dark_pip_plane(colour))
        if polarity in ("light", "auto"):
            planes.append(cv2.bitwise_not(grey_plane(colour)))
        search, probed = self._pip_search(planes)
        view_centre = (0.5 * width - offset[0], 0.5 * height - offset[1])
        # the point below the lens, towards which a flat die shows its side faces
        below = self.profile.nadir_px
        nadir = view_centre if below is None else (below[0] - offset[0], below[1] - offset[1])
        outline = (
            np.asarray(self.profile.tray_polygon, dtype=np.float32) - np.float32(offset)
            if self.profile.tray_polygon else None
        )
        per_plane = [
            self._read_polarity(
                plane, colour, find_pip_blobs(plane, search) if blobs is None else blobs, view_centre,
                outline, nadir=nadir,
            )
            for plane, blobs in zip(planes, probed, strict=True)
        ]
        candidates = drop_weak_ones(per_plane)
        faces = resolve_overlaps(candidates, self.profile.die_size_px)
        if self.profile.die_size_px:
            faces = between_faces(faces, candidates, self.profile.die_size_px)
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

    def _pip_search(self, planes: list[np.ndarray]) -> tuple[PipSearch, list[list[PipBlob] | None]]:
        """The pip search sized to the pips of this frame, and blobs already found with it
        (None for a plane not searched yet: a plane whose first look found nothing is not
        searched again with the same window).

        The adaptive threshold's window must span a few pips: too wide and small pips sink into
        a mean dragged down by the table round a die; too narrow and big pips come out hollow.
        With an expected die size the window follows from it; without, a first look with a
        middle window finds the clearest pips and their size sets the window.
        """
        expected = self.profile.die_size_px
        if expected:
            smallest = SMALLEST_PIP_PER_SIDE * expected
            search = PipSearch(
                block=_window_for(PIP_PER_SIDE * expected),
                long_tails=True,
                min_pixels=math.pi / 4.0 * smallest**2,
            )
            return search, [None for _ in planes]
        probe = PipSearch(block=PROBE_WINDOW)
        probed: list[list[PipBlob] | None] = [None for _ in planes]
        for k, plane in enumerate(planes):
            found = probed[k] = find_pip_blobs(plane, probe)
            clear = [b.diameter for b in found if b.contrast >= 50 and b.roundness >= 0.75]
            if len(clear) >= 2:
                block = _window_for(median(clear))
                if abs(block - PROBE_WINDOW) < 6:
                    return probe, probed
                return PipSearch(block=block), [None for _ in planes]
        return probe, probed

    def _read_polarity(
        self,
        dark: np.ndarray,
        colour: np.ndarray,
        blobs: list[PipBlob],
        view_centre: tuple[float, float],
        outline: np.ndarray | None = None,
        camera_squash: CameraSquash | None = None,
        nadir: tuple[float, float] | None = None,
    ) -> list[Face]:
        expected = self.profile.die_size_px
        spacing_hint = expected / SIDE_PER_SPACING if expected else None
        largest = LARGEST_PIP_PER_SIDE * expected if expected else math.inf
        round_blobs = [b for b in blobs if b.roundness >= ROUND_MIN and b.diameter <= largest]
        focal = self.profile.focal_px  # with the lens, the side faces' width: the parallax of a die's height
        # under a camera straight above, a flat die shows side faces turned to the point below it
        side_view = (nadir, expected, focal) if self.profile.top_down and expected and nadir else None
        groups = group_pips(dark, colour, round_blobs, spacing_hint, lambda g: read_completed(
            dark, colour, g, round_blobs, blobs, False, camera_squash, expected, side_view).value is not None)
        faces: list[Face] = []
        failed: list[tuple[list[int], Face]] = []
        lone: list[int] = []
        claimed: set[int] = set()
        for group in groups:
            if len(group) == 1:
                lone.append(group[0])
                continue
            face = read_completed(
                dark, colour, group, round_blobs, blobs, False, camera_squash, expected, side_view)
            if face.value is None:
                failed.append((group, face))
            elif expected and (not sized_alike([face], expected)[0].value or _column_sized(face, expected)):
                # a grid too small for the die (a column of a 6 read as a 3) is part of a face,
                # joined again with the groups refused beside it if the union reads (`rejoin`);
                # a 3 on a grid at the floor of the die's sizes may be one too, and stays read
                # when no union does
                failed.append((group, face))
                claimed.update(group)
            else:
                faces.append(face)
                claimed.update(group)
        unclaimed = [b for k, b in enumerate(round_blobs) if k not in claimed]
        sizes = [f.size for f in faces if f.value is not None]
        size_hint = expected or (median(sizes) if sizes else None)
        steps = [f.fit.spacing for f in faces if f.value is not None and f.fit is not None]
        grid_step = None if expected or not steps else median(steps)
        max_size = 0.25 * min(dark.shape)

        def read_part(part: list[int]) -> Face | None:
            if len(part) == 1:
                pip = round_blobs[part[0]]
                if any(cut_far_apart(pip, other) for other in blobs):
                    # its blob held another pip and the face between them: no lone pip of a 1
                    return None
                single = read_lone_pip(dark, colour, pip, size_hint, max_size, unclaimed, expected, grid_step)
                if single is None and expected:
                    # a face whose edge is no step of brightness, outlined by the die's square
                    single = read_on_square(dark, colour, pip, unclaimed, expected)
                return single
            face = read_completed(
                dark, colour, part, round_blobs, blobs, True, camera_squash, expected, side_view
            )
            if face.value == 2 and _cut_beside_a_pip(face, [round_blobs[i] for i in part], round_blobs):
                return replace(face, value=None, confidence=0.0, reason="not_pips", detail="cut pieces")
            return face

        for index in lone:
            single = read_part([index])
            if single is None and expected:
                # a 2 whose other pip measured too squashed to be grouped
                single = read_two_of_lone_pip(dark, colour, round_blobs[index], blobs, expected, side_view)
            if single is None:
                # not a 1 on its own; it may still be the pip a broken-up face is missing
                pip = round_blobs[index]
                failed.append(([index], Face(None, (pip.x, pip.y), 0.0, 0.0, None, 1, 0.0)))
                continue
            if single.value is None:
                failed.append(([index], single))
            else:
                faces.append(single)
        # with the die size known: pips too small to measure round (the middle pip of a 3 between two pieces)
        squashed_marks = small_round_marks(blobs) if expected else None
        for group, face in rejoin(failed, round_blobs, read_part, squashed_marks, expected):
            # a grid wider than the die allows holds pips past its top face (a side face's): the top
            # face is looked for within it as within a group that fails whole
            too_wide = expected and face.fit is not None and face.fit.spacing > SPACING_PER_SIDE[1] * expected
            if face.value is not None and not too_wide:
                faces.append(face)
            else:
                halves = split_touching(group, round_blobs, read_part, expected, nadir if side_view else None)
                if halves:
                    faces += halves
                else:
                    below = nadir if too_wide and side_view else None  # side faces shown past a wide grid
                    faces.append(read_top_of(group, face, round_blobs, read_part, below))
        # a lone pip a few pixels wide outlined squashed: a 1 when its face is the die's square all round
        faces += read_small_ones(squashed_marks, faces, dark, colour, unclaimed, expected, max_size)
        if not self.profile.top_down:
            # the box reads a tray at rest: under its camera a stretched pip is a tilted one
            read = [f for f in faces if f.value is not None]
            streaks = [
                b for b in blobs
                if b.roundness >= STREAK_ROUNDNESS and not any(on_face(f, b) for f in read)
            ]
            faces += read_streaks(dark, colour, streaks, blobs)
        faces = sized_alike(faces, expected, dark, round_blobs)
        if expected:
            faces = [
                alone_again(f, faces, unclaimed, dark, colour, expected, max_size)
                if f.detail == LIKE_PIP_NEAR and f.pip_count == 1 else f for f in faces
            ]
        # a 1 read early, before broken faces were put back together, is checked again with
        # what the frame's other dice now say about the grid step
        steps = [f.fit.spacing for f in faces if f.value is not None and f.fit is not None]
        by_place = {(b.x, b.y): b for b in round_blobs}
        final_step = median(steps) if steps and not expected else None
        if final_step:
            faces = [
                recheck_lone_one(f, by_place, final_step, dark, colour, size_hint, max_size, unclaimed)
                for f in faces
            ]
        # without a top-down camera, a 1 squashed as every read face of the frame is flat
        squash = None if self.profile.top_down else frame_squash(faces, round_blobs)
        if squash is not None:
            faces = [
                read_lone_pip(dark, colour, by_place[f.center], size_hint, max_size, unclaimed,
                              expected, final_step, squash) or f
                if f.detail == "squashed pip" and f.center in by_place else f
                for f in faces
            ]
        if not self.profile.top_down and camera_squash is None and any(f.detail in SQUASHED for f in faces):
            # read again, faces whose pips are squashed as the frame's read faces' taken for flat
            camera = view_squash(faces, round_blobs, dark.shape[1])
            if camera is not None:
                return self._read_polarity(dark, colour, blobs, view_centre, outline, camera, nadir)
        if camera_squash is not None:
            faces = cocked_if_beside(faces, unclaimed)
        leaning: list[Face] = []
        if self.profile.top_down:
            read = [f for f in faces if f.value is not None]
            loose = [b for b in unclaimed if not any(on_face(f, b) for f in read)]
            marks = [b for b in blobs if not any(on_face(f, b) for f in read)]
            checked = [
                cocked_if_leaning(
                    face, loose, marks, view_centre, expected, dark, colour, outline, faces, nadir,
                    self.profile.focal_px,
                )
                for face in faces
            ]
            # the dice whose top face was read, and refused for leaning
            leaning = [
                new for old, new in zip(faces, checked, strict=True)
                if old.value is not None and new.value is None
            ]
            faces = checked
            if expected:
                faces = one_refusal_per_leaning_die(faces, leaning, expected)
        if expected:
            # pips on the bare felt (specks of its grain, a 1's speck standing out 31) are no die,
            # refused or read as a 2 or a 1; a face of three pips or more read whole before a lean
            # check refused it is a die's (a leaning ivory die on white felt: its own edges end rays
            # as grain would), but one speck or two of grain also read whole as a 1 or a 2, and
            # only printed paint (the test's contrast) tells a leaning 1 or 2 from them
            faces = [
                f for f in faces
                if (f.value is not None and f.pip_count > 2) or (f.value is None and f.reason is None)
                or (f.pip_count > 2 and any(f is die for die in leaning))
                or not on_bare_felt(f, dark, colour, blobs, expected, outline)
            ]
            if outline is not None and nadir is not None and self.profile.focal_px:
                # a pair refused nearer the felt's edge than any die's top face is seen lies on the wall
                focal = self.profile.focal_px
                faces = [f for f in faces if not short_of_any_top_face(f, outline, nadir, focal, expected)]
            # pips refused as part of a face are reported where their die's body is
            faces = [_at_body(f, colour, blobs, expected) if f.detail == OTHER_SIZE else f for f in faces]
        return faces


def _column_sized(face: Face, die_size: float) -> bool:
    """True for a 3 on a grid small enough to be a column of a 6 (its other column refused)."""
    return face.value == 3 and face.fit is not None and face.fit.spacing < COLUMN_PER_SIDE * die_size


def _at_body(face: Face, colour: np.ndarray, blobs: list[PipBlob], die_size: float) -> Face:
    centre = body_centre(face, colour, blobs, die_size)
    return face if centre is None else replace(face, center=centre)


def _cut_beside_a_pip(face: Face, pips: list[PipBlob], blobs: list[PipBlob]) -> bool:
    """True when a 2's pips were cut from one blob and a round pip lies on its die beside them.

    The blob held the face between them (a face darker than the tray in this plane): they have
    the cut's outline, smaller than the threshold gives the face's other pips, so a pip of any
    size within the die's side may be one of their face (a 4 with two of its pips cut out).
    """
    if not cut_far_apart(pips[0], pips[1]):
        return False
    contrast = min(p.contrast for p in pips)
    return any(
        blob not in pips
        and blob.contrast >= LIKE_CONTRAST * contrast
        and math.hypot(blob.x - face.center[0], blob.y - face.center[1]) <= face.size
        for blob in blobs
    )


def _window_for(pip_diameter: float) -> int:
    """Adaptive-threshold window (odd, pixels) for pips of this diameter."""
    size = round(WINDOW_PER_PIP * pip_diameter)
    return int(min(max(size | 1, 11), 41))
