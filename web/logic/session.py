"""One game on the page: its tree of moves (engine/formats/move_tree.py), the line on display and
the ply on display in it, and every position.

Pure Python (no browser imports), so the page's history (web/logic/table.py steps through it)
is tested in CPython.  A move from a past position that differs from the one played starts a
side line; nothing is discarded.  The line on display runs from the start through the position
shown to the end of its line (`end_path`); `moves`, `states` and `ending` are that line's:
`states[k]` is the position after k of its moves, and a line may end off the board after its
last move (`ending`: a resignation or an agreed draw, engine/contract/ending.py; the tree keeps its
word, engine/formats/record.py).  A link carries the line on display; the text record the whole
tree.
"""

from __future__ import annotations

from typing import Any

from engine import EngineError, games
from engine.contract.core import Result
from engine.contract.ending import Ending, ending_result, ending_text
from engine.formats.by_link import ByLink
from engine.formats.move_tree import MoveTree, Path
from engine.formats.record import (
    Record,
    decode,
    encode,
    ending_word,
    make_record,
    read_ending,
    replay_canonical,
)
from engine.formats.record_text import load_tree_text, tree_to_text
from web.logic import replay_ahead
from web.logic.link_exchange import NO_EXCHANGE, Exchange

DEFAULT_GAME = "rugpile"  # what a first visit with no link opens


class Positions(dict):
    """The position at each path of the tree (`session.known`): the main line's positions
    as a list (`line`; their paths are all zeros), looked up on demand, so opening a 2,500-ply
    link makes no 2,500 paths of up to 2,500 steps (quadratic), nor does a move played at its
    end; the positions of side lines are kept by path."""

    def __init__(self, line: list):
        super().__init__({(): line[0]})
        self.line = line

    def __missing__(self, path: Path) -> Any:
        if len(path) < len(self.line) and not any(path):
            return self.line[len(path)]
        raise KeyError(path)

    def __contains__(self, path: object) -> bool:
        return super().__contains__(path) or (
            isinstance(path, tuple) and len(path) < len(self.line) and not any(path)
        )

    def get(self, path: Path, default: Any = None) -> Any:
        try:
            return self[path]
        except KeyError:
            return default

    def setdefault(self, path: Path, default: Any = None) -> Any:
        """The position at `path`, kept as `default` when there is none (a move played at the
        end of the main line goes on its list)."""
        if path in self:
            return self[path]
        if len(path) == len(self.line) and not any(path):
            self.line.append(default)
            return default
        return super().setdefault(path, default)


class Session:
    def __init__(
        self, game_id: str, options: dict | None = None, moves=(), ply: int | None = None
    ):
        self.game = games.get(game_id)
        self.record = make_record(self.game, options or {}, ())
        self.tree = MoveTree()
        self.known: dict[Path, Any] = Positions([self.game.new(**self.record.options_dict)])
        self.end_path: Path = ()  # the end of the line on display
        self.states: list = []
        self.moves: list[str] = []
        self.ending: Ending | None = None
        self.ply = 0
        self.link: ByLink | None = None  # a game by link (web/logic/link_lines.py), its seat
        self.exchange: Exchange = NO_EXCHANGE  # a game by link: the lines exchanged, a question
        self.hint_at: Path | None = None  # the position a hint was shown for
        self.hinted: set[Path] = set()  # the moves played after a hint
        self._show(())
        for text in moves:
            self.play_text(text)
        self.ply = len(self.moves) if ply is None else ply

    @classmethod
    def from_fragment(cls, fragment: str) -> Session:
        """The session a link describes; RecordError / ReplayError say what is wrong."""
        record, ply = decode(fragment)
        return cls.from_record(record, ply)

    @classmethod
    def from_record(cls, record: Record, ply: int | None = None, states=None) -> Session:
        """The session of a record (replayed unless its states are given, its moves then
        rewritten in canonical notation); ReplayError."""
        if states is None:
            record, states = replay_canonical(record, replay_ahead.replayed(record))
        session = cls(record.game, record.options_dict)
        session.tree = MoveTree.from_line(record.moves, record.ending)
        session.known = Positions(states)
        session._show((0,) * len(record.moves))
        session.ply = len(session.moves) if ply is None else ply
        session.link = record.link
        return session

    @classmethod
    def from_tree(cls, record: Record, tree: MoveTree, path: Path) -> Session:
        """The session of a whole tree (a text record with side lines: `record` gives the game
        and options), showing `path`; ReplayError names a move that does not play."""
        session = cls(record.game, record.options_dict)
        session.tree = tree
        session.known = tree.all_states(session.game, session.known[()])
        session._show(tree.line_end(path))
        session.ply = len(path)
        return session

    # ---- what is shown

    @property
    def state(self):
        return self.states[self.ply]

    @property
    def path(self) -> Path:
        """The position shown, in the tree."""
        return self.end_path[: self.ply]

    @property
    def live(self) -> bool:
        """True when the position shown is the last of its line."""
        return self.ply == len(self.moves)

    @property
    def options(self) -> dict:
        return self.record.options_dict

    @property
    def result(self) -> Result | None:
        """How the game ended by the position shown, or None while it goes on there."""
        if self.ending is not None and self.live:
            return ending_result(self.game, self.state, self.ending)
        return self.game.result(self.state)

    def result_text(self) -> str | None:
        """The sentence of how the game ended by the position shown, or None."""
        if self.ending is not None and self.live:
            return ending_text(self.game, self.state, self.ending)
        result = self.game.result(self.state)
        return (
            None
            if result is None
            else self.game.result_text(self.game.seat_names(self.state), result)
        )

    @property
    def over(self) -> bool:
        """The line on display has ended (perhaps after the position shown)."""
        return self.ending is not None or self.game.result(self.states[-1]) is not None

    def fragment(self) -> str:
        return encode(self.current_record(), self.ply)

    def current_record(self) -> Record:
        """The record of the line on display (what a link carries)."""
        return Record(
            self.record.game,
            self.record.version,
            self.record.options,
            tuple(self.moves),
            self.tree.ending(self.end_path),
            self.link,
        )

    # ---- changing it

    def play_text(self, text: str, main: bool = False) -> None:
        """Play a move given in notation at the position shown (see `play`)."""
        self.play(self.game.parse(self.state, text), main)

    def play(self, move, main: bool = False) -> None:
        """Play a move at the position shown: the move already played there is followed,
        another starts a side line (or goes on at the end of a line); `main` makes its line
        the main line.  IllegalMove / EngineError change nothing."""
        if self.ending is not None and self.live:
            raise EngineError("the game is over: no more moves can be made")
        state, path = self.state, self.path
        after = self.game.play(state, move)
        tree, child = self.tree.add(path, self.game.notation(state, move))
        self.tree = tree
        self.known.setdefault(child, after)
        if self.hint_at == path:
            self.hinted.add(child)
        self.hint_at = None
        if main and any(child):
            child = self._reshape(tree.promote(child))
        self._show(self.tree.line_end(child))
        self.ply = len(child)

    def goto(self, ply: int) -> None:
        """Show the position after `ply` moves of the line on display."""
        self.ply = max(0, min(ply, len(self.moves)))

    def goto_path(self, path: Path) -> None:
        """Show the position at `path` in the line through it; EngineError for no such path.
        A position of the line on display changes only the ply (a long line's positions are
        not gathered again)."""
        end = self.tree.line_end(tuple(path))
        if end != self.end_path:
            self._show(end)
        self.ply = len(path)

    def promote(self) -> None:
        """Make the line through the position shown the main line."""
        path = self._reshape(self.tree.promote(self.path))
        self._show(self.tree.line_end(path))

    def delete(self) -> None:
        """Delete the move shown and all that follows it; show the position before it."""
        path = self._reshape(self.tree.delete(self.path))
        self._show(self.tree.line_end(path))
        self.ply = len(path)

    def end(self, ending: Ending) -> None:
        """End the line on display after its last move with `ending` (a resignation or an
        agreed draw), and show its end; EngineError when it cannot end so."""
        word = ending_word(self.game, self.states[-1], ending)
        self.tree = self.tree.with_ending(self.end_path, word)
        self._show(self.end_path)
        self.ply = len(self.moves)

    def take_back_ending(self) -> None:
        self.tree = self.tree.with_ending(self.end_path, "")
        self._show(self.end_path)

    # ---- keeping the line on display in step with the tree

    def _show(self, end: Path) -> None:
        self.end_path = end
        self.moves = list(self.tree.moves(end))
        line = getattr(self.known, "line", [])
        if len(end) < len(line) and not any(end):  # the main line of a replayed record
            self.states = line[: len(end) + 1]
        else:
            self.states = [self.known[end[:k]] for k in range(len(end) + 1)]
        word = self.tree.ending(end)
        self.ending = read_ending(self.game, self.states[-1], word) if word else None

    def _reshape(self, changed: tuple[MoveTree, Path]) -> Path:
        """After a promotion or a deletion, which renumber paths: the new tree, its positions
        and the hint marks; the path it gives."""
        before = self.tree
        hinted = [before.moves(path) for path in self.hinted]
        self.tree, path = changed
        self.known = self.tree.all_states(self.game, self.known[()])
        self.hinted = {found for moves in hinted if (found := self.find(moves)) is not None}
        return path

    def find(self, moves: tuple[str, ...]) -> Path | None:
        """The path of a line of moves in the tree, or None when it is not there."""
        path: Path = ()
        for move in moves:
            children = self.tree.children(path)
            if move not in children:
                return None
            path += (children.index(move),)
        return path


def side_lines_text(session: Session) -> str:
    """The whole tree as a text record when it holds side lines (a link carries only the
    line on display), else ''."""
    tree = session.tree
    if len(tree.nodes) - 1 == len(tree.main_line()):
        return ""
    return tree_to_text(session.current_record(), tree)


def with_side_lines(session: Session, text: str) -> Session:
    """The session a link opened, with the side lines kept for it (`side_lines_text` of the
    same game): the link's line is found in that tree, shown at the link's ply.  The session
    as it is when the text is not of this game, or the link's line is not one of its lines."""
    try:
        read = load_tree_text(text)
        whole = Session.from_tree(read.record, read.tree, ())
    except EngineError:
        return session
    path = whole.find(tuple(session.moves))
    if (
        read.record.game != session.game.id
        or read.record.options != session.record.options
        or path is None
        or whole.tree.line_end(path) != path
        or whole.tree.ending(path) != session.tree.ending(session.end_path)
    ):
        return session
    whole.goto_path(path)
    whole.goto(session.ply)
    whole.link = session.link
    return whole
