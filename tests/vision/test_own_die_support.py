"""A flat die is read beside marks that are no face it turned up.

A lone 1 is no pip of a 2 for a faint pip past its face (a neighbour's shaded side face's), and a die
has nothing to lean on in a refused group of its own pips.
"""

from __future__ import annotations

from tests.vision.saved_rests import placed, read_part


def test_a_flat_dark_1_beside_a_leaning_dies_faint_side_pips_is_read() -> None:
    # a flat dark 1 on dark green felt by the far wall, beside a leaning 2 whose turned-up face's
    # pip, 0.9 of a side away, stands out 46 against the 1's 168: it took it for a 2's partner pip
    dice, refused = placed(read_part("random-49013-flat-1-beside-side-pips-frame-part"))
    assert dice == [(1, 143, 62), (5, 58, 87)]
    assert refused == [("cocked", 174, 72)]


def test_a_flat_red_5_far_from_wall_and_dice_cannot_lean() -> None:
    # a flat red 5 on magenta felt, 4 sides from the nearest die and 6.7 from the wall: a refused
    # group of its own pips 5 px from its centre was taken for a die to lean on, and a speck of felt
    # past its edge for a turned-up face's pip (`cocked`, outer face seen)
    dice, refused = placed(read_part("random-48065-flat-5-felt-marks-frame-part"))
    assert dice == [(4, 99, 25), (5, 100, 122)]
    # the 1 cut by the part's edge
    assert refused == [("occluded", 6, 57)]
