"""What a camera looking straight down should not see: the checks that refuse a leaning die.

They run only with a top-down profile (the box's camera), on every face the reader would read.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import replace

import numpy as np

from vision.body import by_wall_without_inner_face, shows_body_past_top, shows_inner_face
from vision.edgeturn import ONE_TOP_AGREEMENT, ONE_TOP_RING, square_turn
from vision.faces import OTHER_TOP_FACE, Face
from vision.innerdepth import turned_up_inner_face
from vision.innerface import inner_face_overlit, inner_face_unlit
from vision.innertint import inner_band_of_felt
from vision.innerwidth import inner_face_short
from vision.layout import LayoutFit
from vision.lean import BAND_ALONG, dash_past_top_face, top_face_levels
from vision.pips import PipBlob
from vision.secondface import shows_outer_face, shows_second_face
from vision.sidepips import side_face_pip
from vision.toplight import top_face_off_level
from vision.turnedup import hides_wall
from vision.verdicts import LEAN_SUPPORT_REACH, OWN_PIPS, could_lean

# die sides across the way out: a neighbour this far aside keeps its side face turned to the middle
# (half a side either side of its centre) clear of the band looked at past the top face (0.45)
ASIDE_ACROSS = 0.95
TOP_DOWN_ASPECT = 0.9  # about 25° of tilt; flat faces under the box's camera measure 0.92+
# a pip's centre is found to about a quarter pixel, and a grid's fitted axes (over pips two spacings
# apart) to about a tenth of a pixel per spacing: a small grid's aspect is that much less sure
ASPECT_PX = 0.1
# a refused group centred OTHER_TOP_FACE die sides or more from a top face is another die's top face
# (a leaning die's second face is centred within 0.85 of a side, half a side and at most sin 45° of
# a half side past its centre), and the pips within OWN_PIPS (`verdicts`) die sides of its centre
# are on it

SIDE_FACE_BLUR_PX = 1.0  # a pip's blur past the side face's parallax width
# a side face's pips are centred within this share of its width from the top face's edge (its outer
# rows at 0.75 of it, as a top face's at 0.75 of a side from an edge); one further out lies past it
SIDE_PIP_DEPTH = 0.85


def cocked_if_leaning(
    face: Face,
    unclaimed: list[PipBlob],
    marks: list[PipBlob],
    view_centre: tuple[float, float],
    die_size: float | None,
    dark: np.ndarray,
    colour: np.ndarray,
    outline: np.ndarray | None = None,
    frame_faces: list[Face] | None = None,
    nadir: tuple[float, float] | None = None,
    focal: float | None = None,
) -> Face:
    """Refuse a face that a camera looking straight down should not see as it is seen.

    Seen from straight above, a flat face keeps its square grid (a pinhole camera does not
    foreshorten a plane parallel to its sensor); a grid squashed below TOP_DOWN_ASPECT is a face
    tilted towards the lens. Round pips of a second face beside it say the same, and so does
    any pip past the top face on the side away from the middle of the picture, on a die that
    has something to lean on (the wall, or another of `frame_faces`). `nadir` is the point of
    the picture below the lens (the view's centre when None): a flat die's side faces are turned
    towards it, whereas a leaning die turns up the face towards the wall, away from the middle.
    With `focal` (the lens's, pixels), a die by the wall must show that side face as wide as the
    parallax of its height makes it.
    """
    if face.value is None:
        return face
    if face.fit is not None and face.fit.aspect < TOP_DOWN_ASPECT - ASPECT_PX / max(face.fit.spacing, 1.0):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="tilted grid")
    if die_size:
        unclaimed = [b for b in unclaimed if not on_another_top_face(face, b, frame_faces or [], die_size)]
    if die_size and nadir and focal:
        # a shaded pip of the side face a read neighbour turns to the point below the lens (a red 3's,
        # beside a flat red 6) is that neighbour's, no face this die turned up; a second face lies
        # within a die side and a half of the top face's centre
        side_view = (frame_faces or [], nadir, focal, die_size, dark)
        unclaimed = _off_side_faces(face, unclaimed, 1.5 * die_size, side_view)
    parallax = math.dist(face.center, nadir) / focal if nadir and focal else None
    if shows_second_face(face, unclaimed, nadir or view_centre, die_size, parallax):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="second face seen")
    if die_size and nadir and focal:
        # the band past the outer edge lies within a die side of the centre (0.85 out, 0.5 across)
        marks = _off_side_faces(face, marks, die_size, side_view)
    if (
        die_size
        and could_lean(face, frame_faces or [], die_size, outline)
        and shows_outer_face(
            face, marks, view_centre, die_size, dark,
            _other_dice(face, frame_faces or [], die_size, OTHER_TOP_FACE), colour, outline,
        )
        # its inner side face in view, the die is not tipped towards the middle: no face of it past
        # the outer edge faces the lens (a die tipped aside puts its turned-up face beside that band)
        and not (nadir and focal and shows_inner_face(face, view_centre, nadir, focal, die_size, colour))
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="outer face seen")
    others = _other_dice(face, frame_faces or [], die_size) if die_size else []
    if die_size and outline is not None and shows_body_past_top(
        face, view_centre, die_size, colour, outline, dark, nadir or view_centre, focal, others,
        _other_dice(face, frame_faces or [], die_size, read=True),
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="body past top face")
    if die_size and outline is not None and hides_wall(face, colour, outline, die_size, dark):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="wall hidden past top face")
    if die_size and outline is not None and focal and by_wall_without_inner_face(
        face, view_centre, nadir or view_centre, focal, die_size, colour, outline, dark
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="no inner face")
    if die_size and outline is not None and focal and inner_face_unlit(
        face, dark, nadir or view_centre, focal, die_size, outline
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="unlit inner face")
    if die_size and outline is not None and focal and inner_face_overlit(
        face, colour, nadir or view_centre, focal, die_size, outline, others
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="felt for inner face")
    # of the felt's tint and lit no more than it, the band is the felt in the die's shadow: a dark die on
    # dark felt, tipped square to the lens, hides its side face with nothing the checks above can tell
    if die_size and outline is not None and focal and inner_band_of_felt(
        face, colour, nadir or view_centre, focal, die_size, outline, others
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="felt's tint for inner face")
    # a die tipped towards the middle by part of the view angle shows its side face turned to the lens
    # narrower than the parallax of its height, the felt beginning short of it
    if die_size and outline is not None and focal and inner_face_short(
        face, dark, colour, nadir or view_centre, focal, die_size, outline, others
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="narrow inner face")
    # a 1 by the wall lit otherwise than the flat top faces of its kind in the frame is tilted
    if die_size and outline is not None and top_face_off_level(
        face, frame_faces or [], dark, colour, die_size, outline
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="top face lit otherwise")
    # away from the wall, a die leaning on a die beyond it shows the dashes of its second face as by the wall
    reach = die_size and aside_band_reach(face, frame_faces or [], view_centre, die_size, nadir, focal)
    if die_size and reach and dash_past_top_face(
        face, dark, _outward(face, view_centre), die_size, by_wall=True, colour=colour, aside=True,
        reach=reach,
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="outer face on a die")
    # that band ends where a read die's side face may begin at the nearest, wherever across it;
    # on to that die's top face, a dash centred off its side face is no pip of it
    beyond = die_size and nadir and focal and aside_band_beyond(
        face, frame_faces or [], view_centre, die_size, nadir, focal
    )
    if die_size and beyond and beyond[0] > (reach or BAND_ALONG[0]) and dash_past_top_face(
        face, dark, _outward(face, view_centre), die_size, by_wall=True, colour=colour, aside=True,
        reach=beyond[0], others_side=beyond[1],
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="outer face on a die")
    # leaning on a die inward of it, a die turns its inner side face up: its rows of pips spread wider
    # apart than the parallax of a flat die's height holds them
    if die_size and nadir and focal and turned_up_inner_face(
        face, dark, colour, nadir, focal, die_size, _other_dice(face, frame_faces or [], die_size)
    ):
        return replace(face, value=None, confidence=0.0, reason="cocked", detail="turned-up inner face")
    return face


def on_another_top_face(face: Face, blob: PipBlob, frame_faces: list[Face], die_size: float) -> bool:
    """Whether the blob is a pip of a refused group that is another die's top face."""
    return any(
        other.value is None
        and other.reason is not None
        and math.dist(other.center, face.center) >= OTHER_TOP_FACE * die_size
        and math.dist(other.center, (blob.x, blob.y)) < OWN_PIPS * die_size
        for other in frame_faces
    )


def on_side_face(
    blob: PipBlob,
    frame_faces: list[Face],
    nadir: tuple[float, float],
    focal: float,
    die_size: float,
    dark: np.ndarray,
    ones_squares: dict[int, LayoutFit | None] | None = None,
) -> bool:
    """Whether the mark is a shaded pip of a side face that a read die (this one or another) shows.

    A flat die shows the side faces turned to the point below the lens, just past its top face's
    edge, as wide as the parallax of its height, and their pips, turned from the light, stand out
    less than its top face's: such a pip past a die's outer edge is no face that die turned up.
    `ones_squares` keeps each 1's square (`_one_square`, by the face's id) for the next mark.
    """
    squares = {} if ones_squares is None else ones_squares
    for other in frame_faces:
        if other.value is None or math.dist(other.center, (blob.x, blob.y)) > die_size:
            continue
        fit = other.fit
        if fit is None:
            if id(other) not in squares:
                squares[id(other)] = _one_square(other, dark, die_size)
            fit = squares[id(other)]
        if fit is None:
            continue
        u, v = fit.to_grid(blob.x, blob.y)
        # a side face of a flat die is seen as wide as its height's parallax; its pips lie inside it
        width = SIDE_PIP_DEPTH * die_size * math.dist(other.center, nadir) / focal + SIDE_FACE_BLUR_PX
        if max(abs(u), abs(v)) * fit.spacing - 0.5 * die_size > width:
            continue
        levels = top_face_levels(other, dark, die_size)
        if levels is not None and side_face_pip(fit, blob, levels[1], (nadir, die_size)):
            return True
    return False


def _one_square(face: Face, dark: np.ndarray, die_size: float) -> LayoutFit | None:
    """A read 1's top face square, its pip at the centre, turned as the edges within its inscribed
    circle (`edgeturn.ONE_TOP_RING`) agree; None for any other face without a grid, or edges too faint.

    A 1 has no grid to turn its square, but shows its side faces turned to the point below the lens
    as any flat die does: a white 1 touched by a flat white 4 inward of it showed a pip of that side
    face (contrast 64, 0.40 of its pip's) between the two top faces, 2.2 px past its square turned
    35.3° (the simulated die's 36.3°), where the side face shows 4.4 px, and the 4's outer-face check
    took it for a face the 4 turned up. The ring out to 0.75 of a side crossed the 4's pips and agreed
    0.20: the turn is taken within the 1's own top face.
    """
    if face.value != 1:
        return None
    turn = square_turn(face.center, dark, die_size, ONE_TOP_AGREEMENT, ONE_TOP_RING)
    if turn is None:
        return None
    return LayoutFit(1, face.center, 0.5 * die_size, turn, 0.0, ((0.0, 0.0),))


def _off_side_faces(
    face: Face,
    blobs: list[PipBlob],
    reach: float,
    side_view: tuple[list[Face], tuple[float, float], float, float, np.ndarray],
) -> list[PipBlob]:
    """The blobs within `reach` of the face's centre that are no pip of a read die's side face
    (`on_side_face`), and all those farther out."""
    squares: dict[int, LayoutFit | None] = {}  # a 1's square, measured once for all the marks
    return [
        b for b in blobs
        if math.dist(face.center, (b.x, b.y)) > reach or not on_side_face(b, *side_view, squares)
    ]


def _other_dice(
    face: Face, frame_faces: list[Face], die_size: float, apart: float = OWN_PIPS, read: bool = False
) -> list[tuple[float, float]]:
    """The centres of the frame's dice (read or refused; with `read`, read only) other than the
    face's own: `apart` die sides or more from it."""
    return [
        other.center for other in frame_faces
        if (other.value is not None or (other.reason is not None and not read))
        and math.dist(other.center, face.center) >= apart * die_size
    ]


def _outward(face: Face, view_centre: tuple[float, float]) -> tuple[float, float]:
    """The unit way from the view's centre to the face: away from the middle, towards the wall."""
    dx, dy = face.center[0] - view_centre[0], face.center[1] - view_centre[1]
    radius = max(math.hypot(dx, dy), 1e-6)
    return dx / radius, dy / radius


def aside_band_reach(
    face: Face,
    frame_faces: list[Face],
    view_centre: tuple[float, float],
    die_size: float,
    nadir: tuple[float, float] | None = None,
    focal: float | None = None,
) -> float | None:
    """How far past the top face's centre (die sides, away from the middle) the band looked at for
    a die leaning on a die beyond it reaches, clear of the side faces the dice there show; None when
    no die (read or refused) to lean on lies on the outer side, or the band is not clear.

    A die leaning on another tips its top face away from it and turns up the face towards it; with
    that die on the outer side, the turned-up face shows past the top face's outer edge, where a
    flat die shows nothing of its own. But a flat die's neighbour on the outer side shows its own
    side face turned to the middle there, unless it sits far enough across the way out. With the
    point below the lens and the lens known, a read neighbour straight out shows that face only as
    wide as the parallax of its height past its top face's near edge: the band ends short of it.
    """
    if math.dist(face.center, view_centre) < die_size:
        return None  # below the lens there is no way out to speak of
    ux, uy = _outward(face, view_centre)
    supports = 0
    reach = BAND_ALONG[1]
    for other, along, across in _dice_out(face, frame_faces, view_centre, die_size):
        supports += 1
        if across >= ASIDE_ACROSS * die_size:
            continue
        if other.value is None or nadir is None or focal is None:
            return None  # a refused die's faces, or a side face of unknown width, may lie anywhere there
        # a flat die's top face reaches its half extent along the way towards this die, and its side
        # faces turned to the point below the lens the parallax of its height (r/f of a side) past it
        width = die_size * math.dist(other.center, nadir) / focal + SIDE_FACE_BLUR_PX
        reach = min(reach, (along - _half_extent(other, (ux, uy), die_size) - width) / die_size)
    return reach if supports and reach > BAND_ALONG[0] else None


def _dice_out(
    face: Face, frame_faces: list[Face], view_centre: tuple[float, float], die_size: float
) -> Iterator[tuple[Face, float, float]]:
    """The frame's dice (read or refused) within reach to lean on, out from the face (away from the
    middle), each with how far out (along) and aside (across) its centre lies, in pixels."""
    cx, cy = face.center
    ux, uy = _outward(face, view_centre)
    for other in frame_faces:
        if other is face or (other.value is None and other.reason is None):
            continue
        wx, wy = other.center[0] - cx, other.center[1] - cy
        along, across = wx * ux + wy * uy, abs(wy * ux - wx * uy)
        if along > 0.0 and math.hypot(wx, wy) <= LEAN_SUPPORT_REACH * die_size:
            yield other, along, across


def _half_extent(face: Face, way: tuple[float, float], die_size: float) -> float:
    """Pixels from a flat die's centre to its top face's farthest point along `way`: half a side
    times |cos| + |sin| of the turn of its square from that way (half its diagonal for a 1, whose
    square's turn is not known here)."""
    if face.fit is None:
        return 0.5 * math.sqrt(2.0) * die_size
    turn = math.atan2(way[1], way[0]) - face.fit.angle
    return 0.5 * die_size * (abs(math.cos(turn)) + abs(math.sin(turn)))


def aside_band_beyond(
    face: Face,
    frame_faces: list[Face],
    view_centre: tuple[float, float],
    die_size: float,
    nadir: tuple[float, float],
    focal: float,
) -> tuple[float, Callable[[float, float], bool]] | None:
    """The band past the top face (as `aside_band_reach`'s) run on to the top faces of the read dice
    straight out, and the test for a point on a side face the read dice out there show; None when
    no read die lies straight out, or one there is refused or a 1 (its square's turn unknown).

    A flat die's side faces turned to the point below the lens are its top face's square pushed
    towards that point by the parallax of its height (r/f of a side): `aside_band_reach` ends the
    band where that may begin at the nearest, at the corner nearest this die, wherever across the
    band; off that corner the side face begins further out. A die leaning on it turns up the face
    towards it between the two top faces, and its dashes may lie there, past that end, off the side
    face. A side face's pips are centred on it (at 0.25 to 0.75 of its width): a dash centred off it
    and its pixel of blur is none of them. A white 4 leaning 31° on a flat white 5 outward of it
    showed a dash centred 9.6 px out from the 5's square, whose side face shows 6.6 px; on the
    saved sets the side-face dashes of flat dice beyond (a 2's, a 6's) lay 1.1 to 5.2 px out, of
    4.0 and 9.4, and no flat die of 496 looked at so is refused.
    """
    if math.dist(face.center, view_centre) < die_size:
        return None
    ux, uy = _outward(face, view_centre)
    reach = BAND_ALONG[1]
    sides: list[tuple[Face, float]] = []
    ahead = False
    for other, along, across in _dice_out(face, frame_faces, view_centre, die_size):
        if across < ASIDE_ACROSS * die_size:
            if other.value is None or other.fit is None:
                return None
            ahead = True
            reach = min(reach, (along - _half_extent(other, (ux, uy), die_size)) / die_size)
        if other.value is not None and other.fit is not None:
            sides.append((other, die_size * math.dist(other.center, nadir) / focal + SIDE_FACE_BLUR_PX))

    def on_side_face(x: float, y: float) -> bool:
        return any(_side_face_depth(other, (x, y), nadir, die_size) <= width for other, width in sides)

    return (reach, on_side_face) if ahead else None


def _side_face_depth(
    face: Face, point: tuple[float, float], nadir: tuple[float, float], die_size: float
) -> float:
    """Pixels from the point, away from the point below the lens (along the way from it to the die's
    centre), to the read die's top face square (0 inside it, inf when the way misses it): a point of
    its side face turned to the point below the lens lies at most the parallax of its height out."""
    fit = face.fit
    if fit is None:
        return math.inf
    c, s = math.cos(fit.angle), math.sin(fit.angle)
    dx, dy = point[0] - face.center[0], point[1] - face.center[1]
    wx, wy = face.center[0] - nadir[0], face.center[1] - nadir[1]
    norm = max(math.hypot(wx, wy), 1e-6)
    wx, wy = wx / norm, wy / norm
    half = 0.5 * die_size
    near, far = 0.0, math.inf
    # the square's two slabs along its axes, crossed by the ray from the point
    for q, w in ((c * dx + s * dy, c * wx + s * wy), (c * dy - s * dx, c * wy - s * wx)):
        if abs(w) < 1e-9:
            if abs(q) > half:
                return math.inf
            continue
        first, second = sorted(((-half - q) / w, (half - q) / w))
        near, far = max(near, first), min(far, second)
    return near if near <= far else math.inf
