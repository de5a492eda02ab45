"""A glossy red face of white pips whose sheen, the lamps' white reflected, lights part of it.

Crops of a simulated tray of red dice on red-brown felt (tests/data/sim-rests, its README), each
with its calibration shifted to the crop: the sheen lifts the face past its level in the light-pip
plane, and fades towards the face's own red as steeply as an edge.
"""

from __future__ import annotations

import numpy as np

from tests.vision.saved_rests import near
from vision.facerays import sheen_ray_lengths
from vision.pips import PipBlob


def _at(stem: str, centre: tuple[float, float]) -> tuple[list[int], list[str]]:
    return near(stem, centre, read_reach=12.0)


def test_a_flat_red_four_whose_sheen_lights_two_mid_sides_is_read() -> None:
    # two mid-sides by the sheen, lighter than the face round the pips and of its hue, were taken
    # for the face's end (`not_pips`)
    assert _at("random-42035-flat-4-sheen-part", (79.8, 80.4)) == ([4], [])


def test_a_flat_red_one_pink_by_its_pip_is_read() -> None:
    # the sheen, lighter than the ring round the pip, and its fade to the face's red two pixels at
    # a time, ended rays inside the die's square: the 1 was not reported at all
    assert _at("random-42035-flat-1-sheen-part", (79.6, 80.4)) == ([1], [])


def _pip(x: float, y: float) -> PipBlob:
    return PipBlob(x=x, y=y, area=28.0, major=6.0, minor=6.0, angle=0.0, centre_level=0.0, ring_level=70.0,
                   ring_low=65.0, solidity=1.0)


def test_a_fade_towards_white_ends_no_sheen_ray_but_the_felt_does() -> None:
    # a red face (BGR) whose sheen whitens it within 7 px of the pip, then steps to dark felt at 13
    colour = np.zeros((64, 64, 3), np.uint8)
    yy, xx = np.mgrid[:64, :64]
    r = np.hypot(xx - 32.0, yy - 32.0)
    face = np.array([86.0, 122.0, 210.0])
    share = np.clip((9.0 - r) / 6.0, 0.0, 0.6)[..., None]
    felt = np.array([45.0, 60.0, 95.0])
    colour[:] = np.where(r[..., None] < 13.0, face + share * (255.0 - face), felt).astype(np.uint8)
    colour[r < 3.0] = 255
    ends = sheen_ray_lengths(colour, _pip(32.0, 32.0), 6.0, 30.0, 32)
    assert np.all((ends >= 12.0) & (ends <= 14.0))
