"""Faces squashed as the camera squashes them (no top-down profile): `vision.oblique`."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from vision.faces import SMEARED_LINE, Face
from vision.layout import fit_layout
from vision.oblique import OBLIQUE_DETAIL, CameraSquash, squash_of, squashed_as_camera
from vision.pips import PipBlob
from vision.verdicts import cocked_if_beside, view_squash


def pip(x: float, y: float, roundness: float, angle_deg: float = 0.0) -> PipBlob:
    """A pip 8 pixels long, squashed to `roundness` across its long axis at `angle_deg`."""
    major = 8.0
    minor = roundness * major
    return PipBlob(x, y, math.pi * major * minor / 4.0, major, minor, math.radians(angle_deg),
                   40.0, 200.0, 190.0, 0.98)


def squashed_four(cx: float, cy: float, grid: float, roundness: float) -> list[PipBlob]:
    """A 4 whose grid is squashed to `grid` along y (long axis along x), pips to `roundness`."""
    return [pip(cx + u * 10.0, cy + v * 10.0 * grid, roundness) for u in (-1, 1) for v in (-1, 1)]


def test_the_squash_grows_across_the_picture_as_the_read_faces_show() -> None:
    # two faces near the bottom at 0.8, one higher at 0.7: perspective, squashed along y
    pips = [pip(100.0 + dx, 400.0, 0.8) for dx in (0, 10)] + [pip(300.0 + dx, 400.0, 0.8) for dx in (0, 10)]
    pips += [pip(200.0 + dx, 250.0, 0.7) for dx in (0, 10)]
    squash = squash_of(pips, 3, 640)
    assert squash is not None
    assert abs(squash.at(200.0, 100.0) - 0.6) < 0.02  # farther up, squashed more
    # no camera turns the view by more than a radian per half the picture's width
    pips = [pip(10.0 * k, 400.0, 0.9) for k in range(3)] + [pip(10.0 * k, 360.0, 0.5) for k in range(3)]
    steep = squash_of(pips, 2, 640)
    assert steep is not None and abs(steep.slope) <= 2.0 / 640 + 1e-9


def test_read_faces_that_disagree_on_the_direction_give_no_squash() -> None:
    pips = [pip(100.0, 100.0, 0.75, 0.0), pip(110.0, 100.0, 0.75, 0.0)]
    pips += [pip(300.0, 100.0, 0.75, 90.0), pip(310.0, 100.0, 0.75, 90.0)]
    assert squash_of(pips, 2, 640) is None
    assert squash_of(pips[:2], 1, 640) is None  # one face alone does not say how the camera looks


def test_a_face_is_flat_only_when_squashed_as_the_frame_there() -> None:
    frame = CameraSquash(0.7, 0.0, 0.0, (320.0, 240.0))
    two = [pip(100.0, 100.0, 0.66), pip(112.0, 112.0, 0.7)]
    fit = fit_layout(np.array([(p.x, p.y) for p in two]))
    assert fit is not None
    assert squashed_as_camera(two, fit, frame)
    assert not squashed_as_camera(two, fit, None)
    # squashed as much, but across another direction: a die tilted on its own
    turned = [pip(p.x, p.y, p.roundness, 60.0) for p in two]
    assert not squashed_as_camera(turned, fit, frame)
    # squashed more than the frame's faces: tilted further than the camera looks
    flatter = [pip(p.x, p.y, 0.55) for p in two]
    assert not squashed_as_camera(flatter, fit, frame)


def test_a_grid_must_be_squashed_with_its_pips() -> None:
    frame = CameraSquash(0.7, 0.0, 0.0, (320.0, 240.0))
    for grid, flat in ((0.7, True), (1.0, False), (0.5, False)):
        four = squashed_four(200.0, 200.0, grid, 0.7)
        fit = fit_layout(np.array([(p.x, p.y) for p in four]))
        assert fit is not None
        assert squashed_as_camera(four, fit, frame) == flat
    # the grid squashed as much, but along the pips' long axis instead of across it
    four = [pip(200.0 + u * 7.0, 200.0 + v * 10.0, 0.7) for u in (-1, 1) for v in (-1, 1)]
    fit = fit_layout(np.array([(p.x, p.y) for p in four]))
    assert fit is not None and not squashed_as_camera(four, fit, frame)


def test_only_faces_read_on_their_own_round_enough_pips_show_the_camera() -> None:
    def face(value: int, x: float, roundness: float, detail: str = "") -> Face:
        return Face(value, (x + 5.0, 200.0), 38.0, 0.9, None, 2 if value > 1 else 1, roundness, detail)

    blobs = [pip(x + dx, 200.0, 0.75) for x in (100.0, 300.0) for dx in (0.0, 10.0)]
    two_flat = [face(2, 100.0, 0.75), face(2, 300.0, 0.75)]
    squash = view_squash(two_flat, blobs, 640)
    assert squash is not None and abs(squash.roundness - 0.75) < 1e-6
    # a face read from streaks is squashed by its own motion, not by the view
    smeared = [face(2, 100.0, 0.75), face(2, 300.0, 0.45, SMEARED_LINE)]
    assert view_squash(smeared, blobs, 640) is None
    # nor does a lone 1 count, or a refused face
    assert view_squash([face(2, 100.0, 0.75), face(1, 300.0, 0.75)], blobs, 640) is None
    refused = replace(two_flat[1], value=None, reason="cocked")
    assert view_squash([two_flat[0], refused], blobs, 640) is None


def test_a_face_read_on_the_camera_s_squash_with_a_second_face_beside_it_is_cocked() -> None:
    two = [pip(100.0, 100.0, 0.66), pip(112.0, 112.0, 0.7)]
    fit = fit_layout(np.array([(p.x, p.y) for p in two]))
    assert fit is not None
    read = Face(2, fit.center, 38.0, 0.9, None, 2, 0.68, OBLIQUE_DETAIL, fit)
    # round pips of another face just past this one's edge, two grid steps and more out
    beside = [pip(106.0 + 3.0 * fit.spacing, 106.0 - 0.5 * fit.spacing, 0.8),
              pip(106.0 + 3.0 * fit.spacing, 106.0 + 0.5 * fit.spacing, 0.8)]
    assert cocked_if_beside([read], two + beside)[0].reason == "cocked"
    assert cocked_if_beside([read], two)[0].value == 2
    # a face read on its own round pips is left to the checks of a top-down camera
    plain = replace(read, detail="")
    assert cocked_if_beside([plain], two + beside)[0].value == 2
