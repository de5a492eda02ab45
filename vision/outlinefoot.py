"""The foot of a round tray's wall seen past a flat die: a dash past the top face that follows the
tray's curved outline, at one depth inside it, is that foot, no second face's pip.

Along a straight wall `wallfoot.wall_beside` compares a dash with the wall either side of the die;
a round tray's wall curves away from that straight line, so the wall is looked at along the
outline itself. A dash further past the outline than any die on the felt reaches, seen through the
lens, is on the wall above every die (`above_any_die`).
"""

from __future__ import annotations

import math

import numpy as np

from vision.wallfoot import (
    GRID_X,
    GRID_Y,
    PAST_NEIGHBOUR,
    WALL_FLANK,
    foot_like,
    median_colour,
    outline_depths,
)

# the wall's foot on the felt is a line along the tray's outline: a stroke of it seen past a die keeps
# one depth inside the outline to a pixel over its length (0.5 to 1.05 px past flat dice by round
# walls on simulated throws), where a pip lying across that line spans its own width (a leaning 6's, 1.5);
# where the foot's edge is blurred over more (a green round wall over pale felt: the picture went
# from the wall's 100 to the felt's 510, sum of channels, over 2 to 2.5 px of depth on both flanks),
# a stroke of that ramp is thicker (1.5 px of depth past a flat white 2, `random-107027`): it is still
# the foot when each half of it by depth, the outer and the inner, has the foot's colour at its own
# depth on both flanks, at one shift for both halves (the ramp itself, its inner half lighter as the
# ramp is: 190 and 362 there). A pip lying across the line is ink on both halves, darker than the
# felt-side ramp at the inner half's depth (FOOT_SHADE's floor)
FOOT_DEPTH_SPREAD = 1.2
# and it is the outline itself, the felt's edge: a stroke of it lies within the calibrated outline's
# pixel and a pixel of blur of it (medians of -0.5 to -1.1 px measured), where a turned-up face's pip
# lying on the wall lies up the wall (a leaning 2's, 3.3 px out)
FOOT_OFF_OUTLINE = 2.0
FOOT_DEPTH_SHIFTS = (-1.0, -0.5, 0.0, 0.5, 1.0)
_ALONG = np.linspace(-2.0, 2.0, 5)  # pixels along the outline: one noisy pixel does not count
# A die resting on the felt reaches no higher than its diagonal across a face, √2 sides (tipped 45°
# about an edge): seen from above, a point of it at that height lies its parallax, √2 · r/f sides,
# outwards of where it stands, and a die leaning on the wall stands inside the outline. Past that
# and the felt's edge blur (the felt ended 0.9 to 1.5 px past the calibrated outline of a round
# tray, all along its far wall), a mark is on the wall above every die: its top edge, where the
# wall's dark inner face meets the lighter rim (a flat white 5 by the dark far wall of a round
# tray, r/f 0.23, die 27 px: a dash 11.5 px past the outline, where a die reaches 8.8 px at most)
DIE_HEIGHT = 2.0**0.5
FELT_EDGE_BLUR = 1.5


def wall_along_outline(
    colour: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    centre: tuple[float, float],
    outline: np.ndarray,
    die_size: float,
    thin: bool = True,
) -> bool:
    """Whether the pixels (xs, ys) are a stroke of the wall's foot that runs on along the tray's
    `outline` where it curves (a round tray): they keep one depth inside the outline within
    FOOT_DEPTH_SPREAD pixels (unless `thin` is False), within FOOT_OFF_OUTLINE of the outline, and
    have the colour (`foot_like`) of the points WALL_FLANK die sides along the outline either side
    of the die, at that depth, as `wall_beside` asks along a straight wall.
    """
    depths = outline_depths(outline, xs, ys)
    low, high = np.percentile(depths, (10, 90))
    depth = float(np.median(depths))
    if abs(depth) > FOOT_OFF_OUTLINE:
        return False
    centre_depth = float(outline_depths(outline, np.array([centre[0]]), np.array([centre[1]]))[0])
    if thin and high - low > FOOT_DEPTH_SPREAD:
        # too thick for one line: its outer and inner halves must each be the ramp at their depths
        halves = [depths <= depth, depths > depth]
        if not all(half.any() for half in halves):
            return False
        parts = [(median_colour(colour, xs[h], ys[h]), float(np.median(depths[h]))) for h in halves]
    else:
        parts = [(median_colour(colour, xs, ys), depth)]
    for reach in (WALL_FLANK, PAST_NEIGHBOUR):
        flanks = _outline_flanks(outline, centre, reach * die_size)
        if flanks is None:
            return False
        found = []
        for (px, py), (nx, ny) in flanks:
            level = median_colour(colour, px + centre_depth * nx + GRID_X, py + centre_depth * ny + GRID_Y)
            # along the outline only (the stroke is a pixel thin), within a pixel of the stroke's depth
            # either way: the outline is the tray's as calibrated, to a pixel
            found.append(any(
                all(
                    foot_like(
                        mark,
                        median_colour(
                            colour, px + (at + shift) * nx - ny * _ALONG, py + (at + shift) * ny + nx * _ALONG
                        ),
                        level,
                    )
                    for mark, at in parts
                )
                for shift in FOOT_DEPTH_SHIFTS
            ))
        if all(found):
            return True
    return False


def _outline_flanks(
    outline: np.ndarray, centre: tuple[float, float], reach: float
) -> list[tuple[tuple[float, float], tuple[float, float]]] | None:
    """The points `reach` pixels along the outline either way from its point nearest `centre`, each
    with the unit normal into the tray there."""
    corners = np.asarray(outline, dtype=np.float64).reshape(-1, 2)
    steps = np.roll(corners, -1, axis=0) - corners
    lengths = np.hypot(steps[:, 0], steps[:, 1])
    total = float(lengths.sum())
    if total < 4.0 * reach:
        return None
    point = np.asarray(centre, dtype=np.float64)
    t = np.clip(((point - corners) * steps).sum(axis=1) / np.maximum(lengths**2, 1e-9), 0.0, 1.0)
    distances = np.hypot(*(point - corners - t[:, None] * steps).T)
    nearest = int(np.argmin(distances))
    starts = np.concatenate([[0.0], np.cumsum(lengths)[:-1]])
    here = starts[nearest] + t[nearest] * lengths[nearest]
    # the outline's winding (the sign of its area) sets which normal points into the tray
    following = np.roll(corners, -1, axis=0)
    area = float((corners[:, 0] * following[:, 1] - following[:, 0] * corners[:, 1]).sum())
    inward = 1.0 if area > 0 else -1.0
    result = []
    for arc in (here - reach, here + reach):
        arc %= total
        k = int(np.searchsorted(starts, arc, side="right") - 1)
        if lengths[k] < 1e-6:
            return None
        tx, ty = steps[k] / lengths[k]
        at = corners[k] + (arc - starts[k]) / lengths[k] * steps[k]
        result.append(((float(at[0]), float(at[1])), (-ty * inward, tx * inward)))
    return result


def above_any_die(
    xs: np.ndarray, ys: np.ndarray, outline: np.ndarray, nadir: tuple[float, float], focal: float,
    die_size: float,
) -> bool:
    """Whether the pixels (xs, ys), as a median, lie past the tray's `outline` further up its wall than
    any die resting on the felt reaches (DIE_HEIGHT's parallax seen through the lens: its point
    below the lens `nadir` and its `focal` length, pixels)."""
    depth = float(np.median(outline_depths(outline, xs, ys)))
    parallax = math.hypot(float(np.mean(xs)) - nadir[0], float(np.mean(ys)) - nadir[1]) / focal
    return -depth > DIE_HEIGHT * parallax * die_size + FELT_EDGE_BLUR
