"""Everything a real table varies, as frozen parameters, with named presets and random scenes.

Colours are BGR (OpenCV order), lengths in centimetres, angles in degrees.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np

from hardware.sim.errors import UnknownNameError
from hardware.sim.framing import framed_tray

BGR = tuple[int, int, int]


@dataclass(frozen=True)
class DiceLook:
    body_bgr: BGR
    pip_bgr: BGR
    gloss: float = 0.5  # 0 matte .. 1 glossy: strength of the specular glare


@dataclass(frozen=True)
class TrayLook:
    shape: str = "round"  # "round" (many straight wall segments) or "rect"
    width_cm: float = 30.0  # inner diameter of a round tray, inner width of a rectangular one
    depth_cm: float = 22.0  # inner depth of a rectangular tray (ignored when round)
    wall_height_cm: float = 3.0
    wall_bgr: BGR = (40, 70, 110)
    felt_bgr: BGR = (40, 110, 30)
    table_bgr: BGR = (50, 80, 120)
    felt_grain: float = 6.0  # amplitude of the felt's fibre texture, in grey levels


@dataclass(frozen=True)
class CameraSetup:
    width: int = 640
    height: int = 480
    fps: int = 30
    height_cm: float = 55.0  # lens above the felt
    die_px: float = 26.0  # side of a flat die at the centre of the tray, in pixels
    tilt_deg: float = 0.0  # 0 looks straight down; tilted away from the player's side
    k1: float = -0.05  # radial lens distortion (OpenCV model)
    k2: float = 0.0


@dataclass(frozen=True)
class Lighting:
    azimuth_deg: float = 30.0  # where the lamp is, seen from the tray's centre
    elevation_deg: float = 60.0
    intensity: float = 1.0
    colour_temp_k: float = 5000.0
    white_balance: float = 0.6  # how much of the light's colour cast the camera corrects
    ambient: float = 0.45  # light that reaches shadows, as a share of full light
    shadow: float = 0.55  # how dark hard shadows are (0 none, 1 black)


@dataclass(frozen=True)
class SensorLook:
    noise: float = 2.0  # standard deviation of read noise, in grey levels
    shot_noise: float = 0.15  # extra noise growing with the square root of brightness
    motion_blur: float = 0.5  # exposure time as a share of the frame period
    jpeg_quality: int | None = 90  # None delivers the frame without compression
    exposure_ev: float = 0.0
    vignetting: float = 0.25  # brightness lost in the corners
    flicker: float = 0.0  # depth of 100 Hz banding from lamps on 50 Hz mains
    readout_ms: float = 25.0  # rolling-shutter readout, which turns flicker into bands
    optics_blur: float = 0.6  # sigma in pixels of the lens's softness


@dataclass(frozen=True)
class ScenePreset:
    name: str
    description: str
    dice: DiceLook
    tray: TrayLook
    camera: CameraSetup
    lighting: Lighting
    sensor: SensorLook

    def with_camera(self, **changes: Any) -> ScenePreset:
        return dataclasses.replace(self, camera=dataclasses.replace(self.camera, **changes))


WHITE: BGR = (238, 240, 240)
IVORY: BGR = (200, 228, 240)
BLACK: BGR = (25, 25, 25)
RED_DIE: BGR = (35, 30, 185)
RED_PIP: BGR = (30, 30, 190)
BLUE_PIP: BGR = (170, 60, 20)

PRESETS: dict[str, ScenePreset] = {
    preset.name: preset
    for preset in (
        ScenePreset(
            "bar-tungsten",
            "White dice with black pips on green felt under a warm bar lamp: 50 Hz banding, "
            "noise, hard shadows, a slightly tilted camera.",
            DiceLook(WHITE, BLACK, gloss=0.6),
            TrayLook(width_cm=28.0, felt_bgr=(35, 95, 25)),
            CameraSetup(tilt_deg=6.0, k1=-0.08),
            Lighting(azimuth_deg=40, elevation_deg=55, intensity=0.85, colour_temp_k=2700,
                     white_balance=0.5, ambient=0.35, shadow=0.65),
            SensorLook(noise=3.5, shot_noise=0.3, jpeg_quality=80, exposure_ev=-0.2,
                       vignetting=0.35, flicker=0.15),
        ),
        ScenePreset(
            "white-felt",
            "Ivory dice with black pips on white felt in daylight: little contrast between die "
            "and felt, soft shadows.",
            DiceLook(IVORY, BLACK, gloss=0.3),
            TrayLook(shape="rect", felt_bgr=(222, 226, 228), wall_bgr=(150, 150, 150),
                     table_bgr=(90, 110, 130), felt_grain=4.0),
            CameraSetup(die_px=28.0),
            Lighting(azimuth_deg=120, elevation_deg=70, colour_temp_k=6000, ambient=0.6,
                     shadow=0.35),
            SensorLook(noise=1.5, jpeg_quality=92, vignetting=0.15),
        ),
        ScenePreset(
            "red-dice",
            "Translucent-red casino dice with white pips on green felt, neutral light, glare.",
            DiceLook(RED_DIE, WHITE, gloss=0.9),
            TrayLook(),
            CameraSetup(die_px=24.0, tilt_deg=3.0),
            Lighting(azimuth_deg=200, elevation_deg=65, colour_temp_k=4200),
            SensorLook(),
        ),
        ScenePreset(
            "white-black-daylight",
            "White dice with black pips on blue felt by a window.",
            DiceLook(WHITE, BLACK, gloss=0.4),
            TrayLook(shape="rect", felt_bgr=(110, 60, 20)),
            CameraSetup(),
            Lighting(azimuth_deg=300, elevation_deg=50, colour_temp_k=6500, shadow=0.6),
            SensorLook(noise=1.5),
        ),
        ScenePreset(
            "ivory-red-felt",
            "Ivory dice with black pips on burgundy felt under a warm ceiling light.",
            DiceLook(IVORY, BLACK, gloss=0.3),
            TrayLook(width_cm=24.0, felt_bgr=(40, 30, 110)),
            CameraSetup(die_px=30.0, k1=-0.1),
            Lighting(azimuth_deg=90, elevation_deg=75, colour_temp_k=3200, ambient=0.4),
            SensorLook(noise=2.5, flicker=0.05),
        ),
        ScenePreset(
            "red-pips",
            "White dice with red pips on dark grey felt.",
            DiceLook(WHITE, RED_PIP, gloss=0.5),
            TrayLook(width_cm=28.0, felt_bgr=(60, 60, 60), wall_bgr=(30, 30, 30)),
            CameraSetup(),
            Lighting(azimuth_deg=10, elevation_deg=60, colour_temp_k=4500),
            SensorLook(),
        ),
        ScenePreset(
            "blue-pips",
            "White dice with blue pips on green felt, low camera with a wide lens.",
            DiceLook(WHITE, BLUE_PIP, gloss=0.5),
            TrayLook(width_cm=24.0),
            CameraSetup(height_cm=40.0, die_px=30.0, k1=-0.15, k2=0.02),
            Lighting(azimuth_deg=250, elevation_deg=60, colour_temp_k=5000),
            SensorLook(),
        ),
        ScenePreset(
            "dark-dice",
            "Black dice with white pips on green felt under a bar lamp.",
            DiceLook((35, 35, 40), WHITE, gloss=0.7),
            TrayLook(width_cm=28.0, felt_bgr=(50, 120, 40)),
            CameraSetup(),
            Lighting(azimuth_deg=60, elevation_deg=55, colour_temp_k=3000, ambient=0.45),
            SensorLook(noise=3.0, jpeg_quality=85, flicker=0.08),
        ),
    )
}

DEFAULT_PRESET = "bar-tungsten"


def get_preset(name: str) -> ScenePreset:
    """The named preset, or an error that offers the closest names."""
    try:
        return PRESETS[name]
    except KeyError:
        raise UnknownNameError("preset", name, PRESETS) from None


def random_preset(seed: int) -> ScenePreset:
    """A plausible table drawn at random: the same seed gives the same scene."""
    rng = np.random.default_rng(seed)

    def uniform(low: float, high: float) -> float:
        return float(rng.uniform(low, high))

    def colour(low: int, high: int) -> BGR:
        b, g, r = (int(v) for v in rng.integers(low, high, size=3))
        return (b, g, r)

    dice_choices: tuple[tuple[BGR, BGR], ...] = (
        (WHITE, BLACK), (IVORY, BLACK), (RED_DIE, WHITE), (WHITE, RED_PIP), (WHITE, BLUE_PIP),
        ((35, 35, 40), WHITE),
    )
    body, pip = dice_choices[int(rng.integers(len(dice_choices)))]
    felt = colour(20, 140) if rng.random() < 0.8 else colour(200, 235)
    scene = ScenePreset(
        f"random-{seed}",
        "A table drawn at random for tests.",
        DiceLook(body, pip, gloss=uniform(0.1, 0.9)),
        TrayLook(shape="round" if rng.random() < 0.5 else "rect",
                 width_cm=uniform(26, 32), depth_cm=uniform(20, 24),
                 wall_height_cm=uniform(2.5, 4.0), wall_bgr=colour(20, 160), felt_bgr=felt,
                 table_bgr=colour(40, 160), felt_grain=uniform(2, 8)),
        CameraSetup(height_cm=uniform(40, 65), die_px=uniform(22, 32), tilt_deg=uniform(0, 8),
                    k1=uniform(-0.15, 0.0), k2=uniform(0.0, 0.03)),
        Lighting(azimuth_deg=uniform(0, 360), elevation_deg=uniform(45, 80),
                 intensity=uniform(0.75, 1.1), colour_temp_k=uniform(2600, 6500),
                 white_balance=uniform(0.3, 0.9), ambient=uniform(0.3, 0.6),
                 shadow=uniform(0.3, 0.7)),
        SensorLook(noise=uniform(1, 4), shot_noise=uniform(0, 0.3), motion_blur=uniform(0.2, 0.8),
                   jpeg_quality=int(rng.integers(70, 96)), exposure_ev=uniform(-0.4, 0.3),
                   vignetting=uniform(0, 0.4), flicker=uniform(0, 0.12)),
    )
    # the tray is drawn first and then fitted: an installer frames the whole tray
    return dataclasses.replace(scene, tray=framed_tray(scene.tray, scene.camera))


def resolve_preset(preset: str | ScenePreset) -> ScenePreset:
    """A preset given by name (including "random-SEED") or as a value."""
    if isinstance(preset, ScenePreset):
        return preset
    if preset.startswith("random-") and preset[len("random-"):].isdigit():
        return random_preset(int(preset[len("random-"):]))
    return get_preset(preset)
