"""The move list as the page shows it: the main line in numbered columns, and each side line
indented under the move it is an alternative to, as on an analysis board.  Moves are named as
web/logic/move_names.py says.  A board with `full_moves` (Gwyddbwyll) numbers full moves, a
row each: "1. e3e4 a6a5 2. ..." (`pairs`: two columns, White's item beginning with its
number, then Black's; a black move after side lines in a row of its own, after "3. …"); the
others number every move, by the list itself.

Every move is a button carrying its row, its place in the list (`data-row`: the list keeps
each row's path in the tree), and its ply (`data-ply`); the move shown is marked current.  A
button's markup is short whatever the game's length (a path would be as long as its ply, the
list's markup quadratic in the game's length).

`MoveList` keeps the markup of the tree last drawn: while the tree, its hint marks and the
seat names stay the same (a step back or forward, a click on a move) the page rewrites
nothing and only moves the current mark, so a step costs the same in a 2,500-ply game as in
a 50-ply one.  Pure Python, tested in CPython (tests/test_move_list.py).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from html import escape

from engine.contract.core import Game, View
from engine.formats.move_tree import Path, Row
from web.boards.base import Board
from web.logic.move_names import move_name
from web.logic.session import Session

LONG_LIST = 200  # a list that is one line, written whole with this many moves, is in parts
PART = 100  # moves to a part

HINT = (
    '<small class="hinted" title="Played after a hint"> hint</small>'
    '<span class="visually-hidden"> (played after a hint)</span>'
)
# A move written longer than this (Stigmergy's "button", "komi-37") is marked wide in a list
# numbered move by move: it takes two of the list's columns (web/style.css), where it would
# run into the next move's number, which the browser draws left of its column (seen at
# 1366 px: "1. komi-372. black").  A list by full moves (Gwyddbwyll's) keeps every move in its
# White or Black column, however long.
WIDE = 5


def labels(game: Game, known: dict, rows: Sequence[Row]) -> list[str]:
    """Each row's move as the move list writes it (the game may add to the notation)."""
    return [move_name(game, known[row.path[:-1]], known[row.path], row.move) for row in rows]


def move_list_html(
    rows: Sequence[Row],
    words: Sequence[str],
    current: Path | None,
    movers: Sequence[tuple[str, str]] | None = None,
    hinted: Collection[Path] = (),
    pairs: bool = False,
) -> str:
    """The list's items: a numbered <li> per main-line move, and after a move with side
    lines one <li class="side"> holding them, a <div> per stretch of a line at one depth.
    `movers`: (swatch class, name) per row, for games of three or more players; `pairs`:
    numbered by full moves."""
    items: list[str] = []
    side: list[str] = []  # the side lines after the last main move
    stretch: list[str] = []  # the stretch of a side line being written
    depth = 0
    for i, (row, word) in enumerate(zip(rows, words, strict=True)):
        mover = movers[i] if movers else None
        button = _button(i, row, word, row.path == current, mover, row.path in hinted, pairs)
        if row.depth == 0:
            _close(side, stretch, depth)
            after_side = bool(side)
            if side:
                items.append(f'<li class="side">{"".join(side)}</li>')
                side.clear()
            if not pairs:
                items.append(f'<li value="{row.ply}">{button}</li>')
            elif row.ply % 2:
                items.append(f"<li>{full_move(row.ply)}{button}</li>")
            else:  # Black's move; after side lines, in a row of its own
                gap = f'<li class="gap" aria-hidden="true">{full_move(row.ply - 1)}…</li>'
                items.append(f"{gap if after_side else ''}<li>{button}</li>")
            continue
        starts = row.path[-1] > 0 and row.depth > 0
        if starts or row.depth != depth:
            _close(side, stretch, depth)
            depth = row.depth
        if not stretch:
            button = f'<span class="ply">{number(row.ply, pairs)}</span>{button}'
        stretch.append(button)
    _close(side, stretch, depth)
    if side:
        items.append(f'<li class="side">{"".join(side)}</li>')
    return "".join(items)


def number(ply: int, pairs: bool) -> str:
    """The number before a side line's first move: its ply ("7."), or by full moves "4." for
    White's move and "3…" for Black's.

    >>> number(7, False), number(7, True), number(6, True)
    ('7.', '4.', '3…')
    """
    if not pairs:
        return f"{ply}."
    return f"{(ply + 1) // 2}." if ply % 2 else f"{ply // 2}…"


def full_move(ply: int) -> str:
    """The number of White's move at `ply` (odd) in a list by full moves."""
    return f'<span class="n">{(ply + 1) // 2}.</span>'


def _close(side: list[str], stretch: list[str], depth: int) -> None:
    if stretch:
        side.append(f'<div class="line" style="--depth:{depth}">{"".join(stretch)}</div>')
        stretch.clear()


def _button(
    i: int,
    row: Row,
    word: str,
    current: bool,
    mover: tuple[str, str] | None,
    hinted: bool,
    pairs: bool,
) -> str:
    who = ""
    if mover is not None:
        swatch, name = mover
        who = (
            f'<span class="swatch {swatch}" title="{escape(name)}"></span>'
            f'<span class="visually-hidden">{escape(name)}: </span>'
        )
    where = "" if row.depth == 0 else '<span class="visually-hidden">side line: </span>'
    marked = ' aria-current="true"' if current else ""
    wide = ' class="wide"' if len(word) > WIDE and not pairs else ""
    return (
        f'<button type="button" data-row="{i}" data-ply="{row.ply}"'
        f"{marked}{wide}>{where}{who}{escape(word)}{HINT if hinted else ''}</button>"
    )


def movers_of(
    game: Game, known: dict, rows: Sequence[Row], view: View, board: Board
) -> list[tuple[str, str]] | None:
    """Who played each row's move (swatch class, name, as the position shown names the
    seats), for games of three or more players; None for two."""
    if len(view.seat_names) < 3:
        return None
    seats = [game.to_move(known[row.path[:-1]]) for row in rows]
    return [(board.swatch(view, seat), view.seat_names[seat]) for seat in seats]


def session_html(session: Session, view: View, board: Board) -> str:
    """The move list of a game on the page (web/logic/session.py), the position shown current."""
    rows = session.tree.rows()
    return move_list_html(
        rows,
        labels(session.game, session.known, rows),
        session.path,
        movers_of(session.game, session.known, rows, view, board),
        session.hinted,
        board.full_moves,
    )


def line_html(
    words: Sequence[str],
    movers: Sequence[tuple[str, str]] | None = None,
    hinted: Collection[int] = (),
    first: int = 0,
    pairs: bool = False,
) -> str:
    """The items of a list that is one line (no side lines) for its moves `first` on, `words`
    their labels: `move_list_html`'s buttons, made without a path per move (each path as long
    as its ply, the paths of a 2,500-ply game 3 million steps).  `movers` (of every move) and
    `hinted` (the rows played after a hint) count from the line's first move.  The items are
    numbered by the list itself (`<li>`, their numbers their plies): Chromium took 2-3 s to lay
    out 2,500 items each with its own number (`<li value>`), 0.1 s without; only move 1,000
    says its number, for the style sheet's room for four digits.  By full moves (`pairs`),
    White's items say theirs (a list numbered by the browser counts every item)."""
    items = []
    for i, word in enumerate(words, start=first):
        row = Row((), word, 0, i + 1)
        button = _button(i, row, word, False, movers[i] if movers else None, i in hinted, pairs)
        if pairs:
            item = "<li>" if i % 2 else f"<li>{full_move(i + 1)}"
        else:
            item = '<li value="1000">' if i + 1 == 1000 else "<li>"
        items.append(f"{item}{button}</li>")
    return "".join(items)


def part_html(
    words: Sequence[str],
    movers: Sequence[tuple[str, str]] | None,
    hinted: Collection[int],
    first: int,
    pairs: bool = False,
) -> str:
    """One part of a long list that is one line: its moves `first` on as a list of their own,
    numbered from `first` + 1, in one item of the whole list.  The browser lays out only the
    parts in view (web/style.css: `content-visibility`); one grid of 2,500 items took it
    0.4-1.2 s to lay out, the parts in view 0.01-0.04 s."""
    items = line_html(words, movers, hinted, first, pairs)
    return f'<li class="part"><ol start="{first + 1}">{items}</ol></li>'


def one_line(session: Session) -> bool:
    """True when the session's tree is one line: no move has a side line."""
    return all(len(node.children) < 2 for node in session.tree.nodes)


@dataclass(frozen=True)
class Update:
    """What the page does to its move list: write `markup` (None: keep the list as it is),
    add `append` at its end (new moves after its last), then mark row `current` (None: no
    move, the start is shown).  A long list's `markup` is its first part only: `later` makes
    the others, one at a time, for the page to add a part a turn (the row `current` is marked
    once its part is written).  `pairs`: the list is numbered by full moves (its class)."""

    markup: str | None
    current: int | None
    append: str | None = None
    later: Iterator[str] | None = None
    pairs: bool = False


class MoveList:
    """The move list of the tree last drawn: its markup, written once, and each row's path.

    A tree that is one line (every link's) is drawn from the positions of the line on
    display, which are all of its positions, without a path per move: its rows are its plies;
    a move played at its end adds one item to the list; a long one is written in parts
    (`part_html`), each labelled when it is written."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.paths: list[Path] = []
        self.rows: dict[Path, int] = {}
        self.line: list[str] | None = None  # the moves of a list that is one line

    def update(self, session: Session, view: View, board: Board) -> Update:
        """The change from the list last drawn to this session's: the whole markup only when
        the tree, its hint marks or the seat names changed (a move added at the end of a
        list that is one line: that move's item only)."""
        key = (
            session.tree,
            frozenset(session.hinted),
            tuple(view.seat_names),
            session.game.id,
            session.record.options,  # the same moves from another start are other moves
        )
        if key == self.key:
            return Update(None, self.row(session.path), pairs=board.full_moves)
        if one_line(session):
            return replace(self._line(session, view, board, key), pairs=board.full_moves)
        rows = session.tree.rows()
        game, known = session.game, session.known
        markup = move_list_html(
            rows,
            labels(game, known, rows),
            None,
            movers_of(game, known, rows, view, board),
            session.hinted,
            board.full_moves,
        )
        self.key, self.line = key, None
        self.paths = [row.path for row in rows]
        self.rows = {path: i for i, path in enumerate(self.paths)}
        return Update(markup, self.rows.get(session.path), pairs=board.full_moves)

    def _line(self, session: Session, view: View, board: Board, key: tuple) -> Update:
        game = session.game
        states, moves = list(session.states), list(session.moves)  # as they are now
        before, self.key = self.key, key
        first = 0
        if (
            self.line is not None
            and before is not None
            and before[1:] == key[1:]
            and len(moves) > len(self.line)
            and moves[: len(self.line)] == self.line
        ):
            first = len(self.line)  # moves added at its end: the rest stays as it is
        self.line = moves
        movers = None
        if len(view.seat_names) >= 3:
            seats = [game.to_move(state) for state in states[:-1]]
            movers = [(board.swatch(view, seat), view.seat_names[seat]) for seat in seats]
        hinted = {len(path) - 1 for path in session.hinted}
        current = self.row(session.path)
        pairs = board.full_moves

        def words(start: int, end: int) -> list[str]:
            return [move_name(game, states[k], states[k + 1], moves[k]) for k in range(start, end)]

        if first:
            return Update(
                None, current, line_html(words(first, len(moves)), movers, hinted, first, pairs)
            )
        if len(moves) < LONG_LIST:
            return Update(line_html(words(0, len(moves)), movers, hinted, 0, pairs), current)
        parts = (
            part_html(words(start, min(start + PART, len(moves))), movers, hinted, start, pairs)
            for start in range(0, len(moves), PART)
        )
        return Update(next(parts), current, later=parts)

    def row(self, path: Path) -> int | None:
        """The row of the move at `path`; None for the start (or a path not in the list)."""
        if self.line is None:
            return self.rows.get(path)
        return len(path) - 1 if 0 < len(path) <= len(self.line) and not any(path) else None

    def path(self, row: str) -> Path | None:
        """The path of a button's data-row; None for text that is not a row of the list."""
        count = len(self.paths) if self.line is None else len(self.line)
        if not row.isdigit() or int(row) >= count:
            return None
        return self.paths[int(row)] if self.line is None else (0,) * (int(row) + 1)
