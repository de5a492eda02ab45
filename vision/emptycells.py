"""The cells a face's layout leaves empty: bare face, not a pip's place.

A group of pips fitted onto a layout is only that face when no pip lies where the layout has
none: a 4 with a pip in its centre is a 5, a 2 beside a speck may be a 3.
"""

from __future__ import annotations

import math

import numpy as np

from vision.facecolour import level_step, sample_at
from vision.layout import LAYOUTS, LayoutFit
from vision.median import median
from vision.pips import PipBlob

PIP_BLUR_PX = 1.5  # a pip a few pixels wide blurs this far into the face round it


def cells_are_bare(
    image: np.ndarray, fit: LayoutFit, pips: list[PipBlob], smear: float | None = None, sized: bool = False
) -> bool:
    """Every cell the layout leaves empty must look like the face around the pips.

    On a smeared face (`smear`: the streaks' direction) the cell is looked at across the smear
    only: along it, the streaks of the two pips either side of a mid-side cell reach into it.
    """
    face_level = median([p.ring_level for p in pips])
    contrast = median([p.contrast for p in pips])
    floor = face_level - 0.35 * contrast
    dim = min(p.ring_level for p in pips)
    if sized and max(p.ring_level for p in pips) - dim > level_step(dim):
        # a glossy face's sheen lights it unevenly (rings 55 to 102 round a red 3's white pips),
        # its pips printed alike: a mark is pip-dark below the dimmest ring by that share of its contrast
        floor = min(floor, dim - 0.35 * (dim - median([p.centre_level for p in pips])))
    radius = 0.3 * fit.spacing
    offsets = [(0.0, 0.0), (radius, 0.0), (-radius, 0.0), (0.0, radius), (0.0, -radius)]
    placed = [fit.to_image(u, v) for u, v in (fit.cells or LAYOUTS[fit.value])]
    blur_reach = 0.5 * median([p.diameter for p in pips]) + PIP_BLUR_PX
    if smear is not None:
        across = (-radius * math.sin(smear), radius * math.cos(smear))
        offsets = [(0.0, 0.0), across, (-across[0], -across[1])]
    for u, v in fit.empty_cells():
        x, y = fit.to_image(u, v)
        points = [(x + dx, y + dy) for dx, dy in offsets]
        if fit.value in (4, 5) or (sized and fit.value in (2, 3)):
            # a sample within a pixel and a half of the rim of a pip where the layout puts it sees
            # that pip's blur, not the cell (a 4 whose pips are a diameter apart); a pip off its
            # place is still seen, and a pip a larger face has in the cell darkens the cell's
            # centre, always sampled. A square grid of 4 or 5 vouches for its layout; a 2 or a 3
            # only with the die size known, its grid the die's (a 2 of white pips wider than its
            # grid step), else its empty cells alone tell it from two specks; a 6's middle
            # column, as near its pips as a narrow 6 puts it, tells it from a 4 beside a side face
            points = points[:1] + [
                (px, py) for px, py in points[1:]
                if all(math.hypot(px - cx, py - cy) >= blur_reach for cx, cy in placed)
            ]
        xs = np.array([px for px, _ in points])
        ys = np.array([py for _, py in points])
        if sample_at(image, xs, ys).min() < floor:
            return False
    return True
