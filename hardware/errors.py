"""The error root of the hardware package."""


class HardwareError(Exception):
    """A device that is missing, vanished or misbehaves (camera, button, display)."""


class CameraError(HardwareError):
    """The camera could not be opened or stopped delivering frames."""
