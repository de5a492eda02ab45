"""A die leaning on a flat die straight out from it, away from the middle: its turned-up face fills
the gap between the two short of the side face the flat die shows there, and a white die's top face,
lit to the picture's ceiling in the channel the white balance raises most, keeps its tint all the same."""

from __future__ import annotations

import numpy as np

from tests.vision.saved_rests import placed, read_part
from vision.clipped import MAX_BALANCE_GAIN, unclipped


def tint(colour: np.ndarray) -> np.ndarray:
    return colour / colour.sum()


def test_a_white_1_leaning_on_the_4_straight_out_from_it_is_refused() -> None:
    # an ivory 1 of a black pip leaning on a flat 4 1.5 sides straight out from it, on blue felt in
    # daylight: its turned-up face, grey, shows a pip 0.55 of a side out, short of where the 4's side
    # face turned to the lens would start (0.68); the 4, a flat 1 and a 2 are read
    assert placed(read_part("white-black-daylight-51068-leaning-1-on-a-die-frame")) == (
        [(1, 187, 176), (2, 331, 149), (4, 187, 99)], [("cocked", 213, 128)]
    )


def test_a_channel_at_the_ceiling_is_given_back_by_the_face_in_shade() -> None:
    top, shade = np.array([234.0, 255.0, 239.0]), np.array([99.0, 141.0, 101.0])
    assert np.abs(tint(shade) - tint(top)).sum() > 0.12  # the top face's green cut at 255
    assert np.abs(tint(shade) - tint(unclipped(top, shade))).sum() < 0.01
    # blue felt is of another tint whatever the green
    felt = np.array([95.0, 74.0, 18.0])
    assert np.abs(tint(felt) - tint(unclipped(top, felt))).sum() > 0.4
    # no channel is raised past what the balance's largest gain gives 255, nor lowered under 255
    assert unclipped(top, np.array([40.0, 200.0, 40.0]))[1] == 255.0 * MAX_BALANCE_GAIN
    assert unclipped(top, np.array([100.0, 20.0, 100.0]))[1] == 255.0
    # a face under the ceiling, or at it in every channel, is as it is
    assert (unclipped(np.array([200.0, 230.0, 210.0]), shade) == [200.0, 230.0, 210.0]).all()
    assert (unclipped(np.array([255.0, 255.0, 255.0]), shade) == 255.0).all()


def test_a_3_spaced_as_a_smaller_die_leaning_on_the_4_straight_out_is_refused() -> None:
    # a white 3 of black pips leaning on a flat white 4 straight out from it, on blue felt in
    # daylight: its pips spaced as a die of 19 px on one of 26, its turned-up face shows a pip 5.7 px
    # long 0.57 of a side out, a pip as long as 0.3 of the 3's grid (no pip on a die of 26 px is
    # too long so); the 4, a flat 3 and a flat 6 are read
    assert placed(read_part("white-black-daylight-59068-leaning-3-on-a-die-frame-part")) == (
        [(3, 279, 242), (4, 271, 76), (6, 161, 195)], [("cocked", 251, 116)]
    )
