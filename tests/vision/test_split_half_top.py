"""Two touching dice grouped together are cut apart at the widest gap (`fallbacks.split_touching`);
a half refused `not_pips` beside the half read may hold, past its top face, the pips of its side
face turned to the point below the lens: its top face is looked for within it (`read_top_of`).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration: a flat
black 4 of white pips touching a black 6, on dark green felt near the far wall, the 4's side face
turned to the middle showing two of its pips below its top face.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.fallbacks
from tests.vision.saved_rests import placed, read_part

NAME = "random-75061-black-4-touching-6-frame"


def test_a_black_4_touching_a_6_is_read_without_its_side_pips() -> None:
    dice, refused = placed(read_part(NAME))
    assert dice == [(4, 315, 110), (6, 225, 178), (6, 343, 113)]
    assert refused == []


def test_without_looking_into_the_refused_half_the_4_is_refused() -> None:
    with patch.object(vision.fallbacks, "read_top_of", lambda part, refused, *args: refused):
        dice, refused = placed(read_part(NAME))
    assert (4, 315, 110) not in dice
    assert ("not_pips", 317, 113) in refused
