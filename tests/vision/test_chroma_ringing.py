"""A coloured pip's colour rung past its blur by the camera's JPEG is no edge between two pips."""

from __future__ import annotations

from tests.vision.saved_rests import placed, read_part


def test_a_flat_ivory_2_of_blue_pips_is_read_across_its_pips_chroma_ringing() -> None:
    # a flat ivory 2 of blue pips 4.2 px wide on dark teal felt (die 31.5 px, JPEG quality 82):
    # 3.2 to 4.8 px past one pip's rim the path between its pips dips 26 levels in blue, 9 in
    # luma (the colour kept at half resolution rings there); its pips were never linked and the
    # 2 went unreported
    reading = read_part("random-69051-flat-2-blue-pips-frame")
    assert placed(reading) == ([(2, 289, 173), (3, 349, 263)], [])
