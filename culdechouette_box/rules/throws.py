"""Interpreting the tray: which dice are new, and what a rest means for the throw awaited.

Two new dice at rest are the chouettes, one more is the cul; a die that disappears and comes
back elsewhere was re-thrown (it has a new id). Three at once, the cul first or a die gone from
the tray is a Bévue and the throw is taken again; a cocked die is thrown again freely (R3.3).
"""

from __future__ import annotations

import math

from . import resolve, sirop, throwoff
from .errors import IllegalInputError
from .inputs import RestingDie, ScribeDice, TrayAtRest
from .state import (
    AwaitingThrow,
    ChouetteWindow,
    GrelottineCall,
    GrelottineStake,
    ShoutRace,
    SloubiSong,
    Stage,
    ThrowOff,
)
from .tx import Tx

COCKED = "dé cassé : relancez-le"


def on_rest(tx: Tx, rest: TrayAtRest) -> None:
    previous = {d.die_id for d in tx.state.tray}
    tx.set(tray=rest.dice)
    new = tuple(d for d in rest.dice if d.die_id not in previous)
    phase = tx.state.phase
    if isinstance(phase, ChouetteWindow) and sirop.unannounced_sirotage(tx, phase, rest, new):
        return
    if isinstance(phase, ChouetteWindow | ShoutRace) and (new or rest.off_tray):
        # the next throw has started: what was still open closes first (R5.7)
        if isinstance(phase, ChouetteWindow):
            sirop.close_window(tx, phase)
        else:
            from . import races

            races.decide(tx, phase, rest.t_ns)
        phase = tx.state.phase
    if isinstance(phase, AwaitingThrow):
        _awaiting(tx, phase, rest, new)
    elif isinstance(phase, ThrowOff) and rest.off_tray:
        seat = phase.contenders[len(phase.values)]
        tx.bevue(seat, "dé hors du plateau")  # R3.3, in a throw-off too: the die is thrown again
        throwoff.prompt_next(tx)
    elif isinstance(phase, ThrowOff):
        throwoff.on_rest(tx, phase, new)
    elif isinstance(phase, GrelottineCall | GrelottineStake | SloubiSong) and new:
        tx.prompt("ATTENDEZ : LE DÉFI OU LA CHANSON N'EST PAS FINI")


def _awaiting(tx: Tx, phase: AwaitingThrow, rest: TrayAtRest, new: tuple[RestingDie, ...]) -> None:
    thrower = phase.thrower
    if rest.off_tray:
        tx.bevue(thrower, "dé hors du plateau")
        _retake(tx, phase)
        return
    if not new:
        return
    if phase.need:
        _cocked_rethrow(tx, phase, rest, new)
        return
    stage = phase.stage
    if stage == Stage.CHOUETTES:
        if len(new) == 3:
            tx.bevue(thrower, "trois dés d'un coup")
            _retake(tx, phase)
        elif len(new) == 1:
            tx.bevue(thrower, "le cul avant les chouettes")
            _retake(tx, phase)
        elif len(new) == 2:
            _collect(tx, phase, (), new, rest.t_ns)
        else:
            tx.prompt("LECTURE INCOHÉRENTE : LE SCRIBE PEUT SAISIR LES DÉS")
    elif stage == Stage.CUL:
        present = {d.die_id for d in rest.dice}
        kept = tuple(d for d in phase.held if d.die_id in present)
        if len(kept) == 2 and len(new) == 1:
            _collect(tx, phase, kept, new, rest.t_ns)
        elif len(kept) == 1 and len(new) == 2:
            # the cul knocked a chouette: the dice count as they lie (docs/rules.md)
            moved = next(d for d in phase.held if d.die_id not in present)
            nearest = min(new, key=lambda d: math.hypot(d.x - moved.x, d.y - moved.y))
            cul = tuple(d for d in new if d is not nearest)
            # both moved dice go through `_collect`, so a cocked one is thrown again (R3.3)
            _collect(tx, phase, kept, (nearest, *cul), rest.t_ns)
        else:
            tx.prompt("LECTURE INCOHÉRENTE : LE SCRIBE PEUT SAISIR LES DÉS")
    elif stage == Stage.RETHROW:
        present = {d.die_id for d in rest.dice}
        kept = tuple(d for d in phase.held if d.die_id in present)
        if len(kept) + len(new) == 3:
            _collect(tx, phase, kept, new, rest.t_ns)
        else:
            tx.prompt("LECTURE INCOHÉRENTE : LE SCRIBE PEUT SAISIR LES DÉS")
    elif stage == Stage.SIROTAGE:
        sirop.on_sirotage_rest(tx, phase, rest, new)


def _collect(
    tx: Tx, phase: AwaitingThrow, kept: tuple[RestingDie, ...], new: tuple[RestingDie, ...], t_ns: int
) -> None:
    readable = tuple(d for d in new if d.value is not None)
    held = (*kept, *readable)
    cocked = len(new) - len(readable)
    if cocked:
        tx.set_phase(AwaitingThrow(phase.thrower, phase.context, phase.stage, held, cocked, phase.sirotage))
        tx.prompt(f"{tx.name(phase.thrower)} : {COCKED}", (phase.thrower,))
        return
    _stage_done(tx, phase, held, t_ns)


def _cocked_rethrow(tx: Tx, phase: AwaitingThrow, rest: TrayAtRest, new: tuple[RestingDie, ...]) -> None:
    if len(new) != phase.need:
        tx.prompt(f"{tx.name(phase.thrower)} : {COCKED}", (phase.thrower,))
        return
    if phase.stage == Stage.SIROTAGE:
        sirop.on_sirotage_rest(tx, phase, rest, new)
        return
    present = {d.die_id for d in rest.dice}
    kept = tuple(d for d in phase.held if d.die_id in present)
    _collect(tx, phase, kept, new, rest.t_ns)


def _stage_done(tx: Tx, phase: AwaitingThrow, held: tuple[RestingDie, ...], t_ns: int) -> None:
    if phase.stage == Stage.CHOUETTES:
        tx.set_phase(AwaitingThrow(phase.thrower, phase.context, Stage.CUL, held))
        tx.prompt(f"{tx.name(phase.thrower)} : LE CUL !", (phase.thrower,))
    else:
        resolve.throw_complete(tx, phase.thrower, phase.context, held, t_ns)


def _retake(tx: Tx, phase: AwaitingThrow) -> None:
    """R3.3: the throw is taken again (a sirotage or a second challenge throw keeps its dice)."""
    if tx.over:
        return  # the bévue that called for it ended the game (R2.4): no throw is asked for
    if phase.stage in (Stage.CHOUETTES, Stage.CUL):
        tx.set_phase(AwaitingThrow(phase.thrower, phase.context))
        tx.prompt(f"{tx.name(phase.thrower)} : RELANCEZ LES CHOUETTES", (phase.thrower,))
    else:
        tx.set_phase(AwaitingThrow(phase.thrower, phase.context, phase.stage, phase.held, 0, phase.sirotage))
        tx.prompt(f"{tx.name(phase.thrower)} : RELANCEZ", (phase.thrower,))


def on_scribe_dice(tx: Tx, cmd: ScribeDice) -> None:
    """The scribe reads the dice awaited: three for a throw, one for a sirotage or a throw-off."""
    values = cmd.values
    if any(not isinstance(v, int) or not 1 <= v <= 6 for v in values):
        raise IllegalInputError("bad_dice", f"des dés de 1 à 6 sont attendus, pas {values!r}")
    phase = tx.state.phase
    base = -1000 * (tx.index + 1)  # ids no camera gives, unique per input
    dice = tuple(RestingDie(base - k, v) for k, v in enumerate(values))
    if isinstance(phase, ThrowOff):
        if len(values) != 1:
            raise IllegalInputError("bad_dice", "un seul dé est attendu pour le départage")
        throwoff.on_rest(tx, phase, dice)
    elif isinstance(phase, AwaitingThrow) and phase.stage == Stage.SIROTAGE:
        if len(values) != 1:
            raise IllegalInputError("bad_dice", "un seul dé est attendu pour le sirotage")
        sirop.resolve_sirotage(tx, phase, dice[0], cmd.t_ns)
    elif isinstance(phase, AwaitingThrow):
        if len(values) != 3:
            raise IllegalInputError("bad_dice", "trois dés sont attendus : les chouettes puis le cul")
        resolve.throw_complete(tx, phase.thrower, phase.context, dice, cmd.t_ns)
    else:
        raise IllegalInputError("no_dice_awaited", "aucun lancer n'est attendu")
