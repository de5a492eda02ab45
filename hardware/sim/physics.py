"""The physics of the tray: felt, walls, table and dice in a headless pybullet world.

The world is in centimetres and seconds (gravity 981 cm/s²). Bodies are never removed, so body
numbering, and with it the engine's behaviour, depends only on the calls made: the same seed and
the same script give the same motion. A die out of play is parked on the table far from the
camera.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from hardware.sim.camera_model import FELT_TOP_CM
from hardware.sim.dice import DIE_SIZE_CM
from hardware.sim.errors import require_pybullet
from hardware.sim.presets import TrayLook

GRAVITY_CM_S2 = 981.0
PHYSICS_HZ = 480
WALL_THICKNESS_CM = 1.2
FELT_THICKNESS_CM = 0.3
ROUND_TRAY_SEGMENTS = 28
DIE_MASS = 0.004
MOVING_SPEED_CM_S = 0.8  # below this, and MOVING_SPIN_RAD_S, a die counts as still
MOVING_SPIN_RAD_S = 0.6
PARKING_X_CM = 1000.0  # dice out of play wait on the table, far out of sight


@dataclass(frozen=True)
class TrayPart:
    """One static piece of the tray, shared by the physics and the background renderer."""

    kind: str  # "felt" or "wall"
    shape: str  # "box" or "cylinder"
    half_extents: tuple[float, float, float]  # for a cylinder: (radius, radius, half height)
    position: tuple[float, float, float]
    yaw_rad: float


def tray_parts(tray: TrayLook) -> tuple[TrayPart, ...]:
    """Felt and walls of the tray, centred on the origin, the felt's top at FELT_TOP_CM.

    The felt is only drawn: for the physics the dice land on the table plane, which lies at the
    felt's height (a box resting on a plane is the engine's most stable contact).
    """
    half_felt = FELT_THICKNESS_CM / 2
    felt_z = FELT_TOP_CM - half_felt
    wall_half_h = (tray.wall_height_cm + FELT_THICKNESS_CM) / 2
    wall_z = FELT_TOP_CM - FELT_THICKNESS_CM + wall_half_h
    half_t = WALL_THICKNESS_CM / 2
    parts: list[TrayPart] = []
    if tray.shape == "rect":
        hx, hy = tray.width_cm / 2, tray.depth_cm / 2
        parts.append(TrayPart("felt", "box", (hx, hy, half_felt), (0, 0, felt_z), 0.0))
        for sign in (-1, 1):
            parts.append(TrayPart("wall", "box", (hx + 2 * half_t, half_t, wall_half_h),
                                  (0, sign * (hy + half_t), wall_z), 0.0))
            parts.append(TrayPart("wall", "box", (half_t, hy, wall_half_h),
                                  (sign * (hx + half_t), 0, wall_z), 0.0))
    elif tray.shape == "round":
        radius = tray.width_cm / 2
        parts.append(TrayPart("felt", "cylinder", (radius, radius, half_felt),
                              (0, 0, felt_z), 0.0))
        # a straight segment long enough that neighbours overlap at the outside
        seg_half = (radius + WALL_THICKNESS_CM) * math.tan(math.pi / ROUND_TRAY_SEGMENTS) + 0.05
        for i in range(ROUND_TRAY_SEGMENTS):
            angle = 2 * math.pi * i / ROUND_TRAY_SEGMENTS
            r = radius + half_t
            parts.append(TrayPart("wall", "box", (half_t, seg_half, wall_half_h),
                                  (r * math.cos(angle), r * math.sin(angle), wall_z), angle))
    else:
        raise ValueError(f"tray shape must be 'round' or 'rect', not {tray.shape!r}")
    return tuple(parts)


def on_felt(tray: TrayLook, x: float, y: float) -> bool:
    """Whether a point of the plane lies over the tray's felt."""
    if tray.shape == "rect":
        return abs(x) <= tray.width_cm / 2 and abs(y) <= tray.depth_cm / 2
    return math.hypot(x, y) <= tray.width_cm / 2


def inner_radius(tray: TrayLook) -> float:
    """Distance from the centre to the nearest wall."""
    if tray.shape == "rect":
        return min(tray.width_cm, tray.depth_cm) / 2
    return tray.width_cm / 2 * math.cos(math.pi / ROUND_TRAY_SEGMENTS)


def quaternion_from_yaw(yaw: float) -> tuple[float, float, float, float]:
    return (0.0, 0.0, math.sin(yaw / 2), math.cos(yaw / 2))


@dataclass(frozen=True)
class BodyState:
    position: tuple[float, float, float]
    orientation: tuple[float, float, float, float]  # quaternion x, y, z, w
    linear: tuple[float, float, float]
    angular: tuple[float, float, float]

    @property
    def moving(self) -> bool:
        return (float(np.linalg.norm(self.linear)) > MOVING_SPEED_CM_S
                or float(np.linalg.norm(self.angular)) > MOVING_SPIN_RAD_S)


class PhysicsWorld:
    """A pybullet world holding one tray and any number of dice."""

    def __init__(self, tray: TrayLook, fps: int) -> None:
        self._p: Any = require_pybullet()
        p = self._p
        self.client: int = p.connect(p.DIRECT)
        self.tray = tray
        self.substeps = max(1, round(PHYSICS_HZ / fps))
        p.resetSimulation(physicsClientId=self.client)
        p.setPhysicsEngineParameter(
            fixedTimeStep=1.0 / (fps * self.substeps), numSolverIterations=50,
            deterministicOverlappingPairs=1, restitutionVelocityThreshold=6.0,
            physicsClientId=self.client,
        )
        p.setGravity(0, 0, -GRAVITY_CM_S2, physicsClientId=self.client)
        table = p.createCollisionShape(p.GEOM_PLANE, physicsClientId=self.client)
        self._table = p.createMultiBody(0, table, physicsClientId=self.client)
        p.changeDynamics(self._table, -1, lateralFriction=0.6, restitution=0.5,
                         physicsClientId=self.client)
        for part in tray_parts(tray):
            if part.kind == "wall":
                self._add_static(part)
        self._die_shape = p.createCollisionShape(
            p.GEOM_BOX, halfExtents=[DIE_SIZE_CM / 2] * 3, physicsClientId=self.client
        )
        self.dice: list[int] = []

    def _add_static(self, part: TrayPart) -> None:
        p = self._p
        if part.shape == "box":
            shape = p.createCollisionShape(p.GEOM_BOX, halfExtents=list(part.half_extents),
                                           physicsClientId=self.client)
        else:
            shape = p.createCollisionShape(p.GEOM_CYLINDER, radius=part.half_extents[0],
                                           height=2 * part.half_extents[2],
                                           physicsClientId=self.client)
        body = p.createMultiBody(0, shape, -1, list(part.position),
                                 list(quaternion_from_yaw(part.yaw_rad)),
                                 physicsClientId=self.client)
        # felt-lined walls: grippy and soft, so a die can stay leaning on one
        p.changeDynamics(body, -1, lateralFriction=1.0, restitution=0.3,
                         physicsClientId=self.client)

    def add_die(self) -> int:
        """A new die, parked; returns its index in `dice` (the die id)."""
        p = self._p
        die_id = len(self.dice)
        body = p.createMultiBody(DIE_MASS, self._die_shape, -1, list(self.parking_spot(die_id)),
                                 physicsClientId=self.client)
        p.changeDynamics(body, -1, lateralFriction=0.6, restitution=0.6, linearDamping=0.02,
                         angularDamping=0.1,
                         # the engine caps body speeds at 100 units/s unless told: in cm/s, a
                         # real throw is faster than that
                         maxJointVelocity=5000.0, physicsClientId=self.client)
        self.dice.append(body)
        return die_id

    @staticmethod
    def parking_spot(die_id: int) -> tuple[float, float, float]:
        return (PARKING_X_CM + 5.0 * die_id, 0.0, DIE_SIZE_CM / 2)

    def place(self, die_id: int, position: tuple[float, float, float],
              orientation: tuple[float, float, float, float],
              linear: tuple[float, float, float] = (0.0, 0.0, 0.0),
              angular: tuple[float, float, float] = (0.0, 0.0, 0.0)) -> None:
        p = self._p
        body = self.dice[die_id]
        p.resetBasePositionAndOrientation(body, list(position), list(orientation),
                                          physicsClientId=self.client)
        p.resetBaseVelocity(body, list(linear), list(angular), physicsClientId=self.client)

    def park(self, die_id: int) -> None:
        self.place(die_id, self.parking_spot(die_id), (0.0, 0.0, 0.0, 1.0))

    def step_frame(self) -> None:
        for _ in range(self.substeps):
            self._p.stepSimulation(physicsClientId=self.client)

    def state(self, die_id: int) -> BodyState:
        p = self._p
        body = self.dice[die_id]
        pos, orn = p.getBasePositionAndOrientation(body, physicsClientId=self.client)
        lin, ang = p.getBaseVelocity(body, physicsClientId=self.client)
        return BodyState(tuple(pos), tuple(orn), tuple(lin), tuple(ang))

    def save(self) -> int:
        return int(self._p.saveState(physicsClientId=self.client))

    def restore(self, state_id: int) -> None:
        self._p.restoreState(stateId=state_id, physicsClientId=self.client)

    def forget(self, state_id: int) -> None:
        self._p.removeState(state_id, physicsClientId=self.client)

    def close(self) -> None:
        if self.client >= 0:
            self._p.disconnect(physicsClientId=self.client)
            self.client = -1
