"""The player's hand: an occluding shape that comes over the tray, takes dice and leaves.

A trip is planned in advance as timed waypoints; the tray asks where the hand is at each frame
and which dice it has just taken.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from hardware.sim.render import HandPose

CRUISE_HEIGHT_CM = 9.0  # palm centre above the table while moving
GRAB_HEIGHT_CM = 3.4  # palm centre above the table when it closes on a die
ENTRY_DISTANCE_CM = 45.0  # the hand starts and ends this far from the die, out of sight
TRAVEL_S = 0.6
LOWER_S = 0.25
HOLD_S = 0.2


@dataclass(frozen=True)
class Waypoint:
    t_s: float  # seconds since the trip began
    position: tuple[float, float, float]
    grabs: tuple[int, ...]  # die ids taken when the hand reaches this point


def _smooth(f: float) -> float:
    f = min(max(f, 0.0), 1.0)
    return f * f * (3 - 2 * f)


@dataclass(frozen=True)
class HandTrip:
    """Timed path of the hand: in from the player's side, down onto each die, and out again."""

    waypoints: tuple[Waypoint, ...]
    yaw_rad: float

    @classmethod
    def plan(cls, targets: list[tuple[int, tuple[float, float]]], from_angle_rad: float
             ) -> HandTrip:
        """A trip taking each (die id, (x, y)) in turn, entering from `from_angle_rad`."""
        if not targets:
            raise ValueError("a hand trip needs at least one die to take")
        outward = np.array([math.cos(from_angle_rad), math.sin(from_angle_rad)])
        first = np.array(targets[0][1])
        start = first + outward * ENTRY_DISTANCE_CM
        points = [Waypoint(0.0, (float(start[0]), float(start[1]), CRUISE_HEIGHT_CM), ())]
        t = 0.0
        for die_id, (x, y) in targets:
            t += TRAVEL_S if len(points) == 1 else TRAVEL_S / 2
            points.append(Waypoint(t, (x, y, CRUISE_HEIGHT_CM - 3.0), ()))
            t += LOWER_S
            points.append(Waypoint(t, (x, y, GRAB_HEIGHT_CM), (die_id,)))
            t += HOLD_S
            points.append(Waypoint(t, (x, y, GRAB_HEIGHT_CM), ()))
        last = np.array(targets[-1][1])
        end = last + outward * ENTRY_DISTANCE_CM
        t += TRAVEL_S
        points.append(Waypoint(t, (float(end[0]), float(end[1]), CRUISE_HEIGHT_CM), ()))
        # fingers point from the player towards the tray
        return cls(tuple(points), from_angle_rad + math.pi)

    @property
    def duration_s(self) -> float:
        return self.waypoints[-1].t_s

    @property
    def last_grab_s(self) -> float:
        """When the hand takes its last die; after that it only leaves."""
        return max(p.t_s for p in self.waypoints if p.grabs)

    def pose(self, t_s: float) -> HandPose:
        points = self.waypoints
        if t_s <= points[0].t_s:
            return HandPose(points[0].position, self.yaw_rad)
        for before, after in itertools.pairwise(points):
            if t_s <= after.t_s:
                span = after.t_s - before.t_s
                f = _smooth((t_s - before.t_s) / span) if span > 0 else 1.0
                pos = tuple(float(a + (b - a) * f)
                            for a, b in zip(before.position, after.position, strict=True))
                return HandPose((pos[0], pos[1], pos[2]), self.yaw_rad)
        return HandPose(points[-1].position, self.yaw_rad)

    def grabs_between(self, t0_s: float, t1_s: float) -> tuple[int, ...]:
        """Die ids taken in the interval (t0, t1]."""
        taken: list[int] = []
        for point in self.waypoints:
            if t0_s < point.t_s <= t1_s:
                taken.extend(point.grabs)
        return tuple(taken)
