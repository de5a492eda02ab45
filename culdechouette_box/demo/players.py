"""Simulated people at the table: when they press, what they bet, whom they challenge.

They read the table as people do: what the box shows (its state, its ticker) and the dice they
see. Every choice and every reaction time comes from one seeded generator, so a demo with the
same seed plays the same game. Times are ns on the simulator's clock.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from culdechouette_box.rules.combinations import Combination, points_of
from culdechouette_box.rules.effects import Race
from culdechouette_box.rules.grelottine import stake_cap
from culdechouette_box.rules.inputs import Announcement, Shout
from culdechouette_box.rules.state import GameState, GrelottineStake

MS = 1_000_000
S = 1_000_000_000
CHALLENGES = ("chouette", "velute", "chouette_velute", "cul_de_chouette")


@dataclass(frozen=True)
class Temperament:
    """How one player behaves. Reaction times are log-normal round `reaction_ms`."""

    reaction_ms: float
    silent: float  # chance of not shouting in a race at all
    late: float  # chance of shouting a good second after the others
    sirote: float  # chance of saying "Je sirote" on a Chouette
    challenge: float  # chance, between turns, of launching a Grelottine challenge
    max_stake: float  # chance of staking "Max"
    forgets_sirop_gagnant: float


def temperament(rng: random.Random) -> Temperament:
    return Temperament(
        reaction_ms=rng.uniform(330.0, 650.0),
        silent=rng.uniform(0.02, 0.10),
        late=rng.uniform(0.05, 0.20),
        sirote=rng.uniform(0.25, 0.6),
        challenge=rng.uniform(0.3, 0.7),
        max_stake=rng.uniform(0.3, 0.8),
        forgets_sirop_gagnant=rng.uniform(0.05, 0.25),
    )


class SimPlayers:
    """The table's people, by seat."""

    def __init__(self, seats: tuple[int, ...], seed: int) -> None:
        self.rng = random.Random(seed)
        self.temper = {seat: temperament(self.rng) for seat in seats}

    def reaction_ns(self, seat: int) -> int:
        ms = self.temper[seat].reaction_ms * self.rng.lognormvariate(0.0, 0.25)
        return round(max(180.0, ms) * MS)

    def race_presses(self, race: Race, seats: tuple[int, ...], seen_ns: int) -> list[tuple[int, int]]:
        """(seat, edge t_ns) of who presses in a race the box just opened; some are silent, some
        late, and now and then two press within a few ms of each other (a tie, R4.2)."""
        presses: list[tuple[int, int]] = []
        for seat in seats:
            t = self.temper[seat]
            if self.rng.random() < t.silent:
                continue
            delay = self.reaction_ns(seat)
            if self.rng.random() < t.late:
                delay += round(self.rng.uniform(0.8, 2.5) * S)
            presses.append((seat, seen_ns + delay))
        if len(presses) >= 2 and self.rng.random() < 0.12:
            # two hands slap at once
            (_, ta), (b, _) = self.rng.sample(presses, 2)
            presses = [(s, ta + self.rng.randrange(0, 8 * MS) if s == b else t) for s, t in presses]
        return presses

    def wants_to_sirote(self, state: GameState, seat: int, pair: int) -> bool:
        player = state.player(seat)
        if not state.config.negative_scores and player.score < points_of(Combination.CHOUETTE, pair):
            return self.rng.random() < 0.03  # the odd one who forgets the rule: a Bévue
        return self.rng.random() < self.temper[seat].sirote

    def bet(self, seat: int, pair: int, t_ns: int) -> Announcement:
        """A bird, Beau-Sirop or Couche-Sirop, as each one fancies."""
        roll = self.rng.random()
        if roll < 0.15:
            return Announcement(t_ns, seat, Shout.COUCHE_SIROP)
        if roll < 0.35:
            return Announcement(t_ns, seat, Shout.BEAU_SIROP)
        bird = self.rng.choice([v for v in range(1, 7) if v != pair])
        return Announcement(t_ns, seat, Shout.BIRD, value=bird)

    def shouts_sirop_gagnant(self, seat: int) -> bool:
        return self.rng.random() >= self.temper[seat].forgets_sirop_gagnant

    def challenge(self, state: GameState, t_ns: int) -> Announcement | None:
        """Between turns: a Grelottine holder may challenge another holder (R6.2)."""
        floor = 1 if state.config.negative_scores else 30
        holders = [p for p in state.players if p.active and p.grelottine and p.score >= floor]
        if len(holders) < 2:
            return None
        challenger = self.rng.choice(holders)
        if self.rng.random() >= self.temper[challenger.seat].challenge:
            return None
        target = self.rng.choice([p for p in holders if p.seat != challenger.seat])
        return Announcement(t_ns, challenger.seat, Shout.GRELOTTINE, target=target.seat)

    def civet(self, state: GameState, seat: int, t_ns: int) -> Announcement | None:
        """Before their own chouettes, a Civet holder may bet it on their throw (R8)."""
        player = state.player(seat)
        if not player.civet or self.rng.random() < 0.4:
            return None
        top = max(1, min(player.score if not state.config.negative_scores else 102, 60))
        combination = self.rng.choice(("chouette", "chouette", "velute", "suite", "neant"))
        return Announcement(t_ns, seat, Shout.CIVET, value=self.rng.randint(1, top),
                            combination=combination)

    def stake(self, phase: GrelottineStake, t_ns: int) -> Announcement:
        combination = self.rng.choice(CHALLENGES)
        cap = stake_cap(phase.min_score, combination)
        if self.rng.random() < self.temper[phase.challenger].max_stake:
            value = None  # "Max !"
        else:
            value = self.rng.randint(1, cap)
        return Announcement(t_ns, phase.challenger, Shout.STAKE, value=value, combination=combination)

    def think_ns(self, low_s: float = 0.6, high_s: float = 2.0) -> int:
        return round(self.rng.uniform(low_s, high_s) * S)

    def keep_for_challenge(self, values: dict[int, int], combination: str) -> list[int]:
        """The dice to throw again on a challenge's second throw: keep a pair if there is one
        (a Chouette or better is near), else keep the highest die."""
        by_value: dict[int, list[int]] = {}
        for die, value in values.items():
            by_value.setdefault(value, []).append(die)
        pairs = [ids for ids in by_value.values() if len(ids) >= 2]
        if pairs and combination != "velute":
            keep = set(pairs[0][:2])
        else:
            keep = {max(values, key=lambda d: values[d])}
        return [die for die in values if die not in keep]
