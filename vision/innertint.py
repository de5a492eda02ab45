"""The tint of the band where a flat die shows the side face turned to the lens.

A flat die by the wall shows, past its top face's inner edge, the side face turned to the point
below the lens (the nadir), r/f of a side wide (`vision/innerface.py`). That face is the die's own
surface: lit by the lamp and by the light the felt throws back on it, it takes part of the felt's
tint, never all of it, as the die's own colour stays in it. A die tipped towards the lens by about the
view angle there hides that face, and the band is the felt, in the die's shadow: a shadow dims the
felt, it does not change its tint, nor light it more than the felt beside the die. Where the die and
the felt are of unlike tints, a band of the felt's tint, no brighter than the felt beside it, is no
side face of the die. A dark die on dark felt gives the other checks nothing to tell: its shadow is
as dark as its side face, and the felt's grain at the shadow's edge passes for a dash.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.backdrop import bare_top_colour
from vision.faces import Face
from vision.feltgap import tint_step
from vision.innerface import (
    CLEAR_BAND_PX,
    FELT_BESIDE,
    FELT_LEVEL,
    INNER_BAND,
    INNER_CLEAR,
    SIDE_FACE_ACROSS,
    STEP_PX,
    WALL_REACH,
    _side_face_band,
    band_median_colour,
)

# L1 step of the channels' shares between the top face and the felt beside the die, at least: tints
# this far apart tell the die from the felt past the noise of a dark face's few levels (a flat black
# die's tint moves by 0.03 over its face)
TINTS_APART = 0.15
# share of that step the band may lie from the felt's tint and still be the felt. On the saved sets
# from 40000 to 106000, the 813 flat dice by the wall whose band was wide enough to show the side face
# clear of its edges' blur (INNER_BAND or CLEAR_BAND_PX) lay 0.23 of the step from the felt's tint and
# more (a grey 2 over magenta felt, its side face lit by the felt; a flat black 3 over dark green felt,
# 0.35); a black 5 tipped 24.7° towards the lens under the far wall over that green felt, its top face
# turned square to the lens and its side face hidden, 0.063, and leaning dice read before as flat,
# 0.001 to 0.10. 0.12 lies midway (by ratio) between the black 5 and the nearest flat die
FELT_SHARE = 0.12


def inner_band_of_felt(
    face: Face,
    colour: np.ndarray,
    nadir: tuple[float, float],
    focal: float,
    die_size: float,
    outline: np.ndarray,
    others: list[tuple[float, float]],
) -> bool:
    """True when a die by the wall shows, where a flat die there shows its side face turned to the
    nadir (over the middle of its depth), the felt: the band's tint lies within FELT_SHARE of the
    step between the top face's tint and the felt's beside the die (FELT_BESIDE die sides across, on
    one side at least, tints TINTS_APART or more apart), and it is lit no more than that felt.

    Only for a band INNER_BAND of a side or CLEAR_BAND_PX wide, within the picture, with none of
    `others` (the centres of the frame's other dice) within INNER_CLEAR die sides.
    """
    if cv2.pointPolygonTest(outline.reshape(-1, 1, 2), face.center, True) > WALL_REACH * die_size:
        return False
    width = math.hypot(face.center[0] - nadir[0], face.center[1] - nadir[1]) / focal
    if width < INNER_BAND and width * die_size < CLEAR_BAND_PX:
        return False
    if any(math.dist(face.center, other) < INNER_CLEAR * die_size for other in others):
        return False
    predicted = _side_face_band(face, nadir, focal, die_size)
    if predicted is None:
        return False
    along, way = predicted
    across = np.arange(-SIDE_FACE_ACROSS * die_size, SIDE_FACE_ACROSS * die_size, STEP_PX)
    band = band_median_colour(colour, face.center, way, along, across, [], die_size)
    if band is None or float(band.sum()) < 1.0:
        return False
    top = bare_top_colour(face, colour, face.size if face.fit is not None else die_size)
    for offset in (-FELT_BESIDE * die_size, FELT_BESIDE * die_size):
        felt = band_median_colour(colour, face.center, way, along, across + offset, others, die_size)
        if felt is None or float(felt.sum()) < 1.0:
            continue
        apart = float(tint_step(top, felt))
        if apart < TINTS_APART or float(band.sum()) > FELT_LEVEL[1] * float(felt.sum()):
            continue
        if float(tint_step(band, felt)) <= FELT_SHARE * apart:
            return True
    return False
