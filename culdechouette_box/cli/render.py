"""What the terminal shows of a game: standings, ledger, phase and effects, in French.

Everything here is a pure function of the state (or of an effect), so that replaying the same
record always prints the same bytes.
"""

from __future__ import annotations

import re
from typing import Any

from culdechouette_box.record import Record
from culdechouette_box.rules.effects import (
    BevueGiven,
    Effect,
    GameOver,
    ItemChanged,
    LedgerEntry,
    PlayerJoined,
    PlayerOut,
    Prompt,
    RaceDecided,
    Rejected,
    Scored,
    ThrowRead,
)
from culdechouette_box.rules.state import (
    AwaitingThrow,
    ChouetteWindow,
    Finished,
    GameState,
    GrelottineCall,
    GrelottineStake,
    PlayerState,
    ShoutRace,
    SloubiSong,
    Stage,
    ThrowOff,
)

ITEM_LABELS = {"grelottine": "Grelottine", "civet": "Civet"}
THROW_OFF_LABELS = {
    "start": "pour commencer",
    "suite": "de la Suite",
    "grelottine": "entre grelottins",
}
STAGE_LABELS = {
    Stage.CHOUETTES: "les chouettes",
    Stage.CUL: "le cul",
    Stage.RETHROW: "la relance du défi",
    Stage.SIROTAGE: "le sirotage",
}


def ranked(state: GameState) -> list[PlayerState]:
    """Highest score first; equal scores in seat order."""
    return sorted(state.players, key=lambda p: (-p.score, p.seat))


def items_of(player: PlayerState) -> list[str]:
    held = [label for item, label in ITEM_LABELS.items() if getattr(player, item)]
    return held if player.active else [*held, "éliminé"]


def name_of(state: GameState, seat: int) -> str:
    return state.player(seat).name if state.has_seat(seat) else f"siège {seat}"


def describe_phase(state: GameState) -> str:
    """What the table is waiting for, in words."""
    phase = state.phase
    if isinstance(phase, Finished):
        return "partie terminée"
    if isinstance(phase, AwaitingThrow):
        what = STAGE_LABELS[phase.stage]
        if phase.need:
            what = f"{phase.need} dé(s) cassé(s) à relancer"
        return f"{name_of(state, phase.thrower)} lance {what}"
    if isinstance(phase, ChouetteWindow):
        return f"{name_of(state, phase.thrower)} peut siroter"
    if isinstance(phase, ShoutRace):
        return f"course {phase.race.value}"
    if isinstance(phase, ThrowOff):
        seat = phase.contenders[len(phase.values)] if len(phase.values) < len(phase.contenders) else None
        who = "" if seat is None else f" : à {name_of(state, seat)} de lancer un dé"
        purpose = THROW_OFF_LABELS.get(phase.purpose, phase.purpose)
        return f"départage au dé {purpose}{who}"
    if isinstance(phase, GrelottineCall):
        return "annonces Grelottine en cours"
    if isinstance(phase, GrelottineStake):
        return f"{name_of(state, phase.challenger)} choisit la combinaison et la mise du défi"
    if isinstance(phase, SloubiSong):
        return f"{phase.name} chante le Sloubi jusqu'à {phase.target}"
    return type(phase).__name__


def phase_key(state: GameState) -> str:
    """A stable machine name of the phase: AwaitingThrow -> awaiting_throw."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(state.phase).__name__).lower()


def standings_text(state: GameState) -> list[str]:
    width = max([len("Joueur"), *(len(p.name) for p in state.players)])
    lines = [f"  {'#':>2}  {'Siège':<5}  {'Joueur':<{width}}  {'Score':>6}  Objets"]
    for rank, player in enumerate(ranked(state), start=1):
        items = ", ".join(items_of(player)) or "-"
        lines.append(
            f"  {rank:>2}  {player.seat:<5}  {player.name:<{width}}  {player.score:>6}  {items}"
        )
    return lines


def turn_text(state: GameState) -> str:
    if state.over:
        names = ", ".join(name_of(state, s) for s in state.winners)
        verb = "gagne" if len(state.winners) == 1 else "gagnent"
        return f"Partie terminée : {names} {verb}"
    seat = state.turn_seat
    turn = "personne (départage)" if seat is None else f"{name_of(state, seat)} (siège {seat})"
    return f"Au tour de : {turn}"


def ledger_text(state: GameState, entries: tuple[LedgerEntry, ...]) -> list[str]:
    if not entries:
        return ["  (aucun point marqué)"]
    width = max([len("Joueur"), *(len(name_of(state, e.seat)) for e in entries)])
    lines = [f"  {'Ligne':>5}  {'Joueur':<{width}}  {'Points':>6}  Règle"]
    for e in entries:
        note = f" ({e.note})" if e.note else ""
        lines.append(
            f"  {Record.line_of(e.input_index):>5}  {name_of(state, e.seat):<{width}}"
            f"  {e.points:>+6}  {e.rule}{note}"
        )
    return lines


def state_document(state: GameState) -> dict[str, Any]:
    """The final state as plain JSON values, keys in a fixed order."""
    return {
        "players": [
            {
                "seat": p.seat,
                "name": p.name,
                "score": p.score,
                "active": p.active,
                "grelottine": p.grelottine,
                "civet": p.civet,
                "turns": p.turns,
            }
            for p in state.players
        ],
        "standings": [p.seat for p in ranked(state)],
        "turn_seat": state.turn_seat,
        "phase": phase_key(state),
        "waiting_for": describe_phase(state),
        "over": state.over,
        "winners": list(state.winners),
        "ledger": [
            {
                "line": Record.line_of(e.input_index),
                "input_index": e.input_index,
                "seat": e.seat,
                "points": e.points,
                "rule": e.rule,
                "note": e.note,
            }
            for e in state.ledger
        ],
    }


def effect_text(state: GameState, effect: Effect) -> str | None:
    """One effect as a terminal line; None for what another line already says."""
    if isinstance(effect, Prompt):
        return f"» {effect.text}"
    if isinstance(effect, Rejected):
        return f"  refusé ({effect.code}) : {effect.message}"
    if isinstance(effect, ThrowRead):
        dice = "-".join(str(v) for v in effect.dice)
        return f"  {name_of(state, effect.thrower)} : {dice}, {effect.label}"
    if isinstance(effect, Scored):
        e = effect.entry
        return f"  {name_of(state, e.seat)} {e.points:+d} ({e.rule})"
    if isinstance(effect, RaceDecided) and effect.gaps_ms:
        gaps = ", ".join(f"{name_of(state, s)} +{ms:.0f} ms" for s, ms in effect.gaps_ms)
        return f"  écarts : {gaps}"
    if isinstance(effect, ItemChanged):
        verb = "reçoit" if effect.held else "perd"
        return f"  {name_of(state, effect.seat)} {verb} : {ITEM_LABELS.get(effect.item, effect.item)}"
    if isinstance(effect, BevueGiven | GameOver | PlayerJoined | PlayerOut):
        return None  # the engine's prompt says it
    return None
