"""A 1 by the wall whose top face is lit otherwise than the flat top faces of its kind in the frame.

A 1 has a single pip: no grid of pips shows its face foreshortened. Its light does show a tilt.
Every flat die turns its top face to the lens and to the lamps above the tray alike, so the top
faces of dice of one material in a frame are lit alike but for the light's fall-off across the
tray; a die leaning on the wall turns its top face from some of that light and towards the rest.
"""

from __future__ import annotations

import math
from statistics import median

import cv2
import numpy as np

from vision.backdrop import top_colour
from vision.faces import Face
from vision.innerface import WALL_REACH
from vision.lean import top_face_levels

# the top face's level over the median of the other read faces' of its tint, in the plane its pips
# are dark in: flat 1s by the wall measured 0.81 to 1.2 (the light's fall-off across the tray), most
# leaning 1s 0.52-0.84 (a light die's top turned from the light, darker; a dark die's turned to it,
# brighter, lower in the inverted plane of light pips), on simulated throws
OFF_LEVEL = 0.76
# largest L1 step of (b, g, r) / (b + g + r) between two top faces of one material (as the
# wall's foot check's WALL_FACE_TINT): dice of another colour are lit otherwise
SAME_TINT = 0.1
APART = 0.9  # die sides: a read face this near is the die's own face read again, no other die


def top_face_off_level(
    face: Face,
    frame_faces: list[Face],
    dark: np.ndarray,
    colour: np.ndarray,
    die_size: float,
    outline: np.ndarray,
) -> bool:
    """True when a lone 1 by the wall shows a level under OFF_LEVEL of the frame's read top faces of
    its tint (their median, in `dark`, the plane its pips are dark in); False without such faces."""
    if face.value != 1 or face.fit is not None:
        return False
    if cv2.pointPolygonTest(outline.reshape(-1, 1, 2), face.center, True) > WALL_REACH * die_size:
        return False
    own = top_face_levels(face, dark, die_size)
    if own is None:
        return False
    tint = _tint(face, colour, die_size)
    levels = []
    for other in frame_faces:
        if other.value is None or other is face or math.dist(other.center, face.center) <= APART * die_size:
            continue
        if float(np.abs(_tint(other, colour, die_size) - tint).sum()) >= SAME_TINT:
            continue
        lit = top_face_levels(other, dark, die_size)
        if lit is not None:
            levels.append(lit[0])
    return bool(levels) and own[0] < OFF_LEVEL * median(levels)


def _tint(face: Face, colour: np.ndarray, die_size: float) -> np.ndarray:
    top = top_colour(face, colour, face.size if face.fit is not None else die_size)
    return top / max(float(top.sum()), 1.0)
