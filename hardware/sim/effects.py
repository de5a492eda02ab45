"""What the camera does to the light: colour cast, exposure, vignetting, mains flicker banding,
lens softness, sensor noise and JPEG compression. All deterministic for a given seed and frame.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from hardware.sim.presets import Lighting, SensorLook

MAINS_LIGHT_HZ = 100.0  # lamps on 50 Hz mains flicker at twice the mains frequency


def kelvin_to_bgr(kelvin: float) -> np.ndarray:
    """Approximate colour of a black body at `kelvin`, as BGR gains with green = 1."""
    t = kelvin / 100.0
    if t <= 66:
        red = 255.0
        green = 99.4708025861 * math.log(t) - 161.1195681661
        blue = 0.0 if t <= 19 else 138.5177312231 * math.log(t - 10) - 305.0447927307
    else:
        red = 329.698727446 * (t - 60) ** -0.1332047592
        green = 288.1221695283 * (t - 60) ** -0.0755148492
        blue = 255.0
    bgr = np.clip(np.array([blue, green, red]), 1.0, 255.0)
    return bgr / bgr[1]


def channel_gains(lighting: Lighting, sensor: SensorLook) -> np.ndarray:
    """Per-channel gain: the lamp's colour, partly corrected by white balance, and exposure."""
    cast = kelvin_to_bgr(lighting.colour_temp_k) / kelvin_to_bgr(5500.0)
    cast = cast ** (1.0 - lighting.white_balance)
    cast = cast / float(np.mean(cast))
    return (cast * lighting.intensity * 2.0 ** sensor.exposure_ev).astype(np.float32)


def vignetting_map(width: int, height: int, strength: float) -> np.ndarray:
    """Brightness falling off towards the corners (cos⁴-like), 1 at the centre."""
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    r2 = ((xs - width / 2) ** 2 + (ys - height / 2) ** 2) / ((width / 2) ** 2 + (height / 2) ** 2)
    return (1.0 - strength * r2 ** 1.5).astype(np.float32)


def flicker_rows(height: int, t_s: float, sensor: SensorLook) -> np.ndarray:
    """Gain of each row: a rolling shutter reads rows at different phases of the lamp's flicker."""
    if sensor.flicker <= 0:
        return np.ones(height, np.float32)
    row_times = t_s + np.arange(height, dtype=np.float64) * (sensor.readout_ms / 1000.0 / height)
    wave = 0.5 + 0.5 * np.sin(2 * math.pi * MAINS_LIGHT_HZ * row_times)
    return (1.0 - sensor.flicker * wave).astype(np.float32)


NOISE_BANK_SIZE = 4  # noise fields drawn once per scene; each frame takes a random window
NOISE_MARGIN = 48


class Sensor:
    """The camera's sensor for one scene: what does not change between frames is computed once.

    Drawing 900 000 normal deviates per frame would cost more than rendering the dice, so a
    few noise fields are drawn up front and each frame reads one at a random offset and sign.
    """

    def __init__(self, width: int, height: int, lighting: Lighting, sensor: SensorLook,
                 seed: int) -> None:
        self.sensor = sensor
        gains = channel_gains(lighting, sensor)
        vignette = vignetting_map(width, height, sensor.vignetting)
        self._scale = np.ascontiguousarray(vignette[:, :, None] * gains[None, None, :])
        rng = np.random.default_rng([seed, 5])
        shape = (height + NOISE_MARGIN, width + NOISE_MARGIN, 3)
        self._noise = [rng.standard_normal(shape, dtype=np.float32)
                       for _ in range(NOISE_BANK_SIZE)]
        self._height, self._width = height, width

    def apply(self, image: np.ndarray, t_s: float, rng: np.random.Generator) -> np.ndarray:
        """Turn the ideal picture (BGR uint8, lens applied) into what the camera delivers."""
        sensor = self.sensor
        if sensor.optics_blur > 0:
            image = cv2.GaussianBlur(image, (0, 0), sensor.optics_blur)
        out: np.ndarray = np.asarray(cv2.multiply(image.astype(np.float32), self._scale))
        if sensor.flicker > 0:
            out *= flicker_rows(self._height, t_s, sensor)[:, None, None]
        sigma: np.ndarray = cv2.sqrt(out * np.float32(sensor.shot_noise ** 2) + np.float32(sensor.noise ** 2))
        field = self._noise[int(rng.integers(NOISE_BANK_SIZE))]
        dy, dx = (int(v) for v in rng.integers(0, NOISE_MARGIN, size=2))
        noise = field[dy:dy + self._height, dx:dx + self._width]
        out += sigma * noise if rng.random() < 0.5 else -(sigma * noise)
        np.clip(out, 0.0, 254.5, out=out)
        out += 0.5
        result: np.ndarray = out.astype(np.uint8)
        if sensor.jpeg_quality is not None:
            ok, encoded = cv2.imencode(".jpg", result,
                                       [cv2.IMWRITE_JPEG_QUALITY, sensor.jpeg_quality])
            decoded = cv2.imdecode(encoded, cv2.IMREAD_COLOR) if ok else None
            if decoded is not None:
                result = np.asarray(decoded)
        return result


def motion_blur_kernel(dx: float, dy: float) -> np.ndarray:
    """A normalised line kernel covering the path (dx, dy) in pixels, centred on the origin."""
    length = max(1, math.ceil(math.hypot(dx, dy)))
    size = 2 * length + 1
    kernel = np.zeros((size, size), np.float32)
    for i in range(length + 1):
        f = i / length - 0.5
        kernel[round(length + f * dy), round(length + f * dx)] = 1.0
    return kernel / kernel.sum()
