"""A complete throw takes effect: points, races and windows; then play goes on.

`throw_complete` is where a throw's three dice become a combination. A Grelottine challenge's
intermediate throws go to the challenge instead; only its final throw takes effect (R6.6).
"""

from __future__ import annotations

from . import civet, grelottine, races
from .combinations import Combination, ThrowReading, read_throw
from .effects import ThrowRead, TurnStarted
from .inputs import RestingDie
from .state import AwaitingThrow, ChallengeContext, ChouetteWindow, Context, TurnContext
from .tx import GRELOTTINE_MIN_NO_NEGATIVE, Tx


def values_of(dice: tuple[RestingDie, ...]) -> tuple[int, int, int]:
    a, b, c = (d.value or 0 for d in dice)
    return (a, b, c)


def throw_complete(tx: Tx, thrower: int, ctx: Context, dice: tuple[RestingDie, ...], t_ns: int) -> None:
    reading = read_throw(values_of(dice))
    tx.emit(ThrowRead(thrower, reading.dice, reading.label))
    tx.set(last_throw=(thrower, reading.primary.value))
    if isinstance(ctx, ChallengeContext) and not ctx.final:
        grelottine.on_challenge_throw(tx, ctx, dice, reading, t_ns)
        return
    take_effect(tx, thrower, ctx, dice, reading, t_ns)


def take_effect(
    tx: Tx, thrower: int, ctx: Context, dice: tuple[RestingDie, ...], reading: ThrowReading, t_ns: int
) -> None:
    """The combination's rule applies; the thrower's Civet bet, if any, is settled on it (on a
    Chouette, once its sirotage window is over: the Civet sees the dice after a sirotage)."""
    primary = reading.primary
    if primary != Combination.CHOUETTE:
        civet.settle(tx, thrower, reading)
    name = tx.name(thrower)
    if primary == Combination.CUL_DE_CHOUETTE:
        tx.prompt(f"{reading.label.upper()} +{reading.points} {name}")
        tx.change([(thrower, reading.points, "cul_de_chouette", reading.label)])
        finish_throw(tx, ctx)
    elif primary == Combination.CHOUETTE_VELUTE:
        races.open_chouette_velute(tx, thrower, ctx, reading, t_ns)
    elif primary == Combination.CHOUETTE:
        closes = t_ns + tx.state.config.sirop_window_ns
        tx.set_phase(ChouetteWindow(thrower, ctx, dice, reading.value, closes))
        tx.prompt(f"{reading.label.upper()} : {name} SIROTE ?", (thrower,))
    elif primary == Combination.VELUTE:
        tx.prompt(f"{reading.label.upper()} +{reading.points} {name}")
        tx.change([(thrower, reading.points, "velute", reading.label)])
        if reading.also_suite:
            races.open_suite(tx, thrower, ctx, t_ns)  # R1.1: 1-2-3 is both
        else:
            finish_throw(tx, ctx)
    elif primary == Combination.SUITE:
        races.open_suite(tx, thrower, ctx, t_ns)
    else:
        tx.prompt(f"NÉANT {name}")
        give_grelottine(tx, thrower)
        finish_throw(tx, ctx)


def give_grelottine(tx: Tx, seat: int) -> None:
    """R6.1: a Néant gives a Grelottine (not cumulative; 30 points needed without negatives)."""
    player = tx.state.player(seat)
    if player.grelottine:
        return
    if not tx.state.config.negative_scores and player.score < GRELOTTINE_MIN_NO_NEGATIVE:
        return
    tx.give_item(seat, "grelottine", True)


def finish_throw(tx: Tx, ctx: Context) -> None:
    """The throw's effects are over: the next turn, or the turn a challenge interrupted."""
    if tx.over:
        return
    if isinstance(ctx, TurnContext):
        player = tx.state.player(ctx.seat)
        tx.set_player(ctx.seat, turns=player.turns + 1)
        start_turn(tx, tx.state.next_seat(ctx.seat))
    else:
        resume = ctx.resume_seat
        if not tx.state.player(resume).active:
            resume = tx.state.next_seat(resume)
        start_turn(tx, resume)  # R6.7: a challenge is not a turn


def start_turn(tx: Tx, seat: int) -> None:
    tx.set_phase(AwaitingThrow(seat, TurnContext(seat)))
    tx.emit(TurnStarted(seat))
    tx.prompt(f"À {tx.name(seat)} DE LANCER", (seat,))
