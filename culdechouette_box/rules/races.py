"""Shout races decided on edge times (R4): Chouette-Velute, Suite and the bières bretonnes.

Two shouts are simultaneous when they are within the tie window (R4.2). A race opens at the rest
frame minus the grace (R4.3); a race for the first shout is decided one tie window after it.
"""

from __future__ import annotations

from . import resolve, throwoff
from .combinations import ThrowReading
from .effects import Race, RaceDecided, RaceOpened
from .inputs import Announcement, Shout
from .state import Context, GameState, ShoutRace
from .tx import Tx

SUITE_LOSS = 10
RACE_SHOUT = {
    Race.CHOUETTE_VELUTE: Shout.PAS_MOU_LE_CAILLOU,
    Race.SUITE: Shout.GRELOTTE_CA_PICOTE,
    Race.BRETONNES: Shout.BIERES_BRETONNES,
}


def open_chouette_velute(tx: Tx, thrower: int, ctx: Context, reading: ThrowReading, t_ns: int) -> None:
    """R4.4: every player, the thrower included, may shout "Pas mou le caillou !"."""
    if tx.over:
        return  # R2.4: the game ended on this very throw
    cfg = tx.state.config
    seats = tx.state.active_seats
    opens = t_ns - cfg.grace_ns
    closes = t_ns + cfg.chouette_velute_window_ns
    race = ShoutRace(Race.CHOUETTE_VELUTE, thrower, ctx, seats, opens, closes, points=reading.points)
    tx.set_phase(race)
    tx.emit(RaceOpened(Race.CHOUETTE_VELUTE, seats, closes))
    tx.prompt(f"{reading.label.upper()} ! PAS MOU LE CAILLOU ?")


def open_suite(tx: Tx, thrower: int, ctx: Context, t_ns: int) -> None:
    """R4.5: every active player, the thrower included, must shout "Grelotte ça picote !"."""
    if tx.over:
        return  # R2.4: a 1-2-3 whose Velute ended the game opens no Suite
    cfg = tx.state.config
    seats = tx.state.active_seats
    _open(tx, Race.SUITE, thrower, ctx, seats, t_ns - cfg.grace_ns, t_ns + cfg.suite_window_ns)
    tx.prompt("SUITE ! GRELOTTE ÇA PICOTE !")


def _open(
    tx: Tx, race: Race, thrower: int, ctx: Context, seats: tuple[int, ...], opens: int, closes: int
) -> None:
    tx.set_phase(ShoutRace(race, thrower, ctx, seats, opens, closes))
    tx.emit(RaceOpened(race, seats, closes))


def decision_time(state: GameState, race: ShoutRace) -> int:
    """When the race can be decided: one tie window after the first shout for a Chouette-Velute,
    the close of the window otherwise (or at once when everyone has shouted)."""
    if race.race == Race.CHOUETTE_VELUTE and race.shouts:
        first = min(t for _, t in race.shouts)
        return min(first + state.config.tie_window_ns, race.closes_ns) + 1
    return race.closes_ns + 1


def open_for(state: GameState, race: ShoutRace, seat: int, t_ns: int | None) -> tuple[Shout, ...]:
    if seat not in race.seats or any(s == seat for s, _ in race.shouts):
        return ()
    if t_ns is not None and not race.opens_ns <= t_ns <= race.closes_ns:
        return ()
    return (RACE_SHOUT[race.race],)


def on_shout(tx: Tx, a: Announcement) -> None:
    phase = tx.state.phase
    if not isinstance(phase, ShoutRace) or RACE_SHOUT[phase.race] != a.kind:
        # R4.5: the bretonnes line with no tie is a Bévue the text names
        tx.auto_bevue(a.seat, "annonce sans objet", named=a.kind == Shout.BIERES_BRETONNES)
        return
    if a.seat not in phase.seats or any(s == a.seat for s, _ in phase.shouts):
        tx.auto_bevue(a.seat, "annonce sans objet", named=False)
        return
    if a.t_ns < phase.opens_ns:
        tx.auto_bevue(a.seat, "annonce trop tôt", named=False)  # R4.3: a Bévue only when strict
        return
    if a.t_ns > phase.closes_ns:
        tx.prompt(f"{tx.name(a.seat)} : TROP TARD", (a.seat,))
        return
    race = ShoutRace(
        phase.race,
        phase.thrower,
        phase.context,
        phase.seats,
        phase.opens_ns,
        phase.closes_ns,
        (*phase.shouts, (a.seat, a.t_ns)),
        phase.points,
    )
    tx.set_phase(race)
    if race.race != Race.CHOUETTE_VELUTE and not _silent(tx.state, race):
        decide(tx, race, a.t_ns)  # everyone has shouted: the last is known


def _gaps(shouts: list[tuple[int, int]]) -> tuple[tuple[int, float], ...]:
    first = min(t for _, t in shouts)
    return tuple(
        (seat, round((t - first) / 1e6, 3)) for seat, t in sorted(shouts, key=lambda s: (s[1], s[0]))
    )


def _silent(state: GameState, race: ShoutRace) -> tuple[int, ...]:
    """The seats still in the game that have not shouted (R4.5: every active player must)."""
    shouted = {seat for seat, _ in race.shouts}
    active = state.active_seats
    return tuple(seat for seat in race.seats if seat not in shouted and seat in active)


def decide(tx: Tx, race: ShoutRace, now: int) -> None:
    window = tx.state.config.tie_window_ns
    shouts = sorted(race.shouts, key=lambda s: (s[1], s[0]))
    if race.race == Race.CHOUETTE_VELUTE:
        _decide_chouette_velute(tx, race, shouts, window)
        return
    silent = _silent(tx.state, race)
    if silent:
        losers = silent  # R4.5: who never shouted counts as simultaneous last
    else:
        still_in = [(seat, t) for seat, t in shouts if seat in tx.state.active_seats]
        last = max((t for _, t in still_in), default=0)
        losers = tuple(seat for seat, t in still_in if last - t <= window)
    gaps = _gaps(shouts) if shouts else ()
    tx.emit(RaceDecided(race.race, (), losers, gaps))
    if not losers:  # everyone concerned was put out of the game meanwhile
        resolve.finish_throw(tx, race.context)
        return
    if len(losers) == 1:
        loser = losers[0]
        tx.prompt(f"{race.race.value.upper()} : {tx.name(loser)} -{SUITE_LOSS}")
        tx.change([(loser, -SUITE_LOSS, "suite", "dernier à crier")])
        resolve.finish_throw(tx, race.context)
    elif race.race == Race.SUITE:
        cfg = tx.state.config
        _open(tx, Race.BRETONNES, race.thrower, race.context, losers, now, now + cfg.suite_window_ns)
        names = " ".join(tx.name(s) for s in losers)
        tx.prompt(f"ÉGALITÉ {names} : SANS FIN EST LA MOISISSURE DES BIÈRES BRETONNES !", losers)
    else:
        throwoff.start(tx, "suite", losers, SUITE_LOSS, race.context)


def _decide_chouette_velute(tx: Tx, race: ShoutRace, shouts: list[tuple[int, int]], window: int) -> None:
    if not shouts:
        tx.emit(RaceDecided(race.race, (), (), ()))
        tx.prompt("PERSONNE N'A CRIÉ : PAS DE POINTS")
        resolve.finish_throw(tx, race.context)
        return
    first = shouts[0][1]
    firsts = tuple(seat for seat, t in shouts if t - first <= window)
    gaps = _gaps(shouts)
    if len(firsts) == 1:
        winner = firsts[0]
        tx.emit(RaceDecided(race.race, (winner,), (), gaps))
        tx.prompt(f"PAS MOU LE CAILLOU +{race.points} {tx.name(winner)}")
        tx.change([(winner, race.points, "chouette_velute", "premier à crier")])
    else:
        # R4.4: simultaneous first shouts each lose the points
        tx.emit(RaceDecided(race.race, (), firsts, gaps))
        tx.prompt("ÉGALITÉ : " + " ".join(f"{tx.name(s)} -{race.points}" for s in firsts))
        tx.change([(seat, -race.points, "chouette_velute", "cri simultané") for seat in firsts])
    resolve.finish_throw(tx, race.context)
