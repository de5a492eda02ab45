"""When a pip counts as seen face-on: shared by the face checks and the modules they call."""

ROUND_MIN = 0.6  # short/long axis of a pip counted as seen face-on
# a pip's outline is measured to about a pixel on each side: a blob whose axes differ by no more
# is round as far as can be seen, whatever its axis ratio (a 3-pixel pip measures 4 by 2)
ROUND_WITHIN_PX = 2.0
