"""The box loop: camera frames, button edges and scribe commands in; record, rules, sinks out.

`BoxLoop` is plain logic with no thread: the real box wraps it in threads (camera, GPIO), the
demo drives it from the simulated tray, and tests drive it frame by frame.
"""

from .loop import Applied, BoxLoop, LoopSettings, Tracker
from .sinks import EffectSink, TimedSink

__all__ = ["Applied", "BoxLoop", "EffectSink", "LoopSettings", "TimedSink", "Tracker"]
