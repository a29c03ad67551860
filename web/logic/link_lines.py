"""A game played by exchanging links, as one device keeps it: what a friend's link does to the
device's game, what it asks the player, and the link the device sends (pure; tested in
CPython, and as people play it in tests/test_link_model.py).

Each device plays its own seats (web/logic/seats.py: HUMAN); the others are FRIEND seats,
whose moves come only by link.  Besides its tree of moves, the session of a game by link
carries its `link` (engine/formats/by_link.py's `ByLink`: the game's id, `to` this device's seat,
and the draw offer this device makes) and its `exchange` (`Exchange`): the line of the link
this device sent last, the line of the friend's last link, and what a friend's link asks
the player until they answer: TAKEBACK (accept or decline the friend's takeback) or
CONFLICT (the link changes this device's own move, or plays its side: continue the friend's
line, or keep one's own).

The game is the tree's main line, and a device always sends its main line.  Nothing is ever
dropped: every line a link brings is added to the tree, as the main line or as a side line.
A friend's link is compared with the device's main line (`arrive`): the same game, ahead,
behind, a branch, a takeback asked, declined or a conflict (web/logic/link_arrival.py).
A move this device makes from a past position makes its line the game's main line; when that
changes a move of its own that the friend has (in either line exchanged), the link sent next
asks the friend to accept the takeback (`takeback_from`).

The parts, each a module with one job:
    web/logic/link_lines.py    this one: the lines as the device's tree holds them, compared,
                               a friend's line added (nothing either side made is dropped),
                               a game by link's saved entry found by its id
    web/logic/link_arrival.py  a friend's link compared with the game, and what it asks
    web/logic/link_sending.py  the link this device sends: its takeback, seat, place, record
    web/logic/link_seats.py    who plays which seat: a new game by link, sides decided
    web/logic/link_words.py    the page's words for all this
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress

from engine import EngineError
from engine.contract.ending import Ending
from engine.formats.record import read_ending
from web.logic.link_exchange import LinkLine, shared_start
from web.logic.session import Session


def main_line(session: Session) -> tuple[str, ...]:
    return session.tree.main_line()


def main_end(session: Session) -> tuple[int, ...]:
    """The path of the main line's last position."""
    return (0,) * len(main_line(session))


def main_states(session: Session) -> list:
    """The positions of the game's main line."""
    known, end = session.known, main_end(session)
    return [known[end[:ply]] for ply in range(len(end) + 1)]


def current(session: Session) -> LinkLine:
    """The game as this device would send it now: its main line, its ending, its offer."""
    offer = session.link.offer if session.link is not None else ""
    return LinkLine(main_line(session), session.tree.ending(main_end(session)), offer)


def same_game(a: LinkLine, b: LinkLine) -> bool:
    """Two lines of links carry the same game (moves and ending)."""
    return a.moves == b.moves and a.ending == b.ending


def asked(session: Session) -> str:
    """What the friend's link asks the player ('' nothing, TAKEBACK or CONFLICT)."""
    return session.exchange.question


def movers(session: Session, path: Sequence[int]) -> list[int]:
    """The seat that made each move of the line to `path` in the session's tree."""
    game, known = session.game, session.known
    return [game.to_move(known[tuple(path[:ply])]) for ply in range(len(path))]


def main_movers(session: Session) -> list[int]:
    return movers(session, main_end(session))


def over(session: Session) -> bool:
    """The game (the main line) has ended, on the board or off it."""
    end = main_end(session)
    return session.tree.ending(end) != "" or session.game.result(session.known[end]) is not None


def add_line(session: Session, moves: Sequence[str], ending: Ending | None, adopt: bool) -> None:
    """Add the line `moves` (from the start, ended by `ending` or not) to the session's tree:
    as its main line when `adopt`, else as a side line; the main line's end is shown after.
    Where the line goes on from a resignation or an agreed draw in the tree (a friend's moves
    crossed it), that ending is put back at the line's end: a resignation stands, whatever
    moves crossed it."""
    common = shared_start(main_line(session), moves)
    session.goto_path(main_end(session))
    session.goto(common)
    crossed: Ending | None = None
    for text in moves[common:]:
        if session.live and session.ending is not None:
            crossed = session.ending
            session.take_back_ending()
        session.play_text(text)
    path = session.path
    if not session.tree.children(path):  # the line's end: it may end there
        for end in (ending, crossed):
            if end is not None and session.ending is None:
                with suppress(EngineError):  # the game ended on the board first
                    session.end(end)
    if adopt and any(path):
        session.goto_path(path)
        session.promote()
    session.goto_path(main_end(session))


def promote_line(session: Session, moves: Sequence[str]) -> None:
    """Make the line `moves` (already in the tree) the main line; show its end."""
    path = session.find(tuple(moves))
    if path is None:
        raise EngineError("that line is not in this game")
    session.goto_path(path)
    session.promote()
    session.goto_path(main_end(session))


def merge(ours: Session, theirs: Session) -> None:
    """Add every line of `theirs` (the same game, kept by another tab or entry) to `ours`,
    whose main line stays the game (unless one of theirs goes on from its end)."""
    tree = theirs.tree
    for row in tree.rows():
        if tree.children(row.path):
            continue
        word = tree.ending(row.path)
        ending = read_ending(theirs.game, theirs.known[row.path], word) if word else None
        add_line(ours, tree.moves(row.path), ending, adopt=False)


def link_game_id(fragment: str) -> str | None:
    """The `game=` id of a link (its fragment), or None when it has none; read without
    decoding the whole link (Recent finds a game's entry by it)."""
    for field in fragment.rsplit("/", 1)[-1].split(","):
        name, _, value = field.partition("=")
        if name == "game" and value:
            return value
    return None


def find_entry(entries, game_id: str):
    """The newest saved entry (web/storage/recent.py) of the game by link `game_id`."""
    found = [e for e in entries if link_game_id(e.fragment) == game_id]
    return max(found, key=lambda e: e.updated) if found else None
