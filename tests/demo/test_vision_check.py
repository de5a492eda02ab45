"""The demo's check of what the box read against the simulator's truth, verdict by verdict."""

from __future__ import annotations

from culdechouette_box.demo.vision_check import check_rests
from culdechouette_box.rules.inputs import RestingDie, TrayAtRest
from hardware.sim.truth import RestDie, RestState

FRAME_NS = 33_333_333.0
DIE_PX = 26.0


def truth(*dice: tuple[int, float, float, bool]) -> RestState:
    return RestState("throw", 10, 1_000_000_000, tuple(
        RestDie(k, value, True, cocked, (x, y)) for k, (value, x, y, cocked) in enumerate(dice)))


def box(*dice: tuple[int | None, float, float], t_ns: int = 1_000_000_000) -> TrayAtRest:
    return TrayAtRest(t_ns, tuple(RestingDie(k, v, x, y) for k, (v, x, y) in enumerate(dice)))


def verdict(true: RestState, seen: TrayAtRest) -> str:
    (check,) = check_rests([true], [seen], FRAME_NS, DIE_PX).checks
    return check.verdict


THREE = truth((3, 100, 100, False), (5, 200, 100, False), (6, 300, 300, True))


def test_every_flat_die_read_and_the_cocked_one_refused_is_exact() -> None:
    assert verdict(THREE, box((3, 101, 99), (5, 202, 101), (None, 300, 302))) == "exact"


def test_a_flat_die_without_a_value_is_refused() -> None:
    assert verdict(THREE, box((3, 101, 99), (None, 202, 101), (None, 300, 302))) == "refused"


def test_a_flat_die_not_reported_at_all_is_unseen() -> None:
    assert verdict(THREE, box((3, 101, 99), (None, 300, 302))) == "unseen"
    # unseen outranks refused: both leave the throw to be made again
    assert verdict(THREE, box((None, 101, 99), (None, 300, 302))) == "unseen"


def test_a_wrong_value_a_read_cocked_die_or_a_phantom_is_misread() -> None:
    assert verdict(THREE, box((3, 101, 99), (6, 202, 101), (None, 300, 302))) == "misread"
    assert verdict(THREE, box((3, 101, 99), (5, 202, 101), (6, 300, 302))) == "misread"
    assert verdict(THREE, box((3, 101, 99), (5, 202, 101), (None, 300, 302), (2, 400, 50))) == "misread"
    # a wrong value outranks a die not seen
    assert verdict(THREE, box((4, 101, 99), (None, 300, 302))) == "misread"


def test_a_rest_the_box_reported_too_late_is_missed() -> None:
    late = box((3, 101, 99), (5, 202, 101), (None, 300, 302), t_ns=1_000_000_000 + round(11 * FRAME_NS))
    assert verdict(THREE, late) == "missed"
