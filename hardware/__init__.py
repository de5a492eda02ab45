"""Buttons, LEDs, camera sources and scoreboards, each behind a small interface with a fake.

Pi-only libraries (picamera2, gpiozero's lgpio backend, luma, inky) are imported lazily inside the
adapter that needs them, so this package imports on any Linux machine.
"""
