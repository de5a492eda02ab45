"""Lone 1s whose face's tint differs from the felt's by less than a fixed tint step: read by the
step of tint past the face's own noise (`vision.facerays.faint_tint_ray_lengths`).

The crops are in tests/data/sim-rests (see its README).
"""

from __future__ import annotations

import math
from pathlib import Path

import cv2
import numpy as np

from tests.vision.drawing import DrawnDie, blank_tray, tray_with
from vision.facerays import faint_tint_ray_lengths
from vision.ones import read_on_square
from vision.pips import PipSearch, find_pip_blobs
from vision.planes import every_plane
from vision.profile import CalibrationProfile
from vision.reader import PIP_PER_SIDE, DiceReader, _window_for

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"
WHITE_FELT, IVORY = (226, 226, 226), (200, 222, 232)  # BGR: an ivory face 0.06 off the felt's tint


def _read(name: str, die_size: float, polarity: str) -> list[tuple[int | None, int, int]]:
    image = cv2.imread(str(DATA / name), cv2.IMREAD_COLOR)
    profile = CalibrationProfile(die_size_px=die_size, pip_polarity=polarity, top_down=True)
    reading = DiceReader(profile).read(image)
    assert reading.unreadable == ()
    return [(d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice]


def test_a_black_1_on_near_black_felt_is_read_by_its_faint_tint() -> None:
    # white pip on a black die 31 px wide, on a near-black grainy felt of the same brightness:
    # the face's green share is 0.06 under the felt's, a step of 0.1 in L1, within the fixed
    # tolerance of so dark a face (18 / its sum of 77) but three times the face's own noise
    assert _read("random-30013-1-black-on-black-felt.png", 30.7, "light") == [(1, 47, 46)]


def test_a_1_on_a_textured_face_is_read_by_its_faint_tint() -> None:
    # a tan 1 on tan felt, its face grained and the rings round dark marks lit brighter than it
    assert _read("random-21069-1-textured.png", 28.1, "dark") == [(1, 46, 46)]


def test_an_ivory_1_on_white_felt_is_read_by_its_faint_tint() -> None:
    # an ivory 1, 28 px wide, on white felt, cropped from its frame as white-balanced whole: its
    # tint is 0.06 off the neutral felt's and its seam shows on two sides only (15 rays of 32)
    colour = cv2.imread(str(DATA / "white-felt-29038-1-ivory-tint-balanced.png"), cv2.IMREAD_COLOR)
    plane = colour.min(axis=2)
    blobs = [b for b in find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 28.0)))
             if b.roundness >= 0.6]
    pip = next(b for b in blobs if math.dist((b.x, b.y), (64.1, 61.4)) < 2.0)
    face = read_on_square(plane, colour, pip, blobs, 28.0)
    assert face is not None and face.value == 1


def _drawn_pip(image: np.ndarray) -> tuple[np.ndarray, object]:
    dark, _, colour = every_plane(image)
    pip = next(b for b in find_pip_blobs(dark, PipSearch(block=_window_for(PIP_PER_SIDE * 28.0)))
               if math.dist((b.x, b.y), (300.0, 200.0)) < 2.0)
    return colour, pip


def test_faint_tint_rays_end_on_the_face_s_edge_and_run_on_over_bare_felt() -> None:
    # a drawn ivory 1, 28 px wide, on white felt as bright: every ray ends at the face's edge,
    # half a side to a side's half diagonal from its pip
    image = tray_with([DrawnDie(1, (300.0, 200.0), 28.0, 0.0, IVORY)], felt_bgr=WHITE_FELT)
    colour, pip = _drawn_pip(image)
    rays = faint_tint_ray_lengths(colour, pip, 7.0, 56.0, 32, 10.0, 28.0)  # type: ignore[arg-type]
    assert rays is not None and np.all((rays >= 0.4 * 28.0) & (rays <= 0.8 * 28.0))
    # a dot of the pip's size on the bare felt: the felt's tint runs on, and outlines nothing
    image = blank_tray(felt_bgr=WHITE_FELT)
    cv2.circle(image, (300, 200), 3, (25, 25, 25), -1)
    colour, pip = _drawn_pip(cv2.GaussianBlur(image, (3, 3), 0))
    assert faint_tint_ray_lengths(colour, pip, 7.0, 56.0, 32, 10.0, 28.0) is None  # type: ignore[arg-type]


def test_a_side_face_s_pip_below_a_black_3_is_no_1() -> None:
    # a black 3 of white pips, 26 px wide, on green felt: a pip of the side face it shows below
    # its top face stands out a third as much; the ring round that pip spans the side face, the
    # top face's edge and the die's shadow, far noisier in tint than one face, and ends no ray
    image = cv2.imread(str(DATA / "dark-dice-11060-3-side-pip.png"), cv2.IMREAD_COLOR)
    profile = CalibrationProfile(die_size_px=26.0, pip_polarity="light", top_down=True)
    reading = DiceReader(profile).read(image)
    read = [(d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice]
    assert read == [(3, 51, 43), (4, 87, 23)]  # the 3 and a 4 cut by the crop's edge
    assert reading.unreadable == ()


def test_a_2_s_pip_read_alone_is_not_centred_in_its_faint_tint() -> None:
    # one pip of a flat ivory 2, 28 px wide, on white felt, read with its partner taken away:
    # its tint outlines half a square near it (18 rays of 32), but the pip is 0.3 of a side off
    # that square's centre, and its far rays end twice as far as its near ones
    colour = cv2.imread(str(DATA / "white-felt-11022-2-balanced.png"), cv2.IMREAD_COLOR)
    plane = colour.min(axis=2)
    pip = next(b for b in find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 28.0)))
               if math.dist((b.x, b.y), (64.4, 64.4)) < 2.0)
    assert faint_tint_ray_lengths(colour, pip, 8.0, 56.0, 32, 10.1, 28.0) is None
    assert read_on_square(plane, colour, pip, [], 28.0) is None
