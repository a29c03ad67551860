"""Game records as plain text: to copy, to save as a file, and to read back.

    [Game "rugpile"]
    [Name "Rug Pile"]
    [Rules "1"]
    [Options "players=2,size=5,tiles=4-3-2"]
    [Date "2026-11-22"]
    [Result "Red wins 8–6. Blue cannot place a tile."]

    1. 3x3a3 {Red}
    2. 3x3b2 {Blue}
    3. 2x2d1 {Red}

A game that ended off the board ends with the word of its ending, un-numbered, as in a
link (`blue-resigns`, `draw-agreed`: engine/ending.py).

Header lines are `[Key "value"]`.  Game (an id or a name) is required; Rules
(the rules version) defaults to this site's; Options are written as in a link
(name=value,...; missing ones take their defaults); Ply, when present, is the
ply on display.  Other keys (Name, Date, Result, ...) are for people and are
ignored when reading.  Then the moves in notation, separated by spaces or new
lines; move numbers ("12." or "12...") and {comments} are skipped, as is
anything after a ';' on a line.  A comment may span lines, but a '{' left open
(at the end, or when the next '{' comes) is an error naming its line: read on,
it would swallow the moves after it.

Reading also accepts a link or its fragment (`...#rugpile/1/...`) pasted alone.
Errors are RecordError saying what and where: the line, and for a move its
number and text.  Pure Python: no browser imports.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import games
from .core import EngineError
from .ending import ending_text
from .record import (MAX_FRAGMENT, Record, RecordError, _MOVE_TEXT, _NUMBER, _shown, decode,
                     decode_options, encode, legal_start, replay_canonical, split_ending,
                     unquote_link)

MAX_TEXT = 1_000_000
_HEADER = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"([^"]*)"\s*\]$')
_NUMBERED = re.compile(r"^([0-9]+)\.+(.*)$")


@dataclass(frozen=True)
class TextRecord:
    record: Record
    ply: int                          # the ply on display
    lines: tuple[int, ...]            # the line (1-based) each move was read from


def to_text(record: Record, ply: int | None = None, states=None, date: str | None = None) -> str:
    """The record as text.  With `states` (the replayed positions), each move is
    followed by who played it and an ended game gets a Result line."""
    game = games.get(record.game)
    options = encode(Record(record.game, record.version, record.options, ())).split("/")[2]
    head = [("Game", record.game), ("Name", game.name), ("Rules", str(record.version)),
            ("Options", options)]
    if date:
        head.append(("Date", date))
    if states is not None and record.ending:
        head.append(("Result", ending_text(game, states[-1], record.ending)))
    elif states is not None:
        result = game.result(states[-1])
        if result is not None:
            head.append(("Result", game.result_text(game.seat_names(states[-1]), result)))
    if ply is not None and ply != len(record.moves):
        head.append(("Ply", str(ply)))
    lines = [f'[{key} "{_quoted(value)}"]' for key, value in head]
    lines.append("")
    width = len(str(len(record.moves)))
    for i, move in enumerate(record.moves):
        line = f"{i + 1:>{width}}. {move}"
        if states is not None and i < len(states):
            state = states[i]
            seat = game.to_move(state)
            line = f"{line:<{width + 12}} {{{game.seat_names(state)[seat]}}}"
        lines.append(line.rstrip())
    if record.ending:
        lines.append(record.ending)
    return "\n".join(lines) + "\n"


def _quoted(value: str) -> str:
    return value.replace('"', "'").replace("\n", " ")


def read_text(text: str, partial: bool = False) -> TextRecord:
    """The record written in `text` (see the module docstring); RecordError otherwise.

    partial=True stops quietly at the first token that is not a move and lets a
    bad Ply go, for `legal_part_of_text`."""
    if not isinstance(text, str):
        raise RecordError("the record is not text")
    if len(text) > MAX_TEXT:
        raise RecordError(f"the record is too long ({len(text):,} characters; at most {MAX_TEXT:,})")
    text = text.lstrip("\ufeff")
    link = _as_link(text)
    if link is not None:
        record, ply = decode(unquote_link(link), partial=partial)
        return TextRecord(record, ply, tuple(1 for _ in record.moves))
    head: dict[str, tuple[str, int]] = {}
    moves: list[str] = []
    lines: list[int] = []
    opened = 0                  # the line of the comment open at the end of a line, else 0
    stopped = False
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not opened and stripped.startswith("["):
            if moves:
                raise RecordError(f"line {number}: a header line after the moves")
            m = _HEADER.match(stripped)
            if not m:
                raise RecordError(f"line {number}: a header line should look like "
                                  f'[Game "rugpile"], not {_shown(stripped)!r}')
            key = m.group(1).lower()
            if key in head:
                raise RecordError(f"line {number}: a second {m.group(1)} line")
            head[key] = (m.group(2).strip(), number)
            continue
        if stopped:
            continue
        if "\ufeff" in line:
            if partial:
                stopped = True
                continue
            raise RecordError(f"line {number}: a byte-order mark (U+FEFF, an invisible "
                              "character) in the middle of the record")
        try:
            body, opened = _strip_comments(line, opened, number)
        except RecordError:
            if not partial:
                raise
            stopped = True
            continue
        for token in body.split():
            numbered = _NUMBERED.match(token)
            if numbered:
                token = numbered.group(2)
                if not token:
                    continue
            move = token.lower()
            if not _MOVE_TEXT.match(move):
                if partial:
                    stopped = True
                    break
                raise RecordError(f"line {number}, move {len(moves) + 1}: "
                                  f"{_shown(token)!r} is not a move", len(moves), token)
            moves.append(move)
            lines.append(number)
    if opened and not partial:
        raise RecordError(f"line {opened}: a '{{' comment is never closed with '}}'")
    return _from_head(head, moves, lines, partial)


def _from_head(head: dict, moves: list, lines: list, partial: bool) -> TextRecord:
    """The record of the header lines read (name -> (value, line)) and the moves."""
    moves_read, ending = split_ending(tuple(moves))
    if "game" not in head:
        raise RecordError('the record has no [Game "..."] line (games: '
                          f'{", ".join(games.ids())})')
    game = _game_named(*head["game"])
    if "rules" in head:
        value, number = head["rules"]
        if not _NUMBER.match(value) or int(value) != game.rules_version:
            raise RecordError(f"line {number}: unknown rules version {_shown(value)!r} for "
                              f"{game.name} (this site plays version {game.rules_version})")
    options_text, number = head.get("options", ("", 0))
    try:
        options = decode_options(game, options_text.replace(" ", ""))
    except RecordError as err:
        raise RecordError(f"line {number}: {err}") from None
    ply = len(moves_read)
    if "ply" in head and not partial:
        value, number = head["ply"]
        if not _NUMBER.match(value) or int(value) > ply:
            raise RecordError(f"line {number}: Ply should be a number from 0 to {ply}, "
                              f"not {_shown(value)!r}")
        ply = int(value)
    return TextRecord(Record(game.id, game.rules_version, options, moves_read, ending), ply,
                      tuple(lines))


def load_text(text: str) -> tuple[Record, int, list]:
    """(record, ply on display, every state) of a text record that reads and replays;
    RecordError says what is wrong and where (line, move number and move)."""
    read = read_text(text)
    try:
        record, states = replay_canonical(read.record)
    except EngineError as err:
        ply = getattr(err, "ply", 0) or 0
        line = read.lines[ply] if ply < len(read.lines) else 0
        where = f"line {line}, " if line else ""
        raise RecordError(f"{where}{err}", ply, getattr(err, "move", None)) from None
    return record, read.ply, states


def legal_part_of_text(text: str) -> Record | None:
    """The longest start of a (bad) text record's game that reads and replays, or None
    when its header is unusable."""
    try:
        read = read_text(text, partial=True)
    except EngineError:
        return None
    return legal_start(read.record)


def _as_link(text: str) -> str | None:
    """The fragment of a link or fragment pasted alone, else None."""
    body = text.strip()
    if not body or any(c.isspace() for c in body) or body.startswith("["):
        return None
    if "#" in body:
        return body.split("#", 1)[1]
    return body if body.count("/") >= 3 and len(body) <= MAX_FRAGMENT else None


def _strip_comments(line: str, opened: int, number: int) -> tuple[str, int]:
    """The line without {comments} and without ';' to the end, and the line of the
    comment still open after it (0 if none).  `opened`: the line of the comment open
    before it, which may span lines; a '{' inside it says that comment was left open."""
    out = []
    for ch in line:
        if opened:
            if ch == "}":
                opened = 0
            elif ch == "{":
                raise RecordError(f"line {opened}: a '{{' comment is not closed with '}}' "
                                  f"before the next '{{' (line {number})")
            continue
        if ch == "{":
            opened = number
            out.append(" ")
        elif ch == "}":
            raise RecordError(f"line {number}: a '}}' with no '{{' before it")
        elif ch == ";":
            break
        else:
            out.append(ch)
    return "".join(out), opened


def _game_named(value: str, number: int):
    wanted = value.strip().lower()
    for game_id in games.ids():
        if wanted in (game_id, games.name(game_id).lower()):
            return games.get(game_id)
    # "Rug Pile (rugpile)" or a name with extra words: an id in brackets wins
    m = re.search(r"\(([a-z]+)\)", wanted)
    if m and m.group(1) in games.ids():
        return games.get(m.group(1))
    raise RecordError(f"line {number}: unknown game {_shown(value)!r} "
                      f"(games: {', '.join(games.ids())})")


__all__ = ["MAX_TEXT", "TextRecord", "legal_part_of_text", "load_text", "read_text",
           "to_text"]
