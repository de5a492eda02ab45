"""The truth tells how much of a die's top face another die covers: only a die resting on it can
(a flat neighbour's body stays below its top face), so a neighbour touching the face's edge and
the background round it count for nothing."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from hardware.sim.observe import with_top_face_cover
from hardware.sim.truth import DieTruth

FACE = ((100.0, 100.0), (130.0, 100.0), (130.0, 130.0), (100.0, 130.0))


def die(die_id: int = 0) -> DieTruth:
    return DieTruth(
        die_id=die_id, value=3, centre_px=(115.0, 115.0), footprint_px=FACE, footprint_area_px=900.0,
        top_face_px=FACE, moving=False, cocked=False, tilt_deg=0.0, on_tray=True, in_frame=True,
        visible_fraction=1.0, held=False, position_cm=(0.0, 0.0, 0.8),
    )


def ids_with_face() -> np.ndarray:
    ids = np.full((240, 320), -1, np.int32)
    ids[100:131, 100:131] = 0
    return ids


def test_a_face_seen_whole_is_not_covered() -> None:
    assert with_top_face_cover(die(), ids_with_face()).top_face_covered == 0.0


def test_a_die_over_a_corner_covers_its_share() -> None:
    ids = ids_with_face()
    ids[100:116, 100:116] = 1  # a die resting on it hides the top left quarter
    covered = with_top_face_cover(die(), ids).top_face_covered
    assert covered == pytest.approx(0.25, abs=0.04)
    assert with_top_face_cover(die(), ids).to_json()["top_face_covered"] == round(covered, 3)


def test_a_neighbour_touching_the_edge_or_background_on_it_covers_nothing() -> None:
    ids = ids_with_face()
    ids[100:131, 130:160] = 1  # a flat neighbour against the right edge, on the face's last column
    ids[100:102, 100:131] = -1  # the raster's edge: background on the face's first rows
    assert with_top_face_cover(die(), ids).top_face_covered == 0.0


def test_a_held_die_keeps_its_truth() -> None:
    held = replace(die(), held=True)
    ids = ids_with_face()
    ids[:] = 1
    assert with_top_face_cover(held, ids) is held
