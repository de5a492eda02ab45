"""Grelottine challenges (R6): launched between turns, staked, thrown twice at most."""

from __future__ import annotations

import math
from fractions import Fraction

from . import resolve, throwoff
from .combinations import Combination, ThrowReading
from .errors import IllegalInputError
from .inputs import Announcement, RestingDie, Shout
from .state import (
    AwaitingThrow,
    ChallengeContext,
    ChouetteWindow,
    GrelottineCall,
    GrelottineStake,
    Sirotage,
    Stage,
    TurnContext,
)
from .tx import GRELOTTINE_MIN_NO_NEGATIVE, Tx

SIROP_GRELOT = "sirop_grelot"
# R6.4: the stake cap rates; 1/3 follows the text's worked example (220 vs 124 gives 42)
RATES: dict[str, Fraction] = {
    Combination.CHOUETTE.value: Fraction(1, 3),
    Combination.VELUTE.value: Fraction(25, 100),
    Combination.CUL_DE_CHOUETTE.value: Fraction(12, 100),
    Combination.CHOUETTE_VELUTE.value: Fraction(6, 100),
    SIROP_GRELOT: Fraction(3, 100),
}


def stake_cap(min_score: int, combination: str) -> int:
    """ceil(min(score_a, score_b) × rate), in exact integers (R6.4)."""
    return max(1, math.ceil(min_score * RATES[combination]))


def on_shout(tx: Tx, a: Announcement) -> None:
    if a.kind == Shout.STAKE:
        _on_stake(tx, a)
    else:
        _on_grelottine(tx, a)


def _may_challenge(tx: Tx, challenger: int, target: int) -> str | None:
    """Why the challenge cannot be launched (R6.2), or None."""
    state = tx.state
    floor = GRELOTTINE_MIN_NO_NEGATIVE if not state.config.negative_scores else 1
    me, them = state.player(challenger), state.player(target)
    if target == challenger:
        return "on ne se défie pas soi-même"
    if not them.active:
        return f"{tx.name(target)} est éliminé"
    if not me.grelottine or not them.grelottine:
        return "il faut que les deux joueurs aient une Grelottine"
    if me.score < floor or them.score < floor:
        return f"il faut au moins {floor} points chacun"
    return None


def _on_grelottine(tx: Tx, a: Announcement) -> None:
    if a.target is None or not tx.state.has_seat(a.target):
        raise IllegalInputError("unknown_seat", f"Grelottine : aucun joueur au siège {a.target}")
    phase = tx.state.phase
    calling = isinstance(phase, GrelottineCall)
    if not calling and not tx.state.between_turns:
        tx.auto_bevue(a.seat, "Grelottine pendant un lancer", named=True)
        return
    why = _may_challenge(tx, a.seat, a.target)
    if why is not None:
        tx.auto_bevue(a.seat, f"défi Grelottine impossible : {why}", named=True)  # R6.2
        return
    if isinstance(phase, GrelottineCall):
        first = min(t for _, _, t in phase.calls)
        if a.t_ns - first > tx.state.config.tie_window_ns or any(c == a.seat for c, _, _ in phase.calls):
            tx.prompt(f"{tx.name(a.seat)} : TROP TARD", (a.seat,))
            return
        tx.set_phase(
            GrelottineCall((*phase.calls, (a.seat, a.target, a.t_ns)), phase.decide_ns, phase.resume_seat)
        )
        return
    resume = tx.state.turn_seat
    assert resume is not None
    decide = a.t_ns + tx.state.config.tie_window_ns + 1
    tx.set_phase(GrelottineCall(((a.seat, a.target, a.t_ns),), decide, resume))


def decide_call(tx: Tx, phase: GrelottineCall) -> None:
    """R6.3: simultaneous shouts: the lower score challenges; equal scores throw one die each."""
    calls = phase.calls
    if len(calls) == 1:
        launch(tx, calls[0][0], calls[0][1], phase.resume_seat)
        return
    low = min(tx.state.player(c).score for c, _, _ in calls)
    lowest = sorted((c, t) for c, t, _ in calls if tx.state.player(c).score == low)
    if len(lowest) == 1:
        launch(tx, lowest[0][0], lowest[0][1], phase.resume_seat)
        return
    seats = tuple(c for c, _ in lowest)
    targets = tuple(t for _, t in lowest)
    throwoff.start(tx, "grelottine", seats, 0, TurnContext(phase.resume_seat), targets)


def launch(tx: Tx, challenger: int, target: int, resume_seat: int) -> None:
    """Launching uses up both Grelottines (R6.2); the cap is set on the scores now (R6.4)."""
    tx.give_item(challenger, "grelottine", False)
    tx.give_item(target, "grelottine", False)
    low = min(tx.state.player(challenger).score, tx.state.player(target).score)
    tx.set_phase(GrelottineStake(challenger, target, low, resume_seat))
    tx.prompt(f"GRELOTTINE ! {tx.name(challenger)} DÉFIE {tx.name(target)} : COMBINAISON ET MISE")


def _on_stake(tx: Tx, a: Announcement) -> None:
    phase = tx.state.phase
    if not isinstance(phase, GrelottineStake) or a.seat != phase.challenger:
        raise IllegalInputError("no_stake_awaited", "aucune mise Grelottine n'est attendue de ce joueur")
    combination = a.combination or ""
    if combination not in RATES:
        raise IllegalInputError("bad_combination", f"combinaison de défi inconnue : {combination!r}")
    cap = stake_cap(phase.min_score, combination)
    stake = cap if a.value is None else a.value  # "Max !"
    if not 1 <= stake <= cap:
        raise IllegalInputError("stake_above_cap", f"mise de {stake} hors de 1..{cap} (plafond R6.4)")
    ctx = ChallengeContext(phase.challenger, phase.target, combination, stake, phase.resume_seat)
    tx.set_phase(AwaitingThrow(phase.target, ctx))
    tx.prompt(f"DÉFI {combination.upper().replace('_', '-')} POUR {stake} : À {tx.name(phase.target)}")


def on_challenge_throw(
    tx: Tx, ctx: ChallengeContext, dice: tuple[RestingDie, ...], reading: ThrowReading, t_ns: int
) -> None:
    """An intermediate challenge throw: success ends the challenge, else a second throw (R6.5)."""
    if ctx.combination == SIROP_GRELOT:
        if reading.primary == Combination.CHOUETTE:
            pair_ids = _pair_ids(dice, reading.value)
            if ctx.throw_no == 1:  # the sirotage is optional, and not one of the two throws
                closes = t_ns + tx.state.config.sirop_window_ns
                tx.set_phase(ChouetteWindow(ctx.target, ctx, dice, reading.value, closes))
                tx.prompt(f"{tx.name(ctx.target)} SIROTE ?", (ctx.target,))
            else:  # a Chouette on the second throw makes the sirotage compulsory
                held = tuple(d for d in dice if d.die_id in pair_ids)
                sirotage = Sirotage(reading.value, pair_ids)
                tx.set_phase(AwaitingThrow(ctx.target, ctx, Stage.SIROTAGE, held, 0, sirotage))
                tx.prompt(f"{tx.name(ctx.target)} DOIT SIROTER : PARIEZ !")
            return
        succeeded = False
    else:
        succeeded = reading.primary.value == ctx.combination
    if succeeded or ctx.throw_no == 2:
        final = settle(tx, ctx, succeeded)
        resolve.take_effect(tx, ctx.target, final, dice, reading, t_ns)
    else:
        second_throw(tx, ctx, dice)


def second_throw(tx: Tx, ctx: ChallengeContext, dice: tuple[RestingDie, ...]) -> None:
    nxt = ChallengeContext(ctx.challenger, ctx.target, ctx.combination, ctx.stake, ctx.resume_seat, 2)
    tx.set_phase(AwaitingThrow(ctx.target, nxt, Stage.RETHROW, dice))
    tx.prompt(f"{tx.name(ctx.target)} : GARDEZ DES DÉS, RELANCEZ LES AUTRES", (ctx.target,))


def settle(tx: Tx, ctx: ChallengeContext, succeeded: bool) -> ChallengeContext:
    """R6.6: the stake changes hands; the final throw's combination then takes effect."""
    winner, loser = (ctx.target, ctx.challenger) if succeeded else (ctx.challenger, ctx.target)
    word = "RÉUSSI" if succeeded else "RATÉ"
    tx.prompt(f"DÉFI {word} : {tx.name(winner)} +{ctx.stake} {tx.name(loser)} -{ctx.stake}")
    tx.change([(winner, ctx.stake, "grelottine", "défi"), (loser, -ctx.stake, "grelottine", "défi")])
    return ChallengeContext(
        ctx.challenger, ctx.target, ctx.combination, ctx.stake, ctx.resume_seat, ctx.throw_no, True
    )


def _pair_ids(dice: tuple[RestingDie, ...], pair: int) -> tuple[int, ...]:
    return tuple(d.die_id for d in dice if d.value == pair)[:2]
