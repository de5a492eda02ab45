"""Ground truth of the simulated tray: what each frame shows, and the rest states of a scenario.

These are plain values, written one JSON object per frame to `truth.jsonl`; docs/simulator.md
describes the format. Pixel coordinates are those of the delivered (distorted) image, with x to
the right and y down, in the same pixel grid as `Frame.image`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

TRUTH_FORMAT = "culdechouette-sim/1"

Point = tuple[float, float]


@dataclass(frozen=True)
class DieTruth:
    """One die in one frame."""

    die_id: int
    value: int  # the face whose normal points most nearly up
    centre_px: Point  # the die's centre of mass projected into the image
    footprint_px: tuple[Point, ...]  # convex outline of the projected cube, clockwise on screen
    footprint_area_px: float
    top_face_px: tuple[Point, ...]  # the four corners of the upward face, projected
    moving: bool
    cocked: bool  # at rest or not, the top face is tilted more than dice.COCKED_TILT_DEG
    tilt_deg: float
    on_tray: bool  # lies or flies above the tray's felt, not on the table around it
    in_frame: bool  # its centre projects inside the image
    visible_fraction: float  # share of its projected outline that is seen (not hidden or cropped)
    held: bool  # carried by the hand
    position_cm: tuple[float, float, float]  # world position: origin at the felt's centre, z up
    # share of the top face's outline that another die covers: only a die resting on this one,
    # not on the felt, can (a flat die's body stays below its neighbour's top face)
    top_face_covered: float = 0.0

    @property
    def visible(self) -> bool:
        """Seen well enough to be read: at least half of the die shows."""
        return self.visible_fraction >= 0.5

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.die_id,
            "value": self.value,
            "centre_px": [round(self.centre_px[0], 2), round(self.centre_px[1], 2)],
            "footprint_px": [[round(x, 1), round(y, 1)] for x, y in self.footprint_px],
            "footprint_area_px": round(self.footprint_area_px, 1),
            "top_face_px": [[round(x, 1), round(y, 1)] for x, y in self.top_face_px],
            "moving": self.moving,
            "cocked": self.cocked,
            "tilt_deg": round(self.tilt_deg, 2),
            "on_tray": self.on_tray,
            "in_frame": self.in_frame,
            "visible": self.visible,
            "visible_fraction": round(self.visible_fraction, 3),
            "held": self.held,
            "position_cm": [round(c, 3) for c in self.position_cm],
            "top_face_covered": round(self.top_face_covered, 3),
        }


@dataclass(frozen=True)
class HandTruth:
    """The occluding hand, when it is over the picture."""

    bbox_px: tuple[float, float, float, float]  # x0, y0, x1, y1, clipped to the image

    def to_json(self) -> dict[str, Any]:
        return {"bbox_px": [round(v, 1) for v in self.bbox_px]}


@dataclass(frozen=True)
class FrameTruth:
    """Everything true about one frame."""

    index: int
    t_ns: int
    phase: str  # what the script is doing: "throw", "settle", "hand", "still", ...
    still: bool  # no die moves, no hand is over the tray, nothing is about to happen
    dice: tuple[DieTruth, ...]
    hand: HandTruth | None

    def to_json(self, image_name: str | None = None) -> dict[str, Any]:
        record: dict[str, Any] = {"frame": self.index, "t_ns": self.t_ns}
        if image_name is not None:
            record["image"] = image_name
        record.update(
            phase=self.phase,
            still=self.still,
            hand=self.hand.to_json() if self.hand else None,
            dice=[die.to_json() for die in self.dice],
        )
        return record

    def to_json_line(self, image_name: str | None = None) -> str:
        return json.dumps(self.to_json(image_name), separators=(",", ":"))


@dataclass(frozen=True)
class RestDie:
    """A die as it lies once the tray is still."""

    die_id: int
    value: int
    on_tray: bool
    cocked: bool
    centre_px: Point
    top_face_covered: float = 0.0  # as DieTruth's: another die lies over part of its top face

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.die_id,
            "value": self.value,
            "on_tray": self.on_tray,
            "cocked": self.cocked,
            "centre_px": [round(self.centre_px[0], 2), round(self.centre_px[1], 2)],
            "top_face_covered": round(self.top_face_covered, 3),
        }


@dataclass(frozen=True)
class RestState:
    """The tray at rest after one action of a script: the state a reader should report."""

    after: str  # the action it follows, e.g. "throw 2" or "rethrow [2]"
    frame: int  # first frame of the still run
    t_ns: int
    dice: tuple[RestDie, ...]

    @classmethod
    def from_truth(cls, after: str, truth: FrameTruth) -> RestState:
        dice = tuple(
            RestDie(d.die_id, d.value, d.on_tray, d.cocked, d.centre_px, d.top_face_covered)
            for d in truth.dice
            if not d.held
        )
        return cls(after, truth.index, truth.t_ns, dice)

    def values(self) -> dict[int, int]:
        return {d.die_id: d.value for d in self.dice}

    def to_json(self) -> dict[str, Any]:
        return {
            "after": self.after,
            "frame": self.frame,
            "t_ns": self.t_ns,
            "dice": [d.to_json() for d in self.dice],
        }
