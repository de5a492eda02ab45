"""The game state: frozen values only, so that `apply` can return a new state and keep the old.

The phase says what the table is waiting for. Throw contexts say what a throw is for (a turn or
a Grelottine challenge), so that once a combination has taken effect, play resumes correctly.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .config import RulesConfig
from .effects import LedgerEntry, Race
from .inputs import Announcement, RestingDie


@dataclass(frozen=True)
class PlayerState:
    seat: int
    name: str
    score: int = 0
    active: bool = True  # False once out at -343 (R2.3)
    grelottine: bool = False
    civet: bool = False
    turns: int = 0


@dataclass(frozen=True)
class CivetBet:
    """R8: a Civet staked on the bettor's next throw (their turn, or a challenge they face)."""

    seat: int
    amount: int
    combination: str


@dataclass(frozen=True)
class TurnContext:
    seat: int


@dataclass(frozen=True)
class ChallengeContext:
    """R6.5: the challenged throws up to twice; `final` once the outcome has been settled."""

    challenger: int
    target: int
    combination: str
    stake: int
    resume_seat: int
    throw_no: int = 1
    final: bool = False


Context = TurnContext | ChallengeContext


class Stage(StrEnum):
    CHOUETTES = "chouettes"  # two dice together
    CUL = "cul"  # one die, the chouettes at rest
    RETHROW = "rethrow"  # challenge second throw: keep some dice, throw the rest together
    SIROTAGE = "sirotage"  # the odd die of a Chouette


@dataclass(frozen=True)
class Bet:
    """R5.4: a bird (1..6), Beau-Sirop (the pair value) or None for Couche-Sirop."""

    seat: int
    value: int | None
    beau_sirop: bool = False


@dataclass(frozen=True)
class Sirotage:
    pair: int
    pair_ids: tuple[int, ...]
    bets: tuple[Bet, ...] = ()
    # seats whose announcement was a Bévue that voided it; they count as having announced
    voided: tuple[int, ...] = ()


@dataclass(frozen=True)
class AwaitingThrow:
    thrower: int
    context: Context
    stage: Stage = Stage.CHOUETTES
    held: tuple[RestingDie, ...] = ()  # dice already read for this throw (chouettes, kept dice)
    need: int = 0  # cocked dice still to be thrown again (R3.3)
    sirotage: Sirotage | None = None


@dataclass(frozen=True)
class ChouetteWindow:
    """R5.7: after a Chouette the thrower may say "Je sirote" until `closes_ns`."""

    thrower: int
    context: Context
    dice: tuple[RestingDie, ...]
    pair: int
    closes_ns: int


@dataclass(frozen=True)
class ShoutRace:
    """R4.4/R4.5: a race on edge times. For a Chouette-Velute, `points` is at stake."""

    race: Race
    thrower: int
    context: Context
    seats: tuple[int, ...]
    opens_ns: int
    closes_ns: int
    shouts: tuple[tuple[int, int], ...] = ()  # (seat, t_ns) in arrival order
    points: int = 0


@dataclass(frozen=True)
class ThrowOff:
    """One die each in seat order (R3.1, R4.5, R6.3)."""

    purpose: str  # "start" | "suite" | "grelottine"
    contenders: tuple[int, ...]
    values: tuple[int, ...] = ()
    penalty: int = 0
    context: Context | None = None
    targets: tuple[int, ...] = ()  # grelottine: each contender's target, aligned


@dataclass(frozen=True)
class GrelottineCall:
    """R6.3: Grelottine shouts within the tie window of the first are simultaneous."""

    calls: tuple[tuple[int, int, int], ...]  # (challenger, target, t_ns)
    decide_ns: int
    resume_seat: int


@dataclass(frozen=True)
class GrelottineStake:
    challenger: int
    target: int
    min_score: int  # R6.4, the scores when the challenge was launched
    resume_seat: int


@dataclass(frozen=True)
class SloubiSong:
    seat: int
    name: str
    target: int
    resume_seat: int
    presses: int = 0
    last_ns: int | None = None


@dataclass(frozen=True)
class Finished:
    winners: tuple[int, ...]


Phase = (
    AwaitingThrow
    | ChouetteWindow
    | ShoutRace
    | ThrowOff
    | GrelottineCall
    | GrelottineStake
    | SloubiSong
    | Finished
)


@dataclass(frozen=True)
class GameState:
    config: RulesConfig
    players: tuple[PlayerState, ...]
    phase: Phase
    ledger: tuple[LedgerEntry, ...] = ()
    tray: tuple[RestingDie, ...] = ()
    now_ns: int = 0
    inputs: int = 0  # inputs applied so far: the next input's index
    pending_taps: tuple[Announcement, ...] = ()
    sirop_wins: tuple[int, ...] = ()  # seats with a right bet awaiting "Sirop gagnant" (R5.5)
    civet_bets: tuple[CivetBet, ...] = ()
    last_throw: tuple[int, str] | None = None  # (thrower, primary combination) of the last throw

    def player(self, seat: int) -> PlayerState:
        for p in self.players:
            if p.seat == seat:
                return p
        raise KeyError(seat)

    def has_seat(self, seat: int) -> bool:
        return any(p.seat == seat for p in self.players)

    @property
    def active_seats(self) -> tuple[int, ...]:
        return tuple(p.seat for p in self.players if p.active)

    @property
    def scores(self) -> dict[int, int]:
        return {p.seat: p.score for p in self.players}

    @property
    def winners(self) -> tuple[int, ...]:
        return self.phase.winners if isinstance(self.phase, Finished) else ()

    @property
    def over(self) -> bool:
        return isinstance(self.phase, Finished)

    @property
    def turn_seat(self) -> int | None:
        """Whose turn it is (or resumes after a challenge or a song)."""
        phase = self.phase
        if isinstance(phase, AwaitingThrow | ChouetteWindow | ShoutRace):
            ctx = phase.context
            return ctx.seat if isinstance(ctx, TurnContext) else ctx.resume_seat
        if isinstance(phase, GrelottineCall | GrelottineStake | SloubiSong):
            return phase.resume_seat
        if isinstance(phase, ThrowOff) and phase.context is not None:
            ctx = phase.context
            return ctx.seat if isinstance(ctx, TurnContext) else ctx.resume_seat
        return None

    @property
    def between_turns(self) -> bool:
        """R6.2: no throw in progress: the next thrower has not thrown anything yet."""
        phase = self.phase
        return (
            isinstance(phase, AwaitingThrow)
            and isinstance(phase.context, TurnContext)
            and phase.stage == Stage.CHOUETTES
            and not phase.held
            and phase.need == 0
        )

    @property
    def rounds_played(self) -> int:
        """Complete rounds: the fewest turns any active player has had."""
        turns = [p.turns for p in self.players if p.active]
        return min(turns) if turns else 0

    @property
    def round_complete(self) -> bool:
        """R7.1: every active player has had the same number of turns."""
        return len({p.turns for p in self.players if p.active}) <= 1

    def next_seat(self, after: int) -> int:
        """R3.2: turns go up the seat numbers and wrap around, skipping players who are out."""
        seats = sorted(self.active_seats)
        for seat in seats:
            if seat > after:
                return seat
        return seats[0]
