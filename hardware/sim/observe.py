"""Ground truth of a frame, observed from the physics state through the camera model."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from hardware.sim.camera_model import CameraModel
from hardware.sim.dice import DIE_SIZE_CM, top_face, top_face_corners
from hardware.sim.geometry import convex_outline, share_inside
from hardware.sim.physics import BodyState, on_felt
from hardware.sim.presets import TrayLook
from hardware.sim.render import HandPose, die_corners, hand_box_corners, shadow_corners
from hardware.sim.truth import DieTruth, HandTruth

PALM_HALF_THICKNESS_CM = 1.3  # a held die hangs just under the palm


class Observer:
    """Turns body states into per-die truth in the pixels of the delivered frame."""

    def __init__(self, tray: TrayLook, camera: CameraModel) -> None:
        self.tray = tray
        self.camera = camera

    def die(self, die_id: int, state: BodyState) -> DieTruth:
        """A die in play; `visible_fraction` counts only the frame's edges until the renderer
        has said what is hidden (see `with_visibility`)."""
        face = top_face(state.orientation)
        centre = self.camera.project(np.array([state.position]))[0]
        outline, area, crop = self._outline(die_corners(state.position, state.orientation))
        width, height = self.camera.setup.width, self.camera.setup.height
        in_frame = bool(0 <= centre[0] < width and 0 <= centre[1] < height)
        return DieTruth(
            die_id=die_id, value=face.value, centre_px=(float(centre[0]), float(centre[1])),
            footprint_px=outline, footprint_area_px=area,
            top_face_px=tuple((float(x), float(y)) for x, y in self.camera.project(
                top_face_corners(state.position, state.orientation))),
            moving=state.moving,
            cocked=face.cocked, tilt_deg=face.tilt_deg,
            on_tray=on_felt(self.tray, state.position[0], state.position[1]),
            in_frame=in_frame, visible_fraction=crop, held=False,
            position_cm=(state.position[0], state.position[1], state.position[2]),
        )

    def held(self, die_id: int, palm: tuple[float, float, float]) -> DieTruth:
        """A die in the hand, under the palm: unseen, its value unknown to the camera (0)."""
        position = (palm[0], palm[1], palm[2] - PALM_HALF_THICKNESS_CM - DIE_SIZE_CM / 2)
        centre = self.camera.project(np.array([position]))[0]
        outline, area, _ = self._outline(die_corners(position, (0.0, 0.0, 0.0, 1.0)))
        width, height = self.camera.setup.width, self.camera.setup.height
        return DieTruth(
            die_id=die_id, value=0, centre_px=(float(centre[0]), float(centre[1])),
            footprint_px=outline, footprint_area_px=area, top_face_px=(), moving=True,
            cocked=False, tilt_deg=0.0, on_tray=on_felt(self.tray, position[0], position[1]),
            in_frame=bool(0 <= centre[0] < width and 0 <= centre[1] < height),
            visible_fraction=0.0, held=True, position_cm=position,
        )

    def _outline(self, corners: np.ndarray) -> tuple[tuple[tuple[float, float], ...], float,
                                                     float]:
        """Projected convex outline, its area, and the share of it inside the frame."""
        pixels = self.camera.project(corners)
        outline = convex_outline(pixels)
        width, height = self.camera.setup.width, self.camera.setup.height
        area, crop = share_inside(outline, width, height)
        return tuple((float(x), float(y)) for x, y in outline), area, crop

    def hand(self, hand: HandPose) -> HandTruth | None:
        """The hand's box in the frame, or None when it is wholly outside."""
        pixels = np.concatenate([self.camera.project(c) for c in hand_box_corners(hand)])
        width, height = self.camera.setup.width, self.camera.setup.height
        x0, y0 = np.clip(pixels.min(axis=0), 0, [width, height])
        x1, y1 = np.clip(pixels.max(axis=0), 0, [width, height])
        if x1 <= x0 or y1 <= y0:
            return None
        return HandTruth((float(x0), float(y0), float(x1), float(y1)))

    def hand_in_sight(self, hand: HandPose, light: np.ndarray) -> bool:
        """The hand, or the shadow it casts along `light`, reaches into the frame."""
        if self.hand(hand) is not None:
            return True
        width, height = self.camera.setup.width, self.camera.setup.height
        for corners in hand_box_corners(hand):
            pixels = self.camera.project(shadow_corners(corners, light, self.tray))
            (x0, y0), (x1, y1) = pixels.min(axis=0), pixels.max(axis=0)
            if x1 >= 0 and y1 >= 0 and x0 < width and y0 < height:
                return True
        return False


def with_visibility(die: DieTruth, visible_px: int, unhidden_px: int) -> DieTruth:
    """Fold what the renderer saw into the truth: share of the die not hidden, times the share
    of its outline inside the frame."""
    if die.held:
        return die
    seen = visible_px / unhidden_px if unhidden_px > 0 else 0.0
    return replace(die, visible_fraction=min(1.0, die.visible_fraction * seen))



def with_top_face_cover(die: DieTruth, dice_ids: np.ndarray) -> DieTruth:
    """Fold into the truth the share of the die's top face that another die covers in `dice_ids`
    (the renderer's per-pixel die ids, hand and walls left out)."""
    if die.held or len(die.top_face_px) < 3:
        return die
    mask = np.zeros(dice_ids.shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(np.array(die.top_face_px)).astype(np.int32), 1)
    # a pixel in from the outline: a flat neighbour touching the face's edge covers none of it
    under = dice_ids[cv2.erode(mask, np.ones((3, 3), np.uint8)) > 0]
    if under.size == 0:
        return die
    covered = np.count_nonzero((under != die.die_id) & (under >= 0)) / under.size
    return replace(die, top_face_covered=float(covered))
