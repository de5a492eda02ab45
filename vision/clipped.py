"""A lit face's colour where the picture's ceiling cut a channel short.

The reader white-balances a frame by scaling each channel (`planes.white_balanced`), up to
MAX_BALANCE_GAIN, and a level scaled past 255 is cut there. On a bright top face the channel most
raised may so stop at 255 while the others go on: its share of the face's colour is read short,
and the face looks tinted away from that channel. The same die's face in shade, well under the
ceiling, keeps every channel's share (an ivory die on blue felt in daylight, green raised 1.47
times: its top face read (234, 255, 239) in BGR, its shaded turned-up face (99, 141, 101), 0.126 off
in tint; with the top face's green given back from that face, 333 against the 337 the gain made of
the picture as taken, 0.0004). With one channel cut, only the other two channels' ratio, and the
balance's largest gain, tell the tint.
"""

from __future__ import annotations

import numpy as np

# the balance's largest gain: no channel of the picture as taken (255 at most) is raised further
MAX_BALANCE_GAIN = 1.6
# a face's median level this near 255 is the ceiling's (the samples round it are read between pixels)
CEILING = 254.0


def unclipped(top: np.ndarray, shade: np.ndarray) -> np.ndarray:
    """The colour `top` (B, G, R) of a lit face, each channel cut at the ceiling raised to what
    `shade` (a face that may be of the same die, in shade) gives it against the channels under the
    ceiling: no less than 255, no more than 255 times the balance's largest gain.

    Where no channel is cut, or every channel is (no share is left to scale by), `top` as it is.
    """
    cut = top >= CEILING
    if not cut.any() or cut.all():
        return top
    scale = float(top[~cut].sum()) / max(float(shade[~cut].sum()), 1.0)
    return np.where(cut, np.clip(shade * scale, 255.0, 255.0 * MAX_BALANCE_GAIN), top)
