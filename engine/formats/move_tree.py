"""The move list as a tree, as on an analysis board: a move from a past position that differs
from the one played starts a side line instead of discarding the main line.

A `MoveTree` holds moves in notation and needs no game to do so (`states` replays a line with
its `Game`).  A node is named by its `Path`: the child numbers from the start, `()` being the
start position and `(0, 0, 1)` the second choice at ply 3 after the first two main moves.  The
first child of a node is its main continuation; the others are side lines, in the order they
were made.  The main line follows first children from the start.

The tree is immutable: `add`, `promote`, `delete` and `with_ending` return a new tree (and the
path to show after them).  A line may end with a resignation or an agreed draw after its last
move, kept as the word links and records write (`white-resigns`, `draw-agreed`:
engine/formats/record.py; engine/contract/ending.py says what it means); no move may follow that
ending, but a side line may leave the line before it.  `rows` lists the moves in the order an
indented move list shows them (and a text record writes them): each move, then the side lines that
are alternatives to it, then the line goes on.  A link carries one line (`record_line`); the text
record carries the whole tree (engine/formats/record_text.py).

`TreeBuilder` is the mutable form, for building a large tree in one pass (reading a record):
nodes are numbered as they are made.  Errors are EngineError with a message for people.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..contract.core import Game
from ..contract.errors import EngineError
from ..contract.replay import ReplayError, replay
from ..contract.user_text import shown
from .record import _MOVE_TEXT, is_ending_word

Path = tuple[int, ...]


class Row(NamedTuple):
    """One move of the move list: its path, its notation, how deep in side lines it is (0 on
    the main line, 1 in a side line of it, ...) and its ply (1 for the first move)."""

    path: Path
    move: str
    depth: int
    ply: int


class Line(NamedTuple):
    """The line through a position, as a link carries it: every move to the end of the line,
    its ending word ('' if none) and the ply of the position on display."""

    moves: tuple[str, ...]
    ending: str
    ply: int


@dataclass(frozen=True, slots=True)
class _Node:
    move: str  # '' for the start
    children: tuple[int, ...]  # indices into MoveTree.nodes, main continuation first
    ending: str = ""  # a resignation or agreed draw after this move (a leaf's)


def path_text(path: Any) -> str:
    """A path as people read it in a message or a header: the child numbers joined by dots."""
    if not isinstance(path, (tuple, list)):
        return shown(str(type(path).__name__))
    return shown(".".join(str(step) for step in path), 60) or "the start"


class TreeBuilder:
    """A move tree under construction: `add` and `end` change it in place; nodes are
    numbers (0 is the start) that stay valid until `tree()` freezes it."""

    def __init__(self) -> None:
        self.moves: list[str] = [""]
        self.kids: list[list[int]] = [[]]
        self.endings: list[str] = [""]
        self.parents: list[int] = [-1]
        self.played: dict[tuple[int, str], int] = {}  # (node, move) -> its child

    def add(self, node: int, move: Any) -> int:
        """The child of `node` playing `move`: the existing one, else a new last child."""
        if not isinstance(move, str) or not _MOVE_TEXT.match(move):
            shown_move = shown(move) if isinstance(move, str) else f"a {type(move).__name__}"
            raise EngineError(
                f"'{shown_move}' is not a move (a move is written with a-z, 0-9 and '-')"
            )
        if (node, move) in self.played:
            return self.played[node, move]
        if self.endings[node]:
            raise EngineError(f"no move can follow '{self.endings[node]}': that line has ended")
        self.moves.append(move)
        self.kids.append([])
        self.endings.append("")
        self.parents.append(node)
        self.kids[node].append(len(self.moves) - 1)
        self.played[node, move] = len(self.moves) - 1
        return len(self.moves) - 1

    def remove(self, node: int) -> None:
        """Take `node` and all below it out of the tree."""
        parent = self.parents[node]
        self.kids[parent].remove(node)
        del self.played[parent, self.moves[node]]

    def first(self, node: int) -> None:
        """Make `node` its parent's main continuation, the others keeping their order."""
        kids = self.kids[self.parents[node]]
        kids.remove(node)
        kids.insert(0, node)

    def end(self, node: int, word: str) -> None:
        """End the line at `node` with a resignation or agreed draw ('' takes it back)."""
        if not isinstance(word, str) or (word and not is_ending_word(word)):
            shown_word = shown(word) if isinstance(word, str) else type(word).__name__
            raise EngineError(f"'{shown_word}' is not a resignation or an agreed draw")
        if word and self.kids[node]:
            raise EngineError(
                f"'{word}' cannot end the line before its move '{self.moves[self.kids[node][0]]}'"
            )
        self.endings[node] = word

    def node(self, path: Any) -> int:
        """The node at `path`; EngineError when there is none."""
        if not isinstance(path, (tuple, list)):
            raise EngineError(f"a path is a tuple of child numbers, not {path_text(path)}")
        node = 0
        for depth, step in enumerate(path):
            kids = self.kids[node]
            if type(step) is not int or not 0 <= step < len(kids):
                raise EngineError(
                    f"there is no position {path_text(path)}: after "
                    f"{path_text(tuple(path[:depth]))} the moves are numbered "
                    f"0 to {len(kids) - 1}"
                    if kids
                    else f"there is no position {path_text(path)}: no move follows "
                    f"{path_text(tuple(path[:depth]))}"
                )
            node = kids[step]
        return node

    def path(self, node: int) -> Path:
        """The path of `node`."""
        steps = []
        while node:
            parent = self.parents[node]
            steps.append(self.kids[parent].index(node))
            node = parent
        return tuple(reversed(steps))

    def tree(self) -> MoveTree:
        """The tree as it stands (nodes no longer reachable are left out)."""
        order, stack = [], [0]
        while stack:
            node = stack.pop()
            order.append(node)
            stack.extend(reversed(self.kids[node]))
        index = {node: i for i, node in enumerate(order)}
        return MoveTree(
            tuple(
                _Node(self.moves[n], tuple(index[k] for k in self.kids[n]), self.endings[n])
                for n in order
            )
        )


@dataclass(frozen=True)
class MoveTree:
    """An immutable tree of moves in notation (see the module docstring).  Equal trees are
    equal values: nodes are kept in depth-first order, main continuation first."""

    nodes: tuple[_Node, ...] = (_Node("", ()),)

    @classmethod
    def from_line(cls, moves=(), ending: str = "") -> MoveTree:
        """The tree of one line of moves (a link's, a record's), perhaps ended by `ending`."""
        builder, node = TreeBuilder(), 0
        for move in moves:
            node = builder.add(node, move)
        builder.end(node, ending)
        return builder.tree()

    def builder(self) -> TreeBuilder:
        """A mutable copy, its nodes numbered as in `nodes`."""
        builder = TreeBuilder()
        builder.moves = [node.move for node in self.nodes]
        builder.kids = [list(node.children) for node in self.nodes]
        builder.endings = [node.ending for node in self.nodes]
        builder.parents = [-1] * len(self.nodes)
        for i, node in enumerate(self.nodes):
            for child in node.children:
                builder.parents[child] = i
                builder.played[i, self.nodes[child].move] = child
        return builder

    def _node(self, path: Path) -> _Node:
        return self.nodes[self._index(path)]

    def _index(self, path: Any) -> int:
        if not isinstance(path, (tuple, list)):
            raise EngineError(f"a path is a tuple of child numbers, not {path_text(path)}")
        index = 0
        for step in path:
            kids = self.nodes[index].children
            if type(step) is not int or not 0 <= step < len(kids):
                return self.builder().node(path)  # raises, saying why
            index = kids[step]
        return index

    # ------------------------------------------------------------------ reading

    def moves(self, path: Path) -> tuple[str, ...]:
        """The moves from the start to the position at `path`."""
        self._index(path)
        out, index = [], 0
        for step in path:
            index = self.nodes[index].children[step]
            out.append(self.nodes[index].move)
        return tuple(out)

    def children(self, path: Path) -> tuple[str, ...]:
        """The moves played from the position at `path`: the main continuation first."""
        return tuple(self.nodes[child].move for child in self._node(path).children)

    def line_end(self, path: Path) -> Path:
        """`path` extended along main continuations to the end of its line."""
        index, steps = self._index(path), list(path)
        while self.nodes[index].children:
            index = self.nodes[index].children[0]
            steps.append(0)
        return tuple(steps)

    def main_line(self) -> tuple[str, ...]:
        """The moves of the main line."""
        return self.moves(self.line_end(()))

    def on_main_line(self, path: Path) -> bool:
        """True when the position at `path` is on the main line."""
        self._index(path)
        return not any(path)

    def ending(self, path: Path) -> str:
        """The resignation or agreed draw after the position at `path` ('' if none)."""
        return self._node(path).ending

    def record_line(self, path: Path) -> Line:
        """The line through `path` to its end, its ending and the ply of `path`: what a link
        carries for the position on display."""
        end = self.line_end(path)
        return Line(self.moves(end), self.ending(end), len(path))

    def rows(self) -> list[Row]:
        """Every move in move-list order: a move, then the side lines that are alternatives
        to it (each in full, its own side lines nested in it, one level deeper), then the
        line goes on."""
        out: list[Row] = []
        stack: list[tuple[int, Path, int, bool]] = [(0, (), 0, False)]
        while stack:
            index, path, depth, shown_here = stack.pop()
            node = self.nodes[index]
            if shown_here:
                out.append(Row(path, node.move, depth, len(path)))
            if not node.children:
                continue
            main = (*path, 0)
            stack.append((node.children[0], main, depth, False))
            stack.extend(
                (node.children[i], (*path, i), depth + 1, True)
                for i in range(len(node.children) - 1, 0, -1)
            )
            out.append(Row(main, self.nodes[node.children[0]].move, depth, len(main)))
        return out

    def states(self, game: Game, start: Any, path: Path) -> list:
        """Every position from `start` through the moves to `path` (ReplayError names a move
        that does not play)."""
        return replay(game, start, self.moves(path))

    def all_states(self, game: Game, start: Any) -> dict[Path, Any]:
        """The position at every path of the tree, from `start` (ReplayError names a move
        that does not play, with its ply in its line)."""
        out: dict[Path, Any] = {(): start}
        stack: list[tuple[int, Path]] = [(0, ())]
        while stack:
            index, path = stack.pop()
            for i, child in enumerate(self.nodes[index].children):
                line, move = (*path, i), self.nodes[child].move
                try:
                    out[line] = game.apply(out[path], game.parse(out[path], move))
                except EngineError as err:
                    raise ReplayError(len(path), move, str(err)) from None
                stack.append((child, line))
        return out

    # ------------------------------------------------------------------ changes

    def add(self, path: Path, move: str) -> tuple[MoveTree, Path]:
        """(the tree with `move` played at `path`, the path of that move).  A move already
        played there is reused; another is a new side line (or extends a line at its end).
        A line ended by a resignation or a draw gets no move after the ending."""
        builder = self.builder()
        parent = builder.node(path)
        child = builder.add(parent, move)
        return builder.tree(), (*path, builder.kids[parent].index(child))

    def promote(self, path: Path) -> tuple[MoveTree, Path]:
        """(the tree where the line through `path` is the main line, the new path of that
        position): at every branch point above it, the line taken becomes the first child;
        the others keep their order after it."""
        builder = self.builder()
        node = builder.node(path)
        while node:
            builder.first(node)
            node = builder.parents[node]
        return builder.tree(), (0,) * len(path)

    def delete(self, path: Path) -> tuple[MoveTree, Path]:
        """(the tree without the move at `path` and all that follows it, the position to show:
        the one before it).  When the main continuation goes, the first side line takes its
        place."""
        builder = self.builder()
        node = builder.node(path)
        if not node:
            raise EngineError("the start position cannot be deleted")
        builder.remove(node)
        return builder.tree(), tuple(path[:-1])

    def with_ending(self, path: Path, word: str) -> MoveTree:
        """The tree with the line ending at `path` by a resignation or an agreed draw (`word`,
        as engine/formats/record.py writes it; '' takes the ending back).  `path` must be the end
        of its line."""
        builder = self.builder()
        builder.end(builder.node(path), word)
        return builder.tree()


__all__ = ["Line", "MoveTree", "Path", "Row", "TreeBuilder", "path_text"]
