"""How far a die's body reaches past its top face, against the felt and the wall beside the die.

The body check of `vision/body.py` follows the top face's own colour, which a side face turned
from the light does not keep (a red die's shaded side is darker and of another tint). Here the
die is what is loosely of the top face's tint and unlike the background: each sample along a ray
is compared with the felt or wall beside the die at the same distance out (so the felt, the wall
past the felt's edge and a shadow on either, darker but of their tint, all count as background).
A flat die ends at its top face on the side away from the middle; a die leaning on the wall
shows its turned-up face.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.faces import Face
from vision.median import median_along
from vision.rays import outward_rays
from vision.wallfoot import ANOTHER_DIE

FLANK = 1.3  # die sides across from the ray: the background beside the die, clear of its corners
FLANK_TINT = 0.06  # largest L1 step of (b, g, r) / (b + g + r) from the background's
# a grained felt's tint varies by about 0.01 from one sample of three pixels to the next: a top face
# lit as the felt (GRAIN_LIT of its brightness), which only its tint tells from it, within this much
# more of the felt's tint has its runs ended or carried on over the felt by the grain (an ivory 4 on
# pale felt, 1.15 times as bright and 0.057 to 0.066 off its tint, ran on over it to the wall)
FLANK_GRAIN = 0.02
OUTER_BESIDE = 0.75  # die sides out from the centre: the felt past the outer edge, beside it
GRAIN_LIT = (0.8, 1.25)
# a shadow on the felt or the wall keeps its tint down to about a third of its brightness
FLANK_SHADE = (0.35, 1.6)
TOO_DARK = 45.0  # b + g + r: below this on both sides, a tint means nothing and the two match
# a side face turned from the light keeps roughly the top face's tint, within this L1 step, at
# 0.3 to 2.5 of its brightness; a shadow of another tint (a blue light's on a white die) does not.
# A leaning die's top is tipped from a lamp on the wall's side, which its turned-up face faces:
# a white 5 leaning 38° under a tungsten bar showed that face at 2.0 of its top face's level
SIDE_TINT = 0.2
SIDE_SHADE = (0.3, 2.5)
# die sizes: how far inside its true edge a blurred edge may end a run. The edge is a ramp of about 3 px,
# and a run ends where the mix leaves the side face's tint (SIDE_TINT): against felt far off the die's
# tint, a third of the way up it (a leaning red 2 on teal felt: its side runs ended 0.445 of a side out,
# 1.3 px inside the edge's middle). Taken from 0.43, the faces by the wall of the saved sets from 40000
# gained one flat die (its outer run short of its sides, its inner side face in view) and 13 leaning
EDGE_BLUR = 0.07
# die sides inside the die's edge within which a sample like the top face is its rim: the blur's
# ramp runs 1.5 px to either side of the edge, 0.05 of a side or more at the simulated sizes
RIM_BLUR = 0.05
REF_RADIUS = 0.4  # die sides from the centre: the bare top face between corner pips and edge


def _sample(colour: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    return cv2.remap(
        colour, xs.astype(np.float32), ys.astype(np.float32), cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    ).astype(np.float32)


def _like(samples: np.ndarray, ref: np.ndarray, tint_limit: float = FLANK_TINT) -> np.ndarray:
    """Which samples may be the background `ref` (same shape), lit or in shadow."""
    ref_sums = np.maximum(ref.sum(axis=-1), 1.0)
    sums = samples.sum(axis=-1)
    tint = np.abs(samples / np.maximum(sums, 1.0)[..., None] - ref / ref_sums[..., None]).sum(axis=-1)
    ratio = sums / ref_sums
    dark = (sums < TOO_DARK) & (ref_sums < TOO_DARK)
    return ((ratio >= FLANK_SHADE[0]) & (ratio <= FLANK_SHADE[1]) & (tint <= tint_limit)) | dark


def top_colour(face: Face, colour: np.ndarray, side: float) -> np.ndarray:
    """Median colour of a ring on the top face, between its pips and its edge."""
    turn = np.linspace(0.0, 2.0 * math.pi, 32, endpoint=False)
    xs = face.center[0] + REF_RADIUS * side * np.cos(turn)
    ys = face.center[1] + REF_RADIUS * side * np.sin(turn)
    return median_along(_sample(colour, xs[None], ys[None])[0], axis=0)


def bare_top_colour(face: Face, colour: np.ndarray, side: float) -> np.ndarray:
    """The top face's own colour: the half of `top_colour`'s ring least like its pips.

    A pip's glow (light pips) or shade (dark pips) shifts the face round it towards the pip's
    colour, and the ring passes near a 5's or a 4's corner pips; the face itself is where the
    ring is furthest from the pips' colour.
    """
    turn = np.linspace(0.0, 2.0 * math.pi, 32, endpoint=False)
    xs = face.center[0] + REF_RADIUS * side * np.cos(turn)
    ys = face.center[1] + REF_RADIUS * side * np.sin(turn)
    ring = _sample(colour, xs[None], ys[None])[0]
    cells = [face.fit.to_image(u, v) for u, v in face.fit.cells] if face.fit is not None else [face.center]
    pips = _sample(colour, np.array([[c[0] for c in cells]]), np.array([[c[1] for c in cells]]))[0]
    away = np.abs(ring - median_along(pips, axis=0)).sum(axis=1)
    return median_along(ring[away >= median_along(away)], axis=0)


def reach_over_backdrop(
    face: Face, colour: np.ndarray, outward: tuple[float, float], side: float, top: np.ndarray,
    die_size: float | None = None, others: list[tuple[float, float]] | None = None,
) -> float:
    """Die sides from the top face's centre that pixels of the die, unlike the background, reach.

    The rays are those of `vision.body.body_reach`; each runs from the top face until two
    samples in a row match the background beside the die (either flank) at the same distance,
    or are too far from the colour `top` of the top face to be a side face of the die. With
    `die_size`, a sample short of the die's edge (half its size, less RIM_BLUR) that passes for
    the top face is the top face, whatever else it passes for; with `others` too (the centres of
    the frame's other dice), a flank point within ANOTHER_DIE of one of them is that die, no
    background.
    """
    angles, radii, ox, oy = outward_rays(face, outward, side)
    cos, sin = np.cos(angles)[:, None], np.sin(angles)[:, None]
    xs, ys = ox + radii[None, :] * cos, oy + radii[None, :] * sin
    # three parallel lines a pixel apart per ray: one noisy pixel does not end the die
    samples = median_along(
        np.stack([_sample(colour, xs - k * sin, ys + k * cos) for k in (-1.0, 0.0, 1.0)]), axis=0
    )
    normal = float(median_along(angles))
    nx, ny = math.cos(normal), math.sin(normal)
    sums = samples.sum(axis=-1)
    tint = np.abs(samples / np.maximum(sums, 1.0)[..., None] - top / float(top.sum())).sum(axis=-1)
    ratio = sums / float(top.sum())
    background = (tint > SIDE_TINT) | (ratio < SIDE_SHADE[0]) | (ratio > SIDE_SHADE[1])
    # short of the die's edge, a sample that passes for the top face is its rounded rim in shade: on a
    # die of the felt's tint that shade passes for the felt too (a red 6 on red felt, 1.7 times as
    # bright, whose inner run so ended 1.3 px inside its edge, was refused for no side face there)
    on_top = np.zeros_like(background)
    if die_size is not None:
        on_top = _like(samples, np.broadcast_to(top, samples.shape)) & (
            radii[None, :] < (0.5 - RIM_BLUR) * die_size
        )
    for flank in (-FLANK * side, FLANK * side):
        across = flank + np.array([-1.5, 0.0, 1.5])[:, None]
        fx = face.center[0] + radii[None, :] * nx - across * ny
        fy = face.center[1] + radii[None, :] * ny + across * nx
        level = median_along(_sample(colour, fx, fy), axis=0)
        # a flank that passes for the top face is another die (or die-coloured): no background
        ground = ~_like(np.broadcast_to(top, level.shape), level)
        if die_size is not None:
            # nor is a flank over another die (half its diagonal), however lit: the shaded side face of
            # a red 1 matched a red neighbour's top, 0.08 off this one's tint by its pip's glow
            for other_x, other_y in others or []:
                ground &= np.hypot(fx[1] - other_x, fy[1] - other_y) >= ANOTHER_DIE * die_size
        background |= _like(samples, level[None]) & ground & ~on_top
    end = background.copy()
    end[:, :-1] &= background[:, 1:]
    first = np.where(end.any(axis=1), end.argmax(axis=1), len(radii) - 1)
    reach = radii[first] / side
    # for a 1, the ray square to the edge reaches least; one ray of the fan may stop sooner on a
    # pip of the second face (neither die colour nor background), so the second least counts
    return float(median_along(reach)) if face.fit is not None else float(np.partition(reach, 1)[1])


def backdrop_excess(
    face: Face, colour: np.ndarray, outward: tuple[float, float], side: float, die_size: float
) -> float | None:
    """How much further the body reaches past the outer edge than past the lesser side edge.

    None when the top face is too dark for a tint, or passes for the felt beside the die (a
    die of the felt's colour ends nowhere against it).
    """
    reaches = backdrop_reaches(face, colour, outward, side, die_size)
    return None if reaches is None else reaches[0]


def backdrop_reaches(
    face: Face, colour: np.ndarray, outward: tuple[float, float], side: float, die_size: float,
    others: list[tuple[float, float]] | None = None, outline: np.ndarray | None = None,
) -> tuple[float, float] | None:
    """(outer, inner): how much further the body reaches past the outer edge, and past the inner
    edge (turned to the middle), than past the lesser side edge; None as for `backdrop_excess`.
    With `others` (the centres of the frame's other dice), the flanks over them are no background.
    With the tray's `outline`, the felt beside the band past the outer edge is looked at too.
    """
    top = bare_top_colour(face, colour, side)
    if float(top.sum()) < 60.0:
        return None
    ux, uy = outward
    across = FLANK * side * np.array([-1.0, 1.0])
    # beside the die, and beside the band past its outer edge (by the wall, one flank level with
    # the die may be the wall and the other its shadow, while the felt past its edge is of its look)
    for out in (0.0, OUTER_BESIDE * side) if outline is not None else (0.0,):
        xs, ys = face.center[0] + out * ux - across * uy, face.center[1] + out * uy + across * ux
        if out:
            # only the felt: past the wall's foot a dark wall passes for a dark die
            inside = [
                cv2.pointPolygonTest(outline, (float(x), float(y)), False) > 0
                for x, y in zip(xs, ys, strict=True)
            ]
            xs, ys = xs[inside], ys[inside]
            if not len(xs):
                continue
        beside = _sample(colour, xs[None], ys[None])[0]
        sums = beside.sum(axis=1)
        lit = (top.sum() >= GRAIN_LIT[0] * sums) & (top.sum() <= GRAIN_LIT[1] * sums)
        if (_like(top[None], beside) | (lit & _like(top[None], beside, FLANK_TINT + FLANK_GRAIN))).any():
            return None
    outer = reach_over_backdrop(face, colour, outward, side, top, die_size, others)
    sides = [
        reach_over_backdrop(face, colour, (-uy * k, ux * k), side, top, die_size, others) for k in (1.0, -1.0)
    ]
    # the die reaches at least half its size from its centre: a side run that ends sooner has
    # stopped on the top face itself (a pip's glow, a neighbour of its colour) and says nothing
    known = [s for s in sides if s >= (0.5 - EDGE_BLUR) * die_size / side]
    if not known:
        return None
    inner = reach_over_backdrop(face, colour, (-ux, -uy), side, top, die_size, others)
    return outer - min(known), inner - min(known)


# die sides from another die's centre: a point this near lies on its top face however it is turned
# (the square's inscribed half side)
ON_ANOTHER_TOP = 0.5


def inner_run_on_another(
    face: Face, colour: np.ndarray, outward: tuple[float, float], side: float, die_size: float,
    others: list[tuple[float, float]],
) -> bool:
    """Whether the run of die past the inner edge (turned to the middle, `reach_over_backdrop`)
    ends on another die's top face: within ON_ANOTHER_TOP of one of `others` (their centres).

    A flat die's side face turned to the middle ends at its foot on the felt, in the shade or the
    gap before a neighbour; a run that goes on over that neighbour's top face (a die of the same
    colour) measured the neighbour, and tells nothing of a side face of this die.
    """
    if not others:
        return False
    top = bare_top_colour(face, colour, side)
    if float(top.sum()) < 60.0:
        return False
    inward = (-outward[0], -outward[1])
    reach = reach_over_backdrop(face, colour, inward, side, top, die_size, others) * side
    angles, _, _, _ = outward_rays(face, inward, side)
    normal = float(median_along(angles))
    end = (face.center[0] + reach * math.cos(normal), face.center[1] + reach * math.sin(normal))
    return any(math.dist(end, other) < ON_ANOTHER_TOP * die_size for other in others)
