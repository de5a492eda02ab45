"""Sirop (R5): the sirotage of a Chouette's odd die, the bird bets and "Sirop gagnant"."""

from __future__ import annotations

from dataclasses import replace

from . import civet, grelottine, races, resolve
from .combinations import BIRDS, Combination, points_of, read_throw
from .errors import IllegalInputError
from .inputs import Announcement, RestingDie, Shout, TrayAtRest
from .state import AwaitingThrow, Bet, ChallengeContext, ChouetteWindow, Context, Sirotage, Stage
from .tx import Tx

BET_STAKE = 5
BET_WIN = 25


def on_shout(tx: Tx, a: Announcement) -> None:
    if a.kind == Shout.JE_SIROTE:
        _je_sirote(tx, a)
    elif a.kind == Shout.SIROP_GAGNANT:
        _sirop_gagnant(tx, a)
    else:
        _bet(tx, a)


def _je_sirote(tx: Tx, a: Announcement) -> None:
    phase = tx.state.phase
    if isinstance(phase, ChouetteWindow) and a.seat == phase.thrower and a.t_ns <= phase.closes_ns:
        if _cannot_afford(tx, phase):
            # text, no negative scores: only with a score >= the points at stake (v²); the
            # Chouette is still scored when the window closes
            tx.auto_bevue(a.seat, "sirotage sans assez de points", named=True)
            return
        pair_ids = _pair_ids(phase)
        held = tuple(d for d in phase.dice if d.die_id in pair_ids)
        sirotage = Sirotage(phase.pair, pair_ids)
        tx.set_phase(AwaitingThrow(phase.thrower, phase.context, Stage.SIROTAGE, held, 0, sirotage))
        tx.prompt(f"{tx.name(a.seat)} SIROTE ! PARIEZ : OISEAU, BEAU-SIROP OU COUCHE-SIROP")
        return
    last = tx.state.last_throw
    if last is not None and last[0] == a.seat and last[1] != Combination.CHOUETTE.value:
        # R5.1: only a plain Chouette may be siroted
        tx.auto_bevue(a.seat, "sirotage sur autre chose qu'une Chouette", named=True)
        return
    tx.auto_bevue(a.seat, "annonce sans objet", named=False)


def _pair_ids(phase: ChouetteWindow) -> tuple[int, ...]:
    return tuple(d.die_id for d in phase.dice if d.value == phase.pair)[:2]


def unannounced_sirotage(
    tx: Tx, phase: ChouetteWindow, rest: TrayAtRest, new: tuple[RestingDie, ...]
) -> bool:
    """One die of the Chouette thrown again without "Je sirote !" (R5.7): no sirotage, and not the
    next player's throw either. The Chouette is scored and the thrower takes a Bévue. (After a
    challenge's first throw, the same gesture is the second throw: it is not handled here.)"""
    ctx = phase.context
    if len(new) != 1 or rest.off_tray or (isinstance(ctx, ChallengeContext) and not ctx.final):
        return False
    thrown = {d.die_id for d in phase.dice}
    if sum(d.die_id in thrown for d in rest.dice) != 2:
        return False
    close_window(tx, phase)
    tx.bevue(phase.thrower, "dé relancé sans « Je sirote ! »")
    return True


def _cannot_afford(tx: Tx, phase: ChouetteWindow) -> bool:
    ctx = phase.context
    if tx.state.config.negative_scores or (isinstance(ctx, ChallengeContext) and not ctx.final):
        return False  # a challenge's first sirotage puts no points at stake (R6.5)
    return tx.state.player(phase.thrower).score < points_of(Combination.CHOUETTE, phase.pair)


def _bet(tx: Tx, a: Announcement) -> None:
    phase = tx.state.phase
    if not isinstance(phase, AwaitingThrow) or phase.sirotage is None:
        tx.auto_bevue(a.seat, "pari sans sirotage", named=False)
        return
    sir = phase.sirotage
    if any(b.seat == a.seat for b in sir.bets) or a.seat in sir.voided:
        tx.prompt(f"{tx.name(a.seat)} : DÉJÀ ANNONCÉ", (a.seat,))
        return
    if a.kind == Shout.BIRD:
        if a.value is None or not 1 <= a.value <= 6:
            raise IllegalInputError("bad_bird", f"un oiseau de 1 à 6 est attendu, pas {a.value!r}")
        bet = Bet(a.seat, a.value)
    elif a.kind == Shout.BEAU_SIROP:
        bet = Bet(a.seat, sir.pair, beau_sirop=True)
    else:
        bet = Bet(a.seat, None)
    void = None
    if a.kind == Shout.BIRD and a.value == sir.pair:
        void = f"{BIRDS[sir.pair - 1]} annoncée au lieu de Beau-Sirop"  # R5.4
    elif (
        bet.value is not None
        and not tx.state.config.negative_scores
        and tx.state.player(a.seat).score < BET_STAKE
    ):
        void = f"pari avec moins de {BET_STAKE} points"  # R5.5
    if void is not None:
        tx.set_phase(replace(phase, sirotage=replace(sir, voided=(*sir.voided, a.seat))))
        tx.auto_bevue(a.seat, void, named=True)
        return
    tx.set_phase(replace(phase, sirotage=replace(sir, bets=(*sir.bets, bet))))


def _sirop_gagnant(tx: Tx, a: Announcement) -> None:
    if a.seat not in tx.state.sirop_wins:
        tx.auto_bevue(a.seat, "Sirop gagnant sans pari gagnant", named=False)
        return
    tx.set(sirop_wins=tuple(s for s in tx.state.sirop_wins if s != a.seat))
    tx.prompt(f"SIROP GAGNANT +{BET_WIN} {tx.name(a.seat)}")
    tx.change([(a.seat, BET_WIN, "sirop_pari", "pari gagnant")])


def close_window(tx: Tx, phase: ChouetteWindow) -> None:
    """R5.7: no sirotage: the Chouette is scored (in a challenge, the second throw comes)."""
    ctx = phase.context
    if isinstance(ctx, ChallengeContext) and not ctx.final:
        grelottine.second_throw(tx, ctx, phase.dice)
        return
    civet.settle(tx, phase.thrower, read_throw(resolve.values_of(phase.dice)))
    points = points_of(Combination.CHOUETTE, phase.pair)
    tx.prompt(f"CHOUETTE DE {phase.pair} +{points} {tx.name(phase.thrower)}")
    tx.change([(phase.thrower, points, "chouette", f"Chouette de {phase.pair}")])
    resolve.finish_throw(tx, ctx)


def on_sirotage_rest(tx: Tx, phase: AwaitingThrow, rest: TrayAtRest, new: tuple[RestingDie, ...]) -> None:
    if len(new) != 1:
        tx.prompt(f"{tx.name(phase.thrower)} : UN SEUL DÉ À SIROTER", (phase.thrower,))
        return
    die = new[0]
    if die.value is None:
        tx.set_phase(AwaitingThrow(phase.thrower, phase.context, phase.stage, phase.held, 1, phase.sirotage))
        tx.prompt(f"{tx.name(phase.thrower)} : dé cassé : relancez-le", (phase.thrower,))
        return
    present = {d.die_id for d in rest.dice}
    assert phase.sirotage is not None
    wrong_die = not all(i in present for i in phase.sirotage.pair_ids)
    if wrong_die:
        tx.bevue(phase.thrower, "mauvais dé siroté")  # R5.1: the odd die is re-thrown
    kept = tuple(d for d in rest.dice if d.die_id != die.die_id)[:2]
    resolve_sirotage(tx, phase, die, rest.t_ns, kept, wrong_die)


def resolve_sirotage(
    tx: Tx,
    phase: AwaitingThrow,
    die: RestingDie,
    t_ns: int,
    kept: tuple[RestingDie, ...] | None = None,
    wrong_die: bool = False,
) -> None:
    sir = phase.sirotage
    assert sir is not None and die.value is not None
    value, thrower, ctx = die.value, phase.thrower, phase.context
    _settle_bets(tx, sir, thrower, value)
    dice = (*(kept if kept is not None else phase.held), die)
    success = value == sir.pair and not wrong_die
    if isinstance(ctx, ChallengeContext) and not ctx.final:
        if not success and ctx.throw_no == 1:
            grelottine.second_throw(tx, ctx, dice)  # R6.5: the sirotage is not one of the throws
            return
        ctx = grelottine.settle(tx, ctx, success)
    _score(tx, thrower, ctx, sir.pair, success, dice, t_ns)


def _settle_bets(tx: Tx, sir: Sirotage, thrower: int, value: int) -> None:
    announced = {b.seat for b in sir.bets} | set(sir.voided)
    for seat in tx.state.active_seats:
        if seat != thrower and seat not in announced:
            tx.auto_bevue(seat, "pas d'annonce pendant le sirotage", named=True)  # R5.4
    winners = tuple(b.seat for b in sir.bets if b.value == value)
    losers = [
        (b.seat, -BET_STAKE, "sirop_pari", "pari perdu") for b in sir.bets if b.value not in (None, value)
    ]
    tx.change(losers)
    if winners:
        tx.set(sirop_wins=(*tx.state.sirop_wins, *winners))
        tx.prompt("PARI GAGNÉ : " + " ".join(tx.name(s) for s in winners) + " CRIEZ SIROP GAGNANT !", winners)


def _score(
    tx: Tx, thrower: int, ctx: Context, pair: int, success: bool, dice: tuple[RestingDie, ...], t_ns: int
) -> None:
    name = tx.name(thrower)
    reading = read_throw(resolve.values_of(dice))
    civet.settle(tx, thrower, reading)  # the Civet sees the dice after the sirotage (R5.3)
    if success:
        points = points_of(Combination.CUL_DE_CHOUETTE, pair)
        tx.prompt(f"SIROP RÉUSSI : CUL DE CHOUETTE DE {pair} +{points} {name}")
        tx.change([(thrower, points, "sirop", f"sirotage réussi de {pair}")])  # R5.2
        resolve.finish_throw(tx, ctx)
        return
    points = points_of(Combination.CHOUETTE, pair)
    tx.prompt(f"SIROP RATÉ -{points} {name}")
    tx.change([(thrower, -points, "sirop", f"sirotage raté de {pair}")])
    if pair == 6 and not tx.state.player(thrower).civet:
        tx.give_item(thrower, "civet", True)  # R5.6
    if reading.primary == Combination.CHOUETTE_VELUTE:
        races.open_chouette_velute(tx, thrower, ctx, reading, t_ns)  # R5.3
    else:
        resolve.finish_throw(tx, ctx)
