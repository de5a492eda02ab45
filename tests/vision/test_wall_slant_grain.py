"""By the wall, a dash past a top face is found against its own row of the band (`lean.py`), and a
row that runs slant into the wall's foot has its mean raised by the wall: a speck of the felt
there stands out from its row but not from the felt either side of it. A second face's pip has
that face either side of it along the edge (`lean._flanked_along_rows`).

The frames are in tests/data/sim-rests (see its README), read with their scene's calibration.
"""

from __future__ import annotations

from tests.vision.saved_rests import placed, read_part


def test_a_flat_red_5_on_red_felt_by_a_black_wall_is_read() -> None:
    # a red die on felt of its own tint, 8 px from the wall's foot: a speck of felt 7 px aside
    # of its outer edge, at the wall's foot, was taken for its second face's pip ("body past top face")
    dice, refused = placed(read_part("random-73051-flat-5-red-felt-by-wall-frame"))
    assert (5, 231, 101) in dice
    assert refused == []


def test_the_other_dice_of_that_frame_keep_their_reading() -> None:
    dice, _ = placed(read_part("random-73051-flat-5-red-felt-by-wall-frame"))
    assert dice == [(3, 286, 103), (4, 340, 209), (5, 231, 101)]


def test_a_flat_white_5_by_the_wall_beside_a_leaning_1_is_read() -> None:
    # white felt: the 5 by the wall was refused `cocked` beside the 1 that leans there; the 1 still is
    dice, refused = placed(read_part("white-felt-58014-flat-5-by-wall-frame"))
    assert dice == [(4, 311, 160), (5, 327, 67), (5, 397, 183)]
    assert refused == [("cocked", 294, 76)]
