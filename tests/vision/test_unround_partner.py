"""A 2 whose second pip measured too squashed to be grouped: a lone round pip, no 1, completed
by the one pip of its kind but for its roundness a 2's diagonal away.

The frame part (tests/data/sim-rests, the scene's calibration moved to the part) holds a flat
white 2 of red pips about 3 px wide on a die 22.7 px wide beside the wall: one pip came out of
the threshold round (0.89), the other 3.7 by 2.1 (0.58), below the roundness a pip must have to
be grouped. The die was not reported at all."""

from __future__ import annotations

import math

import numpy as np

from tests.vision.saved_rests import read_saved
from vision.completion import read_two_of_lone_pip
from vision.pips import PipBlob


def test_a_2_of_a_round_and_an_unround_pip_is_read() -> None:
    reading = read_saved("random-34011-2-unround-partner-frame-part.png",
                         "random-34011-2-unround-partner-part-calibration.json")
    assert [d.value for d in reading.dice if math.dist(d.center, (128.4, 127.7)) <= 8.0] == [2]
    assert reading.unreadable == ()


def pip(x: float, y: float, major: float, minor: float) -> PipBlob:
    return PipBlob(
        x=x, y=y, area=math.pi / 4 * major * minor, major=major, minor=minor, angle=0.0,
        centre_level=60.0, ring_level=220.0, ring_low=215.0, solidity=1.0,
    )


def white_face(marks: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """A light face 24 px wide on dark felt, dark pips 3 px wide at `marks`."""
    grey = np.full((64, 64), 40, np.uint8)
    grey[20:44, 20:44] = 220
    for cx, cy in marks:
        grey[cy - 1:cy + 2, cx - 1:cx + 2] = 60
    return grey, np.dstack([grey, grey, grey])


def test_a_synthetic_2_of_an_unround_pip_is_read() -> None:
    grey, colour = white_face([(26, 26), (38, 38)])
    lone = pip(26.0, 26.0, 3.2, 3.1)
    face = read_two_of_lone_pip(grey, colour, lone, [lone, pip(38.0, 38.0, 4.0, 2.2)], 24.0, None)
    assert face is not None and face.value == 2


def test_no_2_when_two_unround_pips_could_complete_it() -> None:
    # both diagonals' far corners hold an unround pip: which is the 2's is a guess
    grey, colour = white_face([(26, 26), (38, 38), (38, 26)])
    lone = pip(26.0, 26.0, 3.2, 3.1)
    marks = [lone, pip(38.0, 38.0, 4.0, 2.2), pip(38.0, 26.0, 4.0, 2.2)]
    assert read_two_of_lone_pip(grey, colour, lone, marks, 24.0, None) is None


def test_no_2_without_an_unround_pip_on_the_diagonal() -> None:
    # an unround mark beside the pip, a grid step away, is no 2's pip
    grey, colour = white_face([(26, 26), (32, 26)])
    lone = pip(26.0, 26.0, 3.2, 3.1)
    assert read_two_of_lone_pip(grey, colour, lone, [lone, pip(32.0, 26.0, 4.0, 2.2)], 24.0, None) is None
