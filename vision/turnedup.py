"""The face a leaning die turns up from the wall, seen over the wall's foot.

Seen from straight above, a flat die by the wall hides the wall only behind its top face: past
the top face's outer edge (or past the felt's edge, the wall's foot, when that lies further out)
the wall shows at once. A die leaning on the wall and tipped towards the middle turns up the face
that was against the wall; that face, lit from above, hides the wall past both the top face's
edge and the foot. It is told against the wall beside the die, not against the felt: ivory dice
on pale felt, whose turned-up face is as bright as the felt, hide a dark wall all the same.
A 1 has no grid to turn its square by: the edges round its pip give the turn.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.edgeturn import square_turn
from vision.faces import Face
from vision.innerface import WALL_REACH
from vision.wallfoot import outline_depths, wall_direction

STEP = 0.02  # die sides between samples along a ray
# die sides along the wall from the face's centre: rays across the top face's middle, clear of its corners
ACROSS = (-0.3, -0.15, 0.0, 0.15, 0.3)
FLANK = 1.3  # die sides along the wall from the centre: the wall beside the die, clear of its corners
# die sides past the outline: the wall beside the die where a turned-up face hides it
WALL_BAND = (0.15, 0.35)
REACH = 0.5  # die sides past the top face's edge or the foot: wider than any turned-up face shows
# die sides inside the outline on the flanks from which the felt's light run is followed to its edge
FELT_BEFORE = 0.25
BLUR = 0.04  # die sides past the top face's edge or the foot: a pixel of edge blur, not counted
# a sample this share of the way from the wall's brightness up to the top face's is no wall: the
# wall in a flat die's shadow is darker still, and a face turned up to the light is lit as a face
LIFT = 0.3
# the wall beside the die at most this share of the top face's brightness (sum of channels): a
# light die by a dark wall; a die as dark as its wall hides nothing that can be told
WALL_DARKER = 0.6
# die sides of wall hidden past the top face's edge and the foot (beyond the edge blur), counted in
# STEPs: flat dice by the wall on simulated throws hid 0.02 at most (2,303 of them; 1,064 faces by the
# wall on the saved sets from 40000), leaning dice up to 0.26, light dice on pale felt that no other
# check refused 0.08 to 0.14. The edge is the square of the die's calibrated size, but a lens's barrel
# distortion shrinks a die radially towards the picture's edge (4 % at the far wall, 0.33 of the focal
# length off the axis, with k1 = -0.136), its far edge 0.02 of a side inside that square: a grey 5
# leaning on the far wall, its turned-up face 3 px wide, measured 0.06. 0.06 and more is hidden wall
HIDDEN_BAND = 0.05
# die sides from a 1's centre along its square's axes: bare face clear of its pip (a third of a side
# across at most), a quarter of a side either way as a 4's bare cells lie half a grid step off
ONE_BARE = 0.25


def hides_wall(
    face: Face, colour: np.ndarray, outline: np.ndarray, die_size: float, dark: np.ndarray | None = None
) -> bool:
    """Whether a die by the wall hides the wall past its top face's edge and the wall's foot.

    A 1's square is turned as the edges round its pip in `dark` (the plane its pip is dark in) agree.
    """
    depth = cv2.pointPolygonTest(outline.reshape(-1, 1, 2), face.center, True)
    if depth > WALL_REACH * die_size:
        return False
    turn = None
    if face.fit is None and face.value == 1 and dark is not None:
        # a leaning 1's top face is as square and its pip as round as a flat one's: the turned-up face
        # over the wall's foot tells it (flat 1s by the wall on simulated throws hid 0.0, leaning up to 0.22)
        turn = square_turn(face.center, dark, die_size)
    hidden = wall_hidden(face, colour, outline, die_size, turn)
    return hidden is not None and hidden > HIDDEN_BAND


def wall_hidden(
    face: Face, colour: np.ndarray, outline: np.ndarray, die_size: float, turn: float | None = None
) -> float | None:
    """Die sides of the wall that the die hides past its top face's edge and the wall's foot.

    Rays run square to the nearest wall from across the top face's middle. A sample is light when
    it is brighter than the wall beside the die (WALL_BAND past the foot on both flanks, the
    brighter) by LIFT of the way up to the top face. The foot is the tray's outline, or as far
    past it as the light felt runs on the flanks (the felt's edge in the picture may lie a few
    pixels off the outline). The run of light samples past the top face (a square of the die's
    side, turned as the face's grid) and past that foot, the median over the rays, is what the
    die hides of the wall. The rays end at the picture's border. A face without a grid (a 1) needs
    `turn`, its square's; None without it, for a die not by a wall darker than its top face, or a
    border that cuts off the wall beside the die.
    """
    fit = face.fit
    if fit is not None:
        angle = fit.angle
        # the top face's colour at the four bare cells between its pips' rows
        bare = [fit.to_image(u, v) for u in (-0.5, 0.5) for v in (-0.5, 0.5)]
    elif turn is not None:
        angle = turn
        bare = [_turned(face.center, turn, u * ONE_BARE * die_size, v * ONE_BARE * die_size)
                for u in (-1, 1) for v in (-1, 1)]
    else:
        return None
    tx, ty = wall_direction(outline, face.center)
    cx, cy = face.center
    nx, ny = ty, -tx
    lines = np.array([0.0, FLANK, -FLANK])  # the die's middle and the wall beside it on both flanks
    near = outline_depths(outline, cx + lines * tx * die_size, cy + lines * ty * die_size)
    ahead = outline_depths(outline, cx + (lines * tx + nx) * die_size, cy + (lines * ty + ny) * die_size)
    if ahead[0] > near[0]:
        nx, ny = -nx, -ny  # outwards, where the depth falls
        ahead = outline_depths(outline, cx + (lines * tx + nx) * die_size, cy + (lines * ty + ny) * die_size)
    fall = (near - ahead) / die_size  # depth lost per pixel outwards, on each line
    if fall.min() < 0.5:
        return None  # no wall square ahead on every line (a corner)
    feet = near / (fall * die_size)  # die sides from the line's start to the outline
    along = np.arange(0.0, max(float(feet.max()), 0.5) + REACH + 2 * BLUR, STEP)
    offsets = np.concatenate([np.array(ACROSS), lines[1:]])
    px = cx + (along[None, :] * nx + offsets[:, None] * tx) * die_size
    py = cy + (along[None, :] * ny + offsets[:, None] * ty) * die_size
    h, w = colour.shape[:2]
    outside = (px < 0) | (py < 0) | (px > w - 1) | (py > h - 1)
    if outside.any():
        # cut at the picture's border (a die by a far wall near it): what lies past it is unknown, and
        # a run reaching it ends there, no longer than it is; the wall beside the die must still show
        keep = int(np.argmax(outside.any(axis=0)))
        if keep == 0 or along[keep - 1] < float(feet.max()) + WALL_BAND[1]:
            return None
        along, px, py = along[:keep], px[:, :keep], py[:, :keep]
    levels = cv2.remap(colour, px.astype(np.float32), py.astype(np.float32), cv2.INTER_LINEAR)
    levels = levels.astype(np.float32).sum(axis=2)
    # the wall beside the die on each flank, just past the outline, the brighter of the two; a flank
    # that starts past the wall's band (off the tray, in a corner) shows none of it
    bands = [levels[k][(along >= feet[j] + WALL_BAND[0]) & (along <= feet[j] + WALL_BAND[1])]
             for k, j in ((-2, 1), (-1, 2))]
    if not any(band.size for band in bands):
        return None
    wall = max(float(np.median(band)) for band in bands if band.size)
    bx = np.array([[p[0] for p in bare]], np.float32)
    by = np.array([[p[1] for p in bare]], np.float32)
    top = float(np.median(cv2.remap(colour, bx, by, cv2.INTER_LINEAR).astype(np.float32).sum(axis=2)))
    if wall > WALL_DARKER * top:
        return None
    light = levels > wall + LIFT * (top - wall)
    # the foot in the picture: as far past the outline as the light felt runs on either flank
    shift = 0.0
    for k, j in ((-2, 1), (-1, 2)):
        row = light[k, int(np.searchsorted(along, feet[j] - FELT_BEFORE)):]
        run = (int(np.argmin(row)) if (~row).any() else len(row)) * STEP
        shift = max(shift, run - FELT_BEFORE)
    foot = feet[0] + shift
    # the top face's edge on each ray: the last sample in the die's square about the face's centre
    c, s = math.cos(angle), math.sin(angle)
    rays = len(ACROSS)
    u = np.abs((px[:rays] - cx) * c + (py[:rays] - cy) * s)
    v = np.abs((py[:rays] - cy) * c - (px[:rays] - cx) * s)
    inside = np.maximum(u, v) <= 0.5 * die_size
    last = inside.shape[1] - 1 - np.argmax(inside[:, ::-1], axis=1)
    edge = np.where(inside.any(axis=1), along[last], 0.0)
    runs = []
    # the felt's run on the flanks ends where the ray's would, mid-way down the same blur: no more
    # blur to allow past that foot, but past the top face's edge (of the die's side) there is
    for k, start in enumerate(np.maximum(edge + BLUR, foot)):
        row = light[k, int(np.searchsorted(along, start)):]
        runs.append((int(np.argmin(row)) if (~row).any() else len(row)) * STEP)
    return float(np.median(runs))


def _turned(center: tuple[float, float], angle: float, u: float, v: float) -> tuple[float, float]:
    """The point (u, v) pixels along a square's axes turned by `angle` from its centre."""
    c, s = math.cos(angle), math.sin(angle)
    return center[0] + c * u - s * v, center[1] + s * u + c * v
