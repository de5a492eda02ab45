"""Die geometry: which face shows which value, the pip texture atlas and the bevelled cube mesh.

Lengths are in centimetres, the unit of the whole simulated world (a 1.6 cm die is a comfortable
size for the physics engine, where 0.016 m would sit below its collision margins).

Faces are fixed to the die's local axes so that opposite faces sum to 7 and 1, 2, 3 run
counter-clockwise round their shared corner, as on western dice:
+z = 1, +x = 2, +y = 3, -y = 4, -x = 5, -z = 6. The true top value is read from the body's
orientation, never from the picture.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

DIE_SIZE_CM = 1.6
BEVEL_CM = 0.13  # rounded edges are approximated by a chamfer this wide
COCKED_TILT_DEG = 8.0  # a resting die tilted more than this does not lie flat

# (axis index, sign) -> value
FACE_VALUES: dict[tuple[int, int], int] = {
    (2, 1): 1,
    (0, 1): 2,
    (1, 1): 3,
    (1, -1): 4,
    (0, -1): 5,
    (2, -1): 6,
}

# pip centres on a face, in units of the flat face from -1 to 1
_PIP_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.0, 0.0),),
    2: ((-0.5, -0.5), (0.5, 0.5)),
    3: ((-0.5, -0.5), (0.0, 0.0), (0.5, 0.5)),
    4: ((-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)),
    5: ((-0.5, -0.5), (0.5, -0.5), (0.0, 0.0), (-0.5, 0.5), (0.5, 0.5)),
    6: ((-0.5, -0.6), (0.5, -0.6), (-0.5, 0.0), (0.5, 0.0), (-0.5, 0.6), (0.5, 0.6)),
}
PIP_RADIUS_FACE = 0.19  # of the half width of the flat face: pips about 2.5 mm across

ATLAS_COLS = 4  # tiles 0..5 are the faces 1..6, tile 6 is plain body colour for the bevels
ATLAS_ROWS = 2


@dataclass(frozen=True)
class DieOrientation:
    """What the orientation of a die says about its top face."""

    value: int
    tilt_deg: float  # angle between the top face's normal and the vertical

    @property
    def cocked(self) -> bool:
        return self.tilt_deg > COCKED_TILT_DEG


def rotation_matrix(quaternion_xyzw: tuple[float, float, float, float]) -> np.ndarray:
    """3×3 rotation matrix of a unit quaternion in the physics engine's (x, y, z, w) order."""
    x, y, z, w = quaternion_xyzw
    return np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
    )


def top_face(quaternion_xyzw: tuple[float, float, float, float]) -> DieOrientation:
    """The face whose normal points most nearly up, and how far it is from upright."""
    up_in_die = rotation_matrix(quaternion_xyzw).T @ np.array([0.0, 0.0, 1.0])
    axis = int(np.argmax(np.abs(up_in_die)))
    sign = 1 if up_in_die[axis] > 0 else -1
    cos_tilt = min(1.0, abs(float(up_in_die[axis])))
    return DieOrientation(FACE_VALUES[(axis, sign)], math.degrees(math.acos(cos_tilt)))


def top_face_corners(position: tuple[float, float, float],
                     quaternion_xyzw: tuple[float, float, float, float]) -> np.ndarray:
    """World corners (4×3, in order round the face) of the face that points most nearly up."""
    rot = rotation_matrix(quaternion_xyzw)
    up_in_die = rot.T @ np.array([0.0, 0.0, 1.0])
    axis = int(np.argmax(np.abs(up_in_die)))
    sign = 1.0 if up_in_die[axis] > 0 else -1.0
    others = [i for i in range(3) if i != axis]
    half = DIE_SIZE_CM / 2
    corners = []
    for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        local = np.zeros(3)
        local[axis] = sign * half
        local[others[0]], local[others[1]] = su * half, sv * half
        corners.append(rot @ local + np.array(position))
    return np.array(corners)


def orientation_showing(value: int) -> tuple[float, float, float, float]:
    """A quaternion (x, y, z, w) that puts `value` on top, used to place dice by hand."""
    half = math.sqrt(0.5)
    by_value = {
        1: (0.0, 0.0, 0.0, 1.0),
        6: (1.0, 0.0, 0.0, 0.0),
        2: (0.0, -half, 0.0, half),  # +x turned up
        5: (0.0, half, 0.0, half),
        3: (half, 0.0, 0.0, half),  # +y turned up
        4: (-half, 0.0, 0.0, half),
    }
    return by_value[value]


def face_tile(value: int, tile_px: int, body_bgr: tuple[int, int, int],
              pip_bgr: tuple[int, int, int]) -> np.ndarray:
    """One face as a square BGR image: body colour with round pips, drawn anti-aliased."""
    scale = 8  # draw large and shrink, which anti-aliases the pip edges
    big = np.empty((tile_px * scale, tile_px * scale, 3), np.uint8)
    big[:] = body_bgr
    half = tile_px * scale / 2
    radius = round(PIP_RADIUS_FACE * half)
    for fx, fy in _PIP_LAYOUT[value]:
        centre = (round(half + fx * half * 0.95), round(half + fy * half * 0.95))
        cv2.circle(big, centre, radius, pip_bgr, thickness=-1, lineType=cv2.LINE_AA)
    return cv2.resize(big, (tile_px, tile_px), interpolation=cv2.INTER_AREA)


def texture_atlas(body_bgr: tuple[int, int, int], pip_bgr: tuple[int, int, int],
                  tile_px: int = 64) -> np.ndarray:
    """The six faces and a plain tile in one BGR image, laid out as the mesh's UVs expect."""
    atlas = np.empty((tile_px * ATLAS_ROWS, tile_px * ATLAS_COLS, 3), np.uint8)
    atlas[:] = body_bgr
    for value in range(1, 7):
        row, col = divmod(value - 1, ATLAS_COLS)
        atlas[row * tile_px:(row + 1) * tile_px, col * tile_px:(col + 1) * tile_px] = face_tile(
            value, tile_px, body_bgr, pip_bgr
        )
    return atlas


def _tile_uv(tile: int, u: float, v: float) -> tuple[float, float]:
    """Atlas UV of point (u, v) in [0, 1]² of a tile; v counts from the top of the image."""
    row, col = divmod(tile, ATLAS_COLS)
    inset = 0.02  # keep away from the neighbouring tile when the texture is sampled
    u = inset + u * (1 - 2 * inset)
    v = inset + v * (1 - 2 * inset)
    return (col + u) / ATLAS_COLS, 1.0 - (row + v) / ATLAS_ROWS


def bevelled_cube_obj(size: float = DIE_SIZE_CM, bevel: float = BEVEL_CM) -> str:
    """Wavefront OBJ text of a cube with chamfered edges and corners, UV-mapped to the atlas."""
    h = size / 2
    inner = h - bevel
    positions: list[tuple[float, float, float]] = []
    uvs: list[tuple[float, float]] = []
    normals: list[tuple[float, float, float]] = []
    faces: list[str] = []

    def vertex(axis: int, sign: int, signs: tuple[int, int, int]) -> tuple[float, float, float]:
        p = [signs[i] * inner for i in range(3)]
        p[axis] = sign * h
        return (p[0], p[1], p[2])

    def add_polygon(points: list[tuple[float, float, float]], uv: list[tuple[float, float]],
                    outward: tuple[float, float, float]) -> None:
        a, b, c = (np.array(points[i]) for i in range(3))
        normal = np.cross(b - a, c - a)
        if float(np.dot(normal, outward)) < 0:
            points, uv = points[::-1], uv[::-1]
        n = np.array(outward) / np.linalg.norm(outward)
        normals.append((float(n[0]), float(n[1]), float(n[2])))
        refs = []
        for point, coord in zip(points, uv, strict=True):
            positions.append(point)
            uvs.append(coord)
            refs.append(f"{len(positions)}/{len(uvs)}/{len(normals)}")
        faces.append("f " + " ".join(refs))

    plain = _tile_uv(6, 0.5, 0.5)
    for (axis, sign), value in FACE_VALUES.items():
        b_axis, c_axis = [i for i in range(3) if i != axis]
        corners = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
        pts, uv = [], []
        for su, sv in corners:
            signs = [0, 0, 0]
            signs[b_axis], signs[c_axis] = su, sv
            pts.append(vertex(axis, sign, (signs[0], signs[1], signs[2])))
            uv.append(_tile_uv(value - 1, (su + 1) / 2, (sv + 1) / 2))
        outward = [0.0, 0.0, 0.0]
        outward[axis] = float(sign)
        add_polygon(pts, uv, (outward[0], outward[1], outward[2]))

    for axis_a, axis_b in itertools.combinations(range(3), 2):
        axis_c = 3 - axis_a - axis_b
        for sa, sb in itertools.product((-1, 1), repeat=2):
            pts = []
            for face_axis, face_sign, other_axis, other_sign, order in (
                (axis_a, sa, axis_b, sb, (-1, 1)),
                (axis_b, sb, axis_a, sa, (1, -1)),
            ):
                for sc in order:
                    signs = [0, 0, 0]
                    signs[other_axis], signs[axis_c] = other_sign, sc
                    pts.append(vertex(face_axis, face_sign, (signs[0], signs[1], signs[2])))
            outward = [0.0, 0.0, 0.0]
            outward[axis_a], outward[axis_b] = sa, sb
            add_polygon(pts, [plain] * 4, (outward[0], outward[1], outward[2]))

    for cx, cy, cz in itertools.product((-1, 1), repeat=3):
        corner = (cx, cy, cz)
        pts = [vertex(axis, corner[axis], corner) for axis in range(3)]
        add_polygon(pts, [plain] * 3, (float(corner[0]), float(corner[1]), float(corner[2])))

    lines = [f"v {x:.5f} {y:.5f} {z:.5f}" for x, y, z in positions]
    lines += [f"vt {u:.5f} {v:.5f}" for u, v in uvs]
    lines += [f"vn {x:.5f} {y:.5f} {z:.5f}" for x, y, z in normals]
    lines += faces
    return "\n".join(lines) + "\n"


def write_die_assets(directory: Path, body_bgr: tuple[int, int, int],
                     pip_bgr: tuple[int, int, int]) -> tuple[Path, Path]:
    """Write the mesh and the texture the physics engine's renderer loads; return both paths."""
    directory.mkdir(parents=True, exist_ok=True)
    mesh = directory / "die.obj"
    mesh.write_text(bevelled_cube_obj())
    texture = directory / ("die-" + "-".join(str(c) for c in (*body_bgr, *pip_bgr)) + ".png")
    cv2.imwrite(str(texture), texture_atlas(body_bgr, pip_bgr))
    return mesh, texture
