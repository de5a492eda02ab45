"""A 3's mid-sides held to the level of its two bare corners (`margins._like_corners`) are read
there as the medians of 3x3 pixels, as are the corners: a face grained in patches of a few
pixels darkens single mid-side pixels past its tolerance, which is no end of the face.

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration: a
flat cream 3 of dark pips on red-brown felt, die 31 px, ringed 172 to 181, beside a flat 5. Its
two mid-sides past its top pip lie on grains of 138 and 147 (3x3 medians 157 and 157), its
corners read 176 and 163 (medians 174 and 163).
"""

from __future__ import annotations

from unittest.mock import patch

import numpy as np

import vision.margins
from tests.vision.saved_rests import near, placed, read_part

NAME = "random-93021-cream-3-grain-frame"
CENTRE = (312.1, 214.7)


def test_the_grainy_cream_3_and_the_5_beside_it_are_read() -> None:
    assert placed(read_part(NAME)) == ([(3, 313, 213), (5, 291, 167)], [])


def test_read_pixel_by_pixel_the_3_ends_at_its_pips() -> None:
    def pixel_by_pixel(image: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """The pixel at each point, where the median of the 3x3 round it was."""
        return image[np.rint(ys).astype(int), np.rint(xs).astype(int)].astype(np.float64)

    # the two mid-sides on grains stand out in the dark-pip plane, the blue, 2.7 and 3.8 times as much
    # as in brightness (the luma of the channels under the ceiling): of tint alone, they are the
    # face by that too (`facecolour.tint_alone_at`), left out here
    with (
        patch.object(vision.margins, "median_3x3", pixel_by_pixel),
        patch.object(vision.margins, "tint_alone_at", lambda seen, *_: np.zeros(len(seen), bool)),
    ):
        assert near(NAME, CENTRE) == ([], ["not_pips"])
