"""The pip layouts of a six-sided die face and the fit of a pip group onto them.

A face carries its pips on a 3×3 grid. Grid coordinates are in units of the grid spacing, with
the face centre at (0, 0). Every layout is centred on (0, 0), so the centroid of a pip group is
the face centre whatever the value, and the spacing follows from the spread of the pips.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from itertools import combinations

import numpy as np

LAYOUTS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}

ALL_CELLS: tuple[tuple[int, int], ...] = tuple((u, v) for v in (-1, 0, 1) for u in (-1, 0, 1))

# The candidate rotations tried before the least-squares refinement. 180° covers every layout
# (a 6 turned by 90° is a different pattern in grid coordinates).
# The gap between the two columns of a 6, in units of the spacing within a column: 2 on a
# regular 3×3 grid, down to about 1.3 on dice whose 6 is drawn narrow.
SIX_COLUMN_GAPS = (1.2, 1.35, 1.5, 1.65, 1.8, 2.0, 2.2)

_ANGLES = np.deg2rad(np.arange(0.0, 180.0, 3.0))
_COS, _SIN = np.cos(_ANGLES), np.sin(_ANGLES)
# per layout: its spread, its cells as a tuple, and the layout turned by every candidate angle,
# x and y apart, each (cells, angles); a frame's fits use a few dozen layouts over and over (a 6
# short of pips alone tries up to 105)
_Turned = tuple[float, tuple[tuple[float, float], ...], np.ndarray, np.ndarray]
_TURNED: dict[tuple[str, tuple[int, ...], bytes], _Turned] = {}


@dataclass(frozen=True)
class LayoutFit:
    """A pip group explained as one face: `angle` turns grid axes into image axes."""

    value: int
    center: tuple[float, float]
    spacing: float
    angle: float
    residual: float  # worst pip distance from its grid cell, in grid spacings
    cells: tuple[tuple[float, float], ...] = ()  # where the pips sit, in grid coordinates
    # short over long axis of the best affine map of the grid (1 for a face seen square on);
    # 1.0 when the pips are in a line (a 2 or a 3) and the question has no answer
    aspect: float = 1.0

    def to_image(self, u: float, v: float) -> tuple[float, float]:
        """Image position of grid coordinates (u, v)."""
        c, s = math.cos(self.angle), math.sin(self.angle)
        x = self.center[0] + self.spacing * (c * u - s * v)
        y = self.center[1] + self.spacing * (s * u + c * v)
        return (x, y)

    def to_grid(self, x: float, y: float) -> tuple[float, float]:
        """Grid coordinates of image position (x, y)."""
        c, s = math.cos(self.angle), math.sin(self.angle)
        dx, dy = (x - self.center[0]) / self.spacing, (y - self.center[1]) / self.spacing
        return (c * dx + s * dy, -s * dx + c * dy)

    def side_normal(self, x: float, y: float) -> tuple[float, float]:
        """Image direction out of the face across the side that (x, y) lies past."""
        u, v = self.to_grid(x, y)
        gu, gv = (math.copysign(1.0, u), 0.0) if abs(u) >= abs(v) else (0.0, math.copysign(1.0, v))
        c, s = math.cos(self.angle), math.sin(self.angle)
        return (c * gu - s * gv, s * gu + c * gv)

    def empty_cells(self) -> list[tuple[int, int]]:
        """The grid cells that must show bare face for this value."""
        used = set(LAYOUTS[self.value])
        return [cell for cell in ALL_CELLS if cell not in used]


def fit_layout(points: np.ndarray) -> LayoutFit | None:
    """Fit n = 2..6 pip centres onto the layout of value n, or None if they do not form it.

    The fit is a similarity (shift, rotation, scale): a top face seen from above keeps its square
    grid, so a group that only fits under shear or strong stretch is not a top face. The one
    freedom allowed is the gap between the two columns of a 6, which dice makers vary.
    """
    n = len(points)
    if n != 6:
        return _fit_to(points, np.asarray(LAYOUTS[n], dtype=np.float64)) if 2 <= n <= 6 else None
    pips = _Pips(points)
    fits = [
        _similarity(pips, np.array([(side * gap / 2, v) for side in (-1, 1) for v in (-1, 0, 1)]))
        for gap in SIX_COLUMN_GAPS
    ]
    found = [f for f in fits if f is not None]
    if not found:
        return None
    # the aspect of the best gap's fit only: it is the dearest part of a fit, and the others go
    fit, cells, rel = min(found, key=lambda f: f[0].residual)
    return replace(fit, aspect=_aspect(cells, rel))


def fit_six_missing(
    points: np.ndarray, max_residual: float, min_aspect: float
) -> tuple[LayoutFit, list[tuple[float, float]]] | None:
    """Fit 4 or 5 pip centres onto a 6 with the other cells empty, and name those cells.

    Two pips of a 6 a few pixels apart can run into one blob that is not round, and one pip can
    sink into noise: the group found is then a 6 short of a pip or two. The fit only proposes
    where the lost pips would be; the caller must see them in the image before reading a 6.
    Only a square grid is taken (`min_aspect`): three corners and the centre of a 5 fit a narrow
    6 short of two pips under a squashed grid.
    """
    n = len(points)
    if n not in (4, 5):
        return None
    best: tuple[LayoutFit, tuple[float, float], list[tuple[float, float]]] | None = None
    pips = _Pips(points)
    for layout, middle, lost_cells in _short_sixes(n):
        found = _similarity(pips, layout)
        if found is None or found[0].residual > max_residual:
            continue
        if best is not None and found[0].residual >= best[0].residual:
            continue  # not kept whatever its aspect, the dear part of a fit
        fit = replace(found[0], aspect=_aspect(found[1], found[2]))
        if fit.aspect >= min_aspect:
            best = (fit, middle, list(lost_cells))
    if best is None:
        return None
    fit, middle, lost_cells = best
    # the pips found are centred on `middle` of the grid, not on the face centre
    shifted = replace(fit, cells=())
    centre = shifted.to_image(-middle[0], -middle[1])
    found_cells = [(u + middle[0], v + middle[1]) for u, v in fit.cells]
    six_fit = replace(
        fit, value=6, center=centre, cells=tuple(found_cells + lost_cells)
    )
    return six_fit, lost_cells


def fits_missing(
    points: np.ndarray, value: int, max_residual: float, min_aspect: float
) -> list[tuple[LayoutFit, list[tuple[float, float]]]]:
    """Every fit of the points onto the layout of `value` with the other cells empty, and those
    cells: each way the pips found can sit on that face (three corners of a 4, or the centre and
    two corners of a 5, at another scale), on a square grid only (`min_aspect`)."""
    cells = [(float(u), float(v)) for u, v in LAYOUTS[value]]
    found: list[tuple[LayoutFit, list[tuple[float, float]]]] = []
    for lost in combinations(range(value), value - len(points)):
        kept = np.array([cell for k, cell in enumerate(cells) if k not in lost])
        middle = kept.mean(axis=0)
        fit = _fit_to(points, kept - middle)
        if fit is None or fit.residual > max_residual or fit.aspect < min_aspect:
            continue
        # the pips found are centred on `middle` of the grid, not on the face centre
        centre = replace(fit, cells=()).to_image(-float(middle[0]), -float(middle[1]))
        lost_cells = [cells[k] for k in lost]
        placed = [(u + float(middle[0]), v + float(middle[1])) for u, v in fit.cells]
        found.append((replace(fit, value=value, center=centre, cells=tuple(placed + lost_cells)), lost_cells))
    return found


def _fit_to(points: np.ndarray, layout: np.ndarray) -> LayoutFit | None:
    """Similarity fit of the points onto `layout` (cells centred on (0, 0)), one pip a cell."""
    found = _similarity(_Pips(points), layout)
    if found is None:
        return None
    fit, cells, rel = found
    return replace(fit, aspect=_aspect(cells, rel))


class _Pips:
    """The pip centres about their centroid, and their spread: the same for every layout tried."""

    def __init__(self, points: np.ndarray) -> None:
        self.n = len(points)
        self.center = points.mean(axis=0)
        self.rel = points - self.center
        self.rel_x, self.rel_y = self.rel[:, 0], self.rel[:, 1]
        self.spread = math.sqrt(float((self.rel**2).sum(axis=1).mean()))


def _similarity(pips: _Pips, layout: np.ndarray) -> tuple[LayoutFit, np.ndarray, np.ndarray] | None:
    """The similarity fit with its aspect left at 1.0, the layout's cells in the pips' order, and
    the pips about their centroid: what `_aspect` needs."""
    n, center, rel, spread = pips.n, pips.center, pips.rel, pips.spread
    layout_spread, layout_cells, turned_x, turned_y = _turned(layout)
    if spread <= 0.0:
        return None
    spacing = spread / layout_spread
    unit = rel / spacing
    # (pips, cells, angles), the angles innermost: numpy's loops over a last axis of 2 (x, y) cost
    # ten times the sums; each distance is the same sum of squares, to the bit
    dx = unit[:, 0, None, None] - turned_x[None]
    dy = unit[:, 1, None, None] - turned_y[None]
    dist = np.sqrt(dx * dx + dy * dy)
    nearest = dist.argmin(axis=1).T  # (angles, pips)
    worst = dist.min(axis=1).max(axis=0)
    best: tuple[float, np.ndarray] | None = None
    for a in np.argsort(worst):
        if len(set(nearest[a].tolist())) == n:
            best = (float(_ANGLES[a]), layout[nearest[a]])
            break
    if best is None:
        return None
    # least-squares similarity from grid cells to pips (Umeyama without reflection)
    cells = best[1]
    rel_x, rel_y, cell_x, cell_y = pips.rel_x, pips.rel_y, cells[:, 0], cells[:, 1]
    a_sum = float((rel_x * cell_x + rel_y * cell_y).sum())
    b_sum = float((rel_y * cell_x - rel_x * cell_y).sum())
    angle = math.atan2(b_sum, a_sum)
    scale = math.hypot(a_sum, b_sum) / float((cells**2).sum())
    c, s = math.cos(angle), math.sin(angle)
    # each pip's offset from its predicted place, x and y apart: the same products and sums as
    # those of the (n, 2) array stacked, without the stacking and a reduction over an axis of 2
    off_x = scale * (c * cell_x - s * cell_y) - rel_x
    off_y = scale * (s * cell_x + c * cell_y) - rel_y
    residual = float(np.sqrt(off_x * off_x + off_y * off_y).max()) / scale
    fit = LayoutFit(
        value=n,
        center=(float(center[0]), float(center[1])),
        spacing=scale,
        angle=angle,
        residual=residual,
        cells=layout_cells,
    )
    return fit, cells, rel


def _turned(layout: np.ndarray) -> _Turned:
    """The layout's spread, its cells, and the layout turned by every candidate angle (once)."""
    key = (layout.dtype.str, layout.shape, layout.tobytes())
    if key not in _TURNED:
        spread = math.sqrt(float((layout**2).sum(axis=1).mean()))
        cells = tuple((float(u), float(v)) for u, v in layout)
        rotated = np.stack(
            [
                _COS[:, None] * layout[None, :, 0] - _SIN[:, None] * layout[None, :, 1],
                _SIN[:, None] * layout[None, :, 0] + _COS[:, None] * layout[None, :, 1],
            ],
            axis=2,
        )
        turned_x = np.ascontiguousarray(rotated[:, :, 0].T)
        turned_y = np.ascontiguousarray(rotated[:, :, 1].T)
        turned_x.flags.writeable = turned_y.flags.writeable = False  # shared by every fit onto this layout
        _TURNED[key] = (spread, cells, turned_x, turned_y)
    return _TURNED[key]


@lru_cache(maxsize=4096)  # bounded: each order of a layout's cells is a key
def _rank_of(cells: bytes, shape: tuple[int, ...]) -> int:
    """np.linalg.matrix_rank of float64 grid cells given by their bytes (an SVD: some 60 µs)."""
    return int(np.linalg.matrix_rank(np.frombuffer(cells).reshape(shape)))


def _aspect(cells: np.ndarray, rel: np.ndarray) -> float:
    """Short over long axis of the best affine map from the cells to the pips; 1.0 for cells in a line."""
    # the rank is the cells' alone, and a frame's fits meet the same few orders of cells again and again
    known = cells.dtype == np.float64 and cells.ndim == 2
    rank = _rank_of(cells.tobytes(), cells.shape) if known else np.linalg.matrix_rank(cells)
    if rank != 2:
        return 1.0
    affine = np.linalg.lstsq(cells, rel, rcond=None)[0]
    singular = np.linalg.svd(affine, compute_uv=False)
    return float(singular[1] / singular[0]) if singular[0] > 0 else 0.0


_ShortSix = tuple[np.ndarray, tuple[float, float], tuple[tuple[float, float], ...]]


@cache
def _short_sixes(n: int) -> tuple[_ShortSix, ...]:
    """Every 6 short of 6 - n pips, gap by gap: the kept cells about their middle, that middle
    (in the 6's grid) and the lost cells; worked out once, as each fit would again."""
    found = []
    for gap in SIX_COLUMN_GAPS:
        six = [(side * gap / 2, float(v)) for side in (-1, 1) for v in (-1, 0, 1)]
        for lost in combinations(range(6), 6 - n):
            kept = np.array([cell for k, cell in enumerate(six) if k not in lost])
            middle = kept.mean(axis=0)
            layout = kept - middle
            layout.flags.writeable = False
            found.append((layout, (float(middle[0]), float(middle[1])), tuple(six[k] for k in lost)))
    return tuple(found)
