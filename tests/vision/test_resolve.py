"""One report per die: which of two refusals of one die is reported."""

from __future__ import annotations

from vision.faces import Face
from vision.verdicts import resolve_overlaps


def test_the_refusal_spanning_a_die_places_it_over_part_of_a_face() -> None:
    # a die leaning far on the wall: its top pip refused as a lone pip (a grid of the die's size)
    # and two pips of its turned-up face, a squashed pair 14 px off its centre, smaller than a die
    read = Face(6, (262.0, 130.0), 30.0, 0.9, None, 6, 0.95)
    pair = Face(None, (334.0, 61.0), 17.5, 0.0, "cocked", 2, 0.5, "squashed pips")
    lone = Face(None, (333.0, 80.0), 30.3, 0.0, "not_pips", 1, 0.9, "a like pip nearby")
    for faces in ([read, pair, lone], [read, lone, pair]):
        assert resolve_overlaps(faces, 30.3) == [read, lone]


def test_refusals_of_two_dice_are_both_kept() -> None:
    read = Face(6, (262.0, 130.0), 30.0, 0.9, None, 6, 0.95)
    pair = Face(None, (334.0, 61.0), 17.5, 0.0, "cocked", 2, 0.5, "squashed pips")
    far = Face(None, (400.0, 200.0), 30.3, 0.0, "not_pips", 1, 0.9, "a like pip nearby")
    kept = resolve_overlaps([read, pair, far], 30.3)
    assert sorted(kept, key=lambda f: f.center) == [read, pair, far]


def test_with_the_die_size_known_the_refusal_of_that_size_is_reported() -> None:
    # read faces' grids measure the die smaller than the profile (0.78 of it here): the pair of a
    # turned-up face is nearer their size than the lone top pip, which takes the die size
    reads = [Face(v, (500.0 + 40 * v, 130.0), 22.7, 0.9, None, v, 0.95) for v in (4, 5, 6)]
    pair = Face(None, (321.0, 42.0), 16.6, 0.0, "cocked", 2, 0.5, "squashed pips")
    lone = Face(None, (321.0, 60.0), 29.2, 0.0, "not_pips", 1, 0.9, "a like pip nearby")
    assert resolve_overlaps([*reads, pair, lone], 29.2) == [*reads, lone]
