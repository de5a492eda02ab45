"""`play` on a real terminal (a pseudo-terminal): seat keys are read one by one, unbuffered."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from culdechouette_box.record import read_record, replay
from culdechouette_box.rules.inputs import Announcement


def _read_until(fd: int, marker: bytes, limit_s: float = 20.0) -> bytes:
    seen = b""
    end = time.monotonic() + limit_s
    while marker not in seen and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                seen += os.read(fd, 4096)
            except OSError:
                break
    return seen


def test_seat_keys_are_stamped_when_pressed_on_a_terminal(tmp_path: Path) -> None:
    record = tmp_path / "partie.jsonl"
    main_fd, child_fd = pty.openpty()
    argv = ["play", "--players", "Arthur,Perceval", "--starting-seat", "1", "--record", str(record)]
    process = subprocess.Popen(
        [sys.executable, "-m", "culdechouette_box.cli.main", *argv],
        stdin=child_fd,
        stdout=child_fd,
        stderr=child_fd,
    )
    os.close(child_fd)
    try:
        _read_until(main_fd, b"En attente")
        os.write(main_fd, b"d 22\r")
        _read_until(main_fd, b"LE CUL")
        os.write(main_fd, b"d 4\r")  # Chouette-Velute de 4
        _read_until(main_fd, b"PAS MOU LE CAILLOU ?")
        os.write(main_fd, b"2")  # no Entrée: a key is a shout at once
        _read_until(main_fd, b"[2]")
        time.sleep(0.1)
        os.write(main_fd, b"1")
        shown = _read_until(main_fd, b"+32 PERCEVAL")
        os.write(main_fd, b"q\r")
        shown += _read_until(main_fd, b"Partie enregistr")
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()
        os.close(main_fd)
    assert b"+32 PERCEVAL" in shown
    game = read_record(record)
    shouts = [inp for inp in game.inputs if isinstance(inp, Announcement)]
    assert [s.seat for s in shouts] == [2, 1]
    assert shouts[1].t_ns - shouts[0].t_ns >= 100_000_000  # each key carries its own time
    assert replay(game).state.scores == {1: 0, 2: 32}
