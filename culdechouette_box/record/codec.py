"""Inputs and the header to and from the JSON objects of a record line.

The codec is table-driven: each input type lists the kind of each of its fields, and whether a
field may be left out comes from the dataclass default. A test checks that the table covers every
field of every input type, so that a new field cannot be silently dropped from records.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from culdechouette_box.rules.config import RulesConfig
from culdechouette_box.rules.errors import ConfigurationError
from culdechouette_box.rules.inputs import (
    INPUT_NAMES,
    INPUT_TYPES,
    Announcement,
    Input,
    RestingDie,
    ScribeAdjust,
    ScribeBevue,
    ScribeDice,
    ScribeJoin,
    ScribeSong,
    Shout,
    SongResult,
    Tick,
    TrayAtRest,
    TrayMotion,
)

from .errors import RecordError

FORMAT_NAME: Final = "culdechouette-record"
FORMAT_VERSION: Final = 1

# The kinds of field values a record line can hold.
TIME = "time"  # whole ns >= 0 on CLOCK_MONOTONIC
INT = "int"
OPT_INT = "opt_int"
STR = "str"
OPT_STR = "opt_str"
SHOUT = "shout"
SONG = "song"
DICE = "dice"  # RestingDie as [id, value, x, y]
VALUES = "values"  # die values 1..6

FIELD_KINDS: Final[dict[type, dict[str, str]]] = {
    TrayMotion: {"t_ns": TIME},
    TrayAtRest: {"t_ns": TIME, "dice": DICE, "off_tray": INT},
    Announcement: {
        "t_ns": TIME,
        "seat": INT,
        "kind": SHOUT,
        "value": OPT_INT,
        "target": OPT_INT,
        "combination": OPT_STR,
    },
    Tick: {"t_ns": TIME},
    ScribeBevue: {"t_ns": TIME, "seat": INT, "reason": STR},
    ScribeAdjust: {"t_ns": TIME, "seat": INT, "points": INT, "reason": STR},
    ScribeDice: {"t_ns": TIME, "values": VALUES},
    ScribeJoin: {"t_ns": TIME, "seat": INT, "name": STR},
    ScribeSong: {"t_ns": TIME, "result": SONG},
}


# --- inputs -----------------------------------------------------------------------------------


def encode_input(inp: Input) -> dict[str, Any]:
    """The JSON object of one input: `type` first, then `t_ns`, then the fields that differ from
    their default, so that hand-written and machine-written lines look alike."""
    cls = type(inp)
    if cls not in INPUT_NAMES:
        raise RecordError(f"not an input type: {cls.__name__}")
    obj: dict[str, Any] = {"type": INPUT_NAMES[cls]}
    for field in dataclasses.fields(inp):
        value = getattr(inp, field.name)
        if field.default is not dataclasses.MISSING and value == field.default:
            continue
        obj[field.name] = _encode_value(FIELD_KINDS[cls][field.name], value)
    return obj


def _encode_value(kind: str, value: Any) -> Any:
    if kind == DICE:
        return [[d.die_id, d.value, d.x, d.y] for d in value]
    if kind == VALUES:
        return list(value)
    if kind in (SHOUT, SONG):
        return str(value)
    return value


def decode_input(obj: object) -> Input:
    """The input of one JSON object; a `RecordError` names the field and the bad value."""
    if not isinstance(obj, dict):
        raise RecordError(f"expected a JSON object for an input, got {_show(obj)}")
    name = obj.get("type")
    if name is None:
        raise RecordError("an input needs the field 'type'")
    if not isinstance(name, str) or name not in INPUT_TYPES:
        raise RecordError(f"unknown input type {_show(name)}" + _hint(name, INPUT_TYPES, "types"))
    cls = INPUT_TYPES[name]
    kinds = FIELD_KINDS[cls]
    for key in obj:
        if key != "type" and key not in kinds:
            hint = _hint(key, kinds, "fields")
            raise RecordError(f"unknown field {key!r} in a {name!r} input{hint}")
    values: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        if field.name not in obj:
            if field.default is dataclasses.MISSING:
                raise RecordError(f"a {name!r} input needs the field {field.name!r}")
            continue
        raw = obj[field.name]
        try:
            values[field.name] = _DECODERS[kinds[field.name]](raw)
        except _BadValue as bad:
            message = f"field {field.name!r} of a {name!r} input: {bad}, got {_show(raw)}"
            raise RecordError(message) from None
    inp: Input = cls(**values)
    return inp


class _BadValue(ValueError):
    """What a field should have held (the caller adds the field name and the value)."""


def _whole(raw: object) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise _BadValue("expected a whole number")
    return raw


def _time(raw: object) -> int:
    value = _whole(raw)
    if value < 0:
        raise _BadValue("expected a whole number of ns >= 0 (CLOCK_MONOTONIC)")
    return value


def _opt_int(raw: object) -> int | None:
    return None if raw is None else _whole(raw)


def _text(raw: object) -> str:
    if not isinstance(raw, str):
        raise _BadValue("expected a string")
    return raw


def _opt_text(raw: object) -> str | None:
    return None if raw is None else _text(raw)


def _shout(raw: object) -> Shout:
    try:
        return Shout(_text(raw))
    except ValueError:
        raise _BadValue("expected one of " + ", ".join(s.value for s in Shout)) from None


def _song(raw: object) -> SongResult:
    try:
        return SongResult(_text(raw))
    except ValueError:
        raise _BadValue("expected one of " + ", ".join(s.value for s in SongResult)) from None


def _face(raw: object) -> int:
    value = _whole(raw)
    if not 1 <= value <= 6:
        raise _BadValue("a die shows 1 to 6")
    return value


def _coordinate(raw: object) -> float:
    if isinstance(raw, bool) or not isinstance(raw, int | float) or not math.isfinite(raw):
        raise _BadValue("a die position is a finite number")
    return float(raw)


def _dice(raw: object) -> tuple[RestingDie, ...]:
    if not isinstance(raw, list):
        raise _BadValue("expected a list of dice [id, value, x, y]")
    dice = []
    for item in raw:
        if not isinstance(item, list) or len(item) not in (2, 4):
            raise _BadValue(f"each die is [id, value, x, y] or [id, value], not {_show(item)}")
        die_id = _whole(item[0])
        value = None if item[1] is None else _face(item[1])
        x, y = (_coordinate(item[2]), _coordinate(item[3])) if len(item) == 4 else (0.0, 0.0)
        dice.append(RestingDie(die_id, value, x, y))
    if len({d.die_id for d in dice}) != len(dice):
        raise _BadValue("two dice share an id")
    return tuple(dice)


def _values(raw: object) -> tuple[int, ...]:
    if not isinstance(raw, list):
        raise _BadValue("expected a list of die values")
    return tuple(_face(v) for v in raw)


_DECODERS: Final[dict[str, Callable[[object], Any]]] = {
    TIME: _time,
    INT: _whole,
    OPT_INT: _opt_int,
    STR: _text,
    OPT_STR: _opt_text,
    SHOUT: _shout,
    SONG: _song,
    DICE: _dice,
    VALUES: _values,
}


# --- header -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RecordHeader:
    """Line 1 of a record: what the game needs before its first input.

    `title` is for people only; nothing in the header is a wall-clock time, so that the state is
    a pure function of the record.
    """

    ruleset: RulesConfig
    players: tuple[tuple[int, str], ...]
    starting_seat: int | None = None
    title: str | None = None

    def __post_init__(self) -> None:
        seats = [seat for seat, _ in self.players]
        if len(set(seats)) != len(seats):
            raise RecordError(f"players: two players share a seat in {seats}")
        for seat, name in self.players:
            if seat < 1:
                raise RecordError(f"players: seats are numbered from 1, got {seat}")
            if not name.strip():
                raise RecordError(f"players: the player at seat {seat} has no name")
        if self.starting_seat is not None and self.starting_seat not in seats:
            raise RecordError(f"starting_seat: {self.starting_seat} is not a seat of {seats}")


_HEADER_KEYS: Final = ("format", "version", "title", "ruleset", "players", "starting_seat")


def encode_header(header: RecordHeader) -> dict[str, Any]:
    obj: dict[str, Any] = {"format": FORMAT_NAME, "version": FORMAT_VERSION}
    if header.title is not None:
        obj["title"] = header.title
    obj["ruleset"] = header.ruleset.to_dict()
    obj["players"] = [{"seat": seat, "name": name} for seat, name in header.players]
    obj["starting_seat"] = header.starting_seat
    return obj


def decode_header(obj: object) -> RecordHeader:
    if not isinstance(obj, dict):
        raise RecordError(f"the header is a JSON object, got {_show(obj)}")
    if obj.get("format") != FORMAT_NAME:
        found = _show(obj.get("format"))
        raise RecordError(f"not a game record: format is {found}, expected {FORMAT_NAME!r}")
    version = obj.get("version")
    if version != FORMAT_VERSION:
        raise RecordError(
            f"unknown record version {_show(version)}: this box reads version {FORMAT_VERSION}"
        )
    for key in obj:
        if key not in _HEADER_KEYS:
            raise RecordError(f"unknown header field {key!r}" + _hint(key, _HEADER_KEYS, "fields"))
    ruleset = obj.get("ruleset", {})
    if not isinstance(ruleset, dict):
        raise RecordError(f"ruleset: expected a JSON object, got {_show(ruleset)}")
    try:
        config = RulesConfig.from_dict(ruleset)
    except (ConfigurationError, TypeError) as exc:
        raise RecordError(f"ruleset: {exc}") from None
    return RecordHeader(
        ruleset=config,
        players=_decode_players(obj.get("players")),
        starting_seat=_header_field("starting_seat", obj.get("starting_seat"), _opt_int),
        title=_header_field("title", obj.get("title"), _opt_text),
    )


_PLAYER_SHAPE: Final = '{"seat": n, "name": "..."}'


def _decode_players(raw: object) -> tuple[tuple[int, str], ...]:
    if not isinstance(raw, list) or not raw:
        raise RecordError(f"players: expected a list of {_PLAYER_SHAPE}, got {_show(raw)}")
    players = []
    for item in raw:
        if not isinstance(item, dict) or set(item) != {"seat", "name"}:
            raise RecordError(f"players: each player is {_PLAYER_SHAPE}, not {_show(item)}")
        seat = _header_field("players: seat", item["seat"], _whole)
        name = _header_field("players: name", item["name"], _text)
        players.append((seat, name))
    return tuple(players)


def _header_field(name: str, raw: object, decode: Callable[[object], Any]) -> Any:
    try:
        return decode(raw)
    except _BadValue as bad:
        raise RecordError(f"{name}: {bad}, got {_show(raw)}") from None


# --- lines ------------------------------------------------------------------------------------


def dumps_line(obj: Mapping[str, Any]) -> str:
    """One record line, without its newline: UTF-8 text, readable by hand."""
    return json.dumps(obj, ensure_ascii=False, allow_nan=False)


def _show(value: object) -> str:
    """A bad value as it appeared in the record, short enough for an error message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _hint(word: object, choices: Mapping[str, Any] | tuple[str, ...], what: str) -> str:
    names = sorted(choices)
    if isinstance(word, str):
        close = difflib.get_close_matches(word, names, n=1)
        if close:
            return f" (did you mean {close[0]!r}?)"
    return f" (known {what}: {', '.join(names)})"
