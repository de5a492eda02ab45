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
_TURNS_DEG = np.arange(0.0, 90.0, 3.0)  # the squares' turns tried
_SHIFTS = np.linspace(-SQUARE_CENTRE_SHIFT, SQUARE_CENTRE_SHIFT, 5)  # their centres' shifts, each axis


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
    on_edge, inside, _ = _best_square(rays, side, step)
    return on_edge, inside


def all_past(rays: np.ndarray, side: float, marks: list[tuple[float, float, float]], step: float) -> bool:
    """True when every mark (dx, dy from the pip, radius) lies wholly past the edge of the die's
    square that the rays outline all round (all but SQUARE_FACE_MISSES of them, each ray in line
    with a neighbour within `step` of a side), by more than the edge's tolerance.

    The pips of a face are printed inside it, and a face outlined all round is seen whole: a pip
    past its edge is another die's or a side face's, the edge between them. A 2's far pip, 0.6 to
    0.72 of a side from its near one on each axis, lies within the tolerance of a corner of the
    square centred on the near one, and a 2's near pip has no square of the die's side outlined
    all round it: two of its face's edges are 0.2 of a side from it (a dark 1 touching a leaning
    dark die by the far wall, side 25.7 px: the pip of that die's turned-up face, 0.9 of a side
    from the 1's and standing out 0.59 as much, lay 0.22 of a side past the square outlined by 31
    of 32 rays on the luma, 0.15 beyond its rim, and the 1 went unreported; the top pips of two
    leaning 1s, with a pip of their turned-up faces 0.72 and 0.78 of a side off, outline 17 and 27).
    """
    if not marks:
        return True
    on_edge, _, square = _best_square(rays, side, step)
    if on_edge < len(rays) - SQUARE_FACE_MISSES:
        return False
    limit = SQUARE_EDGE_TOLERANCE * side
    return all(_past_square(square, side, dx, dy) - radius > limit for dx, dy, radius in marks)


def _past_square(square: int, side: float, dx: float, dy: float) -> float:
    """How far the point (dx, dy) from the pip lies past the edge of the square of index `square`
    in `unit_squares` (flattened, as `_best_square` gives it) of `side`, in pixels along that
    square's axes; negative inside it."""
    turn_index, place = divmod(square, len(_SHIFTS) ** 2)
    turn = math.radians(float(_TURNS_DEG[turn_index]))
    # the pip's place in the square's frame (`unit_squares`), and the point's from it
    shift_y, shift_x = divmod(place, len(_SHIFTS))
    u = side * _SHIFTS[shift_x] + dx * math.cos(turn) + dy * math.sin(turn)
    v = side * _SHIFTS[shift_y] - dx * math.sin(turn) + dy * math.cos(turn)
    return float(max(abs(u), abs(v)) - 0.5 * side)


def _best_square(rays: np.ndarray, side: float, step: float | None) -> tuple[int, int, int]:
    """(rays on the best square's edge, rays inside it, its index in `unit_squares`, flattened)."""
    edge = side * unit_squares(len(rays))  # turn × shift × ray
    on = (np.abs(rays - edge) <= SQUARE_EDGE_TOLERANCE * side).reshape(-1, len(rays))
    on_edge = on.sum(axis=1)
    inside = (rays < edge - SQUARE_EDGE_TOLERANCE * side).sum(axis=2).ravel()
    # squares with few rays inside first, then the most rays on the edge, then the fewest inside
    score = (inside <= SQUARE_FACE_MISSES) * 10_000 + on_edge * 100 - inside
    k = int(np.argmax(score))
    if step is None:
        return int(on_edge[k]), int(inside[k]), k
    with np.errstate(invalid="ignore"):  # two open rays side by side are no line
        near = [np.abs(rays - np.roll(rays, turn)) <= step * side for turn in (1, -1)]
    return int((on[k] & (near[0] | near[1])).sum()), int(inside[k]), k


@functools.lru_cache(maxsize=4)
def unit_squares(count: int) -> np.ndarray:
    """Distance along each of `count` rays to a unit square's edge: turn × centre shift × ray."""
    angles = np.linspace(0.0, 2.0 * math.pi, count, endpoint=False)
    turns = np.deg2rad(_TURNS_DEG)
    shifts = _SHIFTS
    # the pip's place in the square's own frame, every shift along both of its axes
    px, py = (a.reshape(1, -1, 1) for a in np.meshgrid(shifts, shifts))
    vx = np.cos(angles[None, None, :] - turns[:, None, None])
    vy = np.sin(angles[None, None, :] - turns[:, None, None])
    with np.errstate(divide="ignore", invalid="ignore"):
        along_x = np.where(np.abs(vx) > 1e-12, (np.sign(vx) * 0.5 - px) / vx, np.inf)
        along_y = np.where(np.abs(vy) > 1e-12, (np.sign(vy) * 0.5 - py) / vy, np.inf)
    return np.minimum(along_x, along_y)
