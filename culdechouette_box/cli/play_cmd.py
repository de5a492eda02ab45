"""`culdechouette-box play`: a game of Cul de Chouette for people at one keyboard.

Dice are typed; shouts are seat keys, timed when the key goes down. On a terminal the keys are
read one by one (cbreak mode), so that the real time between two players' keys decides a race.
When stdin is not a terminal (a script, a test), lines are read instead, each stamped when it
arrives. Either way the game writes a record that `replay` reproduces exactly.
"""

from __future__ import annotations

import argparse
import codecs
import os
import select
import sys
import termios
import time
import tty
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from culdechouette_box.record import RecordError, RecordHeader, RecordWriter, read_record, replay
from culdechouette_box.rules import engine
from culdechouette_box.rules.config import RulesConfig, Strictness
from culdechouette_box.rules.errors import ConfigurationError
from culdechouette_box.rules.state import GameState

from . import render
from .play_game import TerminalGame


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="une partie au clavier (dés tapés, cris = touches des sièges)",
        description="Play at one keyboard: type the dice, press seat keys 1-8 to shout. "
        "Every input is written to a game record that `replay` reproduces.",
    )
    parser.add_argument("--players", help='names in seat order, e.g. "Arthur,Perceval,Karadoc"')
    parser.add_argument(
        "--record", metavar="FILE", help="the record to write (an existing record is resumed)"
    )
    parser.add_argument("--negative", action="store_true", help="allow negative scores")
    parser.add_argument(
        "--strictness",
        choices=[s.value for s in Strictness],
        default=Strictness.STANDARD.value,
        help="how eagerly Bévues are given (R4.6)",
    )
    parser.add_argument(
        "--starting-seat", type=int, metavar="S", help="skip the start throw-off: seat S starts"
    )
    parser.add_argument("--title", help="a title kept in the record header")
    parser.set_defaults(func=run)


@dataclass(frozen=True)
class Typed:
    """What was typed: a line, or one seat key; `started_ns` is its first key."""

    text: str
    t_ns: int
    started_ns: int


def run(args: argparse.Namespace) -> int:
    def write(line: str) -> None:
        print(line, flush=True)

    try:
        writer, state = _open_game(args)
    except (RecordError, ConfigurationError, ValueError) as exc:
        print(f"culdechouette-box play: {exc}", file=sys.stderr)
        return 2
    with writer:
        game = TerminalGame(writer, state, write)
        write(f"Enregistrement : {writer.path}")
        write("Tapez ? pour l'aide.")
        for line in render.standings_text(game.state):
            write(line)
        write(f"En attente : {render.describe_phase(game.state)}")
        stdin = sys.stdin
        events = _keys(stdin) if stdin.isatty() else _lines(stdin)
        for typed in events:
            if typed is None:
                game.pump(time.monotonic_ns())
                continue
            game.pump(typed.started_ns)
            if not game.handle_text(typed.text, typed.t_ns, typed.started_ns):
                break
        write("")
        for line in render.standings_text(game.state):
            write(line)
        write(render.turn_text(game.state))
        write(f"Partie enregistrée dans {writer.path} (culdechouette-box replay {writer.path})")
    return 0


def _open_game(args: argparse.Namespace) -> tuple[RecordWriter, GameState]:
    path = Path(args.record or time.strftime("partie-%Y%m%d-%H%M%S.jsonl"))
    if path.exists():
        writer = RecordWriter.open(path)
        if args.players and [n for _, n in writer.header.players] != _names(args.players):
            writer.close()
            raise ValueError(f"{path} holds another game: leave out --players to resume it")
        return writer, replay(read_record(path)).state
    if not args.players:
        raise ValueError('--players "Arthur,Perceval,..." is needed for a new game')
    config = RulesConfig(negative_scores=args.negative, bevue_strictness=Strictness(args.strictness))
    players = tuple(enumerate(_names(args.players), start=1))
    header = RecordHeader(config, players, args.starting_seat, args.title)
    state, _ = engine.new_game(config, players, args.starting_seat)  # checks before writing
    writer = RecordWriter.create(path, header)
    return writer, state


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _lines(stdin: TextIO) -> Iterator[Typed]:
    """Line mode: each line is stamped when it is read (the time the last key was sent)."""
    for line in stdin:
        now = time.monotonic_ns()
        yield Typed(line.rstrip("\n"), now, now)


def _keys(stdin: TextIO) -> Iterator[Typed | None]:
    """Terminal mode: a digit on an empty line is a seat key, stamped at once; anything else
    starts a command line, echoed, ended with Entrée. Yields None when it is time to check the
    game's deadlines (every 20 ms at most while waiting)."""
    fd = stdin.fileno()
    saved = termios.tcgetattr(fd)
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    buffer = ""
    started = 0
    tty.setcbreak(fd, termios.TCSANOW)  # not TCSAFLUSH: keys typed ahead are kept
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], 0.02)
            if not ready:
                yield None
                continue
            now = time.monotonic_ns()
            chunk = os.read(fd, 64)
            if not chunk:
                return
            for ch in decoder.decode(chunk):
                if not buffer and ch in "12345678":
                    sys.stdout.write(f"[{ch}]\n")
                    sys.stdout.flush()
                    yield Typed(ch, now, now)
                elif ch in "\r\n":
                    sys.stdout.write("\n")
                    text, buffer = buffer, ""
                    if text:
                        yield Typed(text, now, started)
                elif ch in "\x7f\b":
                    if buffer:
                        buffer = buffer[:-1]
                        sys.stdout.write("\b \b")
                elif ch == "\x04" and not buffer:  # Ctrl-D on an empty line
                    return
                elif ch.isprintable():
                    if not buffer:
                        started = now
                    buffer += ch
                    sys.stdout.write(ch)
                sys.stdout.flush()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
