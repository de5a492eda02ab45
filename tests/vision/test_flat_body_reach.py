"""A flat die by the wall is read whatever lies beside it that passes for its colours.

The body checks (`vision/body.py`, `vision/backdrop.py`) run rays past a top face's edges. A red
neighbour beside the inner run is no background, the shaded rim of a die of the felt's tint is
its top face, and the felt all round a die tells when the band past its outer edge may be felt.
"""

from __future__ import annotations

from tests.vision.saved_rests import placed, read_part


def test_a_flat_red_1_beside_a_red_1_is_read() -> None:
    # a flat red 1 on dark red felt by the far wall, a red 1 beside it: its shaded side face turned to
    # the middle matched that neighbour's top face, taken for the felt, and the run past its inner
    # edge found no side face there (`cocked`, body past top face)
    dice, refused = placed(read_part("random-50053-flat-1-by-red-neighbour-frame-part"))
    assert dice == [(1, 115, 55), (1, 165, 73), (4, 204, 183)]
    assert refused == []


def test_a_flat_red_6_on_red_felt_is_read() -> None:
    # a flat red 6 on red felt by a round tray's wall, 1.7 times as bright as the felt and of its tint:
    # the shade of its top face's rounded rim passed for the felt and ended the run past its inner
    # edge 1.3 px inside the die (`cocked`, body past top face)
    dice, refused = placed(read_part("random-51005-flat-6-red-on-red-felt-frame-part"))
    assert dice == [(1, 201, 151), (4, 252, 156), (6, 284, 97)]
    assert refused == []


def test_a_flat_white_4_between_the_wall_and_a_6_is_read() -> None:
    # a flat white 4 on greyish felt by the far wall, a 6 beside it: the felt past its outer edge, of
    # the die's tint, carried the die-colour run on to the wall, and neither flank beside that band
    # was felt (the wall, the 6) to tell it (`cocked`, body past top face)
    dice, refused = placed(read_part("random-52013-flat-4-between-wall-and-6-frame"))
    assert dice == [(2, 313, 124), (4, 368, 64), (6, 403, 82)]
    assert refused == []


def test_a_flat_black_4_by_a_grey_wall_is_read() -> None:
    # a flat black 4 of white pips on green felt, its top face's far edge on the felt's edge: the wall
    # past it, dark grey and of the die's tint, carried the die-colour run 0.55 of its grid's side
    # past its sides, while its flanks, mostly felt, passed for none of it (`cocked`, body past top face)
    dice, refused = placed(read_part("random-101061-flat-black-4-by-grey-wall-frame"))
    assert dice == [(2, 320, 194), (4, 296, 60)]
    assert refused == []


def test_the_face_a_leaning_1_turns_up_on_the_wall_is_not_read() -> None:
    # a 1 leaning on the far wall turns up a face of three pips, centred past the tray's outline: its
    # flanks are all wall, and the wall beside a face is judged apart only for a face centred on the
    # tray (a flat die's top face); else that 3 was read off the tray and the 1's refusal went with it
    dice, refused = placed(read_part("random-75003-leaning-1-face-up-on-wall-frame"))
    assert dice == [(1, 300, 340), (6, 229, 236), (6, 434, 151)]
    assert refused == [("cocked", 277, 45)]
