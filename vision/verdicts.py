"""Verdicts on a frame's faces taken together: each face against the others of its frame.

A face that passed every check of its own may still be wrong beside its neighbours: two readings
of one die that disagree, a grid of another size than the dice's, a lone 1 of a polarity the
frame's dice do not show. These checks turn such faces into refusals; they never add a value.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from vision.faces import COCKED_ROUNDNESS, SMEARED_LINE, Face
from vision.layout import LayoutFit
from vision.median import median
from vision.oblique import OBLIQUE_DETAIL, CameraSquash, squash_of
from vision.pipcentre import printed_spacing
from vision.pips import PipBlob
from vision.secondface import shows_second_face

# pip grid spacing over die side: about 0.2 on dice with pips near the corners, 0.28 with
# pips further in; a row of a 6 taken for a 3 comes out at 0.7 of that (0.17 on the simulated
# dice, whose 2s to 5s measure 0.19 and up), two pips of a 4 at 0.5
SPACING_PER_SIDE = (0.18, 0.36)
SPACING_SPREAD = 1.45  # without calibration: within this factor of the frame's median step
FRAME_SQUASH_FACES = 2  # read faces (and their pips) that show how the camera squashes
OTHER_SIZE = "grid of another size"  # the detail of a face refused by `sized_alike`
FRAME_SQUASH_AGREEMENT = 0.8  # mean resultant of their doubled long axes: about 25° of spread
# die sizes from the top face's centre: what a die tipped far enough to show its far face rests
# on, the tray's wall or another die, lies this near (a die leaning 45° on a die beside it)
LEAN_SUPPORT_REACH = 1.8
# die sides: pips, or a face (read or refused), within this of a top face's centre are on its die,
# not a second face nor a die to lean on (two dice cannot overlap: their top faces' centres lie most
# of a side apart)
OWN_PIPS = 0.45
# die sizes: the top faces of two dice seen from above lie a side apart at least; a group refused
# nearer a leaning die's centre is that die's second face (0.68 for a 2 beside a leaning red 1)
SAME_DIE_REACH = 0.75
# die sizes: two refusals nearer than this are one die's, its top face and the face it turns up
# (0.76 of a side apart on a die leaning 39° on the wall); two dice lie a side apart at least
ONE_DIE_REFUSALS = 0.85


def drop_weak_ones(per_plane: list[list[Face]]) -> list[Face]:
    """Both polarities' faces, less the weak faces of a polarity the frame's dice do not show.

    A 1 is the weakest evidence (one round blob on a bounded patch: a key of a keyboard with its
    letter looks like one), and so is a 2 or a 3 of streaks (two strokes of a letter on a key).
    When one polarity reads more dice than the other, the other's weak faces are dropped; its
    faces whose pips' grid carries its own proof stay.
    """
    if len(per_plane) < 2:
        return [face for faces in per_plane for face in faces]
    counts = [sum(1 for f in faces if f.value is not None) for faces in per_plane]
    kept: list[Face] = []
    for k, faces in enumerate(per_plane):
        outnumbered = any(counts[j] > counts[k] for j in range(len(per_plane)) if j != k)
        kept += [f for f in faces if not (outnumbered and _weak(f))]
    return kept


def frame_squash(faces: list[Face], blobs: list[PipBlob]) -> tuple[float, float] | None:
    """(roundness, long-axis direction) of the read faces' pips when they agree on a squash."""
    read = [f for f in faces if f.value is not None]
    pips = [b for b in blobs if any(on_face(f, b) for f in read)]
    if len(read) < FRAME_SQUASH_FACES or len(pips) < FRAME_SQUASH_FACES:
        return None
    doubled = np.array([2.0 * b.angle for b in pips])
    agreement = math.hypot(float(np.cos(doubled).mean()), float(np.sin(doubled).mean()))
    if agreement < FRAME_SQUASH_AGREEMENT:
        return None
    angle = 0.5 * math.atan2(float(np.sin(doubled).mean()), float(np.cos(doubled).mean()))
    return median([b.roundness for b in pips]), angle


def view_squash(faces: list[Face], blobs: list[PipBlob], width: int) -> CameraSquash | None:
    """How the camera squashes flat faces across the frame, from its read faces' pips.

    Only faces of two pips or more read on pips round enough of their own count: a smear
    stretches a moving die's pips, not the view, and a lone 1 may itself be read on the squash.
    """
    read = [
        f for f in faces
        if f.value is not None and f.pip_count >= 2 and f.roundness >= COCKED_ROUNDNESS
    ]
    pips = [b for b in blobs if any(on_face(f, b) for f in read)]
    return squash_of(pips, len(read), width)


def cocked_if_beside(faces: list[Face], unclaimed: list[PipBlob]) -> list[Face]:
    """Refuse a face read on the camera's squash that shows round pips of a second face beside it.

    However like the frame's faces it is squashed, a face beside another face of its die is a
    leaning die's.
    """
    return [
        replace(f, value=None, confidence=0.0, reason="cocked", detail="second face seen")
        if f.detail == OBLIQUE_DETAIL and shows_second_face(f, unclaimed) else f
        for f in faces
    ]


def _weak(face: Face) -> bool:
    """A lone 1, or a 2 or a 3 of streaks: a face that only its surroundings vouch for."""
    return face.value is not None and (face.pip_count == 1 or face.detail == SMEARED_LINE)


def sized_alike(
    faces: list[Face],
    die_size: float | None,
    dark: np.ndarray | None = None,
    blobs: list[PipBlob] | None = None,
) -> list[Face]:
    """Refuse faces whose pip grid does not match the dice's size.

    One row of a 6 is three pips in a line, as a 3 is, but on a grid 0.7 times as wide; two pips
    of a 4 pass for a 2 on a grid half as wide. The die size is known from the calibration, or
    else the other dice of the frame give the step (all from one set, at about one distance).
    With the die size, the `dark` plane and its `blobs`, a grid out of size is measured again on
    its pips' printed centres (`pipcentre.printed_spacing`) before it is refused.
    """
    read = [f for f in faces if f.value is not None and f.fit is not None]
    if die_size:
        low, high = SPACING_PER_SIDE[0] * die_size, SPACING_PER_SIDE[1] * die_size
    elif len(read) >= 3:
        typical = median([f.fit.spacing for f in read if f.fit is not None])
        low, high = typical / SPACING_SPREAD, typical * SPACING_SPREAD
    else:
        return faces

    def out_of_size(fit: LayoutFit) -> bool:
        if low <= fit.spacing <= high:
            return False
        # a pip by the die's edge is outlined short of its outer flank (`pipcentre`)
        printed = printed_spacing(fit, dark, blobs) if die_size and dark is not None and blobs else None
        return printed is None or not low <= printed <= high

    return [
        replace(f, value=None, confidence=0.0, reason="not_pips", detail=OTHER_SIZE)
        if f.value is not None and f.fit is not None and out_of_size(f.fit)
        else f
        for f in faces
    ]


def on_face(face: Face, blob: PipBlob) -> bool:
    """True when the blob is one of the pips of a read face (of this die or another)."""
    if face.fit is not None:
        u, v = face.fit.to_grid(blob.x, blob.y)
        return max(abs(u), abs(v)) < 1.45
    return math.dist(face.center, (blob.x, blob.y)) < 0.3 * face.size


def resolve_overlaps(faces: list[Face], die_size: float | None = None) -> list[Face]:
    """One report per die: a read face beats refusals on the same die (its side faces).

    With the die size known, each refusal has been shown to lie on a die, not on the bare felt
    (`outline.on_bare_felt`): a pip neither read nor refused beside it hides it no more, and of
    two refusals of one die the one whose grid is nearest that size is reported. Without, a pip
    and a refusal are taken for one object, reported once.
    """
    read = [f for f in faces if f.value is not None]
    kept: list[Face] = []
    for face in sorted(read, key=lambda f: -f.confidence):
        clash = next(
            (k for k in kept if math.dist(k.center, face.center) < 0.6 * max(k.size, face.size)),
            None,
        )
        if clash is None:
            kept.append(face)
        elif clash.value != face.value:
            kept.remove(clash)
            kept.append(Face(None, clash.center, clash.size, 0.0, "not_pips", 0, 0.0))
    sizes = [f.size for f in kept if f.size > 0]
    typical = median(sizes) if sizes else 0.0
    # with the die size known, refusals of that size first: a group smaller than a die (a side
    # face's pips, part of a face) lies off its die's centre, where one spanning it does not
    refused = [f for f in faces if f.value is None and not (die_size and f.reason is None)]
    if die_size:
        refused.sort(key=lambda f: abs(f.size - die_size))
    apart = ONE_DIE_REFUSALS * die_size if die_size else 0.0
    for face in refused:
        reach = 0.9 * max(face.size, typical)
        if all(math.dist(k.center, face.center) > (reach if k.value is not None else max(reach, apart))
               for k in kept):
            kept.append(face)
    return kept


def one_refusal_per_leaning_die(faces: list[Face], leaning: list[Face], die_size: float) -> list[Face]:
    """Drop the refused groups that lie on a die whose top face was read and refused for leaning.

    Such a group is the die's second face: the die is reported once, as leaning. A pip left
    unread there is the die's too, and is dropped alike (it would hide the die's refusal when
    the planes' faces are put together).
    """
    reach = SAME_DIE_REACH * die_size
    return [
        f for f in faces
        if f.value is not None or any(f is die for die in leaning)
        or not any(math.hypot(f.center[0] - d.center[0], f.center[1] - d.center[1]) <= reach for d in leaning)
    ]


def could_lean(face: Face, frame_faces: list[Face], die_size: float, outline: np.ndarray | None) -> bool:
    """Whether the tray's wall or another die lies near enough for this die to lean on it.

    Without the tray's outline the wall could be anywhere: the die may lean.
    """
    reach = LEAN_SUPPORT_REACH * die_size
    if outline is None or cv2.pointPolygonTest(outline.reshape(-1, 1, 2), face.center, True) <= reach:
        return True
    cx, cy = face.center
    # a die is a face read or refused for a reason; a lone dot that is neither is not reported
    return any(
        other is not face
        and (other.value is not None or other.reason is not None)
        and OWN_PIPS * die_size <= math.hypot(other.center[0] - cx, other.center[1] - cy) <= reach
        for other in frame_faces
    )


def between_faces(kept: list[Face], faces: list[Face], die_size: float) -> list[Face]:
    """The reported faces (`kept`), each refused as tilted placed between it and the one pip of
    `faces` neither read nor refused within SAME_DIE_REACH of it.

    A die tipped far shows two faces, the tilted one and the other, whose lone pip (a 1 seen aslant)
    is neither read nor refused; the die's body lies between the two, its centre off both.
    """
    unread = [f for f in faces if f.value is None and f.reason is None]
    placed: list[Face] = []
    for face in kept:
        near = [u for u in unread if math.dist(u.center, face.center) <= SAME_DIE_REACH * die_size]
        if face.reason == "cocked" and face.detail.startswith("squashed pips") and len(near) == 1:
            (x, y), (u, v) = face.center, near[0].center
            face = replace(face, center=(0.5 * (x + u), 0.5 * (y + v)))
        placed.append(face)
    return placed
