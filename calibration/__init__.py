"""Calibration of a tray: the procedure and the profile format."""
