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
link (`blue-resigns`, `draw-agreed`: engine/formats/record.py).

Side lines (engine/formats/move_tree.py) follow the move they replace, in parentheses, PGN style,
indented one step deeper each and nested as deep as they go.  Moves are numbered by ply in
every line (there are games of three and four players), so a side line's first move carries
the number of the move it replaces; its ending, if any, comes before its ')':

    1. 3x3a3 {Red}
    2. 3x3b2 {Blue}
      (2. 3x3c3 {Blue}
       3. 2x2a1 {Red}
        (3. 2x2d1 {Red}) blue-resigns)
    3. 2x2d1 {Red}

Header lines are `[Key "value"]`.  Game (an id or a name) is required; Rules
(the rules version) defaults to this site's; Options are written as in a link
(name=value,...; missing ones take their defaults); Ply, when present, is the
ply on display on the main line; Path, written instead when the position on display is
in a side line, is its path (child numbers from the start joined by dots, 0 the main
move, 1 the first side line: "0.1.0").  Other keys (Name, Date, Result, ...) are for people and are
ignored when reading.  Then the moves in notation, separated by spaces or new
lines; move numbers ("12." or "12...") and {comments} are skipped, as is
anything after a ';' on a line.  A comment may span lines, but a '{' left open
(at the end, or when the next '{' comes) is an error naming its line: read on,
it would swallow the moves after it.

`load_text` reads the main line (its side lines are read but not replayed) as before;
`load_tree_text` replays every line into a MoveTree.  Reading also accepts a link or its
fragment (`...#rugpile/1/...`) pasted alone: one line.  Errors are RecordError saying what and
where: the line, and for a move its number and text.  Pure Python: no browser imports.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, NamedTuple

from .. import games
from ..contract.core import Game
from ..contract.ending import ending_text
from ..contract.errors import EngineError
from .move_tree import MoveTree, Path, TreeBuilder
from .record import (
    _MOVE_TEXT,
    _NUMBER,
    MAX_FRAGMENT,
    Record,
    RecordError,
    _shown,
    decode,
    decode_options,
    encode,
    is_ending_word,
    legal_start,
    read_ending,
    replay_canonical,
    unquote_link,
)

MAX_TEXT = 1_000_000
_HEADER = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_-]*)\s+"([^"]*)"\s*\]$')
_NUMBERED = re.compile(r"^([0-9]+)\.+(.*)$")


@dataclass(frozen=True)
class TextRecord:
    record: Record
    ply: int  # the ply on display
    lines: tuple[int, ...]  # the line (1-based) each move was read from


class TreeRecord(NamedTuple):
    """A text record read with its side lines (`load_tree_text`)."""

    record: Record  # the game, its options and its main line
    tree: MoveTree  # every line, in the game's canonical notation
    path: Path  # the position on display
    states: list  # every position of the line through `path`, to its end


def to_text(record: Record, ply: int | None = None, states=None, date: str | None = None) -> str:
    """The record as text.  With `states` (the replayed positions), each move is
    followed by who played it and an ended game gets a Result line."""
    tree = MoveTree.from_line(record.moves, record.ending)
    by_path = None if states is None else {(0,) * i: state for i, state in enumerate(states)}
    return tree_to_text(record, tree, None if ply is None else (0,) * ply, by_path, date)


def tree_to_text(
    record: Record,
    tree: MoveTree,
    path: Path | None = None,
    states: dict | None = None,
    date: str | None = None,
) -> str:
    """The game of `record` (its game and options; its moves are the tree's) with every line
    of `tree` as text, the position at `path` on display.  `states` (position by path, as
    MoveTree.all_states gives) adds who played each move and the main line's Result."""
    game = games.get(record.game)
    options = encode(Record(record.game, record.version, record.options, ())).split("/")[2]
    head = [
        ("Game", record.game),
        ("Name", game.name),
        ("Rules", str(record.version)),
        ("Options", options),
    ]
    if date:
        head.append(("Date", date))
    end = tree.line_end(())
    last = None if states is None else states.get(end)
    if last is not None and tree.ending(end):
        ending = read_ending(game, last, tree.ending(end))
        head.append(("Result", ending_text(game, last, ending)))
    elif last is not None:
        result = game.result(last)
        if result is not None:
            head.append(("Result", game.result_text(game.seat_names(last), result)))
    if path is not None and not tree.on_main_line(path):
        head.append(("Path", ".".join(map(str, path))))
    elif path is not None and len(path) != len(end):
        head.append(("Ply", str(len(path))))
    lines = [f'[{key} "{_quoted(value)}"]' for key, value in head]
    lines.append("")
    lines += _move_lines(game, tree, states or {})
    if tree.ending(end):
        lines.append(tree.ending(end))
    return "\n".join(lines) + "\n"


def _move_lines(game, tree: MoveTree, states: dict) -> list[str]:
    """One line a move, numbered by ply; a side line indented in parentheses after the move
    it replaces, its ending (if any) before its ')'."""
    rows = tree.rows()
    width = len(str(max((row.ply for row in rows), default=0)))
    out, open_ends = [], []  # the end of each side line still open
    for i, row in enumerate(rows):
        starts = row.depth > 0 and row.path[-1] != 0
        if starts:
            open_ends.append(tree.line_end(row.path))
        indent = "  " * row.depth + (("(" if starts else " ") if row.depth else "")
        line = f"{indent}{row.ply:>{width}}. {row.move}"
        state = states.get(row.path[:-1])
        if state is not None:
            seat = game.to_move(state)
            line = f"{line:<{width + 12 + len(indent)}} {{{game.seat_names(state)[seat]}}}"
        following = rows[i + 1] if i + 1 < len(rows) else None
        stays = 0 if following is None else following.depth - (following.path[-1] != 0)
        for _ in range(len(open_ends) - stays):
            word = tree.ending(open_ends.pop())
            line = f"{line} {word})" if word else f"{line})"
        out.append(line.rstrip())
    return out


def _quoted(value: str) -> str:
    return value.replace('"', "'").replace("\n", " ")


def read_text(text: str, partial: bool = False) -> TextRecord:
    """The record written in `text` (see the module docstring), its main line;
    RecordError otherwise.

    partial=True stops quietly at the first token that is not a move (or a side line's
    bracket out of place) and lets a bad Ply go, for `legal_part_of_text`."""
    return _read(text, partial)[0]


def _read(text: str, partial: bool) -> tuple[TextRecord, _Reader | None]:
    """The record's main line, and the reader holding every line (None for a link)."""
    text = _record_text(text)
    link = _as_link(text)
    if link is not None:
        record, ply = decode(unquote_link(link), partial=partial)
        return TextRecord(record, ply, tuple(1 for _ in record.moves)), None
    head: dict[str, tuple[str, int]] = {}
    reader = _Reader(partial)
    opened = 0  # the line of the comment open at the end of a line, else 0
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not opened and stripped.startswith("["):
            if reader.moved:
                raise RecordError(f"line {number}: a header line after the moves")
            _read_header(head, stripped, number)
        elif not reader.stopped:
            opened = reader.line(line, number, opened)
    if opened and not partial:
        raise RecordError(f"line {opened}: a '{{' comment is never closed with '}}'")
    reader.head = head
    main = reader.finish()
    moves = [reader.builder.moves[node] for node in main[1:]]
    ending = reader.builder.endings[main[-1]]
    lines = [reader.where[node][0] for node in main[1:]]
    if ending:  # as before: where the ending was, after them
        lines.append(reader.ending_at[main[-1]][0])
    return _from_head(head, moves, ending, lines, partial), reader


def _record_text(text: Any) -> str:
    """The text of a record, without a leading byte-order mark; RecordError when it is not
    text or too long."""
    if not isinstance(text, str):
        raise RecordError("the record is not text")
    if len(text) > MAX_TEXT:
        raise RecordError(
            f"the record is too long ({len(text):,} characters; at most {MAX_TEXT:,})"
        )
    return text.lstrip("\ufeff")


def _read_header(head: dict[str, tuple[str, int]], stripped: str, number: int) -> None:
    """Read the header line `[Key "value"]` (line `number`) into `head`: key (in lower case)
    -> (value, line); RecordError for one that is malformed or repeated."""
    m = _HEADER.match(stripped)
    if not m:
        raise RecordError(
            f"line {number}: a header line should look like "
            f'[Game "rugpile"], not {_shown(stripped)!r}'
        )
    key = m.group(1).lower()
    if key in head:
        raise RecordError(f"line {number}: a second {m.group(1)} line")
    head[key] = (m.group(2).strip(), number)


class _Reader:
    """The moves of a text record as they are read: a tree of them as written (not yet
    replayed), where each was read (line, token number), and the side lines still open."""

    def __init__(self, partial: bool):
        self.partial, self.stopped = partial, False
        self.head: dict[str, tuple[str, int]] = {}  # the header lines, once read
        self.builder = TreeBuilder()
        self.where: list[tuple[int, int]] = [(0, 0)]  # by node
        self.ending_at: dict[int, tuple[int, int]] = {}  # node -> where its ending was read
        # each line still open (the main line, side lines in it): [the node before its last
        # move (None before its first), its last node, the line of its '(']
        self.open_lines: list[list] = [[None, 0, 0]]
        self.pending: tuple[str, int, int] | None = None  # an ending word, where it was
        self.count = 0

    @property
    def moved(self) -> bool:
        return len(self.builder.moves) > 1 or self.pending is not None

    def stop(self, err: RecordError) -> None:
        if not self.partial:
            raise err
        self.stopped = True

    def line(self, line: str, number: int, opened: int) -> int:
        """Read a line of moves (line `number`): its words without comments.  `opened` is the
        line of a comment still open before it (0 if none); returns the same after it."""
        if "\ufeff" in line:
            self.stop(
                RecordError(
                    f"line {number}: a byte-order mark (U+FEFF, an invisible "
                    "character) in the middle of the record"
                )
            )
            return opened
        try:
            body, opened = _strip_comments(line, opened, number)
        except RecordError as err:
            self.stop(err)
            return opened
        for token in body.replace("(", " ( ").replace(")", " ) ").split():
            self.token(token, number)
        return opened

    def token(self, token: str, number: int) -> None:
        """Read one word of the moves: a move, an ending, '(' or ')' (a move number is
        skipped)."""
        if self.stopped:
            return
        numbered = _NUMBERED.match(token)
        if numbered:
            token = numbered.group(2)
            if not token:
                return
        self.count += 1
        try:
            if token == "(":
                self._open(number)
            elif token == ")":
                self._close(number)
            elif is_ending_word(token.lower()):
                self._flush()
                self.pending = (token.lower(), number, self.count)
            else:
                self._move(token, number, self.count)
        except RecordError as err:
            self.stop(err)
        except EngineError as err:
            self.stop(RecordError(f"line {number}: {err}"))

    def _flush(self) -> None:
        """An ending word read last may not have more of its line after it."""
        if self.pending:
            (word, number, _), self.pending = self.pending, None
            ply = len(self.builder.path(self.open_lines[-1][1]))
            raise RecordError(
                f"line {number}: '{word}' ends the game, so it can only come after the last move",
                ply,
                word,
            )

    def _move(self, token: str, number: int, count: int) -> None:
        move = token.lower()
        if not _MOVE_TEXT.match(move):
            ply = len(self.builder.path(self.open_lines[-1][1])) + bool(self.pending)
            raise RecordError(
                f"line {number}, move {ply + 1}: {_shown(token)!r} is not a move", ply, token
            )
        self._flush()
        self._add(move, number, count)

    def _add(self, move: str, number: int, count: int) -> None:
        line = self.open_lines[-1]
        node = self.builder.add(line[1], move)
        if node == len(self.where):
            self.where.append((number, count))
        line[0], line[1] = line[1], node

    def _open(self, number: int) -> None:
        self._flush()
        before = self.open_lines[-1][0]
        if before is None:
            raise RecordError(
                f"line {number}: a '(' with no move before it for its side line to replace"
            )
        self.open_lines.append([None, before, number])

    def _close(self, number: int) -> None:
        if len(self.open_lines) == 1:
            raise RecordError(f"line {number}: a ')' with no '(' before it")
        self._end()
        if self.open_lines[-1][0] is None:
            raise RecordError(f"line {number}: an empty side line '()'")
        self.open_lines.pop()

    def _end(self) -> None:
        """The ending word read last, if any, ends the line open now."""
        if self.pending:
            (word, number, count), self.pending = self.pending, None
            try:
                self.builder.end(self.open_lines[-1][1], word)
            except EngineError as err:
                raise RecordError(f"line {number}: {err}") from None
            self.ending_at[self.open_lines[-1][1]] = (number, count)

    def finish(self) -> list[int]:
        """The nodes of the main line, from the start, once every word is read."""
        try:
            if len(self.open_lines) > 1 and not self.stopped:
                raise RecordError(f"line {self.open_lines[-1][2]}: a '(' is never closed with ')'")
            if len(self.open_lines) == 1:
                self._end()
        except RecordError as err:
            self.stop(err)
        main = [0]
        while self.builder.kids[main[-1]]:
            main.append(self.builder.kids[main[-1]][0])
        return main


def _from_head(head: dict, moves: list, ending: str, lines: list, partial: bool) -> TextRecord:
    """The record of the header lines read (name -> (value, line)) and the main line."""
    moves_read = tuple(moves)
    if "game" not in head:
        raise RecordError(f'the record has no [Game "..."] line (games: {", ".join(games.ids())})')
    game = _game_named(*head["game"])
    if "rules" in head:
        value, number = head["rules"]
        if not _NUMBER.match(value) or int(value) != game.rules_version:
            raise RecordError(
                f"line {number}: unknown rules version {_shown(value)!r} for "
                f"{game.name} (this site plays version {game.rules_version})"
            )
    options_text, number = head.get("options", ("", 0))
    try:
        options = decode_options(game, options_text.replace(" ", ""))
    except RecordError as err:
        raise RecordError(f"line {number}: {err}") from None
    ply = len(moves_read)
    if "ply" in head and not partial:
        value, number = head["ply"]
        if not _NUMBER.match(value) or int(value) > ply:
            raise RecordError(
                f"line {number}: Ply should be a number from 0 to {ply}, not {_shown(value)!r}"
            )
        ply = int(value)
    return TextRecord(
        Record(game.id, game.rules_version, options, moves_read, ending), ply, tuple(lines)
    )


def load_text(text: str) -> tuple[Record, int, list]:
    """(record, ply on display, every state) of a text record that reads and replays: its
    main line; RecordError says what is wrong and where (line, move number and move)."""
    read = read_text(text)
    record, states = _replayed(read)
    return record, read.ply, states


def _replayed(read: TextRecord) -> tuple[Record, list]:
    try:
        return replay_canonical(read.record)
    except EngineError as err:
        ply = getattr(err, "ply", 0) or 0
        line = read.lines[ply] if ply < len(read.lines) else 0
        where = f"line {line}, " if line else ""
        raise RecordError(f"{where}{err}", ply, getattr(err, "move", None)) from None


def load_tree_text(text: str) -> TreeRecord:
    """A text record with its side lines, every line replayed (moves in canonical notation),
    and the position on display (Path, else Ply); RecordError says what is wrong and where:
    the first bad move (or ending) in the text, in the main line or a side line."""
    read, reader = _read(text, partial=False)
    if reader is None:  # a link: one line
        record, states = _replayed(read)
        return TreeRecord(
            record, MoveTree.from_line(record.moves, record.ending), (0,) * read.ply, states
        )
    game = games.get(read.record.game)
    canon, to_canon, by_node = _replay_tree(game, game.new(**read.record.options_dict), reader)
    raw = reader.builder
    if "path" in reader.head:
        value, number = reader.head["path"]
        try:
            if not all(_NUMBER.match(step) for step in value.split(".")) and value:
                raise EngineError(f"'{_shown(value)}' should be child numbers joined by dots")
            node = raw.node(tuple(int(step) for step in value.split(".")) if value else ())
        except EngineError as err:
            raise RecordError(f"line {number}: Path: {err}") from None
    else:
        node = 0
        for _ in range(read.ply):
            node = raw.kids[node][0]
    tree, shown = canon.tree(), to_canon[node]
    path = canon.path(shown)
    line = [0]
    for step in tree.line_end(path):
        line.append(canon.kids[line[-1]][step])
    main = tree.line_end(())
    record = Record(
        read.record.game,
        read.record.version,
        read.record.options,
        tree.moves(main),
        tree.ending(main),
    )
    return TreeRecord(record, tree, path, [by_node[node] for node in line])


def _replay_tree(game: Game, start: Any, reader: _Reader) -> tuple[TreeBuilder, dict, dict]:
    """Every line of the record replayed: (the tree in canonical notation, its node for each
    node read, the position at each of its nodes); RecordError names the first bad move or
    ending in the text."""
    raw, canon = reader.builder, TreeBuilder()
    to_canon, states = {0: 0}, {0: start}
    first: tuple[int, int, bool, EngineError] | None = None  # where, node, ending?, error

    def fail(where: int, node: int, ending: bool, err: EngineError) -> None:
        nonlocal first
        if first is None or where < first[0]:
            first = (where, node, ending, err)

    def end(node: int) -> None:
        word = raw.endings[node]
        if word:
            try:
                read_ending(game, states[to_canon[node]], word)
                canon.end(to_canon[node], word)
            except EngineError as err:
                fail(reader.ending_at[node][1], node, True, err)

    end(0)
    stack = list(reversed(raw.kids[0]))
    while stack:
        node = stack.pop()
        text, state = raw.moves[node], states[to_canon[raw.parents[node]]]
        try:
            move = game.parse(state, text)
            to_canon[node] = canon.add(to_canon[raw.parents[node]], game.notation(state, move))
        except EngineError as err:
            fail(reader.where[node][1], node, False, err)
            continue
        states[to_canon[node]] = game.apply(state, move)
        end(node)
        stack.extend(reversed(raw.kids[node]))
    if first is not None:
        raise _replay_error(reader, *first[1:])
    return canon, to_canon, states


def _replay_error(reader: _Reader, node: int, ending: bool, err: EngineError) -> RecordError:
    """The error of a move (or the ending after it) that does not replay, saying where."""
    path = reader.builder.path(node)
    side = "in a side line, " if any(path) else ""
    if ending:
        word = reader.builder.endings[node]
        return RecordError(
            f"line {reader.ending_at[node][0]}, {side}the ending '{word}': {err}", len(path), word
        )
    text = reader.builder.moves[node]
    return RecordError(
        f"line {reader.where[node][0]}, {side}move {len(path)} ('{_shown(text)}'): {err}",
        len(path) - 1,
        text,
    )


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
                raise RecordError(
                    f"line {opened}: a '{{' comment is not closed with '}}' "
                    f"before the next '{{' (line {number})"
                )
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
    raise RecordError(
        f"line {number}: unknown game {_shown(value)!r} (games: {', '.join(games.ids())})"
    )


__all__ = [
    "MAX_TEXT",
    "TextRecord",
    "TreeRecord",
    "legal_part_of_text",
    "load_text",
    "load_tree_text",
    "read_text",
    "to_text",
    "tree_to_text",
]
