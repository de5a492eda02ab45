"""Chante-Sloubi (R7): joining at the end of a round, with the song counted in presses."""

from __future__ import annotations

from . import resolve
from .effects import PlayerJoined
from .errors import IllegalInputError
from .inputs import Announcement, ScribeJoin, ScribeSong, SongResult
from .state import PlayerState, SloubiSong
from .tx import Tx

SLOUBI_LIMIT = 228


def start_score(scores: list[int], rounds: int) -> int:
    """floor((highest − second highest) × rounds played / 10) (R7.1)."""
    top = sorted(scores, reverse=True)
    if len(top) < 2:
        return 0
    return (top[0] - top[1]) * rounds // 10


def on_join(tx: Tx, cmd: ScribeJoin) -> None:
    state = tx.state
    if state.has_seat(cmd.seat):
        holder = state.player(cmd.seat)
        raise IllegalInputError("seat_taken", f"le siège {cmd.seat} est à {holder.name}")
    if not 1 <= cmd.seat <= 8 or not cmd.name.strip():
        raise IllegalInputError(
            "bad_join", f"siège 1 à 8 et un nom sont attendus, pas {cmd.seat!r} {cmd.name!r}"
        )
    if not state.between_turns or not state.round_complete:
        raise IllegalInputError("not_end_of_round", "Chante-Sloubi seulement à la fin d'un tour de table")
    if state.config.negative_scores and any(
        p.name.casefold() == cmd.name.strip().casefold() and not p.active for p in state.players
    ):
        raise IllegalInputError("player_out", f"{cmd.name} est éliminé jusqu'à la prochaine partie")
    target = start_score([p.score for p in state.players if p.active], state.rounds_played)
    if target > SLOUBI_LIMIT:
        raise IllegalInputError(
            "sloubi_too_high", f"sloubi de {target} : au-delà de {SLOUBI_LIMIT}, attendez"
        )
    resume = state.turn_seat
    assert resume is not None
    song = SloubiSong(cmd.seat, cmd.name.strip(), target, resume)
    if target == 0:
        _join(tx, song, 0)
        return
    tx.set_phase(song)
    tx.prompt(f"CHANTE-SLOUBI : {song.name.upper()} CHANTE JUSQU'À {target}", (cmd.seat,))


def on_press(tx: Tx, a: Announcement) -> None:
    song = tx.state.phase
    if not isinstance(song, SloubiSong) or a.seat != song.seat:
        tx.auto_bevue(a.seat, "sloubi sans chanson", named=False)
        return
    if song.last_ns is not None and a.t_ns - song.last_ns > tx.state.config.sloubi_gap_ns:
        song_failed(tx, song)
        return
    presses = song.presses + 1
    tx.set_phase(SloubiSong(song.seat, song.name, song.target, song.resume_seat, presses, a.t_ns))
    if presses >= song.target:
        _join(tx, song, song.target * 3 // 2)


def song_failed(tx: Tx, song: SloubiSong) -> None:
    """A press more than the allowed gap after the previous one ends the song (R7.2)."""
    tx.prompt(f"SLOUBI RATÉ À {song.presses} : {song.name.upper()} COMMENCE À {song.target}")
    _join(tx, song, song.target)


def on_song(tx: Tx, cmd: ScribeSong) -> None:
    song = tx.state.phase
    if not isinstance(song, SloubiSong):
        raise IllegalInputError("no_song", "aucun Chante-Sloubi en cours")
    _join(tx, song, song.target * 3 // 2 if cmd.result == SongResult.PASSED else song.target)


def _join(tx: Tx, song: SloubiSong, score: int) -> None:
    """R7.3: the new player takes the free seat and joins the turn order from it."""
    rounds = tx.state.rounds_played
    players = tuple(
        sorted((*tx.state.players, PlayerState(song.seat, song.name, turns=rounds)), key=lambda p: p.seat)
    )
    tx.set(players=players)
    tx.emit(PlayerJoined(song.seat, song.name))
    tx.prompt(f"BIENVENUE {song.name.upper()} : {score} POINTS")
    if score:
        tx.change([(song.seat, score, "chante_sloubi", "score de départ")])
    resolve.start_turn(tx, song.resume_seat)
