"""A mark of a pip's ink beside a lone pip: a pip of its die, whatever size its outline measured.

The pip search outlines each blob where it stands out of the window round it, so two pips of one
face are outlined at sizes of their own: next to the top face's edge, or foreshortened on a face
tipped towards the lens, a pip's outline shrinks while its middle stays as dark as printed ink.
A 1 has one pip, and its face is bare: a round mark as dark in its middle, standing out as much,
within ON_ITS_DIE of a side is another pip of its die, however the size test sets the two apart.
"""

from __future__ import annotations

import math

from vision.faces import LIKE_CONTRAST
from vision.pips import PipBlob
from vision.pipshape import ROUND_MIN

# of the lone pip's contrast: a mark whose middle is this near the pip's in level is of the same ink
# (the two pips of a white 2 leaning on a dark round wall, outlined 5.6 and 3.9 px across: middles
# at 35 and 36 grey levels, the pips standing out by 168 and 152); felt grain and the dashes of a
# face turned up stand out from their own rings, lighter in the middle (126 and 128 beside it)
INK_LEVEL = 0.25


def ink_mark_near(pip: PipBlob, reach: float, blobs: list[PipBlob]) -> bool:
    """True when a round mark of `blobs` within `reach` of `pip` is of its ink: its middle within
    INK_LEVEL of the pip's contrast of the pip's middle, standing out LIKE_CONTRAST as much."""
    return any(
        blob is not pip
        and blob.roundness >= ROUND_MIN
        and blob.contrast >= LIKE_CONTRAST * pip.contrast
        and abs(blob.centre_level - pip.centre_level) <= INK_LEVEL * pip.contrast
        and math.hypot(blob.x - pip.x, blob.y - pip.y) <= reach
        for blob in blobs
    )
