"""Game records and their URL-fragment text.

A record is (game id, rules version, options, moves in notation).  Its
fragment form is readable and URL-safe:

    rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3.3x3b2.2x2d1/ply=2

- segment 1: the game id; 2: the rules version; 3: options as name=value
  joined by commas (every option, so a link means the same thing even if a
  default changes); 4: the moves joined by dots (may be empty), then perhaps how
  the game ended off the board, as one word (see below); 5 (optional): the ply on display
  (`ply=2`) and, for a game played by exchanging links, its id and the seat the link hands
  it to (engine/formats/by_link.py: `ply=2,game=k3f9x2qa,to=1`).
- A long game's moves may be written compactly (engine/formats/compact_moves.py): the version is
  then followed by `c` and segment 4 is one word, `rugpile/1c/…/3~Dq4.white-resigns`; a
  reader that knows no `c` refuses the version rather than misread the moves.
A leading '#' is ignored.  Decoding checks the shape and the options;
`replay_record` then replays the moves and names the first one that fails;
`replay_canonical` also rewrites them in the game's canonical notation.
`unquote_link` undoes the browser's percent-encoding of a location.hash, and
`legal_part` finds the longest start of a bad link's game that still plays.

The words of an ending (engine/contract/ending.py), here and in text records:

    white-resigns   that seat resigned (named by its colour at the end, after any swap; by
                    the first word of its name before it has a colour: first-resigns)
    draw-agreed     the two players agreed a draw

`is_ending_word` says whether a word after the moves is one of these (checked against the
game later), `ending_word` writes an `Ending` at a position and `read_ending` reads one back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from .. import games
from ..contract.core import Game
from ..contract.ending import AGREED_DRAW, Ending, ending_result
from ..contract.errors import EngineError
from ..contract.moves import MAX_MOVE_TEXT
from ..contract.replay import ReplayError, replay, replay_notated
from ..contract.result import Termination
from ..contract.user_text import shown as _shown
from .by_link import ByLink, read_tail, write_tail
from .compact_moves import pack, unpack

MAX_FRAGMENT = 100_000
_MOVE_TEXT = re.compile(rf"^[a-z0-9\-]{{1,{MAX_MOVE_TEXT}}}$")
_NUMBER = re.compile(r"^[0-9]{1,9}$")  # ASCII digits only: int() accepts '١' and '²' fails
_OPTION_TEXT = re.compile(r"^[A-Za-z0-9+\-]{0,40}$")
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})?")
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


DRAW_AGREED = "draw-agreed"
RESIGNS = "-resigns"
_ENDING = re.compile(r"^(?:[a-z]+-resigns|draw-agreed)$")  # what may end a link's moves


def is_ending_word(text: str) -> bool:
    """True when a word after the moves is an ending (checked against the game later)."""
    return bool(_ENDING.match(text))


def _seat_words(game: Game, state: Any) -> list[str]:
    """Each seat as its ending word names it: the first word of its name, in lower case."""
    return [name.split()[0].lower() for name in game.seat_names(state)]


def ending_word(game: Game, state: Any, ending: Ending) -> str:
    """The word of `ending` after `state` ("black-resigns", "draw-agreed"); EngineError when
    it cannot end the game there."""
    ending_result(game, state, ending)
    if ending.seat is None:  # an agreed draw
        return DRAW_AGREED
    return _seat_words(game, state)[ending.seat] + RESIGNS


def read_ending(game: Game, state: Any, word: str) -> Ending:
    """The ending `word` writes after `state`; EngineError says why it cannot end there."""
    if game.result(state) is not None:
        raise EngineError(f"'{_shown(word)}' follows the end of the game")
    if word == DRAW_AGREED:
        ending = AGREED_DRAW
    else:
        names = _seat_words(game, state)
        name = word[: -len(RESIGNS)] if word.endswith(RESIGNS) else ""
        if name not in names:
            raise EngineError(
                f"no player is called '{_shown(name or word)}' (the players: {', '.join(names)})"
            )
        ending = Ending(Termination.RESIGNATION, names.index(name))
    ending_result(game, state, ending)
    return ending


class RecordError(EngineError):
    """A fragment or record text that cannot be read; the message says what and where.

    ply / move: when the trouble is one move, its index (0-based) and its text."""

    def __init__(self, message: str, ply: int | None = None, move: str | None = None):
        super().__init__(message)
        self.ply, self.move = ply, move


@dataclass(frozen=True)
class Record:
    game: str
    version: int
    options: tuple[tuple[str, object], ...]
    moves: tuple[str, ...] = ()
    ending: str = ""  # the word of a resignation or agreed draw after the moves, or ""
    link: ByLink | None = None  # the game by link this record's link continues, if any

    @property
    def options_dict(self) -> dict:
        return dict(self.options)


def make_record(game: Game, options: dict, moves=()) -> Record:
    normal = game.normalise_options(**options)
    return Record(game.id, game.rules_version, tuple(normal.items()), tuple(moves))


def encode(record: Record, ply: int | None = None, compact: bool = False) -> str:
    """The record's link (its fragment, without '#'); `ply` the position on display when it
    is not the last; `compact` writes the moves as one word (a long game's link stays short)."""
    game = games.get(record.game)
    opts = ",".join(f"{k}={game.format_option(k, v)}" for k, v in record.options)
    version, moves = str(record.version), record.moves
    if compact:
        version = f"{record.version}c"
        moves = (pack(game, game.new(**record.options_dict), record.moves),) if moves else ()
    text = f"{record.game}/{version}/{opts}/{'.'.join(moves + _ending(record))}"
    tail = write_tail(None if ply is None or ply == len(record.moves) else ply, record.link)
    return f"{text}/{tail}" if tail else text


def _link_text(raw, bounded: bool = True) -> str:
    """The link's text without a leading '#'; RecordError if it is not text or (when
    bounded) too long."""
    if not isinstance(raw, str):
        raise RecordError("the link is not text")
    if bounded and len(raw) > MAX_FRAGMENT:
        raise RecordError(
            f"the link is too long ({len(raw):,} characters; at most {MAX_FRAGMENT:,})"
        )
    return raw[1:] if raw.startswith("#") else raw


def decode(fragment: str, partial: bool = False) -> tuple[Record, int]:
    """(record, ply on display) from fragment text; RecordError says what is wrong.

    partial=True reads what it can after a good game/version/options head: the
    moves up to the first one that is not a move, missing or extra segments and a
    bad ply are let go (for `legal_part`)."""
    text = _link_text(fragment)
    if "\ufeff" in text and not partial:
        raise RecordError(
            "the link has a byte-order mark (U+FEFF, an invisible character) "
            f"at character {text.index(chr(0xFEFF)) + 1}"
        )
    parts = text.split("/")
    if not partial and (len(parts) < 4 or len(parts) > 5):
        raise RecordError(
            "the link does not have the shape game/version/options/moves"
            + (" (it may have been cut short)" if 1 < len(parts) < 4 else "")
        )
    parts += [""] * (4 - len(parts))
    game_id, version_text, options_text, moves_text = parts[:4]
    game = game_of(game_id)
    compact = version_text.endswith("c")
    version_number = version_text[:-1] if compact else version_text
    if not _NUMBER.match(version_number) or int(version_number) != game.rules_version:
        raise RecordError(
            f"unknown rules version '{_shown(version_text)}' for {game.name} "
            f"(this site plays version {game.rules_version})"
        )
    options = decode_options(game, options_text)
    moves = tuple(m for m in moves_text.split(".")) if moves_text else ()
    moves, ending = split_ending(moves)
    if compact:
        moves = _unpacked(game, options, moves, partial)
    for i, move in enumerate(moves):
        misplaced = is_ending_word(move)
        if misplaced or not _MOVE_TEXT.match(move):
            if partial:
                moves, ending = moves[:i], ""
                break
            what = "ends the game, so it can only come last" if misplaced else "is not a move"
            raise RecordError(f"move {i + 1} ('{_shown(move)}') {what}", i, move)
    ply, link = len(moves), None
    if len(parts) >= 5 and not partial:
        seats = game.num_seats(game.new(**dict(options)))
        try:
            shown_ply, link = read_tail(parts[4], seats)
        except EngineError as err:
            raise RecordError(str(err)) from None
        if shown_ply is not None:
            ply = shown_ply
        if ply > len(moves):
            raise RecordError(f"ply {ply} is past the last move ({len(moves)})")
    return Record(game.id, game.rules_version, options, moves, ending, link), ply


def _unpacked(game: Game, options: tuple, words: tuple[str, ...], partial: bool) -> tuple:
    """The moves (in notation) of a compact link's one word; RecordError (or, when `partial`,
    no moves) when it is not a game of these rules."""
    if not words:
        return ()
    try:
        if len(words) > 1:
            raise EngineError("a compact link's moves are one word")
        return tuple(unpack(game, game.new(**dict(options)), words[0]))
    except EngineError as err:
        if partial:
            return ()
        raise RecordError(f"the link's moves cannot be read: {err}") from None


def split_ending(moves: tuple[str, ...]) -> tuple[tuple[str, ...], str]:
    """(the moves, the ending word or '') of the words read after a record's options."""
    if moves and is_ending_word(moves[-1]):
        return moves[:-1], moves[-1]
    return moves, ""


def _ending(record: Record) -> tuple[str, ...]:
    return (record.ending,) if record.ending else ()


def game_of(game_id: str) -> Game:
    """The game with this id; RecordError naming the games otherwise."""
    try:
        return games.get(game_id)
    except EngineError:
        raise RecordError(
            f"unknown game '{_shown(game_id)}' (games: {', '.join(games.ids())})"
        ) from None


def _lenient_utf8(escapes: re.Match) -> str:
    """A run of %XX escapes decoded as UTF-8, U+FFFD for what does not decode (as
    urllib.parse.unquote does, without importing urllib and ipaddress at start-up)."""
    return bytes.fromhex(escapes.group().replace("%", "")).decode("utf-8", "replace")


def unquote_link(raw: str, strict: bool = True) -> str:
    """A location.hash with the browser's percent-encoding undone (strict UTF-8).

    RecordError when it is too long, or an escape is broken or does not decode,
    where window.decodeURIComponent would throw.  strict=False lets those go
    (broken escapes stay as they are, bad UTF-8 becomes U+FFFD, an over-long link is
    let through for `legal_part` to cut), for `legal_part`."""
    text = _link_text(raw, bounded=strict)
    if "%" not in text:
        return text
    if not strict:
        return _ESCAPES.sub(_lenient_utf8, text)
    out: list[str] = []
    pending = bytearray()
    start = 0  # where the pending escapes began, for the message
    pos = 0
    for m in _ESCAPE.finditer(text):
        if m.start() > pos or m.group(1) is None:
            _flush(pending, out, text, start)
        if m.group(1) is None:
            raise RecordError(
                f"the link has a '%' not followed by two hex digits at character "
                f"{m.start() + 1} ('{_shown(text[m.start() : m.start() + 6])}')"
            )
        out.append(text[pos : m.start()])
        if not pending:
            start = m.start()
        pending.append(int(m.group(1), 16))
        pos = m.end()
    _flush(pending, out, text, start)
    out.append(text[pos:])
    return "".join(out)


def _flush(pending: bytearray, out: list, text: str, start: int) -> None:
    if not pending:
        return
    try:
        out.append(pending.decode("utf-8"))
    except UnicodeDecodeError:
        end = start + 3 * len(pending)
        raise RecordError(
            f"the link has percent-escapes that are not UTF-8 text at character "
            f"{start + 1} ('{_shown(text[start:end])}')"
        ) from None
    pending.clear()


def legal_start(record: Record) -> Record:
    """The record cut just before its first move that does not replay (its moves in
    canonical notation)."""
    try:
        return replay_canonical(record)[0]
    except EngineError as err:
        ply = getattr(err, "ply", None) or 0
        return replay_canonical(
            Record(record.game, record.version, record.options, record.moves[:ply])
        )[0]


def legal_part(fragment: str) -> Record | None:
    """The longest start of the game a (bad) link describes that decodes and replays:
    its game, version and options with the moves before the first bad one.  None
    when the head itself is unusable (unknown game or version, bad option).  An
    over-long link is read up to the last whole move that fits in MAX_FRAGMENT."""
    if isinstance(fragment, str) and len(fragment) > MAX_FRAGMENT:
        fitting = fragment[:MAX_FRAGMENT]
        cut = max(fitting.rfind("."), fitting.rfind("/"))  # after the last whole move
        fragment = fitting[:cut] if cut >= 0 else fitting
    try:
        record, _ = decode(fragment, partial=True)
    except EngineError:
        return None
    return legal_start(record)


def decode_options(game: Game, text: str) -> tuple[tuple[str, object], ...]:
    """Options written name=value,name=value (every default filled in); RecordError."""
    raw: dict = {}
    for pair in filter(None, text.split(",")):
        name, sep, value = pair.partition("=")
        if not sep:
            raise RecordError(f"option '{_shown(pair)}' should be name=value")
        if name in raw:
            raise RecordError(f"option '{_shown(name)}' is given twice")
        if not _OPTION_TEXT.match(value):
            raise RecordError(
                f"bad option: {_shown(name)}={_shown(value)} (a value is written "
                f"with the letters a-z, digits, '+' and '-')"
            )
        try:
            raw[name] = game.parse_option(name, value)
        except EngineError as err:
            raise RecordError(f"bad option: {_shown(str(err), 200)}") from None
    try:
        return tuple(game.normalise_options(**raw).items())
    except EngineError as err:
        raise RecordError(f"bad option: {_shown(str(err), 200)}") from None


def replay_record(record: Record) -> list:
    """Every state of the record's game; ReplayError names the first bad move."""
    game = games.get(record.game)
    return replay(game, game.new(**record.options_dict), record.moves)


def replay_canonical(
    record: Record, replayed: tuple[list, list[str]] | None = None
) -> tuple[Record, list]:
    """(the record with its moves in the game's canonical notation, every state of its
    game); ReplayError names the first bad move, or an ending that cannot follow the last.
    Links and records keep what they mean, in the form the game writes (Gwyddbwyll's e3-e4
    and e3xe4 become e3e4).  `replayed`: its (states, canonical moves), when its moves were
    replayed already (a long link opened in slices)."""
    game = games.get(record.game)
    if replayed is None:
        replayed = replay_notated(game, game.new(**record.options_dict), record.moves)
    states, moves = replayed
    if record.ending:
        try:
            read_ending(game, states[-1], record.ending)
        except EngineError as err:
            raise RecordError(
                f"the ending '{record.ending}': {err}", len(moves), record.ending
            ) from None
    return replace(record, moves=tuple(moves)), states


__all__ = [
    "Record",
    "RecordError",
    "ReplayError",
    "decode",
    "decode_options",
    "encode",
    "ending_word",
    "game_of",
    "is_ending_word",
    "legal_part",
    "legal_start",
    "make_record",
    "read_ending",
    "replay_canonical",
    "replay_record",
    "split_ending",
    "unquote_link",
]
