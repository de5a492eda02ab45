"""SimTray: a dice tray that a simulated player drives turn by turn, frame by frame.

Actions (throw, re-throw, pick up, clear) are queued; stepping plays them out on the simulated
clock, one camera frame at a time, with the ground truth of each frame. Throws are drawn from the
tray's seeded generator and checked by looking ahead in the physics (without rendering): a throw
that would knock the dice left in place, or miss what the caller asked for (say, a die off the
tray), is drawn again. Everything follows from the seed and the calls made, so two trays driven
the same way give the same frames.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from hardware.camera import Frame
from hardware.sim.camera_model import CameraModel
from hardware.sim.dice import top_face
from hardware.sim.errors import SimulatorError
from hardware.sim.hand import HandTrip
from hardware.sim.observe import Observer, with_top_face_cover, with_visibility
from hardware.sim.outcome import Accept, Outcome, clean_landing
from hardware.sim.physics import BodyState, PhysicsWorld
from hardware.sim.presets import DEFAULT_PRESET, ScenePreset, resolve_preset
from hardware.sim.render import DiePose, HandPose, TrayRenderer, light_direction
from hardware.sim.throws import ThrowPlan, plan_throw
from hardware.sim.truth import FrameTruth, RestState

START_NS = 1_000_000_000  # the simulated CLOCK_MONOTONIC reading of frame 0
STILL_FRAMES = 6  # a tray still for this many frames is at rest
KEPT_TOLERANCE_CM = 0.05  # a throw may move a die left in place by no more than this
MAX_THROW_ATTEMPTS = 80
LOOKAHEAD_S = 6.0


@dataclass(frozen=True)
class SimFrame:
    """One frame and what is true in it; `frame` is None on a tray made with render=False."""

    frame: Frame | None
    truth: FrameTruth


@dataclass(frozen=True)
class _Throw:
    die_ids: tuple[int, ...]
    accept: Accept
    from_angle_rad: float | None
    speed: float
    style: str
    attempts: int


@dataclass(frozen=True)
class _Trip:
    die_ids: tuple[int, ...]
    from_angle_rad: float | None


@dataclass(frozen=True)
class _Vanish:
    die_ids: tuple[int, ...]


class SimTray:
    """A simulated tray of dice seen by a simulated camera; see the module docstring."""

    def __init__(self, preset: str | ScenePreset = DEFAULT_PRESET, seed: int = 0, *,
                 render: bool = True) -> None:
        self.preset = resolve_preset(preset)
        self.seed = seed
        self.fps = self.preset.camera.fps
        self.camera = CameraModel.from_setup(self.preset.camera)
        self._world = PhysicsWorld(self.preset.tray, self.fps)
        self._rng = np.random.default_rng(seed)
        self._renderer = TrayRenderer(self.preset, self.camera, seed) if render else None
        self._observer = Observer(self.preset.tray, self.camera)
        self._light = light_direction(self.preset.lighting)
        self._index = 0
        self._in_play: list[int] = []  # die ids on the table or in the air, in throw order
        self._held: list[int] = []  # taken by the hand, still over the picture
        self._queued: set[int] = set()  # dice of throws not yet made
        self._queue: deque[_Throw | _Trip | _Vanish] = deque()
        self._trip: HandTrip | None = None
        self._trip_t = 0.0
        self._phase = "still"
        self._still_run = 0
        self.rests: list[RestState] = []
        self.last_truth: FrameTruth | None = None
        self._pending_label: list[str] = []

    # -- the clock ---------------------------------------------------------------------------

    @property
    def frame_index(self) -> int:
        """Index of the next frame to be produced."""
        return self._index

    def t_ns(self, index: int | None = None) -> int:
        i = self._index if index is None else index
        return START_NS + round(i * 1_000_000_000 / self.fps)

    @property
    def dice_in_play(self) -> tuple[int, ...]:
        return tuple(self._in_play)

    # -- actions -----------------------------------------------------------------------------

    def throw(self, n_dice: int, *, accept: Accept = clean_landing,
              from_angle_deg: float | None = None, speed: float = 1.0, style: str = "normal",
              attempts: int = MAX_THROW_ATTEMPTS) -> tuple[int, ...]:
        """Queue a throw of `n_dice` new dice; they enter from the player's hand over the rim.

        `accept` is a wish on how the throw ends (by default: all thrown dice flat on the felt);
        `style` is one of throws.THROW_STYLES; `attempts` bounds the draws of a throw that
        meets the wish. Dice taken off the tray before are thrown again first (lowest id
        first); more are added as needed. Returns the thrown dice's ids.
        """
        if n_dice < 1:
            raise ValueError("a throw needs at least one die")
        # a die taken off the tray earlier is the same physical die: it comes back first
        spare = [d for d in range(len(self._world.dice))
                 if d not in self._in_play and d not in self._held and d not in self._queued]
        ids = tuple(spare[:n_dice]) + tuple(
            self._world.add_die() for _ in range(max(0, n_dice - len(spare))))
        self._queued.update(ids)
        self._queue_throw(ids, accept, from_angle_deg, speed, style, attempts)
        self._pending_label.append(f"throw {list(ids)}")
        return ids

    def rethrow(self, die_ids: Iterable[int], *, hand: bool = True, accept: Accept = clean_landing,
                from_angle_deg: float | None = None, speed: float = 1.0) -> None:
        """Queue picking up `die_ids` (the hand takes them) and throwing them again."""
        ids = self._checked(die_ids)
        self._queued.update(ids)
        self._queue_pick_up(ids, hand, from_angle_deg)
        self._queue_throw(ids, accept, from_angle_deg, speed, "normal", MAX_THROW_ATTEMPTS)
        self._pending_label.append(f"rethrow {list(ids)}")

    def pick_up(self, die_ids: Iterable[int], *, hand: bool = True,
                from_angle_deg: float | None = None) -> None:
        """Queue taking dice off the tray: with the hand over the tray, or at once."""
        ids = self._checked(die_ids)
        self._queue_pick_up(ids, hand, from_angle_deg)
        self._pending_label.append(f"pick up {list(ids)}")

    def clear(self, *, hand: bool = False) -> None:
        """Queue taking every die in play off the tray."""
        if self._in_play:
            self.pick_up(tuple(self._in_play), hand=hand)

    def _checked(self, die_ids: Iterable[int]) -> tuple[int, ...]:
        ids = tuple(die_ids)
        if not ids:
            raise ValueError("name at least one die")
        unknown = [d for d in ids if d not in self._in_play]
        if unknown:
            raise SimulatorError(f"dice {unknown} are not on the tray (in play: {self._in_play})")
        return ids

    def _queue_throw(self, ids: tuple[int, ...], accept: Accept, from_angle_deg: float | None,
                     speed: float, style: str, attempts: int) -> None:
        angle = None if from_angle_deg is None else math.radians(from_angle_deg)
        self._queue.append(_Throw(ids, accept, angle, speed, style, attempts))

    def _queue_pick_up(self, ids: tuple[int, ...], hand: bool, from_angle_deg: float | None
                       ) -> None:
        angle = None if from_angle_deg is None else math.radians(from_angle_deg)
        self._queue.append(_Trip(ids, angle) if hand else _Vanish(ids))

    # -- stepping ----------------------------------------------------------------------------

    def step(self) -> SimFrame:
        """Advance one frame and render it (or not, on a tray made with render=False)."""
        if self._renderer is None:
            return SimFrame(None, self.advance())
        truth, poses, hand = self._advance()
        t_s = (self.t_ns(truth.index) - START_NS) / 1e9
        rendered = self._renderer.render(t_s, truth.index, poses, hand)
        dice = tuple(
            with_top_face_cover(
                with_visibility(d, rendered.visible_px.get(d.die_id, 0),
                                rendered.unhidden_px.get(d.die_id, 0)),
                rendered.dice_ids,
            )
            for d in truth.dice
        )
        truth = FrameTruth(truth.index, truth.t_ns, truth.phase, truth.still, dice, truth.hand)
        self._note_rest(truth)
        return SimFrame(Frame(truth.t_ns, rendered.image), truth)

    def advance(self) -> FrameTruth:
        """Advance one frame without rendering (visibility then counts only the frame's edges)."""
        truth = self._advance()[0]
        self._note_rest(truth)
        return truth

    def frames(self) -> Iterator[Frame]:
        """Frames without end, as a camera gives them (the FrameSource interface): queued actions
        play out, then the tray lies still. `last_truth` is the truth of the latest frame."""
        while True:
            sim_frame = self.step()
            if sim_frame.frame is None:
                raise SimulatorError("a tray made with render=False has no frames to give")
            yield sim_frame.frame

    def idle_frames(self, count: int) -> Iterator[SimFrame]:
        """Render `count` frames of whatever the tray holds (an empty tray before play)."""
        for _ in range(count):
            yield self.step()

    def frames_until_still(self, max_seconds: float = 10.0) -> Iterator[SimFrame]:
        """Render frames until the tray has been still for STILL_FRAMES frames."""
        for _ in range(self._frame_budget(max_seconds)):
            sim_frame = self.step()
            yield sim_frame
            if self._still_run >= STILL_FRAMES:
                return
        raise SimulatorError(f"the tray did not come to rest within {max_seconds} s")

    def advance_until_still(self, max_seconds: float = 10.0) -> RestState:
        """Step the physics without rendering until the tray is at rest; return the rest."""
        for _ in range(self._frame_budget(max_seconds)):
            self.advance()
            if self._still_run >= STILL_FRAMES:
                return self.rests[-1]
        raise SimulatorError(f"the tray did not come to rest within {max_seconds} s")

    def _frame_budget(self, max_seconds: float) -> int:
        return max(1, math.ceil(max_seconds * self.fps)) + STILL_FRAMES

    def _note_rest(self, truth: FrameTruth) -> None:
        self.last_truth = truth
        self._still_run = self._still_run + 1 if truth.still else 0
        if self._still_run == STILL_FRAMES and self._pending_label:
            first = self.t_ns(truth.index - STILL_FRAMES + 1)
            rest = RestState.from_truth("; ".join(self._pending_label), truth)
            self.rests.append(RestState(rest.after, truth.index - STILL_FRAMES + 1, first,
                                        rest.dice))
            self._pending_label = []

    def _advance(self) -> tuple[FrameTruth, list[DiePose], HandPose | None]:
        dt = 1.0 / self.fps
        if self._trip is None and self._queue:
            self._start_next_action()
            # the picture changes here (dice placed or gone), even when nothing moves after: a
            # die let go at rest against the wall starts a still run of its own
            self._still_run = 0
        hand_pose = None
        if self._trip is not None:
            t0, t1 = self._trip_t, self._trip_t + dt
            for die_id in self._trip.grabs_between(t0, t1):
                self._world.park(die_id)
                self._in_play.remove(die_id)
                self._held.append(die_id)
            self._trip_t = t1
            if t1 >= self._trip.duration_s:
                self._trip = None
                self._held = []
            else:
                hand_pose = self._trip.pose(t1)
        self._world.step_frame()
        index = self._index
        self._index += 1
        states = {d: self._world.state(d) for d in self._in_play}
        moving = any(s.moving for s in states.values())
        busy = bool(self._queue) or (self._trip is not None and not self._hand_gone(hand_pose))
        still = not moving and not busy
        self._phase = "hand" if self._trip else ("moving" if moving else
                                                  ("waiting" if busy else "still"))
        poses = [self._pose_of(d, states[d]) for d in self._in_play]
        dice = [self._observer.die(d, states[d]) for d in self._in_play]
        if hand_pose is not None:
            dice += [self._observer.held(d, hand_pose.position) for d in self._held]
        hand_truth = self._observer.hand(hand_pose) if hand_pose is not None else None
        truth = FrameTruth(index, self.t_ns(index), self._phase, still, tuple(dice), hand_truth)
        return truth, poses, hand_pose

    def _hand_gone(self, hand_pose: HandPose | None) -> bool:
        """The hand has taken its dice and neither it nor its shadow is in the picture: the rest
        of its trip, away from the tray, changes nothing the camera sees."""
        if self._trip is None or hand_pose is None:
            return True
        if self._trip_t < self._trip.last_grab_s:
            return False
        return not self._observer.hand_in_sight(hand_pose, self._light)

    def _start_next_action(self) -> None:
        action = self._queue.popleft()
        if isinstance(action, _Vanish):
            for die_id in action.die_ids:
                self._world.park(die_id)
                self._in_play.remove(die_id)
        elif isinstance(action, _Trip):
            angle = self._angle(action.from_angle_rad)
            targets = []
            for die_id in action.die_ids:
                pos = self._world.state(die_id).position
                targets.append((die_id, (pos[0], pos[1])))
            self._trip = HandTrip.plan(targets, angle)
            self._trip_t = 0.0
        else:
            self._launch(action)

    def _angle(self, given: float | None) -> float:
        # the player sits on the near side (world -y, the bottom of the picture), give or take
        drawn = float(self._rng.uniform(-0.6, 0.6)) - math.pi / 2
        return drawn if given is None else given

    # -- throws with look-ahead --------------------------------------------------------------

    def _launch(self, throw: _Throw) -> None:
        kept = {d: self._world.state(d) for d in self._in_play}
        saved = self._world.save()
        try:
            for _ in range(throw.attempts):
                plan = plan_throw(self._rng, throw.die_ids, self.preset.tray,
                                  self._angle(throw.from_angle_rad), throw.speed, throw.style)
                self._apply(plan)
                outcome = self._look_ahead(throw.die_ids)
                self._world.restore(saved)
                if self._kept_in_place(kept, outcome) and throw.accept(outcome):
                    self._apply(plan)
                    self._in_play.extend(throw.die_ids)
                    self._queued.difference_update(throw.die_ids)
                    return
        finally:
            self._world.forget(saved)
        raise SimulatorError(
            f"no throw of dice {list(throw.die_ids)} met the wish in {throw.attempts} tries"
        )

    def _apply(self, plan: ThrowPlan) -> None:
        for die in plan.dice:
            self._world.place(die.die_id, die.position, die.orientation, die.linear, die.angular)

    def _look_ahead(self, thrown: tuple[int, ...]) -> Outcome:
        ids = (*self._in_play, *thrown)
        still_for = 0
        for _ in range(int(LOOKAHEAD_S * self.fps)):
            self._world.step_frame()
            states = {d: self._world.state(d) for d in ids}
            still_for = 0 if any(s.moving for s in states.values()) else still_for + 1
            if still_for >= STILL_FRAMES:
                break
        return Outcome({d: self._world.state(d) for d in ids}, thrown, self.preset, self.camera)

    @staticmethod
    def _kept_in_place(kept: dict[int, BodyState], outcome: Outcome) -> bool:
        for die_id, before in kept.items():
            after = outcome.states[die_id]
            if np.linalg.norm(np.subtract(after.position, before.position)) > KEPT_TOLERANCE_CM:
                return False
            if top_face(after.orientation).value != top_face(before.orientation).value:
                return False
        return True

    # -- truth -------------------------------------------------------------------------------

    def _pose_of(self, die_id: int, after: BodyState) -> DiePose:
        exposure = self.preset.sensor.motion_blur / self.fps
        now = np.array(after.position)
        earlier = now - np.array(after.linear) * exposure
        px = self.camera.project_canvas(np.stack([earlier, now]))
        blur = px[1] - px[0]
        return DiePose(die_id, after.position, after.orientation, (float(blur[0]), float(blur[1])))

    def close(self) -> None:
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None
        self._world.close()

    def __enter__(self) -> SimTray:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

