"""The move list as the page shows it: the main line in numbered columns, and each side line
indented under the move it is an alternative to, as on an analysis board.

Every move is a button carrying its path in the tree (`data-path`, the child numbers joined
by dots; the start is "") and its ply (`data-ply`); the move shown is marked current.  Pure
Python, tested in CPython (tests/test_move_list.py).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from html import escape

from engine.core import Game, View
from engine.move_tree import Path, Row
from web.boards.base import Board
from web.logic.session import Session

HINT = (
    '<small class="hinted" title="Played after a hint"> hint</small>'
    '<span class="visually-hidden"> (played after a hint)</span>'
)


def path_attr(path: Path) -> str:
    return ".".join(map(str, path))


def parse_path(text: str) -> Path:
    """A data-path back to a path (ValueError for text that is not one)."""
    return tuple(int(step) for step in text.split(".")) if text else ()


def labels(game: Game, known: dict, rows: Sequence[Row]) -> list[str]:
    """Each row's move as the move list writes it (the game may add to the notation)."""
    return [game.move_label(known[row.path[:-1]], known[row.path], row.move) for row in rows]


def move_list_html(
    rows: Sequence[Row],
    words: Sequence[str],
    current: Path,
    movers: Sequence[tuple[str, str]] | None = None,
    hinted: Collection[Path] = (),
) -> str:
    """The list's items: a numbered <li> per main-line move, and after a move with side
    lines one <li class="side"> holding them, a <div> per stretch of a line at one depth.
    `movers`: (swatch class, name) per row, for games of three or more players."""
    items: list[str] = []
    side: list[str] = []  # the side lines after the last main move
    stretch: list[str] = []  # the stretch of a side line being written
    depth = 0
    for i, (row, word) in enumerate(zip(rows, words, strict=True)):
        button = _button(
            row, word, row.path == current, movers[i] if movers else None, row.path in hinted
        )
        if row.depth == 0:
            _close(side, stretch, depth)
            if side:
                items.append(f'<li class="side">{"".join(side)}</li>')
                side.clear()
            items.append(f'<li value="{row.ply}">{button}</li>')
            continue
        starts = row.path[-1] > 0 and row.depth > 0
        if starts or row.depth != depth:
            _close(side, stretch, depth)
            depth = row.depth
        if not stretch:
            button = f'<span class="ply">{row.ply}.</span>{button}'
        stretch.append(button)
    _close(side, stretch, depth)
    if side:
        items.append(f'<li class="side">{"".join(side)}</li>')
    return "".join(items)


def _close(side: list[str], stretch: list[str], depth: int) -> None:
    if stretch:
        side.append(f'<div class="line" style="--depth:{depth}">{"".join(stretch)}</div>')
        stretch.clear()


def _button(
    row: Row, word: str, current: bool, mover: tuple[str, str] | None, hinted: bool
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
    return (
        f'<button type="button" data-path="{path_attr(row.path)}" data-ply="{row.ply}"'
        f"{marked}>{where}{who}{escape(word)}{HINT if hinted else ''}</button>"
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
    )
