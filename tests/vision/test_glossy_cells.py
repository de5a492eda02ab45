"""The empty cells of a glossy face, lit unevenly by its sheen.

A glossy red 3 of white pips (28.5 px die, light-pip plane) showed rings of 102, 55 and 64 round
its pips, whose centres, printed alike, were all 2-3: an empty cell by the dim pips measured 42,
under the floor the median ring sets (64 less 0.35 of the pips' contrast, 42.7), and the 3 was
refused `occluded`. Below the dimmest ring by that share of its contrast, a mark is pip-dark."""

from __future__ import annotations

import numpy as np

from vision.emptycells import cells_are_bare
from vision.layout import fit_layout
from vision.pips import PipBlob

CENTRES = ((20.0, 44.0), (32.0, 32.0), (44.0, 20.0))


def three(rings: tuple[float, float, float]) -> list[PipBlob]:
    return [
        PipBlob(x=x, y=y, area=30.0, major=6.3, minor=6.0, angle=0.0, centre_level=3.0,
                ring_level=ring, ring_low=ring - 5.0, solidity=1.0)
        for (x, y), ring in zip(CENTRES, rings, strict=True)
    ]


def face(cell_level: int) -> np.ndarray:
    """The plane: a face at 42 everywhere but the pips, the empty cells at `cell_level`."""
    plane = np.full((64, 64), 42, np.uint8)
    fit = fit_layout(np.array(CENTRES))
    assert fit is not None and fit.value == 3
    for u, v in fit.empty_cells():
        x, y = fit.to_image(u, v)
        plane[round(y) - 2:round(y) + 3, round(x) - 2:round(x) + 3] = cell_level
    for x, y in CENTRES:
        plane[round(y) - 2:round(y) + 3, round(x) - 2:round(x) + 3] = 3
    return plane


def test_a_glossy_face_lit_unevenly_is_bare_in_its_empty_cells() -> None:
    fit = fit_layout(np.array(CENTRES))
    assert fit is not None
    assert cells_are_bare(face(42), fit, three((102.0, 55.0, 64.0)), sized=True)


def test_a_mark_as_dark_as_a_pip_still_occludes_a_glossy_face() -> None:
    fit = fit_layout(np.array(CENTRES))
    assert fit is not None
    assert not cells_are_bare(face(15), fit, three((102.0, 55.0, 64.0)), sized=True)


def test_an_evenly_lit_face_keeps_the_median_ring_floor() -> None:
    # rings within the face's noise: no sheen, the cells darker than the floor are marks
    fit = fit_layout(np.array(CENTRES))
    assert fit is not None
    assert not cells_are_bare(face(38), fit, three((64.0, 62.0, 66.0)), sized=True)
    assert not cells_are_bare(face(42), fit, three((102.0, 55.0, 64.0)), sized=False)
