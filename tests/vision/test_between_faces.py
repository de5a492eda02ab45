"""A die tipped far, refused for a tilted face, is reported between its two faces."""

from __future__ import annotations

import math

from vision.faces import Face
from vision.verdicts import between_faces, resolve_overlaps


def _reported(faces: list[Face], die_size: float) -> list[Face]:
    return between_faces(resolve_overlaps(faces, die_size), faces, die_size)


def test_a_tilted_face_is_reported_between_it_and_the_unread_pip_of_its_die() -> None:
    # a red die leaning 43° on the wall: two pips of its turned-up face, a squashed pair, and the
    # pip of its top 1 seen aslant, neither read nor refused, 21 px apart on a die of 31 px; the die's
    # centre lay 14 px from the pair's, 7 px from the pip
    pair = Face(None, (287.1, 43.0), 17.7, 0.0, "cocked", 2, 0.5, "squashed pips")
    pip = Face(None, (290.2, 63.8), 0.0, 0.0, None, 1, 0.9)
    (kept,) = _reported([pair, pip], 31.1)
    assert kept.reason == "cocked" and math.dist(kept.center, (288.65, 53.4)) < 1e-9


def test_a_tilted_face_keeps_its_place_without_one_unread_pip_of_its_die() -> None:
    pair = Face(None, (287.1, 43.0), 17.7, 0.0, "cocked", 2, 0.5, "squashed pips")
    pip = Face(None, (290.2, 63.8), 0.0, 0.0, None, 1, 0.9)
    # another die's pip, a side away, is no face of it; nor is one of two pips round it the die's
    far = Face(None, (290.0, 76.0), 0.0, 0.0, None, 1, 0.9)
    assert _reported([pair, far], 31.1) == [pair]
    assert _reported([pair, pip, Face(None, (280.0, 60.0), 0.0, 0.0, None, 1, 0.9)], 31.1) == [pair]
    # a refusal for another reason keeps its place, and so does a read face
    occluded = Face(None, (287.1, 43.0), 30.0, 0.0, "occluded", 4, 0.9, "mark in an empty cell")
    assert _reported([occluded, pip], 31.1) == [occluded]
    read = Face(2, (287.1, 43.0), 30.0, 0.9, None, 2, 0.9)
    assert _reported([read, pip], 31.1) == [read]
