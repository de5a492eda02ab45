"""How far a die's body reaches past its top face on the wall side, seen from straight above.

Under a camera that looks straight down, a flat die's top face is the part of the die nearest the
lens, so it is pushed outwards from the picture's centre past the rest of the body: on the side
away from the middle the die ends at the top face's edge. A die leaning on the tray's wall tips
its top face towards the middle and turns up the face that was against the wall; that face shows
as a band of die colour past the top face's edge on the far side. The band is measured along
rays from the top face's centre, each running over die-coloured pixels until the first pixels
of another colour or brightness (the felt, the wall or a shadow).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from vision.backdrop import backdrop_reaches, inner_run_on_another
from vision.faces import Face
from vision.innerface import WALL_REACH, felt_past_inner_edge, inner_face_marks
from vision.lean import dash_past_top_face
from vision.median import median_along
from vision.rays import RAY_COUNT, STEP_PX, outward_rays
from vision.wallfoot import felt_round, outline_depths, wall_direction

GLOW_SKIP = 0.1  # die sides at the ray's start where a pip's glow may still tint the face
# a side face is lit unlike the top face, turned from the light down to a third of its brightness;
# a shadow on the felt as dark is told by its tint, or by the felt beside the die
SHADE = (0.3, 1.7)
TINT = 0.05  # and of the same tint: largest L1 step of (b, g, r) / (b + g + r)
BESIDE = 1.2  # die sides across from the centre: felt beside the die, clear of its corners
# the felt beside the die as a whole (its median) within this of the die's tint has pixels within
# TINT of it, which a run onto the felt takes for die: such a band tells nothing
BESIDE_TINT = 1.5 * TINT
# samples of a flank past the tray's outline that are judged as the wall beside the die on their own:
# a flat die whose top face's far edge lies on the felt's edge has the wall right past it, and a wall
# of the die's tint carries the run on over it, while the flank's median is the felt (a flat black 4
# on green felt by a dark grey wall: three of seven flank samples on the wall, 0.029 off the top
# face's tint at 0.91 of its brightness, and the run 0.55 of its grid's side past its sides)
WALL_SAMPLES = 2
REF_BAND = (0.36, 0.44)  # die sides from the centre: bare top face between pips and edge
# die sides past the outer edge beyond what the side edges show: edge blur and noise make up to
# 0.05 (little over a pixel at 26 pixels a die); a second face tipped 25° or more shows a band
# of three pixels and more
LEAN_EXCESS = 0.12
# die sides past the outer edge, over pixels unlike the felt and wall beside the die, beyond the
# side edges: a flat die's shadow and edge blur keep to the background's tint
BACKDROP_EXCESS = 0.15
# Seen from straight above, a flat die away from the middle shows the side face turned to the
# middle; a die tipped towards the middle further than the camera's view angle there hides that
# face and shows the one past its outer edge instead (one or the other, never both). With no
# face past the inner edge (under 0.045 die sides beyond the lesser side edge: about a pixel of
# edge blur; a white 1 leaning 24° measured 0.036), a narrower band past the outer edge tells:
# leaning dice by the wall measured 0.06 and more, flat dice by the wall without an inner face
# 0.04 at most (on simulated throws)
NO_INNER_FACE = 0.045
TIPPED_EXCESS = 0.05
# die sides past the inner edge: the side face turned to the middle in view (and no band past the
# outer edge), so the die is not tipped towards the middle and no face of it can show past the
# outer edge (flat dice by the wall measured 0.14 and more; a side face seen from above is
# narrower than half the top face, a die of its colour touching it reaches on past that)
INNER_FACE = (0.1, 0.45)
# die sides past the parallax r/f that the inner side face's band may reach: about a pixel of edge
# blur (flat dice measured up to 0.035 short of r/f on simulated throws; the shadow of a leaning 4 of
# its tint, 0.06 past)
INNER_BLUR = 0.04


def body_reach(
    face: Face, colour: np.ndarray, outward: tuple[float, float], side: float, beside: bool = True,
    outline: np.ndarray | None = None, dice: tuple[float, list[tuple[float, float]]] | None = None,
) -> float | None:
    """Die sides from the top face's centre that die-coloured pixels reach past its outer edge.

    With a pip grid, parallel rays cross the top face's edge nearest to square with `outward`,
    away from its corners, and the median reach counts. A 1 gives no turn: rays fan 45° either
    side of `outward`, one of them square to an edge, and the second least reach counts (about
    0.5 side on a flat die). None when the top face is too dark to give a colour to compare
    with, or (with `beside`) when the felt beside the die, level with the band measured, passes
    for the die; with the tray's `outline`, the felt is what of it lies on the tray (beside a die
    by the wall, the wall may come nearer than past its outer edge), and with `dice` (the die size
    and the centres of the frame's other dice) also the felt all round the die (`felt_round`).
    """
    angles, radii, ox, oy = outward_rays(face, outward, side)
    cos, sin = np.cos(angles)[:, None], np.sin(angles)[:, None]
    map_x = (ox + radii[None, :] * cos).astype(np.float32)
    map_y = (oy + radii[None, :] * sin).astype(np.float32)
    # three parallel lines a pixel apart per ray: one noisy pixel does not end the die
    shifts = np.array([-1.0, 0.0, 1.0])[:, None, None]
    sx = (map_x[None] - shifts * sin[None]).reshape(-1, len(radii)).astype(np.float32)
    sy = (map_y[None] + shifts * cos[None]).reshape(-1, len(radii)).astype(np.float32)
    # past the picture's border is black: no die there
    lines = cv2.remap(colour, sx, sy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    a, b, c = lines.reshape(3, RAY_COUNT, len(radii), 3).astype(np.float32)
    samples = np.maximum(np.minimum(a, b), np.minimum(np.maximum(a, b), c))  # median of three
    ref_r = np.linspace(*REF_BAND, 4) * side
    ref_x = ox + np.cos(angles)[:, None] * ref_r[None, :]
    ref_y = oy + np.sin(angles)[:, None] * ref_r[None, :]
    ref_pixels = cv2.remap(
        colour, ref_x.astype(np.float32), ref_y.astype(np.float32), cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    ).reshape(-1, 3).astype(np.float32)
    ref = median_along(ref_pixels, axis=0)
    ref_sum = float(ref.sum())
    if ref_sum < 60.0:
        return None  # too dark a face for its tint to mean anything
    die = _die_like(samples, ref)
    # the felt or the wall beside the die, level with the band: when it passes for the die too
    # (ivory dice on white felt), a band of die colour past the top face tells nothing
    if beside:
        normal = float(median_along(angles))
        nx, ny = math.cos(normal), math.sin(normal)
        along = np.linspace(0.0, 0.9, 7) * side
        flanks = np.array([-BESIDE, BESIDE])[:, None] * side
        bx = (face.center[0] - flanks * ny + along[None, :] * nx).astype(np.float32)
        by = (face.center[1] + flanks * nx + along[None, :] * ny).astype(np.float32)
        felt = cv2.remap(colour, bx, by, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT).astype(np.float32)
        flanks = [felt[0], felt[1]]
        if outline is not None:
            # a flat die's top face has its centre on the tray (half a side inside the wall's foot,
            # less its parallax, r/f of a side: under half); a face centred past the outline is none
            on_tray_face = cv2.pointPolygonTest(outline.reshape(-1, 1, 2), face.center, False) >= 0
            for k in range(2):
                on_tray = outline_depths(outline, bx[k], by[k]) >= 0
                if on_tray.any():
                    flanks.append(felt[k][on_tray])
                # and the wall beside such a face, level with the band: where it passes for the die, a
                # leaning die's turned-up face is no more told from it than the flat die's end by colour
                # (its pips' dashes still tell, below)
                if on_tray_face and int((~on_tray).sum()) >= WALL_SAMPLES:
                    flanks.append(felt[k][~on_tray])
            if dice is not None:  # the felt is one cloth: its tint round the die is the band's
                flanks += felt_round(face.center, colour, outline, *dice)
        if any(_die_like(median_along(f, axis=0), ref, BESIDE_TINT) for f in flanks):
            return None
    # the glow of a light pip can tint the face just past it: the run starts at the first die
    # sample near the ray's start, and ends at the first two samples in a row that are not die
    lead = max(1, round(GLOW_SKIP * side / STEP_PX))
    begin = np.where(die[:, :lead].any(axis=1), die[:, :lead].argmax(axis=1), 0)
    off = ~die
    off[:, :-1] &= off[:, 1:]
    index = np.arange(len(radii))[None, :]
    off &= index >= begin[:, None]
    first = np.where(off.any(axis=1), off.argmax(axis=1), len(radii) - 1)
    reach = radii[first] / side
    # for a 1, the ray square to the edge reaches least; one ray of the fan may stop sooner on a
    # pip of the second face (neither die colour nor background), so the second least counts
    return float(median_along(reach)) if face.fit is not None else float(np.partition(reach, 1)[1])


def _die_like(samples: np.ndarray, ref: np.ndarray, tint_limit: float = TINT) -> np.ndarray:
    """Which (…, 3) colour samples may be a face of the die whose top face has colour `ref`."""
    ref_sum = float(ref.sum())
    sums = samples.sum(axis=-1)
    tint = np.abs(samples / np.maximum(sums, 1.0)[..., None] - ref / ref_sum).sum(axis=-1)
    ratio = sums / ref_sum
    return (ratio >= SHADE[0]) & (ratio <= SHADE[1]) & (tint <= tint_limit)


def reach_past_sides(
    face: Face, colour: np.ndarray, outward: tuple[float, float], side: float, half_side: float = 0.0,
    outline: np.ndarray | None = None, dice: tuple[float, list[tuple[float, float]]] | None = None,
) -> float | None:
    """How much further the body reaches past the top face's outer edge than past its sides.

    A die leaning on the wall is tipped about an axis along the wall: its second face shows past
    the outer edge only, while past the edges to either side it ends at the top face, as a flat
    die does everywhere on the side away from the middle. Measuring against those edges takes
    out the blur of the edges and any error in the die size. The side nearer the middle may show
    a flat die's own side face, so the lesser side counts. None when either cannot be measured.
    `half_side` (in `side` units) is the least a side reach is taken as: a flat top face reaches
    that far from its centre on every side, and a run that stops short of it has stopped on the
    shade of the die's rounded edge, not past the face. `outline` and `dice` are `body_reach`'s.
    """
    outer = body_reach(face, colour, outward, side, outline=outline, dice=dice)
    if outer is None:
        return None
    ux, uy = outward
    sides = [body_reach(face, colour, (-uy * k, ux * k), side, beside=False) for k in (1.0, -1.0)]
    known = [s for s in sides if s is not None]
    return outer - max(min(known), half_side) if known else None


def shows_body_past_top(
    face: Face,
    view_centre: tuple[float, float],
    die_size: float,
    colour: np.ndarray,
    outline: np.ndarray,
    dark: np.ndarray | None = None,
    nadir: tuple[float, float] | None = None,
    focal: float | None = None,
    others: list[tuple[float, float]] | None = None,
    tops: list[tuple[float, float]] | None = None,
) -> bool:
    """True when a die by the wall shows its body past its top face on the side away from the middle.

    Only a die within a die's reach of the wall (`outline`, the tray's, in the frame's pixels)
    can lean on it; further in there is nothing to lean on, and the felt round a die tells less.
    With the lens known (`nadir`, `focal`), a die showing its side face turned to the middle as
    wide as a flat die's is not tipped towards the middle, whatever reaches past its outer edge.
    `others`: the centres of the frame's other dice, whose faces are no background beside this one;
    `tops`: those of them read, whose top faces a run past the inner edge may go on over.
    """
    tray = outline.reshape(-1, 1, 2)
    depth = cv2.pointPolygonTest(tray, face.center, True)
    if depth > WALL_REACH * die_size:
        return False
    dx, dy = face.center[0] - view_centre[0], face.center[1] - view_centre[1]
    radius = math.hypot(dx, dy)
    if radius < die_size:
        return False  # below the lens every side of a die is "away": nothing to tell
    side = face.size if face.fit is not None else die_size
    outward = (dx / radius, dy / radius)
    # the pip grid gives `side`, which dice makers' layouts leave short of the die: a red 4 of 24
    # pixels spaced as a 19-pixel die's ran 0.49 of its grid's side to its shaded side edge and
    # 0.62 (half the die) to the outer one
    dice = None if others is None else (die_size, others)
    excess = reach_past_sides(face, colour, outward, side, 0.5 * die_size / side, outline, dice)
    if excess is not None and excess > LEAN_EXCESS:
        return True
    reaches = backdrop_reaches(face, colour, outward, side, die_size, others, tray)
    # a band past the inner edge as wide as the parallax is the side face turned to the middle, and
    # then no band past the outer edge is the die's; but it may be the body of a die below, over
    # which this one leans on the wall, and the dashes of a turned-up face still tell (no flat die
    # of the simulated throws with that band in view showed one)
    in_view = (
        reaches is not None and nadir is not None and focal is not None and focal > 0.0
        and inner_face_in_view(reaches[1] * side / die_size, face, nadir, focal)
    )
    on_neighbour = in_view and inner_run_on_another(face, colour, outward, side, die_size, tops or [])
    if reaches is not None and on_neighbour:
        # that band ran on over a read neighbour's top face: it measured that die, no side face of
        # this one, and the band past the outer edge counts. On the saved sets from 40000, ten faces'
        # runs so ended: nine of flat dice reached -0.1 to -0.017 of a side past their lesser side reach
        # outwards, a white 2 leaning 30° on the far wall, a flat 1 of its colour 2 px inside it,
        # 0.18. Only read dice: a refused group's centre may be the pips of this die's own side face
        # (a flat dark 4's, 0.59 of a side from its centre, ended its inner run; its outer band 0.167)
        if reaches[0] > BACKDROP_EXCESS:
            return True
    elif reaches is not None and not in_view:
        against, inner = reaches
        if against > BACKDROP_EXCESS:
            return True
        against, inner = against * side / die_size, inner * side / die_size
        if inner < NO_INNER_FACE and against > TIPPED_EXCESS:
            return True
        if INNER_FACE[0] <= inner <= INNER_FACE[1] and against <= TIPPED_EXCESS:
            return False  # shade or specks past the outer edge are no second face's dashes
    wall = wall_direction(outline, face.center)
    return dark is not None and any(
        dash_past_top_face(
            face, dark, outward, die_size, True, colour, wall, shaded=shaded, others=others, outline=outline,
            lens=(nadir, focal) if nadir is not None and focal else None,
        )
        for shaded in (False, True)  # then the dimmer dashes of a second face turned from the light
    )


def inner_face_in_view(inner: float, face: Face, nadir: tuple[float, float], focal: float) -> bool:
    """Whether the band past the inner edge (`inner`, die sides) is the side face turned to the middle.

    Tipped towards the middle less than the view angle, a die shows that face and its outer face is
    turned from the lens: a band past the outer edge (a shadow, the wall of another tint) is none of
    it, nor a dash there its pip. The face is no wider than the parallax of the die's height makes
    it (r/f of a side); a band further in is no side face (the shadow of a leaning die of its tint).
    """
    parallax = math.dist(face.center, nadir) / focal
    return INNER_FACE[0] <= inner <= min(INNER_FACE[1], parallax + INNER_BLUR)


def shows_inner_face(
    face: Face,
    view_centre: tuple[float, float],
    nadir: tuple[float, float],
    focal: float,
    die_size: float,
    colour: np.ndarray,
) -> bool:
    """True when a band of the die past its inner edge is its side face turned to the middle, as
    wide as the lens's parallax makes a flat die's (`inner_face_in_view`)."""
    away, inner = _inner_reach(face, view_centre, die_size, colour)
    return away and inner is not None and inner_face_in_view(inner, face, nadir, focal)


def _inner_reach(
    face: Face, view_centre: tuple[float, float], die_size: float, colour: np.ndarray
) -> tuple[bool, float | None]:
    """(whether the die lies a die side or more from the middle, and how far, in die sides, its
    colour reaches past its inner edge beyond the lesser side reach: None when the runs tell
    nothing, `backdrop.backdrop_reaches`)."""
    dx, dy = face.center[0] - view_centre[0], face.center[1] - view_centre[1]
    radius = math.hypot(dx, dy)
    if radius < die_size:
        return False, None
    side = face.size if face.fit is not None else die_size
    reaches = backdrop_reaches(face, colour, (dx / radius, dy / radius), side, die_size)
    return True, None if reaches is None else reaches[1] * side / die_size


def by_wall_without_inner_face(
    face: Face,
    view_centre: tuple[float, float],
    nadir: tuple[float, float],
    focal: float,
    die_size: float,
    colour: np.ndarray,
    outline: np.ndarray,
    dark: np.ndarray,
) -> bool:
    """True when a die by the wall hides the side face that the lens (`focal`, pixels) says a flat
    die there shows towards the `nadir`: no dash of its pips where they must be, and no band of die
    colour past the inner edge either (`vision/innerface.py`)."""
    depth = cv2.pointPolygonTest(outline.reshape(-1, 1, 2), face.center, True)
    if depth > WALL_REACH * die_size:
        return False
    marks = inner_face_marks(face, dark, nadir, focal, die_size)
    # a faint mark with no peak, over a band as the felt beside the die, is no side face either; nor,
    # faint or not, is such a band lit at least as the top face and of another tint
    felt = marks.no_peak and felt_past_inner_edge(
        face, colour, nadir, focal, die_size, unlike_top=not marks.faint
    )
    if not marks.hidden and not felt:
        return False
    away, inner = _inner_reach(face, view_centre, die_size, colour)
    # a side face of die colour past the inner edge is in view, faint dashes or not; but a band of
    # die colour with no mark standing out over it on both sides across it is no face (every face
    # has pips): the shadow of a black die is of its colour
    return away and (inner is None or inner < INNER_FACE[0] or marks.no_peak)
