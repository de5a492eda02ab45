"""Civet (R8): a bet on one's next throw, won by failing a sirotage of 6, and Lance-Civet."""

from __future__ import annotations

from .combinations import Combination, ThrowReading
from .errors import IllegalInputError
from .inputs import Announcement, Shout
from .state import AwaitingThrow, ChallengeContext, ChouetteWindow, CivetBet, GameState, ShoutRace
from .tx import Tx

MAX_STAKE = 102
COMBINATIONS = {c.value for c in Combination}


def may_bet(state: GameState, seat: int) -> bool:
    """A Civet is staked before one's own chouettes, never in the middle of one's own throw."""
    if any(b.seat == seat for b in state.civet_bets):
        return False
    phase = state.phase
    if isinstance(phase, AwaitingThrow) and phase.thrower == seat:
        ctx = phase.context
        first_of_challenge = isinstance(ctx, ChallengeContext) and ctx.throw_no == 1
        return (
            not phase.held
            and phase.need == 0
            and (not isinstance(ctx, ChallengeContext) or first_of_challenge)
        )
    if isinstance(phase, ChouetteWindow) and phase.thrower == seat:
        return False  # the throw is not over: its sirotage may still come
    if isinstance(phase, ShoutRace) and phase.thrower == seat:
        return isinstance(phase.context, ChallengeContext) is False
    return True


def on_shout(tx: Tx, a: Announcement) -> None:
    player = tx.state.player(a.seat)
    if not player.civet:
        tx.auto_bevue(a.seat, "Civet sans Civet", named=False)
        return
    if a.kind == Shout.LANCE_CIVET:
        _lance(tx, a)
        return
    if not may_bet(tx.state, a.seat):
        raise IllegalInputError("civet_too_late", "le Civet se mise avant de lancer ses chouettes")
    amount, combination = a.value, a.combination or ""
    if amount is None or not 1 <= amount <= MAX_STAKE:
        raise IllegalInputError("bad_civet", f"mise de Civet de 1 à {MAX_STAKE}, pas {amount!r}")
    if combination not in COMBINATIONS:
        raise IllegalInputError("bad_combination", f"combinaison inconnue pour le Civet : {combination!r}")
    if not tx.state.config.negative_scores and amount > player.score:
        # R8.2: no more than one's own score; the Civet is kept
        tx.auto_bevue(a.seat, "Civet au-dessus de son score", named=True)
        return
    tx.give_item(a.seat, "civet", False)
    tx.set(civet_bets=(*tx.state.civet_bets, CivetBet(a.seat, amount, combination)))
    tx.prompt(f"CIVET DE {amount} SUR {combination.upper().replace('_', ' ')} : {tx.name(a.seat)}")


def _lance(tx: Tx, a: Announcement) -> None:
    target = a.target
    if target is None or not tx.state.has_seat(target) or target == a.seat:
        raise IllegalInputError("unknown_seat", f"Lance-Civet : pas de joueur à qui donner au siège {target}")
    if tx.state.player(target).civet:
        tx.auto_bevue(a.seat, f"Lance-Civet à {tx.name(target)} qui en a déjà un", named=True)  # R8.2
        return
    tx.give_item(a.seat, "civet", False)
    tx.give_item(target, "civet", True)
    tx.prompt(f"LANCE-CIVET : {tx.name(a.seat)} → {tx.name(target)}")


def settle(tx: Tx, thrower: int, reading: ThrowReading) -> None:
    """The bet pays its stake on the combination bet; it costs the stake otherwise (R8.2)."""
    bet = next((b for b in tx.state.civet_bets if b.seat == thrower), None)
    if bet is None:
        return
    tx.set(civet_bets=tuple(b for b in tx.state.civet_bets if b.seat != thrower))
    won = reading.is_a(Combination(bet.combination))
    points = bet.amount if won else -bet.amount
    tx.prompt(f"CIVET {'GAGNÉ' if won else 'PERDU'} {points:+d} {tx.name(thrower)}")
    tx.change([(thrower, points, "civet", f"Civet de {bet.amount} sur {bet.combination}")])
