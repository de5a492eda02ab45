"""Faces of a die caught moving: every pip smeared into a streak the same way.

Motion blur drags each pip along the die's motion, so the pips of a face come out as streaks
of one direction and length, too stretched to pass for pips seen face-on; their centres stay
where the pips are. Such streaks are grouped and read like round pips, and the face checks
(`faces.read_group`) tell a blur from a tilt: a smear leaves the grid square, a tilt squashes
it with the pips. A 2 or a 3 has no grid to show it; its face's outline is looked at instead.
"""

from __future__ import annotations

import math

import numpy as np

from vision.facecolour import face_colour, face_tolerance, off_face
from vision.faces import COCKED_ROUNDNESS, Face, read_group
from vision.grouping import group_pips
from vision.layout import fit_layout
from vision.pips import PipBlob
from vision.smear import (
    BLUR_OUTLINE_RATIO,
    OUTLINE_MIN_STEPS,
    TILT_OUTLINE_SHARE,
    outline_extents,
    smeared_alike,
)

STREAK_ROUNDNESS = 0.25  # a streak this thin is a cable or an edge, not a smeared pip


def read_streaks(
    dark: np.ndarray, colour: np.ndarray, streaks: list[PipBlob], blobs: list[PipBlob]
) -> list[Face]:
    """Faces read from `streaks` (stretched blobs no read face holds) among all `blobs`.

    Refusals are left out: the round-pip pass already reported what it could not read.
    """
    if len(streaks) < 2:
        return []
    faces = []
    for group in group_pips(dark, colour, streaks, None):
        pips = [streaks[i] for i in group]
        if len(group) < 2 or (np.mean([p.roundness for p in pips]) < COCKED_ROUNDNESS
                              and not smeared_alike(pips)):
            continue  # not one face's pips smeared alike: `read_group` would refuse it
        face = read_group(dark, colour, group, streaks, blobs)
        if face.detail == "squashed pips" and len(pips) < 4 and smeared_alike(pips):
            # every other check first: the outline is the dearest to look at
            smeared = read_group(dark, colour, group, streaks, blobs, smear_seen=True)
            if smeared.value is not None and _outline_smeared(dark, colour, pips):
                face = smeared
        if face.value is not None:
            faces.append(face)
    return faces


def _outline_smeared(dark: np.ndarray, colour: np.ndarray, pips: list[PipBlob]) -> bool:
    """True when the face round a 2 or a 3 of streaks is shortened along them, as by a smear.

    A tilt that squashes the pips to a roundness r stretches the outline along them by about
    1/r (never under 0.8/r as measured on oblique dice); a smear by 1 at most.
    """
    fit = fit_layout(np.array([(p.x, p.y) for p in pips]))
    if fit is None or not smeared_alike(pips):
        return False
    face_level = float(np.median([p.ring_level for p in pips]))
    contrast = float(np.median([p.contrast for p in pips]))
    floor = face_level - face_tolerance(face_level, contrast)
    face = np.median([face_colour(colour, p) for p in pips], axis=0)

    def off(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        return off_face(dark, colour, xs, ys, floor, face, contrast)

    along, across, brighter_beside = outline_extents(dark, pips, fit.center, fit.spacing, off)
    if brighter_beside or not (math.isfinite(along) and math.isfinite(across)):
        return False
    # a top face reaches half a side (1.9 steps) from its centre every way; rays that end
    # sooner end on pips or on the edge of a narrow side face
    if min(along, across) < OUTLINE_MIN_STEPS * fit.spacing:
        return False
    roundness = float(np.mean([p.roundness for p in pips]))
    return along / across <= min(BLUR_OUTLINE_RATIO, TILT_OUTLINE_SHARE / roundness)
