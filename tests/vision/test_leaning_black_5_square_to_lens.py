"""A black 5 of white pips, tipped 24.7° towards the middle under the far wall over dark green felt,
turns its top face square to the lens (the view angle there is 22°): its pips keep a flat face's
square grid, and the side face a flat die shows towards the point below the lens, a band 10.8 px
wide past its inner edge, is hidden. That band is the felt in the die's shadow, as dark as the die,
and the felt's grain at the shadow's edge passes for a pip's dash. Its tint tells
(`innertint.inner_band_of_felt`): the band lies 0.019 from the felt's tint beside the die, which
lies 0.30 from the top face's (0.063 of that step), where the flat black 3 and 5 of the same frame
by the same wall show their side faces 0.4 to 0.66 of the step from the felt's tint (RULINGS: a
cocked die is not read, it is thrown again).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.innertint
from tests.vision.saved_rests import near, placed, read_part

NAME = "random-106041-leaning-black-5-square-to-lens-frame"
CENTRE = (330.0, 41.0)


def test_the_black_5_square_to_the_lens_is_refused() -> None:
    read, refused = near(NAME, CENTRE)
    assert read == [] and refused == ["cocked"]


def test_the_flat_black_dice_by_the_wall_are_read() -> None:
    assert placed(read_part(NAME))[0] == [(3, 182, 92), (4, 454, 163), (5, 146, 139)]


def test_without_the_band_s_tint_it_is_read_as_a_5() -> None:
    with patch.object(vision.innertint, "FELT_SHARE", 0.0):
        assert near(NAME, CENTRE)[0] == [5]
