"""Rendering the tray as the camera sees it.

pybullet's CPU TinyRenderer draws the scene, but not all of it every frame: the tray, walls and
table never move, so they are drawn once (with the walls' shadows) and cached with their depth.
Each frame then draws only the dice, and the hand when it is there, and composites them over the
cached background by depth. Dice and hand shadows are hard shadows projected along the light onto
the floor, with anti-aliased edges. Motion blur smears each moving die along its path. Lens
distortion and the sensor's effects come last.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from hardware.sim import effects
from hardware.sim.camera_model import FELT_TOP_CM, CameraModel
from hardware.sim.dice import DIE_SIZE_CM, rotation_matrix, top_face_corners, write_die_assets
from hardware.sim.errors import require_pybullet
from hardware.sim.physics import on_felt, quaternion_from_yaw, tray_parts
from hardware.sim.presets import Lighting, ScenePreset, TrayLook

SKIN_BGR = (125, 160, 215)
SLEEVE_BGR = (90, 60, 50)
GLARE_PEAK = 0.45  # share of the way to white at the brightest point, for the glossiest dice
GLARE_SHININESS = 6.0  # a broad lobe: bar lamps and shades are large, not points
HAND_ID = -2  # in the id maps: -1 is background, dice are their die id, the hand is -2
SHADOW_SUBPIXEL_BITS = 4  # fixed-point bits of the shadow corners handed to OpenCV
# boxes of the hand in its own frame (fingers along +y): (half extents, centre)
HAND_BOXES: tuple[tuple[tuple[float, float, float], tuple[float, float, float]], ...] = (
    ((4.0, 4.5, 1.3), (0.0, 0.0, 0.0)),  # palm
    ((3.6, 2.6, 0.8), (0.0, 6.5, -0.4)),  # fingers, curled together
    ((3.4, 14.0, 3.0), (0.0, -18.0, 1.5)),  # forearm in a sleeve, out past the tray
)
_CUBE_CORNERS = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], float)


@dataclass(frozen=True)
class DiePose:
    die_id: int
    position: tuple[float, float, float]
    orientation: tuple[float, float, float, float]
    blur_px: tuple[float, float]  # path in canvas pixels during the exposure


@dataclass(frozen=True)
class HandPose:
    position: tuple[float, float, float]  # centre of the palm
    yaw_rad: float  # direction the fingers point, anticlockwise from +x


@dataclass(frozen=True)
class Rendered:
    image: np.ndarray  # the delivered frame, BGR uint8
    visible_px: dict[int, int]  # per die id: pixels of the frame where the die is seen
    unhidden_px: dict[int, int]  # per die id: pixels it would cover with no hand and no walls
    dice_ids: np.ndarray  # per pixel of the frame: the die seen there with no hand and no walls, or -1


def hand_box_corners(hand: HandPose) -> list[np.ndarray]:
    """World corners (8×3) of each box of the hand."""
    rot = rotation_matrix(quaternion_from_yaw(hand.yaw_rad - np.pi / 2))
    out = []
    for half, centre in HAND_BOXES:
        local = _CUBE_CORNERS * np.array(half) + np.array(centre)
        out.append(local @ rot.T + np.array(hand.position))
    return out


def light_direction(lighting: Lighting) -> np.ndarray:
    """Unit vector from the scene towards the light."""
    az, el = np.radians(lighting.azimuth_deg), np.radians(lighting.elevation_deg)
    return np.array([np.cos(el) * np.cos(az), np.cos(el) * np.sin(az), np.sin(el)])


def shadow_corners(corners: np.ndarray, light: np.ndarray, tray: TrayLook) -> np.ndarray:
    """A solid's corners cast along the light onto the floor under it (felt or table)."""
    centre = corners.mean(axis=0)
    floor_z = FELT_TOP_CM if on_felt(tray, centre[0], centre[1]) else 0.0
    lift = np.maximum(corners[:, 2] - floor_z, 0.0)
    return corners - np.outer(lift / light[2], light)


def die_corners(position: Sequence[float], orientation: tuple[float, float, float, float]
                ) -> np.ndarray:
    """World corners (8×3) of a die."""
    rot = rotation_matrix(orientation)
    return (_CUBE_CORNERS * (DIE_SIZE_CM / 2)) @ rot.T + np.array(position)


class TrayRenderer:
    """Draws frames of one scene: one preset seen by one camera."""

    def __init__(self, preset: ScenePreset, camera: CameraModel, seed: int) -> None:
        self._p: Any = require_pybullet()
        self.preset = preset
        self.camera = camera
        self.seed = seed
        light = preset.lighting
        self.light = light_direction(light)
        self._assets = tempfile.TemporaryDirectory(prefix="cdc-sim-")
        self._view, self._proj = camera.gl_matrices(self._p)
        self._map_x, self._map_y = camera.distortion_maps()
        self._sensor = effects.Sensor(camera.setup.width, camera.setup.height, light,
                                      preset.sensor, seed)
        self._background, self._bg_depth, self._floor = self._render_background()
        self._dice_client = self._p.connect(self._p.DIRECT)
        mesh, texture = write_die_assets(Path(self._assets.name), preset.dice.body_bgr,
                                         preset.dice.pip_bgr)
        self._die_visual = self._p.createVisualShape(
            self._p.GEOM_MESH, fileName=str(mesh), physicsClientId=self._dice_client
        )
        self._texture = self._p.loadTexture(str(texture), physicsClientId=self._dice_client)
        self._die_bodies: dict[int, int] = {}
        self._hand_client = self._p.connect(self._p.DIRECT)
        self._hand_bodies = [self._visual_box(self._hand_client, half,
                                              SKIN_BGR if i < 2 else SLEEVE_BGR)
                             for i, (half, _) in enumerate(HAND_BOXES)]

    # -- drawing helpers ---------------------------------------------------------------------

    def _visual_box(self, client: int, half: Sequence[float], bgr: Sequence[int],
                    position: Sequence[float] = (0.0, 0.0, -500.0), yaw: float = 0.0) -> int:
        p = self._p
        rgba = [bgr[2] / 255, bgr[1] / 255, bgr[0] / 255, 1.0]
        shape = p.createVisualShape(p.GEOM_BOX, halfExtents=list(half), rgbaColor=rgba,
                                    physicsClientId=client)
        return int(p.createMultiBody(0, -1, shape, list(position),
                                     list(quaternion_from_yaw(yaw)), physicsClientId=client))

    def _visual_disc(self, client: int, radius: float, bgr: Sequence[int], z: float) -> int:
        """A flat disc facing up; the engine's own cylinder shades its top unevenly."""
        p = self._p
        segments = 64
        angles = np.linspace(0, 2 * np.pi, segments, endpoint=False)
        vertices = [[0.0, 0.0, 0.0]] + [[radius * np.cos(a), radius * np.sin(a), 0.0]
                                         for a in angles]
        indices = []
        for i in range(segments):
            indices += [0, 1 + i, 1 + (i + 1) % segments]
        rgba = [bgr[2] / 255, bgr[1] / 255, bgr[0] / 255, 1.0]
        shape = p.createVisualShape(p.GEOM_MESH, vertices=vertices, indices=indices,
                                    normals=[[0.0, 0.0, 1.0]] * len(vertices), rgbaColor=rgba,
                                    physicsClientId=client)
        return int(p.createMultiBody(0, -1, shape, [0.0, 0.0, z], physicsClientId=client))

    def _draw(self, client: int, shadow: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Render a client on the canvas: BGR image, depth buffer and body-id map."""
        p = self._p
        light = self.preset.lighting
        width, height, rgba, depth, seg = p.getCameraImage(
            self.camera.canvas_width, self.camera.canvas_height, self._view, self._proj,
            renderer=p.ER_TINY_RENDERER, shadow=1 if shadow else 0,
            lightDirection=list(self.light * 100.0), lightColor=[1.0, 1.0, 1.0],
            lightDistance=200.0, lightAmbientCoeff=light.ambient,
            lightDiffuseCoeff=1.0 - light.ambient, lightSpecularCoeff=0.0,
            physicsClientId=client,
        )
        image = np.asarray(rgba, np.uint8).reshape(height, width, 4)[:, :, 2::-1].copy()
        return (image, np.asarray(depth, np.float32).reshape(height, width),
                np.asarray(seg, np.int32).reshape(height, width))

    def _render_background(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        p = self._p
        client = p.connect(p.DIRECT)
        tray = self.preset.tray
        try:
            self._visual_box(client, (300.0, 300.0, 0.5), tray.table_bgr, (0.0, 0.0, -0.8))
            felt_ids = set()
            for part in tray_parts(tray):
                bgr = tray.felt_bgr if part.kind == "felt" else tray.wall_bgr
                if part.shape == "box":
                    body = self._visual_box(client, part.half_extents, bgr, part.position,
                                            part.yaw_rad)
                else:
                    body = self._visual_disc(client, part.half_extents[0], bgr,
                                             part.position[2] + part.half_extents[2])
                if part.kind == "felt":
                    felt_ids.add(body)
            image, depth, seg = self._draw(client, shadow=True)
        finally:
            p.disconnect(physicsClientId=client)
        floor = (seg == 0) | np.isin(seg, list(felt_ids))
        # felt fibres and the table's grain: fixed noise, smoothed to a few pixels
        rng = np.random.default_rng([self.seed, 7])
        grain = rng.standard_normal(image.shape[:2]).astype(np.float32)
        grain = np.asarray(cv2.GaussianBlur(grain, (0, 0), 1.2), np.float32)
        grain *= tray.felt_grain / max(float(grain.std()), 1e-6)
        textured = image.astype(np.float32) + (grain * floor)[:, :, None]
        return np.clip(textured, 0, 255).astype(np.uint8), depth, floor

    def _die_body(self, die_id: int) -> int:
        if die_id not in self._die_bodies:
            p = self._p
            body = p.createMultiBody(0, -1, self._die_visual, [0, 0, -500],
                                     physicsClientId=self._dice_client)
            p.changeVisualShape(body, -1, textureUniqueId=self._texture,
                                physicsClientId=self._dice_client)
            self._die_bodies[die_id] = body
        return self._die_bodies[die_id]

    def _shadow_mask(self, solids: list[np.ndarray]) -> np.ndarray:
        """Canvas coverage (0-255) of the hard shadows cast by the given corner sets onto the floor.

        The corners are placed to a sixteenth of a pixel and the edges anti-aliased: a die that
        settles by a hundredth of a pixel moves its shadow's edge as little, where whole-pixel
        corners would shift an edge by a pixel at once (a change no camera would see).
        """
        mask = np.zeros((self.camera.canvas_height, self.camera.canvas_width), np.uint8)
        light = self.light
        scale = float(1 << SHADOW_SUBPIXEL_BITS)
        for corners in solids:
            on_floor = shadow_corners(corners, light, self.preset.tray)
            pixels = self.camera.project_canvas(on_floor).astype(np.float32)
            hull = cv2.convexHull(pixels)
            cv2.fillConvexPoly(mask, np.round(hull * scale).astype(np.int32), 255,
                               lineType=cv2.LINE_AA, shift=SHADOW_SUBPIXEL_BITS)
        return mask

    # -- one frame ---------------------------------------------------------------------------

    def render(self, t_s: float, frame_index: int, dice: Sequence[DiePose],
               hand: HandPose | None) -> Rendered:
        p = self._p
        used = set()
        for die in dice:
            body = self._die_body(die.die_id)
            used.add(body)
            p.resetBasePositionAndOrientation(body, list(die.position), list(die.orientation),
                                              physicsClientId=self._dice_client)
        for die_id, body in self._die_bodies.items():
            if body not in used:
                p.resetBasePositionAndOrientation(body, [5000.0 + die_id * 10, 0, -500],
                                                  [0, 0, 0, 1], physicsClientId=self._dice_client)
        frame = self._background.copy()
        ids = np.full(frame.shape[:2], -1, np.int32)
        solids = [die_corners(d.position, d.orientation) for d in dice]
        hand_solids = hand_box_corners(hand) if hand else []
        shadow = self._shadow_mask(solids + hand_solids)
        shaded = (shadow > 0) & self._floor
        darken = 1.0 - self.preset.lighting.shadow * shadow[shaded].astype(np.float32) / 255.0
        frame[shaded] = (frame[shaded] * darken[:, None]).astype(np.uint8)

        depth = self._bg_depth
        dice_ids = np.full(frame.shape[:2], -1, np.int32)
        if dice:
            dice_img, dice_depth, seg = self._draw(self._dice_client, shadow=False)
            for die in dice:
                dice_ids[seg == self._die_bodies[die.die_id]] = die.die_id
            in_front = (dice_ids >= 0) & (dice_depth < depth)
            ids[in_front] = dice_ids[in_front]
            self._composite_dice(frame, dice_img, ids, dice)
            self._add_glare(frame, ids, dice)
            depth = np.where(in_front, dice_depth, depth)
        if hand:
            self._pose_hand(hand)
            hand_img, hand_depth, hand_seg = self._draw(self._hand_client, shadow=False)
            over = (hand_seg >= 0) & (hand_depth < depth)
            frame[over] = hand_img[over]
            ids[over] = HAND_ID

        image = cv2.remap(frame, self._map_x, self._map_y, cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
        seen = self._remap_ids(ids)
        whole = self._remap_ids(dice_ids)
        rng = np.random.default_rng([self.seed, frame_index, 11])
        image = self._sensor.apply(image, t_s, rng)
        visible = {d.die_id: int(np.count_nonzero(seen == d.die_id)) for d in dice}
        unhidden = {d.die_id: int(np.count_nonzero(whole == d.die_id)) for d in dice}
        return Rendered(image, visible, unhidden, whole)

    def _composite_dice(self, frame: np.ndarray, dice_img: np.ndarray, ids: np.ndarray,
                        dice: Sequence[DiePose]) -> None:
        """Paste the dice over the background, smearing moving ones along their path."""
        sharp = ids >= 0
        blur_of = {d.die_id: d.blur_px for d in dice}
        for die_id, (dx, dy) in blur_of.items():
            if abs(dx) + abs(dy) < 1.0:
                continue
            ys, xs = np.nonzero(ids == die_id)
            if len(xs) == 0:
                continue
            sharp &= ids != die_id
            kernel = effects.motion_blur_kernel(dx, dy)
            pad = kernel.shape[0] // 2 + 1
            y0, y1 = max(ys.min() - pad, 0), min(ys.max() + pad + 1, frame.shape[0])
            x0, x1 = max(xs.min() - pad, 0), min(xs.max() + pad + 1, frame.shape[1])
            mask = (ids[y0:y1, x0:x1] == die_id).astype(np.float32)
            fg = dice_img[y0:y1, x0:x1].astype(np.float32) * mask[:, :, None]
            alpha = cv2.filter2D(mask, -1, kernel)[:, :, None]
            smeared = cv2.filter2D(fg, -1, kernel)
            under = frame[y0:y1, x0:x1].astype(np.float32)
            frame[y0:y1, x0:x1] = np.clip(smeared + (1 - alpha) * under, 0, 255).astype(np.uint8)
        frame[sharp] = dice_img[sharp]

    def _add_glare(self, frame: np.ndarray, ids: np.ndarray, dice: Sequence[DiePose]) -> None:
        """Specular glare of the lamp on each die's top face (broad, as from a lamp shade)."""
        gloss = self.preset.dice.gloss
        if gloss <= 0:
            return
        eye = np.array(self.camera.eye)
        for die in dice:
            corners = top_face_corners(die.position, die.orientation)
            centre = corners.mean(axis=0)
            normal = centre - np.array(die.position)
            normal /= np.linalg.norm(normal)
            mirrored = 2 * float(normal @ self.light) * normal - self.light
            view = (eye - centre) / np.linalg.norm(eye - centre)
            strength = GLARE_PEAK * gloss * max(0.0, float(mirrored @ view)) ** GLARE_SHININESS
            if strength < 0.02:
                continue
            # the highlight sits on the face towards the lamp
            along = self.light - float(self.light @ normal) * normal
            if np.linalg.norm(along) > 1e-6:
                along /= np.linalg.norm(along)
            spot = centre + along * (0.3 * DIE_SIZE_CM / 2)
            px = self.camera.project_canvas(np.stack([spot, *corners]))
            face_px = float(np.linalg.norm(px[1] - px[3]))
            sigma = max(1.0, 0.28 * face_px)
            x0, y0 = np.floor(px[1:].min(axis=0)).astype(int) - 1
            x1, y1 = np.ceil(px[1:].max(axis=0)).astype(int) + 2
            x0, y0 = max(x0, 0), max(y0, 0)
            x1, y1 = min(x1, frame.shape[1]), min(y1, frame.shape[0])
            if x1 <= x0 or y1 <= y0:
                continue
            ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
            blob = np.exp(-((xs - px[0, 0]) ** 2 + (ys - px[0, 1]) ** 2) / (2 * sigma * sigma))
            blob *= ids[y0:y1, x0:x1] == die.die_id
            patch = frame[y0:y1, x0:x1].astype(np.float32)
            patch += (255.0 - patch) * (strength * blob)[:, :, None]
            frame[y0:y1, x0:x1] = patch.astype(np.uint8)

    def _pose_hand(self, hand: HandPose) -> None:
        rot = rotation_matrix(quaternion_from_yaw(hand.yaw_rad - np.pi / 2))
        orientation = quaternion_from_yaw(hand.yaw_rad - np.pi / 2)
        for body, (_, centre) in zip(self._hand_bodies, HAND_BOXES, strict=True):
            position = rot @ np.array(centre) + np.array(hand.position)
            self._p.resetBasePositionAndOrientation(body, list(position), list(orientation),
                                                    physicsClientId=self._hand_client)

    def _remap_ids(self, ids: np.ndarray) -> np.ndarray:
        return cv2.remap(ids.astype(np.float32), self._map_x, self._map_y, cv2.INTER_NEAREST,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=-1).astype(np.int32)

    def close(self) -> None:
        p = self._p
        for client in (self._dice_client, self._hand_client):
            if client >= 0:
                p.disconnect(physicsClientId=client)
        self._dice_client = self._hand_client = -1
        self._assets.cleanup()
