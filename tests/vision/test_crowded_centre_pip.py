"""A flat red 5 of white pips on blue felt by the far wall, die 23 px: the four corners crowd
the threshold's window round its centre pip, darken that window's mean and shrink the pip's
outline to 2.9 px against the corners' 5.0 to 5.4 (its ring 86.5 against 100 to 143.5). Too
small to be grouped with them or taken as a pip in the glow of a 4's empty cell, it was a mark
there and the 5 was refused `occluded`. Measured each at half its own contrast, the five pips are
alike (3.7 against 3.7 to 4.8 px), and the centre pip completes the 5.

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.faces
from tests.vision.saved_rests import near, placed, read_part

NAME = "random-93025-red-5-small-centre-frame"
CENTRE = (172.0, 101.0)


def test_the_red_5_is_read() -> None:
    assert near(NAME, CENTRE) == ([5], [])


def test_the_2_beside_it_is_read_and_nothing_else_is_reported() -> None:
    assert placed(read_part(NAME)) == ([(2, 256, 232), (5, 170, 97)], [])


def test_without_its_pips_measured_at_half_contrast_it_is_refused() -> None:
    with patch.object(vision.faces, "_alike_at_half_contrast", lambda image, pips: False):
        assert near(NAME, CENTRE) == ([], ["occluded"])
