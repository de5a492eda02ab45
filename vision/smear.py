"""The geometry of a smear: pips stretched alike by motion, told apart from a tilted face.

Motion blur drags every pip of a moving die the same way and by the same length; it leaves the
pips' centres where they are and the die's outline as wide across the smear as it was. A tilt
squashes the pips, the grid and the face's outline alike, along one direction.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from vision.layout import LayoutFit
from vision.pips import PipBlob

SMEAR_AGREEMENT = 0.93  # mean resultant of doubled pip axes: about 15° of spread
NARROW_SIX_GAP = 1.9  # grid steps between a 6's columns: narrower is a maker's 6 or a tilt
SMEAR_ALONG_COLUMNS_DEG = 35.0  # a smear this near a narrow 6's columns may be that tilt
# outline reach along the smear over across it: a smear shortens it (1 at most), a tilt that
# squashes pips to r lengthens it to about 1/r (0.8/r at least, measured on oblique dice)
BLUR_OUTLINE_RATIO = 1.3
TILT_OUTLINE_SHARE = 0.7  # read a smear only below this over r: a margin under the tilt's 0.8/r
OUTLINE_MIN_STEPS = 1.8  # grid steps: the least reach of a top face round its centre
OUTLINE_REACH = 4.0  # grid steps from a face's centre: past its corners (2.7), short of a die beyond
OUTLINE_RAYS_DEG = (-12.0, 0.0, 12.0)
# grid steps past a face's edge that show what it gives onto: a top face beyond a side face
# is wider than this, the bright rim a blur leaves round a face narrower
BEYOND_STEPS = 1.5
PIP_CLEARANCE_PX = 2.0  # the blur round a pip's outline


def smeared_alike(pips: list[PipBlob]) -> bool:
    """True when every pip is stretched the same way (the long axes within about 15°)."""
    if len(pips) < 2:
        return False
    doubled = np.array([2.0 * p.angle for p in pips])
    spread = math.hypot(float(np.cos(doubled).mean()), float(np.sin(doubled).mean()))
    return spread >= SMEAR_AGREEMENT


def narrowed_along_smear(fit: LayoutFit, smear: float) -> bool:
    """True for a 6 narrower than a square grid whose pips are stretched along its columns.

    A tilt across the columns squashes the pips along the columns' normal (so they look
    stretched along the columns) and brings the columns together: the very face a maker's
    narrow 6 gives. Only a smear that is not along the columns tells a blur from that tilt.
    """
    if fit.value != 6 or 2.0 * abs(fit.cells[0][0]) >= NARROW_SIX_GAP:
        return False
    (x0, y0), (x1, y1) = fit.to_image(0.0, 0.0), fit.to_image(0.0, 1.0)
    columns = math.atan2(y1 - y0, x1 - x0)
    turn = abs((smear - columns + math.pi / 2) % math.pi - math.pi / 2)
    return turn < math.radians(SMEAR_ALONG_COLUMNS_DEG)


def smear_direction(pips: list[PipBlob]) -> float:
    """The mean direction of the pips' long axes, radians."""
    doubled = np.array([2.0 * p.angle for p in pips])
    return 0.5 * math.atan2(float(np.sin(doubled).mean()), float(np.cos(doubled).mean()))


def outline_extents(
    dark: np.ndarray,
    pips: list[PipBlob],
    center: tuple[float, float],
    spacing: float,
    off: Callable[[np.ndarray, np.ndarray], np.ndarray],
) -> tuple[float, float, bool]:
    """How far the face reaches from `center` along the pips' smear and across it (pixels),
    and whether a brighter face lies past its edge.

    A face tilted by t is squashed by cos t, its pips with it: seen from its centre, the face
    reaches 1/cos t farther along the pips' long axes than across them (a square outline
    looks the same both ways round a quarter turn, whatever its own turn). A smear does the
    opposite: the die's edges that cross the motion are dragged into a ramp, the face's bright
    plateau gets shorter along the smear, none wider across it. Each way is measured by the
    shorter of two opposite rays (a ray that runs on into a side face as bright as the top
    runs one way only), at a few angles; `off(xs, ys)` says which samples are not the face.
    Infinite when no edge is found within reach. Lit from above, the top face is the
    brightest of its die: a face whose edge gives onto a brighter face is a side face.
    """
    smear = smear_direction(pips)
    radii = np.arange(1.0, (OUTLINE_REACH + BEYOND_STEPS) * spacing, 1.0)
    reach = int(np.searchsorted(radii, OUTLINE_REACH * spacing))
    past = max(2, round(BEYOND_STEPS * spacing))
    height, width = dark.shape[:2]
    # every ray at once, (ways, turns, signs, radii): along the smear, then across it
    turns = np.radians(np.array(OUTLINE_RAYS_DEG))
    angles = np.array([smear, smear + math.pi / 2])[:, None] + turns[None, :]
    signs = np.array([1.0, -1.0])
    dx = signs[None, None, :, None] * np.cos(angles)[:, :, None, None] * radii
    dy = signs[None, None, :, None] * np.sin(angles)[:, :, None, None] * radii
    xs, ys = center[0] + dx, center[1] + dy
    pip = _on_pips(pips, xs, ys)
    away = off(xs.ravel(), ys.ravel()).reshape(xs.shape) & ~pip
    edge = away[..., : reach - 1] & away[..., 1:reach]  # one noisy pixel is no edge
    found = edge.any(axis=-1)
    end = np.where(found, edge.argmax(axis=-1), reach - 1)
    ex = np.take_along_axis(xs, end[..., None], axis=-1)[..., 0]
    ey = np.take_along_axis(ys, end[..., None], axis=-1)[..., 0]
    # the picture's border is no edge of a face: a ray that leaves it is open
    inside = (ex >= 0) & (ex <= width - 1) & (ey >= 0) & (ey <= height - 1)
    lengths = np.where(found & inside, radii[end], np.inf)
    # each way: the shorter of two opposite rays, the median over the turns
    along, across = (float(v) for v in np.median(lengths.min(axis=2), axis=1))
    levels = _levels(dark, xs, ys)
    before = np.arange(len(radii)) < end[..., None]
    face = levels[before & ~pip]
    if face.size == 0:
        return along, across, False
    # a tilted face's top neighbour lies across its pips' long axes; most of the rays to one
    # side must end on it (one may end on a speck of glare)
    level = float(np.quantile(face, 0.75))  # the face's plateau, clear of the pips' blur
    step = max(8.0, 0.06 * level)
    brighter = np.zeros((len(turns), 2), dtype=bool)
    for t in range(len(turns)):
        for k in range(2):
            if found[1, t, k]:
                beyond = levels[1, t, k, end[1, t, k]:end[1, t, k] + past]
                brighter[t, k] = beyond.size > 0 and float(np.median(beyond)) >= level + step
    return along, across, bool((brighter.sum(axis=0) >= 2).any())


def _levels(dark: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    h, w = dark.shape[:2]
    xi = np.clip(np.rint(xs), 0, w - 1).astype(np.intp)
    yi = np.clip(np.rint(ys), 0, h - 1).astype(np.intp)
    return dark[yi, xi].astype(np.float64)


def _on_pips(pips: list[PipBlob], xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Samples on a pip's streak or the blur just round it, which are not the face's edge."""
    inside = np.zeros(xs.shape, dtype=bool)
    for p in pips:
        c, s = math.cos(p.angle), math.sin(p.angle)
        du, dv = (xs - p.x) * c + (ys - p.y) * s, -(xs - p.x) * s + (ys - p.y) * c
        a, b = 0.5 * p.major + PIP_CLEARANCE_PX, 0.5 * p.minor + PIP_CLEARANCE_PX
        inside |= (du / a) ** 2 + (dv / b) ** 2 <= 1.0
    return inside
