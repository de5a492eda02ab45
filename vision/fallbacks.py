"""Second tries for pip groups that fail to read as one face whole.

Each returns faces that passed every check a face must pass, or the refusal it was given:
trying again never relaxes a check, it only changes which pips are taken together.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from vision.facecolour import level_step
from vision.faces import (
    GROUP_SIZE_PX,
    LIKE_CONTRAST,
    LIKE_ROUNDNESS,
    LIKE_TWO_CONTRAST,
    NO_FIT,
    OTHER_TOP_FACE,
    ROUND_MIN,
    ROUND_WITHIN_PX,
    UNLIKE_SQUASH,
    Face,
    like_size,
)
from vision.grouping import UnionFind, brightest_face
from vision.pips import PipBlob

MIDWAY_SHARE = 0.15  # of the two pips' distance: the middle pip of a 3 measured off by a pixel or so
MIDWAY_REACH = 8.0  # pip diameters: the ends of a 3 at 4 diameters a grid step (`read_group` allows)
# die sides: the pips of a 2 lie on the face's diagonal, about 0.5 to 0.8 of a side apart
PAIR_DIAGONAL = (0.45, 0.85)
MAX_GROUP_TO_SPLIT = 9  # a top face (up to 6) and the few pips of side faces seen beside it
APART = 0.8  # of a side: centres of two touching dice, with the sizes' error of a pip or two
MAX_SPECKS = 2  # glints where two touching dice's edges meet: a few, never a face's worth
# die sides: a die's own pips, top or side face past a flat die's edge, lie within 0.5 and 0.7 of a
# side of its centre (another die's top face is centred OTHER_TOP_FACE away at least)
OTHER_DIE_PIP = 0.75


def rejoin(
    failed: list[tuple[list[int], Face]],
    blobs: list[PipBlob],
    read_part: Callable[[list[int]], Face | None],
    marks: list[PipBlob] | None = None,
    die_size: float | None = None,
) -> list[tuple[list[int], Face]]:
    """Join refused neighbour groups that together read as one face.

    Blur, glare or a shadow across a face can break the path test between its pips, leaving
    the face in pieces that each fail; a union is kept only if its pips are round (pieces of
    side faces are not joined) and it passes every check a face must pass. Returns the pieces,
    joined or still refused.
    """
    pending = list(failed)
    # whole clusters of pieces first (a face broken in three), then pairs
    links = UnionFind(len(pending))
    for a in range(len(pending)):
        for b in range(a + 1, len(pending)):
            if neighbours(pending[a][0], pending[b][0], blobs, marks):
                links.union(a, b)
    clusters: dict[int, list[int]] = {}
    for a in range(len(pending)):
        clusters.setdefault(links.find(a), []).append(a)
    regrouped: list[tuple[list[int], Face]] = []
    for members in clusters.values():
        union = [i for a in members for i in pending[a][0]]
        if len(members) > 2 and len(union) <= 6:
            face = read_part(union)
            if face is not None and face.value is not None and _round(face, union, blobs):
                regrouped.append((union, face))
                continue
        regrouped += [pending[a] for a in members]
    pending = regrouped
    joined = True
    while joined:
        joined = False
        for a in range(len(pending)):
            for b in range(a + 1, len(pending)):
                union = pending[a][0] + pending[b][0]
                if len(union) > 6 or not neighbours(pending[a][0], pending[b][0], blobs, marks):
                    continue
                face = read_part(union)
                if face is not None and face.value is not None and _round(face, union, blobs):
                    pending[a] = (union, face)
                    del pending[b]
                    joined = True
                    break
            if joined:
                break
    if die_size:
        pending = _refused_pairs(pending, blobs, read_part, marks, die_size)
    return [(group, face) for group, face in pending if face.value is None] + [
        (group, face) for group, face in pending if face.value is not None
    ]


def _round(face: Face, union: list[int], blobs: list[PipBlob]) -> bool:
    """Whether a union's pips are round: on average, or each as far as can be seen (its outline is
    measured to about a pixel on each side, so small pips' axis ratios say nothing of a squash)."""
    return face.roundness >= 0.75 or all(blobs[i].major - blobs[i].minor <= ROUND_WITHIN_PX for i in union)


def _refused_pairs(
    pending: list[tuple[list[int], Face]],
    blobs: list[PipBlob],
    read_part: Callable[[list[int]], Face | None],
    marks: list[PipBlob] | None,
    die_size: float,
) -> list[tuple[list[int], Face]]:
    """Two lone pips, neither a 1 nor reported, a 2's diagonal apart for the die's size, that fit
    a 2 refused by a face check are that die's refusal: left apart, neither is reported and the
    die would go unseen. Two such pips squashed unlike, never linked by the grouping, are read
    when their union passes every check of a 2 (a 2 of pips a few pixels wide, one measured
    squashed by a pixel)."""
    unreported = [k for k, (group, face) in enumerate(pending) if len(group) == 1 and face.reason is None]
    used: set[int] = set()
    pairs: list[tuple[list[int], Face]] = []
    for a in unreported:
        for b in unreported:
            if b <= a or a in used or b in used:
                continue
            i, j = pending[a][0][0], pending[b][0][0]
            # pips squashed unlike were never linked, their path never tested: the face checks of
            # a 2 test it (UNLIKE_SQUASH), and the 2's diagonal for the die bounds how far apart
            # they lie (pips 0.1 of a side wide lie more than four diameters apart on it)
            unlike = abs(blobs[i].roundness - blobs[j].roundness) > LIKE_ROUNDNESS
            near = neighbours([i], [j], blobs, marks)
            if not (unlike or near):
                continue
            if not like_size(blobs[i].diameter, blobs[j].diameter):
                continue
            apart = math.dist((blobs[i].x, blobs[i].y), (blobs[j].x, blobs[j].y)) / die_size
            if not PAIR_DIAGONAL[0] <= apart <= PAIR_DIAGONAL[1]:
                continue
            face = read_part([i, j])
            # round pips only: a squashed pair is a leaning die's, which its own checks place; a
            # pair of pips on two faces is one too, which no other check places
            refused = face is not None and face.reason in ("not_pips", "occluded") and face.detail != NO_FIT
            # read as a 2 on round pips, as pieces joined again must be (no side face's)
            read = face is not None and face.value is not None and unlike and face.roundness >= 0.75
            if face is not None and (read or (near and (refused or face.detail == UNLIKE_SQUASH))):
                pairs.append(([i, j], face))
                used.update((a, b))
    return [p for k, p in enumerate(pending) if k not in used] + pairs


def neighbours(
    first: list[int], second: list[int], blobs: list[PipBlob], marks: list[PipBlob] | None = None
) -> bool:
    """Pieces close enough, of like pips, to be parts of one face.

    Two like pips farther apart are still neighbours with a pip of their kind midway between
    them measured too squashed to be grouped (`marks`): the two ends of a 3 of small pips,
    whose path crossed its middle pip.
    """
    for i in first:
        for j in second:
            a, b = blobs[i], blobs[j]
            big, small = max(a.diameter, b.diameter), min(a.diameter, b.diameter)
            if not like_size(big, small):
                continue
            if math.dist((a.x, a.y), (b.x, b.y)) <= 4.0 * big:
                return True
            if (
                marks
                and math.dist((a.x, a.y), (b.x, b.y)) <= MIDWAY_REACH * big
                and any(_tiny_pip_midway(a, b, mark) for mark in marks)
            ):
                return True
    return False


def _tiny_pip_midway(a: PipBlob, b: PipBlob, mark: PipBlob) -> bool:
    """True when `mark` is a pip like `a` and `b` but for its roundness, midway between them."""
    gap = math.dist((a.x, a.y), (b.x, b.y))
    midway = math.dist(((a.x + b.x) / 2, (a.y + b.y) / 2), (mark.x, mark.y))
    level = 0.5 * (a.ring_level + b.ring_level)
    return (
        # three pips of a face in a line are a grid step apart: the middle one is midway
        midway <= MIDWAY_SHARE * gap
        and gap <= MIDWAY_REACH * max(a.diameter, b.diameter)
        and mark.roundness < ROUND_MIN
        # a pip a few pixels wide measures squashed by a pixel each side (`ROUND_WITHIN_PX`)
        and mark.major - mark.minor <= ROUND_WITHIN_PX
        and like_size(mark.diameter, 0.5 * (a.diameter + b.diameter), GROUP_SIZE_PX)
        and abs(mark.ring_level - level) <= level_step(level)
        and mark.contrast >= LIKE_CONTRAST * min(a.contrast, b.contrast)
    )


def split_touching(
    group: list[int],
    blobs: list[PipBlob],
    read_part: Callable[[list[int]], Face | None],
    die_size: float | None = None,
    nadir: tuple[float, float] | None = None,
) -> list[Face]:
    """Two touching dice whose pips were grouped together, cut apart at the widest gap.

    The pips are projected on the group's long axis; the cut falls at the widest gap between
    consecutive projections. Both halves must then read as faces, or nothing is returned.
    A speck standing out less than half as much as the strongest pip (a glint where the two
    dice's edges meet) may have joined the group: the pips of a face, printed and lit alike,
    stand out alike, so the cut is tried again without such specks, and kept only when each
    speck lies off both faces' pip grids (it is no missing pip of either).
    With the die size known, a half that reads beside a half refused by a face check whose pips
    all lie off the read die (`_other_die`) is that read die and its neighbour's refusal (a
    flat 3 beside a leaning 5 whose centre pip was left out of the group). A neighbour refused
    `not_pips` is then looked into for its top face (`read_top_of`, with `nadir`): the pips of its
    side face turned to the point below the lens joined it (a black 4 touching a 6).
    """
    faces, beside = _split_at_widest_gap(group, blobs, read_part, die_size, nadir)
    if faces:
        return faces
    strongest = max((blobs[i].contrast for i in group), default=0.0)
    specks = [i for i in group if blobs[i].contrast < LIKE_CONTRAST * strongest]
    if not specks or len(specks) > MAX_SPECKS:
        return beside
    kept = [i for i in group if i not in specks]
    faces, without = _split_at_widest_gap(kept, blobs, read_part, die_size, nadir)
    if not faces or any(_on_pip_grid(face, blobs[i]) for face in faces for i in specks):
        # both dice read is the stronger cut; else a read die and its neighbour's refusal, the
        # specks left out only when they lie off the read die's grid (no missing pip of it)
        if beside or not without or any(_on_pip_grid(without[0], blobs[i]) for i in specks):
            return beside
        return without
    return faces


def _on_pip_grid(face: Face, blob: PipBlob) -> bool:
    """True when `blob` lies where a pip of `face` could be (its 3×3 grid, with a margin)."""
    if face.fit is not None:
        u, v = face.fit.to_grid(blob.x, blob.y)
        # a pip sits on a grid point (|u|, |v| ≤ 1) up to the fit's residual of 0.45 spacings
        return max(abs(u), abs(v)) < 1.45
    # a lone pip's face: 1.45 spacings (a side over `SIDE_PER_SPACING`) along both axes reach
    # 0.54 of a side from its centre
    return math.dist(face.center, (blob.x, blob.y)) < 0.55 * face.size


def _split_at_widest_gap(
    group: list[int],
    blobs: list[PipBlob],
    read_part: Callable[[list[int]], Face | None],
    die_size: float | None = None,
    nadir: tuple[float, float] | None = None,
) -> tuple[list[Face], list[Face]]:
    """(both halves read, or nothing; a read half and its neighbour's refusal, or nothing)."""
    if len(group) < 3:
        return [], []
    points = np.array([(blobs[i].x, blobs[i].y) for i in group])
    centred = points - points.mean(axis=0)
    _, _, axes = np.linalg.svd(centred, full_matrices=False)
    beside: list[Face] = []
    for axis in axes:
        along = centred @ axis
        order = np.argsort(along)
        gaps = np.diff(along[order])
        cut = int(np.argmax(gaps))
        first = [group[k] for k in order[: cut + 1]]
        second = [group[k] for k in order[cut + 1 :]]
        faces = [read_part(first), read_part(second)]
        if all(face is not None and face.value is not None for face in faces):
            read = [face for face in faces if face is not None]
            # two dice cannot overlap: touching, their centres are a side apart or more (a
            # 4's two diagonals read as two 2s sit a third of a side apart)
            if math.dist(read[0].center, read[1].center) >= APART * max(f.size for f in read):
                return read, []
        for face, refused, part in ((faces[0], faces[1], second), (faces[1], faces[0], first)):
            if die_size and not beside and _other_die(face, refused, [blobs[i] for i in part], die_size):
                if nadir is not None and refused is not None and refused.reason == "not_pips":
                    refused = read_top_of(part, refused, blobs, read_part, nadir)
                beside = [face, refused]  # type: ignore[list-item]
    return [], beside


def _other_die(face: Face | None, refused: Face | None, pips: list[PipBlob], die_size: float) -> bool:
    """True when `pips`, refused as a face, lie on another die than the face read beside them.

    Two or more pips refused by a face check (not a lone speck), their centroid a die side from
    the read face's centre (two top faces seen from above lie a side apart) and each beyond the
    read die's own pips, of its top face or of a side face seen past its edge.
    """
    if face is None or face.value is None or refused is None or refused.reason is None:
        return False
    if len(pips) < 2 or refused.reason not in ("not_pips", "occluded", "cocked"):
        return False
    centroid = (sum(p.x for p in pips) / len(pips), sum(p.y for p in pips) / len(pips))
    return math.dist(centroid, face.center) >= OTHER_TOP_FACE * die_size and all(
        math.dist((p.x, p.y), face.center) >= OTHER_DIE_PIP * die_size for p in pips
    )


def read_top_of(
    group: list[int],
    refusal: Face,
    blobs: list[PipBlob],
    read_part: Callable[[list[int]], Face | None],
    nadir: tuple[float, float] | None = None,
) -> Face:
    """Find the top face in a group that failed as a whole (pips of side faces joined it).

    The top face is the brightest when lit from above, and its pips the roundest when seen
    from above; the pips of one face, printed and lit alike, stand out alike, so the pips
    standing out like the strongest are a part too (a fainter speck by a face's edge, or the
    shaded pips of a side face, fall out). With the point below the lens (`nadir`), the pips
    left when those farthest towards it are taken out are a part too: a flat die shows its side
    faces turned to that point, past its top face. Each such part, and each roundest single pip, is
    tried. The group is read only when exactly one value comes out: two different readings of
    one group are a guess.
    """
    if len(group) > MAX_GROUP_TO_SPLIT:
        return refusal
    roundest = max(blobs[i].roundness for i in group)
    round_part = [i for i in group if blobs[i].roundness >= roundest - 0.1]
    strongest = max(blobs[i].contrast for i in group)
    # a pip standing out less than half as much as the strongest is no pip of its face
    strong_part = [i for i in group if blobs[i].contrast >= LIKE_CONTRAST * strongest]
    # and one standing out less than a 2's pips may (LIKE_TWO_CONTRAST) is the shaded pip of a
    # side face seen past the top face's edge: 0.5 to 0.6 of the top's on a black die
    strongest_part = [i for i in group if blobs[i].contrast >= LIKE_TWO_CONTRAST * strongest]
    parts = [brightest_face(group, blobs), round_part, strong_part, strongest_part]
    if nadir is not None:
        parts.append(_off_nadir_side(group, blobs, nadir))
    parts += [[i] for i in round_part]
    readings: dict[tuple[int, ...], Face] = {}
    for part in parts:
        if 0 < len(part) < len(group) and tuple(sorted(part)) not in readings:
            face = read_part(part)
            if face is not None and face.value is not None:
                readings[tuple(sorted(part))] = face
    values = {face.value for face in readings.values()}
    if len(values) != 1:
        return refusal
    return max(readings.values(), key=lambda f: f.pip_count)


def _off_nadir_side(group: list[int], blobs: list[PipBlob], nadir: tuple[float, float]) -> list[int]:
    """The pips of `group` but those farthest towards the point below the lens (within a pip's
    diameter of the farthest along that way): a side face turned to it shows its row of pips past
    the top face, nearer that point than any pip of the top face."""
    cx = sum(blobs[i].x for i in group) / len(group)
    cy = sum(blobs[i].y for i in group) / len(group)
    reach = math.hypot(nadir[0] - cx, nadir[1] - cy)
    if reach == 0.0:
        return []
    ux, uy = (nadir[0] - cx) / reach, (nadir[1] - cy) / reach
    along = {i: (blobs[i].x - cx) * ux + (blobs[i].y - cy) * uy for i in group}
    farthest, diameter = max(along.values()), max(blobs[i].diameter for i in group)
    return [i for i in group if along[i] < farthest - diameter]
