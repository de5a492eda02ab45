"""The sign of a die leaning on the wall that a camera looking straight down can see.

Seen from straight above, a flat die shows its side faces only on the side turned to the middle
of the picture (its top face, nearer the lens, is pushed outwards). A die leaning on the tray's
wall tips its top face towards the middle, where the lens is (so the top still looks square),
and turns up the face that was towards the wall: a second face on the far side, its pips
squashed into short dashes along the edge between the two faces. The dashes are too thin
for the pip search (their ring runs over the edge), so the band past the top face is looked at
directly.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

from vision.backdrop import top_colour
from vision.clipped import unclipped
from vision.edgeturn import square_turn
from vision.facecolour import face_tolerance
from vision.faces import Face
from vision.outlinefoot import above_any_die, wall_along_outline
from vision.rays import band_grid
from vision.wallblend import face_blurred_with_past
from vision.wallfoot import background_beside, wall_beside

BAND_ALONG = (0.45, 0.9)  # die sides from the top face's centre, away from the view's centre
BAND_ACROSS = 0.45  # half width of the band, die sides
STEP_PX = 0.5  # sampling step of the band
DASH_DARKNESS = 0.25  # a dash is this share of the top face's pip contrast below round it
LOCAL_WINDOW = 0.3  # die sides: the neighbourhood a dash is compared with
DASH_THICKNESS = 0.12  # die sides: the thickest a dash is, across the edge
DASH_STRETCH = 1.4  # a dash is at least this much longer along the edge than across it
DASH_AREA_PX = 1.5  # and at least this many square pixels
# By the wall, where a die can lean, the second face is looked at more closely. Each row of the
# band runs along the edge at one distance past it: a dash is compared with its own row, so that
# the wall past a narrow second face does not hide the dashes near its far edge.
WALL_ROW_WINDOW = 0.6  # die sides along the edge: twice the longest dash
# seen edge-on and blurred, a second face's pips stand out less than the top face's (0.21 of
# their contrast on a simulated grey die on grey felt)
WALL_DASH_DARKNESS = 0.15
# a dash lies on face on both its sides along the edge: a row's closing over more than a pip's length
# (a 1's pip is a third of a side) gives that face's level at the dash, where the rows across it may
# already be past a narrow second face (the wall of a die leaning 27° on it; a flat die's shadow or
# felt edge is a step along the row, not a valley, and the closing keeps it)
WALL_DASH_SPAN = 0.4
# a second face's pip (0.2 of a side) is foreshortened to 0.07-0.38 of its width across the edge
# (dice leaning 24-34° at 12-20° off the lens's axis) and blurred by a pixel each side: up to 0.15
# of a side on a die 28 pixels wide, and still twice as long as thick (0.38 of 6 pixels and 2 of
# blur across, 6 and 2 along); a speck of felt grain that thick is about as long as thick
WALL_DASH_THICKNESS = (0.15, 2.0)
# a face turned 55-65° from the light above keeps about cos 60° of the top face's level, less
# with the light on the wall's side, down to the third that the body checks allow a side face
# (0.39 round the dashes of a white die on pale felt, 0.31 of a white die in daylight)
WALL_FACE_SHADE = 0.3
# and it keeps the top face's tint (L1 step of the channels' shares): the felt past a flat die's
# edge need not (0.12 and 0.13 round the edge shades of flat white dice on red and on teal felt;
# at most 0.07 round a leaning light die's dashes on the simulated throws)
WALL_FACE_TINT = 0.1
# a second face's pip is foreshortened across the edge, never stretched across it: by the wall, a
# dash as long as it is thick counts when it starts this many die sides past the top face's edge,
# clear of the edge's own blur and glints (a pixel and more; a flat red die's rim showed one at 0.02)
WALL_SHORT_DASH = (1.0, 0.1)
# a second face's pip lies inside that face, clear of the edge it shares with the top face: tipped
# 25° or more, it reaches past the top face's square (the die's side round its centre) by more
# than this many die sides; the shade of the top face's own rim, or a dark backdrop met along a
# turned edge, stays within that edge's blur (flat dice by the wall measured 0.06 at most, the
# dashes of leaning dice 0.08 and more on the simulated throws)
PAST_TOP_EDGE = 0.07
# A pip stands out from its face in proportion to the light on that face: on a second face turned
# from the light (0.37 of the top face's level round the dashes of an ivory 6 leaning 28°), its
# dashes stand out by that share of the top pips' contrast only. By the wall, a face darker than this
# share of the top face is looked at again with the darkness scaled so, when it is not the felt or
# the wall beside the die, whose specks and edges stand out as much (`wallfoot.background_beside`)
SHADED_FACE = 0.75
# a face lit this much brighter than the top face is no top face of a flat die (all lit alike) and
# no felt beside it that a round speck of grain could stand out on as much as a printed pip: grain
# stands out by the pip search's floor (28-34 grey levels on the simulated felts), printed pips by
# 60 and more, and at least half the top pips' contrast (a leaning white 1 in shade, 116, showed a
# red pip standing out by about 100 on its turned-up face, lit to 190)
LIT_FACE = 1.2
PRINTED_PIP = (60.0, 0.5)
# a second face's pip is foreshortened across the edge, not along it: there it is as long as the
# smallest pip a die maker prints (a tenth of a side), of which the dash's threshold keeps half at
# least (0.058 and more on the leaning dice of the simulated throws); a speck of felt grain 1.5
# pixels across beside a die 31 pixels wide is 0.048
DASH_LENGTH = 0.05
# of the dark a dash is found by (DASH_DARKNESS or WALL_DASH_DARKNESS of the top pips' contrast):
# a shadow's shade on felt ripples by its grain within this, a pip's face round it is lighter by all
RUN_ON_GRAIN = 0.25
# by the wall, a dash's rows have face this share of that dark lighter than it at either end, the
# lightest of the FLANK_STEPS band steps past the dash (the pip's blurred rim lies within them)
FLANK_SHARE = 0.5
FLANK_STEPS = 3


def top_face_levels(face: Face, dark: np.ndarray, die_size: float) -> tuple[float, float] | None:
    """(face level, pip contrast) of a read top face in the dark-pip plane."""
    h, w = dark.shape
    if face.fit is not None:
        fit = face.fit
        bare = [fit.to_image(u, v) for u in (-0.5, 0.5) for v in (-0.5, 0.5)]
        pips = [fit.to_image(u, v) for u, v in fit.cells]
    else:  # a 1: bare face all round its pip
        cx, cy = face.center
        radius = 0.25 * die_size
        bare = [(cx + radius * math.cos(a), cy + radius * math.sin(a))
                for a in np.linspace(0.0, 2.0 * math.pi, 8, endpoint=False)]
        pips = [face.center]

    def at(points: list[tuple[float, float]]) -> float:
        xs = np.clip(np.rint([p[0] for p in points]), 0, w - 1).astype(np.intp)
        ys = np.clip(np.rint([p[1] for p in points]), 0, h - 1).astype(np.intp)
        return float(np.median(dark[ys, xs]))

    level, pip = at(bare), at(pips)
    return (level, level - pip) if level > pip else None


def one_turn(face: Face, dark: np.ndarray, die_size: float) -> float | None:
    """The turn of a 1's square, from the edges round its pip; None when they show none.

    Seen from above, the top face's outline, its side faces and their edges run along the die's
    two axes: the brightness gradients in a ring round the pip (clear of it, out to past the
    corners), their angles taken four-fold, agree on the turn. The round pip gives every angle
    alike and only weakens that agreement.
    """
    return square_turn(face.center, dark, die_size)


def _past_top_face(
    face: Face, xs: np.ndarray, ys: np.ndarray, die_size: float, turn: float | None = None
) -> float:
    """Pixels by which the farthest of the points lies past the top face's square (the die's side
    round its centre, turned as its pips, or for a 1 by `turn`; without it, a 1's edge is at least
    the inscribed circle away)."""
    dx, dy = xs - face.center[0], ys - face.center[1]
    if face.fit is None and turn is None:
        return float(np.hypot(dx, dy).max()) - 0.5 * die_size
    angle = face.fit.angle if face.fit is not None else turn
    c, s = math.cos(angle), math.sin(angle)
    return float(np.maximum(np.abs(c * dx + s * dy), np.abs(c * dy - s * dx)).max()) - 0.5 * die_size


def _printed_on_lit_face(
    band: np.ndarray, closed: np.ndarray, dash: np.ndarray, level: float, contrast: float
) -> bool:
    """Whether a mark is a printed pip on a face lit brighter than the top face (LIT_FACE).

    Every top face of a flat die is lit alike; a face brighter than this one is tipped towards the
    light, as a leaning die's turned-up face may be, and a pip on it stands out as a printed pip
    does (PRINTED_PIP), whereas felt grain as round and thick stands out by the pip search's floor.
    """
    face = float(np.median(closed[dash]))
    return face >= LIT_FACE * level and face - float(np.median(band[dash])) >= max(
        PRINTED_PIP[0], PRINTED_PIP[1] * contrast
    )


def _flanked_along_rows(band: np.ndarray, dash: np.ndarray, need: float) -> bool:
    """Whether the face at both ends of a dash's rows is lighter than the dash by `need`.

    A pip printed on a second face has that face either side of it along the edge. By the wall the
    dark is found against a row's own mean, which a row running slant into the wall's foot raises:
    there a speck of the felt's grain beside the wall stands out from its row, not from the felt
    either side of it (a flat red 5 on red felt, its band slant to a black wall).
    """
    inside = float(np.median(band[dash]))
    ends: tuple[list[float], list[float]] = ([], [])
    for row in np.flatnonzero(dash.any(axis=1)):
        cols = np.flatnonzero(dash[row])
        first, last = int(cols[0]), int(cols[-1])
        if first > 0:
            ends[0].append(float(band[row, max(0, first - FLANK_STEPS):first].max()))
        if last + 1 < band.shape[1]:
            ends[1].append(float(band[row, last + 1:last + 1 + FLANK_STEPS].max()))
    return all(side and float(np.median(side)) - inside >= need for side in ends)


def _runs_on(band: np.ndarray, dash: np.ndarray, inner_only: bool = False, grain: float = 0.0) -> bool:
    """Whether the dark of a dash runs on, at the dash's own level, to the band's border (with
    `inner_only`, to its inner border, back to the top face's edge).

    A second face's pip is a mark with face round it: the pixels as dark as its middle stay within
    it. The soft edge of a shadow is a long ramp from felt to shade: its pixels that the local mean
    takes for a dash are as dark as the shade beyond them, which runs on out of the band. The shade
    is as dark within `grain` levels: a felt's grain ripples it (a neighbour's shadow past a flat
    ivory 2's edge, 84 to 90, was parted from its own end, 86 to 90, by pixels of 91 to 93).
    """
    level = float(np.median(band[dash])) + grain
    _, labels = cv2.connectedComponents((band <= level).astype(np.uint8), connectivity=8)
    reached = np.unique(labels[dash & (band <= level)])
    border = labels[0] if inner_only else np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]])
    return bool(np.isin(reached[reached > 0], border).any())


def dash_past_top_face(
    face: Face,
    dark: np.ndarray,
    outward: tuple[float, float],
    die_size: float,
    by_wall: bool = False,
    colour: np.ndarray | None = None,
    wall: tuple[float, float] | None = None,
    aside: bool = False,
    shaded: bool = False,
    others: list[tuple[float, float]] | None = None,
    outline: np.ndarray | None = None,
    reach: float | None = None,
    others_side: Callable[[float, float], bool] | None = None,
    lens: tuple[tuple[float, float], float] | None = None,
) -> bool:
    """True when the band past a top face, away from the view's centre, is face with a dash on it.

    `by_wall`: the die is within reach of the tray's wall, and the closer look applies; with
    `colour`, the face round a dash must also be of the top face's tint, and with `wall` (the
    direction of the wall nearest the die) a dash of the wall's colour beside the die is its foot.
    `aside`: the die would lean on a die aside, away from the wall, and a dash's dark must stay
    within it (by the wall it may run on into the wall's foot past a narrow second face).
    `shaded` (by the wall, with `colour` and `wall`): the dimmer dashes of a second face turned from
    the light, darker than their rows by the share of the top pips' contrast that the rows' light is
    of the top face's, on face darker than SHADED_FACE of it that is not the background beside the
    die (`wallfoot.background_beside`; `others`, the centres of the frame's other dice, are none of it).
    With the tray's `outline`, the wall's foot is also looked for along it, where a round tray's wall
    curves away from its nearest straight direction (`outlinefoot.wall_along_outline`).
    `reach` (die sides from the top face's centre) ends the band short of BAND_ALONG's end.
    `others_side` says whether a point lies on a side face another die shows: a dash centred there
    is that die's. With `outline` and `lens` (the point below the lens and the focal length, pixels),
    a dash further up the wall than a die reaches is none (`outlinefoot.above_any_die`).
    """
    levels = top_face_levels(face, dark, die_size)
    if levels is None or (shaded and (colour is None or wall is None)):
        return False  # no contrast to scale from, or no colours to tell a shaded face from the background
    level, contrast = levels
    ux, uy = outward
    end = BAND_ALONG[1] if reach is None else min(reach, BAND_ALONG[1])
    along = np.arange(BAND_ALONG[0] * die_size, end * die_size, STEP_PX)
    if len(along) < 2:
        return False  # no band left to look at
    across = np.arange(-BAND_ACROSS * die_size, BAND_ACROSS * die_size, STEP_PX)
    grid = band_grid(face.center, (ux, uy), along, across, dark.shape)
    if grid is None:
        return False
    map_x, map_y = grid
    band = cv2.remap(dark, map_x, map_y, cv2.INTER_LINEAR)
    # dark against what is right round it: a dash on a bright face, not the felt past the die
    block = round((WALL_ROW_WINDOW if by_wall else LOCAL_WINDOW) * die_size / STEP_PX) | 1
    window = (block, 1) if by_wall else (block, block)
    local = cv2.blur(band.astype(np.float32), window, borderType=cv2.BORDER_REPLICATE)
    closed = None
    if by_wall:
        span = round(WALL_DASH_SPAN * die_size / STEP_PX) | 1
        kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (span, 1))
        closed = cv2.morphologyEx(band, cv2.MORPH_CLOSE, kernel, borderType=cv2.BORDER_REPLICATE)
    darkness = (WALL_DASH_DARKNESS if by_wall else DASH_DARKNESS) * contrast
    if shaded:
        darkness = darkness * np.clip(local / max(level, 1.0), WALL_FACE_SHADE, 1.0)
    mask = (band < local - darkness).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    rows, cols = mask.shape
    turns: list[float | None] = []  # a 1's turn, found once, when a dash first needs it
    floor = WALL_FACE_SHADE * level if by_wall else level - face_tolerance(level, contrast)
    side = face.size if face.fit is not None else die_size
    tinted = None
    if by_wall and colour is not None:
        top = top_colour(face, colour, side)
        tinted = cv2.remap(colour, map_x, map_y, cv2.INTER_LINEAR).astype(np.float32)
    for k in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[k])
        if x == 0 or y == 0 or x + bw >= cols or y + bh >= rows:
            continue  # runs out of the band: an edge or a line, not a pip
        thick, long = bh * STEP_PX, bw * STEP_PX
        stretch = DASH_STRETCH
        if by_wall and along[y] - 0.5 * side >= WALL_SHORT_DASH[1] * side:
            stretch = WALL_SHORT_DASH[0]
        thickest = WALL_DASH_THICKNESS[0] if by_wall else DASH_THICKNESS
        if area * STEP_PX**2 < DASH_AREA_PX or long < DASH_LENGTH * die_size or thick > thickest * die_size:
            continue
        inside = labels[y:y + bh, x:x + bw] == k
        dash_x, dash_y = map_x[y:y + bh, x:x + bw][inside], map_y[y:y + bh, x:x + bw][inside]
        edge = PAST_TOP_EDGE * die_size
        past = _past_top_face(face, dash_x, dash_y, die_size)
        if past <= edge:
            continue
        if others_side is not None and others_side(float(dash_x.mean()), float(dash_y.mean())):
            continue
        if outline is not None and lens and above_any_die(dash_x, dash_y, outline, *lens, die_size):
            continue  # on the wall above every die: its top edge, no pip
        squat = thick > DASH_THICKNESS * die_size and long < WALL_DASH_THICKNESS[1] * thick
        if (squat or long < stretch * thick) and not (
            # clear of the top face's edge, a round pip on a face lit brighter than the top face
            closed is not None and past >= WALL_SHORT_DASH[1] * die_size
            and _printed_on_lit_face(band, closed, labels == k, level, contrast)
        ):
            continue
        # the band out from a 1 may run over a corner of its top face, past the inscribed circle
        if face.fit is None and not turns:
            turns.append(one_turn(face, dark, die_size))
        turn = turns[0] if turns else None
        if turn is not None and _past_top_face(face, dash_x, dash_y, die_size, turn) <= edge:
            continue
        # aside, on the felt: shade within a quarter of the dark a dash is found by is of its dark
        found_by = np.broadcast_to(darkness, band.shape)[y:y + bh, x:x + bw][inside]
        grain = RUN_ON_GRAIN * float(found_by.mean()) if aside else 0.0
        if (aside or by_wall) and _runs_on(band, labels == k, inner_only=not aside, grain=grain):
            # the soft edge of a shadow, darker on one side, not a mark with face round it; by the
            # wall a dash may run on into the wall's foot past a narrow second face, but a pip of
            # that face has face lit between it and the top face's edge
            continue
        if by_wall and not _flanked_along_rows(band, labels == k, FLANK_SHARE * float(found_by.mean())):
            continue  # no face either end of its rows: felt grain by the slant of the wall's foot
        if wall is not None and colour is not None and (
            wall_beside(colour, dash_x, dash_y, face.center, wall, die_size)
            or (
                outline is not None
                and wall_along_outline(colour, dash_x, dash_y, face.center, outline, die_size)
            )
        ):
            continue  # the wall's foot seen past a flat die's edge, as it runs on beside the die
        # on face as bright as the top face (by the wall, lit as a second face is): the rows just
        # before and after the dash
        rows_around = slice(max(0, y - 2), y + bh + 2)
        ring = labels[rows_around, x:x + bw] != k
        around = band[rows_around, x:x + bw][ring]
        face_level = float(np.median(around)) if around.size else 0.0
        if closed is not None:
            face_level = max(face_level, float(np.median(closed[y:y + bh, x:x + bw][inside])))
        if face_level < floor:
            continue
        if tinted is None:
            return True
        shade = np.median(tinted[rows_around, x:x + bw][ring], axis=0)
        # the white balance may cut a bright top face's channel at 255, not its face in shade (`clipped`)
        lit = unclipped(top, shade)
        tint = np.abs(shade / max(float(shade.sum()), 1.0) - lit / max(float(lit.sum()), 1.0)).sum()
        # a narrow second face blurs its rows with the wall past it (`vision/wallblend.py`)
        if float(tint) > WALL_FACE_TINT and not face_blurred_with_past(
            shade, lit, colour, (dash_x, dash_y), face.center, die_size, WALL_FACE_TINT
        ):
            continue
        in_shade = face_level <= SHADED_FACE * level
        beside = (
            in_shade and wall is not None and colour is not None
            and background_beside(
                colour, shade, dash_x, dash_y, face.center, wall, die_size,
                (top, face.fit.angle if face.fit is not None else turn), others, outline,
            )
        )
        if (
            beside and not shaded and outline is not None and colour is not None
            and wall_along_outline(colour, dash_x, dash_y, face.center, outline, die_size, thin=False)
        ):
            # the wall's foot, told by two marks at once: a dash of the foot's colour on the outline,
            # on "face" dim and of the background's blend (the wall blurred with the felt). Near grey,
            # that blend passes a cream die's tint; and the foot's edge, stepping a pixel at a
            # corner of the outline, leaves a stroke two pixels thick (a flat cream 5 on pale felt:
            # its face 0.57 of the top face, 0.097 off its tint, the stroke spread 1.36 px in depth).
            # A leaning 6's turned-up face, narrow and blurred with the wall, passed for that
            # blend too, but its dash lay 2 to 3.2 px inside the outline, not of the foot's colour.
            continue
        if not shaded or (in_shade and not beside):
            return True
    return False
