"""Pips of a red face whose rings the glow of its white pips and its sheen set apart are grouped.

The crops are in tests/data/sim-rests (see its README), each read with its calibration.
"""

from __future__ import annotations

from tests.vision.saved_rests import near as _values_near


def test_a_red_six_whose_rings_differ_past_the_face_step_is_read() -> None:
    # white pips of contrast 93 to 122 ringed 143 to 165: in three pieces, refused `not_pips`
    assert _values_near("random-42027-flat-6-sheen-part", (210.9, 108.0)) == ([6], [])


def test_the_five_beside_that_six_is_still_read() -> None:
    assert _values_near("random-42027-flat-6-sheen-part", (195.0, 77.0)) == ([5], [])


def test_a_red_three_whose_middle_pip_is_ringed_in_its_neighbours_glow_is_read() -> None:
    # rings 133 (middle), 143.5 and 160 round pips of contrast 96 to 119; its side face's two
    # faint pips past the lower right edge stay out of it
    assert _values_near("red-dice-43000-flat-3-glow-part", (32.3, 110.0)) == ([3], [])


def test_the_two_beside_that_three_is_still_read() -> None:
    assert _values_near("red-dice-43000-flat-3-glow-part", (136.4, 65.8)) == ([2], [])
