"""A 1 whose face is nearly of the felt's colour is told from a speck of the felt by its pip's
paint (`outline.on_bare_felt`): a felt's specks stand out by about the pip search's floor (28 to
34 grey levels), printed pips by several times it. The tiny red pip of a grey 1, blurred on a die
of 23 px over mauve felt, stands out 58.

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.outline
from tests.vision.saved_rests import placed, read_part

NAME = "random-86075-grey-1-tiny-pip-frame"


def test_a_grey_1_of_a_tiny_red_pip_on_mauve_felt_is_read() -> None:
    assert placed(read_part(NAME)) == ([(1, 330, 156), (2, 278, 236), (4, 270, 157)], [])


def test_at_the_paint_contrast_of_ivory_dice_it_passes_for_a_speck_of_felt() -> None:
    with patch.object(vision.outline, "PAINT_CONTRAST", 60.0):
        assert placed(read_part(NAME)) == ([(2, 278, 236), (4, 270, 157)], [])
