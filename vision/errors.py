"""The error root of the vision package."""


class VisionError(Exception):
    """A frame, an image file or a calibration profile that vision cannot use."""
