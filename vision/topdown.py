"""What a camera looking straight down should not see: the checks that refuse a leaning die.

They run only with a top-down profile (the box's camera), on every face the reader would read.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.body import shows_body_past_top
from vision.faces import Face
from vision.ones import shows_outer_face, shows_second_face
from vision.pips import PipBlob
from vision.verdicts import could_lean

TOP_DOWN_ASPECT = 0.9  # about 25° of tilt; flat faces under the box's camera measure 0.92+


def cocked_if_leaning(
    face: Face,
    unclaimed: list[PipBlob],
    marks: list[PipBlob],
    view_centre: tuple[float, float],
    die_size: float | None,
    dark: np.ndarray,
    colour: np.ndarray,
    outline: np.ndarray | None = None,
    frame_faces: list[Face] | None = None,
    nadir: tuple[float, float] | None = None,
) -> Face:
    """Refuse a face that a camera looking straight down should not see as it is seen.

    Seen from straight above, a flat face keeps its square grid (a pinhole camera does not
    foreshorten a plane parallel to its sensor); a grid squashed below TOP_DOWN_ASPECT is a face
    tilted towards the lens. Round pips of a second face beside it say the same, and so does
    any pip past the top face on the side away from the middle of the picture, on a die that
    has something to lean on (the wall, or another of `frame_faces`). `nadir` is the point of
    the picture below the lens (the view's centre when None): a flat die's side faces are turned
    towards it, whereas a leaning die turns up the face towards the wall, away from the middle.
    """
    if face.value is None:
        return face
    if face.fit is not None and face.fit.aspect < TOP_DOWN_ASPECT:
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="tilted grid")
    if shows_second_face(face, unclaimed, nadir or view_centre, die_size):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="second face seen")
    if (
        die_size
        and could_lean(face, frame_faces or [], die_size, outline)
        and shows_outer_face(face, marks, view_centre, die_size, dark)
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="outer face seen")
    if die_size and outline is not None and shows_body_past_top(
        face, view_centre, die_size, colour, outline, dark
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="body past top face")
    return face
