"""Errors of the simulated tray, all under the hardware package's root."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from hardware.errors import HardwareError


class SimulatorError(HardwareError):
    """The simulated tray could not do what was asked."""


class SimulatorUnavailableError(SimulatorError):
    """The physics engine of the simulator is not installed."""

    def __init__(self, missing: str) -> None:
        super().__init__(
            f"the simulated dice tray needs {missing}, which is not installed: "
            "pip install -e '.[sim]'"
        )
        self.missing = missing


class UnknownNameError(SimulatorError, ValueError):
    """A preset or scenario name that does not exist; the message offers the closest names."""

    def __init__(self, kind: str, name: str, known: Iterable[str]) -> None:
        known = sorted(known)
        close = difflib.get_close_matches(name, known, n=3, cutoff=0.4)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        super().__init__(f"unknown {kind} {name!r}{hint} (known: {', '.join(known)})")
        self.kind = kind
        self.name = name


def require_pybullet() -> Any:
    """Import pybullet on first use, so `import hardware.sim` works without the extra."""
    try:
        import pybullet
    except ImportError as exc:  # absent, or a wheel that does not load on this machine
        raise SimulatorUnavailableError("pybullet") from exc
    return pybullet
