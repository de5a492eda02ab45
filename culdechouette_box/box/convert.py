"""Vision's tray events turned into the rules' tray inputs.

Vision knows nothing of the game and the rules import nothing of vision: this is the one place
where the two meet. Positions stay in image pixels (the rules only compare distances, to tell
which chouette a cul knocked).
"""

from __future__ import annotations

from culdechouette_box.rules import inputs as rules
from vision import events as vision


def rest_input(event: vision.TrayAtRest) -> rules.TrayAtRest:
    dice = tuple(
        rules.RestingDie(d.die_id, d.value, float(d.center[0]), float(d.center[1])) for d in event.dice
    )
    return rules.TrayAtRest(event.t_ns, dice, event.off_tray)


def tray_input(event: vision.TrayEvent) -> rules.TrayMotion | rules.TrayAtRest:
    """The rules input for one tray event."""
    if isinstance(event, vision.TrayAtRest):
        return rest_input(event)
    return rules.TrayMotion(event.t_ns)
