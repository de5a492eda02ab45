"""The rows round a dash on a narrow second face, blurred with the wall past it.

A die leaning on the wall turns up the face that was towards it, and that face, seen nearly
edge-on, may be only a few pixels wide before the wall: the rows round a pip's dash on it then
mix the face's colour with the wall's just past it, and their tint is neither the top face's nor
the wall's. A red 2 of white pips leaning 26° on a green wall over dark red felt
(`random-100023`, die 22.7 px) showed its turned-up face's pips 3 px past its top face's edge,
on rows of (B, G, R) 46, 54, 131 against its top face's 35.5, 30, 172: 0.31 off its tint, where
the wall check wants 0.1 at most, and it was read as a 2. Those rows are 0.65 of the top face's
colour and 0.57 of the wall's (40, 61, 34) 5.7 px further out, within 0.002 of their tint, the
wall giving 0.33 of their light.
"""

from __future__ import annotations

import math

import numpy as np

from vision.wallfoot import median_colour

# die sides further out from the dash: what lies past the narrow face (the wall), as the
# background checks sample it (`wallfoot.BACKGROUND_PAST`)
BLEND_PAST = 0.25
# the rows round a pip lie on the face it is printed on: that face gives the most of their light.
# Round the dashes of leaning dice by the wall on the saved sets the light from past them was 0.33
# to 0.46 of theirs (their tint within 0.002 to 0.064 of the blend); round a flat die's, 3 px and
# more past its top face's edge, the felt or the wall's foot gives them nearly all (0.92)
BLEND_SHARE = 0.5


def blend_of_face_and_past(
    shade: np.ndarray,
    top: np.ndarray,
    colour: np.ndarray,
    dash: tuple[np.ndarray, np.ndarray],
    centre: tuple[float, float],
    die_size: float,
) -> tuple[float, float]:
    """(tint left, share of the light from past the dash) of `shade` (B, G, R, the rows round a
    dash at the pixels `dash`) taken as the top face's colour `top` and the colour BLEND_PAST die
    sides further out from the die's `centre`, each scaled by a light of its own (least squares,
    neither negative). The tint left is the L1 step of the channels' shares between `shade` and
    that blend."""
    xs, ys = dash
    dx, dy = float(np.mean(xs)) - centre[0], float(np.mean(ys)) - centre[1]
    way = BLEND_PAST * die_size / max(math.hypot(dx, dy), 1e-6)
    past = median_colour(colour, xs + way * dx, ys + way * dy)
    basis = np.stack([top.astype(np.float64), past.astype(np.float64)], axis=1)
    target = shade.astype(np.float64)
    weights, *_ = np.linalg.lstsq(basis, target, rcond=None)
    if weights.min() < 0.0:
        # a light is never negative: the better of the two colours alone, scaled to the shade
        fits = []
        for k in range(2):
            col = basis[:, k]
            w = max(float(col @ target) / max(float(col @ col), 1e-6), 0.0)
            fits.append((float(np.abs(target - w * col).sum()), k, w))
        _, k, w = min(fits)
        weights = np.zeros(2)
        weights[k] = w
    blend = basis @ weights
    tint = np.abs(target / max(float(target.sum()), 1.0) - blend / max(float(blend.sum()), 1.0)).sum()
    light = basis * weights[None, :]
    share = float(light[:, 1].sum()) / max(float(light.sum()), 1e-6)
    return float(tint), share


def face_blurred_with_past(
    shade: np.ndarray,
    top: np.ndarray,
    colour: np.ndarray | None,
    dash: tuple[np.ndarray, np.ndarray],
    centre: tuple[float, float],
    die_size: float,
    most_tint: float,
) -> bool:
    """Whether `shade` is the top face's tint blurred with what lies past the dash, within
    `most_tint`, the face giving the most of its light (`blend_of_face_and_past`, BLEND_SHARE),
    round a mark lighter than it.

    Only a light mark counts: a printed pip lighter than its face (a white pip on a red die), which
    a die's edge blurred into the felt or the wall past it never makes. The shade of a flat white
    2's rim on blue felt by the wall (`random-81009`) lay on rows blended alike (tint within 0.01,
    0.41 of the light from past it), but it is darker than those rows."""
    if colour is None:
        return False
    xs, ys = dash
    mark = median_colour(colour, xs, ys)
    if float(mark.sum()) <= float(shade.sum()):
        return False  # a dark mark: a rim's shade blends the face and felt as well
    tint, share = blend_of_face_and_past(shade, top, colour, dash, centre, die_size)
    return tint <= most_tint and share <= BLEND_SHARE
