"""The terminal game: typed dice and seat keys become a record that replays to the same game."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from culdechouette_box.cli.main import main
from culdechouette_box.cli.play_commands import CommandError, Dice, Say, Taps, parse
from culdechouette_box.cli.play_game import TerminalGame
from culdechouette_box.record import RecordHeader, RecordWriter, read_record, replay
from culdechouette_box.rules import engine
from culdechouette_box.rules.config import MS, RulesConfig
from culdechouette_box.rules.inputs import Announcement, Shout, Tick, TrayAtRest, TrayMotion

PLAYERS = ((1, "Arthur"), (2, "Perceval"), (3, "Karadoc"))


def _game(tmp_path: Path, config: RulesConfig | None = None) -> tuple[TerminalGame, list[str]]:
    config = config or RulesConfig()
    path = tmp_path / "game.jsonl"
    writer = RecordWriter.create(path, RecordHeader(config, PLAYERS, starting_seat=1))
    state, _ = engine.new_game(config, PLAYERS, 1)
    shown: list[str] = []
    return TerminalGame(writer, state, shown.append, clock=lambda: 0, sleep=lambda s: None), shown


def test_parse_the_typed_language() -> None:
    assert parse("2") == Taps((2,))
    assert parse("1 3") == Taps((1, 3))
    assert parse("d 34") == Dice((3, 4))
    assert parse("d3x") == Dice((3, None))
    assert parse("d 6+34") == Dice((3, 4), kept=(6,))
    assert parse("d 34!") == Dice((3, 4), off_tray=1)
    assert parse("b 2 4") == Say(2, Shout.BIRD, value=4)
    assert parse("g 1 3") == Say(1, Shout.GRELOTTINE, target=3)
    assert parse("m 1 chouette max") == Say(1, Shout.STAKE, None, None, "chouette")
    assert parse("m 1 cdc 12") == Say(1, Shout.STAKE, 12, None, "cul_de_chouette")
    assert parse("cv 2 50 velute") == Say(2, Shout.CIVET, 50, None, "velute")
    assert parse("") is None
    for wrong in ("9", "d 7", "b 2", "m 1 brelan", "xyz", "w"):
        with pytest.raises(CommandError):
            parse(wrong)


def test_typed_dice_keep_ids_as_the_tracker_would(tmp_path: Path) -> None:
    game, _ = _game(tmp_path, RulesConfig(negative_scores=True))  # siroting from 0 points
    game.handle_text("d 44", 1_000 * MS)
    game.handle_text("d 2", 2_000 * MS)
    game.handle_text("s 1", 2_500 * MS)  # Je sirote
    for seat in (2, 3):
        game.handle_text(f"c {seat}", 2_600 * MS)
    game.handle_text("d 4", 4_000 * MS)
    rests = [inp for inp in read_record(game.writer.path).inputs if isinstance(inp, TrayAtRest)]
    chouettes, cul, sirotage = (tuple((d.die_id, d.value) for d in r.dice) for r in rests)
    assert chouettes == ((1, 4), (2, 4))
    assert cul == ((1, 4), (2, 4), (3, 2))  # the chouettes stay
    assert sirotage == ((1, 4), (2, 4), (4, 4))  # only the odd die is new
    assert game.state.player(1).score == 80  # Cul de Chouette de 4 by sirotage


def test_a_challenge_rethrow_keeps_the_dice_typed_before_the_plus(tmp_path: Path) -> None:
    game, _ = _game(tmp_path, RulesConfig(negative_scores=True))
    # Chouettes of 25 and 36, a Velute of 50 for Karadoc, then Néants for Arthur and Perceval
    throws = ("d 55", "d 3", "d 66", "d 4", "d 14", "d 5", "d 13", "d 6", "d 24", "d 1")
    for second, line in enumerate(throws, start=1):
        game.handle_text(line, second * 1_000 * MS)
    assert game.state.player(1).grelottine and game.state.player(2).grelottine
    start = game.state.now_ns + 1_000 * MS
    game.handle_text("g 2 1", start)  # Perceval challenges Arthur
    game.pump(start + 100 * MS)
    game.handle_text("m 2 velute", start + 200 * MS)  # Max: ceil(25 / 4) = 7
    game.handle_text("d 12", start + 1_000 * MS)
    game.handle_text("d 6", start + 2_000 * MS)  # 1-2-6, not a Velute: a second throw
    game.handle_text("d 6+15", start + 3_000 * MS)  # keeps the 6: 6-1-5 is a Velute de 6
    first, second = [i for i in read_record(game.writer.path).inputs if isinstance(i, TrayAtRest)][-2:]
    six = next(d for d in first.dice if d.value == 6)
    assert six in second.dice and len({d.die_id for d in second.dice} & {d.die_id for d in first.dice}) == 1
    assert len({d.x for d in second.dice}) == 3  # dice lie apart
    assert game.state.scores == {1: 25 + 7 + 72, 2: 36 - 7, 3: 50}
    assert game.state.turn_seat == 3  # the challenge was not a turn: Karadoc plays (R6.7)


def test_each_dice_line_is_a_motion_then_a_rest(tmp_path: Path) -> None:
    game, _ = _game(tmp_path)
    game.handle_text("d 34", 1_000 * MS, started_ns=900 * MS)
    inputs = read_record(game.writer.path).inputs
    assert [type(inp) for inp in inputs] == [TrayMotion, TrayAtRest]
    assert inputs[0].t_ns == 900 * MS and inputs[1].t_ns == 1_000 * MS


def test_seat_keys_race_on_their_own_times(tmp_path: Path) -> None:
    game, shown = _game(tmp_path)
    game.handle_text("d 22", 1_000 * MS)
    game.handle_text("d 4", 2_000 * MS)  # Chouette-Velute de 4: 32 points
    game.handle_text("3", 2_300 * MS)
    game.handle_text("2", 2_340 * MS)  # 40 ms later: outside the 20 ms tie window
    game.pump(3_000 * MS)
    assert game.state.player(3).score == 32
    assert game.state.player(2).score == 0
    inputs = read_record(game.writer.path).inputs
    assert inputs[4:7] == (
        Announcement(2_300 * MS, 3, Shout.TAP),
        Tick(2_300 * MS + 20 * MS + 1),  # the race closes one tie window after the first shout
        Announcement(2_340 * MS, 2, Shout.TAP),
    )
    assert any("PAS MOU LE CAILLOU +32 KARADOC" in line for line in shown)


def test_a_window_is_closed_by_a_tick_when_its_time_passes(tmp_path: Path) -> None:
    game, _ = _game(tmp_path)
    game.handle_text("d 33", 1_000 * MS)
    game.handle_text("d 5", 2_000 * MS)  # Chouette de 3: the sirotage window opens
    assert game.state.player(1).score == 0
    closes = engine.next_deadline(game.state)
    assert closes is not None
    game.pump(closes + 1)
    assert game.state.player(1).score == 9
    assert read_record(game.writer.path).inputs[-1] == Tick(closes)


def test_undo_drops_the_last_action_and_replays(tmp_path: Path) -> None:
    game, _ = _game(tmp_path)
    game.handle_text("d 14", 1_000 * MS)
    game.handle_text("d 5", 2_000 * MS)  # Velute de 5: 50
    assert game.state.player(1).score == 50
    game.handle_text("u", 3_000 * MS)
    assert game.state.player(1).score == 0
    assert len(read_record(game.writer.path).inputs) == 2  # the chouettes are still there
    game.handle_text("d 3", 4_000 * MS)  # Velute de 4 instead; the writer appends again
    assert game.state.player(1).score == 32
    assert replay(read_record(game.writer.path)).state == game.state


def test_bad_commands_change_nothing(tmp_path: Path) -> None:
    game, shown = _game(tmp_path)
    game.handle_text("d 9", 1_000 * MS)
    game.handle_text("d 6+34", 1_000 * MS)  # no challenge: nothing to keep
    assert read_record(game.writer.path).inputs == ()
    assert any("1 à 6" in line for line in shown)


# Perceval starts (throw-off 4, 2, 5); his Chouette-Velute de 4 goes to his own key, 30 ms ahead
# of Arthur's; Karadoc's 1-2-3 is a Velute de 3 and a Suite where he shouts last; Arthur sirotes
# his Chouette de 6 into a Cul de Chouette while Karadoc loses a bet on the Fauvette.
SCRIPT = """\
d 4
d 2
d 5
d 22
d 4
2
w 30
1
d 12
d 3
1
w 30
2
w 30
3
zz
d 66
d 1
s 1
c 2
b 3 3
d 6
t
q
d 11
"""


def test_play_in_line_mode_writes_a_record_that_replay_reproduces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "partie.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO(SCRIPT))
    argv = ["play", "--players", "Arthur,Perceval,Karadoc", "--negative", "--record", str(path)]
    assert main(argv) == 0
    played = capsys.readouterr().out
    assert "commande inconnue : 'zz'" in played
    record = read_record(path)
    assert [name for _, name in record.header.players] == ["Arthur", "Perceval", "Karadoc"]
    assert record.header.ruleset.negative_scores is True
    state = replay(record).state
    assert state.scores == {1: 100, 2: 32, 3: 3}
    assert state.turn_seat == 2
    # what the session showed last is what replay shows
    final_block = played.split("\n\n")[-1].splitlines()
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    standings = replayed[replayed.index("Classement") + 1 : replayed.index("Classement") + 5]
    assert final_block[:4] == standings
    assert final_block[4] == "Au tour de : Perceval (siège 2)"


def test_play_resumes_an_existing_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "partie.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO("d 14\n"))
    assert main(["play", "--players", "Arthur,Perceval", "--starting-seat", "1", "--record", str(path)]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("d 5\n"))
    assert main(["play", "--record", str(path)]) == 0  # no --players: the record's game goes on
    capsys.readouterr()
    rests = [inp for inp in read_record(path).inputs if isinstance(inp, TrayAtRest)]
    assert [d.die_id for d in rests[-1].dice] == [1, 2, 3]  # the resumed game kept the chouettes
    assert replay(read_record(path)).state.scores == {1: 50, 2: 0}


def test_play_refuses_a_new_game_without_players(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--record", str(tmp_path / "x.jsonl")]) == 2
    assert "--players" in capsys.readouterr().err
