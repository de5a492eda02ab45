"""Two specks of a felt's grain a 2's diagonal apart are no 2: a 2 read on the bare felt, of the
felt's colour, whose marks stand out as little as grain does, is dropped (`outline.on_bare_felt`).

The crop is in tests/data/sim-rests (see its README), read with its calibration.
"""

from __future__ import annotations

from tests.vision.saved_rests import placed, read_part

NAME = "random-48069-felt-specks-frame-part"


def test_two_specks_of_olive_felt_are_not_read_as_a_two() -> None:
    # they stood out 32 on olive felt, 100 px from any die, and were read as a 2 (confidence 0.76)
    assert placed(read_part(NAME)) == ([(1, 56, 148), (6, 146, 133)], [])
