"""How far a die's body reaches past its top face: leaning dice against flat dice by the wall.

The crops and frames are simulated (tests/data/lean): each crop with the pips of its top face,
the direction away from the picture's centre and the die side; each frame with its preset and
the dice on it, read with the preset's calibration.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from calibration.simulated import profile_for_preset
from tests.vision.saved_rests import assert_read_as_recorded, read_saved
from vision.backdrop import backdrop_excess, backdrop_reaches, bare_top_colour, top_colour
from vision.body import BACKDROP_EXCESS, LEAN_EXCESS, body_reach, reach_past_sides
from vision.events import TrayAtRest
from vision.faces import Face
from vision.layout import LAYOUTS, fit_layout
from vision.profile import load_profile
from vision.reader import DiceReader
from vision.tracker import TrayTracker
from vision.verdicts import could_lean

DATA = Path(__file__).resolve().parents[1] / "data" / "lean"


def face_of(pips: list[list[float]], side: float) -> Face:
    fit = fit_layout(np.array(pips, dtype=float))
    assert fit is not None
    return Face(fit.value, fit.center, side, 0.9, None, len(pips), 0.95, "", fit)


def excess_of(name: str, against_backdrop: bool = False) -> float | None:
    record = json.loads((DATA / f"{name}.json").read_text())
    image = cv2.imread(str(DATA / f"{name}.png"))
    face = face_of(record["pips"], record["side"])
    assert face.value == record["value"]
    if against_backdrop:
        die_size = profile_for_preset(record["preset"]).die_size_px
        assert die_size is not None
        return backdrop_excess(face, image, tuple(record["outward"]), record["side"], die_size)
    return reach_past_sides(face, image, tuple(record["outward"]), record["side"])


@pytest.mark.parametrize("name", ["leaning-red-pips-5", "leaning-red-pips-5b"])
def test_a_leaning_die_shows_its_body_past_the_top_face(name: str) -> None:
    excess = excess_of(name)
    assert excess is not None and excess > LEAN_EXCESS


@pytest.mark.parametrize("name", ["flat-by-wall-red-pips-2", "flat-by-wall-white-felt-4"])
def test_a_flat_die_by_the_wall_ends_at_its_top_face(name: str) -> None:
    excess = excess_of(name)
    assert excess is None or excess < LEAN_EXCESS


@pytest.mark.parametrize(
    "name",
    ["leaning-red-pips-5", "leaning-red-pips-5b", "leaning-red-pips-6-shaded", "leaning-random-2-shaded"],
)
def test_a_leaning_die_shows_a_body_unlike_the_felt_and_wall_beside_it(name: str) -> None:
    excess = excess_of(name, against_backdrop=True)
    assert excess is not None and excess > BACKDROP_EXCESS


@pytest.mark.parametrize("name", ["leaning-glowing-pips-red-4", "leaning-glowing-pips-red-5"])
def test_the_top_face_colour_is_taken_clear_of_the_glow_of_its_pips(name: str) -> None:
    # red dice with white pips: the ring round the centre passes by the corner pips, whose glow
    # tinted the top face's colour so far that the top face itself did not pass for a side face
    record = json.loads((DATA / f"{name}.json").read_text())
    image = cv2.imread(str(DATA / f"{name}.png"))
    face = face_of(record["pips"], record["side"])
    ring, bare = top_colour(face, image, face.size), bare_top_colour(face, image, face.size)
    red_share = lambda c: float(c[2] / c.sum())  # noqa: E731
    assert red_share(bare) > red_share(ring)
    excess = excess_of(name, against_backdrop=True)
    assert excess is not None and excess > BACKDROP_EXCESS


@pytest.mark.parametrize("name", ["leaning-red-pips-6-shaded", "leaning-random-2-shaded"])
def test_a_shaded_second_face_is_not_of_the_top_face_colour(name: str) -> None:
    excess = excess_of(name)
    assert excess is None or excess < LEAN_EXCESS


@pytest.mark.parametrize(
    "name", ["flat-by-wall-red-pips-2", "flat-by-wall-white-felt-4", "flat-by-wall-random-3"]
)
def test_a_flat_die_by_the_wall_ends_where_the_backdrop_begins(name: str) -> None:
    excess = excess_of(name, against_backdrop=True)
    assert excess is None or excess < BACKDROP_EXCESS


def drawn_die(
    band: float, felt: tuple[int, int, int], shade: tuple[int, int, int] = (170, 175, 180)
) -> tuple[np.ndarray, Face]:
    """A 30-pixel 4 seen from above with `band` die sides of a shaded second face past its top."""
    side, centre = 30.0, (100.0, 100.0)
    image = np.full((200, 200, 3), felt, dtype=np.uint8)
    top = (int(centre[0] - side / 2), int(centre[1] - side / 2))
    if band:
        cv2.rectangle(image, (top[0], top[1] - int(band * side)), (top[0] + int(side), top[1]),
                      shade, -1)
    cv2.rectangle(image, top, (top[0] + int(side), top[1] + int(side)), (235, 240, 245), -1)
    step = side / 3.8
    pips = [(centre[0] + step * u, centre[1] + step * v) for u, v in LAYOUTS[4]]
    for x, y in pips:
        cv2.circle(image, (round(x), round(y)), 2, (20, 20, 20), -1)
    return image, face_of([list(p) for p in pips], side)


def test_a_drawn_second_face_past_the_top_is_measured() -> None:
    up = (0.0, -1.0)  # the picture's centre is below the die
    image, face = drawn_die(0.4, (40, 110, 30))
    reach = body_reach(face, image, up, face.size)
    assert reach is not None and math.isclose(reach, 0.9, abs_tol=0.05)
    excess = reach_past_sides(face, image, up, face.size)
    assert excess is not None and math.isclose(excess, 0.4, abs_tol=0.05)
    image, face = drawn_die(0.0, (40, 110, 30))
    excess = reach_past_sides(face, image, up, face.size)
    assert excess is not None and abs(excess) < 0.05


def test_a_drawn_second_face_of_another_tint_is_measured_against_the_backdrop() -> None:
    up = (0.0, -1.0)
    # a second face turned from a warm light: bluer and darker than the top, unlike the felt too
    image, face = drawn_die(0.4, (40, 110, 30), shade=(150, 125, 110))
    excess = reach_past_sides(face, image, up, face.size)
    assert excess is not None and abs(excess) < 0.05
    excess = backdrop_excess(face, image, up, face.size, face.size)
    assert excess is not None and math.isclose(excess, 0.4, abs_tol=0.05)
    # the same die flat, a shadow of the felt's tint past its outer edge
    image, face = drawn_die(0.4, (40, 110, 30), shade=(16, 44, 12))
    excess = backdrop_excess(face, image, up, face.size, face.size)
    assert excess is not None and abs(excess) < 0.05
    # ivory dice on white felt: the die ends nowhere against the felt
    image, face = drawn_die(0.4, (225, 232, 238))
    assert backdrop_excess(face, image, up, face.size, face.size) is None


def test_the_side_face_turned_to_the_middle_is_measured_past_the_inner_edge() -> None:
    # the shaded band drawn past the top face lies on the side of the picture's centre
    image, face = drawn_die(0.3, (40, 110, 30), shade=(150, 125, 110))
    reaches = backdrop_reaches(face, image, (0.0, 1.0), face.size, face.size)
    assert reaches is not None
    outer, inner = reaches
    assert abs(outer) < 0.05 and math.isclose(inner, 0.3, abs_tol=0.05)
    # away from the middle: the band is past the outer edge, nothing past the inner one
    reaches = backdrop_reaches(face, image, (0.0, -1.0), face.size, face.size)
    assert reaches is not None
    outer, inner = reaches
    assert math.isclose(outer, 0.3, abs_tol=0.05) and abs(inner) < 0.05


def test_felt_of_the_die_colour_tells_nothing() -> None:
    image, face = drawn_die(0.0, (235, 240, 245))
    assert body_reach(face, image, (0.0, -1.0), face.size) is None


def test_felt_nearly_of_the_die_colour_tells_nothing() -> None:
    # felt 0.063 off the die's tint (over the 0.05 of the run): a felt's pixels scatter round its
    # median, and the run goes on over those within 0.05 of the die
    image, face = drawn_die(0.0, (205, 235, 255))
    assert body_reach(face, image, (0.0, -1.0), face.size) is None


def test_felt_of_the_die_colour_on_the_tray_beside_it_tells_nothing() -> None:
    # a round tray's wall past the die's outer edge curves nearer on both flanks: level with the
    # band past that edge the flanks are mostly wall, yet the felt on the tray there is the die's colour
    image, face = drawn_die(0.0, (235, 240, 245))
    turn = np.linspace(0.0, 2.0 * math.pi, 48, endpoint=False)
    outline = np.stack([100.0 + 50.0 * np.cos(turn), 125.0 + 50.0 * np.sin(turn)], axis=1).astype(np.float32)
    tray = np.zeros(image.shape[:2], np.uint8)
    cv2.fillPoly(tray, [np.rint(outline).astype(np.int32)], 1)
    image[tray == 0] = (40, 60, 90)
    up = (0.0, -1.0)
    assert body_reach(face, image, up, face.size) is not None  # the flanks as a whole are wall
    assert body_reach(face, image, up, face.size, outline=outline) is None


@pytest.mark.parametrize(
    ("frame", "centre", "value"),
    [
        # a flat ivory 1 by the wall on beige felt 0.033 off its tint: its run went on over the
        # felt, and the flanks beside the die, level with the band, were mostly the wall
        ("random-30019-1-by-wall-part", (139.0, 55.0), 1),
        # a flat white 2 by the wall on lilac felt whose median is 0.051 off its tint
        ("random-20023-2-by-wall-part", (50.0, 40.0), 2),
    ],
)
def test_a_flat_die_by_the_wall_on_felt_nearly_of_its_colour_is_read(
    frame: str, centre: tuple[float, float], value: int
) -> None:
    reading = read_saved(f"{frame}.png", f"{frame}-calibration.json")
    assert [d.value for d in reading.dice if math.dist(d.center, centre) < 8.0] == [value]
    assert not [u for u in reading.unreadable if math.dist(u.center, centre) < 12.0]


@pytest.mark.parametrize(
    "name",
    [
        "leaning-red-pips",
        "flat-by-wall-white-felt",
        "flat-by-wall-red-pips",
        # a 1 whose fan of rays meets a pip of the second face on one ray (red dice, two scenes)
        "leaning-red-dice-one",
        "leaning-random-one-shaded",
        # a grey die on grey felt, a white die on pale felt: only the dashes of their second face
        # tell, by the wall (the white die's second face, lit from the wall's side, is dark)
        "leaning-grey-on-grey-one",
        "leaning-white-on-pale-felt-two",
        # a black 2 whose second face's pips (of a 6) run two to a blob, too long for a pip
        "leaning-dark-dice-two",
    ],
)
def test_the_reader_refuses_the_leaning_die_and_reads_the_flat_ones(name: str) -> None:
    assert_read_as_recorded(name, crop_to_tray=True)


@pytest.mark.parametrize(
    "name",
    [
        # flat white dice by the wall whose edge shade on the felt is dark against its row, but
        # of the felt's tint, not the die's
        "flat-by-wall-ivory-on-red-felt",
        "flat-by-wall-white-on-teal",
        # the dashes of these second faces are as long as they are thick, clear of the top edge
        "leaning-short-dashes-red-pips-four",
        "leaning-short-dashes-ivory-five",
        # a flat 5 two die sides from the middle, far from the wall and from the other dice,
        # with a speck of felt just past its far corner: nothing there to lean on
        "flat-away-from-wall-speck",
        # a white 6 in daylight whose second face, lit from the wall's side, keeps 0.31 of the
        # top face's level round its dashes; a white die beside it hides the body checks' felt
        "leaning-dim-second-face-white-six",
        # red dice leaning 26° and 36° on the wall: no side face past the edge turned to the
        # middle, and a band of the face turned up from the wall, narrower than the body checks
        # ask of it alone, past the outer edge
        "leaning-tipped-red-three",
        "leaning-tipped-red-two",
        # flat dice by the wall whose side face turned to the middle is in view: the shade past
        # their outer edge is no second face's dashes
        "flat-by-wall-inner-face-red-pips-four",
        "flat-by-wall-inner-face-one",
        "flat-by-wall-inner-face-red-five",
        # a white 3 leaning 36° on a die off to the side of the way out, far from the wall: the
        # dashes of its second face past the outer edge, clear of that die's own side faces
        "leaning-on-a-die-aside-white-three",
        # a white 5 leaning 38° under a tungsten bar on the wall's side: its turned-up face, lit
        # head-on, is twice as bright as its top face (frame kept round the die, black elsewhere)
        "leaning-bright-second-face-white-five",
        # a white 1 leaning 24°, tipped about as far as the lens sees it off the vertical: a pixel
        # of face past the inner edge, 0.11 of a side of band past the outer edge (frame kept
        # round the die, black elsewhere)
        "leaning-no-inner-face-white-one",
    ],
)
def test_the_whole_frame_read_refuses_the_leaning_die_and_reads_the_flat_ones(name: str) -> None:
    # as the tracker reads: the whole frame, the tray's outline kept for the wall
    assert_read_as_recorded(name, crop_to_tray=False)


def test_a_die_leaning_on_the_wall_over_a_flat_die_is_refused() -> None:
    # a white 5 leaning 30° on the wall over a flat 2, which shows past the 5's inner edge as wide
    # as the 5's own side face would; the dash of the 5's turned-up face past its outer edge still
    # tells (frame kept round the dice, black elsewhere). The 2, all but hidden, must not be read
    # as the 5 either: nothing is read there.
    record = json.loads((DATA / "leaning-over-a-flat-die-white-five-frame.json").read_text())
    image = cv2.imread(str(DATA / "leaning-over-a-flat-die-white-five-frame.png"))
    profile = load_profile(DATA / "leaning-over-a-flat-die-white-five-calibration.json")
    reading = DiceReader(profile, crop_to_tray=False).read(image)
    five, two, one = (next(d for d in record["dice"] if d["value"] == v) for v in (5, 2, 1))
    assert five["cocked"] and not two["cocked"] and not one["cocked"]
    assert not [d for d in reading.dice if math.dist(d.center, five["centre_px"]) < 20.0]
    refused = [u.reason for u in reading.unreadable if math.dist(u.center, five["centre_px"]) < 12.0]
    assert refused == ["cocked"]
    assert [d.value for d in reading.dice if math.dist(d.center, one["centre_px"]) < 12.0] == [1]


def test_the_tracker_refuses_the_leaning_die_read_on_the_whole_frame() -> None:
    record = json.loads((DATA / "leaning-red-pips-frame.json").read_text())
    image = cv2.imread(str(DATA / "leaning-red-pips-frame.jpg"))
    tracker = TrayTracker(load_profile(DATA / "leaning-red-pips-calibration.json"))
    rests = [
        e for k in range(20) for e in tracker.feed(k * 33_333_333, image) if isinstance(e, TrayAtRest)
    ]
    assert rests
    (leaning,) = [d for d in record["dice"] if d["cocked"]]
    near = [d for d in rests[0].dice if math.dist(d.center, leaning["centre_px"]) < 12.0]
    assert [(d.value, d.reason) for d in near] == [(None, "cocked")]


def test_the_second_face_of_a_leaning_die_is_no_second_refusal() -> None:
    # a red 1 leaning 39° shows the 2 of its second face, grouped and refused on its own
    name = "leaning-red-one-second-face-two"
    record = json.loads((DATA / f"{name}-frame.json").read_text())
    profile = load_profile(DATA / f"{name}-calibration.json")
    reading = DiceReader(profile, crop_to_tray=False).read(cv2.imread(str(DATA / f"{name}-frame.png")))
    (leaning,) = [d for d in record["dice"] if d["cocked"]]
    assert profile.die_size_px
    near = [u for u in reading.unreadable if math.dist(u.center, leaning["centre_px"]) < profile.die_size_px]
    assert [u.reason for u in near] == ["cocked"]


def test_a_die_far_from_the_wall_and_the_other_dice_has_nothing_to_lean_on() -> None:
    outline = np.array([[0, 0], [400, 0], [400, 400], [0, 400]], np.float32)
    alone = Face(5, (200.0, 200.0), 24.0, 0.9, None, 5, 1.0)
    assert not could_lean(alone, [alone], 26.0, outline)
    # a lone dot that is not reported is no die to lean on; a refused die is
    dot = Face(None, (220.0, 200.0), 24.0, 0.0, None, 1, 1.0)
    assert not could_lean(alone, [alone, dot], 26.0, outline)
    refused = Face(None, (230.0, 210.0), 24.0, 0.0, "not_pips", 4, 1.0)
    assert could_lean(alone, [alone, refused], 26.0, outline)
    by_wall = Face(5, (30.0, 200.0), 24.0, 0.9, None, 5, 1.0)
    assert could_lean(by_wall, [by_wall], 26.0, outline)
    assert could_lean(alone, [alone], 26.0, None)


def test_a_flat_die_lit_as_the_felt_and_of_nearly_its_tint_is_not_measured_against_it() -> None:
    # a frame of a random scene with all but its corner blacked out (tests/data/sim-rests): a flat
    # ivory 4 by the wall on pale felt, 1.15 times as bright and 0.057 to 0.066 off its tint; the run
    # past its outer edge went on over the felt (taken for a die where it passed for the top face) to
    # the wall, 0.23 of a side past the side runs, and the 4 was refused `cocked`
    reading = read_saved("random-26027-4-pale-felt-frame-corner.png", "random-26027-calibration.json")
    assert [d.value for d in reading.dice if math.dist(d.center, (80.0, 99.0)) < 8.0] == [4]
    assert reading.unreadable == ()
