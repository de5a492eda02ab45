"""Faces of a die caught moving: every pip smeared into a streak the same way.

Motion blur drags each pip along the die's motion, so the pips of a face come out as streaks
of one direction and length, too stretched to pass for pips seen face-on; their centres stay
where the pips are. Such streaks are grouped and read like round pips, and the face checks
(`faces.read_group`) tell a blur from a tilt: a smear leaves the grid square, a tilt squashes
it with the pips.
"""

from __future__ import annotations

import numpy as np

from vision.faces import Face, group_pips, read_group
from vision.pips import PipBlob

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
        if len(group) < 2:
            continue
        face = read_group(dark, colour, group, streaks, blobs)
        if face.value is not None:
            faces.append(face)
    return faces
