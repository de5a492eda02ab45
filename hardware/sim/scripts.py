"""Throw scripts: the situations the box meets at a real table, built on SimTray's actions.

A script queues actions on a tray and yields the frames that play them out; the tray records the
rest state reached after each action (`SimTray.rests`), which is what a reader should report.
Scripts ask for particular outcomes (a die over the wall, a cocked die, dice touching) through a
throw's `accept` wish; the tray draws throws from its seed until the look-ahead shows the wish
met, so a seed always gives the same frames.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from hardware.sim.errors import UnknownNameError
from hardware.sim.outcome import Accept, Outcome, clean_landing
from hardware.sim.tray import SimFrame, SimTray

LEAD_IN_FRAMES = 4  # the empty tray before the first throw

Script = Callable[[SimTray], Iterator[SimFrame]]


@dataclass(frozen=True)
class Scenario:
    name: str
    description: str
    rests: str  # the expected sequence of rest states, in words
    play: Script


def _chouette(outcome: Outcome) -> bool:
    values = {top for top in (outcome.value(d) for d in outcome.thrown)}
    return clean_landing(outcome) and len(values) == 1


OFF_TRAY_IN_SIGHT_TRIES = 300


def _off_tray_wish() -> Accept:
    """Dice on the table, where the camera still sees them; where the tray fills the picture and
    no throw lands in sight, anywhere off the tray."""
    tries = 0

    def accept(outcome: Outcome) -> bool:
        nonlocal tries
        tries += 1
        in_sight_needed = tries <= OFF_TRAY_IN_SIGHT_TRIES
        return all(
            not outcome.on_tray(d) and (outcome.in_frame(d, margin_px=20) or not in_sight_needed)
            for d in outcome.thrown
        )

    return accept


def _cocked(outcome: Outcome) -> bool:
    return all(outcome.on_tray(d) and outcome.cocked(d) for d in outcome.thrown)


def _touching(outcome: Outcome) -> bool:
    return clean_landing(outcome) and any(
        outcome.touching(a, b) for a, b in itertools.combinations(outcome.thrown, 2)
    )


def _two_then_one(tray: SimTray) -> Iterator[SimFrame]:
    yield from tray.idle_frames(LEAD_IN_FRAMES)
    tray.throw(2)
    yield from tray.frames_until_still()
    tray.throw(1)
    yield from tray.frames_until_still()


def _sirotage(tray: SimTray) -> Iterator[SimFrame]:
    yield from tray.idle_frames(LEAD_IN_FRAMES)
    tray.throw(2, accept=_chouette)
    yield from tray.frames_until_still()
    (cul,) = tray.throw(1)
    yield from tray.frames_until_still()
    tray.rethrow([cul])
    yield from tray.frames_until_still()


def _challenge(tray: SimTray) -> Iterator[SimFrame]:
    yield from tray.idle_frames(LEAD_IN_FRAMES)
    first, _kept, last = tray.throw(3)
    yield from tray.frames_until_still()
    tray.rethrow([first, last])
    yield from tray.frames_until_still()


def _three_at_once(tray: SimTray) -> Iterator[SimFrame]:
    yield from tray.idle_frames(LEAD_IN_FRAMES)
    tray.throw(3)
    yield from tray.frames_until_still()


def _cul_first(tray: SimTray) -> Iterator[SimFrame]:
    yield from tray.idle_frames(LEAD_IN_FRAMES)
    tray.throw(1)
    yield from tray.frames_until_still()
    tray.throw(2)
    yield from tray.frames_until_still()


def _off_the_tray(tray: SimTray) -> Iterator[SimFrame]:
    yield from tray.idle_frames(LEAD_IN_FRAMES)
    tray.throw(2)
    yield from tray.frames_until_still()
    # from a player at the side: the picture is wider than the tray, so the table shows there
    tray.throw(1, accept=_off_tray_wish(), style="lob", from_angle_deg=0.0,
               attempts=OFF_TRAY_IN_SIGHT_TRIES + 200)
    yield from tray.frames_until_still()


def _cocked_die(tray: SimTray) -> Iterator[SimFrame]:
    yield from tray.idle_frames(LEAD_IN_FRAMES)
    tray.throw(2)
    yield from tray.frames_until_still()
    tray.throw(1, accept=_cocked, style="lean")
    yield from tray.frames_until_still()


def _dice_touching(tray: SimTray) -> Iterator[SimFrame]:
    yield from tray.idle_frames(LEAD_IN_FRAMES)
    tray.throw(3, accept=_touching, speed=0.5, style="gentle")
    yield from tray.frames_until_still()


def _hand_in_tray(tray: SimTray) -> Iterator[SimFrame]:
    yield from tray.idle_frames(LEAD_IN_FRAMES)
    _, taken, _ = tray.throw(3)
    yield from tray.frames_until_still()
    tray.pick_up([taken], hand=True)
    yield from tray.frames_until_still()


def _throw_off(tray: SimTray) -> Iterator[SimFrame]:
    yield from tray.idle_frames(LEAD_IN_FRAMES)
    tray.throw(1)
    yield from tray.frames_until_still()


SCENARIOS: dict[str, Scenario] = {
    s.name: s
    for s in (
        Scenario("two-then-one", "A normal throw: the two chouettes, then the cul.",
                 "2 dice; then the same 2 unmoved and a third", _two_then_one),
        Scenario("sirotage", "A chouette, the cul, then the cul re-thrown (sirotage) while the "
                 "chouette stays put; the hand takes the die before the throw.",
                 "2 equal dice; 3 dice; the same 2 unmoved and the third at a new place",
                 _sirotage),
        Scenario("challenge-rethrow", "Three dice, then two of them re-thrown, the middle one "
                 "kept.", "3 dice; the kept die unmoved and two new values", _challenge),
        Scenario("three-at-once", "All three dice thrown together.", "3 dice", _three_at_once),
        Scenario("cul-first", "The cul thrown first, then the two chouettes.",
                 "1 die; the same die unmoved and 2 more", _cul_first),
        Scenario("off-tray", "Two dice, then a third thrown over the wall onto the table.",
                 "2 dice; the same 2 and a third with on_tray false", _off_the_tray),
        Scenario("cocked", "Two dice, then a third that rests cocked against the wall.",
                 "2 dice; the same 2 and a third with cocked true", _cocked_die),
        Scenario("dice-touching", "Three dice thrown gently, two of them ending against each "
                 "other.", "3 dice, at least two touching", _dice_touching),
        Scenario("hand-in-tray", "Three dice; a hand comes over the tray, takes one and leaves.",
                 "3 dice; the 2 left unmoved", _hand_in_tray),
        Scenario("throw-off", "A single die, as in a throw-off.", "1 die", _throw_off),
    )
}


def compose(names: Sequence[str]) -> Scenario:
    """Scenarios played one after the other on one tray; between two, the player gathers the
    dice (the hand takes them)."""
    parts = [get_scenario(name) for name in names]

    def play(tray: SimTray) -> Iterator[SimFrame]:
        for i, part in enumerate(parts):
            if i > 0 and tray.dice_in_play:
                tray.clear(hand=True)
                yield from tray.frames_until_still()
            yield from part.play(tray)

    return Scenario(
        "+".join(p.name for p in parts),
        " Then: ".join(p.description for p in parts),
        "; then the tray cleared; then ".join(p.rests for p in parts),
        play,
    )


def get_scenario(name: str) -> Scenario:
    """The named scenario, or several joined by "+" (see `compose`); an unknown name raises an
    error that offers the closest names."""
    if "+" in name:
        return compose(name.split("+"))
    try:
        return SCENARIOS[name]
    except KeyError:
        raise UnknownNameError("scenario", name, SCENARIOS) from None
