"""Reading a throw of three dice: the primary combination (R1.1) and its points (R2.1)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

BIRDS = ("Linotte", "Alouette", "Fauvette", "Mouette", "Bergeronnette", "Chouette")


class Combination(StrEnum):
    CUL_DE_CHOUETTE = "cul_de_chouette"
    CHOUETTE_VELUTE = "chouette_velute"
    CHOUETTE = "chouette"
    VELUTE = "velute"
    SUITE = "suite"
    NEANT = "neant"


LABELS = {
    Combination.CUL_DE_CHOUETTE: "Cul de Chouette",
    Combination.CHOUETTE_VELUTE: "Chouette-Velute",
    Combination.CHOUETTE: "Chouette",
    Combination.VELUTE: "Velute",
    Combination.SUITE: "Suite",
    Combination.NEANT: "Néant",
}


@dataclass(frozen=True)
class ThrowReading:
    """What three dice make. `value` is the die the points depend on: the pair for a Chouette,
    the highest die for a Velute or Chouette-Velute, the triple for a Cul de Chouette."""

    dice: tuple[int, int, int]
    primary: Combination
    value: int
    also_suite: bool  # R1.1: 1-2-3 is a Velute and a Suite

    @property
    def points(self) -> int:
        return points_of(self.primary, self.value)

    def is_a(self, combination: Combination) -> bool:
        """True when the throw counts as `combination` (1-2-3 counts as Velute and Suite)."""
        return self.primary == combination or (combination == Combination.SUITE and self.also_suite)

    @property
    def pair(self) -> int | None:
        a, b, c = sorted(self.dice)
        if a == b or b == c:
            return b
        return None

    @property
    def label(self) -> str:
        if self.primary in (Combination.SUITE, Combination.NEANT):
            return LABELS[self.primary]
        return f"{LABELS[self.primary]} de {self.value}"


def points_of(combination: Combination, value: int) -> int:
    """R2.1: Chouette v², Velute 2·v², Chouette-Velute its Velute, Cul de Chouette 40 + 10·v."""
    if combination == Combination.CHOUETTE:
        return value * value
    if combination in (Combination.VELUTE, Combination.CHOUETTE_VELUTE):
        return 2 * value * value
    if combination == Combination.CUL_DE_CHOUETTE:
        return 40 + 10 * value
    return 0


def read_throw(dice: tuple[int, int, int]) -> ThrowReading:
    """The primary combination of three dice, in the order of R1.1."""
    if len(dice) != 3 or any(not 1 <= d <= 6 for d in dice):
        raise ValueError(f"three dice from 1 to 6 expected, got {dice!r}")
    a, b, c = sorted(dice)
    is_pair = a == b or b == c
    is_velute = a + b == c
    is_suite = b == a + 1 and c == b + 1
    if a == c:
        return ThrowReading(dice, Combination.CUL_DE_CHOUETTE, a, False)
    if is_pair and is_velute:
        return ThrowReading(dice, Combination.CHOUETTE_VELUTE, c, False)
    if is_pair:
        return ThrowReading(dice, Combination.CHOUETTE, b, False)
    if is_velute:
        return ThrowReading(dice, Combination.VELUTE, c, is_suite)
    if is_suite:
        return ThrowReading(dice, Combination.SUITE, c, True)
    return ThrowReading(dice, Combination.NEANT, c, False)
