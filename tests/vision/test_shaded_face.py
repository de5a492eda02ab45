"""The dashes of a second face turned from the light stand out as little as that face is lit."""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.saved_rests import assert_read_as_recorded
from vision.faces import Face
from vision.layout import LAYOUTS, fit_layout
from vision.lean import dash_past_top_face
from vision.wallfoot import background_beside

DIE = 28.0
CENTRE = (60.0, 70.0)
FELT = (150, 150, 160)  # pinkish grey (BGR)
WALL = (45, 40, 25)  # dark teal
IVORY = (180, 200, 205)
SHADED_IVORY = (60, 68, 72)  # the face turned up from the wall, at a third of the top face's light


def _leaning_six(strip: tuple[int, int, int], strip_across_tray: bool) -> tuple[Face, np.ndarray, np.ndarray]:
    """An ivory 6 by the wall (up), a band 8 px deep past its outer edge and a dim dash on that band."""
    image = np.full((120, 120, 3), FELT, np.uint8)
    image[:48] = WALL
    if strip_across_tray:
        image[48:56] = strip  # the felt blurred into the wall's edge, all along the wall
    else:
        image[48:56, 46:74] = strip  # the second face, as wide as the die
    image[56:84, 46:74] = IVORY  # the top face, 28 px square
    spacing = DIE / 3.8
    points = np.array([(CENTRE[0] + spacing * u, CENTRE[1] + spacing * v) for u, v in LAYOUTS[6]])
    for x, y in points:
        cv2.circle(image, (round(x), round(y)), 2, (30, 30, 30), -1)
    # a pip of that band seen edge-on: 18 grey levels below it, a quarter of what the top pips'
    # contrast (150) would ask of a dash on a face lit as the top face is
    shade = np.asarray(image[52, 60], np.int32)
    image[50:52, 57:62] = np.clip(shade - 18, 0, 255).astype(np.uint8)
    fit = fit_layout(points)
    assert fit is not None
    return Face(6, CENTRE, DIE, 0.9, None, 6, 0.95, "", fit), image.min(axis=2), image


def test_the_dim_dashes_of_a_shaded_second_face_are_seen() -> None:
    face, dark, colour = _leaning_six(SHADED_IVORY, strip_across_tray=False)
    look = {"by_wall": True, "colour": colour, "wall": (1.0, 0.0)}
    # against the top face's pips' contrast they are too faint; against the light of their face, not
    assert not dash_past_top_face(face, dark, (0.0, -1.0), DIE, **look)
    assert dash_past_top_face(face, dark, (0.0, -1.0), DIE, **look, shaded=True)


def test_a_dim_stroke_on_the_felt_blurred_into_the_wall_is_no_second_face() -> None:
    blur = tuple(round(0.3 * f + 0.7 * w) for f, w in zip(FELT, WALL, strict=True))
    face, dark, colour = _leaning_six(blur, strip_across_tray=True)
    look = {"by_wall": True, "colour": colour, "wall": (1.0, 0.0)}
    assert not dash_past_top_face(face, dark, (0.0, -1.0), DIE, **look, shaded=True)


def test_the_felt_blended_with_the_wall_past_a_stroke_is_background() -> None:
    image = np.full((120, 120, 3), FELT, np.uint8)
    image[:40] = WALL
    xs, ys = np.arange(57.0, 62.0), np.full(5, 44.0)  # on the felt, 4 px before the wall's edge
    blur = 0.4 * np.asarray(FELT, np.float32) + 0.6 * np.asarray(WALL, np.float32)
    assert background_beside(image, blur, xs, ys, CENTRE, (1.0, 0.0), DIE)
    # of the die's colours, darker than the felt and unlike the wall: no background
    assert not background_beside(image, np.asarray(SHADED_IVORY, np.float32), xs, ys, CENTRE, (1.0, 0.0), DIE)


def test_a_leaning_ivory_six_on_pale_felt_by_a_dark_wall_is_refused() -> None:
    # an ivory 6 leaning 28° on the far wall: the face it turns up, a strip 3 px deep at 0.37 of the
    # top face's light against a dark teal wall, shows dashes 20 grey levels below it; two 4s and a 1
    # lie flat (a strip of the frame round the picture's centre column, its calibration moved with it)
    assert_read_as_recorded("leaning-shaded-second-face-ivory-six")


def _felt_to_wall(band: tuple[int, int, int] | None) -> np.ndarray:
    """Felt below the wall's edge (row 40), an ivory top face round CENTRE, and with `band` a strip
    of that colour 6 px deep between the felt and the wall, across the whole picture."""
    image = np.full((120, 120, 3), FELT, np.uint8)
    image[:40] = WALL
    if band is not None:
        image[40:46] = band
    image[56:84, 46:74] = IVORY
    return image


def test_a_stroke_blended_of_felt_and_wall_is_background_only_on_the_ramp_between_them() -> None:
    xs, ys = np.arange(57.0, 62.0), np.full(5, 41.0)
    blur = 0.4 * np.asarray(FELT, np.float32) + 0.6 * np.asarray(WALL, np.float32)
    top = (np.asarray(IVORY, np.float32), 0.0)
    # the felt gives straight onto the wall: a stroke there is their blur
    assert background_beside(_felt_to_wall(None), blur, xs, ys, CENTRE, (1.0, 0.0), DIE, top)
    # a band of a shaded face's light lies between them, 0.2 of a side deep: a stroke of that blend's
    # colour on it is no blur of the felt into the wall's edge
    image = _felt_to_wall(SHADED_IVORY)
    band = np.asarray(SHADED_IVORY, np.float32)
    assert not background_beside(image, blur, xs, ys, CENTRE, (1.0, 0.0), DIE, top)
    # (the band itself, at the stroke's depth beside the die, is the background all the same)
    assert background_beside(image, band, xs, ys, CENTRE, (1.0, 0.0), DIE, top)


def test_a_die_beside_is_no_background() -> None:
    image = np.full((120, 120, 3), FELT, np.uint8)
    image[:40] = WALL
    neighbour = (int(CENTRE[0] + 1.3 * DIE), int(CENTRE[1]))
    image[40:84, neighbour[0] - 14:neighbour[0] + 14] = SHADED_IVORY  # the shaded side of a die there
    xs, ys = np.arange(57.0, 62.0), np.full(5, 44.0)
    shade = np.asarray(SHADED_IVORY, np.float32)
    assert background_beside(image, shade, xs, ys, CENTRE, (1.0, 0.0), DIE)
    assert not background_beside(image, shade, xs, ys, CENTRE, (1.0, 0.0), DIE, others=[neighbour])


def test_a_leaning_white_two_whose_shaded_band_ends_on_the_wall_is_refused() -> None:
    # a white 2 leaning 29° on the far wall, on pale felt by a dark blue wall: the face it turns up is
    # a band 0.2 of a side deep at 0.7 of its top face's light, its dashes by the wall's edge, where
    # the rows round them take in the wall: their shade was taken for the felt blurred into the wall
    assert_read_as_recorded("leaning-shaded-band-white-two")


def test_a_flat_one_whose_face_gives_straight_onto_a_dark_wall_is_read() -> None:
    # a flat ivory 1 by a dark brown wall: past its outer edge its face blurs straight into the wall,
    # a dim stroke 0.06 of a side deep of the felt's and the wall's colours
    assert_read_as_recorded("flat-by-wall-felt-into-wall-one")


def test_a_leaning_white_six_between_two_dice_by_the_wall_is_refused() -> None:
    # a white 6 leaning 32° on the far wall in daylight, a flat 6 and a flat 3 by the wall either side
    # of it: the shaded band it turns up matched the shade of the dice beside it, where the background
    # beside it was looked for
    assert_read_as_recorded("leaning-between-dice-white-six")


def test_a_band_unlike_a_darker_felt_and_the_wall_is_no_blur_between_them() -> None:
    felt, wall, band = (40, 110, 50), (70, 45, 55), (95, 85, 100)  # dark green, dark mauve, lilac grey
    image = np.full((120, 120, 3), felt, np.uint8)
    image[:50] = wall
    image[56:84, 46:74] = IVORY
    xs, ys = np.arange(57.0, 62.0), np.full(5, 51.0)
    blur = 0.2 * np.asarray(felt, np.float32) + 0.8 * np.asarray(wall, np.float32)
    top = (np.asarray(IVORY, np.float32), 0.0)
    # the felt, darker than the die, gives straight onto the wall: a stroke there is their blur
    assert background_beside(image, blur, xs, ys, CENTRE, (1.0, 0.0), DIE, top)
    # a band of the die's width from its top face's edge, lit between the die and the felt and of
    # neither's colour nor the wall's, 0.2 of a side deep: a face turned up from the wall, and the
    # stroke on it no blur
    image[50:56, 46:74] = band
    assert not background_beside(image, blur, xs, ys, CENTRE, (1.0, 0.0), DIE, top)


def test_a_leaning_ivory_four_on_felt_darker_than_it_is_refused() -> None:
    # an ivory 4 leaning 31° on the far wall, on green felt darker than the die: the face it turns up
    # is a lilac-grey band lighter than the felt, whose dim dashes' shade passed for a blend of the
    # felt and the dark wall
    assert_read_as_recorded("leaning-band-on-dark-felt-ivory-four")
