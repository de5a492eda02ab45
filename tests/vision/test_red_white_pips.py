"""Red dice of white pips set near their faces' centres, by the wall of a purple tray.

The frame parts (tests/data/sim-rests, 320×400 round the picture's centre of a 640×480 frame,
with the scene's calibration moved to the part) hold flat red 4s 24 px wide whose white pips
sit 5 px from the face's centre lines: the rings round the pips reach the shade of the die's
rounded edge, and the pip grid's side (19 px) is short of the die's.
"""

from __future__ import annotations

import math
from pathlib import Path

import cv2

from vision.profile import load_profile
from vision.reader import DiceReader, Reading

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def read_part(name: str) -> Reading:
    image = cv2.imread(str(DATA / name), cv2.IMREAD_COLOR)
    profile = load_profile(DATA / "random-11023-part-calibration.json")
    return DiceReader(profile, crop_to_tray=False).read(image)


def values_near(reading: Reading, centre: tuple[float, float]) -> list[int]:
    return [d.value for d in reading.dice if math.dist(d.center, centre) <= 8.0]


def test_a_face_whose_rings_reach_its_edge_s_shade_is_read() -> None:
    # the 4 at (206, 67): two of its bare mid-sides are brighter red than the face colour read
    # round its pips, half of whose ring lies on the shaded edge; it was refused `not_pips`
    reading = read_part("random-11023-4-edge-shade-frame-part.png")
    assert values_near(reading, (206.0, 67.0)) == [4]
    assert values_near(reading, (122.0, 66.0)) == [4]
    assert reading.unreadable == ()


def test_a_flat_die_by_the_wall_whose_side_run_stops_on_its_edge_s_shade_is_read() -> None:
    # the 4 at (122, 66), 7 px inside the wall: a side run stopped 0.49 of the grid's side out,
    # on the shade of the rounded edge, and the outer one at half the die (0.62 of the grid's
    # side); it was refused `cocked` (body past top face)
    reading = read_part("random-11023-4-by-wall-frame-part.png")
    for centre in ((122.0, 66.0), (173.0, 76.0), (206.0, 67.0)):
        assert values_near(reading, centre) == [4]
    assert len(reading.dice) == 3
    assert reading.unreadable == ()
