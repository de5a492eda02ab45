"""The side face a flat die turns to the lens, as wide as the lens says it must be.

A die of side s px whose top face lies r px from the point below the lens (the nadir), seen
through a lens of focal length f px, shows the side face turned to the nadir as a band about
r·s/f px wide past the top face's inner edge: the parallax of the die's height. Every face has
pips, and that face's are seen there as dashes across the band. A die leaning on the wall,
tipped towards the middle further than the view angle there, hides that face: past its inner
edge lies felt or its shadow, without a dash. Its colour does not tell the two apart (a white
die's shaded side takes the felt's tint), but the dashes do.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.faces import Face
from vision.lean import top_face_levels
from vision.rays import band_grid

# r/f, die sides: a band this wide at least (a view angle of 17°) shows its pips clear of the top
# face's edge; on narrower bands they blur into it
INNER_BAND = 0.3
# where across the band the side face's pips lie: 0.2 to 0.8 of its height from the top edge
DASH_DEPTH = (0.15, 0.85)
BAND_ACROSS = 0.4  # die sides either side of the ray: within the face's width
STEP_PX = 0.5
# darkest dash below the median of its row (one depth across the band), in the top pips' contrast:
# flat dice by the wall measured 0.13 and more, leaning dice with no inner face 0.065 at most
NO_DASH = 0.1


def hides_inner_face(
    face: Face, dark: np.ndarray, nadir: tuple[float, float], focal: float, die_size: float
) -> bool:
    """True when the band where a flat die must show its side face turned to the nadir has no dash.

    Only for a read face whose predicted band is INNER_BAND of a side wide or more; False when
    the band leaves the picture or the top face's pips give no contrast to compare with.
    """
    dx, dy = face.center[0] - nadir[0], face.center[1] - nadir[1]
    radius = math.hypot(dx, dy)
    width = radius / focal  # die sides
    if width < INNER_BAND:
        return False
    levels = top_face_levels(face, dark, die_size)
    if levels is None:
        return False
    contrast = levels[1]
    ux, uy = -dx / radius, -dy / radius
    near, far = ((0.5 + share * width) * die_size for share in DASH_DEPTH)
    along = np.arange(near, far, STEP_PX)
    across = np.arange(-BAND_ACROSS * die_size, BAND_ACROSS * die_size, STEP_PX)
    grid = band_grid(face.center, (ux, uy), along, across, dark.shape)
    if grid is None:
        return False
    band = cv2.blur(cv2.remap(dark, *grid, cv2.INTER_LINEAR).astype(np.float32), (3, 3))
    darkest = float((np.median(band, axis=1, keepdims=True) - band).max())
    return darkest < NO_DASH * contrast
