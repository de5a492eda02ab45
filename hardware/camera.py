"""The camera-source interface shared by the Pi camera, the simulated tray and image files.

Every frame carries `t_ns` on CLOCK_MONOTONIC (the sensor timestamp on a Pi, the simulated clock in
the simulator), so frames and button edges share one timeline.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

import numpy as np


@dataclass(frozen=True)
class Frame:
    """One camera frame: `image` is an H×W×3 uint8 BGR array (OpenCV order)."""

    t_ns: int
    image: np.ndarray


class FrameSource(Protocol):
    """Anything that yields frames in time order and can be closed."""

    def frames(self) -> Iterator[Frame]: ...

    def close(self) -> None: ...
