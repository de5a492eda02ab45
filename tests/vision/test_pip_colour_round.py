"""The colour round a blue pip on a light face is no edge: its blur mixes its ink into the face by
its rim, and the camera's JPEG rings round it in the complementary tint at the face's luma. Two flat
dice went unreported for them. The crops are in tests/data/sim-rests (see its README), cut from
their frames as white-balanced whole.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from tests.vision.saved_rests import SIM_RESTS
from vision.completion import read_completed
from vision.faces import ROUND_MIN, SIDE_PER_SPACING
from vision.grouping import group_pips
from vision.ones import read_lone_pip, read_on_square
from vision.pips import PipBlob, PipSearch, find_pip_blobs
from vision.reader import PIP_PER_SIDE, SMALLEST_PIP_PER_SIDE, _window_for


def _round_pips(name: str, die_size: float) -> tuple[np.ndarray, np.ndarray, list[PipBlob]]:
    """The dark-pip plane of a balanced crop, its colour, and its round pip candidates searched
    as the reader searches them for dice of `die_size`."""
    colour = cv2.imread(str(SIM_RESTS / name), cv2.IMREAD_COLOR)
    plane = colour.min(axis=2)
    search = PipSearch(
        block=_window_for(PIP_PER_SIDE * die_size),
        long_tails=True,
        min_pixels=math.pi / 4.0 * (SMALLEST_PIP_PER_SIDE * die_size) ** 2,
    )
    return plane, colour, [b for b in find_pip_blobs(plane, search) if b.roundness >= ROUND_MIN]


def _index_at(blobs: list[PipBlob], at: tuple[float, float]) -> int:
    return next(k for k, b in enumerate(blobs) if math.dist((b.x, b.y), at) < 2.0)


def _grouped(name: str, die_size: float, first: tuple[float, float], second: tuple[float, float]) -> bool:
    plane, colour, blobs = _round_pips(name, die_size)
    i, j = _index_at(blobs, first), _index_at(blobs, second)
    groups = group_pips(plane, colour, blobs, die_size / SIDE_PER_SPACING)
    return any(i in group and j in group for group in groups)


def test_the_pips_of_a_flat_two_whose_blur_tints_the_path_between_them_are_grouped_and_read() -> None:
    # an ivory 2 of blue pips 3.2-3.5 px wide on a die 27.6 px wide, dark green felt: 1.7 px past a
    # pip's rim the path read 26 levels less green and red than the face (8 less blue, the plane's),
    # past the colour's tolerance (24): the two pips were never linked, and the 2 went unreported
    name = "random-50043-2-blue-pip-blur-balanced.png"
    die_size = 27.56
    assert _grouped(name, die_size, (37.5, 32.5), (23.5, 25.6))
    plane, colour, blobs = _round_pips(name, die_size)
    pair = [_index_at(blobs, (37.5, 32.5)), _index_at(blobs, (23.5, 25.6))]
    face = read_completed(plane, colour, pair, blobs, blobs, False, None, die_size, None)
    assert face.value == 2


def test_a_top_pip_and_a_pip_past_the_lit_edge_of_a_leaning_one_are_not_grouped() -> None:
    # an ivory 1 22 px wide leaning on the wall: the edge between its top face and the face it turns up is
    # lit, lighter than both, 2 px past the turned-up pip's rim: no mix of the face with an ink
    name = "random-52029-leaning-1-lit-edge-balanced.png"
    assert not _grouped(name, 22.14, (32.5, 35.2), (28.4, 22.9))


def test_a_flat_one_with_a_jpeg_fleck_by_its_pip_is_read_on_its_square() -> None:
    # a cream 1 of a blue pip 4.9 px wide on a die 29.1 px wide, grey felt as light as its face: a
    # yellow fleck 3-5 px past the pip's rim lowered the blue channel (the plane) 18 levels under
    # the face, its luma none, and ended one ray 0.2 of the side out; the die's shadow, as dark as
    # a pip within a side, allows no ray short: the 1 went unreported
    name = "random-53019-1-chroma-fleck-balanced.png"
    die_size = 29.05
    plane, colour, blobs = _round_pips(name, die_size)
    pip = blobs[_index_at(blobs, (63.9, 61.7))]
    assert read_lone_pip(plane, colour, pip, die_size, 2 * die_size, blobs, die_size) is None
    face = read_on_square(plane, colour, pip, blobs, die_size)
    assert face is not None and face.value == 1
