"""Two light marks at the felt's edge by a blue wall, grouped as a 2, are no die on the felt.

On red-brown felt by the blue right wall (die 29 px), two light marks 1.2 and 2.5 px inside the
felt's edge, 22.5 px apart along it, were grouped as a 2 of the die's size centred 1.8 px inside
the edge, and refused `occluded` where no die is. A die's top face, flat against the wall or
leaning on it, is seen at least s (0.5 - d / f) inside the felt's edge (7.3 px there, d / f 0.25),
and two pips that far apart lie within 3.2 px of their face's centre
(`outline.short_of_any_top_face`).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.reader
from tests.vision.saved_rests import near, placed, read_part

NAME = "random-94055-pair-on-felt-edge-frame"
EDGE = (546.0, 148.0)


def test_nothing_is_reported_on_the_felts_edge() -> None:
    assert placed(read_part(NAME)) == ([(4, 321, 73), (4, 375, 247), (6, 336, 178)], [])


def test_without_the_bound_the_pair_is_refused() -> None:
    with patch.object(vision.reader, "short_of_any_top_face", lambda *_: False):
        assert near(NAME, EDGE) == ([], ["occluded"])
