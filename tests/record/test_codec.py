"""The codec: every input survives a JSON round trip, and bad lines are named precisely."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given

from culdechouette_box.errors import BoxError
from culdechouette_box.record import (
    RecordError,
    RecordHeader,
    decode_header,
    decode_input,
    encode_header,
    encode_input,
)
from culdechouette_box.record.codec import FIELD_KINDS, dumps_line
from culdechouette_box.rules.config import RulesConfig, Strictness
from culdechouette_box.rules.inputs import (
    INPUT_NAMES,
    INPUT_TYPES,
    Announcement,
    Input,
    RestingDie,
    Shout,
    TrayAtRest,
)

from .strategies import inputs


def test_every_field_of_every_input_type_has_a_kind() -> None:
    assert set(FIELD_KINDS) == set(INPUT_TYPES.values())
    for cls, kinds in FIELD_KINDS.items():
        assert set(kinds) == {f.name for f in dataclasses.fields(cls)}, cls.__name__


@given(inputs)
def test_round_trip_through_a_json_line(inp: Input) -> None:
    line = dumps_line(encode_input(inp))
    assert "\n" not in line
    assert decode_input(json.loads(line)) == inp


@given(inputs)
def test_line_starts_with_type_then_time(inp: Input) -> None:
    keys = list(encode_input(inp))
    assert keys[:2] == ["type", "t_ns"]
    assert encode_input(inp)["type"] == INPUT_NAMES[type(inp)]


def test_defaults_are_left_out_and_dice_are_compact() -> None:
    rest = TrayAtRest(5, (RestingDie(1, 3, 10.5, 2.0), RestingDie(2, None)))
    assert encode_input(rest) == {
        "type": "rest",
        "t_ns": 5,
        "dice": [[1, 3, 10.5, 2.0], [2, None, 0.0, 0.0]],
    }
    shout = Announcement(7, 2, Shout.BIRD, value=4)
    expected = {"type": "shout", "t_ns": 7, "seat": 2, "kind": "bird", "value": 4}
    assert encode_input(shout) == expected


def test_hand_written_short_die_form() -> None:
    rest = decode_input({"type": "rest", "t_ns": 1, "dice": [[7, 6], [8, None]]})
    assert rest == TrayAtRest(1, (RestingDie(7, 6), RestingDie(8, None)))


@pytest.mark.parametrize(
    ("obj", "names"),
    [
        ({"t_ns": 1}, ["'type'"]),
        ({"type": "shot", "t_ns": 1}, ['"shot"', "'shout'"]),
        ({"type": "tick"}, ["'tick'", "'t_ns'"]),
        ({"type": "tick", "t_ns": "12"}, ["'t_ns'", '"12"']),
        ({"type": "tick", "t_ns": -1}, ["'t_ns'", "-1"]),
        ({"type": "tick", "t_ns": True}, ["'t_ns'", "true"]),
        ({"type": "tick", "t_ns": 1, "seat": 2}, ["'seat'", "'tick'"]),
        ({"type": "shout", "t_ns": 1, "sat": 2, "kind": "tap"}, ["'sat'", "'seat'"]),
        ({"type": "shout", "t_ns": 1, "seat": 2, "kind": "hurrah"}, ["'kind'", '"hurrah"']),
        ({"type": "rest", "t_ns": 1, "dice": [[1, 7, 0, 0]]}, ["'dice'", "7", "1 to 6"]),
        ({"type": "rest", "t_ns": 1, "dice": [[1, 2, 3]]}, ["'dice'", "[1, 2, 3]"]),
        ({"type": "rest", "t_ns": 1, "dice": [[1, 2], [1, 3]]}, ["'dice'", "share an id"]),
        ({"type": "scribe_song", "t_ns": 1, "result": "won"}, ["'result'", '"won"']),
        ({"type": "scribe_dice", "t_ns": 1, "values": [0]}, ["'values'", "[0]"]),
        ([1, 2], ["JSON object", "[1, 2]"]),
    ],
)
def test_decode_errors_name_the_field_and_the_value(obj: object, names: list[str]) -> None:
    with pytest.raises(RecordError) as caught:
        decode_input(obj)
    for name in names:
        assert name in str(caught.value)
    assert isinstance(caught.value, BoxError)


def test_header_round_trip() -> None:
    header = RecordHeader(
        RulesConfig(negative_scores=True, bevue_strictness=Strictness.STRICT),
        ((1, "Arthur"), (3, "Perceval")),
        starting_seat=3,
        title="Taverne",
    )
    obj = json.loads(dumps_line(encode_header(header)))
    assert list(obj)[:2] == ["format", "version"]
    assert obj["ruleset"]["bevue_strictness"] == "strict"
    assert decode_header(obj) == header


def test_header_options_left_out_take_their_defaults() -> None:
    header = decode_header(
        {
            "format": "culdechouette-record",
            "version": 1,
            "ruleset": {"negative_scores": True},
            "players": [{"seat": 1, "name": "A"}, {"seat": 2, "name": "B"}],
        }
    )
    assert header.ruleset == RulesConfig(negative_scores=True)
    assert header.starting_seat is None


GOOD = {
    "format": "culdechouette-record",
    "version": 1,
    "ruleset": {},
    "players": [{"seat": 1, "name": "A"}, {"seat": 2, "name": "B"}],
    "starting_seat": None,
}


@pytest.mark.parametrize(
    ("change", "names"),
    [
        ({"format": "pgn"}, ["format", '"pgn"']),
        ({"version": 2}, ["version", "2"]),
        ({"ruleset": {"negative_score": True}}, ["negative_score", "negative_scores"]),
        ({"ruleset": {"tie_window_ns": 5}}, ["tie_window_ns", "5"]),
        ({"players": [{"seat": 1, "name": "A"}, {"seat": 1, "name": "B"}]}, ["seat", "[1, 1]"]),
        ({"players": [{"seat": "1", "name": "A"}]}, ["seat", '"1"']),
        ({"starting_seat": 4}, ["starting_seat", "4"]),
        ({"date": "today"}, ["'date'"]),
    ],
)
def test_bad_headers_name_the_field_and_value(change: dict[str, object], names: list[str]) -> None:
    with pytest.raises(RecordError) as caught:
        decode_header({**GOOD, **change})
    for name in names:
        assert name in str(caught.value)
