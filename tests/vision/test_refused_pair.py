"""Two lone pips of a 2 that the path test did not link, joined again, are read, or refused and reported.

Left apart, neither pip is a 1 and neither is reported: the die would go unseen, and the box
would score the dice it saw. Reported as a refusal, the box asks for a re-throw. The crops are
in tests/data/sim-rests (see its README), read whole with their scene's die size.
"""

from __future__ import annotations

import math
from pathlib import Path

import cv2

from vision.faces import Face
from vision.fallbacks import rejoin
from vision.pips import PipBlob
from vision.profile import CalibrationProfile
from vision.reader import DiceReader

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def test_a_red_two_whose_unlinked_pips_are_joined_again_is_read() -> None:
    # joined again, two mid-sides whitened by the glossy face's sheen lay below the face's level
    # in the light-pip plane: the 2 was refused (`not_pips`), reported where the die is
    image = cv2.imread(str(DATA / "red-dice-demo-2-unlinked-pips.png"), cv2.IMREAD_COLOR)
    profile = CalibrationProfile(die_size_px=24.0, pip_polarity="light", top_down=True)
    reading = DiceReader(profile).read(image)
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice] == [(2, 32, 32)]
    assert reading.unreadable == ()


def test_a_two_of_pips_wider_than_its_grid_step_is_read_clear_of_their_blur() -> None:
    # white pips 5.5 px wide, 5.1 px a grid step: a sample 0.3 of a step off a mid-side cell's
    # centre lay 0.7 px from a pip's rim and saw its blur; it was refused `occluded`
    image = cv2.imread(str(DATA / "random-17061-2-unlinked-pips.png"), cv2.IMREAD_COLOR)
    profile = CalibrationProfile(die_size_px=24.4, pip_polarity="light", top_down=True)
    reading = DiceReader(profile).read(image)
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice] == [(2, 32, 32)]
    assert reading.unreadable == ()


def _pip(x: float, y: float) -> PipBlob:
    diameter = 4.8
    return PipBlob(x, y, math.pi / 4 * diameter**2, diameter, diameter, 0.0, 50.0, 200.0, 190.0, 0.95)


UNREPORTED = Face(None, (0.0, 0.0), 0.0, 0.0, None, 1, 0.0)
REFUSED_TWO = Face(None, (20.0, 20.0), 24.0, 0.0, "not_pips", 2, 0.95, "face ends at the pips")


def _lone(pips: list[PipBlob]) -> list[tuple[list[int], Face]]:
    return [([k], UNREPORTED) for k in range(len(pips))]


def test_two_lone_pips_a_diagonal_apart_give_the_two_s_refusal_with_the_die_size_known() -> None:
    pips = [_pip(15.0, 15.0), _pip(25.0, 25.0)]  # 14 px apart on a 24 px die: 0.59 of a side

    def read(part: list[int]) -> Face | None:
        return REFUSED_TWO if sorted(part) == [0, 1] else None

    assert rejoin(_lone(pips), pips, read, None, 24.0) == [([0, 1], REFUSED_TWO)]
    # without the die size nothing tells a 2's diagonal from two specks: left as they were
    assert rejoin(_lone(pips), pips, read, None, None) == _lone(pips)


def test_two_lone_pips_too_far_apart_for_a_two_are_left_alone() -> None:
    pips = [_pip(10.0, 10.0), _pip(25.0, 25.0)]  # 21 px apart on a 24 px die: 0.88 of a side

    def read(part: list[int]) -> Face | None:
        return REFUSED_TWO if sorted(part) == [0, 1] else None

    assert rejoin(_lone(pips), pips, read, None, 24.0) == _lone(pips)
