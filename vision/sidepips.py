"""A side face's pip seen past the top face of a flat die, under a camera straight above.

Away from the point below the lens, a flat die shows the side faces turned to that point (its
top face, nearer the lens, is pushed away from it), and their pips, just past the top face's
edge. Turned from the light above, a side face is shaded and its pips stand out less than the
top face's. Such a pip is no sign that a group is only part of its face: every pip of a face
whose grid agrees with the die's size lies inside its edges.

Under a light all round, a side face is lit nearly as the top (a black 4's side pips stood out
0.85 to 0.9 as much): with the lens known, a pip within the width its height's parallax shows that
side face (r/f of a side), and nearer the edge than any other flat die's top pip can lie, is one too.
"""

from __future__ import annotations

import math

from vision.layout import LayoutFit
from vision.pips import PipBlob

# the pips of a side face turned from the light stand out less than this share of the top face's
# (the pips of one face, printed and lit alike, stand out alike: 0.5 to 0.6 of them on a black
# die with white pips, seen past its top face's edge)
SIDE_PIP_CONTRAST = 0.65
NEAR_NADIR = 0.75  # die sides from the point below the lens: nearer, no side face is turned to it
# die sides: another flat die's top face, coplanar with this one, begins past this one's edge, and
# its pips, on a grid no wider than a die allows (`verdicts.SPACING_PER_SIDE`, 0.36), lie 0.14 of a
# side or more inside it: a pip centred nearer than that past this face's edge is none of its
OTHER_TOP_PIP_INSET = 0.14
# a side face turned to the nadir is seen parallax x cos(its turn from that way) of a side wide, its
# pips centred within this share of that width past the top face's edge, blurred by a pixel (as
# `secondface.SIDE_FACE_PIP_DEPTH`)
SIDE_FACE_PIP_DEPTH = 0.85
SIDE_FACE_BLUR_PX = 1.0

# the point below the lens, the die's side, and the lens's focal length (pixels) when known
SideView = tuple[tuple[float, float], float] | tuple[tuple[float, float], float, float | None]


def side_face_pip(fit: LayoutFit, blob: PipBlob, contrast: float, view: SideView) -> bool:
    """True when `blob` is a pip of a side face the camera sees past the face of `fit`."""
    (nx, ny), die_size = view[0], view[1]
    focal = view[2] if len(view) > 2 else None
    dx, dy = nx - fit.center[0], ny - fit.center[1]
    radius = math.hypot(dx, dy)
    shaded = blob.contrast < SIDE_PIP_CONTRAST * contrast
    if radius < NEAR_NADIR * die_size or not (shaded or focal):
        return False
    u, v = fit.to_grid(blob.x, blob.y)
    # past the top face's edge, half the die's side from its centre along its axes
    past = max(abs(u), abs(v)) * fit.spacing - 0.5 * die_size
    if past <= 0.0:
        return False
    # which side face a pip is on is told by the top face's side it lies past
    wx, wy = fit.side_normal(blob.x, blob.y)
    turned = (wx * dx + wy * dy) / radius
    if turned <= 0.0:
        return False
    # a side face turned from the light above is lit no more than the top: pips standing out more are
    # a top face's (two of a black 4 leaning on the wall, 1.25 times a 4 of its two others and two of
    # the face it turned up)
    if shaded or not focal or blob.contrast > contrast:
        return shaded
    # lit as the top: within the width that side face shows, nearer than another die's top pips, and
    # along its edge (no other top face's pip, a disc of that inset round it, fits beside this face)
    width = SIDE_FACE_PIP_DEPTH * radius / focal * turned * die_size + SIDE_FACE_BLUR_PX
    along = min(abs(u), abs(v)) * fit.spacing
    return past <= min(width, OTHER_TOP_PIP_INSET * die_size) and along <= 0.5 * die_size
