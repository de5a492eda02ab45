"""The pips of another die's top face beside a flat die are no second face of it."""

from __future__ import annotations

import json
import math
from pathlib import Path

import cv2

from vision.faces import Face
from vision.pips import PipBlob
from vision.profile import load_profile
from vision.reader import DiceReader
from vision.topdown import on_another_top_face

DATA = Path(__file__).resolve().parents[1] / "data" / "lean"


def test_a_flat_six_beside_the_top_face_of_a_leaning_die_is_read() -> None:
    # an ivory 6 with a 6 leaning 24° on it from the wall's side: the leaning die's top face,
    # refused, shows round pips a die side from the flat 6's centre
    name = "flat-beside-a-leaning-die-top-pips-six"
    record = json.loads((DATA / f"{name}-frame.json").read_text())
    reading = DiceReader(load_profile(DATA / f"{name}-calibration.json"), crop_to_tray=False).read(
        cv2.imread(str(DATA / f"{name}-frame.jpg"))
    )
    for die in record["dice"]:
        read = [d for d in reading.dice if math.dist(d.center, die["centre_px"]) < 12.0]
        refused = [u for u in reading.unreadable if math.dist(u.center, die["centre_px"]) < 12.0]
        if die["cocked"]:
            assert not read and refused
        else:
            assert [d.value for d in read] == [die["value"]]


def _blob(x: float, y: float) -> PipBlob:
    return PipBlob(x, y, 10.0, 3.6, 3.4, 0.0, 40.0, 200.0, 190.0, 0.95)


def test_only_a_refused_group_a_die_side_away_claims_its_pips() -> None:
    top = Face(6, (100.0, 100.0), 24.0, 0.9, None, 6, 0.95)
    other = Face(None, (100.0, 74.0), 24.0, 0.0, "not_pips", 6, 0.9)  # 26 px off: another die
    own = Face(None, (100.0, 84.0), 24.0, 0.0, "not_pips", 3, 0.9)  # 16 px off: its second face
    lone = Face(None, (100.0, 74.0), 24.0, 0.0, None, 1, 0.9)  # an unreported dot: no die
    assert on_another_top_face(top, _blob(103.0, 70.0), [top, other], 24.0)
    assert not on_another_top_face(top, _blob(103.0, 86.0), [top, other], 24.0)  # off that face
    assert not on_another_top_face(top, _blob(103.0, 84.0), [top, own], 24.0)
    assert not on_another_top_face(top, _blob(103.0, 70.0), [top, lone], 24.0)
