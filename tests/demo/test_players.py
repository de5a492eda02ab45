"""The simulated people: seeded, human-paced, and they keep the right dice."""

from __future__ import annotations

import itertools

from culdechouette_box.demo.players import SimPlayers
from culdechouette_box.rules.effects import Race
from culdechouette_box.rules.grelottine import stake_cap
from culdechouette_box.rules.inputs import Shout
from culdechouette_box.rules.state import GrelottineStake

MS = 1_000_000


def test_same_seed_same_people() -> None:
    a, b = SimPlayers((1, 2, 3), 7), SimPlayers((1, 2, 3), 7)
    assert [a.race_presses(Race.SUITE, (1, 2, 3), 0) for _ in range(20)] == [
        b.race_presses(Race.SUITE, (1, 2, 3), 0) for _ in range(20)
    ]


def test_presses_come_at_human_reaction_times_with_ties_and_silences() -> None:
    players = SimPlayers((1, 2, 3, 4), 1)
    rounds = [players.race_presses(Race.CHOUETTE_VELUTE, (1, 2, 3, 4), 10_000 * MS) for _ in range(400)]
    delays = [t - 10_000 * MS for presses in rounds for _, t in presses]
    assert min(delays) >= 180 * MS
    assert any(len(p) < 4 for p in rounds)  # someone stayed silent
    ties = 0
    for presses in rounds:
        times = sorted(t for _, t in presses)
        ties += any(b - a <= 20 * MS for a, b in itertools.pairwise(times))
    assert ties > 0


def test_challenged_keeps_a_pair_and_throws_the_rest() -> None:
    players = SimPlayers((1, 2), 3)
    assert players.keep_for_challenge({4: 5, 5: 5, 6: 2}, "chouette") == [6]
    assert sorted(players.keep_for_challenge({4: 1, 5: 3, 6: 6}, "velute")) == [4, 5]


def test_stakes_stay_within_the_cap() -> None:
    players = SimPlayers((1, 2), 5)
    phase = GrelottineStake(1, 2, 90, 1)
    for _ in range(50):
        stake = players.stake(phase, 1)
        assert stake.kind == Shout.STAKE and stake.combination is not None
        assert stake.value is None or 1 <= stake.value <= stake_cap(90, stake.combination)
