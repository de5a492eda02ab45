"""Rays from a lone pip to its face's edge, for faces whose edge is no step of brightness.

`ones._ray_lengths` ends a ray on a sample darker than the face round the pip, or far from its
colour. These faces defeat it, and these rays serve them, with the die size known:

- a black die lit to its felt's brightness: the face keeps its own tint (each channel's share of
  the brightness) to the edge and the felt has another, so the tint's step outlines the die;
- a glossy face whose sheen fades across it (a red die, pink by its pip and red at its far
  side): the colour drifts a few levels a pixel, while an edge steps by the tolerance within
  two pixels, so each sample is compared with the one two pixels before it;
- an ivory die on white felt: neither tint nor brightness steps at its edge past the face's
  tolerance, but its rounded edge, turned from the light, shades a seam a little darker;
- a face grained or shaded in patches darker than its tolerance: its tint runs on to its edge,
  and only a mark as dark as a pip (a hidden pip of a 3 or a 5) ends a ray before it;
- a glossy dark face (light pips) whose sheen, a highlight of the lamps' white, fades as steeply
  as an edge: a step that is the face mixed with white ends nothing, an edge to the felt does;
- a face whose tint differs from the felt's by less than EDGE_TINT (an ivory die on white felt,
  a black die on near-black felt): one printed face, lit evenly, keeps its tint within its own
  noise, which the bare face round the pip shows, so a step of a few times that noise ends it.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.facecolour import LUMA, colour_at, colour_tolerance, face_colour, face_tolerance, sample_at
from vision.pips import PipBlob

EDGE_TINT = 0.08  # L1 step of (b, g, r) / (b + g + r): a face's own stays under 0.05, simulated
TOO_DARK = 45.0  # b + g + r: below this, a tint is noise (as in vision.backdrop)
# b + g + r: a few levels of noise on each channel, a larger share of a dark face's tint (a black
# face summing 120 varies by 0.1 in tint from pixel to pixel)
TINT_NOISE = 18.0
WHITE = 255.0  # the lamps' colour in the white-balanced picture, which a glossy face's sheen mixes in
STEP_BACK = 2  # samples (pixels) back along the ray: an edge blurred over two or three pixels
# levels below the face round the pip: a light die's rounded edge, turned from the light, shades
# a seam this much darker than its face (face_tolerance's least), which a pale face lit evenly
# stays within
SEAM_DEPTH = 12.0
# of the pip's contrast below the face round it: a pip of the same face, printed and lit alike,
# stands out at least this much (LIKE_CONTRAST); a face's grain or shade does not
PIP_DEPTH = 0.5
# the face's own tint noise, measured on the bare face round the pip (the 90th percentile of its
# samples' steps from their median): the felt past its edge steps this many times as far; a
# speck of grain measures the felt's noise there, and the felt's grain ends no square round it
FAINT_TINT_NOISES = 2.0
# L1 tint: a camera's chroma noise moves the tint of even a smooth surface by this much
FAINT_TINT_FLOOR = 0.03
# of the tint step one pixel may take on a face (EDGE_TINT, or TINT_NOISE over a dark face's sum):
# the mean of 3×3 pixels of one evenly lit face has a third of their noise; a ring round a pip
# that spans a top face, a side face and a shade (a side face's pip) is noisier
FAINT_TINT_EVEN = 1.0 / 3.0
# die sides: a square is symmetric through its centre, so from a pip at its centre (0.06 of a side
# off at most, and the edge's tolerance) opposite rays end alike; a 2's pip, 0.3 of a side off its
# face's centre, ends its near rays half as far as its far ones
OPPOSITE_ALIKE = 0.18
OPPOSITE_PAIRS = 0.5  # of the pairs of opposite rays, at least: half of the square, as for its edge


def _grid(pip: PipBlob, start: float, reach: float, count: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    angles = np.linspace(0.0, 2.0 * math.pi, count, endpoint=False)
    radii = np.arange(start, reach, 1.0)
    xs = pip.x + np.cos(angles)[:, None] * radii[None, :]
    ys = pip.y + np.sin(angles)[:, None] * radii[None, :]
    return radii, xs, ys


def _first_edge(
    off: np.ndarray, radii: np.ndarray, xs: np.ndarray, ys: np.ndarray, shape: tuple[int, ...]
) -> np.ndarray:
    """Distance to the first two off samples in a row per ray; inf for none (or past the picture)."""
    h, w = shape[:2]
    off = off & (xs >= 0) & (xs <= w - 1) & (ys >= 0) & (ys <= h - 1)
    off[:, :-1] &= off[:, 1:]
    return np.where(off.any(axis=1), radii[off.argmax(axis=1)], np.inf)


def tint_ray_lengths(colour: np.ndarray, pip: PipBlob, start: float, reach: float, count: int) -> np.ndarray:
    """Per ray, the distance to the face's tint's end; inf where none, or the face has no tint.

    Samples too dark for a tint end nothing.
    """
    face = face_colour(colour, pip, start)
    radii, xs, ys = _grid(pip, start, reach, count)
    if float(face.sum()) < TOO_DARK or len(radii) == 0:
        return np.full(count, np.inf)
    seen = colour_at(colour, xs.ravel(), ys.ravel()).reshape((*xs.shape, 3))
    sums = seen.sum(axis=-1)
    step = np.abs(seen / np.maximum(sums, 1.0)[..., None] - face / float(face.sum())).sum(axis=-1)
    # the tint of a sample darker than the face is the noisier (a few levels over a smaller sum)
    # (a black sample's sum of 0 is held at 1: it ends nothing, being too dark, as below)
    limit = np.maximum(EDGE_TINT, TINT_NOISE / np.maximum(np.minimum(sums, float(face.sum())), 1.0))
    return _first_edge((step > limit) & (sums >= TOO_DARK), radii, xs, ys, colour.shape)


def faint_tint_ray_lengths(
    colour: np.ndarray, pip: PipBlob, start: float, reach: float, count: int, bare: float, side: float
) -> np.ndarray | None:
    """Per ray, the distance to where the tint steps past FAINT_TINT_NOISES times the face's own
    noise; inf where none. Tints are read on 3×3 means (noise averages out, a tint step stays);
    the face's is the median of the samples within `bare` of the pip (its bare face, if a 1's).
    None when those samples are no one evenly lit face (noisier than FAINT_TINT_EVEN allows), or
    when the pip is not centred in what they outline (OPPOSITE_ALIKE, dice of `side`).
    """
    radii, xs, ys = _grid(pip, start, reach, count)
    if len(radii) == 0:
        return None
    x0, y0 = max(0, int(pip.x - reach) - 2), max(0, int(pip.y - reach) - 2)
    patch = cv2.blur(colour[y0:int(pip.y + reach) + 3, x0:int(pip.x + reach) + 3], (3, 3))
    seen = colour_at(patch, xs.ravel() - x0, ys.ravel() - y0).reshape((*xs.shape, 3))
    sums = seen.sum(axis=-1)
    tints = seen / np.maximum(sums, 1.0)[..., None]
    within = max(STEP_BACK, int(np.searchsorted(radii, bare)))
    inner = tints[:, :within].reshape(-1, 3)
    face = np.median(inner, axis=0)
    noise = float(np.quantile(np.abs(inner - face).sum(axis=-1), 0.9))
    level = float(np.median(sums[:, :within]))
    if level < TOO_DARK or noise > FAINT_TINT_EVEN * max(EDGE_TINT, TINT_NOISE / level):
        return None
    steps = np.abs(tints - face).sum(axis=-1)
    limit = max(FAINT_TINT_FLOOR, FAINT_TINT_NOISES * noise)
    ends = _first_edge((steps > limit) & (sums >= TOO_DARK), radii, xs, ys, colour.shape)
    return ends if centred(ends, side) else None


def centred(ends: np.ndarray, side: float) -> bool:
    """True when half the pairs of opposite rays end alike (OPPOSITE_ALIKE of a side, dice of
    `side`): the pip lies at the centre of what they outline, as a 1's does, not a 2's."""
    half = len(ends) // 2
    with np.errstate(invalid="ignore"):  # two open rays are no edge alike
        alike = np.abs(ends[:half] - ends[half:]) <= OPPOSITE_ALIKE * side
    return int(alike.sum()) >= OPPOSITE_PAIRS * half


def step_ray_lengths(
    dark: np.ndarray, colour: np.ndarray, pip: PipBlob, start: float, reach: float, count: int
) -> np.ndarray:
    """Per ray, the distance to a sample darker than the face round the pip (a hidden pip, a
    shadow) or a step of colour within STEP_BACK pixels (an edge); inf where none."""
    radii, xs, ys = _grid(pip, start, reach, count)
    if len(radii) == 0:
        return np.full(count, np.inf)
    floor = pip.ring_level - face_tolerance(pip.ring_level, pip.contrast)
    darker = sample_at(dark, xs.ravel(), ys.ravel()).reshape(xs.shape) < floor
    seen = colour_at(colour, xs.ravel(), ys.ravel()).reshape((*xs.shape, 3))
    face = face_colour(colour, pip, start)
    # each ray's first sample is on the ring of face round the pip: the start of its own drift
    first = np.repeat(seen[:, :1], STEP_BACK, axis=1)
    before = np.concatenate([first, seen[:, :-STEP_BACK]], axis=1)
    stepped = np.abs(seen - before).max(axis=-1) > colour_tolerance(face, pip.contrast)
    return _first_edge(darker | stepped, radii, xs, ys, dark.shape)


def sheen_ray_lengths(
    colour: np.ndarray, pip: PipBlob, start: float, reach: float, count: int
) -> np.ndarray:
    """Per ray, the distance to a step of colour within STEP_BACK pixels that is no share of white
    mixed into the face; inf where none, or the face is lighter than its pip.

    A glossy face's sheen is the lamps' light reflected, white in the balanced picture: where it
    fades, the colour moves towards or away from white (a red face pink by its pip, 30 levels of
    green within two pixels), and the face lighter there is that face, not its edge (a side face
    is turned from the light, darker). The felt or a shadow past the edge is no such mix of it.
    """
    radii, xs, ys = _grid(pip, start, reach, count)
    pip_colour = colour_at(colour, np.array([pip.x]), np.array([pip.y]))[0]
    face = face_colour(colour, pip, start)
    if len(radii) == 0 or float(face.sum()) >= float(pip_colour.sum()):
        return np.full(count, np.inf)
    seen = colour_at(colour, xs.ravel(), ys.ravel()).reshape((*xs.shape, 3))
    first = np.repeat(seen[:, :1], STEP_BACK, axis=1)
    before = np.concatenate([first, seen[:, :-STEP_BACK]], axis=1)
    # the darker of each pair, mixed with white in the share that best gives the lighter
    darker = np.where((seen.sum(axis=-1) < before.sum(axis=-1))[..., None], seen, before)
    lighter = seen + before - darker
    towards = WHITE - darker
    share = ((lighter - darker) * towards).sum(axis=-1) / np.maximum((towards**2).sum(axis=-1), 1.0)
    residual = np.abs(lighter - darker - share[..., None] * towards).max(axis=-1)
    stepped = residual > colour_tolerance(face, pip.contrast)
    return _first_edge(stepped, radii, xs, ys, colour.shape)


def seam_ray_lengths(
    dark: np.ndarray, colour: np.ndarray, pip: PipBlob, start: float, reach: float, count: int
) -> np.ndarray:
    """Per ray, the distance to the seam of shade along a light die's rounded edge; inf where none.

    An ivory face on white felt steps neither in tint nor in brightness at its edge, but its
    rounded edge turns from the light in a seam a few levels darker than the face: anything
    SEAM_DEPTH darker than the face round the pip (past its blur) ends a ray. A dark die (light
    pips) shows no such seam: its edge catches the light as a bright line, and the dark face's
    outline is its whole body; inf for it.
    """
    radii, xs, ys = _grid(pip, start, reach, count)
    pip_colour = colour_at(colour, np.array([pip.x]), np.array([pip.y]))[0]
    if len(radii) == 0 or float(face_colour(colour, pip, start).sum()) <= float(pip_colour.sum()):
        return np.full(count, np.inf)
    seen = sample_at(dark, xs.ravel(), ys.ravel()).reshape(xs.shape)
    level = float(np.median(seen[:, :STEP_BACK + 1]))  # the face just past the pip's blur, all round
    return _first_edge(seen < level - SEAM_DEPTH, radii, xs, ys, dark.shape)


def level_ray_lengths(
    dark: np.ndarray, colour: np.ndarray, pip: PipBlob, start: float, reach: float, count: int
) -> np.ndarray:
    """Per ray, the distance to a step of SEAM_DEPTH either way from a dark face's level; inf where
    none, or the face is lighter than its pip.

    A dark die (light pips) on a felt as dark, or darker, has too little tint and contrast for the
    other rays, but its face is lit evenly: the felt past its edge, or the shadow it casts, or the
    edge catching the light, leaves the face's level by more than a face's noise.
    """
    radii, xs, ys = _grid(pip, start, reach, count)
    pip_colour = colour_at(colour, np.array([pip.x]), np.array([pip.y]))[0]
    if len(radii) == 0 or float(face_colour(colour, pip, start).sum()) >= float(pip_colour.sum()):
        return np.full(count, np.inf)
    seen = sample_at(dark, xs.ravel(), ys.ravel()).reshape(xs.shape)
    level = float(np.median(seen[:, :STEP_BACK + 1]))  # the face just past the pip's blur, all round
    return _first_edge(np.abs(seen - level) > SEAM_DEPTH, radii, xs, ys, dark.shape)


def luma_ray_lengths(
    colour: np.ndarray, pip: PipBlob, start: float, reach: float, count: int
) -> np.ndarray:
    """Per ray, the distance to a sample darker than the face round the pip in luma (the grey a
    camera encodes at full resolution), or of another colour; inf where none.

    A camera's JPEG keeps the luma at every pixel and the colour at half resolution, ringing round
    a saturated pip in its complement: a yellow fleck 3 to 5 px past a blue pip's rim on a cream
    face lowered the blue channel, the darkest-channel plane, 18 levels below the face, its luma
    not at all. A hidden pip, of ink, and an edge or a shadow darken the luma too.
    """
    radii, xs, ys = _grid(pip, start, reach, count)
    if len(radii) == 0:
        return np.full(count, np.inf)
    face = face_colour(colour, pip, start)
    level = float(face @ LUMA)
    seen = colour_at(colour, xs.ravel(), ys.ravel()).reshape((*xs.shape, 3))
    darker = seen @ LUMA < level - face_tolerance(level, pip.contrast)
    other = np.abs(seen - face).max(axis=-1) > colour_tolerance(face, pip.contrast)
    return _first_edge(darker | other, radii, xs, ys, colour.shape)


def pip_dark_ray_lengths(
    dark: np.ndarray, pip: PipBlob, start: float, reach: float, count: int
) -> np.ndarray:
    """Per ray, the distance to a mark as dark as a pip of the face (PIP_DEPTH); inf where none."""
    radii, xs, ys = _grid(pip, start, reach, count)
    if len(radii) == 0:
        return np.full(count, np.inf)
    seen = sample_at(dark, xs.ravel(), ys.ravel()).reshape(xs.shape)
    return _first_edge(seen < pip.ring_level - PIP_DEPTH * pip.contrast, radii, xs, ys, dark.shape)
