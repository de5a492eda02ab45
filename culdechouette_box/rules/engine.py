"""The rules engine: `apply(state, input) -> (state, effects)`, pure and deterministic.

The engine never rolls dice and never reads a clock. Time enters only as `t_ns` on inputs; races
are decided on those edge times, never on the order in which inputs arrive.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from . import civet, grelottine, races, sirop, sloubi, throwoff, throws
from .config import RulesConfig
from .effects import Effect, Prompt, Rejected, TurnStarted
from .errors import ConfigurationError, IllegalInputError
from .inputs import (
    Announcement,
    Input,
    ScribeAdjust,
    ScribeBevue,
    ScribeDice,
    ScribeJoin,
    ScribeSong,
    Shout,
    Tick,
    TrayAtRest,
    TrayMotion,
)
from .state import (
    AwaitingThrow,
    ChouetteWindow,
    GameState,
    GrelottineCall,
    GrelottineStake,
    PlayerState,
    ShoutRace,
    SloubiSong,
    ThrowOff,
    TurnContext,
)
from .tx import Tx

MAX_SEATS = 8

RACE_SHOUTS = (Shout.PAS_MOU_LE_CAILLOU, Shout.GRELOTTE_CA_PICOTE, Shout.BIERES_BRETONNES)

# A plain tap means the first of these that is open to the seat.
TAP_MEANINGS = (
    Shout.PAS_MOU_LE_CAILLOU,
    Shout.GRELOTTE_CA_PICOTE,
    Shout.BIERES_BRETONNES,
    Shout.JE_SIROTE,
    Shout.SIROP_GAGNANT,
    Shout.SLOUBI,
)


def new_game(
    config: RulesConfig,
    players: Sequence[tuple[int, str]],
    starting_seat: int | None = None,
) -> tuple[GameState, tuple[Effect, ...]]:
    """A new game. Without `starting_seat`, it opens with the start throw-off of R3.1."""
    seats = [seat for seat, _ in players]
    if not 2 <= len(players) <= MAX_SEATS:
        raise ConfigurationError(f"2 to {MAX_SEATS} players are needed, got {len(players)}")
    if len(set(seats)) != len(seats):
        raise ConfigurationError(f"each seat holds one player, got seats {seats}")
    for seat, name in players:
        if not isinstance(seat, int) or not 1 <= seat <= MAX_SEATS:
            raise ConfigurationError(f"seat {seat!r}: seats are numbered 1 to {MAX_SEATS}")
        if not name.strip():
            raise ConfigurationError(f"seat {seat}: the player needs a name")
    roster = tuple(PlayerState(seat, name.strip()) for seat, name in sorted(players))
    if starting_seat is not None and starting_seat not in seats:
        raise ConfigurationError(f"starting seat {starting_seat} holds no player")
    state = GameState(config=config, players=roster, phase=ThrowOff("start", tuple(sorted(seats))))
    tx = Tx(state, -1)
    if starting_seat is None:
        throwoff.prompt_next(tx)
    else:
        tx.set_phase(AwaitingThrow(starting_seat, TurnContext(starting_seat)))
        tx.emit(TurnStarted(starting_seat))
        tx.prompt(f"À {tx.name(starting_seat)} DE LANCER")
    return tx.state, tuple(tx.effects)


def apply(state: GameState, inp: Input) -> tuple[GameState, tuple[Effect, ...]]:
    """The next state and what to show. Never raises for a well-typed input: an illegal input
    leaves the state as it was (but for the input count) and gives a `Rejected` effect."""
    tx = Tx(state, state.inputs)
    try:
        _dispatch(tx, inp)
    except IllegalInputError as err:
        return replace(state, inputs=state.inputs + 1), (Rejected(err.code, err.message),)
    return tx.seal()


def check(state: GameState, inp: Input) -> None:
    """Raise `IllegalInputError` when `apply` would reject `inp`."""
    _, effects = apply(state, inp)
    for effect in effects:
        if isinstance(effect, Rejected):
            raise IllegalInputError(effect.code, effect.message)


def next_deadline(state: GameState) -> int | None:
    """The t_ns at which a Tick must be applied to close a window, a race or a song."""
    deadlines = [tap.t_ns + state.config.tap_settle_ns for tap in state.pending_taps]
    phase = state.phase
    if isinstance(phase, ChouetteWindow):
        deadlines.append(phase.closes_ns + 1)
    elif isinstance(phase, ShoutRace):
        deadlines.append(races.decision_time(state, phase))
    elif isinstance(phase, GrelottineCall):
        deadlines.append(phase.decide_ns)
    elif isinstance(phase, SloubiSong) and phase.last_ns is not None:
        deadlines.append(phase.last_ns + state.config.sloubi_gap_ns + 1)
    return min(deadlines) if deadlines else None


def open_shouts(state: GameState, seat: int, t_ns: int | None = None) -> tuple[Shout, ...]:
    """What the seat may announce now (or at `t_ns`): the controls map gestures onto these."""
    phase = state.phase
    found: list[Shout] = []
    if isinstance(phase, ShoutRace):
        found.extend(races.open_for(state, phase, seat, t_ns))
    elif isinstance(phase, ChouetteWindow) and seat == phase.thrower:
        if t_ns is None or t_ns <= phase.closes_ns:
            found.append(Shout.JE_SIROTE)
    elif isinstance(phase, AwaitingThrow) and phase.sirotage is not None:
        if not any(b.seat == seat for b in phase.sirotage.bets) and seat not in phase.sirotage.voided:
            found.extend((Shout.BIRD, Shout.BEAU_SIROP, Shout.COUCHE_SIROP))
    elif isinstance(phase, SloubiSong) and seat == phase.seat:
        found.append(Shout.SLOUBI)
    elif isinstance(phase, GrelottineStake) and seat == phase.challenger:
        found.append(Shout.STAKE)
    if seat in state.sirop_wins:
        found.append(Shout.SIROP_GAGNANT)
    if state.has_seat(seat):
        player = state.player(seat)
        if player.grelottine and (state.between_turns or isinstance(phase, GrelottineCall)):
            found.append(Shout.GRELOTTINE)
        if player.civet and civet.may_bet(state, seat):
            found.extend((Shout.CIVET, Shout.LANCE_CIVET))
    return tuple(found)


# --- dispatch -------------------------------------------------------------------------------


def _dispatch(tx: Tx, inp: Input) -> None:
    if tx.over:
        if isinstance(inp, Announcement | ScribeBevue | ScribeAdjust | ScribeDice | ScribeJoin | ScribeSong):
            raise IllegalInputError("game_over", "la partie est terminée")
        return
    if isinstance(inp, Tick):
        advance(tx, inp.t_ns)
    elif isinstance(inp, TrayMotion):
        advance(tx, inp.t_ns)
        tx.set(sirop_wins=())  # R5.5: "Sirop gagnant" only before the next throw starts
    elif isinstance(inp, TrayAtRest):
        _check_rest(inp)
        advance(tx, inp.t_ns)
        throws.on_rest(tx, inp)
        _retry_pending_taps(tx)
    elif isinstance(inp, Announcement):
        _announce(tx, inp)
    elif isinstance(inp, ScribeBevue):
        _known_seat(tx, inp.seat)
        tx.bevue(inp.seat, inp.reason)
    elif isinstance(inp, ScribeAdjust):
        _known_seat(tx, inp.seat)
        tx.change([(inp.seat, inp.points, "scribe", inp.reason)])
    elif isinstance(inp, ScribeDice):
        throws.on_scribe_dice(tx, inp)
    elif isinstance(inp, ScribeJoin):
        sloubi.on_join(tx, inp)
    elif isinstance(inp, ScribeSong):
        sloubi.on_song(tx, inp)
    _skip_thrower_out(tx)


def _skip_thrower_out(tx: Tx) -> None:
    """A player put out of the game (R2.3) before throwing loses the turn to the next seat."""
    phase = tx.state.phase
    if isinstance(phase, AwaitingThrow) and not tx.state.player(phase.thrower).active and not tx.over:
        from . import resolve

        resolve.finish_throw(tx, phase.context)


def advance(tx: Tx, t_ns: int) -> None:
    """Let time pass up to `t_ns`: close what is due, in deadline order."""
    if t_ns > tx.state.now_ns:
        tx.set(now_ns=t_ns)
    _settle_taps(tx, t_ns)
    for _ in range(64):  # each step closes one thing; a phase never reopens itself at once
        if tx.over:
            return
        phase = tx.state.phase
        if isinstance(phase, ChouetteWindow) and t_ns > phase.closes_ns:
            sirop.close_window(tx, phase)
        elif isinstance(phase, ShoutRace) and t_ns >= races.decision_time(tx.state, phase):
            races.decide(tx, phase, t_ns)
        elif isinstance(phase, GrelottineCall) and t_ns >= phase.decide_ns:
            grelottine.decide_call(tx, phase)
        elif (
            isinstance(phase, SloubiSong)
            and phase.last_ns is not None
            and t_ns > phase.last_ns + tx.state.config.sloubi_gap_ns
        ):
            sloubi.song_failed(tx, phase)
        else:
            return


def _check_rest(rest: TrayAtRest) -> None:
    ids = [d.die_id for d in rest.dice]
    if len(set(ids)) != len(ids):
        raise IllegalInputError("bad_rest", f"des dés portent le même numéro : {ids}")
    for die in rest.dice:
        if die.value is not None and not 1 <= die.value <= 6:
            raise IllegalInputError("bad_rest", f"le dé {die.die_id} montre {die.value}, hors de 1..6")


def _known_seat(tx: Tx, seat: int) -> None:
    if not tx.state.has_seat(seat):
        raise IllegalInputError("unknown_seat", f"aucun joueur au siège {seat}")


def _announce(tx: Tx, a: Announcement) -> None:
    phase = tx.state.phase
    singing = isinstance(phase, SloubiSong) and a.seat == phase.seat
    if not singing:
        _known_seat(tx, a.seat)
        if not tx.state.player(a.seat).active:
            raise IllegalInputError("player_out", f"{tx.name(a.seat)} est éliminé")
    kind = a.kind
    if kind == Shout.TAP or (kind in RACE_SHOUTS and _throw_in_flight(tx.state)):
        meaning = _meaning(tx.state, a)
        if meaning is None:
            # judged later: the rest that opens a race may not have been reported yet (R4.3)
            tx.set(pending_taps=(*tx.state.pending_taps, a))
            return
        kind = meaning
    _handle(tx, replace(a, kind=kind))


def _meaning(state: GameState, a: Announcement) -> Shout | None:
    """What the shout means at its edge time: a tap, the first that is open; else itself, if open."""
    found = open_shouts(state, a.seat, a.t_ns)
    if a.kind == Shout.TAP:
        return next((k for k in found if k in TAP_MEANINGS), None)
    return a.kind if a.kind in found else None


def _throw_in_flight(state: GameState) -> bool:
    """Dice are awaited whose rest may open a race that this shout already belongs to (R4.3)."""
    return isinstance(state.phase, AwaitingThrow) and not state.between_turns


def _handle(tx: Tx, a: Announcement) -> None:
    kind = a.kind
    if kind in RACE_SHOUTS:
        races.on_shout(tx, a)
    elif kind in (Shout.JE_SIROTE, Shout.BIRD, Shout.BEAU_SIROP, Shout.COUCHE_SIROP, Shout.SIROP_GAGNANT):
        sirop.on_shout(tx, a)
    elif kind in (Shout.GRELOTTINE, Shout.STAKE):
        grelottine.on_shout(tx, a)
    elif kind in (Shout.CIVET, Shout.LANCE_CIVET):
        civet.on_shout(tx, a)
    elif kind == Shout.SLOUBI:
        sloubi.on_press(tx, a)


def _retry_pending_taps(tx: Tx) -> None:
    """Taps that fitted nothing when they arrived may fit what this rest just opened."""
    waiting = tx.state.pending_taps
    if not waiting:
        return
    tx.set(pending_taps=())
    for tap in sorted(waiting, key=lambda a: (a.t_ns, a.seat)):
        meaning = _meaning(tx.state, tap)
        if meaning is not None:
            _handle(tx, replace(tap, kind=meaning))
        else:
            tx.set(pending_taps=(*tx.state.pending_taps, tap))


def _settle_taps(tx: Tx, t_ns: int) -> None:
    """A tap still unmatched after `tap_settle_ns` was an early or wrong shout (R4.3, R4.6)."""
    settle = tx.state.config.tap_settle_ns
    due = [tap for tap in tx.state.pending_taps if tap.t_ns + settle <= t_ns]
    if not due:
        return
    tx.set(pending_taps=tuple(tap for tap in tx.state.pending_taps if tap.t_ns + settle > t_ns))
    for tap in sorted(due, key=lambda a: (a.t_ns, a.seat)):  # R4.1: edge order, not arrival
        if not (tx.state.has_seat(tap.seat) and tx.state.player(tap.seat).active):
            continue
        if tap.kind == Shout.TAP:
            tx.auto_bevue(tap.seat, "annonce sans objet", named=False)
        else:
            _handle(tx, tap)  # a named race shout is judged as it stands now (early, or no race)


__all__ = ["Prompt", "advance", "apply", "check", "new_game", "next_deadline", "open_shouts"]
