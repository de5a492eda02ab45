"""Whether a refused group of pips lies on a die at all, or on the bare felt.

A refusal makes the box ask for a re-throw, so it must come from an object that looks like a die:
a body of the die's size, of a colour distinct from the felt, or at least a bare face. Light specks
of the felt's grain can pass for a pair of squashed pips, but the "face" round them is the felt
itself: of the felt's colour and brightness, and broken by its grain right round the specks,
where a die's face runs bare to its edge.
"""

from __future__ import annotations

import math

import numpy as np

from vision.facecolour import colour_at, face_tolerance, off_face, sample_at
from vision.faces import Face
from vision.pips import PipBlob

FACE_RING = 0.2  # die sides from the centre: the face between a 5's centre pip and its corners
FELT_RING = 1.3  # die sides from the centre: the felt beside a die, clear of its corners
FELT_TINT = 0.06  # largest L1 step of (b, g, r) / (b + g + r) of a face from the felt's
FELT_LEVEL = (0.8, 1.25)  # brightness of the face over the felt's: as the felt's own light varies
BARE_REACH = 0.4  # die sides: a die's face round its centre is bare this far, pips aside (edge 0.5)
GRAIN_RAYS = 4  # rays (of 32) ended by the grain within that reach: no die's face
MARK_REACH = 0.75  # die sides: the marks (pips) of the die itself, looked past


def _ring(colour: np.ndarray, centre: tuple[float, float], radius: float, count: int) -> np.ndarray:
    turn = np.linspace(0.0, 2.0 * math.pi, count, endpoint=False)
    xs, ys = centre[0] + radius * np.cos(turn), centre[1] + radius * np.sin(turn)
    return np.asarray(np.median(colour_at(colour, xs, ys), axis=0))


def _alike(face: np.ndarray, felt: np.ndarray) -> bool:
    """True when the face is of the felt's tint and about its brightness."""
    face_sum, felt_sum = max(float(face.sum()), 1.0), max(float(felt.sum()), 1.0)
    tint = float(np.abs(face / face_sum - felt / felt_sum).sum())
    return tint <= FELT_TINT and FELT_LEVEL[0] <= face_sum / felt_sum <= FELT_LEVEL[1]


def grain_ended_rays(
    face: Face, dark: np.ndarray, colour: np.ndarray, marks: list[PipBlob], side: float
) -> int:
    """How many of 32 rays from the face's centre leave its face within BARE_REACH of a side.

    The face is what is of the colour and level of the ring round the centre; the group's own pips
    (marks near the centre) are looked past, and two samples in a row off the face end a ray.
    """
    cx, cy = face.center
    turn = np.linspace(0.0, 2.0 * math.pi, 32, endpoint=False)
    ring_x, ring_y = cx + FACE_RING * side * np.cos(turn), cy + FACE_RING * side * np.sin(turn)
    level = float(np.median(sample_at(dark, ring_x, ring_y)))
    ref = np.median(colour_at(colour, ring_x, ring_y), axis=0)
    near = [m for m in marks if math.hypot(m.x - cx, m.y - cy) <= MARK_REACH * side]
    contrast = float(np.median([m.contrast for m in near])) if near else 0.0
    radii = np.arange(1.0, BARE_REACH * side, 1.0)
    xs = cx + np.cos(turn)[:, None] * radii[None, :]
    ys = cy + np.sin(turn)[:, None] * radii[None, :]
    floor = level - face_tolerance(level, contrast)
    off = off_face(dark, colour, xs.ravel(), ys.ravel(), floor, ref, contrast).reshape(xs.shape)
    for m in near:
        # a pip, with its blurred rim, is no end of the face it is on
        off &= (xs - m.x) ** 2 + (ys - m.y) ** 2 > (0.5 * m.major + 1.5) ** 2
    off[:, :-1] &= off[:, 1:]
    return int(off.any(axis=1).sum())


def on_bare_felt(
    face: Face, dark: np.ndarray, colour: np.ndarray, marks: list[PipBlob], side: float
) -> bool:
    """True when a refused group's pips lie on the felt, not on a die.

    Both must hold: the face round the pips is the felt's colour (a die of another colour or
    brightness is a die whatever its pips), and it is not bare round them (an ivory die on white
    felt has a bare face round its centre; the felt has its grain).
    """
    if not _alike(_ring(colour, face.center, FACE_RING * side, 32),
                  _ring(colour, face.center, FELT_RING * side, 64)):
        return False
    return grain_ended_rays(face, dark, colour, marks, side) >= GRAIN_RAYS
