"""The sinks that drive the box's displays: e-ink standings, LED ticker, seat LEDs."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from culdechouette_box.rules.effects import Effect, Prompt
from culdechouette_box.rules.state import GameState
from hardware.scoreboard.leds import SeatLedDevice, SeatLights
from hardware.scoreboard.panel import PanelDevice
from hardware.scoreboard.standings import Standings
from hardware.scoreboard.ticker import TickerDevice

from .display import seat_leds, standings_of

S = 1_000_000_000


class StandingsPanel:
    """Redraws the e-ink standings when they change, and never more often than `min_interval_ns`
    on the loop's clock (a Waveshare panel takes about 2 s to refresh, an Inky 15 s or more).
    A change that comes too soon is drawn once the interval has passed (`at`, every frame)."""

    def __init__(
        self,
        device: PanelDevice,
        min_interval_ns: int = 20 * S,
        title: str = "Cul de Chouette",
        render: Callable[..., object] | None = None,
    ) -> None:
        if render is None:
            from hardware.scoreboard.render import render_standings

            render = render_standings
        self.device = device
        self.min_interval_ns = min_interval_ns
        self.title = title
        self._render = render
        self._shown: Standings | None = None
        self._wanted: Standings | None = None
        self._last_draw_ns: int | None = None
        self._now_ns: int | None = None
        self._unclocked_draw = False
        self.redraws = 0

    def show(self, state: GameState, effects: Sequence[Effect]) -> None:
        self._wanted = standings_of(state, self.title)
        now = max(state.now_ns, self._now_ns or state.now_ns)
        self._maybe_draw(now, force=state.over)

    def at(self, t_ns: int) -> None:
        if self._unclocked_draw:
            # drawn before any time was known (the opening standings): the interval starts now
            self._last_draw_ns = t_ns
            self._unclocked_draw = False
        self._now_ns = t_ns
        self._maybe_draw(t_ns)

    def flush(self) -> None:
        """Draw what is pending now, whatever the interval (at shutdown)."""
        self._maybe_draw(self._now_ns or 0, force=True)

    @property
    def pending(self) -> bool:
        return self._wanted is not None and self._wanted != self._shown

    def _maybe_draw(self, now: int, force: bool = False) -> None:
        if not self.pending or self._wanted is None:
            return
        if not force and self._last_draw_ns is not None and now - self._last_draw_ns < self.min_interval_ns:
            return
        self.device.show_image(self._render(self._wanted, self.device.size))
        self._shown = self._wanted
        self._last_draw_ns = now
        self._unclocked_draw = now == 0 and self._now_ns is None
        self.redraws += 1


class TickerSink:
    """Each French `Prompt` of the rules becomes one ticker line; `echo` sees it with its time."""

    def __init__(self, device: TickerDevice, echo: Callable[[int, str], None] | None = None) -> None:
        self.device = device
        self._echo = echo

    def show(self, state: GameState, effects: Sequence[Effect]) -> None:
        for effect in effects:
            if isinstance(effect, Prompt):
                self.device.show_line(effect.text)
                if self._echo is not None:
                    self._echo(state.now_ns, effect.text)


class SeatLedsSink:
    """Sets the seat LEDs from the state after each input (only when they change)."""

    def __init__(self, device: SeatLedDevice) -> None:
        self.device = device
        self._lit: SeatLights | None = None

    def show(self, state: GameState, effects: Sequence[Effect]) -> None:
        lights = seat_leds(state)
        if lights != self._lit:
            self._lit = lights
            self.device.set_lights(lights)
