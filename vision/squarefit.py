"""Where the rays cast from a pip end against a square of the die's side centred on it.

A 1's face, seen square on, is the die's square round its pip: the rays that end on its edges end
on that square, wherever the felt, a side face or a shadow carries the others past it.
"""

from __future__ import annotations

import functools
import math

import numpy as np

SQUARE_EDGE_TOLERANCE = 0.12  # die sides: a rounded, shaded edge ends a ray this early or late
SQUARE_FACE_MISSES = 2  # rays off the die's square allowed to a face seen square on (noise, glare)
# die sides: a lone pip's measured centre may lie this far off its face's (glare on one side of a
# glossy pip, a pixel of threshold on a pip a few pixels wide); a 4's corner pip is 0.25 off
SQUARE_CENTRE_SHIFT = 0.06


def square_edge_share(rays: np.ndarray, side: float) -> tuple[int, int]:
    """(rays ending on the best-placed square of this side round the pip, rays bounded)."""
    angles = np.linspace(0.0, 2.0 * math.pi, len(rays), endpoint=False)
    bounded = np.isfinite(rays)
    best = 0
    for turn in np.deg2rad(np.arange(0.0, 90.0, 3.0)):
        off = angles - turn
        # a centred square's edge lies half a side away along its normals
        edge = 0.5 * side / np.maximum(np.abs(np.cos(off)), np.abs(np.sin(off)))
        on_edge = bounded & (np.abs(rays - edge) <= SQUARE_EDGE_TOLERANCE * side)
        best = max(best, int(on_edge.sum()))
    return best, int(bounded.sum())


def square_fit(rays: np.ndarray, side: float, step: float | None = None) -> tuple[int, int]:
    """(rays ending on the best-placed square of this side round the pip, rays ending inside it).

    The square's centre may lie off the pip's by SQUARE_CENTRE_SHIFT; a square with no more
    than SQUARE_FACE_MISSES rays inside it is preferred, then the most rays on its edge. With
    `step` (die sides), a ray on that square's edge counts only when a neighbouring ray ends
    within `step` of it: on the same line.
    """
    edge = side * unit_squares(len(rays))  # turn × shift × ray
    on = (np.abs(rays - edge) <= SQUARE_EDGE_TOLERANCE * side).reshape(-1, len(rays))
    on_edge = on.sum(axis=1)
    inside = (rays < edge - SQUARE_EDGE_TOLERANCE * side).sum(axis=2).ravel()
    # squares with few rays inside first, then the most rays on the edge, then the fewest inside
    score = (inside <= SQUARE_FACE_MISSES) * 10_000 + on_edge * 100 - inside
    k = int(np.argmax(score))
    if step is None:
        return int(on_edge[k]), int(inside[k])
    with np.errstate(invalid="ignore"):  # two open rays side by side are no line
        near = [np.abs(rays - np.roll(rays, turn)) <= step * side for turn in (1, -1)]
    return int((on[k] & (near[0] | near[1])).sum()), int(inside[k])


@functools.lru_cache(maxsize=4)
def unit_squares(count: int) -> np.ndarray:
    """Distance along each of `count` rays to a unit square's edge: turn × centre shift × ray."""
    angles = np.linspace(0.0, 2.0 * math.pi, count, endpoint=False)
    turns = np.deg2rad(np.arange(0.0, 90.0, 3.0))
    shifts = np.linspace(-SQUARE_CENTRE_SHIFT, SQUARE_CENTRE_SHIFT, 5)
    # the pip's place in the square's own frame, every shift along both of its axes
    px, py = (a.reshape(1, -1, 1) for a in np.meshgrid(shifts, shifts))
    vx = np.cos(angles[None, None, :] - turns[:, None, None])
    vy = np.sin(angles[None, None, :] - turns[:, None, None])
    with np.errstate(divide="ignore", invalid="ignore"):
        along_x = np.where(np.abs(vx) > 1e-12, (np.sign(vx) * 0.5 - px) / vx, np.inf)
        along_y = np.where(np.abs(vy) > 1e-12, (np.sign(vy) * 0.5 - py) / vy, np.inf)
    return np.minimum(along_x, along_y)
