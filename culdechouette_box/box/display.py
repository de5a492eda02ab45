"""What the displays show, as pure functions of the game state.

The standings panel and the seat LEDs are functions of the state alone, so that a replayed
record lights them the same way, and so that the panel can tell "nothing changed" by comparing
two values.
"""

from __future__ import annotations

from culdechouette_box.rules.state import (
    AwaitingThrow,
    ChouetteWindow,
    GameState,
    GrelottineStake,
    PlayerState,
    ShoutRace,
    SloubiSong,
    ThrowOff,
)
from hardware.scoreboard.leds import LedMode, SeatLights
from hardware.scoreboard.standings import StandingRow, Standings

ITEM_LABELS = (("grelottine", "Grelottine"), ("civet", "Civet"))


def acting_seat(state: GameState) -> int | None:
    """The seat the table waits for now: the thrower, the one who sirotes, stakes or sings."""
    phase = state.phase
    if isinstance(phase, AwaitingThrow | ChouetteWindow):
        return phase.thrower
    if isinstance(phase, ThrowOff):
        return phase.contenders[len(phase.values)] if len(phase.values) < len(phase.contenders) else None
    if isinstance(phase, GrelottineStake):
        return phase.challenger
    if isinstance(phase, SloubiSong):
        return phase.seat
    return state.turn_seat


def _ranked(state: GameState) -> list[PlayerState]:
    return sorted(state.players, key=lambda p: (-p.score, p.seat))


def status_line(state: GameState) -> str:
    def name(seat: int) -> str:
        return state.player(seat).name if state.has_seat(seat) else f"siège {seat}"

    if state.over:
        names = ", ".join(name(s) for s in state.winners)
        return f"Partie terminée : {names} {'gagne' if len(state.winners) == 1 else 'gagnent'}"
    phase = state.phase
    if isinstance(phase, ThrowOff):
        seat = acting_seat(state)
        return "Départage au dé" + (f" : à {name(seat)}" if seat is not None else "")
    if isinstance(phase, GrelottineStake):
        return f"Grelottine : {name(phase.challenger)} défie {name(phase.target)}"
    seat = state.turn_seat
    return f"À {name(seat)} de lancer" if seat is not None else ""


def standings_of(state: GameState, title: str = "Cul de Chouette") -> Standings:
    """The standings panel's content. It changes only with scores, items, the turn or the end
    (not with every phase of a throw), so the slow panel is redrawn rarely."""
    turn = None if state.over else state.turn_seat
    rows = tuple(
        StandingRow(
            seat=p.seat,
            name=p.name,
            score=p.score,
            items=tuple(label for item, label in ITEM_LABELS if getattr(p, item)),
            turn=p.seat == turn,
            winner=p.seat in state.winners,
            out=not p.active,
        )
        for p in _ranked(state)
    )
    return Standings(rows, status_line(state), title)


def seat_leds(state: GameState) -> SeatLights:
    """Every seat's LED: winners blink; during a race, the seats that may still shout are lit;
    otherwise the seat the table waits for pulses."""
    seats = [p.seat for p in state.players]
    modes = dict.fromkeys(seats, LedMode.OFF)
    phase = state.phase
    if state.over:
        for seat in state.winners:
            modes[seat] = LedMode.WINNER
    elif isinstance(phase, ShoutRace):
        shouted = {seat for seat, _ in phase.shouts}
        for seat in phase.seats:
            if seat not in shouted and seat in modes:
                modes[seat] = LedMode.ON
    else:
        acting = acting_seat(state)
        if acting is not None and acting in modes:
            modes[acting] = LedMode.TURN
        for seat in state.sirop_wins:  # a right bet: press to shout "Sirop gagnant"
            if seat in modes:
                modes[seat] = LedMode.ON
    return SeatLights(tuple(sorted(modes.items())))
