"""A second face seen beside a read top face: the sign of a die that does not lie flat.

Under a camera that looks straight down a flat die shows its side faces only on the side turned
to the middle of the picture, edge-on or nearly; a leaning die turns up a face of its own.
"""

from __future__ import annotations

import math

import numpy as np

from vision.faces import Face
from vision.feltgap import felt_past_face
from vision.lean import PAST_TOP_EDGE, dash_past_top_face
from vision.margins import MARGIN
from vision.pips import PipBlob
from vision.wallfoot import ANOTHER_DIE

SECOND_FACE_ROUNDNESS = 0.65  # a side face's pips seen rounder than this face the camera
SECOND_FACE_REACH = 4.0  # grid spacings from the top face's centre: still the same die
# die sides from a top face's centre, away from the view's centre: past the top face's edge
# (0.5 when the face is square to that way), within the width of a second face seen on a die
# leaning up to about 45°
OUTWARD_BAND = (0.5, 0.85)
OUTWARD_PIP_LENGTH = 0.3  # die sides: the longest a pip can look (a wall's edge is longer)
OUTWARD_WIDTH = 0.5  # half width of that band, in die sides
OUTWARD_MIN_RADIUS = 0.75  # die sides from the view's centre: nearer, "away" is not defined
# a flat die's side face turned to the nadir is seen parallax x cos(its turn from that way) of a side
# wide; its pips are centred within this share of that width past the top face's edge (outer rows at
# 0.75, as `topdown.SIDE_PIP_DEPTH`), blurred by a pixel: a round pip further out is on no face of it
SIDE_FACE_PIP_DEPTH = 0.85
SIDE_FACE_BLUR_PX = 1.0

def shows_second_face(
    face: Face,
    unclaimed: list[PipBlob],
    view_centre: tuple[float, float] | None = None,
    die_size: float | None = None,
    parallax: float | None = None,
) -> bool:
    """True when round pips of another face show right beside a read top face.

    Under a camera that looks straight down, the side faces of a flat die are seen edge-on and
    their pips, if seen at all, are thin slivers. Round pips just past the top face's edge mean
    the die shows a second face to the camera: it is leaning, not lying flat. Away from the
    middle of the picture a flat die shows the side faces turned to the middle, whose pips a
    few pixels wide can blur round: with the view's centre and the die size known, pips on
    that side are not counted. With the `parallax` of the die's height there (r/f, die sides, the
    view's centre being the point below the lens), only those within the width that side face shows.
    """
    inward: tuple[float, float] | None = None
    if view_centre is not None and die_size:
        dx, dy = face.center[0] - view_centre[0], face.center[1] - view_centre[1]
        radius = math.hypot(dx, dy)
        if radius >= OUTWARD_MIN_RADIUS * die_size:
            inward = (-dx / radius, -dy / radius)
    seen = 0
    for blob in unclaimed:
        if blob.roundness < SECOND_FACE_ROUNDNESS:
            continue
        if inward is not None:
            # which side face a blob is on is told by the top face's side it lies past
            wx, wy = (face.fit.side_normal(blob.x, blob.y) if face.fit is not None
                      else (blob.x - face.center[0], blob.y - face.center[1]))
            turned = wx * inward[0] + wy * inward[1]
            if turned > 0 and (parallax is None or _past_edge(face, blob, die_size) <= (
                SIDE_FACE_PIP_DEPTH * parallax * turned / math.hypot(wx, wy) * die_size + SIDE_FACE_BLUR_PX
            )):
                continue
        if face.fit is not None:
            u, v = face.fit.to_grid(blob.x, blob.y)
            beside = MARGIN <= max(abs(u), abs(v)) <= SECOND_FACE_REACH
        else:
            gap = math.hypot(blob.x - face.center[0], blob.y - face.center[1])
            beside = 0.45 * face.size <= gap <= 0.9 * face.size
        seen += beside
    # one round blob may be a sliver blurred round; two make a face
    return seen >= 2


def _past_edge(face: Face, blob: PipBlob, die_size: float) -> float:
    """Pixels the blob's centre lies past the top face's edge (the die's side round its centre)."""
    if face.fit is not None:
        u, v = face.fit.to_grid(blob.x, blob.y)
        return max(abs(u), abs(v)) * face.fit.spacing - 0.5 * die_size
    return math.hypot(blob.x - face.center[0], blob.y - face.center[1]) - 0.5 * die_size


def shows_outer_face(
    face: Face,
    loose: list[PipBlob],
    view_centre: tuple[float, float],
    die_size: float,
    dark: np.ndarray | None = None,
    others: list[tuple[float, float]] | None = None,
    colour: np.ndarray | None = None,
    outline: np.ndarray | None = None,
) -> bool:
    """True when a pip of another face shows just past a top face, away from the view's centre.

    A camera looking straight down sees the side faces of a flat die only on the side that faces
    the middle of the picture (the top face, nearer the lens, is pushed outwards). A face beyond
    the top face on the far side can only be seen on a die tipped towards the middle: a die
    leaning on the wall, which turns up the face that was towards the wall. Any pip there,
    squashed or not, is the sign. With `others` (the centres of the frame's other dice, a die side
    or more away), the band reaches as far past a grid spaced as a smaller die's as past the die.
    With the frame's `colour` and the tray's `outline`, a mark of the felt's tint, off the die's,
    is the felt seen between the die and something dark (`feltgap.felt_past_face`), no pip.
    """
    dx, dy = face.center[0] - view_centre[0], face.center[1] - view_centre[1]
    radius = math.hypot(dx, dy)
    if radius < OUTWARD_MIN_RADIUS * die_size:
        return False
    ux, uy = dx / radius, dy / radius
    side = die_size
    # the face's own size: lens distortion shrinks dice towards the picture's edge
    die_size = face.size if face.fit is not None else die_size
    low, high = OUTWARD_BAND[0] * die_size, OUTWARD_BAND[1] * die_size
    # the turned-up face reaches as far past the die as its side allows, wherever the pips sit on the
    # top face (a black 5 spaced as a die of 20 px on one of 26 showed its pip 0.68 of the die out);
    # there, clear of every other die (half its diagonal from its centre): a die leaning on a flat
    # one shows its top face's pips that far past the flat one's grid
    reach = OUTWARD_BAND[1] * max(die_size, side) if others is not None else high
    for blob in loose:
        wx, wy = blob.x - face.center[0], blob.y - face.center[1]
        along = wx * ux + wy * uy
        across = abs(wy * ux - wx * uy)
        # a pip is printed within its die, whose side (not the spread of its top pips) bounds it
        if blob.major > OUTWARD_PIP_LENGTH * max(die_size, side):
            continue
        if along > high and (along > reach or any(
            math.dist((blob.x, blob.y), other) < ANOTHER_DIE * side for other in others or []
        )):
            continue
        if low <= along and across <= OUTWARD_WIDTH * die_size and _past_top_face(face, blob, side) and not (
            colour is not None and outline is not None
            and felt_past_face(face, blob, colour, outline, side, others or [])
        ):
            return True
    return dark is not None and dash_past_top_face(face, dark, (ux, uy), die_size)


def _past_top_face(face: Face, blob: PipBlob, die_size: float) -> bool:
    """Whether the blob reaches past the top face's square (the die's side round its centre, turned
    as its pips) by more than PAST_TOP_EDGE of a side, as a second face's dash must.

    A pip of the second face lies inside that face, clear of the edge it shares with the top face;
    the shade of the top face's own rim stays within that edge's blur (a 3 whose pips are spaced
    as a smaller die's, measured 0.04 of a side past it, puts the band's start inside its face).
    """
    if face.fit is None:
        return True
    c, s = math.cos(face.fit.angle), math.sin(face.fit.angle)
    dx, dy = blob.x - face.center[0], blob.y - face.center[1]
    a, b = c * dx + s * dy, c * dy - s * dx
    nx, ny = (c, s) if abs(a) >= abs(b) else (-s, c)  # the normal of the side it lies past
    # half the blob's ellipse across that side
    lengthwise = nx * math.cos(blob.angle) + ny * math.sin(blob.angle)
    half = 0.5 * math.sqrt((blob.major * lengthwise) ** 2 + blob.minor**2 * (1.0 - lengthwise**2))
    return max(abs(a), abs(b)) + half - 0.5 * die_size > PAST_TOP_EDGE * die_size
