"""A light speck of red-brown felt past a flat red 4's outer edge, ringed by the felt, is no pip.

A flat red 4 of white pips on red-brown felt by the far wall (blue), die 29 px, showed in the
light-pip plane a light speck of the felt's grain 0.33 of a side past its edge, between its shadow
and the wall, and was refused `cocked` (outer face seen). The speck is 0.19 off the blends of the
die's white ink and red face, within the 0.2 a side face's shade is allowed, though nearer the felt's
tint (0.12): a red die's blend with white is near a red-brown felt's light grain. A pip is printed on
a face of its die; the face round the speck, 3 px past its rim all round, is the felt's (within 0.14
of its tint) and nowhere the die's (0.28 to 0.53 off the red face's), `vision/feltgap.py`.

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.feltgap
from tests.vision.saved_rests import near, placed, read_part

NAME = "random-94055-flat-red-4-felt-speck-frame"
CENTRE = (321.0, 77.0)


def test_the_flat_red_4_by_the_wall_is_read() -> None:
    assert placed(read_part(NAME)) == ([(4, 321, 73), (6, 336, 178)], [])


def test_without_the_felt_round_the_speck_it_is_refused() -> None:
    with patch.object(vision.feltgap, "_ringed_by_felt", lambda *_: False):
        assert near(NAME, CENTRE) == ([], ["cocked"])
