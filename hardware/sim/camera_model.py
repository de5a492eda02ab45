"""The simulated camera: where it hangs, how it projects, and how its lens bends the picture.

The renderer draws an ideal pinhole picture on a canvas a little larger than the frame; the lens
distortion (OpenCV's radial model) is then applied by remapping, and ground-truth points are
projected through the same model, so truth and pixels agree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from hardware.sim.dice import DIE_SIZE_CM

if TYPE_CHECKING:
    from hardware.sim.presets import CameraSetup

FELT_TOP_CM = 0.0  # the felt's top; the table around the tray lies a few millimetres lower


@dataclass(frozen=True)
class CameraModel:
    """Pose and intrinsics of the simulated camera, and the size of the render canvas."""

    setup: CameraSetup
    eye: tuple[float, float, float]
    target: tuple[float, float, float]
    focal_px: float
    canvas_width: int
    canvas_height: int

    @classmethod
    def from_setup(cls, setup: CameraSetup) -> CameraModel:
        tilt = math.radians(setup.tilt_deg)
        # tilting moves the camera towards the player's side (world -y, the bottom of the image)
        eye = (0.0, -setup.height_cm * math.sin(tilt), FELT_TOP_CM + setup.height_cm * math.cos(tilt))
        target = (0.0, 0.0, FELT_TOP_CM)
        focal = setup.die_px * (setup.height_cm - DIE_SIZE_CM) / DIE_SIZE_CM
        probe = cls(setup, eye, target, focal, setup.width, setup.height)
        # barrel distortion pulls the corners in: the canvas must reach what they then show
        corners = np.array(
            [[0, 0], [setup.width - 1, 0], [0, setup.height - 1],
             [setup.width - 1, setup.height - 1], [setup.width / 2, 0], [0, setup.height / 2]],
            np.float64,
        )
        ideal = probe.undistort_normalised(corners)
        half_w = max(setup.width / 2, float(np.max(np.abs(ideal[:, 0]))) * focal + 2)
        half_h = max(setup.height / 2, float(np.max(np.abs(ideal[:, 1]))) * focal + 2)
        canvas_w = 2 * math.ceil(half_w)
        canvas_h = 2 * math.ceil(half_h)
        return cls(setup, eye, target, focal, canvas_w, canvas_h)

    @property
    def k_matrix(self) -> np.ndarray:
        s = self.setup
        return np.array(
            [[self.focal_px, 0, s.width / 2 - 0.5], [0, self.focal_px, s.height / 2 - 0.5],
             [0, 0, 1]],
            np.float64,
        )

    @property
    def dist_coeffs(self) -> np.ndarray:
        return np.array([self.setup.k1, self.setup.k2, 0.0, 0.0], np.float64)

    def rotation(self) -> np.ndarray:
        """World-to-camera rotation, OpenCV axes: x right, y down, z forward."""
        forward = np.subtract(self.target, self.eye)
        forward /= np.linalg.norm(forward)
        right = np.cross(forward, (0.0, 1.0, 0.0))
        right /= np.linalg.norm(right)
        down = np.cross(forward, right)
        return np.stack([right, down, forward])

    def to_camera(self, points_world: np.ndarray) -> np.ndarray:
        return (np.asarray(points_world, np.float64) - np.array(self.eye)) @ self.rotation().T

    def project(self, points_world: np.ndarray) -> np.ndarray:
        """N×3 world points (cm) to N×2 pixels of the delivered, distorted frame."""
        cam = self.to_camera(np.reshape(points_world, (-1, 3)))
        z = np.maximum(cam[:, 2], 1e-6)
        x, y = cam[:, 0] / z, cam[:, 1] / z
        r2 = x * x + y * y
        factor = 1 + self.setup.k1 * r2 + self.setup.k2 * r2 * r2
        k = self.k_matrix
        return np.stack([k[0, 0] * x * factor + k[0, 2], k[1, 1] * y * factor + k[1, 2]], axis=1)

    def project_canvas(self, points_world: np.ndarray) -> np.ndarray:
        """N×3 world points (cm) to N×2 pixels of the ideal pinhole canvas the renderer draws."""
        cam = self.to_camera(np.reshape(points_world, (-1, 3)))
        z = np.maximum(cam[:, 2], 1e-6)
        return np.stack([self.focal_px * cam[:, 0] / z + self.canvas_width / 2 - 0.5,
                         self.focal_px * cam[:, 1] / z + self.canvas_height / 2 - 0.5], axis=1)

    def undistort_normalised(self, pixels: np.ndarray) -> np.ndarray:
        """N×2 distorted pixels to N×2 ideal normalised image coordinates."""
        pts = np.asarray(pixels, np.float64).reshape(-1, 1, 2)
        return cv2.undistortPoints(pts, self.k_matrix, self.dist_coeffs).reshape(-1, 2)

    def distortion_maps(self) -> tuple[np.ndarray, np.ndarray]:
        """cv2.remap maps taking the pinhole canvas to the distorted frame."""
        s = self.setup
        grid_x, grid_y = np.meshgrid(np.arange(s.width, dtype=np.float64),
                                     np.arange(s.height, dtype=np.float64))
        ideal = self.undistort_normalised(np.stack([grid_x.ravel(), grid_y.ravel()], axis=1))
        map_x = ideal[:, 0] * self.focal_px + self.canvas_width / 2 - 0.5
        map_y = ideal[:, 1] * self.focal_px + self.canvas_height / 2 - 0.5
        return (map_x.reshape(s.height, s.width).astype(np.float32),
                map_y.reshape(s.height, s.width).astype(np.float32))

    def gl_matrices(self, pybullet: Any) -> tuple[list[float], list[float]]:
        """View and projection matrices for the physics engine's renderer, for the canvas."""
        p = pybullet
        view = p.computeViewMatrix(list(self.eye), list(self.target), [0.0, 1.0, 0.0])
        fov_y = math.degrees(2 * math.atan(self.canvas_height / 2 / self.focal_px))
        distance = self.setup.height_cm
        proj = p.computeProjectionMatrixFOV(
            fov_y, self.canvas_width / self.canvas_height, distance * 0.3, distance * 3
        )
        return list(view), list(proj)
