"""How a player's hand releases dice over the tray: drawn at random from the tray's generator."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from hardware.sim.camera_model import FELT_TOP_CM
from hardware.sim.dice import DIE_SIZE_CM, orientation_showing
from hardware.sim.physics import inner_radius
from hardware.sim.presets import TrayLook

DICE_SPACING_CM = 2.3  # dice side by side in the hand


@dataclass(frozen=True)
class DieLaunch:
    die_id: int
    position: tuple[float, float, float]
    orientation: tuple[float, float, float, float]
    linear: tuple[float, float, float]  # cm/s
    angular: tuple[float, float, float]  # rad/s


@dataclass(frozen=True)
class ThrowPlan:
    dice: tuple[DieLaunch, ...]


def random_orientation(rng: np.random.Generator) -> tuple[float, float, float, float]:
    """A uniformly random rotation, as a quaternion (x, y, z, w)."""
    q = rng.standard_normal(4)
    q /= np.linalg.norm(q)
    return (float(q[0]), float(q[1]), float(q[2]), float(q[3]))


THROW_STYLES = ("normal", "gentle", "lob", "lean")


def plan_throw(rng: np.random.Generator, die_ids: tuple[int, ...], tray: TrayLook,
               from_angle_rad: float, speed: float, style: str = "normal") -> ThrowPlan:
    """Dice released together just inside the rim at `from_angle_rad`, thrown across the tray.

    `speed` scales the throw. The style shapes it: "normal"; "gentle", dice close together with
    little spin, that tend to end side by side; "lob", high and long, over the far wall;
    "lean", a die let go against the far wall, tilted, that often stays cocked there.
    """
    if style == "lean":
        return ThrowPlan(tuple(_lean(rng, d, tray, from_angle_rad + math.pi) for d in die_ids))
    if style not in THROW_STYLES:
        raise ValueError(f"throw style must be one of {THROW_STYLES}, not {style!r}")
    gentle = style == "gentle"
    lift = float(rng.uniform(70.0, 130.0)) if style == "lob" else 0.0
    release_r = inner_radius(tray) - 3.0
    hand = np.array([math.cos(from_angle_rad), math.sin(from_angle_rad)]) * release_r
    heading = from_angle_rad + math.pi + float(rng.uniform(-0.35, 0.35))
    forward = np.array([math.cos(heading), math.sin(heading)])
    side = np.array([-forward[1], forward[0]])
    height = FELT_TOP_CM + float(rng.uniform(6.0, 10.0))
    horizontal = speed * float(rng.uniform(90.0, 150.0) if style == "lob" else rng.uniform(45.0, 110.0))
    launches = []
    for i, die_id in enumerate(die_ids):
        offset = (i - (len(die_ids) - 1) / 2) * (1.75 if gentle else DICE_SPACING_CM)
        xy = hand + side * offset + rng.uniform(-0.3, 0.3, size=2) * (0.2 if gentle else 1)
        z = (FELT_TOP_CM + 2.0) if gentle else height + float(rng.uniform(-0.5, 0.5)) + (i % 2) * 1.8
        spread = forward * horizontal * float(rng.uniform(0.85, 1.15))
        vz = float(rng.uniform(-30.0, 20.0)) + lift
        spin = rng.standard_normal(3) * (3.0 if gentle else 25.0)
        launches.append(DieLaunch(
            die_id, (float(xy[0]), float(xy[1]), z),
            _flat_orientation(rng) if gentle else random_orientation(rng),
            (float(spread[0]), float(spread[1]), vz),
            (float(spin[0]), float(spin[1]), float(spin[2])),
        ))
    return ThrowPlan(tuple(launches))


def _quaternion_multiply(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return np.array([
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
        aw * bw - ax * bx - ay * by - az * bz,
    ])


def _axis_angle(axis: np.ndarray, angle: float) -> np.ndarray:
    axis = axis / np.linalg.norm(axis)
    return np.array([*(axis * math.sin(angle / 2)), math.cos(angle / 2)])


def _flat_orientation(rng: np.random.Generator, yaw_rad: float | None = None
                      ) -> tuple[float, float, float, float]:
    """A die lying flat with a random face up, at the given yaw or a random one."""
    value = int(rng.integers(1, 7))
    angle = float(rng.uniform(0, 2 * math.pi)) if yaw_rad is None else yaw_rad
    yaw = _axis_angle(np.array([0.0, 0.0, 1.0]), angle)
    q = _quaternion_multiply(yaw, np.array(orientation_showing(value)))
    return (float(q[0]), float(q[1]), float(q[2]), float(q[3]))


def _lean(rng: np.random.Generator, die_id: int, tray: TrayLook, wall_angle: float) -> DieLaunch:
    """A die let go just short of the wall, tilted over towards it, drifting onto it."""
    angle = wall_angle + float(rng.uniform(-0.5, 0.5))
    radial = np.array([math.cos(angle), math.sin(angle), 0.0])
    tangent = np.cross((0.0, 0.0, 1.0), radial)
    # below 45° the weight lies on the wall side of the lower edge and presses the upper edge
    # on the wall; the steeper the die, the less it pushes its foot away (friction must hold it)
    tilt = math.radians(float(rng.uniform(33.0, 43.0)))
    wall_r = inner_radius(tray)
    # the lower edge on the felt, the far upper edge on the wall (a square leaning in section)
    foot = wall_r - DIE_SIZE_CM * math.cos(tilt)
    centre_r = foot + DIE_SIZE_CM / 2 * (math.cos(tilt) - math.sin(tilt))
    centre_z = FELT_TOP_CM + DIE_SIZE_CM / 2 * (math.sin(tilt) + math.cos(tilt))
    back = float(rng.uniform(0.0, 0.15))
    drop = float(rng.uniform(0.02, 0.25))
    position = radial * (centre_r - back) + np.array([0.0, 0.0, centre_z + drop])
    # edges parallel to the wall, so that a whole edge rests on the felt
    flat = np.array(_flat_orientation(rng, yaw_rad=angle))
    q = _quaternion_multiply(_axis_angle(tangent, -tilt), flat)
    push = radial * float(rng.uniform(0.0, 6.0))
    return DieLaunch(die_id, (float(position[0]), float(position[1]), float(position[2])),
                     (float(q[0]), float(q[1]), float(q[2]), float(q[3])),
                     (float(push[0]), float(push[1]), 0.0), (0.0, 0.0, 0.0))
