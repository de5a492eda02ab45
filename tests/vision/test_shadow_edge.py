"""The soft edge of a shadow, a side face and a speck of felt past a flat die beside another die."""

from __future__ import annotations

import pytest

from tests.vision.saved_rests import assert_read_as_recorded
from tests.vision.test_dash_edge import DIE, _drawn_six_by_wall
from vision.lean import dash_past_top_face


def test_a_dash_on_a_face_beside_a_die_still_counts() -> None:
    # face all round it: its dark stays within it and runs to no border of the band
    face, plane = _drawn_six_by_wall(5.0)
    assert dash_past_top_face(face, plane, (0.0, -1.0), DIE, by_wall=True, aside=True)


@pytest.mark.parametrize(
    "name",
    [
        # a white 3 beside a read 1 on its outer side: the soft corner of its shadow on grey felt,
        # darker than the row's mean over a few pixels, runs on into the shade
        "flat-beside-a-die-shadow-edge-white-three",
        # a red 4 beside a red 2, the point below the lens past both: the 2's side face turned to
        # it shows its shaded white pips just past the 2's edge, in the band past the 4's outer edge
        "flat-beside-a-die-side-pips-red-four",
        # a white 1 by the wall, a 2 beside it: the shade round its corner bends into the band past
        # its outer edge, where the row's mean takes a piece of it for a dash that runs back to the
        # top face's edge (the whole frame: its outline and white balance are the frame's)
        "flat-by-wall-shadow-edge-one",
        # a red 6 beside a red 3 on its outer side, the point below the lens past both: two shaded
        # white pips of the 3's side face turned to it lie round, just past the 6's edge
        "flat-beside-a-die-side-pips-red-six",
        # a white 1 beside a 4 on its outer side: a speck of grey felt grain 1.5 pixels across past
        # its corner, shorter along the edge than any pip of a second face
        "flat-beside-a-die-felt-speck-one",
    ],
)
def test_a_flat_die_beside_another_is_read(name: str) -> None:
    assert_read_as_recorded(name)
