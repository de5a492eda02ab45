"""The calibration profile: what the reader may assume about one box's camera and dice.

A profile is a JSON object:

```
{
  "format": "culdechouette-vision-profile/1",
  "tray_polygon": [[x, y], ...],      # optional: the tray outline in image pixels (3+ points)
  "homography": [[...], [...], [...]], # optional: image → tray plane, used for the outline
  "tray_size": [w, h],                # with "homography": the tray's extent in plane units
  "die_size_px": 38.0,                # expected side of a die's top face, pixels
  "pip_polarity": "dark",             # "dark" pips on light dice, "light" on dark, or "auto"
  "pip_colour": "black",              # "black", "red", "blue", "white" or "any"
  "top_down": true,                   # the camera looks straight down at the tray
  "nadir_px": [320.0, 300.0],         # optional: the image point straight below the lens
  "focal_px": 760.0                   # optional: the lens's focal length, pixels
}
```

Every key but `format` is optional. Loading checks each value and names the file and the key in
the error, so a broken profile is fixed in one go rather than discovered frame by frame.
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from vision.errors import VisionError

PROFILE_FORMAT = "culdechouette-vision-profile/1"
POLARITIES = ("dark", "light", "auto")
PIP_COLOURS = ("black", "red", "blue", "white", "any")
_KEYS = {"format", "tray_polygon", "homography", "tray_size", "die_size_px", "pip_polarity",
         "pip_colour", "top_down", "nadir_px", "focal_px"}


class ProfileError(VisionError, ValueError):
    """A calibration profile that cannot be used, named with its file and key."""


@dataclass(frozen=True)
class CalibrationProfile:
    """What is known of the camera and dice. `tray_polygon` is in image pixels."""

    tray_polygon: tuple[tuple[float, float], ...] | None = None
    die_size_px: float | None = None
    pip_polarity: str = "auto"
    pip_colour: str = "any"
    # Looking straight down, a flat die shows its side faces edge-on; a die that shows a second
    # face with round pips is then leaning (cocked). An oblique camera sees side faces anyway.
    top_down: bool = False
    # The point of the picture straight below the lens: a flat die shows the side faces turned
    # towards it. None: the picture's centre (a camera not tilted).
    nadir_px: tuple[float, float] | None = None
    # The lens's focal length in pixels: a die whose top face lies r px from the nadir shows its side
    # face turned to the nadir about r/f of a die side wide (the parallax of its height). None: unknown.
    focal_px: float | None = None

    def tray_bounds(self, width: int, height: int) -> tuple[int, int, int, int] | None:
        """The tray's bounding box and a die's width round it (x0, y0, x1, y1), or None."""
        if not self.tray_polygon:
            return None
        pts = np.asarray(self.tray_polygon)
        # a die by the wall stands out of the felt's outline: its top is nearer the lens
        margin = self.die_size_px or 0.05 * max(width, height)
        x0 = max(0, math.floor(float(pts[:, 0].min()) - margin))
        y0 = max(0, math.floor(float(pts[:, 1].min()) - margin))
        x1 = min(width, math.ceil(float(pts[:, 0].max()) + margin) + 1)
        y1 = min(height, math.ceil(float(pts[:, 1].max()) + margin) + 1)
        if x1 <= x0 or y1 <= y0:
            return None
        return (x0, y0, x1, y1)


def profile_as_json(profile: CalibrationProfile) -> dict[str, Any]:
    """The profile as the JSON object `load_profile` reads (the tray as an outline)."""
    data: dict[str, Any] = {"format": PROFILE_FORMAT}
    if profile.tray_polygon:
        data["tray_polygon"] = [[round(x, 3), round(y, 3)] for x, y in profile.tray_polygon]
    if profile.die_size_px is not None:
        data["die_size_px"] = round(profile.die_size_px, 3)
    data.update(pip_polarity=profile.pip_polarity, pip_colour=profile.pip_colour,
                top_down=profile.top_down)
    if profile.nadir_px is not None:
        data["nadir_px"] = [round(profile.nadir_px[0], 3), round(profile.nadir_px[1], 3)]
    if profile.focal_px is not None:
        data["focal_px"] = round(profile.focal_px, 3)
    return data


def save_profile(profile: CalibrationProfile, path: str | Path) -> None:
    """Write the profile whole or not at all: a box never finds half a calibration."""
    path = Path(path)
    # a key per line, the outline on one: short enough to read and to compare by eye
    lines = [f" {json.dumps(key)}: {json.dumps(value)}" for key, value in profile_as_json(profile).items()]
    text = "{\n" + ",\n".join(lines) + "\n}\n"
    partial = path.with_name(path.name + ".partial")
    try:
        with open(partial, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, path)
    except OSError as exc:
        raise ProfileError(f"{path}: cannot write the calibration profile ({exc.strerror})") from None


def _fail(path: Path, key: str, message: str) -> ProfileError:
    return ProfileError(f"{path}: key {key!r}: {message}")


def _polygon_from_homography(path: Path, raw: Any, tray_size: Any) -> tuple[tuple[float, float], ...]:
    try:
        plane_to_image = np.linalg.inv(np.asarray(raw, dtype=np.float64).reshape(3, 3))
    except (ValueError, TypeError, np.linalg.LinAlgError) as exc:
        raise _fail(path, "homography", f"not an invertible 3×3 matrix ({exc})") from None
    if (not isinstance(tray_size, list) or len(tray_size) != 2
            or not all(isinstance(v, int | float) and v > 0 for v in tray_size)):
        raise _fail(path, "tray_size", "must be [width, height] > 0 when a homography is given")
    w, h = float(tray_size[0]), float(tray_size[1])
    corners = np.array([[0, 0, 1], [w, 0, 1], [w, h, 1], [0, h, 1]], dtype=np.float64).T
    img = plane_to_image @ corners
    if np.any(np.abs(img[2]) < 1e-12):
        raise _fail(path, "homography", "maps a tray corner to infinity")
    return tuple((float(x), float(y)) for x, y in zip(img[0] / img[2], img[1] / img[2], strict=True))


def load_profile(path: str | Path) -> CalibrationProfile:
    """Read and check a profile file; raise ProfileError naming the file and the key."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ProfileError(f"{path}: cannot read the calibration profile ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise ProfileError(f"{path}: not JSON (line {exc.lineno}: {exc.msg})") from None
    if not isinstance(data, dict):
        raise ProfileError(f"{path}: a calibration profile is a JSON object")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise _fail(path, unknown[0], f"unknown key (known: {', '.join(sorted(_KEYS))})")
    if data.get("format") != PROFILE_FORMAT:
        raise _fail(path, "format", f"must be {PROFILE_FORMAT!r}")
    polygon: tuple[tuple[float, float], ...] | None = None
    if "tray_polygon" in data:
        raw = data["tray_polygon"]
        if (not isinstance(raw, list) or len(raw) < 3
                or not all(isinstance(p, list) and len(p) == 2
                           and all(isinstance(v, int | float) for v in p) for p in raw)):
            raise _fail(path, "tray_polygon", "must be a list of 3 or more [x, y] points")
        polygon = tuple((float(p[0]), float(p[1])) for p in raw)
    elif "homography" in data:
        polygon = _polygon_from_homography(path, data["homography"], data.get("tray_size"))
    die_size = data.get("die_size_px")
    if die_size is not None and (not isinstance(die_size, int | float) or not 4 <= die_size <= 2000):
        raise _fail(path, "die_size_px", "must be a number of pixels between 4 and 2000")
    polarity = data.get("pip_polarity", "auto")
    if polarity not in POLARITIES:
        raise _fail(path, "pip_polarity", f"must be one of {', '.join(POLARITIES)}")
    colour = data.get("pip_colour", "any")
    if colour not in PIP_COLOURS:
        raise _fail(path, "pip_colour", f"must be one of {', '.join(PIP_COLOURS)}")
    top_down = data.get("top_down", False)
    if not isinstance(top_down, bool):
        raise _fail(path, "top_down", "must be true or false")
    nadir = data.get("nadir_px")
    if nadir is not None and (not isinstance(nadir, list) or len(nadir) != 2
                              or not all(isinstance(v, int | float) and math.isfinite(v) for v in nadir)):
        raise _fail(path, "nadir_px", "must be an [x, y] point in image pixels")
    focal = data.get("focal_px")
    if focal is not None and (not isinstance(focal, int | float) or not 10 <= focal <= 100000):
        raise _fail(path, "focal_px", "must be a focal length in pixels between 10 and 100000")
    return CalibrationProfile(
        tray_polygon=polygon,
        die_size_px=float(die_size) if die_size is not None else None,
        pip_polarity=polarity,
        pip_colour=colour,
        top_down=top_down,
        nadir_px=(float(nadir[0]), float(nadir[1])) if nadir is not None else None,
        focal_px=float(focal) if focal is not None else None,
    )
