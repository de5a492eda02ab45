"""Felt seen past a top face, between the die and something dark, that a pip search takes for a pip.

In the light-pip plane the felt is lighter than a dark die and than a shadow on it: a strip of lit
felt between a die's edge and a neighbour's shadow, or a light speck of its grain beside the die's
own shadow, stands out there as a pip does. A pip of a face the die turns up is printed in the ink
of its top face's pips on the die's own colour: blurred and turned from the light, its colour is a
blend of those two, of their tint give or take what a side face's shade shifts it by. A mark of
another tint, nearer the felt's, is the felt; and so is one nearer the felt's tint than the die's, though
within a side face's shade of a blend, when the felt rings it all round: a pip is printed on its face.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.backdrop import SIDE_TINT, TOO_DARK, bare_top_colour
from vision.faces import Face
from vision.pips import PipBlob
from vision.wallfoot import felt_round

BLENDS = np.linspace(0.0, 1.0, 21)  # shares of the die's colour in the blend with its pips' ink
# pixels past a blob's rim where the face round it is read, clear of its blur (as `margins` reads a
# face round its pips), at RING_SAMPLES points all round
RING_PAST_RIM = 3.0
RING_SAMPLES = 16


def felt_past_face(
    face: Face,
    blob: PipBlob,
    colour: np.ndarray,
    outline: np.ndarray,
    die_size: float,
    others: list[tuple[float, float]],
) -> bool:
    """Whether the mark `blob` past a top face is of the felt's tint rather than the die's.

    The mark (the median of the 3×3 pixels at its centre: one noisy pixel does not count) is
    further than SIDE_TINT (the most a side face's shade moves the top face's tint) from every blend
    of the top pips' ink and the top face's colour, and nearer the tint of the felt round the die
    (`wallfoot.felt_round`, clear of the tray's wall and of the `others` dice) than to any such blend.
    No felt to compare with (the die hemmed in by the wall and other dice): it is not.
    """
    h, w = colour.shape[:2]
    x, y = min(max(round(blob.x), 1), w - 2), min(max(round(blob.y), 1), h - 2)
    mark = np.median(colour[y - 1:y + 2, x - 1:x + 2].reshape(-1, 3).astype(np.float64), axis=0)
    side = face.size if face.fit is not None else die_size
    top = bare_top_colour(face, colour, side).astype(np.float64)
    cells = [face.fit.to_image(u, v) for u, v in face.fit.cells] if face.fit is not None else [face.center]
    ink = np.median([
        colour[min(max(round(cy), 0), h - 1), min(max(round(cx), 0), w - 1)].astype(np.float64)
        for cx, cy in cells
    ], axis=0)
    blends = (1.0 - BLENDS)[:, None] * ink[None, :] + BLENDS[:, None] * top[None, :]
    off_die = float(tint_step(mark[None, :], blends).min())
    felt = felt_round(face.center, colour, outline, die_size, others)
    if not felt:
        return False
    felt_tint = np.median(felt[0], axis=0)
    if float(tint_step(mark[None, :], felt_tint[None, :])[0]) >= off_die:
        return False  # nearer the die's tint: may be a pip of a face it turns up
    return off_die > SIDE_TINT or _ringed_by_felt(blob, colour, top, felt_tint)


def _ringed_by_felt(blob: PipBlob, colour: np.ndarray, top: np.ndarray, felt: np.ndarray) -> bool:
    """Whether the face round `blob` (RING_PAST_RIM past its rim, all round) is the felt, nowhere the die.

    A pip is printed on a face of its die: a face the die turns up keeps the top face's tint within
    SIDE_TINT (`backdrop`), and a pip of it near the edge it shares with the top face has the top face
    itself on its inner side. Every sample further than that from the top face's tint, nearer the
    felt's, and lit enough for a tint to mean something, rings a speck of the felt's grain. A flat red
    4 on red-brown felt by the far wall, a light speck 0.33 of a side past its edge: the speck 0.19
    off the blends of the die's white ink and red face (0.12 off the felt), its ring 0.28 to 0.53 off
    the red face's tint and within 0.14 of the felt's. Past leaning dice on the saved sets (1583 blobs
    judged) the felt rang a blob at 10 points of 16 at most.
    """
    turn = np.linspace(0.0, 2.0 * math.pi, RING_SAMPLES, endpoint=False)
    radius = 0.5 * blob.major + RING_PAST_RIM
    xs = (blob.x + radius * np.cos(turn)).astype(np.float32)[None]
    ys = (blob.y + radius * np.sin(turn)).astype(np.float32)[None]
    ring = cv2.remap(colour, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)[0].astype(np.float64)
    off_top = tint_step(ring, top[None, :])
    return bool(np.all(
        (ring.sum(axis=1) >= TOO_DARK) & (off_top > SIDE_TINT) & (tint_step(ring, felt[None, :]) < off_top)
    ))


def tint_step(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """L1 step between the channels' shares of the colours `a` and `b` (rows, broadcast)."""
    sa = a / np.maximum(a.sum(axis=-1, keepdims=True), 1.0)
    sb = b / np.maximum(b.sum(axis=-1, keepdims=True), 1.0)
    return np.abs(sa - sb).sum(axis=-1)

