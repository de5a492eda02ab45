"""The tray's wall seen past a flat die's edge: what a dash past the top face may be instead of a pip.

A flat die touching the wall has the wall's foot right past its outer edge. Where that edge is
turned to the wall, a row of the band looked at past the top face runs part over the die, part
over the wall's foot and part over the felt, and the wall's part is a dark stroke against its
row, shaped as a second face's dash. The wall runs on past the die on both flanks, at the same
depth from the felt's edge; a pip of a second face is a mark on the die, of no such colour there.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import cv2
import numpy as np

# die sides along the wall from the die's centre: the wall beside the die, clear of its corners
# however it is turned (half a diagonal is 0.71)
WALL_FLANK = 1.3
# another die against the wall may hide it on one flank: a neighbour touching the die reaches 1.7
# die sides along the wall from its centre (a side, and half a diagonal), so the wall is looked at
# past that too
PAST_NEIGHBOUR = 2.2
# the wall's foot seen past a die's edge is that surface, at most brightened by the blur of the
# die or the felt beside it (0.98 to 1.15 of the wall beside measured on simulated throws); a
# pip's dash darker than the wall beside it is no part of it, nor one much brighter
FOOT_SHADE = (0.95, 1.25)
# and of the wall's tint: L1 step of the channels' shares (0.03 at most measured with a die's blur);
# a pip's dash takes the tint of the face it is blurred with: leaning dice's dashes on simulated
# throws were 0.045 and more off on one flank at least (ivory on white felt, 0.065)
FOOT_TINT = 0.035
# the foot's edge on the felt is blurred over a pixel or so: a stroke of the band along that edge is
# the wall with up to this share of the felt before it (a flat white 5 by a dark red wall's curve
# showed 0.09); a pip's dash is of its die's colours, not of a wall's and the felt's blend
FELT_BLEND = 0.2
# a shaded second face is of its die's colours, no part of the background beside the die: a dim
# strip past a flat die is the felt or the wall there, or the felt blurred into the wall's edge, of
# their tint (L1 step of the channels' shares) and within this much of their brightness (the dim
# strokes past flat white dice by a dark wall were blends of felt and wall within 0.02 of tint)
BACKGROUND_SHADE = (0.7, 1.4)
BACKGROUND_TINT = 0.06
BACKGROUND_PAST = 0.25  # die sides further out: what lies past a stroke of the band (the wall)
# die sides from another die's centre: a flank point this near lies on that die (half its diagonal),
# however it is turned, and the flank shows that die and its shade, not the background
ANOTHER_DIE = 0.71
# the felt blurred into the wall's edge, or a flat die's top face into the wall past it, is a ramp
# of a pixel or two: from the top face's edge towards a stroke so blended, the picture leaves the
# light of the top face and the felt for the wall within this many die sides (0.06 at most past
# flat dice by a dark wall on simulated throws); a face turned up from the wall is a band of its
# own light between the two (0.14 and more on leaning light dice), and no blend
EDGE_RAMP = 0.1
# a sample below this share of the lighter of the top face and the felt has left their light, and a
# shaded face is lit at least the third of the top face that the body checks allow a side face
RAMP_LIGHT = 0.85
RAMP_DARK = 0.3
RAMP_STEP = 0.02  # die sides between samples of the ramp
RAMP_FROM = (0.45, 1.1)  # die sides from the centre: just inside the top face's edge, past the band
# die sides from the centre: the felt round a die, clear of its corners (0.71) and its side faces
FELT_ROUND = 1.3
FELT_SAMPLES = 8  # of the ring's 32: a quarter of it on the felt, not one speck of grain


def outline_depths(outline: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """How far inside the tray's `outline` each point (xs, ys) lies, in pixels (negative outside)."""
    polygon = np.asarray(outline, dtype=np.float32).reshape(-1, 1, 2)
    return np.array(
        [cv2.pointPolygonTest(polygon, (float(x), float(y)), True) for x, y in zip(xs, ys, strict=True)]
    )


def wall_direction(outline: np.ndarray, point: tuple[float, float]) -> tuple[float, float]:
    """The unit direction of the tray's outline edge nearest to `point`."""
    corners = np.asarray(outline, dtype=np.float64).reshape(-1, 2)
    best, direction = math.inf, (1.0, 0.0)
    for start, end in zip(corners, np.roll(corners, -1, axis=0), strict=True):
        step = end - start
        length = float(np.hypot(*step))
        if length < 1e-6:
            continue
        t = min(max(float(np.dot(np.asarray(point) - start, step)) / length**2, 0.0), 1.0)
        distance = float(np.hypot(*(np.asarray(point) - start - t * step)))
        if distance < best:
            best, direction = distance, (float(step[0] / length), float(step[1] / length))
    return direction


def wall_beside(
    colour: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    centre: tuple[float, float],
    wall: tuple[float, float],
    die_size: float,
) -> bool:
    """Whether the pixels (xs, ys) have the colour of the wall beside the die on both flanks.

    Each pixel is compared, as a median, with the points WALL_FLANK die sides along the wall
    (direction `wall`) either side of the die's `centre`, at the pixel's own depth, blended with up
    to FELT_BLEND of the felt on that flank level with the die's centre; where that is not the
    wall's foot on a flank (a neighbour against the wall hides it), PAST_NEIGHBOUR die sides along.
    """
    mark = median_colour(colour, xs, ys)
    near = _flanks(colour, xs, ys, centre, wall, die_size)
    far = _flanks(colour, xs, ys, centre, wall, die_size, PAST_NEIGHBOUR)
    return all(foot_like(mark, *a) or foot_like(mark, *b) for a, b in zip(near, far, strict=True))


def _flanks(
    colour: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    centre: tuple[float, float],
    wall: tuple[float, float],
    die_size: float,
    reach: float = WALL_FLANK,
) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """On each flank, `reach` die sides along the wall (direction `wall`) either side of the
    die's `centre`, one at a time (a caller may stop at the first): the median colour of the pixels
    (xs, ys) moved there, at their own depth, and that of the felt there level with the die's
    centre."""
    tx, ty = wall
    along = (xs - centre[0]) * tx + (ys - centre[1]) * ty
    for flank in (-reach * die_size, reach * die_size):
        shift = flank - along
        at_depth = median_colour(colour, xs + shift * tx, ys + shift * ty)
        level_with_die = median_colour(
            colour, centre[0] + flank * tx + GRID_X, centre[1] + flank * ty + GRID_Y
        )
        yield at_depth, level_with_die


# the pixels round a felt point, a pixel apart: one noisy pixel does not count
GRID_X, GRID_Y = (g.ravel() for g in np.meshgrid([-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0]))


def foot_like(mark: np.ndarray, wall: np.ndarray, felt: np.ndarray) -> bool:
    """Whether `mark` is the `wall`'s colour blended with up to FELT_BLEND of the `felt`'s: of such a
    blend's tint, and as bright as the wall up to as bright as the blend (each within FOOT_SHADE)."""
    total = float(wall.sum())
    if total < 1.0:
        return False
    share = mark / max(float(mark.sum()), 1.0)
    for k in np.linspace(0.0, FELT_BLEND, 9):
        blend = (1.0 - k) * wall + k * felt
        reach = float(blend.sum()) / total
        ratio = float(mark.sum()) / total
        tint = float(np.abs(share - blend / max(float(blend.sum()), 1.0)).sum())
        if FOOT_SHADE[0] <= ratio <= FOOT_SHADE[1] * max(reach, 1.0) and tint <= FOOT_TINT:
            return True
    return False


def background_beside(
    colour: np.ndarray,
    shade: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    centre: tuple[float, float],
    wall: tuple[float, float],
    die_size: float,
    top: tuple[np.ndarray, float | None] | None = None,
    others: list[tuple[float, float]] | None = None,
    outline: np.ndarray | None = None,
) -> bool:
    """Whether `shade` (a colour seen round the pixels xs, ys past a die) is the background's: the
    felt or the wall beside the die on either flank (at the pixels' depth, or level with the die's
    centre), or a blur of that felt with what lies past the pixels (the wall's edge, where a stroke of
    the band runs along it), within BACKGROUND_SHADE of its brightness and BACKGROUND_TINT of its tint.
    With `top` (the top face's colour and the turn of its square, None for a circle), a shade darker
    than the top face is such a blur only where the top face and the felt give onto the pixels within
    EDGE_RAMP die sides (`ramp_width`). A flank where one of `others` (the centres of the frame's
    other dice) lies, level with the die's centre, is that die, no background; with the tray's
    `outline`, when both flanks are, the felt round the die (`felt_round`) stands for them.
    """
    dx, dy = float(np.mean(xs)) - centre[0], float(np.mean(ys)) - centre[1]
    way = BACKGROUND_PAST * die_size / max(math.hypot(dx, dy), 1e-6)
    past = median_colour(colour, xs + way * dx, ys + way * dy)
    tx, ty = wall
    sampled = _flanks(colour, xs, ys, centre, wall, die_size)
    flanks = [
        colours
        for colours, flank in zip(sampled, (-WALL_FLANK, WALL_FLANK), strict=True)
        if not any(
            math.dist((centre[0] + flank * die_size * tx, centre[1] + flank * die_size * ty), other)
            < ANOTHER_DIE * die_size
            for other in others or []
        )
    ]
    if not flanks and outline is not None:
        # both flanks are other dice: the felt is one cloth, of one tint all round the die
        rings = felt_round(centre, colour, outline, die_size, others or [])
        flanks = [(np.median(ring, axis=0),) * 2 for ring in rings]
    blends = np.linspace(0.0, 1.0, 11)
    if top is not None and float(shade.sum()) < float(top[0].sum()):
        light = min([float(top[0].sum())] + [float(felt.sum()) for _, felt in flanks])
        grounds = [past] + [felt for _, felt in flanks]
        if ramp_width(colour, xs, ys, centre, top, light, die_size, grounds) > EDGE_RAMP:
            blends = np.array([0.0, 1.0])  # a band of its own light: the surface beside or past it only
    if _alike(shade, past):
        return True
    for level_with_dash, level_with_die in flanks:
        for beside in (level_with_dash, level_with_die):
            for k in blends[1:]:
                if _alike(shade, k * beside + (1.0 - k) * past):
                    return True
    return False


def ramp_width(
    colour: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    centre: tuple[float, float],
    top: tuple[np.ndarray, float | None],
    light: float,
    die_size: float,
    grounds: list[np.ndarray] | None = None,
) -> float:
    """Die sides over which the picture, from the top face's edge towards the pixels (xs, ys), is
    dimmer than RAMP_LIGHT of `light` (the sum of channels of the darker of the top face and the
    felt: a darker felt is no band) and lighter than RAMP_DARK of the top face (`top`: its colour and
    the turn of its square).

    With `grounds` (the colours of the background: the felt beside the die, the wall past the
    pixels), samples dimmer than RAMP_LIGHT of the top face alone and like none of them count too:
    a felt darker than the die hides no face of the die's own colours.
    Measured on five lines a fifth of a side apart, from the centre through the pixels' mean; the
    median counts (a line may meet a pip of the band, or run past its end).
    """
    dx, dy = float(np.mean(xs)) - centre[0], float(np.mean(ys)) - centre[1]
    radius = max(math.hypot(dx, dy), 1e-6)
    ux, uy = dx / radius, dy / radius
    ts = np.arange(RAMP_FROM[0], RAMP_FROM[1], RAMP_STEP) * die_size
    offsets = np.linspace(-0.1, 0.1, 5)[:, None] * die_size
    lx = centre[0] + ts[None, :] * ux - offsets * uy
    ly = centre[1] + ts[None, :] * uy + offsets * ux
    samples = cv2.remap(
        colour, lx.astype(np.float32), ly.astype(np.float32), cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT
    ).astype(np.float32)
    sums = samples.sum(axis=2)
    colour_top, turn = top
    if turn is None:
        inside = np.hypot(lx - centre[0], ly - centre[1])
    else:
        c, s = math.cos(turn), math.sin(turn)
        ex, ey = lx - centre[0], ly - centre[1]
        inside = np.maximum(np.abs(c * ex + s * ey), np.abs(c * ey - s * ex))
    # from just inside the top face's edge: the lines start past its pips
    from_edge = inside >= RAMP_FROM[0] * die_size
    lit = sums > RAMP_DARK * float(colour_top.sum())
    dim = sums < RAMP_LIGHT * light
    between = dim & lit
    if grounds:
        shaded = (sums < RAMP_LIGHT * float(colour_top.sum())) & lit
        unlike = ~np.any([_alike_each(samples, ground) for ground in grounds], axis=0)
        dim, between = dim | (shaded & unlike), between | (shaded & unlike)
    widths = []
    for line_dim, line_between, line_from in zip(dim, between, from_edge, strict=True):
        start = np.flatnonzero(line_dim & line_from)
        if start.size == 0:
            widths.append(0.0)
            continue
        run = line_between[start[0]:]
        widths.append(float(run.argmin() if not run.all() else run.size) * RAMP_STEP)
    return float(np.median(widths))


def _alike_each(samples: np.ndarray, background: np.ndarray) -> np.ndarray:
    """Which of the (..., 3) samples are the background's colour, within BACKGROUND_SHADE of its
    brightness and BACKGROUND_TINT of its tint; none are a black background's (past the picture)."""
    ground = float(background.sum())
    totals = samples.sum(axis=-1)
    if ground < 1.0:
        return np.zeros(totals.shape, bool)
    tint = np.abs(samples / np.maximum(totals, 1.0)[..., None] - background / ground).sum(axis=-1)
    ratio = totals / ground
    return (ratio >= BACKGROUND_SHADE[0]) & (ratio <= BACKGROUND_SHADE[1]) & (tint <= BACKGROUND_TINT)


def _alike(shade: np.ndarray, background: np.ndarray) -> bool:
    return bool(_alike_each(shade, background))


def median_colour(colour: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    # past the picture's border is black: no wall to match there
    samples = cv2.remap(
        colour, xs.astype(np.float32)[None], ys.astype(np.float32)[None], cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
    )[0]
    return np.median(samples.astype(np.float32), axis=0)


def felt_round(
    centre: tuple[float, float], colour: np.ndarray, outline: np.ndarray, die_size: float,
    others: list[tuple[float, float]],
) -> list[np.ndarray]:
    """The felt round a die: samples of a ring FELT_ROUND die sides round its centre that lie on the
    tray and on no other die (ANOTHER_DIE of its centre); none when fewer than FELT_SAMPLES do.

    The felt is one cloth, of one tint all round the die (a shadow on it keeps that tint): where
    both flanks beside the band past the outer edge are the wall or another die, it is read here.
    """
    turn = np.linspace(0.0, 2.0 * math.pi, 32, endpoint=False)
    xs = centre[0] + FELT_ROUND * die_size * np.cos(turn)
    ys = centre[1] + FELT_ROUND * die_size * np.sin(turn)
    keep = outline_depths(outline, xs, ys) >= 0
    for other_x, other_y in others:
        keep &= np.hypot(xs - other_x, ys - other_y) >= ANOTHER_DIE * die_size
    if int(keep.sum()) < FELT_SAMPLES:
        return []
    ring = cv2.remap(
        colour, xs[None].astype(np.float32), ys[None].astype(np.float32), cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )[0].astype(np.float32)
    return [ring[keep]]
