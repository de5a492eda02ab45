"""A side face's pip seen past the top face of a flat die, under a camera straight above.

Away from the point below the lens, a flat die shows the side faces turned to that point (its
top face, nearer the lens, is pushed away from it), and their pips, just past the top face's
edge. Turned from the light above, a side face is shaded and its pips stand out less than the
top face's. Such a pip is no sign that a group is only part of its face: every pip of a face
whose grid agrees with the die's size lies inside its edges.
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

SideView = tuple[tuple[float, float], float]  # the point below the lens, and the die's side


def side_face_pip(fit: LayoutFit, blob: PipBlob, contrast: float, view: SideView) -> bool:
    """True when `blob` is a shaded pip of a side face the camera sees past the face of `fit`."""
    (nx, ny), die_size = view
    dx, dy = nx - fit.center[0], ny - fit.center[1]
    if math.hypot(dx, dy) < NEAR_NADIR * die_size or blob.contrast >= SIDE_PIP_CONTRAST * contrast:
        return False
    u, v = fit.to_grid(blob.x, blob.y)
    # past the top face's edge, half the die's side from its centre along its axes
    if max(abs(u), abs(v)) * fit.spacing <= 0.5 * die_size:
        return False
    # which side face a pip is on is told by the top face's side it lies past
    wx, wy = fit.side_normal(blob.x, blob.y)
    return wx * dx + wy * dy > 0
