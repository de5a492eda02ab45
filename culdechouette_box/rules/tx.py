"""One input's worth of changes, built on a frozen state and sealed into the next state.

Every change of score goes through `change`, which applies R2.5 (all changes of one event are
computed against the scores before it), the zero floor of R2.2, and the checks that follow any
score change: Grelottine lost under 30, out at -343, game over at 343.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .config import Strictness
from .effects import (
    BevueGiven,
    Effect,
    GameOver,
    ItemChanged,
    LedgerEntry,
    PlayerOut,
    Prompt,
    Scored,
)
from .state import Finished, GameState, Phase, PlayerState

TARGET = 343
OUT_AT = -343
BEVUE_POINTS = 10
GRELOTTINE_MIN_NO_NEGATIVE = 30


class Tx:
    def __init__(self, state: GameState, index: int) -> None:
        self.state = state
        self.index = index
        self.entries: list[LedgerEntry] = []
        self.effects: list[Effect] = []

    # --- plumbing -------------------------------------------------------------------------

    def set(self, **changes: Any) -> None:
        self.state = replace(self.state, **changes)

    def set_phase(self, phase: Phase) -> None:
        """Phases never change once the game is over."""
        if not self.over:
            self.state = replace(self.state, phase=phase)

    def set_player(self, seat: int, **changes: Any) -> None:
        players = tuple(replace(p, **changes) if p.seat == seat else p for p in self.state.players)
        self.state = replace(self.state, players=players)

    def emit(self, effect: Effect) -> None:
        self.effects.append(effect)

    def prompt(self, text: str, seats: tuple[int, ...] = ()) -> None:
        self.effects.append(Prompt(text, seats))

    def name(self, seat: int) -> str:
        return self.state.player(seat).name.upper()

    @property
    def over(self) -> bool:
        return isinstance(self.state.phase, Finished)

    @property
    def strictness(self) -> Strictness:
        return self.state.config.bevue_strictness

    def give_item(self, seat: int, item: str, held: bool) -> None:
        if getattr(self.state.player(seat), item) != held:
            self.set_player(seat, **{item: held})
            self.emit(ItemChanged(seat, item, held))

    # --- scores ---------------------------------------------------------------------------

    def change(self, changes: list[tuple[int, int, str, str]]) -> None:
        """Apply (seat, points, rule, note) changes of one event together (R2.5, R2.2)."""
        if self.over or not changes:
            return
        before = {p.seat: p.score for p in self.state.players}
        active = self.state.active_seats
        no_negative = not self.state.config.negative_scores
        deltas: list[tuple[int, int, str, str]] = []
        for seat, points, rule, note in changes:
            if no_negative and points < 0:
                if before[seat] <= 0:
                    # R2.2: a player at 0 loses nothing; everyone else gains the amount instead
                    gift = f"{note} (payé par la règle du zéro)".strip()
                    deltas.extend((other, -points, rule, gift) for other in active if other != seat)
                    continue
                points = max(points, -before[seat])
            deltas.append((seat, points, rule, note))
        for seat, points, rule, note in deltas:
            if points == 0:
                continue
            entry = LedgerEntry(seat, points, rule, self.index, note)
            self.entries.append(entry)
            self.emit(Scored(entry))
            self.set_player(seat, score=self.state.player(seat).score + points)
        self._after_scores()

    def bevue(self, seat: int, reason: str) -> None:
        """A Bévue always costs 10 (cumulative), within the zero floor."""
        if self.over:
            return
        self.emit(BevueGiven(seat, reason))
        self.prompt(f"BÉVUE {self.name(seat)} -{BEVUE_POINTS} : {reason}")
        self.change([(seat, -BEVUE_POINTS, "bevue", reason)])

    def auto_bevue(self, seat: int, reason: str, named: bool) -> bool:
        """A Bévue the box awards by itself, according to R4.6. Returns True when given."""
        strictness = self.strictness
        if strictness == Strictness.LENIENT or (strictness == Strictness.STANDARD and not named):
            self.prompt(f"{self.name(seat)} : {reason}", (seat,))
            return False
        self.bevue(seat, reason)
        return True

    def _after_scores(self) -> None:
        state = self.state
        if not state.config.negative_scores:
            for p in state.players:
                if p.grelottine and p.score < GRELOTTINE_MIN_NO_NEGATIVE:
                    self.give_item(p.seat, "grelottine", False)  # R6.1
        else:
            for p in state.players:
                if p.active and p.score <= OUT_AT:
                    self.set_player(p.seat, active=False)  # R2.3
                    self.emit(PlayerOut(p.seat))
                    self.prompt(f"{p.name.upper()} EST ÉLIMINÉ")
        self._check_end()

    def _check_end(self) -> None:
        players: list[PlayerState] = [p for p in self.state.players if p.active]
        best = max((p.score for p in players), default=0)
        if len(players) >= 2 and best < TARGET:
            return
        winners = tuple(p.seat for p in players if p.score == best)
        self.state = replace(self.state, phase=Finished(winners))
        names = ", ".join(self.name(s) for s in winners)
        self.emit(GameOver(winners))
        self.prompt(
            f"FIN DE PARTIE : {names} GAGNE" if len(winners) == 1 else f"FIN DE PARTIE : {names} GAGNENT"
        )

    # --- sealing --------------------------------------------------------------------------

    def seal(self) -> tuple[GameState, tuple[Effect, ...]]:
        ledger = self.state.ledger + tuple(self.entries) if self.entries else self.state.ledger
        return replace(self.state, ledger=ledger, inputs=self.index + 1), tuple(self.effects)
