"""A 2 is two pips alike: a pip of another face beside a 1 does not make one (faces.LIKE_TWO_CONTRAST).

On a leaning black 1 of the simulated trays (dark-dice, seeds from 13000) the top face's pip
(contrast 132) and a pip of the face shown past its edge (contrast 70, lit from another side)
lay a 2's diagonal apart and were read as a 2.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.faces import read_group
from vision.pips import PipSearch, find_pip_blobs


def pair_on_a_face(second_level: int) -> tuple[np.ndarray, np.ndarray]:
    """A face at level 200 with a pip at level 68 and another at `second_level`, a 2's diagonal apart."""
    plane = np.full((80, 80), 200, np.uint8)
    cv2.circle(plane, (33, 33), 3, 68, -1)
    cv2.circle(plane, (47, 47), 3, second_level, -1)
    plane = cv2.GaussianBlur(plane, (3, 3), 0)
    return plane, cv2.merge([plane, plane, plane])


@pytest.mark.parametrize(("second_level", "value"), [(80, 2), (100, 2), (130, None), (140, None)])
def test_a_pair_reads_as_a_2_only_when_its_pips_stand_out_alike(second_level: int, value: int | None) -> None:
    plane, colour = pair_on_a_face(second_level)
    blobs = find_pip_blobs(plane, PipSearch(block=13))
    assert len(blobs) == 2
    face = read_group(plane, colour, [0, 1], blobs, blobs)
    assert face.value == value
    if value is None:
        assert (face.reason, face.detail) == ("not_pips", "unlike pair")
