"""TrayTracker on drawn frames: exact timelines, a hand that stops in the tray, lamp flicker."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.drawing import DrawnDie, blank_tray, colour_cast, draw_die, tray_with
from vision.errors import VisionError
from vision.events import TrayAtRest, TrayEvent, TrayMotion
from vision.tracker import TrackerSettings, TrayTracker

FRAME_NS = 33_333_333
EMPTY = tray_with([], seed=1)


def run(tracker: TrayTracker, frames: list[np.ndarray], start: int = 0) -> list[tuple[int, TrayEvent]]:
    """Feed the frames at 30 fps; return (frame index, event) pairs."""
    found = []
    for k, image in enumerate(frames):
        for event in tracker.feed((start + k) * FRAME_NS, image):
            found.append((start + k, event))
    return found


def with_noise(image: np.ndarray, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.clip(image + rng.normal(0, 2.0, image.shape), 0, 255).astype(np.uint8)


def test_throw_gives_motion_then_rest_stamped_on_the_first_still_frame() -> None:
    tracker = TrayTracker()
    dice = [DrawnDie(3, (200, 200)), DrawnDie(6, (420, 260), angle_deg=20)]
    landing = [tray_with([DrawnDie(3, (100 + 20 * k, 200))], seed=k) for k in range(5)]
    still = [with_noise(tray_with(dice, seed=9), k) for k in range(10)]
    events = run(tracker, [EMPTY] * 3 + landing + still, start=0)
    # until its first rest the tracker counts the tray as moving: no motion event is due
    ((last_frame, rest),) = events
    assert isinstance(rest, TrayAtRest)
    first_still = 3 + len(landing)
    assert rest.t_ns == first_still * FRAME_NS
    assert last_frame - first_still >= round(TrackerSettings().settle_ns / FRAME_NS)
    assert sorted((d.value, d.reason) for d in rest.dice) == [(3, None), (6, None)]
    assert rest.off_tray == 0


def test_a_hand_held_still_in_the_tray_never_makes_a_rest() -> None:
    dice = [DrawnDie(2, (200, 200)), DrawnDie(5, (420, 260))]
    settled = tray_with(dice, seed=3)
    hand = settled.copy()
    cv2.ellipse(hand, (330, 300), (150, 90), 20, 0, 360, (120, 150, 210), -1)  # an arm and palm
    tracker = TrayTracker()
    events = run(tracker, [EMPTY, EMPTY, settled] + [settled] * 8 + [hand] * 20)
    rests = [e for _, e in events if isinstance(e, TrayAtRest)]
    assert len(rests) == 1  # the dice, before the hand came
    motions = [k for k, e in events if isinstance(e, TrayMotion)]
    assert motions and motions[-1] == 11  # the hand's first frame
    later = run(tracker, [settled] * 10, start=31)
    (rest,) = [e for _, e in later if isinstance(e, TrayAtRest)]
    assert rest.t_ns == 31 * FRAME_NS
    assert rest.dice == rests[0].dice  # nothing moved: same ids, same readings


def lamp_lit(dice: list[DrawnDie], seed: int) -> np.ndarray:
    """A tray under a lamp to one side: each die casts a soft shadow on the felt beside it."""
    image = blank_tray(seed=seed)
    shade = np.zeros(image.shape[:2], np.float32)
    for die in dice:
        tip = (round(die.center[0] + 0.35 * die.size), round(die.center[1] + 0.35 * die.size))
        cv2.circle(shade, tip, round(0.75 * die.size), 1.0, -1)
    shade = cv2.GaussianBlur(shade, (0, 0), 6)
    image = (image * (1.0 - 0.6 * shade[..., None])).astype(np.uint8)
    for die in dice:
        draw_die(image, die)
    return cv2.GaussianBlur(image, (3, 3), 0)


def test_dice_lifted_together_leave_an_empty_tray_at_rest_not_an_occluder() -> None:
    # three dice touching in a row: with their shadows they change more of the tray than six
    # dice's worth when they leave, yet what changed is only where they lay
    row = [DrawnDie(v, (240 + 40 * k, 220)) for k, v in enumerate((2, 4, 6))]
    hand = lamp_lit(row, seed=8)
    cv2.ellipse(hand, (280, 260), (150, 90), 20, 0, 360, (120, 150, 210), -1)  # over the dice
    lifted = [with_noise(lamp_lit([DrawnDie(v, (240 + 40 * k, 220 - 30 * j)) for k, v
                                   in enumerate((2, 4, 6))], seed=8), j) for j in range(1, 4)]
    thrown = [DrawnDie(5, (150, 330), angle_deg=15), DrawnDie(1, (330, 160)),
              DrawnDie(3, (500, 300), angle_deg=40)]
    landing = [with_noise(lamp_lit([DrawnDie(5, (100 + 10 * k, 330))], seed=8), k) for k in range(4)]
    frames = (
        [with_noise(lamp_lit(row, seed=8), k) for k in range(10)]  # 0-9: the row at rest
        + [with_noise(hand, k) for k in range(20)]  # 10-29: a hand held still over the row
        + lifted  # 30-32: the three go up together
        + [with_noise(lamp_lit([], seed=8), k) for k in range(10)]  # 33-42: the empty tray
        + landing  # 43-46: a new throw
        + [with_noise(lamp_lit(thrown, seed=8), k) for k in range(10)]  # 47-56: at rest
    )
    tracker = TrayTracker()
    events = run(tracker, frames)
    rests = [(k, e) for k, e in events if isinstance(e, TrayAtRest)]
    assert len(rests) == 3, rests
    (_, first), (_, empty), (_, again) = rests
    assert sorted(d.value for d in first.dice) == [2, 4, 6]
    assert empty.t_ns == 33 * FRAME_NS
    assert empty.dice == ()
    assert again.t_ns == 47 * FRAME_NS
    assert sorted(d.value for d in again.dice) == [1, 3, 5]
    assert not {d.die_id for d in again.dice} & {d.die_id for d in first.dice}
    motions = [k for k, e in events if isinstance(e, TrayMotion)]
    assert motions[0] == 10  # the hand came, and while it stayed no rest was made
    assert not any(10 <= k < 33 for k, _ in rests)


def test_a_moved_die_gets_a_new_id_and_the_others_keep_theirs() -> None:
    first = [DrawnDie(2, (200, 200)), DrawnDie(5, (420, 260))]
    second = [DrawnDie(2, (200, 200)), DrawnDie(5, (480, 330), angle_deg=30)]
    tracker = TrayTracker()
    events = run(tracker, [tray_with(first, seed=4)] * 8 + [tray_with(second, seed=4)] * 8)
    one, two = [e for _, e in events if isinstance(e, TrayAtRest)]
    by_value_one = {d.value: d.die_id for d in one.dice}
    by_value_two = {d.value: d.die_id for d in two.dice}
    assert by_value_two[2] == by_value_one[2]
    assert by_value_two[5] != by_value_one[5]
    assert by_value_two[5] not in by_value_one.values()


def test_lamp_flicker_is_not_motion() -> None:
    settled = tray_with([DrawnDie(4, (300, 240))], seed=5).astype(np.float64)
    rows = np.arange(settled.shape[0])[:, None, None]
    frames = [
        np.clip(settled * (1.0 + 0.08 * np.sin(rows / 40.0 + 1.3 * k)), 0, 255).astype(np.uint8)
        for k in range(20)
    ]
    events = run(TrayTracker(), frames)
    assert [type(e) for _, e in events] == [TrayAtRest]


def test_settle_time_is_a_setting() -> None:
    settled = tray_with([DrawnDie(1, (300, 240))], seed=6)
    slow = TrayTracker(settings=TrackerSettings(settle_ns=500_000_000))
    events = run(slow, [settled] * 20)
    ((frame, rest),) = events
    assert isinstance(rest, TrayAtRest)
    assert rest.t_ns == 0
    assert frame == -(-500_000_000 // FRAME_NS)  # the first frame 0.5 s after the first


def test_dice_beside_the_tray_are_counted_off_tray() -> None:
    from vision.profile import CalibrationProfile

    profile = CalibrationProfile(tray_polygon=((50.0, 50.0), (450.0, 50.0), (450.0, 430.0), (50.0, 430.0)))
    inside, outside = DrawnDie(3, (200, 200)), DrawnDie(6, (560, 240))
    tracker = TrayTracker(profile)
    events = run(tracker, [tray_with([inside], seed=7)] * 8 + [tray_with([inside, outside], seed=7)] * 8)
    one, two = [e for _, e in events if isinstance(e, TrayAtRest)]
    assert two.off_tray == 1
    assert two.dice == one.dice


def test_frames_must_come_in_time_order() -> None:
    tracker = TrayTracker()
    tracker.feed(10, EMPTY)
    with pytest.raises(VisionError):
        tracker.feed(10, EMPTY)


def test_the_dice_are_read_only_when_the_tray_settles(monkeypatch: pytest.MonkeyPatch) -> None:
    tracker = TrayTracker()
    reads = []
    original = tracker._reader.read
    monkeypatch.setattr(tracker._reader, "read", lambda image: reads.append(1) or original(image))
    moving = [tray_with([DrawnDie(3, (100 + 15 * k, 200))], seed=k) for k in range(15)]
    run(tracker, moving)
    assert reads == []
    run(tracker, [moving[-1]] * 8, start=15)
    assert reads == [1]


def test_a_last_trace_of_motion_below_the_threshold_does_not_delay_the_rest() -> None:
    # the first still frame still shows a sliver of a shadow leaving the picture's corner: one
    # changed pixel of the small image, below the two that make motion. A second lone pixel
    # elsewhere later (noise) brings the change since that frame to two; the scene is still
    # since the frame after the sliver, and the rest is stamped there, not at the later pixel
    dice = [DrawnDie(2, (200, 200)), DrawnDie(5, (420, 260))]
    scene = tray_with(dice, seed=3)
    sliver = scene.copy()
    sliver[472:480, 632:640] = 0  # one small-image pixel at the bottom right corner
    speck = scene.copy()
    speck[0:8, 0:8] = 0  # one small-image pixel at the top left
    shadow = scene.copy()
    cv2.rectangle(shadow, (560, 400), (640, 480), (0, 0, 0), -1)
    tracker = TrayTracker()
    frames = [scene] * 8 + [shadow] * 2 + [sliver] + [scene] * 3 + [speck] * 10
    events = run(tracker, frames)
    rests = [e for _, e in events if isinstance(e, TrayAtRest)]
    assert len(rests) == 2
    assert rests[1].t_ns == 11 * FRAME_NS  # the first frame without the sliver
    motions = [k for k, e in events if isinstance(e, TrayMotion)]
    assert motions == [8]  # the shadow, and nothing after it


def test_a_slow_creep_below_the_threshold_never_settles() -> None:
    # a patch lit a little more each frame (a shadow creeping off it): no two frames differ,
    # but the change since the first still frame keeps growing, so the tray does not rest
    # until the patch stops changing
    scene = tray_with([DrawnDie(4, (300, 240))], seed=5)

    def shaded(k: int) -> np.ndarray:
        image = scene.astype(np.int16)
        image[300:380, 80:200] += 4 * k
        return np.clip(image, 0, 255).astype(np.uint8)

    tracker = TrayTracker()
    events = run(tracker, [shaded(k) for k in range(30)] + [shaded(30)] * 10)
    rests = [k for k, e in events if isinstance(e, TrayAtRest)]
    assert rests and min(rests) >= 30
    (rest,) = [e for _, e in events if isinstance(e, TrayAtRest)]
    # the creep's end is known only to within the steps that stay below the threshold
    assert rest.t_ns >= 26 * FRAME_NS


def test_a_die_last_creep_in_steps_below_the_threshold_is_not_still(monkeypatch: pytest.MonkeyPatch) -> None:
    # a die's last few frames of motion (it rocks onto its face) change the small image by
    # 7 grey levels a frame, below the 10 that make motion; against the settled frame the
    # first of them differs by 14: the rest is stamped where the die stopped, not before
    scene = tray_with([DrawnDie(4, (300, 240))], seed=5)

    def rocked(k: int) -> np.ndarray:
        image = scene.astype(np.int16)
        image[224:264, 280:320] += 7 * k
        return np.clip(image, 0, 255).astype(np.uint8)

    landing = [tray_with([DrawnDie(4, (200 + 30 * k, 240))], seed=k) for k in range(3)]
    frames = [EMPTY] * 2 + landing + [rocked(0), rocked(1)] + [rocked(2)] * 10
    (rest,) = [e for _, e in run(TrayTracker(), frames) if isinstance(e, TrayAtRest)]
    assert rest.t_ns == 7 * FRAME_NS
    # judged by the motion threshold alone (no look-back, at either size), the stamp is early
    monkeypatch.setattr("vision.tracker.first_still_round_dice", lambda run, first, places: first)
    (early,) = [
        e for _, e in run(TrayTracker(settings=TrackerSettings(settled_level=255.0)), frames)
        if isinstance(e, TrayAtRest)
    ]
    assert early.t_ns < 7 * FRAME_NS


def test_noise_past_the_settled_level_does_not_delay_the_stamp() -> None:
    # a glint on the felt that comes and goes every other frame, 12 grey levels of the small
    # image on three of its pixels: below the motion threshold, past the settled level; the
    # still frames differ by it too, so it is the scene's noise and the stamp stays put
    scene = tray_with([DrawnDie(4, (300, 240))], seed=5)
    glint = scene.astype(np.int16)
    glint[96:104, 96:120] += 12
    glinting = np.clip(glint, 0, 255).astype(np.uint8)
    landing = [tray_with([DrawnDie(4, (200 + 30 * k, 240))], seed=k) for k in range(3)]
    frames = [EMPTY] * 2 + landing + [scene, glinting] * 6
    (rest,) = [e for _, e in run(TrayTracker(), frames) if isinstance(e, TrayAtRest)]
    assert rest.t_ns == 5 * FRAME_NS


def test_dice_come_to_rest_together_in_a_row_are_no_occluder() -> None:
    # three dice that roll on from a rest on the way and stop touching in a row: with their
    # shadows they change more of the tray than six dice's worth since that rest, but the dice
    # read there explain the change (a hand reaches far past the dice under it)
    paused = [DrawnDie(v, (420 + 60 * k, 120 + 50 * k)) for k, v in enumerate((2, 4, 6))]
    row = [DrawnDie(v, (240 + 40 * k, 300)) for k, v in enumerate((2, 4, 6))]
    rolling = [with_noise(lamp_lit([DrawnDie(v, (400 - 40 * j + 40 * k, 200 + 25 * j)) for k, v
                                    in enumerate((2, 4, 6))], seed=8), j) for j in range(4)]
    frames = (
        [with_noise(lamp_lit(paused, seed=8), k) for k in range(10)]  # 0-9: at rest on the way
        + rolling  # 10-13: they roll on
        + [with_noise(lamp_lit(row, seed=8), k) for k in range(10)]  # 14-23: at rest, touching
    )
    events = run(TrayTracker(), frames)
    rests = [e for _, e in events if isinstance(e, TrayAtRest)]
    assert len(rests) == 2, rests
    assert rests[1].t_ns == 14 * FRAME_NS
    assert sorted(d.value for d in rests[1].dice) == [2, 4, 6]


def test_a_die_let_go_in_place_that_changes_one_small_pixel_on_the_tray_is_motion() -> None:
    # a die let go leaning on the wall, of nearly the felt's shade, at rest from its first frame:
    # one small-image pixel changes, by far more than noise. On the tray it is motion and a new
    # rest; off the tray (a shadow's last sliver leaving the picture) it is not
    from vision.profile import CalibrationProfile

    profile = CalibrationProfile(tray_polygon=((50.0, 50.0), (450.0, 50.0), (450.0, 430.0), (50.0, 430.0)))
    scene = tray_with([DrawnDie(2, (200, 200))], seed=4)
    placed = scene.copy()
    placed[96:104, 296:304] = np.clip(placed[96:104, 296:304].astype(int) + 60, 0, 255)  # on the tray
    beyond = scene.copy()
    beyond[96:104, 496:504] = np.clip(beyond[96:104, 496:504].astype(int) + 60, 0, 255)  # off it
    for changed, moves in ((placed, True), (beyond, False)):
        tracker = TrayTracker(profile)
        assert tracker._changed(tracker._shrink(changed), tracker._shrink(scene)) is moves
        events = run(tracker, [scene] * 8 + [changed] * 8)
        rests = [k for k, e in events if isinstance(e, TrayAtRest)]
        assert len(rests) == (2 if moves else 1)
        if moves:
            assert [k for k, e in events if isinstance(e, TrayMotion)] == [8]
            assert events[-1][1].t_ns == 8 * FRAME_NS  # the die's first frame: still from there
    # without the tray's outline, no lone pixel is motion (the picture's edge may be anywhere)
    bare = TrayTracker()
    assert not bare._changed(bare._shrink(placed), bare._shrink(scene))


def test_a_die_of_the_felts_grey_but_not_its_colour_is_motion() -> None:
    # a red die on purple felt is of nearly the felt's grey: only the colour channels see it
    # come (a red die let go by the far wall went unannounced when only the grey was compared)
    felt = (90, 30, 70)  # BGR, grey 49
    body = (30, 20, 110)  # BGR, grey 48
    scene = tray_with([DrawnDie(2, (200, 200))], seed=5, felt_bgr=felt)
    placed = scene.copy()
    draw_die(placed, DrawnDie(1, (400, 300), body_bgr=body, pip_bgr=body))  # its top face unseen
    placed = cv2.GaussianBlur(placed, (3, 3), 0)
    tracker = TrayTracker()
    grey = [cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) for image in (placed, scene)]
    assert not tracker._changed(*(tracker._shrink(image) for image in grey))
    assert tracker._changed(tracker._shrink(placed), tracker._shrink(scene))
    still = [with_noise(scene, k) for k in range(8)] + [with_noise(placed, 20 + k) for k in range(8)]
    events = run(tracker, still)
    assert [k for k, e in events if isinstance(e, TrayMotion)] == [8]
    rests = [e for _, e in events if isinstance(e, TrayAtRest)]
    assert len(rests) == 2 and rests[-1].t_ns == 8 * FRAME_NS


def test_a_white_balance_step_is_not_motion() -> None:
    # the camera's white balance scales each colour plane over the whole frame: no die moved
    scene = tray_with([DrawnDie(2, (200, 200)), DrawnDie(5, (420, 260))], seed=6)
    warmer = colour_cast(scene, (0.8, 1.0, 1.2))
    tracker = TrayTracker()
    assert not tracker._changed(tracker._shrink(warmer), tracker._shrink(scene))
    assert tracker._changed(tracker._shrink(warmer), tracker._shrink(tray_with([], seed=6)))


def rocked_about(
    scene: np.ndarray, centre: tuple[float, float], shift_px: float, turn_deg: float
) -> np.ndarray:
    """The scene with the 60-pixel square round `centre` (a die, its shadow and some felt) turned
    and moved down by sub-pixel amounts: a die rocking where it lies."""
    x, y = round(centre[0]), round(centre[1])
    out = scene.copy()
    patch = scene[y - 30:y + 30, x - 30:x + 30]
    turn = cv2.getRotationMatrix2D((30.0, 30.0), turn_deg, 1.0)
    turn[1, 2] += shift_px
    out[y - 30:y + 30, x - 30:x + 30] = cv2.warpAffine(
        patch, turn, (60, 60), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    return out


def test_a_die_rocking_below_the_motion_threshold_holds_the_rest_back() -> None:
    # a die let go leaning on the wall rocks on by under a pixel a frame after it lands: the small
    # image stays still, so by it alone the tray rests 150 ms after the landing, stamped there.
    # Round the die at half size the rocking shows: the rest waits until the die has been still
    # the settle time, and is stamped on the frame it stopped in
    scene = with_noise(tray_with([DrawnDie(4, (300, 240))], seed=5), 7)
    landing = [tray_with([DrawnDie(4, (200 + 30 * k, 240))], seed=k) for k in range(3)]
    still = [with_noise(scene, 10 + k) for k in range(4)]
    rocking = [with_noise(rocked_about(scene, (300, 240), 0.2 * k, 0.5 * k), 20 + k) for k in (1, 2)]
    settled = [with_noise(rocked_about(scene, (300, 240), 0.4, 1.0), 30 + k) for k in range(10)]
    frames = [EMPTY] * 2 + landing + still + rocking + settled
    events = run(TrayTracker(), frames)
    assert not [k for k, e in events if isinstance(e, TrayMotion)]  # the rocking is no motion
    ((at, rest),) = [(k, e) for k, e in events if isinstance(e, TrayAtRest)]
    assert rest.t_ns == 10 * FRAME_NS  # the first frame of the settled pose
    assert at >= 15  # and announced once the die has been still the settle time since
