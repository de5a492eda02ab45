"""Flat dice and bare felt of simulated rest frames, read with the calibration of their scene.

The crops are in tests/data/sim-rests (see its README): specks of the felt's grain once refused
as a die, and flat dice once not read.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from tests.vision.drawing import DrawnDie, blank_tray, draw_die, tray_with
from tests.vision.saved_rests import read_saved
from vision.faces import Face
from vision.outline import on_bare_felt
from vision.pips import PipBlob, PipSearch, find_pip_blobs
from vision.planes import every_plane
from vision.profile import CalibrationProfile
from vision.reader import PIP_PER_SIDE, DiceReader, _window_for

DATA = Path(__file__).resolve().parents[1] / "data" / "sim-rests"


def read(name: str, die_size: float, polarity: str) -> tuple[np.ndarray, object]:
    image = cv2.imread(str(DATA / name), cv2.IMREAD_COLOR)
    profile = CalibrationProfile(die_size_px=die_size, pip_polarity=polarity, top_down=True)
    return image, DiceReader(profile).read(image)


def test_specks_of_the_felt_grain_are_no_refused_die() -> None:
    # light specks on bare purple felt, once grouped as the squashed pips of a 2 (`cocked`) and,
    # in a later frame, as a face with a mark in an empty cell (`occluded`)
    for name in ("random-5059-felt-13.png", "random-5059-felt-54.png"):
        _, reading = read(name, 31.3, "light")
        assert reading.dice == () and reading.unreadable == ()  # type: ignore[attr-defined]


def test_faint_specks_on_smooth_felt_are_no_refused_die() -> None:
    # two light specks standing out by the pip search's floor on smooth magenta felt, grouped as the
    # squashed pips of a 2 (`cocked`): the felt round them breaks on fewer than 4 rays, but runs on
    # past any die's edge on a quarter of them
    _, reading = read("random-11037-felt-smooth.png", 28.4, "light")
    assert reading.dice == () and reading.unreadable == ()  # type: ignore[attr-defined]
    # one dark speck of a mottled red felt, refused as a squashed pip
    image = cv2.imread(str(DATA / "ivory-red-felt-28022-felt-smooth.png"), cv2.IMREAD_COLOR)
    dark, _, colour = every_plane(image)
    blobs = find_pip_blobs(dark, PipSearch(block=_window_for(PIP_PER_SIDE * 30.0)))
    face = Face(None, (63.5, 64.2), 30.0, 0.0, "cocked", 1, 0.5)
    assert [round(b.contrast) for b in blobs if math.dist((b.x, b.y), face.center) < 3.0] == [29]
    assert on_bare_felt(face, dark, colour, blobs, 30.0)


def test_a_die_of_the_felt_s_colour_is_no_bare_felt() -> None:
    # an ivory 1 on white felt: of the felt's colour, but its face is bare round the centre
    image = cv2.imread(str(DATA / "white-felt-5006-0.png"), cv2.IMREAD_COLOR)
    dark, _, colour = every_plane(image)
    blobs = find_pip_blobs(dark, PipSearch(block=_window_for(PIP_PER_SIDE * 28.0)))
    face = Face(None, (64.3, 64.1), 28.0, 0.0, "cocked", 1, 0.5)
    assert not on_bare_felt(face, dark, colour, blobs, 28.0)


def test_a_black_1_as_bright_as_its_felt_is_read_by_its_tint() -> None:
    # a black die lit to the felt's brightness: its face ends on its tint, not on a step of light
    _, reading = read("random-5015-1-black.png", 24.9, "light")
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice] == [  # type: ignore[attr-defined]
        (1, 66, 65)
    ]


FELT, BODY, WHITE = (66, 51, 57), (60, 41, 68), (235, 235, 235)  # a purplish die on grey-green felt
DARK_PROFILE = CalibrationProfile(die_size_px=25.0, pip_polarity="light", top_down=True)


def test_a_1_outlined_by_tint_alone_is_read_only_centred_on_its_die() -> None:
    for turn in (0.0, 20.0):
        image = tray_with([DrawnDie(1, (300.0, 200.0), 25.0, turn, BODY, WHITE)], felt_bgr=FELT)
        assert [d.value for d in DiceReader(DARK_PROFILE).read(image).dice] == [1]
        # the same die with its one pip in a corner cell (a 4 whose other pips went unseen):
        # its edges end rays inside the die's square centred on the pip
        image = blank_tray(felt_bgr=FELT)
        draw_die(image, DrawnDie(1, (300.0, 200.0), 25.0, turn, BODY, BODY))
        c, s, off = math.cos(math.radians(turn)), math.sin(math.radians(turn)), 0.25 * 25.0
        cv2.circle(image, (round(300 + (c - s) * off), round(200 + (s + c) * off)), 2, WHITE, -1, cv2.LINE_AA)
        assert DiceReader(DARK_PROFILE).read(cv2.GaussianBlur(image, (3, 3), 0)).dice == ()
    # a light speck on the bare felt: no tint outlines a die round it
    image = blank_tray(felt_bgr=FELT)
    cv2.circle(image, (300, 200), 2, WHITE, -1, cv2.LINE_AA)
    assert DiceReader(DARK_PROFILE).read(cv2.GaussianBlur(image, (3, 3), 0)).dice == ()


def test_a_red_1_whose_sheen_fades_across_its_face_is_read() -> None:
    # a glossy red die 24 px wide, pink round its pip and red at its far side: the colour drifts
    # past the tolerance inside the face, but steps by it only at the edge
    _, reading = read("red-dice-6566-1-sheen.png", 24.0, "light")
    centre = [d.value for d in reading.dice if math.dist(d.center, (64.3, 64.0)) <= 4.0]  # type: ignore[attr-defined]
    assert centre == [1]
    assert sorted(d.value for d in reading.dice) == [1, 2]  # type: ignore[attr-defined]  # the 2 cut by the crop


def test_a_drift_of_colour_ends_no_ray_and_an_edge_does() -> None:
    from vision.facerays import step_ray_lengths
    from vision.ones import _ray_lengths

    colour = np.zeros((80, 80, 3), np.uint8)
    colour[:] = (30, 110, 30)  # green felt
    ramp = np.clip(200 - 8 * np.arange(28), 0, 255).astype(np.uint8)  # 8 levels a pixel
    flat = np.full((28, 28), 75), np.full((28, 28), 200)
    colour[26:54, 26:54] = np.stack([np.tile(ramp, (28, 1)), *flat], -1)  # a red face, blue fading
    cv2.circle(colour, (40, 40), 2, (255, 255, 255), -1)
    plane = cv2.bitwise_not(cv2.cvtColor(colour, cv2.COLOR_BGR2GRAY))
    pip = next(b for b in find_pip_blobs(plane, PipSearch(block=13)) if math.dist((b.x, b.y), (40, 40)) < 2)
    start = 0.5 * pip.major + max(3.0, 0.5 * pip.major)
    rightward = 0  # the ray along the drift of the blue channel
    assert _ray_lengths(plane, colour, pip, 56.0)[rightward] < 10.0
    assert 12.0 <= step_ray_lengths(plane, colour, pip, start, 56.0, 32)[rightward] <= 16.0


def test_part_of_a_face_is_placed_on_its_die_s_body_unless_the_felt_is_of_its_colour() -> None:
    from vision.layout import fit_layout
    from vision.outline import body_centre
    from vision.verdicts import OTHER_SIZE

    for felt, placed in ((FELT, True), ((225, 230, 232), False)):
        image = tray_with([DrawnDie(6, (300.0, 200.0), 30.0)], felt_bgr=felt)
        dark, _, colour = every_plane(image)
        blobs = find_pip_blobs(dark, PipSearch(block=_window_for(PIP_PER_SIDE * 30.0)))
        pips = [b for b in blobs if math.dist((b.x, b.y), (300.0, 200.0)) < 15.0]
        middle = (float(np.mean([b.x for b in pips])), float(np.mean([b.y for b in pips])))
        top = sorted(pips, key=lambda b: b.y)[:2]  # the top row of the 6: no face of its own
        points = np.array([(b.x, b.y) for b in top])
        part = Face(None, (float(points[:, 0].mean()), float(points[:, 1].mean())), 0.0, 0.0,
                    "not_pips", 2, 1.0, OTHER_SIZE, fit_layout(points))
        assert len(pips) == 6 and math.dist(part.center, middle) > 6.0
        centre = body_centre(part, colour, blobs, 30.0)
        if placed:
            assert centre is not None and math.dist(centre, middle) <= 0.1 * 30.0
        else:
            assert centre is None  # an ivory die on white felt: no outline to go by


def test_a_1_whose_pip_is_measured_off_its_face_s_centre_is_read() -> None:
    # a black 1 on dark olive felt, its white pip measured 1.5 px off its face's centre (glare on
    # a glossy pip): outlined by its tint alone, with a 5 farther down
    _, reading = read("random-6065-1-off-centre.png", 23.8, "light")
    found = sorted((d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice)  # type: ignore[attr-defined]
    assert found == [(1, 98, 94), (5, 157, 177)]


def test_the_die_s_square_may_sit_a_pixel_or_two_off_the_pip_and_no_more() -> None:
    from vision.ones import SQUARE_OUTLINE_RAYS
    from vision.squarefit import SQUARE_CENTRE_SHIFT, SQUARE_FACE_MISSES, square_fit

    def rays_to_square(side: float, dx: float, dy: float) -> np.ndarray:
        # distance from the pip to the edge of a square of `side` centred (dx, dy) off it
        angles = np.linspace(0.0, 2.0 * math.pi, 32, endpoint=False)
        ends = []
        for u, shift in ((np.cos(angles), dx), (np.sin(angles), dy)):
            safe = np.where(np.abs(u) < 1e-9, 1e-9, u)
            ends.append(np.where(np.abs(u) < 1e-9, np.inf, (np.sign(safe) * side / 2 + shift) / safe))
        return np.minimum(*ends)

    side = 24.0
    # the tint's end, blurred, seen 0.08 of a side inside the face's edge all round
    near = rays_to_square(0.84 * side, 0.0, SQUARE_CENTRE_SHIFT * side)
    on_edge, inside = square_fit(near, side)
    assert on_edge >= SQUARE_OUTLINE_RAYS and inside <= SQUARE_FACE_MISSES
    # a corner pip of a 4 whose other pips went unseen: its face's centre a quarter side off
    corner = rays_to_square(side, 0.25 * side, 0.25 * side)
    on_edge, inside = square_fit(corner, side)
    assert on_edge < SQUARE_OUTLINE_RAYS or inside > SQUARE_FACE_MISSES


def test_pips_cut_from_one_blob_with_face_between_them_are_no_1_nor_2_beside_a_pip() -> None:
    # a red 4 whose face, darker than the green felt in the light-pip plane, held two of its
    # pips in one blob: cut apart they measure 3 px against 6-7 px for the other two
    image = cv2.imread(str(DATA / "red-dice-6566-4-cut-frame.png"), cv2.IMREAD_COLOR)
    truth = [(1, (312.3, 279.0)), (2, (257.0, 242.6)), (4, (221.3, 216.3))]
    for die in DiceReader().read(image).dice:
        assert any(value == die.value and math.dist(centre, die.center) <= 12.0 for value, centre in truth)
    # the 2 of the same frame, both its pips cut from its face's blob and nothing beside them
    crop = cv2.imread(str(DATA / "red-dice-6566-2-cut.png"), cv2.IMREAD_COLOR)
    assert [d.value for d in DiceReader().read(crop).dice] == [2]


def test_only_pieces_of_one_blob_farther_apart_than_touching_pips_are_cut_far_apart() -> None:
    from vision.pips import PipBlob, cut_far_apart

    def piece(x: float, cut_from: int) -> PipBlob:
        return PipBlob(x, 50.0, 7.0, 3.0, 3.0, 0.0, 20.0, 120.0, 110.0, 0.95, cut_from)

    assert cut_far_apart(piece(50.0, 3), piece(59.5, 3))
    assert not cut_far_apart(piece(50.0, 3), piece(54.0, 3))  # pips run together by blur
    assert not cut_far_apart(piece(50.0, 3), piece(59.5, 4))  # two blobs
    assert not cut_far_apart(piece(50.0, -1), piece(59.5, -1))  # whole blobs


def test_a_2_whose_pips_sit_on_a_glossy_face_of_two_levels_is_not_read_as_a_1() -> None:
    # a black 2 on green felt (seeds from 8000): the sheen sets its two pips' rings 13 levels
    # apart, more than pips of one face are allowed, so one pip passed for a lone 1; a second pip
    # of its size and contrast within 0.65 of a side is on the same die, whatever the sheen

    reading = read_saved("dark-dice-8036-2-frame.png", "dark-dice-calibration.json")
    near = [d.value for d in reading.dice if math.dist(d.center, (277.0, 98.0)) < 12.0]
    assert near == [2]
    assert sorted(d.value for d in reading.dice) == [2, 3, 5]


def test_a_black_1_whose_dark_face_s_tint_is_noisy_is_read_by_its_tint() -> None:
    # a black die with a small white pip on purple felt (seeds from 9000): its face sums some
    # 120 levels over three channels, and a few levels of noise a channel move its tint by 0.1,
    # past the step a bright face's tint is held to; the felt's tint is 0.3 away
    _, reading = read("random-9025-1-black-noisy.png", 25.0, "light")
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in reading.dice] == [  # type: ignore[attr-defined]
        (1, 64, 62)
    ]


def _lone_pip_of_balanced_crop(
    name: str, die_size: float, at: tuple[float, float]
) -> tuple[np.ndarray, np.ndarray, list[PipBlob], PipBlob]:
    """The min-channel plane of a crop white-balanced as its whole frame, its round pip
    candidates for dice of `die_size`, and the one at `at`."""
    colour = cv2.imread(str(DATA / name), cv2.IMREAD_COLOR)
    plane = colour.min(axis=2)
    blobs = [b for b in find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * die_size)))
             if b.roundness >= 0.6]
    pip = next(b for b in blobs if math.dist((b.x, b.y), at) < 2.0)
    return plane, colour, blobs, pip


def test_a_1_whose_small_pip_measures_squashed_is_read_on_a_square_a_pixel_off_it() -> None:
    # an ivory 1, 23 px wide, on dark felt (seeds from 9000), cropped from its frame as
    # white-balanced whole: its pip 4 px wide measures 5.2 by 3.2 (0.62), round within a pixel
    # each side; its face's edges are the die's square all round once the square may sit a
    # pixel off the pip's measured centre (29 rays of 32 with none)
    from vision.ones import read_lone_pip

    plane, colour, blobs, pip = _lone_pip_of_balanced_crop("random-9073-1-balanced.png", 23.2, (31.5, 28.5))
    assert pip.roundness < 0.68
    face = read_lone_pip(plane, colour, pip, 23.2, 46.4, blobs, 23.2)
    assert face is not None and face.value == 1


def test_a_1_on_its_square_is_refused_with_a_pip_of_its_die_beside_it_whatever_the_sheen() -> None:
    from dataclasses import replace

    from vision.ones import read_on_square

    image = tray_with([DrawnDie(1, (300.0, 200.0), 25.0, 0.0, BODY, WHITE)], felt_bgr=FELT)
    _, grey, colour = every_plane(image)
    plane = cv2.bitwise_not(grey)
    blobs = find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 25.0)))
    pip = next(b for b in blobs if math.dist((b.x, b.y), (300.0, 200.0)) < 2.0)
    face = read_on_square(plane, colour, pip, blobs, 25.0)
    assert face is not None and face.value == 1
    # a pip of its size and contrast 0.5 of a side away, on face 40 levels brighter (a glossy
    # face's sheen): no lone pip of a 1
    partner = replace(pip, x=pip.x + 12.5, ring_level=pip.ring_level + 40.0,
                      centre_level=pip.centre_level + 40.0)
    assert read_on_square(plane, colour, pip, [*blobs, partner], 25.0) is None


def test_an_ivory_1_on_white_felt_is_read_by_the_seam_of_its_rounded_edge() -> None:
    # an ivory 1, 28 px wide, on white felt (seeds from 9000), cropped from its frame as
    # white-balanced whole: its edge steps neither in tint (0.05) nor in brightness past the
    # face's tolerance, but its rounded edge shades a seam 15 levels below the face
    from vision.ones import read_on_square

    plane, colour, blobs, pip = _lone_pip_of_balanced_crop(
        "white-felt-9054-1-balanced.png", 28.0, (32.5, 30.0)
    )
    face = read_on_square(plane, colour, pip, blobs, 28.0)
    assert face is not None and face.value == 1


def test_a_dark_die_shows_no_seam_to_end_rays_on() -> None:
    # a dark die's edge catches the light as a bright line, dark in the light-pip plane: it is
    # no seam of shade, and its outline is its whole body, not its top face
    from vision.facerays import seam_ray_lengths

    image = tray_with([DrawnDie(1, (300.0, 200.0), 25.0, 0.0, BODY, WHITE)], felt_bgr=FELT)
    _, grey, colour = every_plane(image)
    plane = cv2.bitwise_not(grey)
    pip = next(b for b in find_pip_blobs(plane, PipSearch(block=_window_for(PIP_PER_SIDE * 25.0)))
               if math.dist((b.x, b.y), (300.0, 200.0)) < 2.0)
    assert np.isinf(seam_ray_lengths(plane, colour, pip, 6.0, 50.0, 32)).all()
    # the same die, ivory with black pips: its edge on the felt ends every ray
    image = tray_with([DrawnDie(1, (300.0, 200.0), 25.0)], felt_bgr=FELT)
    dark, _, colour = every_plane(image)
    pip = next(b for b in find_pip_blobs(dark, PipSearch(block=_window_for(PIP_PER_SIDE * 25.0)))
               if math.dist((b.x, b.y), (300.0, 200.0)) < 2.0)
    assert np.isfinite(seam_ray_lengths(dark, colour, pip, 6.0, 50.0, 32)).all()


def test_pips_standing_out_past_the_felt_s_grain_are_on_a_die() -> None:
    # a leaning ivory 1 on white felt, its face of the felt's colour and ended by its lean within
    # the bare reach: its pips stand out by 110-135 grey levels, the felt's specks by about 30
    lean = Path(__file__).resolve().parents[1] / "data" / "lean"
    image = cv2.imread(str(lean / "leaning-two-faces-pair-ivory-one-frame.png"), cv2.IMREAD_COLOR)
    dark, _, colour = every_plane(image)
    blobs = find_pip_blobs(dark, PipSearch(block=_window_for(PIP_PER_SIDE * 28.0)))
    face = Face(None, (324.4, 74.3), 28.0, 0.0, "not_pips", 1, 0.5)
    assert not on_bare_felt(face, dark, colour, blobs, 28.0)
    # the same pips as faint as the grain's specks: the face is taken for the felt
    faint = [replace(b, centre_level=b.ring_level - 30.0) for b in blobs]
    assert on_bare_felt(face, dark, colour, faint, 28.0)


def test_specks_of_a_coarse_dark_felt_are_neither_a_1_nor_a_refused_die() -> None:
    # dark brown felt of a coarse grain: a speck by the wall's straight foot was read as a 1, and
    # two specks refused as a 2 with a mark in an empty cell (the felt's tint varies by 0.07)
    for name in ("random-18053-felt-by-wall.png", "random-18053-felt-grain.png"):
        _, reading = read(name, 23.7, "dark")
        assert reading.dice == () and reading.unreadable == ()  # type: ignore[attr-defined]


def test_a_square_edge_is_counted_only_where_rays_end_on_it_side_by_side() -> None:
    from vision.ones import EDGE_STEP, SQUARE_OUTLINE_RAYS
    from vision.squarefit import square_fit, unit_squares

    side = 24.0
    edge = side * unit_squares(32)[0, 12]  # the square unturned, centred on the pip
    # one side of the square (a straight edge, as a wall's foot) and a speck every other ray
    # at the square's distance elsewhere: as many rays end on it as on a die's outline, not in rows
    specks = np.where(np.arange(32) % 2 == 0, edge, np.inf)
    specks[4:13] = edge[4:13]
    assert square_fit(specks, side)[0] >= SQUARE_OUTLINE_RAYS
    assert square_fit(specks, side, EDGE_STEP)[0] < SQUARE_OUTLINE_RAYS
    # two whole sides of a die and half of a third: every ray on them counts
    outline = np.full(32, np.inf)
    outline[0:20] = edge[0:20]
    assert square_fit(outline, side, EDGE_STEP)[0] == 20


def test_a_round_shadow_wider_than_any_pip_is_no_pip() -> None:
    # a die's shadow 22 px wide, lighter in its middle, on grey-green felt: its outline and the
    # hole of its middle were two blobs of one centre, grouped and refused as a 2
    image = blank_tray(felt_bgr=(150, 160, 150))
    cv2.circle(image, (300, 200), 11, (60, 62, 60), -1, cv2.LINE_AA)
    cv2.circle(image, (300, 200), 8, (110, 112, 110), -1, cv2.LINE_AA)
    profile = CalibrationProfile(die_size_px=26.0, pip_polarity="dark", top_down=True)
    reading = DiceReader(profile).read(cv2.GaussianBlur(image, (3, 3), 0))
    assert reading.dice == () and reading.unreadable == ()


def test_a_dark_felt_s_tint_is_the_felt_s_within_its_noise() -> None:
    from vision.outline import _alike

    felt = np.array([37.0, 61.0, 98.0])  # dark brown: summing 196, a few levels move its tint
    assert _alike(np.array([50.0, 67.0, 105.0]), felt)  # 0.074 off in tint
    # on a bright felt the same step of tint is another colour
    assert not _alike(np.array([150.0, 201.0, 315.0]), np.array([111.0, 183.0, 294.0]))


def test_a_leaning_die_of_the_felt_s_colour_is_reported() -> None:
    # an ivory 4 leaning on the wall of white felt, refused by the lean checks: its face's own
    # edges, foreshortened, are no grain of the felt
    part = "white-felt-5006-leaning-4-part"
    reading = read_saved(f"{part}.png", f"{part}-calibration.json")
    assert reading.dice == ()
    refused = [(u.reason, round(u.center[0]), round(u.center[1])) for u in reading.unreadable]
    assert refused == [("cocked", 102, 55)]
