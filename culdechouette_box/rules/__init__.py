"""The pure rules core: standard library only, deterministic, replayable from the game record."""

from .combinations import Combination, ThrowReading, points_of, read_throw
from .config import Level, RulesConfig, Strictness
from .engine import apply, check, new_game, next_deadline, open_shouts
from .errors import ConfigurationError, IllegalInputError, RulesError
from .state import GameState

__all__ = [
    "Combination",
    "ConfigurationError",
    "GameState",
    "IllegalInputError",
    "Level",
    "RulesConfig",
    "RulesError",
    "Strictness",
    "ThrowReading",
    "apply",
    "check",
    "new_game",
    "next_deadline",
    "open_shouts",
    "points_of",
    "read_throw",
]
