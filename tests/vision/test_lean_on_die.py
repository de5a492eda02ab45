"""A die leaning on a flat die beyond it, seen from the lens: its turned-up face lies where the flat
die's side face would, but past the width that side face can show."""

from __future__ import annotations

from tests.vision.saved_rests import read_saved


def test_a_die_leaning_on_the_die_beyond_it_is_refused_and_that_die_read() -> None:
    # a white 5 of blue pips leaning 42° on a flat 3 further from the lens's axis: the pip of its
    # turned-up face lies 0.33 of a side past the 3's inner edge, where the 3's side face turned to
    # the lens (0.29 of a side wide) holds no pip centre, and 0.66 of a side past the 5's centre,
    # within the die's side though past its pips' smaller grid
    name = "random-21029-leaning-5-on-3-part"
    reading = read_saved(f"{name}.png", f"{name}-calibration.json")
    assert [(u.reason, round(u.center[0]), round(u.center[1])) for u in reading.unreadable] == [
        ("cocked", 284, 54)
    ]
    assert sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice) == [
        (2, 216, 202), (2, 324, 133), (3, 309, 20)
    ]
