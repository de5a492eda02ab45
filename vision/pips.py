"""Pip candidates: small dark blobs, each ringed by bright die face.

Everything here works on a single-channel image in which pips are DARK (the reader inverts the
image for light pips on dark dice). A pip is kept as a candidate when:

- it stands out from a local mean (adaptive threshold), so uneven light does not matter;
- its outline is a filled convex blob (letters, cables and wood grain are not);
- a ring just outside it is uniformly brighter than its centre: it sits on a face.

The blob's second moments give its ellipse. A pip on a face seen from above is round; on a side
face, or on a cocked die, it is squashed along the tilt, which is what tells those faces apart.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision.blobshape import blob_shape, outline_ellipse, solidity
from vision.contours import contour_areas, contour_moments, pixels_outlined
from vision.cutsize import Shape, median_u8, sized_as_outlined
from vision.rimring import face_in_ring, pixels_within, ring_alone

# ring sample directions, shared by every blob (an even count: see _rings)
_RING_ANGLES = np.linspace(0.0, 2.0 * math.pi, 16, endpoint=False)
_RING_COS, _RING_SIN = np.cos(_RING_ANGLES), np.sin(_RING_ANGLES)


@dataclass(frozen=True)
class PipBlob:
    """One dark blob that may be a pip. Lengths are in pixels of the analysed image."""

    x: float
    y: float
    area: float
    major: float  # full length of the ellipse's long axis
    minor: float  # full length of the ellipse's short axis
    angle: float  # direction of the long axis, radians
    centre_level: float
    ring_level: float  # median of the ring just outside the blob: the face around the pip
    ring_low: float  # the ring's lower quartile: an edge or a cable under the blob shows here
    solidity: float
    cut_from: int = -1  # the threshold's blob this one was cut from, with others; -1 when whole

    @property
    def diameter(self) -> float:
        return math.sqrt(4.0 * self.area / math.pi)

    @property
    def roundness(self) -> float:
        """Short axis over long axis: 1 for a pip seen face-on."""
        return self.minor / self.major if self.major > 0 else 0.0

    @property
    def contrast(self) -> float:
        return self.ring_level - self.centre_level


@dataclass(frozen=True)
class PipSearch:
    """Tuning of the candidate search, in pixels of the analysed image."""

    block: int = 31  # adaptive-threshold window; a few pip diameters
    offset: float = 12.0  # how far below the local mean a pixel must be
    min_area: float = 3.0
    # with the die size known: a blob of this many pixels is of pip size whatever its outline's
    # area (the outline runs through the edge pixels' centres: 1.5 px² for a pip of 5 pixels)
    min_pixels: float = 0.0
    max_area: float = 900.0
    min_contrast: float = 28.0
    min_solidity: float = 0.80
    # with the die size known (the window sized from it): a pip is also cut off a tail as long
    # as the four sides of its face (_TAIL_AREAS), which costs a cut of a blob or so a frame
    long_tails: bool = False


_SPLIT_ROUNDNESS = 0.7  # a blob squashed below this may be pips run together
# a pip's core cut from a convex tail is round as a pip seen face-on, rounder than any squashed pip
_ROUND_CORE = 0.75
# and lies off the blob's centre by this share of its length: a tail on one side (a squashed pip's
# core keeps its centre, within 0.05 of its length on the photos of real dice)
_TAIL_OFFSET = 0.1
_CORE_ROUNDNESS = 0.6  # a pip's core cut from a tail is round as a pip seen face-on (faces.ROUND_MIN)
_SPLIT_LEVELS = (0.5, 0.3, 0.2)  # shares of the way from a merged blob's darkest to its surround
# a level below the first parting is tried only while a piece still holds pips run together, and
# its cut kept only when it parts more pips (a 6's column a pixel apart, bridged at 0.3 of contrast)
_DEEP_LEVEL = 0.2
_TWO_PIPS = 0.5  # minor over major of two round pips run together side by side
_TAIL_LEVELS = (0.8, 0.65, 0.5)  # the same, for one pip joined to a fainter tail
# pips run together by blur touch: their cut centres lie about a diameter and a pixel apart
_CUT_NEIGHBOURS = 2.0
# pip areas: a pip (or a row of pips) joined to the shade along the four sides of its face, a pip
# wide (a side is some seven pip diameters; a red face on brighter felt in the light-pip plane is
# under the local mean all round its rim), and no more: cut into its pips' solid cores, or one round core
_TAIL_AREAS = 32.0
_TWO_SIDES = 16.0  # pip areas: the shade along two sides of the face, a pip wide
# pip areas: a die's top face (some seven pip diameters a side) enclosed by the shade all round its
# rim, a pip wide (a red face on brighter felt in the light-pip plane): the outline encloses the face,
# its pixels are the rim's, as many as _TAIL_AREAS allows; cut as a tail, its pips joined to the rim
_RING_AREAS = 72.0
# a ring's cores, cut up to the face it encloses, are what is darker than that face: the pips run
# into it, round as they are printed but cut with a share of the rim (a red 2's pip 3.3 by 2.2)
_RING_CORE = 0.6


@functools.cache
def _outline_floor(search: PipSearch) -> PipSearch:
    """`search` without its pixel floor, made once per search (dataclasses.replace is dear)."""
    return replace(search, min_pixels=0.0)


def _split_merged(
    smooth: np.ndarray,
    contour: np.ndarray,
    search: PipSearch,
    tailed: bool = False,
    parts: bool = True,
    ring_of: np.ndarray | None = None,
) -> list[Shape]:
    """Pips run together by blur or dirt, cut apart at half the pip's contrast.

    The adaptive threshold keeps everything a little darker than its surroundings, so the grey
    bridge between two close pips joins them; the half-contrast level is the pips' true edge.
    A `tailed` blob (not convex) may be one pip with a fainter tail (a shadow's edge beside the
    die): a single round, solid core left by a cut is that pip. A ring round a face (`ring_of`, the
    threshold's image) is cut alone, not the face it encloses with the pips standing apart on it,
    and up to that face's level: its pips are dark against the face, not against the felt past it.
    """
    pixel_search = search
    search = _outline_floor(search)  # cores cut from a blob: the outline's floor
    x, y, w, h = cv2.boundingRect(contour)
    x0, y0 = max(0, x - 2), max(0, y - 2)
    crop = smooth[y0:y + h + 2, x0:x + w + 2]
    darkest, brightest = cv2.minMaxLoc(crop)[:2]
    if int(brightest) - int(darkest) < search.min_contrast:
        return []  # too faint to hold a pip: wood grain, a shadow's edge
    mask = np.zeros(crop.shape, np.uint8)
    cv2.drawContours(mask, [contour], -1, 255, -1, offset=(-x0, -y0))
    surround, outlined = None, cv2.contourArea(contour)
    if ring_of is not None:
        filled = cv2.countNonZero(mask)
        mask, surround = ring_alone(ring_of[y0:y + h + 2, x0:x + w + 2], mask, contour, crop, x0, y0)
        outlined *= cv2.countNonZero(mask) / max(filled, 1)  # the ring's share of what it outlines
    outside = crop[mask == 0]
    if outside.size in (0, crop.size):
        return []
    # the blob's levels, white round it: a cut is below a level that stays under white
    blob = crop | ~mask
    low, high = float(blob.min()), median_u8(outside) if surround is None else surround
    cut: dict[float, list[np.ndarray]] = {}  # the tail's last level is the first split level: cut once
    small: dict[float, list[np.ndarray]] = {}  # the pieces under pip area each cut leaves

    def pieces_at(share: float) -> list[np.ndarray]:
        """The pieces of pip area a cut at `share` leaves; their number alone decides whether
        their shapes (moments, hull: the dear part) are needed."""
        if share not in cut:
            # below the level: at most its ceiling less one, as cv2.threshold keeps it (at twice the speed)
            level = math.ceil(low + share * (high - low)) - 1
            cores = cv2.threshold(blob, level, 1, cv2.THRESH_BINARY_INV)[1]
            pieces, _ = cv2.findContours(cores, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
            sized = [(p, cv2.contourArea(p)) for p in pieces if len(p) >= 3]
            sized = [(p, area) for p, area in sized if area <= search.max_area]
            cut[share] = [p for p, area in sized if area >= search.min_area]
            small[share] = [p for p, area in sized if area < search.min_area]
        return cut[share]

    # pips a pixel apart (a 6 on a die twenty pixels wide) still touch at half the contrast:
    # their cores part lower down
    found: list[Shape] = []
    parted, deeper = 0, False
    for share in _SPLIT_LEVELS if parts else ():
        pieces = pieces_at(share) if share != _DEEP_LEVEL or deeper else []
        # under a piece of pips run together (`deeper`), cores of pip pixels under the outline's
        # floor count as parted: a cut lower than the threshold's outlines each pip smaller
        tiny = _cores(small.get(share, []), pixel_search, search.min_solidity, x0, y0) if deeper else []
        if len(pieces) + len(tiny) < 2:
            deeper = False  # no piece left to go on cutting
            continue
        shapes = [
            s
            for s in (blob_shape(p, search, x0, y0) for p in pieces)
            if s is not None and s[6] >= search.min_solidity
        ]
        if len(shapes) + len(tiny) > max(1, parted):
            parted = len(shapes) + len(tiny)
            # pips run together, parted: a fainter one among them (the end pip of a row by the
            # face's edge, its bridge shallower) leaves a core under the outline's floor, of
            # pip pixels still
            found = shapes + (
                tiny if deeper else _cores(small[share], pixel_search, search.min_solidity, x0, y0))
        # a piece not solid, or as long as two pips side by side, may still be pips run together
        # (looked into with the die size known: the window is then sized to the pips)
        deeper = search.long_tails and (
            len(shapes) < len(pieces) or any(s[4] < _TWO_PIPS * s[3] for s in shapes)
        )
        if found and not deeper:
            break
    if found:
        return sized_as_outlined(found, mask, outlined, x0, y0)
    if tailed:
        # one pip and a fainter tail: cut as high as leaves the pip alone, so that it keeps
        # about the outline the threshold gives the pips beside it
        for share in _TAIL_LEVELS:
            pieces = pieces_at(share)
            core = blob_shape(pieces[0], search, x0, y0) if len(pieces) == 1 else None
            if core is not None and core[6] >= search.min_solidity:
                if core[4] >= _CORE_ROUNDNESS * core[3]:
                    return [core]
    return []


def _cores(
    pieces: list[np.ndarray], pixel_search: PipSearch, min_solidity: float, x0: int, y0: int
) -> list[Shape]:
    """The solid cores of pip pixels among `pieces` cut under the outline's floor."""
    return [
        s for s in (blob_shape(p, pixel_search, x0, y0) for p in pieces)
        if s is not None and s[6] >= min_solidity
    ]


def _tail_to_one_side(blob: Shape, core: Shape) -> bool:
    """True when a convex, stretched blob is a round pip with a fainter tail on one side.

    A pip squashed by a tilt keeps its squash and its centre at every cut; a pip joined to a
    fainter shade beside it (a small dark face by the bright tray round the die, which lifts the
    threshold's local mean) leaves a round core off the blob's centre, at its darker end.
    """
    offset = math.hypot(core[0] - blob[0], core[1] - blob[1])
    return core[4] >= _ROUND_CORE * core[3] and offset >= _TAIL_OFFSET * blob[3]


def cut_far_apart(first: PipBlob, second: PipBlob) -> bool:
    """True when two blobs were cut from one blob of the threshold farther apart than pips run
    together: that blob held the face between them, and their outlines are those of the cut."""
    if first.cut_from < 0 or first.cut_from != second.cut_from or first is second:
        return False
    gap = math.hypot(first.x - second.x, first.y - second.y)
    return gap > _CUT_NEIGHBOURS * max(first.diameter, second.diameter)


def _rings(smooth: np.ndarray, arr: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(centre level, ring level, ring's lower quartile) of blobs given as rows (x, y, area, major,
    minor, ...): the ring just outside each, out of the blob along its long axis, short of the
    neighbour pips."""
    h, w = smooth.shape
    xs, ys = arr[:, 0], arr[:, 1]
    # the arrays' own clip, which np.clip calls after a dispatch that costs as much again
    centre = smooth[
        np.rint(ys).clip(0, h - 1).astype(np.intp), np.rint(xs).clip(0, w - 1).astype(np.intp)
    ].astype(np.float64)
    radius = 0.5 * arr[:, 3] + np.maximum(1.5, 0.35 * arr[:, 4])
    rx = np.rint(xs[:, None] + radius[:, None] * _RING_COS[None, :]).clip(0, w - 1)
    ry = np.rint(ys[:, None] + radius[:, None] * _RING_SIN[None, :]).clip(0, h - 1)
    ring = smooth[ry.astype(np.intp), rx.astype(np.intp)]
    # sorted once: np.median of an even count of levels is the mean of the two middle ones, exact
    ordered = np.sort(ring, axis=1).astype(np.float64)
    half = len(_RING_ANGLES) // 2
    ring_level = (ordered[:, half - 1] + ordered[:, half]) / 2
    ring_low = ordered[:, 4]  # the four lowest may fall on close neighbour pips
    return centre, ring_level, ring_low


def _on_face(rings: tuple[np.ndarray, np.ndarray, np.ndarray], search: PipSearch) -> np.ndarray:
    """Which blobs, by their `_rings`, stand out from a ring of face round them."""
    centre, ring_level, ring_low = rings
    contrast = ring_level - centre
    # the whole ring must be face: a blob on an edge or on a cable has dark ring samples
    return (contrast >= search.min_contrast) & (ring_low - centre >= 0.5 * contrast)


def find_pip_blobs(dark: np.ndarray, search: PipSearch) -> list[PipBlob]:
    """All blobs of `dark` (pips dark, uint8) that look like pips on a face."""
    smooth = cv2.GaussianBlur(dark, (3, 3), 0)
    binary = cv2.adaptiveThreshold(
        smooth, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, search.block, search.offset
    )
    contours, _ = cv2.findContours(binary, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
    shapes: list[tuple[float, float, float, float, float, float, float]] = []
    origins: list[int] = []
    cut_rings: list[np.ndarray] = []  # rims cut into their pips' cores (_RING_AREAS)
    # pips run together come two or three at a time: only blobs of that size are cut apart
    # (the window spans about three pip diameters)
    pip_area = math.pi / 4.0 * (search.block / 3.2) ** 2
    split_low, split_high = max(3 * search.min_area, 0.8 * pip_area), 8.0 * pip_area
    # most contours are specks refused on their area; the others are measured all at once
    areas = contour_areas(contours)
    sized = np.flatnonzero((areas >= search.min_area) & (areas <= search.max_area)).tolist()
    ellipses = [outline_ellipse(m) for m in contour_moments([contours[index] for index in sized])]
    # the ring test below, on every whole blob first: a blob that fails it and is not cut (apart,
    # or off a long tail) is dropped whatever its outline, and its hull (the dear part) is not needed
    ringed = _on_face(_rings(smooth, np.asarray(ellipses)), search).tolist() if ellipses else []
    measured = dict(zip(sized, zip(ellipses, ringed, strict=True), strict=True))
    order = sized
    if search.min_pixels > 0:
        # a blob of pip pixels whose outline is smaller than min_area: `blob_shape` measures it; the
        # felt's grain leaves a hundred specks a frame, counted all at once and most dropped so
        small = np.flatnonzero((areas > 0) & (areas < search.min_area))
        box, pixels = pixels_outlined([contours[index] for index in small.tolist()])
        enough = small[(box >= search.min_pixels) & (pixels >= search.min_pixels)]
        order = sorted(sized + enough.tolist())
    for index in order:
        contour = contours[index]
        if index in measured:
            ellipse, on_face = measured[index]
            mergeable = split_low <= ellipse[2] <= split_high
            long_tail = search.long_tails and split_high < ellipse[2] <= _TAIL_AREAS * pip_area
            ring = (
                search.long_tails and _TAIL_AREAS * pip_area < ellipse[2] <= _RING_AREAS * pip_area
                and pixels_within(binary, contour) <= _TAIL_AREAS * pip_area
            )
            long_tail |= ring
            if not (mergeable or long_tail or on_face):
                continue
            shape: Shape | None = (*ellipse, solidity(contour, ellipse[2]))
        else:
            shape = blob_shape(contour, search, counted=True)
            mergeable = long_tail = ring = False  # smaller than min_area: neither cut apart nor off a tail
        if shape is None:
            continue
        convex = shape[6] >= search.min_solidity
        if long_tail and (ring or not convex):
            pieces = _split_merged(
                smooth, contour, search, tailed=True, parts=True, ring_of=binary if ring else None
            )
            if ellipse[2] > _TWO_SIDES * pip_area:
                # past two sides the blob is mostly its face's rim or the die's shade, whose pieces
                # run along it: only round cores, pips seen from above, are taken from it
                # a ring's cores are cut up to its face's level: only what is darker than the face
                round_core = _RING_CORE if ring else _ROUND_CORE
                pieces = [p for p in pieces if p[4] >= round_core * p[3]]
            if pieces:
                shapes.extend(pieces)
                origins.extend([-1] * len(pieces))
                if ring:
                    cut_rings.append(contour)
                continue
        if mergeable and (not convex or shape[4] < _ROUND_CORE * shape[3]):
            pieces = _split_merged(smooth, contour, search, tailed=True)
            if convex and shape[4] >= _SPLIT_ROUNDNESS * shape[3] and len(pieces) > 1:
                pieces = []  # a blob this round is no pips run together: only a tail is cut off it
            if convex and len(pieces) == 1 and not _tail_to_one_side(shape, pieces[0]):
                pieces = []
            if pieces:
                shapes.extend(pieces)
                origins.extend([index if len(pieces) > 1 else -1] * len(pieces))
                continue
        if convex:
            shapes.append(shape)
            origins.append(-1)
    if cut_rings:
        # a ring's hole is the face it runs round, no mark on it
        kept = [k for k, shape in enumerate(shapes) if not face_in_ring(shape, cut_rings, split_high)]
        shapes, origins = [shapes[k] for k in kept], [origins[k] for k in kept]
    if not shapes:
        return []
    arr = np.asarray(shapes, dtype=np.float64)
    rings = _rings(smooth, arr)
    passed = _on_face(rings, search).tolist()
    # every figure as a Python float at once: float() of each numpy element cost more than a blob
    levels = zip(*(r.tolist() for r in rings), strict=True)
    return [
        PipBlob(
            x=x,
            y=y,
            area=area,
            major=major,
            minor=minor,
            angle=angle,
            centre_level=centre,
            ring_level=level,
            ring_low=low,
            solidity=solidity,
            cut_from=origin,
        )
        for (x, y, area, major, minor, angle, solidity), (centre, level, low), origin, ok in zip(
            arr.tolist(), levels, origins, passed, strict=True
        )
        if ok
    ]
