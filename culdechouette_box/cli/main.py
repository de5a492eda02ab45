"""Entry point: `culdechouette-box SUBCOMMAND ...`.

Each subcommand lives in its own module of this package with two functions:
`register(subparsers)` adds its parser and sets `func`, and the function takes the parsed
arguments and returns an exit status. Modules are imported lazily so that `--help` and the pure
commands never pull in OpenCV or a physics engine.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# name of the module in culdechouette_box.cli, in the order shown by --help
SUBCOMMAND_MODULES: tuple[str, ...] = (
    "replay_cmd",
    "play_cmd",
    "demo_cmd",
    "simulate_cmd",
    "read_dice_cmd",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="culdechouette-box",
        description="La boîte qui arbitre le Cul de Chouette.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMAND_MODULES:
        try:
            module = importlib.import_module(f"culdechouette_box.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"culdechouette_box.cli.{name}":
                continue  # not built yet in this checkout
            raise
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        status: int = args.func(args)
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
