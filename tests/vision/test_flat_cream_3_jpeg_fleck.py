"""A flat cream 3 of dark pips on brown felt, under warm light, beside its long shadow: the white
balance raises the blue channel 1.6 times (red at the ceiling), and with it the JPEG's colour
errors (quality 71) in the dark-pip plane, the channels' minimum, which is the blue there. A yellow
fleck inside its pip area stood out 39 levels in that plane (0.2 of the pips' contrast) and two of
its mid-sides lay 29 and 32 below the pips' rings, past the face's tolerance (24): it was refused
`not_pips`, for a stray mark, then for a face ending at its pips. All three keep the luma of the
face round them (within 7 levels, 2 at the mid-sides), where a mark of ink or dirt, an edge, a side
face or a shadow dims the luma with the plane (`facecolour.tint_alone_at`).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import numpy as np

import vision.faces
import vision.margins
from tests.vision.saved_rests import near, placed, read_part
from vision.facecolour import tint_alone_at

NAME = "random-105063-flat-cream-3-jpeg-fleck-frame"
CENTRE = (334.0, 315.0)


def _never(seen: np.ndarray, *_: object) -> np.ndarray:
    return np.zeros(len(seen), dtype=bool)


def test_the_flat_cream_3_is_read() -> None:
    assert near(NAME, CENTRE) == ([3], [])


def test_the_whole_frame_is_read() -> None:
    assert placed(read_part(NAME)) == ([(3, 334, 315), (4, 230, 266), (5, 338, 247)], [])


def test_the_fleck_taken_for_a_mark_refuses_it() -> None:
    with patch.object(vision.faces, "tint_alone", lambda *_: False):
        assert near(NAME, CENTRE) == ([], ["not_pips"])


def test_its_mid_sides_taken_for_the_face_s_end_refuse_it() -> None:
    with patch.object(vision.margins, "tint_alone_at", _never):
        assert near(NAME, CENTRE) == ([], ["not_pips"])


def test_only_a_drop_of_tint_alone_is_face_noise() -> None:
    face = np.array([194.5, 229.0, 252.0])  # the 3's face, (b, g, r) balanced
    seen = np.array([
        [171.0, 233.0, 255.0],  # its mid-side, 32 below in the plane: blue alone
        0.85 * face,  # the face dimmed 0.85 times (an edge, a side face, a shadow): 29 below
        [171.0, 200.0, 235.0],  # a red ink's mark: blue and green darker
    ])
    drops = np.array([32.0, 29.0, 23.5])
    assert tint_alone_at(seen, face, drops, darkest=True).tolist() == [True, False, False]
    # in the light-pip plane (the grey inverted) a drop is all luma: never tint alone
    assert not tint_alone_at(seen, face, drops, darkest=False).any()
