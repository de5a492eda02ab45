"""The first still frame looked for again round the dice (vision/settle.py): a die rocking by a
third of a pixel a frame, which the tracker's 80-pixel difference image averages away, keeps the
run from starting; the noise of still frames does not."""

from __future__ import annotations

import cv2
import numpy as np

from vision.settle import first_still_round_dice, half_frame, rocks_at_end

FRAME_NS = 33_333_333
DIE = ((320.0, 200.0), 30.0)


def tray_frame(shift_px: float, turn_deg: float, noise: np.random.Generator) -> np.ndarray:
    """A white die 30 px wide with its shadow on grey felt, moved and turned by sub-pixel amounts,
    with the sensor's noise."""
    canvas = np.full((480, 640, 3), 110, np.float32)
    cv2.rectangle(canvas, (310, 190), (340, 220), (60, 60, 60), -1)  # shadow
    cv2.rectangle(canvas, (300, 180), (330, 210), (235, 235, 235), -1)
    turn = cv2.getRotationMatrix2D(DIE[0], turn_deg, 1.0)
    turn[1, 2] += shift_px
    moved = cv2.warpAffine(canvas, turn, (640, 480), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    moved += noise.normal(0.0, 4.0, moved.shape)
    return np.clip(moved, 0, 255).astype(np.uint8)


def run_of(poses: list[tuple[float, float]], seed: int = 1) -> list[tuple[int, np.ndarray]]:
    noise = np.random.default_rng(seed)
    return [(k * FRAME_NS, half_frame(tray_frame(s, a, noise))) for k, (s, a) in enumerate(poses)]


def test_a_die_still_rocking_keeps_the_run_from_starting() -> None:
    # rocking by 0.4 px and 1° a frame for two frames, then still for four
    poses = [(0.8, 2.0), (0.4, 1.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]
    run = run_of(poses)
    assert first_still_round_dice(run, 0, [DIE]) == 2 * FRAME_NS


def test_noise_alone_leaves_the_first_still_frame_where_it_was() -> None:
    run = run_of([(0.0, 0.0)] * 7, seed=2)
    assert first_still_round_dice(run, 0, [DIE]) == 0


def test_a_rocking_die_elsewhere_than_the_places_looked_at_tells_nothing() -> None:
    poses = [(0.8, 2.0), (0.4, 1.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]
    run = run_of(poses)
    assert first_still_round_dice(run, 0, [((100.0, 400.0), 30.0)]) == 0
    assert first_still_round_dice(run, 0, []) == 0


def test_the_first_still_frame_never_moves_earlier() -> None:
    poses = [(0.8, 2.0), (0.4, 1.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]
    run = run_of(poses)
    assert first_still_round_dice(run, 4 * FRAME_NS, [DIE]) == 4 * FRAME_NS


def test_a_die_rocking_in_the_last_frames_is_not_still_yet() -> None:
    # still for six frames, then rocking by 0.35 px and 1° in each of the last two
    poses = [(0.0, 0.0)] * 6 + [(0.35, 1.0), (0.7, 2.0)]
    assert rocks_at_end(run_of(poses), [DIE])


def test_noise_alone_is_no_rocking() -> None:
    assert not rocks_at_end(run_of([(0.0, 0.0)] * 9, seed=3), [DIE])


def test_rocking_before_the_last_frames_is_left_to_the_first_still_frame() -> None:
    # the die stopped four frames before the end: the run's end is still, and where it began is
    # found by comparing each frame with the settled one
    poses = [(0.35, 1.0), (0.7, 2.0)] + [(0.7, 2.0)] * 5
    run = run_of(poses)
    assert not rocks_at_end(run, [DIE])
    assert first_still_round_dice(run, 0, [DIE]) == FRAME_NS


def test_rocking_is_looked_for_round_the_dice_only() -> None:
    poses = [(0.0, 0.0)] * 6 + [(0.35, 1.0), (0.7, 2.0)]
    run = run_of(poses)
    assert not rocks_at_end(run, [((100.0, 400.0), 30.0)])
    assert not rocks_at_end(run, [])


def flickering_frame(phase: int, noise: np.random.Generator) -> np.ndarray:
    """A cream die exposed past the sensor's top on teal felt, under a lamp whose 100 Hz flicker,
    read by a rolling shutter at 30 fps, darkens the picture by a wave that comes back every third
    frame (the die spans too few rows for the wave to change along it); the sensor clips at 255
    after the flicker, as a camera does. Round the die, two frames of the three have the same
    gain: the quietest pair of frames shows noise alone."""
    canvas = np.full((480, 640, 3), (136, 136, 38), np.float32)
    cv2.rectangle(canvas, (305, 185), (335, 215), (265, 290, 300), -1)
    wave = 0.5 + 0.5 * np.sin(2 * np.pi * (phase / 3 + 1 / 12))
    canvas *= 1.0 - 0.1 * wave
    canvas += noise.normal(0.0, 3.0, canvas.shape)
    return np.clip(canvas, 0, 255).astype(np.uint8)


def test_a_still_white_face_clipped_under_flicker_is_no_rocking() -> None:
    # the face stays white at the sensor's top while the felt round it follows the flicker: the
    # row's gain taken out of the felt would be wrongly put into the face
    noise = np.random.default_rng(4)
    run = [(k * FRAME_NS, half_frame(flickering_frame(k, noise))) for k in range(9)]
    assert not rocks_at_end(run, [DIE])
    assert first_still_round_dice(run, 0, [DIE]) == 0


def test_a_clipped_face_rocking_under_flicker_still_rocks() -> None:
    noise = np.random.default_rng(5)
    run = [(k * FRAME_NS, half_frame(flickering_frame(k, noise))) for k in range(9)]
    # the last frame shows the die moved by a pixel and a half
    moved = cv2.warpAffine(flickering_frame(8, noise), np.float32([[1, 0, 1.5], [0, 1, 0]]),
                           (640, 480), borderMode=cv2.BORDER_REPLICATE)
    run[-1] = (8 * FRAME_NS, half_frame(moved))
    assert rocks_at_end(run, [DIE])
