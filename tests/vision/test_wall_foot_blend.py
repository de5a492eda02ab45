"""A flat cream 5 of blue pips on pale pink felt by a dark green far wall shows, past its outer
edge, the wall's foot blurred with the felt. Where the tray's outline turns a corner, the foot's
edge steps a pixel, and a speck of it two pixels thick (1.36 px in depth, over the 1.2 a stroke of
the foot may spread) stood out from its row of the band as a second face's dash would, on "face"
lit 0.57 of the top face and near grey (0.097 off the cream top face's tint, under the 0.1 a
turned-up face is allowed). Two marks of the foot agree there: the face round the speck is the
background beside the die (`wallfoot.background_beside`), and the speck has the foot's colour
along the outline (`outlinefoot.wall_along_outline`, its thickness aside).

The frame is in tests/data/sim-rests (see its README), read with its scene's calibration.
"""

from __future__ import annotations

from unittest.mock import patch

import vision.lean
from tests.vision.saved_rests import near, placed, read_part

NAME = "random-93029-cream-5-wall-corner-frame"
CENTRE = (266.0, 65.0)


def test_the_flat_cream_5_by_the_wall_is_read() -> None:
    assert near(NAME, CENTRE) == ([5], [])


def test_the_whole_frame_is_read() -> None:
    assert placed(read_part(NAME)) == ([(4, 228, 118), (5, 266, 65)], [])


def test_without_telling_the_background_the_wall_foot_is_taken_for_a_dash() -> None:
    with patch.object(vision.lean, "background_beside", lambda *args, **kwargs: False):
        assert near(NAME, CENTRE) == ([], ["cocked"])


def test_the_speck_is_too_thick_for_a_stroke_of_the_foot_alone() -> None:
    original = vision.lean.wall_along_outline

    def thin_only(*args: object, **kwargs: object) -> bool:
        return original(*args, **{**kwargs, "thin": True})  # type: ignore[arg-type]

    with patch.object(vision.lean, "wall_along_outline", thin_only):
        assert near(NAME, CENTRE) == ([], ["cocked"])
