"""Run every benchmark of the box and print their tables: `python -m benchmarks [NAME...]`.

Each `benchmarks/*_bench.py` module runs on its own as `python -m benchmarks.NAME_bench`.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).resolve().parent
    names = sorted(p.stem for p in here.glob("*_bench.py"))
    chosen = [n for n in names if not argv or any(a in n for a in argv)]
    if not chosen:
        print(f"no benchmark matches {argv}; there are: {', '.join(names)}", file=sys.stderr)
        return 2
    for name in chosen:
        print(f"\n## {name}\n", flush=True)
        runpy.run_module(f"benchmarks.{name}", run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
