"""The face round pips: its colour and brightness, and whether a path between two pips stays on it.

A pip is read only against the face it sits on. These samplers say what that face looks like
(brightness just outside the pip's rim, and colour, since a tray can be as bright as a die but
rarely of its colour too) and how far a pixel may depart from it and still be face.
"""

from __future__ import annotations

import math

import numpy as np

from vision.clipped import CEILING
from vision.edgeturn import square_turn
from vision.median import median_3x3, median_along
from vision.pips import PipBlob

FACE_GAP_PX = 3.0  # a pip's blur tints the face this far past its rim, at most (lens and JPEG)
LUMA = np.array([0.114, 0.587, 0.299])  # the grey of (b, g, r), as the camera's JPEG and OpenCV weigh it
CHROMA_RING_PX = 6.0  # JPEG keeps colour at half resolution: a pip's colour rings twice FACE_GAP_PX out
GLOW_SHARE = 0.3  # most of a pip's colour its blur mixes into the face within FACE_GAP_PX of its rim
# a 2's pips lie on the diagonal of the square round them; the edges give its turn to within 17° (flat
# 2s, ivory on white felt by the wall, where edges are weakest; those of unlike squash 3° at most); a
# leaning 1's pip and a pip of the face it turns up past its edge lay 19-27° off it, on simulated throws
OFF_DIAGONAL = math.radians(21.0)
# a pair this near the diagonal is a 2's, whatever lies between: a 1's pip and a pip of the face turned
# up past its edge (along it a quarter of a side or more from the corner, past it by its blur at least)
# lie 16° off it and more (19° and more measured), while the edges give a flat 2's turn within 3° where
# its pips are squashed unlike; the shade between a light pip's glow and a red face may leave the path
# test no face (a flat red 2 of white pips, 1° off)
ON_DIAGONAL = math.radians(6.0)
# a pair squashed unlike is already a sign of two faces; the edges need only say where the diagonal
# lies, and weaker edges still do: ivory on white felt by the wall, where the edges are faintest and
# the wall's run along the picture, agreed 0.33 round a leaning 1's pip and its turned-up face's dash
PAIR_TURN_AGREEMENT = 0.3
# grey levels: one flat face takes one light, and the face round one pip of a flat 2 differs from
# the face round the other by 25 at most on simulated throws (the light's fall across a die, a red
# die's sheen), their pips' middles by 49 (ivory dice on red felt); a leaning 1's pip and a pip of the
# face it turns up to the wall, lit from another side, differed by 38 and 59
LIT_APART = (32.0, 45.0)
# of a drop in the dark-pip plane, the least share of it the brightness drops by at a mark of ink or
# dirt, a pip, an edge or a shade, and not a fleck of the JPEG's colour (`tint_alone_at`)
TINT_ALONE = 0.5


def face_tolerance(face_level: float, pip_contrast: float) -> float:
    """How much darker than the face around a pip a pixel may be and still be that face.

    A die's edge is only slightly darker than its top on a pale table, far less than a pip, so
    the tolerance is a small share of the face level, not of the pip contrast.
    """
    return max(12.0, min(0.2 * pip_contrast, 0.12 * face_level))


def level_step(face_level: float) -> float:
    """Largest brightness step between the rings of two pips of one face.

    One face is lit evenly; a side face turned away from the light, or another die, is not.
    """
    return max(8.0, 0.06 * face_level)


def sample_at(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    h, w = image.shape
    # the array's own clip, which np.clip calls after a dispatch that costs as much again
    xi = np.rint(xs).clip(0, w - 1).astype(np.intp)
    yi = np.rint(ys).clip(0, h - 1).astype(np.intp)
    return image[yi, xi].astype(np.float64)


def colour_at(colour: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    h, w = colour.shape[:2]
    xi = np.rint(xs).clip(0, w - 1).astype(np.intp)
    yi = np.rint(ys).clip(0, h - 1).astype(np.intp)
    return colour[yi, xi].astype(np.float64)


def face_colour(colour: np.ndarray, pip: PipBlob, radius: float | None = None) -> np.ndarray:
    """Median colour of the ring of face around a pip (by default just outside it)."""
    if radius is None:
        radius = 0.5 * pip.major + max(2.0, 0.35 * pip.minor)
    angles = np.linspace(0.0, 2.0 * math.pi, 12, endpoint=False)
    ring = colour_at(colour, pip.x + radius * np.cos(angles), pip.y + radius * np.sin(angles))
    return median_along(ring, axis=0)


def colour_tolerance(face: np.ndarray, pip_contrast: float) -> float:
    """Largest per-channel departure from a face's colour that is still that face.

    Checked alongside brightness because the table can be as bright as the dice in the pip image
    (a red die on green felt, a white die on white paper) but rarely of the same colour too.
    Sensor noise on a dark face, raised by the white balance, is allowed for through the pip
    contrast: a crisp pip means a face whose own noise is small beside it.
    """
    return max(20.0, 0.12 * float(face.max()), 0.25 * pip_contrast)


def off_face(
    dark: np.ndarray,
    colour: np.ndarray,
    xs: np.ndarray,
    ys: np.ndarray,
    floor: float,
    face: np.ndarray,
    pip_contrast: float,
) -> np.ndarray:
    """Which samples are not the face: darker than `floor`, or of another colour."""
    darker = sample_at(dark, xs, ys) < floor
    tolerance = colour_tolerance(face, pip_contrast)
    other = np.abs(colour_at(colour, xs, ys) - face).max(axis=-1) > tolerance
    return darker | other


_PATH_SAMPLES = 48  # along each pip-to-pip path: finer than a crease between touching dice


def face_colours(colour: np.ndarray, blobs: list[PipBlob], clear_of_blur: bool = False) -> np.ndarray:
    """Median colour of the ring of face round every blob, (n, 3).

    With `clear_of_blur` the ring lies as far out as the lone-pip rays start: the blur of a
    light pip a few pixels wide tints the face right round it (a white pip on a red face).
    """
    angles = np.linspace(0.0, 2.0 * math.pi, 12, endpoint=False)
    x = np.array([b.x for b in blobs])[:, None]
    y = np.array([b.y for b in blobs])[:, None]
    radius = np.array([
        0.5 * b.major + (max(FACE_GAP_PX, 0.5 * b.major) if clear_of_blur else max(2.0, 0.35 * b.minor))
        for b in blobs
    ])[:, None]
    ring = colour_at(colour, x + radius * np.cos(angles), y + radius * np.sin(angles))
    return median_along(ring, axis=1)


def paths_on_face(
    dark: np.ndarray,
    colour: np.ndarray,
    blobs: list[PipBlob],
    pi: np.ndarray,
    pj: np.ndarray,
    blurred: bool = False,
) -> np.ndarray:
    """For each pair (pi[k], pj[k]): does the straight path between the two blobs, outside
    every blob, stay on face as bright as round them and of their colour? With `blurred`, a
    sample within FACE_GAP_PX of either pip's rim that is the face mixed with some of that pip's
    colour (GLOW_SHARE at most) is of the face's colour: that pip's blur."""
    x = np.array([b.x for b in blobs])
    y = np.array([b.y for b in blobs])
    level = np.array([b.ring_level for b in blobs])
    contrast = np.array([b.contrast for b in blobs])
    # a pip's blurred rim reaches past its thresholded outline; keep the path test off it
    majors = np.array([b.major for b in blobs])
    keep_out = 0.5 * majors + np.maximum(1.5, 0.25 * majors)
    t = np.linspace(0.0, 1.0, _PATH_SAMPLES)
    xs = x[pi, None] + t[None, :] * (x[pj] - x[pi])[:, None]
    ys = y[pi, None] + t[None, :] * (y[pj] - y[pi])[:, None]
    near = (xs[:, :, None] - x) ** 2 + (ys[:, :, None] - y) ** 2 <= keep_out**2
    on_path = ~near.any(axis=2)
    pair_low = np.minimum(level[pi], level[pj])
    pair_contrast = np.minimum(contrast[pi], contrast[pj])
    tolerance = np.maximum(12.0, np.minimum(0.2 * pair_contrast, 0.12 * pair_low))
    floor = (pair_low - tolerance)[:, None]
    sampled = sample_at(dark, xs.ravel(), ys.ravel()).reshape(xs.shape)
    darker = sampled < floor
    faces = face_colours(colour, blobs)
    face = 0.5 * (faces[pi] + faces[pj])
    colour_tol = np.maximum(20.0, np.maximum(0.12 * face.max(axis=1), 0.25 * pair_contrast))
    seen = colour_at(colour, xs.ravel(), ys.ravel()).reshape((*xs.shape, 3))
    other = np.abs(seen - face[:, None, :]).max(axis=2) > colour_tol[:, None]
    if blurred:
        # a pip's blur mixes its ink into the face by its rim, more on the channels the ink
        # absorbs than in the plane (a blue pip 3 px wide on ivory: 26 levels of green and red
        # 1.7 px past its rim, 8 of blue); a lit edge between two faces is lighter, no such mix
        inks = colour_at(colour, x, y)
        rims = np.stack([
            np.hypot(xs - x[end][:, None], ys - y[end][:, None]) - 0.5 * majors[end][:, None]
            for end in (pi, pj)
        ])
        nearer = np.where(rims[0] <= rims[1], pi[:, None], pj[:, None])
        glow = glow_share(face[:, None, :], seen, inks[nearer], colour_tol[:, None]) > 0.0
        other &= ~(glow & (rims.min(axis=0) <= FACE_GAP_PX))
        # the camera's JPEG keeps colour at half resolution, so a coloured pip's colour rings
        # twice as far past its rim, swinging a channel but not the brightness; a crease or an
        # edge's shade darkens every channel (an ivory 2's blue pip: 26 less blue, 9 less luma)
        ringing = np.abs((seen - face[:, None, :]) @ LUMA) <= tolerance[:, None]
        ringing &= rims.min(axis=0) <= CHROMA_RING_PX
        darker &= ~ringing
        other &= ~ringing
        # a sharpened picture rings pips with a halo brighter than the bare face, which sets their
        # rings' level above it, and the face's grain then dips a pixel past the floor (a white 2
        # ringed 152, bare 142 to 150, a pixel of 138 at its middle): a sample within one more
        # tolerance of the floor whose 3x3 median is above it is the face. The shade between two
        # touching dice, or the felt, is a band wider than a grain and darker
        grain = darker & (sampled >= floor - tolerance[:, None])
        if grain.any():
            patch = median_3x3(dark, xs[grain], ys[grain])
            darker[grain] = patch < np.broadcast_to(floor, grain.shape)[grain]
    result: np.ndarray = ~((darker | other) & on_path).any(axis=1)
    return result


def glow_share(
    base: np.ndarray, mixed: np.ndarray, pip: np.ndarray, tolerance: float | np.ndarray
) -> np.ndarray:
    """The share of the pip's colour `pip` in each colour of `mixed` when it is `base` mixed with
    more than none and up to GLOW_SHARE of it, within `tolerance` on every channel; else 0
    (colours on the last axis, the arrays broadcast)."""
    base, mixed, pip = np.broadcast_arrays(base, mixed, pip)
    towards = pip - base
    share = ((mixed - base) * towards).sum(axis=-1) / np.maximum((towards**2).sum(axis=-1), 1.0)
    residual = np.abs(mixed - base - share[..., None] * towards).max(axis=-1)
    mixed_so = (share > 0.0) & (share <= GLOW_SHARE) & (residual <= tolerance)
    result: np.ndarray = np.where(mixed_so, share, 0.0)
    return result


def on_two_faces(
    dark: np.ndarray,
    colour: np.ndarray,
    pips: list[PipBlob],
    like_roundness: float,
    die_size: float | None = None,
) -> bool:
    """True when two pips squashed unlike (past `like_roundness`) have an edge between them, or
    (with the `die_size` of a camera looking straight down) lie off the diagonal of the square
    round them: each lies on its own face.

    One flat face is seen at one angle, so its pips are squashed alike; the grouping links no
    others, and never tried the path between them. Pieces joined again (`fallbacks.rejoin`) may
    pair a leaning die's round top pip with a dash of the face it turns up past its edge. A 2's
    pips lie on its face's diagonal, at 45° to the edges round them; the edge between a top face
    and the face turned up past it runs across the line from one face's pip to the other's.
    """
    if abs(pips[0].roundness - pips[1].roundness) <= like_roundness:
        return False
    if die_size is not None:
        centre = (0.5 * (pips[0].x + pips[1].x), 0.5 * (pips[0].y + pips[1].y))
        turn = square_turn(centre, dark, die_size, PAIR_TURN_AGREEMENT)
        if turn is not None:
            way = math.atan2(pips[1].y - pips[0].y, pips[1].x - pips[0].x)
            off = abs((way - turn) % (0.5 * math.pi) - 0.25 * math.pi)
            if off > OFF_DIAGONAL:
                return True
            if off <= ON_DIAGONAL:
                return False
    return not bool(paths_on_face(dark, colour, pips, np.array([0]), np.array([1]))[0])


def lit_apart(pips: list[PipBlob]) -> bool:
    """True when two pips' faces are lit unlike (the face round each, and each pip's middle): each
    lies on its own face, turned its own way to the light."""
    ring = abs(pips[0].ring_level - pips[1].ring_level)
    middle = abs(pips[0].centre_level - pips[1].centre_level)
    return ring > LIT_APART[0] and middle > LIT_APART[1]


def is_darkest_channel(dark: np.ndarray, colour: np.ndarray, pips: list[PipBlob]) -> bool:
    """True when `dark` is the dark-pip plane, the minimum of `colour`'s channels, at the face round
    the pips (12 points round each); false for the light-pip plane, the grey inverted."""
    angles = np.linspace(0.0, 2.0 * math.pi, 12, endpoint=False)
    radius = np.array([0.5 * p.major + max(2.0, 0.35 * p.minor) for p in pips])[:, None]
    xs = (np.array([p.x for p in pips])[:, None] + radius * np.cos(angles)).ravel()
    ys = (np.array([p.y for p in pips])[:, None] + radius * np.sin(angles)).ravel()
    return bool(np.array_equal(sample_at(dark, xs, ys), colour_at(colour, xs, ys).min(axis=1)))


def tint_alone_at(seen: np.ndarray, face: np.ndarray, plane_drop: np.ndarray, darkest: bool) -> np.ndarray:
    """Which colours `seen` (rows), each `plane_drop` below the face of colour `face` in the
    dark-pip plane (`darkest`: the channels' minimum), are darker than the face in brightness by
    less than TINT_ALONE of that drop: they stand out in the plane by their tint alone. Brightness
    is the luma of the channels under the picture's ceiling in both (a channel cut at 255 shows no
    shade); with the darkest channel alone under it, it is the plane's drop itself.

    A mark of ink or dirt, or a pip, absorbs light, and darkens the luma with the plane: black ink
    as much, red or blue ink, which darken two channels, 0.7 to 0.9 as much; a die's edge, a side
    face turned from the light or a shadow dim every channel, the lighter ones more than the
    darkest. A camera's JPEG keeps the luma at every pixel but the colour at half resolution,
    quantised coarser, and the white balance raises a weak channel's errors with it: on a cream
    face under warm light (blue its darkest channel, the dark-pip plane, raised 1.6 times; red at
    the ceiling) at quality 71, a yellow fleck 2.3 px wide stood out 39 levels in the plane (0.2
    of the pips' contrast), its brightness 7.6 below the face's at most over its 3x3 pixels (0.19
    of that), and two mid-sides of a 3 lay 29 and 32 below the pips' rings (5 and 8 past the
    face's tolerance), their brightness 2.4 and 6.1 below the rings' (0.08 and 0.21). `face` must
    be the colour where `plane_drop` is measured from: a sharpened picture's halo lightens a pip's
    ring in every channel. The light-pip plane is the grey inverted: a drop in it is all luma,
    never tint alone.
    """
    weights = np.where((seen >= CEILING) | (face[None, :] >= CEILING), 0.0, LUMA[None, :])
    weighed = weights.sum(axis=1)
    brightness = ((face[None, :] - seen) * weights).sum(axis=1) / np.maximum(weighed, 1e-9)
    result: np.ndarray = darkest & (weighed > 0.0) & (brightness < TINT_ALONE * plane_drop)
    return result


def tint_alone(dark: np.ndarray, colour: np.ndarray, mark: PipBlob, pips: list[PipBlob]) -> bool:
    """True when `mark` stands out in the dark-pip plane `dark` of the face's `pips` by its tint
    alone (`tint_alone_at`), at its middle and every pixel round it, against the face round it."""
    face = face_colour(colour, mark)
    h, w = colour.shape[:2]
    xi = min(max(round(mark.x), 1), w - 2)
    yi = min(max(round(mark.y), 1), h - 2)
    seen = colour[yi - 1:yi + 2, xi - 1:xi + 2].reshape(-1, 3).astype(np.float64)
    drops = np.full(len(seen), mark.contrast)
    return bool(tint_alone_at(seen, face, drops, is_darkest_channel(dark, colour, pips)).all())
