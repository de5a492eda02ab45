"""The turn of a die's square, from the edges round a point of its top face.

Seen from straight above, the top face's outline, its side faces and their edges run along the
die's two axes: the brightness gradients in a ring round the face's centre (out past the top face's
corners), their angles taken four-fold, agree on the turn. Round pips give every angle alike and
only weaken that agreement.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

# die sides from the centre: the ring whose edges give the turn, clear of a 1's pip (a third of a
# side at most) and out past its top face's corners (0.71) to its side faces' edges
ONE_RING = (0.3, 0.75)
# the four-fold gradient angles agree this much at least (resultant over total weight): the edges
# round five flat and leaning 1s of the simulated throws gave 0.46 to 0.63
ONE_TURN_AGREEMENT = 0.35
# die sides from the centre: a ring within a 1's top face, whose inscribed circle (half a side) holds
# its own four edges' inner blur at the mid-sides and nothing of a die beside it (a die touching it
# begins half a side out, its pips 0.14 of a side further in). A white 1 touched by a white 4 gave
# there 35.3° (the simulated die's edges 36.3°) agreeing 0.74, where the outer ring, crossed by the
# 4's pips, agreed 0.20. Of the 1127 flat 1s of eight saved sets (from 40000, 70000, 80000, 90000,
# 97000, 99000, 100000 and 101000), 890 agreed 0.5 or more there, and on the 805 of them whose outer
# ring agreed as much the two turns came within 4.9°; dark 1s on dark felt, their edges faint, agreed
# 0.16 to 0.5 (59 of 60 under 0.5; the outer ring 0.01 to 0.29)
ONE_TOP_RING = (0.3, 0.5)
ONE_TOP_AGREEMENT = 0.5


def square_turn(
    center: tuple[float, float],
    dark: np.ndarray,
    die_size: float,
    agreement: float = ONE_TURN_AGREEMENT,
    ring_sides: tuple[float, float] = ONE_RING,
) -> float | None:
    """The turn (radians, modulo a quarter turn) of the edges round `center`, in the ring `ring_sides`
    (die sides); None when they agree less than `agreement`, or the ring leaves the picture."""
    reach = math.ceil(ring_sides[1] * die_size) + 2
    x0, y0 = int(center[0]) - reach, int(center[1]) - reach
    h, w = dark.shape
    if x0 < 0 or y0 < 0 or x0 + 2 * reach + 1 > w or y0 + 2 * reach + 1 > h:
        return None
    patch = dark[y0:y0 + 2 * reach + 1, x0:x0 + 2 * reach + 1].astype(np.float32)
    gx = cv2.Sobel(patch, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(patch, cv2.CV_32F, 0, 1, ksize=3)
    ys, xs = np.mgrid[y0:y0 + patch.shape[0], x0:x0 + patch.shape[1]]
    radius = np.hypot(xs - center[0], ys - center[1])
    ring = (radius >= ring_sides[0] * die_size) & (radius <= ring_sides[1] * die_size)
    weight = (gx * gx + gy * gy)[ring]
    angle = 4.0 * np.arctan2(gy[ring], gx[ring])
    c, s = float((weight * np.cos(angle)).sum()), float((weight * np.sin(angle)).sum())
    total = float(weight.sum())
    if total <= 0.0 or math.hypot(c, s) < agreement * total:
        return None
    return 0.25 * math.atan2(s, c)
