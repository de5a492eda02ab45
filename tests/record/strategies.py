"""Hypothesis strategies for every input type of the rules core."""

from __future__ import annotations

from hypothesis import strategies as st

from culdechouette_box.rules.inputs import (
    INPUT_TYPES,
    Announcement,
    Input,
    RestingDie,
    ScribeAdjust,
    ScribeBevue,
    ScribeDice,
    ScribeJoin,
    ScribeSong,
    Shout,
    SongResult,
    Tick,
    TrayAtRest,
    TrayMotion,
)

t_ns = st.integers(min_value=0, max_value=2**63 - 1)
seats = st.integers(min_value=-3, max_value=12)
faces = st.integers(min_value=1, max_value=6)
coordinates = st.floats(allow_nan=False, allow_infinity=False, width=64)
texts = st.text(max_size=30)


@st.composite
def resting_dice(draw: st.DrawFn) -> tuple[RestingDie, ...]:
    ids = draw(st.lists(st.integers(-(2**40), 2**40), max_size=4, unique=True))
    return tuple(
        RestingDie(die_id, draw(st.none() | faces), draw(coordinates), draw(coordinates))
        for die_id in ids
    )


STRATEGIES: dict[type, st.SearchStrategy[Input]] = {
    TrayMotion: st.builds(TrayMotion, t_ns),
    TrayAtRest: st.builds(TrayAtRest, t_ns, resting_dice(), st.integers(0, 3)),
    Announcement: st.builds(
        Announcement,
        t_ns,
        seats,
        st.sampled_from(Shout),
        st.none() | st.integers(-200, 200),
        st.none() | seats,
        st.none() | texts,
    ),
    Tick: st.builds(Tick, t_ns),
    ScribeBevue: st.builds(ScribeBevue, t_ns, seats, texts),
    ScribeAdjust: st.builds(ScribeAdjust, t_ns, seats, st.integers(-500, 500), texts),
    ScribeDice: st.builds(ScribeDice, t_ns, st.lists(faces, max_size=3).map(tuple)),
    ScribeJoin: st.builds(ScribeJoin, t_ns, seats, texts),
    ScribeSong: st.builds(ScribeSong, t_ns, st.sampled_from(SongResult)),
}
assert set(STRATEGIES) == set(INPUT_TYPES.values()), "a new input type needs a strategy here"

inputs: st.SearchStrategy[Input] = st.one_of(*STRATEGIES.values())
