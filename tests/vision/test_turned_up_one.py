"""A leaning 1 hides the wall past its top face's edge with its turned-up face, as other dice do.

A 1 has no grid to turn its square by; the edges round its pip give the turn, and the wall past
its top face's edge and the wall's foot is looked at as for any face.
"""

from __future__ import annotations

from tests.vision.saved_rests import placed, read_part


def test_a_white_1_leaning_on_the_far_wall_seen_square_on_is_refused() -> None:
    # a white 1 of a red pip leaning 29° on a magenta wall over grey-white felt: its top face square,
    # its pip round and its top lit as flat dice's; the turned-up face hides the wall's foot
    assert placed(read_part("random-41051-leaning-1-far-wall-frame-part")) == ([], [("cocked", 159, 45)])


def test_a_flat_white_1_touching_the_far_wall_is_read() -> None:
    # a flat white 1 by a dark wall on white felt: the wall shows at once past its top face's edge
    assert placed(read_part("white-felt-43006-flat-1-far-wall-frame-part")) == (
        [(1, 160, 62), (5, 163, 140)], []
    )
