"""How well the box read the tray: each true rest state of the simulator against the box's rest.

A rest state is read exactly when every die flat on the tray is reported with its true value,
a cocked die is refused, and nothing else is reported. Otherwise, from worst to least:
- misread: a wrong value, a value for a cocked die, or a die reported where there is none. The
  game goes on with what the box read;
- unseen: a flat die on the tray not reported at all, nothing read wrong. The game goes on with
  the dice the box saw;
- refused: some flat die reported without a value: the players throw it again.
A true rest the box did not report at all is "missed".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from culdechouette_box.rules.inputs import TrayAtRest

MATCH_FRAMES = 10  # a box rest this close in time to a true rest is its report


@dataclass(frozen=True)
class RestCheck:
    t_ns: int
    verdict: str  # "exact" | "refused" | "unseen" | "misread" | "missed"
    truth: tuple[int, ...]  # true values of the flat dice on the tray
    read: tuple[int | None, ...]  # what the box reported


@dataclass(frozen=True)
class VisionTally:
    checks: tuple[RestCheck, ...]

    def count(self, verdict: str) -> int:
        return sum(1 for c in self.checks if c.verdict == verdict)

    @property
    def rests(self) -> int:
        return len(self.checks)

    def summary(self) -> str:
        return (
            f"{self.rests} repos du plateau : {self.count('exact')} lus exactement, "
            f"{self.count('misread')} mal lus, {self.count('unseen')} avec un dé non vu, "
            f"{self.count('refused')} refusés (dé relancé), "
            f"{self.count('missed')} non signalés"
        )


def check_rests(
    truths: Sequence[object], box_rests: Sequence[TrayAtRest], frame_ns: float, die_px: float
) -> VisionTally:
    """Match each true rest (hardware.sim.truth.RestState) with the box's nearest rest in time."""
    used: set[int] = set()
    checks = []
    for truth in truths:
        t_true: int = truth.t_ns  # type: ignore[attr-defined]
        near = [
            (abs(r.t_ns - t_true), i) for i, r in enumerate(box_rests)
            if i not in used and abs(r.t_ns - t_true) <= MATCH_FRAMES * frame_ns
        ]
        dice = [d for d in truth.dice if d.on_tray]  # type: ignore[attr-defined]
        flat = tuple(sorted(d.value for d in dice if not d.cocked))
        if not near:
            checks.append(RestCheck(t_true, "missed", flat, ()))
            continue
        index = min(near)[1]
        used.add(index)
        rest = box_rests[index]
        checks.append(RestCheck(t_true, _verdict(dice, rest, die_px), flat,
                                tuple(d.value for d in rest.dice)))
    return VisionTally(tuple(checks))


def _verdict(dice: Sequence[object], rest: TrayAtRest, die_px: float) -> str:
    reach = 0.6 * die_px + 2.0
    matched: set[int] = set()
    refused = unseen = misread = False
    for die in dice:
        x, y = die.centre_px  # type: ignore[attr-defined]
        found = min(
            (d for d in rest.dice if d.die_id not in matched and math.dist((d.x, d.y), (x, y)) <= reach),
            key=lambda d: math.dist((d.x, d.y), (x, y)),
            default=None,
        )
        if found is not None:
            matched.add(found.die_id)
        if die.cocked:  # type: ignore[attr-defined]
            misread |= found is not None and found.value is not None
        elif found is None:
            unseen = True
        elif found.value is not None and found.value != die.value:  # type: ignore[attr-defined]
            misread = True
        elif found.value is None:
            refused = True
    if any(d.die_id not in matched for d in rest.dice):
        misread = True  # a die reported where there is none (or off the tray)
    return "misread" if misread else "unseen" if unseen else "refused" if refused else "exact"
