"""The names outside checks call keep their path (docs/design.md): `engine.record` is now
engine/formats/record.py, and this alias gives its public names from the old one."""

from .formats.record import Record, RecordError, decode, encode, make_record

__all__ = ["Record", "RecordError", "decode", "encode", "make_record"]
