"""Faces squashed as the camera squashes them: flat faces under a camera that looks obliquely.

Without a profile the reader does not know whether the camera looks straight down. A camera
looking obliquely squashes every flat face of its picture alike: along about the same direction,
and by a share that grows smoothly towards the far side of the picture (perspective: the view
of the tray turns more oblique along the direction the faces are squashed in). A die tilted on
its own, or a side face, is squashed otherwise. When a frame's read faces agree on a squash, a
face of 2 to 6 pips squashed as they are at its place, pip by pip and (for a 4, 5 or 6) by its
grid, lies flat as they do.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from vision.layout import LayoutFit
from vision.pips import PipBlob

OBLIQUE_SHARE = 0.1  # roundness within this of the frame's read faces' (as for a lone 1)
OBLIQUE_TURN_DEG = 25.0  # long axis within this of theirs (perspective varies it)
OBLIQUE_FACES = 2  # read faces, two pips each at least, that show how the camera squashes
OBLIQUE_AGREEMENT = 0.8  # mean resultant of their pips' doubled long axes: about 25° of spread
# the view turns by at most a radian per focal length, and no camera of this kind has a focal
# length under half its picture's width (a field of view over 90°): roundness, a cosine,
# changes by at most 2 / width per pixel
SLOPE_PER_WIDTH = 2.0
SLOPE_MIN_SPREAD_PX = 20.0  # read pips spread less than this across the squash give no slope
OBLIQUE_DETAIL = "squashed as the frame"  # the detail of a face read so


@dataclass(frozen=True)
class CameraSquash:
    """How the camera squashes flat faces: pip roundness by place, and the pips' long axis."""

    roundness: float  # at `centre`
    angle: float  # long axis of the pips, radians
    slope: float  # roundness change per pixel across the long axis
    centre: tuple[float, float]

    def at(self, x: float, y: float) -> float:
        """The roundness of a flat face's pips at (x, y)."""
        across = -(x - self.centre[0]) * math.sin(self.angle) + (y - self.centre[1]) * math.cos(self.angle)
        return self.roundness + self.slope * across


def squash_of(pips: list[PipBlob], faces: int, width: int) -> CameraSquash | None:
    """The squash of the pips of a frame's `faces` read faces, when they agree on its direction."""
    if faces < OBLIQUE_FACES or len(pips) < 2 * OBLIQUE_FACES:
        return None
    doubled = np.array([2.0 * p.angle for p in pips])
    cos, sin = float(np.cos(doubled).mean()), float(np.sin(doubled).mean())
    if math.hypot(cos, sin) < OBLIQUE_AGREEMENT:
        return None
    angle = 0.5 * math.atan2(sin, cos)
    xs = np.array([p.x for p in pips])
    ys = np.array([p.y for p in pips])
    centre = (float(xs.mean()), float(ys.mean()))
    across = -(xs - centre[0]) * math.sin(angle) + (ys - centre[1]) * math.cos(angle)
    roundness = np.array([p.roundness for p in pips])
    slope = 0.0
    if float(across.std()) >= SLOPE_MIN_SPREAD_PX:
        limit = SLOPE_PER_WIDTH / width
        fitted = float((across * (roundness - roundness.mean())).sum() / (across**2).sum())
        slope = min(max(fitted, -limit), limit)
    return CameraSquash(float(roundness.mean()), angle, slope, centre)


def _turn(first: float, second: float) -> float:
    """Angle between two axes (no direction), radians in [0, π/2]."""
    return abs((first - second + math.pi / 2) % math.pi - math.pi / 2)


def grid_axis(fit: LayoutFit, pips: list[PipBlob]) -> float:
    """Direction of the long axis of the affine map from the layout's cells to the pips."""
    cells = np.array([[round(c) for c in fit.to_grid(p.x, p.y)] for p in pips], dtype=float)
    rel = np.array([(p.x - fit.center[0], p.y - fit.center[1]) for p in pips])
    affine = np.linalg.lstsq(cells, rel, rcond=None)[0]  # rows: images of the cell axes
    u, _, _ = np.linalg.svd(affine.T)
    return math.atan2(float(u[1, 0]), float(u[0, 0]))


def squashed_as_camera(pips: list[PipBlob], fit: LayoutFit, squash: CameraSquash | None) -> bool:
    """True when every pip, and a 2D grid, is squashed as the frame's read faces are there."""
    if squash is None:
        return False
    limit = math.radians(OBLIQUE_TURN_DEG)
    for pip in pips:
        if abs(pip.roundness - squash.at(pip.x, pip.y)) > OBLIQUE_SHARE:
            return False
        if _turn(pip.angle, squash.angle) > limit:
            return False
    if len(pips) < 4:
        return True
    # a flat face's grid is squashed by the tilt that squashes its pips, along the same axis
    expected = squash.at(*fit.center)
    return abs(fit.aspect - expected) <= OBLIQUE_SHARE and _turn(grid_axis(fit, pips), squash.angle) <= limit
