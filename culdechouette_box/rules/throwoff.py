"""Throw-offs: one die each, in seat order (R3.1 start, R4.5 Suite tie, R6.3 Grelottine tie)."""

from __future__ import annotations

from . import grelottine, resolve
from .inputs import RestingDie
from .state import Context, ThrowOff, TurnContext
from .tx import Tx


def start(
    tx: Tx,
    purpose: str,
    contenders: tuple[int, ...],
    penalty: int = 0,
    context: Context | None = None,
    targets: tuple[int, ...] = (),
) -> None:
    tx.set_phase(ThrowOff(purpose, tuple(sorted(contenders)), (), penalty, context, targets))
    prompt_next(tx)


def prompt_next(tx: Tx) -> None:
    phase = tx.state.phase
    if tx.over:
        return  # a bévue in the throw-off paid out by the zero rule can end the game (R2.2, R2.4)
    assert isinstance(phase, ThrowOff)
    seat = phase.contenders[len(phase.values)]
    tx.prompt(f"{tx.name(seat)} : LANCEZ UN DÉ", (seat,))


def on_rest(tx: Tx, phase: ThrowOff, new: tuple[RestingDie, ...]) -> None:
    seat = phase.contenders[len(phase.values)]
    if not new:
        return
    if len(new) != 1 or new[0].value is None:
        tx.prompt(f"{tx.name(seat)} : UN SEUL DÉ, À PLAT", (seat,))
        return
    value = new[0].value
    values = (*phase.values, value)
    tx.set_phase(
        ThrowOff(phase.purpose, phase.contenders, values, phase.penalty, phase.context, phase.targets)
    )
    if len(values) < len(phase.contenders):
        prompt_next(tx)
        return
    _settle(tx, phase, values)


def _settle(tx: Tx, phase: ThrowOff, values: tuple[int, ...]) -> None:
    pairs = list(zip(phase.contenders, values, strict=True))
    if phase.purpose == "suite":
        # R4.5: the highest die loses; ties on it throw again for 10 more
        top = max(values)
        losers = tuple(seat for seat, v in pairs if v == top)
        if len(losers) > 1:
            start(tx, "suite", losers, phase.penalty + 10, phase.context)
            return
        tx.prompt(f"{tx.name(losers[0])} -{phase.penalty}")
        tx.change([(losers[0], -phase.penalty, "suite", "départage au dé")])
        if phase.context is not None:
            resolve.finish_throw(tx, phase.context)
        return
    low = min(values)
    lowest = tuple(seat for seat, v in pairs if v == low)
    if len(lowest) > 1:
        targets = tuple(t for (seat, _), t in zip(pairs, phase.targets, strict=False) if seat in lowest)
        start(tx, phase.purpose, lowest, phase.penalty, phase.context, targets)
        return
    winner = lowest[0]
    if phase.purpose == "start":
        tx.prompt(f"{tx.name(winner)} COMMENCE")
        resolve.start_turn(tx, winner)
    else:  # "grelottine": R6.3, the lowest die becomes the challenger
        target = phase.targets[phase.contenders.index(winner)]
        assert isinstance(phase.context, TurnContext)  # the turn the challenge interrupts
        grelottine.launch(tx, winner, target, phase.context.seat)
