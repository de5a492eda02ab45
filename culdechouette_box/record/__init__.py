"""The game record: JSON Lines, one header line, then one input per line.

The record is the source of truth of a game: it is written (fsynced) before each input is
applied, and the state is its replay. See docs/record-format.md.
"""

from .codec import (
    FORMAT_NAME,
    FORMAT_VERSION,
    RecordHeader,
    decode_header,
    decode_input,
    encode_header,
    encode_input,
)
from .errors import RecordError
from .reader import Record, TornLineWarning, parse_record, read_record
from .replayer import ReplayResult, replay
from .writer import RecordWriter, undo, write_record

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "Record",
    "RecordError",
    "RecordHeader",
    "RecordWriter",
    "ReplayResult",
    "TornLineWarning",
    "decode_header",
    "decode_input",
    "encode_header",
    "encode_input",
    "parse_record",
    "read_record",
    "replay",
    "undo",
    "write_record",
]
