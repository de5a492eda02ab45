"""A ring of rim round a face in the pip plane, cut into the pips run into it (`pips.find_pip_blobs`).

A small red die of white pips on dark felt, in the light-pip plane (the grey inverted): the face is
under the threshold's local mean all along its rim, and the pips near its edge join that band. The
band's outline encloses the face (its area is the face's, its pixels the rim's: `_RING_AREAS`); it
is cut alone, up to the level of the face it encloses, and that face is no mark on the die.

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.pips
from tests.vision.saved_rests import placed, read_part

RING = "random-74067-red-2-ring-frame"


def test_a_red_2_ringed_by_its_rim_is_read_beside_a_leaning_1() -> None:
    dice, refused = placed(read_part(RING))
    assert (2, 310, 270) in dice
    assert (3, 227, 92) in dice
    assert ("cocked", 331, 90) in refused


def test_a_ring_left_whole_hides_the_2() -> None:
    # a ring as large as a face is then a blob of the die's size: no pip, and the 2's pips inside it
    with patch.object(vision.pips, "_RING_AREAS", vision.pips._TAIL_AREAS):
        dice, _ = placed(read_part(RING))
    assert (2, 310, 270) not in dice


def test_the_face_a_cut_ring_encloses_is_no_mark_on_the_die() -> None:
    # kept as a blob, the face's own outline lies on the die round the 2's pips: a stray mark
    with patch.object(vision.pips, "face_in_ring", lambda *args: False):
        dice, refused = placed(read_part(RING))
    assert (2, 310, 270) not in dice
    assert ("not_pips", 310, 270) in refused

