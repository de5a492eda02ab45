"""The rays that cross a die's top face outwards, along which its body is measured.

Both leaning-die checks (`vision.body`, against the top face's colour; `vision.backdrop`, against
the felt and wall beside the die) sample the same rays, so they measure the same band. The
dash checks (`vision.lean`, `vision.innerface`) sample a band past an edge on one grid.
"""

from __future__ import annotations

import math

import numpy as np

from vision.faces import Face

RAY_START = 0.46  # die sides from the centre: past the corner pips, still on the top face
RAY_END = 1.2  # die sides: past the widest band a leaning die shows
RAY_SPREAD = math.radians(45.0)  # rays from the outward direction: one of them is square to an edge
RAY_COUNT = 9
EDGE_SPAN = 0.25  # die sides either side of the edge's middle: clear of the corners
STEP_PX = 0.5


def outward_rays(
    face: Face, outward: tuple[float, float], side: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(angles, radii, start x, start y) of the rays that cross the top face's outer edge.

    With a pip grid, RAY_COUNT parallel rays square to the edge nearest to square with
    `outward`, spread along it clear of the corners; for a 1 (no turn), a fan about `outward`
    from the centre. Starts are (RAY_COUNT, 1), radii are the distances sampled along each ray.
    """
    ux, uy = outward
    if face.fit is not None:
        turn = face.fit.angle
        normals = [turn + k * 0.5 * math.pi for k in range(4)]
        normal = max(normals, key=lambda a: math.cos(a) * ux + math.sin(a) * uy)
        angles = np.full(RAY_COUNT, normal)
        offsets = np.linspace(-EDGE_SPAN, EDGE_SPAN, RAY_COUNT) * side
    else:
        angles = math.atan2(uy, ux) + np.linspace(-RAY_SPREAD, RAY_SPREAD, RAY_COUNT)
        offsets = np.zeros(RAY_COUNT)
    radii = np.arange(RAY_START * side, RAY_END * side, STEP_PX)
    ox = face.center[0] - offsets[:, None] * np.sin(angles)[:, None]
    oy = face.center[1] + offsets[:, None] * np.cos(angles)[:, None]
    return angles, radii, ox, oy


def band_grid(
    centre: tuple[float, float],
    way: tuple[float, float],
    along: np.ndarray,
    across: np.ndarray,
    shape: tuple[int, ...],
) -> tuple[np.ndarray, np.ndarray] | None:
    """The remap grids (x, y) of a band past a die: rows `along` the unit vector `way` from
    `centre`, columns `across` it; None when the band leaves a picture of `shape`."""
    ux, uy = way
    map_x = (centre[0] + along[:, None] * ux - across[None, :] * uy).astype(np.float32)
    map_y = (centre[1] + along[:, None] * uy + across[None, :] * ux).astype(np.float32)
    h, w = shape[:2]
    if map_x.min() < 0 or map_y.min() < 0 or map_x.max() > w - 1 or map_y.max() > h - 1:
        return None
    return map_x, map_y
