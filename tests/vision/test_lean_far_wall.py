"""Dice leaning on the far wall, tipped a few degrees past the lens's view angle there.

Such a die turns up a face only a pixel or three wide past its top face's far edge, and hides the
side face a flat die there turns to the point below the lens. A red 2 on teal felt shows the felt
straight past its inner edge (`backdrop.backdrop_reaches`, whose side runs may end up to half the
edge's blurred ramp inside it); a grey 5 on grey felt hides the dark wall past its top face's edge
with its turned-up face, a band the lens's barrel distortion narrows (`turnedup.wall_hidden`).
"""

from __future__ import annotations

from tests.vision.saved_rests import placed, read_part
from vision.backdrop import EDGE_BLUR
from vision.turnedup import HIDDEN_BAND


def test_a_red_2_leaning_on_the_far_wall_over_teal_felt_is_refused() -> None:
    # a red 2 of white pips leaning on the tan far wall of a round tray over teal felt (simulated,
    # seed 50005), 21.5° off the lens's axis: its turned-up face a dark band 1.5 px wide, and past its
    # inner edge the felt, where a flat die there shows a red side face 0.39 of a side wide. Its side
    # runs, ended where the blur's mix of red and teal leaves the die's tint, reached 0.445 of a side
    dice, refused = placed(read_part("random-50005-leaning-2-teal-frame-part"))
    assert dice == [(4, 244, 204)]
    assert refused == [("cocked", 116, 41)]
    assert 0.5 - EDGE_BLUR < 0.445


def test_a_grey_5_leaning_on_the_far_wall_over_grey_felt_is_refused() -> None:
    # a grey 5 of blue pips leaning on the dark blue far wall of a round tray over grey felt as bright
    # as the die (seed 51039), 20.9° off the lens's axis, under a lens of k1 = -0.136: its turned-up
    # face a band 3 px wide over the wall, measured 0.06 of a side past the die's square and its blur
    dice, refused = placed(read_part("random-51039-leaning-5-grey-frame-part"))
    assert dice == [(5, 166, 223), (5, 216, 224)]
    assert refused == [("cocked", 184, 35)]
    assert HIDDEN_BAND < 0.06
