"""A die by the wall whose side face turned to the point below the lens ends short of the parallax of
its height (`innerwidth.inner_face_short`).

A flat die shows that face r/f of a side wide past its top face's inner edge; a die tipped towards the
middle by part of the view angle shows it foreshortened, and the felt begins short of r/f. A white die
on pale felt gives the colour checks nothing to tell: its top face passes for the felt.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from tests.vision.saved_rests import placed, read_part
from vision.faces import Face
from vision.innerwidth import inner_face_extent, inner_face_short

DIE = 28.0
NADIR = (100.0, 300.0)
FOCAL = 500.0  # the die 200 px from the nadir: a side face 0.4 of a side (11.2 px) wide
BY_WALL = np.array([[0, 90], [200, 90], [200, 400], [0, 400]], np.float32)
AWAY = np.array([[0, 0], [200, 0], [200, 400], [0, 400]], np.float32)
FELT = 205


def white_one(band_px: int, band_level: int, dash: bool = False) -> tuple[Face, np.ndarray, np.ndarray]:
    """A white 1 of a red pip on pale grey felt, its top face centred at (100, 100), and past its
    inner edge (towards the nadir, below) a band `band_px` wide at `band_level`; with `dash`, the
    dash of a pip 6 px past that edge: the face, its dark-pip plane (the channels' minimum) and the
    picture."""
    image = np.full((400, 200, 3), FELT, np.uint8)
    cv2.rectangle(image, (86, 86), (113, 113), (235, 235, 235), -1)
    if band_px:
        cv2.rectangle(image, (86, 114), (113, 113 + band_px), (band_level,) * 3, -1)
    if dash:
        cv2.rectangle(image, (96, 120), (103, 122), (110, 110, 170), -1)
    cv2.circle(image, (100, 100), 4, (40, 40, 200), -1)
    image = cv2.GaussianBlur(image, (3, 3), 0)
    return Face(1, (100.0, 100.0), DIE, 0.9, None, 1, 0.95), image.min(axis=2), image


@pytest.mark.parametrize(
    ("band_px", "band_level", "dash", "short"),
    [
        (11, 150, False, False),  # a flat die's shaded side face, the whole parallax wide
        (5, 150, False, True),  # tipped: the felt begins at 0.45 of r/f
        (11, FELT, True, False),  # a side face lit as the felt: its pip's dash shows it
        (5, 150, True, False),  # a dash past the band's end is a pip of a face there
    ],
)
def test_the_felt_beginning_short_of_the_parallax_with_no_dash_on_it(
    band_px: int, band_level: int, dash: bool, short: bool
) -> None:
    face, dark, image = white_one(band_px, band_level, dash)
    assert inner_face_short(face, dark, image, NADIR, FOCAL, DIE, BY_WALL, []) is short


def test_only_by_the_wall_on_a_band_wide_enough_to_tell() -> None:
    face, dark, image = white_one(5, 150)
    assert not inner_face_short(face, dark, image, NADIR, FOCAL, DIE, AWAY, [])  # nothing to lean on
    # the nadir 100 px away: a side face 0.2 of a side, 5.6 px, too narrow to find its end to a pixel
    assert inner_face_extent(face, dark, image, (100.0, 200.0), FOCAL, DIE, []) is None


def test_the_felt_beside_the_die_is_read_clear_of_other_dice() -> None:
    # a die beside it on both flanks: no felt to compare the band with, nothing concluded
    face, dark, image = white_one(5, 150)
    others = [(66.0, 125.0), (134.0, 125.0)]
    extent = inner_face_extent(face, dark, image, NADIR, FOCAL, DIE, others)
    assert extent is not None and extent[0] > 0.95


@pytest.mark.parametrize(
    ("name", "dice", "refused"),
    [
        # a white 3 of red pips leaning on the far wall (purple) over white felt, 21° off the lens's axis
        # (r/f 0.39 of a side, 10 px on a die of 26 px): its shaded side face and shadow end 0.44 of r/f
        # past its inner edge, the felt beyond with no dash (0.07 of its pips' contrast)
        ("random-59057-leaning-white-3-pale-felt-frame-part", [(1, 105, 103), (3, 174, 104)], [(130, 40)]),
        # a white 6 of red pips leaning on the far wall (olive) over lavender felt, r/f 0.40 of a side:
        # the felt begins 0.48 of r/f past its inner edge, its darkest mark there 0.09
        (
            "random-61063-leaning-white-6-lavender-felt-frame-part",
            [(3, 206, 102), (5, 164, 164), (6, 120, 234)],
            [(168, 44)],
        ),
        # a white 1 leaning on the far wall (navy) over pale green felt, r/f 0.34 of a side (8.9 px),
        # tipped towards the middle by less than the view angle: nothing past its outer edge, its top
        # lit as the flat dice's; the felt begins at 0.67 of r/f past its inner edge (no dash, 0.04),
        # and its top face's lifted outer edge hides 0.04 of a side of the wall past its square
        (
            "random-65065-leaning-white-1-pale-green-felt-frame-part",
            [(4, 153, 236), (4, 267, 154), (5, 265, 298)],
            [(70, 55)],
        ),
    ],
)
def test_white_dice_leaning_on_the_far_wall_over_pale_felt_are_refused(
    name: str, dice: list[tuple[int, int, int]], refused: list[tuple[int, int]]
) -> None:
    read, unread = placed(read_part(name))
    assert read == dice
    assert unread == [("cocked", x, y) for x, y in refused]


def test_a_red_6_tipped_square_to_the_lens_by_the_far_wall_is_refused() -> None:
    # a red 6 of white pips leaning on the far wall (teal) over red-brown felt (640×320 part, die 23.5 px,
    # r/f 0.35 of a side, 8.2 px): tipped towards the middle by about the view angle, it shows its top
    # face square, nothing past its outer edge, and the felt from a pixel past its inner edge but for a
    # row lit 1.1 times the felt beside, 5 px out: from 0.67 of r/f (2.75 px short); the felt's fall-off
    # in light rises to the band's end 0.15 of the pips' contrast over its row, but nothing there is
    # ringed by the felt as a pip's dash is by its face
    read, unread = placed(read_part("random-63007-leaning-6-no-inner-face-frame-part"))
    assert read == [(1, 264, 266), (5, 270, 192)]
    assert unread == [("cocked", 296, 48)]


@pytest.mark.parametrize(
    ("name", "read_there"),
    [
        # a flat white 1 of a red pip by the far wall over green felt, whose felt begins 0.79 of r/f
        # (1.9 px short) past its inner edge: the nearest of the flat dice with no dash there, kept read
        ("random-66007-flat-1-side-face-short-frame-part", (1, 193, 84)),
        # a flat ivory 4 of blue pips on lilac felt, its shaded side face lit as the felt (0.58 of r/f):
        # that face's pips, ringed by it, stand out 0.18 of its top pips' contrast and keep it read
        ("random-49015-flat-4-side-face-as-felt-frame-part", (4, 76, 162)),
    ],
)
def test_flat_dice_by_the_wall_whose_felt_begins_soonest_stay_read(
    name: str, read_there: tuple[int, int, int]
) -> None:
    read, _ = placed(read_part(name))
    assert read_there in read


def test_a_white_1_tipped_towards_the_lens_by_the_far_wall_is_refused() -> None:
    # a white 1 of a black pip leaning on the far wall (navy) over pale green felt (640×320 part, r/f 0.38
    # of a side, 8.9 px): the felt begins 0.67 of r/f (2.95 px short) past its inner edge, no dash there
    read, unread = placed(read_part("random-65065-leaning-white-1-no-inner-face-frame-part"))
    assert read == [(4, 313, 236), (4, 427, 154), (5, 425, 298)]
    assert unread == [("cocked", 230, 55)]


def test_a_flat_one_whose_felt_begins_early_hides_no_wall_and_is_read() -> None:
    # a flat white 1 of a red pip on grainy green felt by the far wall (dark red), turned 28°: the
    # felt begins at 0.79 of r/f past its inner edge (no dash, 0.08), under TIPPED_FACE, but its top
    # face hides none of the wall past its square; the 2 leaning on the wall at (275, 91) is refused
    read, unread = placed(read_part("random-66007-flat-white-1-green-felt-frame-part"))
    assert read == [(1, 161, 84), (2, 236, 149), (4, 86, 145)]
    assert unread == [("cocked", 275, 91)]


def test_a_dark_6_tipped_square_to_the_lens_by_the_far_wall_is_refused() -> None:
    # a dark 6 of white pips leaning 23.4° on the far wall over red-brown felt (the whole frame, die
    # 23.4 px, 23.5° off the lens's axis: r/f 0.44 of a side, 10.2 px), tipped towards the middle by
    # the view angle: its top face is seen square (grid aspect 0.98, its columns fitted 1.8 steps
    # apart) and the felt begins 3 px past its inner edge (0.29 of r/f). The shade along its edge ends
    # unevenly there: the felt past its shorter stretch stood out 0.14 of the pips' contrast over its
    # row a pixel past where the felt began, but only 0.06 over the felt beside the die, which a pip's
    # dash on a side face lit as the felt stands out of too. It was read as a 6.
    read, unread = placed(read_part("random-99029-leaning-dark-6-square-to-lens-frame"))
    assert read == [(1, 340, 327), (6, 266, 131), (6, 420, 255)]
    assert unread == [("cocked", 341, 36)]
