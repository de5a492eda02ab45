"""A mark of the felt's tint past a flat die's outer edge is no pip of a face it turns up.

In the light-pip plane the felt is lighter than a dark die and than a shadow on it: lit felt between
a die's corner and a neighbour's shadow (a dark 1 of a white pip on green felt, `dark-dice` scene of
the saved set from 58000), or a light speck of teal felt by a red 1's own shadow (`random-58033`),
stood out there as a pip, and the flat 1 was refused `cocked` (outer face seen). A pip of a face the
die turns up is printed in its top pips' ink on the die's colour (`vision/feltgap.py`). The crops are
in tests/data/sim-rests (see its README), read with their calibration.
"""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.saved_rests import SIM_RESTS, placed, read_part
from vision.faces import Face
from vision.feltgap import felt_past_face
from vision.pips import PipBlob
from vision.planes import every_plane
from vision.profile import load_profile

GAP = "dark-dice-58020-flat-1-felt-gap-frame-part"
SPECK = "random-58033-flat-1-felt-speck-frame-part"


def test_a_dark_1_with_felt_between_it_and_a_shadow_is_read() -> None:
    # before: the 1 at (44, 161) refused `cocked`, for the felt at (37, 145) between its corner and
    # the shadow of the 3 beyond it
    assert placed(read_part(GAP)) == ([(1, 44, 161), (2, 134, 254), (3, 60, 121)], [])


def test_a_red_1_with_a_speck_of_teal_felt_by_its_shadow_is_read() -> None:
    # before: the 1 at (186, 181) refused `cocked`, for a light speck of the felt at (208, 167)
    assert placed(read_part(SPECK)) == ([(1, 31, 208), (1, 156, 55), (1, 186, 181)], [])


def _felt_mark(name: str, one: tuple[float, float], mark: tuple[float, float]) -> bool:
    """Whether a mark at `mark`, past a 1 read at `one`, is of the felt's tint (the frame's colour
    as the reader balances it)."""
    image = cv2.imread(str(SIM_RESTS / f"{name}.png"), cv2.IMREAD_COLOR)
    profile = load_profile(SIM_RESTS / f"{name}-calibration.json")
    assert profile.die_size_px is not None and profile.tray_polygon is not None
    _, _, colour = every_plane(image)
    die = profile.die_size_px
    face = Face(1, one, die, 0.9, None, 1, 1.0)
    blob = PipBlob(mark[0], mark[1], 20.0, 5.0, 4.0, 0.0, 60.0, 20.0, 20.0, 1.0)
    outline = np.asarray(profile.tray_polygon, dtype=np.float32)
    return felt_past_face(face, blob, colour, outline, die, [])


def test_the_marks_are_of_the_felts_tint_and_the_pips_of_the_die_are_not() -> None:
    # the lit felt between the dark 1 and the shadow, and the teal speck by the red 1's shadow
    assert _felt_mark(GAP, (43.5, 161.0), (36.9, 144.6))
    assert _felt_mark(SPECK, (185.9, 181.1), (208.0, 167.3))
    # the 1s' own pips, of their ink: no felt
    assert not _felt_mark(GAP, (43.5, 161.0), (43.5, 161.0))
    assert not _felt_mark(SPECK, (185.9, 181.1), (185.9, 181.1))
