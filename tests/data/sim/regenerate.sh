#!/usr/bin/env bash
# Re-render the committed simulated sequences (needs the sim extra: pip install -e '.[sim]').
# Frames are thinned (--thin); truth.jsonl lists every frame. Run from the repository root.
set -euo pipefail
out=tests/data/sim
while read -r scenario preset seed; do
    rm -rf "$out/$scenario-$preset"
    culdechouette-box simulate "$scenario" --preset "$preset" --seed "$seed" --thin \
        --out "$out/$scenario-$preset"
done <<'LIST'
two-then-one bar-tungsten 1
sirotage white-felt 2
hand-in-tray bar-tungsten 3
cocked red-dice 4
off-tray white-black-daylight 5
three-at-once dark-dice 6
dice-touching ivory-red-felt 7
challenge-rethrow blue-pips 8
cul-first red-pips 9
throw-off random-10 10
LIST
