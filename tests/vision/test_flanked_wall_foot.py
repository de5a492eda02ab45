"""A flat white 5 on white felt by a dark round wall, a die on each side of it along the wall,
shows past its top face the felt blurred into the wall's foot: a dim stroke that a second face
turned from the light would show too. The felt beside the die on both flanks is those dice, so
the stroke is told from a face by the felt round the die instead (`wallfoot.felt_round`), one
cloth of one tint all round it (RULINGS: a cocked die is not read, so a flat one refused so would
be thrown again for nothing).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.wallfoot
from tests.vision.saved_rests import near, placed, read_part

NAME = "random-91055-white-5-flanked-frame"
CENTRE = (344.0, 42.0)


def test_the_flanked_white_5_is_read() -> None:
    assert near(NAME, CENTRE) == ([5], [])


def test_the_dice_beside_it_are_read_and_the_leaning_6_refused() -> None:
    read, refused = placed(read_part(NAME))
    assert read == [(1, 304, 35), (5, 345, 39), (5, 406, 48)]
    assert [reason for reason, *_ in refused] == ["cocked"]


def test_without_the_felt_round_it_the_stroke_passes_for_a_face() -> None:
    with patch.object(vision.wallfoot, "felt_round", lambda *args, **kwargs: []):
        read, refused = near(NAME, CENTRE)
    assert read == [] and len(refused) == 1
