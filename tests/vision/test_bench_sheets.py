"""The vision bench's gallery sheets: written where asked, or a clear error."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from benchmarks.vision_bench import write_sheet


def test_a_sheet_goes_into_a_folder_made_for_it(tmp_path: Path) -> None:
    tiles = [np.full((160, 160, 3), k * 40, np.uint8) for k in range(3)]
    path = tmp_path / "gallery" / "sheet.png"
    write_sheet(tiles, path)
    sheet = cv2.imread(str(path))
    assert sheet is not None and sheet.shape == (160, 8 * 160, 3)  # eight tiles to a row
    assert sheet[80, 80 + 160].tolist() == [40, 40, 40]


def test_a_sheet_that_cannot_be_written_is_an_error(tmp_path: Path) -> None:
    blocker = tmp_path / "gallery"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(OSError):
        write_sheet([np.zeros((160, 160, 3), np.uint8)], blocker / "sheet.png")
