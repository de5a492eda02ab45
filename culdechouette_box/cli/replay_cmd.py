"""`culdechouette-box replay FILE [--json] [--upto N]`: the state a game record leads to.

The output is a pure function of the record (no time, no path, no locale), so the same record
always prints the same bytes: bug reports and regression tests compare it whole.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings
from typing import Any

from culdechouette_box.record import Record, RecordError, read_record, replay
from culdechouette_box.rules.state import GameState

from . import render

REPLAY_FORMAT = "culdechouette-replay"
REPLAY_VERSION = 1  # of the --json document; bumped when a key changes meaning or goes away


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="rejoue un enregistrement de partie et affiche l'état final",
        description="Replay a game record (JSON Lines) and print the final state: scores, "
        "held items, whose turn it is, the winner(s) and the ledger.",
    )
    parser.add_argument("file", metavar="FILE", help="the game record (.jsonl)")
    parser.add_argument("--json", action="store_true", help="print a stable JSON document")
    parser.add_argument(
        "--upto", type=int, metavar="N", help="replay only the first N inputs (undo is this)"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            record = read_record(args.file)
        for warning in caught:
            print(f"attention : {warning.message}", file=sys.stderr)
        result = replay(record, args.upto)
    except RecordError as exc:
        where = "" if exc.path else f"{args.file}: "
        print(f"culdechouette-box replay: {where}{exc}", file=sys.stderr)
        return 2
    count = len(record.inputs) if args.upto is None else args.upto
    if args.json:
        text = json.dumps(json_document(record, result.state, count), ensure_ascii=False, indent=2)
        sys.stdout.write(text + "\n")
    else:
        sys.stdout.write("\n".join(text_report(record, result.state, count)) + "\n")
    return 0


def json_document(record: Record, state: GameState, count: int) -> dict[str, Any]:
    header = record.header
    return {
        "format": REPLAY_FORMAT,
        "version": REPLAY_VERSION,
        "title": header.title,
        "inputs": count,
        "ruleset": header.ruleset.to_dict(),
        **render.state_document(state),
    }


def text_report(record: Record, state: GameState, count: int) -> list[str]:
    header = record.header
    rules = header.ruleset
    negative = "autorisés" if rules.negative_scores else "interdits"
    lines = []
    if header.title:
        lines.append(header.title)
    lines += [
        f"Entrées rejouées : {count} sur {len(record.inputs)}",
        f"Règles : niveau {rules.level.value}, scores négatifs {negative}, "
        f"bévues {rules.bevue_strictness.value}",
        "",
        "Classement",
        *render.standings_text(state),
        "",
        render.turn_text(state),
        f"En attente : {render.describe_phase(state)}",
        "",
        "Registre des points",
        *render.ledger_text(state, state.ledger),
    ]
    return lines
