"""Pips into would-be faces: a graph whose links are pairs of pips that can share a face.

Two pips are linked when they are of like size and squash, standing out alike, ringed by equally
bright face, near enough, and the straight path between them (outside every pip) stays on face of
the same brightness and colour. The path test keeps touching dice apart (their shared edge is a crease)
and a top face apart from the side face below it (the die's edge shades the path).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from vision.cellglow import GLOW_SHARE
from vision.facecolour import FACE_GAP_PX, level_step, paths_on_face
from vision.faces import ADJACENT, GROUP_SIZE_PX, LIKE_CONTRAST, LIKE_ROUNDNESS, LIKE_SIZE, LINK_REACH
from vision.pippeak import peak_contrast
from vision.pips import PipBlob

SHAPELESS_PIP_PX = 4.0  # pips smaller than this across: their squash is pixel noise
# grid steps: a face's neighbour pips, a step apart or across a 6's columns (closer than two steps
# on some dice), lie this near; a leaning die's turned-up face had a pip three steps from its top's
GLOW_REACH = 2.0


def brightest_face(group: list[int], blobs: list[PipBlob]) -> list[int]:
    """The pips of `group` on its brightest face: the top face when light comes from above."""
    top = max(blobs[i].ring_level for i in group)
    return [i for i in group if blobs[i].ring_level >= top - level_step(top)]


class UnionFind:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, i: int, j: int) -> None:
        self.parent[self.find(i)] = self.find(j)


def group_pips(
    dark: np.ndarray,
    colour: np.ndarray,
    blobs: list[PipBlob],
    spacing_hint: float | None,
    reads: Callable[[list[int]], bool] | None = None,
) -> list[list[int]]:
    """Indices of `blobs` grouped into would-be faces (pips of one face end up together).

    Two pips are linked when they are of like size and contrast, near enough, ringed by equally
    bright face, and the straight path between them (outside every pip) stays on face of the same
    colour.
    With the die size (`spacing_hint`) and `reads` (does a group read as a face?), groups that do
    not read are joined when rings set apart by the pips' glow link them and the union reads.
    """
    n = len(blobs)
    if n == 0:
        return []
    x = np.array([b.x for b in blobs])
    y = np.array([b.y for b in blobs])
    diameter = np.array([b.diameter for b in blobs])
    level = np.array([b.ring_level for b in blobs])
    big = np.maximum(diameter[:, None], diameter[None, :])
    small = np.minimum(diameter[:, None], diameter[None, :])
    dist = np.hypot(x[:, None] - x[None, :], y[:, None] - y[None, :])
    reach = LINK_REACH * spacing_hint if spacing_hint else 6.5 * big
    low = np.minimum(level[:, None], level[None, :])
    step = np.maximum(8.0, 0.06 * low)  # level_step, for every pair at once
    roundness = np.array([b.roundness for b in blobs])
    candidate = ((big <= LIKE_SIZE * small) | (big - small <= GROUP_SIZE_PX)) & (dist <= reach)
    # a blob a few pixels across has no measurable squash (its outline is a pixel or two off
    # either way, which moves minor/major by a third): only larger pips must be squashed alike
    shapeless = big < SHAPELESS_PIP_PX
    candidate &= (np.abs(roundness[:, None] - roundness[None, :]) <= LIKE_ROUNDNESS) | shapeless
    # pips of one face, printed in one ink and lit alike, stand out alike: a grain of the face
    # standing out less than half as much is no pip of it (a cream 4's, 32 against 113, grouped
    # with two of its pips, left the 4 in pieces); read at their peaks, wherever a small pip's
    # centre falls between the pixels (`pippeak.py`)
    contrast = np.array([b.contrast for b in blobs])
    # read only for the pips still paired: most blobs of a frame (the felt's grain) are not
    peak = contrast.astype(np.float64)
    for k in np.flatnonzero(candidate.any(axis=0) | candidate.any(axis=1)).tolist():
        peak[k] = peak_contrast(dark, blobs[k])
    faint, strong = np.minimum(peak[:, None], peak[None, :]), np.maximum(peak[:, None], peak[None, :])
    candidate &= faint >= LIKE_CONTRAST * strong
    cut_from = np.array([b.cut_from for b in blobs])
    # pips cut from one blob of the threshold, side by side, ran together: the ring of each passes
    # over the other, so its level is no measure of the face round it (a red 6's column, 117 to 130)
    run_together = (cut_from[:, None] == cut_from[None, :]) & (cut_from[:, None] >= 0)
    # so do pips whose gap the ring (a third of a pip past its rim) and the other's blur span, cut
    # or not: a black 6's white pips 2 px apart ringed 177 in its middle column, 206 by its edge
    minor = np.array([b.minor for b in blobs])
    ring_gap = np.maximum(1.5, 0.35 * np.maximum(minor[:, None], minor[None, :])) + FACE_GAP_PX
    run_together |= dist - 0.5 * (diameter[:, None] + diameter[None, :]) < ring_gap
    run_together &= dist <= ADJACENT * big
    level_gap = np.abs(level[:, None] - level[None, :])
    lit_alike = (level_gap <= step) | run_together
    glow = np.zeros_like(lit_alike)
    if spacing_hint and reads is not None:
        # a pip's blur and its neighbours' (and a glossy face's sheen) move the ring round it by
        # up to a share of the pips' contrast: neighbours on a grid, whose blur reaches each
        # other's rings, may be ringed further apart than the face's step (a red 6's white pips,
        # contrast 93 to 122, ringed 143 to 165); farther, such a ring is another face's
        glow = level_gap <= GLOW_SHARE * np.minimum(contrast[:, None], contrast[None, :])
        glow &= ~lit_alike & (dist <= GLOW_REACH * spacing_hint)
    candidate &= lit_alike | glow
    candidate = np.triu(candidate, k=1)
    pi, pj = np.nonzero(candidate)
    groups = UnionFind(n)
    glow_links: list[tuple[int, int]] = []
    if len(pi):
        # the face's colour by a pip may be its blur (`paths_on_face`)
        linked = paths_on_face(dark, colour, blobs, pi, pj, blurred=True)
        # pips nearer than this leave no room for an edge between them: no two dice's pips
        # come that close (each sits a good half spacing in from its die's edge)
        linked |= (dist[pi, pj] <= ADJACENT * big[pi, pj]) & lit_alike[pi, pj]
        for i, j in zip(pi[linked].tolist(), pj[linked].tolist(), strict=True):
            if glow[i, j]:
                glow_links.append((i, j))
            else:
                groups.union(i, j)
    found = _components(groups, n)
    if glow_links and reads is not None:
        found = _joined_by_glow(found, glow_links, reads)
    return found


def _components(groups: UnionFind, n: int) -> list[list[int]]:
    by_root: dict[int, list[int]] = {}
    for i in range(n):
        by_root.setdefault(groups.find(i), []).append(i)
    return list(by_root.values())


def _joined_by_glow(
    found: list[list[int]], links: list[tuple[int, int]], reads: Callable[[list[int]], bool]
) -> list[list[int]]:
    """`found` with the groups that `links` join put together where the union reads as a face
    and none of its groups of two pips or more reads on its own (a face read whole keeps its
    pips: two pips of a die half hidden beside it stay loose, as the lean checks expect)."""
    # rings moved by glow tell nothing of one face: only the union's layout and checks do
    owner = {i: k for k, group in enumerate(found) for i in group}
    pieces = UnionFind(len(found))
    for i, j in links:
        pieces.union(owner[i], owner[j])
    joined: dict[int, list[int]] = {}
    for k in range(len(found)):
        joined.setdefault(pieces.find(k), []).append(k)
    result: list[list[int]] = []
    for parts in joined.values():
        union = sorted(i for k in parts for i in found[k])
        if len(parts) > 1 and not any(len(found[k]) > 1 and reads(found[k]) for k in parts) and reads(union):
            result.append(union)
        else:
            result += [found[k] for k in parts]
    return result
