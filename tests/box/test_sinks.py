"""The display sinks and what they show: e-ink standings, ticker lines, seat LEDs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from culdechouette_box.box.display import seat_leds, standings_of
from culdechouette_box.box.outputs import SeatLedsSink, StandingsPanel, TickerSink
from culdechouette_box.rules import engine
from culdechouette_box.rules.config import RulesConfig
from culdechouette_box.rules.effects import Prompt, Race
from culdechouette_box.rules.state import Finished, GameState, ShoutRace, TurnContext
from hardware.errors import HardwareError
from hardware.scoreboard.leds import LedMode, RecordingLeds
from hardware.scoreboard.panel import FilePanel
from hardware.scoreboard.standings import PANEL_SIZES, PanelSize, StandingRow, Standings
from hardware.scoreboard.ticker import MemoryTicker

S = 1_000_000_000
BIG = PANEL_SIZES["inky-impression-7"]
SMALL = PANEL_SIZES["inky-phat"]


def game() -> GameState:
    state, _ = engine.new_game(RulesConfig(), ((1, "Arthur"), (2, "Perceval"), (3, "Karadoc")), 1)
    return state


def with_score(state: GameState, seat: int, score: int) -> GameState:
    players = tuple(replace(p, score=score) if p.seat == seat else p for p in state.players)
    return replace(state, players=players)


class FakePanel:
    def __init__(self, size: PanelSize = BIG) -> None:
        self.size = size
        self.images: list[object] = []

    def show_image(self, image: object) -> None:
        self.images.append(image)


def test_standings_follow_scores_items_turn_and_winner() -> None:
    state = with_score(game(), 2, 40)
    state = replace(state, players=tuple(replace(p, grelottine=p.seat == 2) for p in state.players))
    standings = standings_of(state)
    assert [r.name for r in standings.rows] == ["Perceval", "Arthur", "Karadoc"]
    assert standings.rows[0].items == ("Grelottine",)
    assert [r.turn for r in standings.rows] == [False, True, False]
    assert standings.status == "À Arthur de lancer"
    over = replace(state, phase=Finished((2,)))
    assert standings_of(over).rows[0].winner and "Perceval gagne" in standings_of(over).status


def test_panel_redraws_only_on_change_and_never_faster_than_its_interval() -> None:
    panel = FakePanel()
    sink = StandingsPanel(panel, min_interval_ns=20 * S, render=lambda s, size: s)
    state = replace(game(), now_ns=1 * S)
    sink.show(state, ())
    sink.show(state, ())  # nothing changed
    assert len(panel.images) == 1
    sink.show(replace(with_score(state, 1, 9), now_ns=5 * S), ())  # too soon: held back
    assert len(panel.images) == 1 and sink.pending
    sink.at(15 * S)
    assert len(panel.images) == 1
    sink.at(21 * S)  # the interval has passed: the held change is drawn, without a new input
    assert len(panel.images) == 2 and panel.images[-1].rows[0].score == 9  # type: ignore[attr-defined]
    sink.at(60 * S)
    assert len(panel.images) == 2


def test_the_end_of_the_game_is_drawn_at_once() -> None:
    panel = FakePanel()
    sink = StandingsPanel(panel, min_interval_ns=20 * S, render=lambda s, size: s)
    sink.show(replace(game(), now_ns=1 * S), ())
    sink.show(replace(with_score(game(), 1, 343), phase=Finished((1,)), now_ns=2 * S), ())
    assert len(panel.images) == 2


def test_renderer_draws_one_bit_images_that_change_with_the_score() -> None:
    pytest.importorskip("PIL")
    from hardware.scoreboard.render import render_standings

    state = game()
    for size in (BIG, SMALL):
        first = render_standings(standings_of(state), size)
        assert first.mode == "1" and first.size == (size.width, size.height)
        second = render_standings(standings_of(with_score(state, 3, 120)), size)
        assert first.tobytes() != second.tobytes()
        assert render_standings(standings_of(state), size).tobytes() == first.tobytes()


def test_long_text_is_made_to_fit() -> None:
    pytest.importorskip("PIL")
    from hardware.scoreboard.render import fitted, render_standings, text_width

    name = "Karadoc de Vannes, chevalier de la Table ronde et ami du gras"
    text, size = fitted(name, 30, 200, bold=True)
    assert text_width(text, size, bold=True) <= 200
    assert text.endswith("…") and text.startswith("Karadoc")
    rows = tuple(StandingRow(s, f"{name} {s}", 100 * s, ("Grelottine", "Civet")) for s in range(1, 9))
    image = render_standings(Standings(rows, "À Karadoc de lancer"), SMALL)
    assert image.size == (250, 122)


def test_file_panel_writes_pngs_of_its_size(tmp_path: Path) -> None:
    pytest.importorskip("PIL")
    from PIL import Image

    from hardware.scoreboard.render import render_standings

    panel = FilePanel(tmp_path / "panel", SMALL)
    panel.show_image(render_standings(standings_of(game()), SMALL))
    assert [p.name for p in panel.written] == ["standings-001.png"]
    with Image.open(panel.written[0]) as image:
        assert image.size == (250, 122)
    with pytest.raises(HardwareError):
        panel.show_image(Image.new("1", (10, 10)))


def test_ticker_shows_each_prompt() -> None:
    ticker = MemoryTicker()
    seen: list[tuple[int, str]] = []
    sink = TickerSink(ticker, lambda t, text: seen.append((t, text)))
    state = replace(game(), now_ns=7)
    sink.show(state, (Prompt("CHOUETTE DE 4 +16 ARTHUR"), Prompt("À PERCEVAL DE LANCER", (2,))))
    assert ticker.lines == ["CHOUETTE DE 4 +16 ARTHUR", "À PERCEVAL DE LANCER"]
    assert seen[0] == (7, "CHOUETTE DE 4 +16 ARTHUR")


def test_seat_leds_show_turn_race_and_winner() -> None:
    state = game()
    assert seat_leds(state).mode(1) == LedMode.TURN and seat_leds(state).lit() == (1,)
    race = ShoutRace(Race.SUITE, 1, TurnContext(1), (1, 2, 3), 0, 10 * S, shouts=((2, 5),))
    lights = seat_leds(replace(state, phase=race))
    assert lights.lit() == (1, 3)  # Perceval has shouted already
    assert seat_leds(replace(state, phase=Finished((3,)))).modes == (
        (1, LedMode.OFF), (2, LedMode.OFF), (3, LedMode.WINNER))
    leds = RecordingLeds()
    sink = SeatLedsSink(leds)
    sink.show(state, ())
    sink.show(state, ())
    sink.show(replace(state, phase=race), ())
    assert len(leds.history) == 2


def test_the_box_and_hardware_import_without_pillow_or_pybullet() -> None:
    import subprocess
    import sys

    code = (
        "import sys, culdechouette_box.box, culdechouette_box.box.outputs, hardware.scoreboard\n"
        "assert 'PIL' not in sys.modules and 'pybullet' not in sys.modules, sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
