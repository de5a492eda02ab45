"""The e-ink panel interface, and its fake that writes PNG files.

A panel shows a whole 1-bit image at once: Pimoroni Inky has no partial refresh, and a full
refresh takes seconds, so whoever calls `show_image` must call it rarely (the box's standings
sink redraws only on change, and never more often than a set interval).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from hardware.errors import HardwareError
from hardware.scoreboard.standings import PanelSize


class PanelDevice(Protocol):
    """An e-ink panel. `image` is a Pillow image of mode "1" at the panel's size."""

    @property
    def size(self) -> PanelSize: ...

    def show_image(self, image: Any) -> None: ...


class FilePanel:
    """A panel that writes each image it is shown as `standings-NNN.png` in a folder."""

    def __init__(self, folder: str | Path, size: PanelSize, prefix: str = "standings") -> None:
        self.folder = Path(folder)
        self._size = size
        self.prefix = prefix
        self.written: list[Path] = []
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise HardwareError(f"{self.folder}: cannot make the panel folder ({exc.strerror})") from None

    @property
    def size(self) -> PanelSize:
        return self._size

    def show_image(self, image: Any) -> None:
        if tuple(image.size) != (self._size.width, self._size.height):
            raise HardwareError(
                f"panel {self._size.name} is {self._size.width}×{self._size.height}, "
                f"image is {image.size[0]}×{image.size[1]}"
            )
        path = self.folder / f"{self.prefix}-{len(self.written) + 1:03d}.png"
        try:
            image.save(path, format="PNG")
        except OSError as exc:
            raise HardwareError(f"{path}: cannot write the panel image ({exc})") from None
        self.written.append(path)
