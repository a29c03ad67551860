"""Game records and their URL-fragment text.

A record is (game id, rules version, options, moves in notation).  Its
fragment form is readable and URL-safe:

    rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3.3x3b2.2x2d1/ply=2

- segment 1: the game id; 2: the rules version; 3: options as name=value
  joined by commas (every option, so a link means the same thing even if a
  default changes); 4: the moves joined by dots (may be empty); 5 (optional):
  the ply on display.
A leading '#' is ignored.  Decoding checks the shape and the options;
`replay_record` then replays the moves and names the first one that fails.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import games
from .core import EngineError, Game, ReplayError, replay

MAX_FRAGMENT = 100_000
_MOVE_TEXT = re.compile(r"^[a-z0-9\-]{1,16}$")


class RecordError(EngineError):
    """A fragment or record text that cannot be read; the message says what and where."""


@dataclass(frozen=True)
class Record:
    game: str
    version: int
    options: tuple[tuple[str, object], ...]
    moves: tuple[str, ...] = ()

    @property
    def options_dict(self) -> dict:
        return dict(self.options)


def make_record(game: Game, options: dict, moves=()) -> Record:
    normal = game.normalise_options(**options)
    return Record(game.id, game.rules_version, tuple(normal.items()), tuple(moves))


def encode(record: Record, ply: int | None = None) -> str:
    game = games.get(record.game)
    opts = ",".join(f"{k}={game.format_option(k, v)}" for k, v in record.options)
    text = f"{record.game}/{record.version}/{opts}/{'.'.join(record.moves)}"
    if ply is not None and ply != len(record.moves):
        text += f"/ply={ply}"
    return text


def decode(fragment: str) -> tuple[Record, int]:
    """(record, ply on display) from fragment text; RecordError says what is wrong."""
    if not isinstance(fragment, str):
        raise RecordError("the link is not text")
    if len(fragment) > MAX_FRAGMENT:
        raise RecordError(f"the link is too long ({len(fragment):,} characters; at most "
                          f"{MAX_FRAGMENT:,})")
    text = fragment[1:] if fragment.startswith("#") else fragment
    parts = text.split("/")
    if len(parts) < 4 or len(parts) > 5:
        raise RecordError("the link does not have the shape game/version/options/moves")
    game_id, version_text, options_text, moves_text = parts[:4]
    try:
        game = games.get(game_id)
    except EngineError:
        raise RecordError(f"unknown game '{_shown(game_id)}' (games: {', '.join(games.ids())})") from None
    if not version_text.isdigit() or int(version_text) != game.rules_version:
        raise RecordError(f"unknown rules version '{_shown(version_text)}' for {game.name} "
                          f"(this site plays version {game.rules_version})")
    options = _decode_options(game, options_text)
    moves = tuple(m for m in moves_text.split(".")) if moves_text else ()
    for i, move in enumerate(moves):
        if not _MOVE_TEXT.match(move):
            raise RecordError(f"move {i + 1} ('{_shown(move)}') is not a move")
    ply = len(moves)
    if len(parts) == 5:
        ply_text = parts[4]
        if not ply_text.startswith("ply=") or not ply_text[4:].isdigit():
            raise RecordError(f"'{_shown(ply_text)}' should be ply=<number>")
        ply = int(ply_text[4:])
        if ply > len(moves):
            raise RecordError(f"ply {ply} is past the last move ({len(moves)})")
    return Record(game.id, game.rules_version, options, moves), ply


def _decode_options(game: Game, text: str) -> tuple[tuple[str, object], ...]:
    raw: dict = {}
    for pair in filter(None, text.split(",")):
        name, sep, value = pair.partition("=")
        if not sep:
            raise RecordError(f"option '{_shown(pair)}' should be name=value")
        try:
            raw[name] = game.parse_option(name, value)
        except EngineError as err:
            raise RecordError(f"bad option: {err}") from None
    try:
        return tuple(game.normalise_options(**raw).items())
    except EngineError as err:
        raise RecordError(f"bad option: {err}") from None


def replay_record(record: Record) -> list:
    """Every state of the record's game; ReplayError names the first bad move."""
    game = games.get(record.game)
    return replay(game, game.new(**record.options_dict), record.moves)


def _shown(text: str, limit: int = 40) -> str:
    """User text quoted back safely: shortened, control characters removed."""
    text = "".join(ch for ch in text if ch.isprintable())
    return text if len(text) <= limit else text[:limit] + "…"


__all__ = ["Record", "RecordError", "ReplayError", "decode", "encode", "make_record",
           "replay_record"]
