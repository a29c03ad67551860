"""A candidate for Stigmergy's hard level, screened by scripts/stigmergy_hard.py (issue 27):
an alpha-beta search over the knowledge's evaluation.  Against medium at equal CPU time it was
not clearly stronger than the site's hard level (issue 27's report); the site does not use it.

The Monte Carlo search judges Stigmergy's leaves by an evaluation alone (no random plies:
engine/ai/know_stigmergy.py), and more of it bought the hard level little against the medium
one: its extra playouts mostly deepened lines of poorly chosen moves (docs/strength.md).
This search looks at every move instead, as deep as its time allows:

- iterative deepening of a principal variation search (null windows after the first move);
- a transposition table of scores with their bounds and best moves;
- move order: the table's move, two killer moves a ply, then (two plies or more from the
  horizon) every move by the evaluation after it;
- the evaluation: `black_lead` of the knowledge (the expected final lead in points, stones
  the enemy controls counted as flipped, the move in hand), for the side to move; a finished
  game (two passes) scores its exact lead plus WIN points for the winner.

It works on the board's mutable `Position` (engine/games/stigmergy_board.py: `place` and
`flip` update sight and control along the move's lines), a copy a node.

`StigmergySearch` has the interface of the Monte Carlo search the page's worker uses
(web/worker/thinker.py): `run(seconds, playouts)` may be called again and again (slices), and
`best()`, `done`, `elapsed`, `playouts` (here: nodes searched) and `summary()` answer.  A
stopped iteration is taken up again at the next `run`; the table keeps what it found.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from engine.ai.know_stigmergy import OWNED, SPREAD_BASE, SPREAD_PER_EMPTY, TEMPO_PER_EMPTY
from engine.games.stigmergy import StigmergyState, _position
from engine.games.stigmergy_board import (
    BLACK,
    BUTTON,
    EMPTY,
    UNCONTROLLED_EMPTY,
    Position,
    moves_for,
    playable,
)
from engine.moves import PASS

WIN = 1000.0  # added to a finished game's lead for its winner
CHECK_EVERY = 256  # nodes between looks at the clock
MAX_DEPTH = 64
TABLE_LIMIT = 300_000  # positions the table keeps before it starts afresh
EXACT, LOWER, UPPER = 0, 1, 2
# Nodes of this search in the CPU time of one of the Monte Carlo search's playouts (CPython,
# side 6 mid-game: docs/strength.md)
NODES_PER_PLAYOUT = 3

# Status codes (engine/games/stigmergy_board.py: status_code) of what counts at the end: a
# colour's stones and the empty cells it controls.
FINAL = (
    (1, 3, 4, 5),  # Black: empty in Black's control, Black stones
    (2, 6, 7, 8),  # White
)


class OutOfTime(Exception):
    pass


class Node:
    """What a position in the search needs besides its board: who moves, the passes just
    made, and the button (in play and untaken, or held by a colour)."""

    __slots__ = ("colour", "holder", "passes", "position", "untaken")

    def __init__(
        self, position: Position, colour: int, passes: int, untaken: bool, holder: int | None
    ):
        self.position = position
        self.colour = colour
        self.passes = passes
        self.untaken = untaken
        self.holder = holder


class StigmergySearch:
    """An iterative-deepening alpha-beta search from `state` (in its play phase); `clock`
    reads the time for budgets; `seed` orders equal moves."""

    def __init__(
        self,
        game: Any,
        state: StigmergyState,
        seed: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.game = game
        self.state = state
        self.clock = clock
        self.komi = state.komi or 0
        self.cells = state.grid.cells
        self.table_moves = moves_for(state.size)
        self.root = Node(
            _position(state),
            state.colour_to_move,
            state.passes,
            state.button_untaken,
            state.button_holder,
        )
        moves = self._moves(self.root)
        random.Random(seed).shuffle(moves)
        self.moves = moves
        self.table: dict[tuple, tuple[int, int, float, Any]] = {}
        self.killers: list[list[Any]] = [[None, None] for _ in range(MAX_DEPTH + 2)]
        self.depth = 0  # the deepest iteration finished
        self.value = 0.0  # its score for the side to move, in points
        self.best_move: Any = moves[0] if moves else None
        self.playouts = 0  # nodes searched (the Monte Carlo search's name for its work)
        self.elapsed = 0.0
        self.deadline = float("inf")
        self.node_limit = 0
        self.finished = len(moves) <= 1

    # ---- running

    @property
    def done(self) -> bool:
        """No more search can change the move: one move only, or the full depth searched."""
        return self.finished

    def run(self, seconds: float | None = None, playouts: int | None = None) -> None:
        """Search on until `seconds` have passed or `playouts` more are done (either may be
        None); a playout, the Monte Carlo search's budget (the arena's), counts as
        NODES_PER_PLAYOUT nodes: about as long in CPython."""
        if self.finished:
            return
        began = self.clock()
        self.deadline = float("inf") if seconds is None else began + seconds
        self.node_limit = 0 if playouts is None else self.playouts + playouts * NODES_PER_PLAYOUT
        try:
            while self.depth < MAX_DEPTH:
                self._iteration(self.depth + 1)
            self.finished = True
        except OutOfTime:
            pass
        self.elapsed += self.clock() - began

    def _iteration(self, depth: int) -> None:
        """One root search `depth` plies deep; a move that proves better than the last
        iteration's best is taken at once, even if the iteration does not finish."""
        root = self.root
        moves = self._order(root, list(self.moves), self.best_move, 0, depth)
        alpha, beta = -2 * WIN, 2 * WIN
        best = moves[0][0]
        for i, (move, made) in enumerate(moves):
            child = made or self._child(root, move)
            if i == 0:
                score = -self._search(child, depth - 1, -beta, -alpha, 1)
            else:
                score = -self._search(child, depth - 1, -alpha - 0.001, -alpha, 1)
                if score > alpha:
                    score = -self._search(child, depth - 1, -beta, -alpha, 1)
            if score > alpha:
                alpha, best = score, move
                self.best_move = best  # proven better, even if the iteration stops
        self.best_move, self.value, self.depth = best, alpha, depth

    # ---- search

    def _search(self, node: Node, depth: int, alpha: float, beta: float, ply: int) -> float:
        self.playouts += 1
        if not self.playouts % CHECK_EVERY:
            self._tick()
        if node.passes >= 2:
            return self._final(node)
        if depth <= 0:
            return self._evaluate(node)
        key = (bytes(node.position.status), node.colour, node.passes, node.untaken, node.holder)
        known = self.table.get(key)
        known_move = None
        if known is not None:
            known_move = known[3]
            settled = _settled(known, depth, alpha, beta)
            if settled is not None:
                return settled
        start_alpha = alpha
        best_score, best_move = -4 * WIN, None
        moves = self._order(node, self._moves(node), known_move, ply, depth)
        for i, (move, made) in enumerate(moves):
            child = made or self._child(node, move)
            if i == 0:
                score = -self._search(child, depth - 1, -beta, -alpha, ply + 1)
            else:
                score = -self._search(child, depth - 1, -alpha - 0.001, -alpha, ply + 1)
                if alpha < score < beta:
                    score = -self._search(child, depth - 1, -beta, -alpha, ply + 1)
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self._killer(ply, move)
                        break
        self._store(key, depth, best_score, best_move, start_alpha, beta)
        return best_score

    def _store(
        self, key: tuple, depth: int, score: float, move: Any, alpha: float, beta: float
    ) -> None:
        """Keep a node's score (a bound if outside the window alpha..beta) and best move."""
        flag = UPPER if score <= alpha else LOWER if score >= beta else EXACT
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        self.table[key] = (depth, flag, score, move)

    def _killer(self, ply: int, move: Any) -> None:
        """Remember `move`, which cut the search off at `ply`, to try it early there."""
        killers = self.killers[ply]
        if killers[0] != move:
            killers[1], killers[0] = killers[0], move

    def _tick(self) -> None:
        if (self.node_limit and self.playouts >= self.node_limit) or self.clock() >= self.deadline:
            raise OutOfTime

    # ---- moves

    def _moves(self, node: Node) -> list:
        """The legal moves of `node`, as engine/games/stigmergy.py lists them."""
        position = node.position
        board, status = position.board, position.status
        places, flips = self.table_moves.place, self.table_moves.flip
        moves: list = [
            places[c] if board[c] == EMPTY else flips[c]
            for c in playable(self.cells, status, node.colour)
        ]
        if node.untaken:
            moves.append(BUTTON)
        elif UNCONTROLLED_EMPTY not in status:
            moves.append(PASS)
        return moves

    def _child(self, node: Node, move: Any) -> Node:
        """The position after `move` in `node`."""
        colour = node.colour
        if move == PASS:
            return Node(node.position, 1 - colour, node.passes + 1, node.untaken, node.holder)
        if move == BUTTON:
            return Node(node.position, 1 - colour, 0, False, colour)
        position = node.position
        copy = Position(
            position.grid,
            position.board,
            position.seen[0],
            position.seen[1],
            position.control,
            position.status,
        )
        if move.kind == "place":
            copy.place(move.cell, colour)
        else:
            copy.flip(move.cell)
        return Node(copy, 1 - colour, 0, node.untaken, node.holder)

    def _order(self, node: Node, moves: list, first: Any, ply: int, depth: int) -> list:
        """(move, child or None) pairs in the order to search them: `first` (the table's),
        the killers of `ply`, then, two plies or more from the horizon, the rest by the
        evaluation after each (for the mover: costly, worth it where a subtree follows; its
        children are kept), else as listed (children made when searched)."""
        pairs: list = [(move, None) for move in moves]
        if depth >= 2:
            children = [self._child(node, move) for move in moves]
            keyed = sorted((self._evaluate(child), i) for i, child in enumerate(children))
            pairs = [(moves[i], children[i]) for _, i in keyed]
        killers = self.killers[ply]
        head: list = []
        for wanted in (first, killers[0], killers[1]):
            if wanted is None or any(pair[0] == wanted for pair in head):
                continue
            head.extend(pair for pair in pairs if pair[0] == wanted)
        if not head:
            return pairs
        taken = {pair[0] for pair in head}
        return head + [pair for pair in pairs if pair[0] not in taken]

    # ---- values, in points for the side to move

    def _evaluate(self, node: Node) -> float:
        """The expected final lead of the side to move (know_stigmergy.py: black_lead)."""
        if node.passes >= 2:
            return self._final(node)
        status = bytes(node.position.status)
        count = status.count
        lead: float = sum(map(count, OWNED[BLACK])) - sum(map(count, OWNED[1 - BLACK]))
        lead -= self.komi
        if node.holder is not None:
            lead += 0.5 if node.holder == BLACK else -0.5
        tempo = TEMPO_PER_EMPTY * node.position.board.count(EMPTY)
        return (lead if node.colour == BLACK else -lead) + tempo

    def _final(self, node: Node) -> float:
        """A finished game's lead for the side to move, plus WIN if it won (minus if lost)."""
        count = bytes(node.position.status).count
        lead: float = sum(map(count, FINAL[BLACK])) - sum(map(count, FINAL[1 - BLACK]))
        lead -= self.komi
        if node.holder is not None:
            lead += 0.5 if node.holder == BLACK else -0.5
        mine = lead if node.colour == BLACK else -lead
        return mine + (WIN if mine > 0 else -WIN if mine < 0 else 0.0)

    # ---- answers

    def best(self) -> Any:
        """The move the search would play now."""
        if self.best_move is None:
            raise ValueError("no legal move: the game is over")
        return self.best_move

    def summary(self) -> dict:
        """Progress for a display, as the Monte Carlo search gives it: nodes searched (as
        playouts), seconds, the best move so far, the depth reached, the mover's win
        estimate (the knowledge's logistic of the value)."""
        best = self.best_move
        empty = self.root.position.board.count(EMPTY)
        spread = SPREAD_BASE + empty * SPREAD_PER_EMPTY
        value = max(-50.0, min(50.0, self.value / spread))
        return {
            "playouts": self.playouts,
            "elapsed": round(self.elapsed, 3),
            "best": None if best is None else self.game.notation(self.state, best),
            "depth": self.depth,
            "win_estimate": round(1.0 / (1.0 + math.exp(-value)), 3) if self.depth else None,
            "done": self.done,
        }


def _settled(
    known: tuple[int, int, float, Any], depth: int, alpha: float, beta: float
) -> float | None:
    """The table's score for a node if it settles the node's search (deep enough, and exact
    or a bound beyond the window), else None."""
    k_depth, flag, k_score, _ = known
    if k_depth < depth:
        return None
    if (
        flag == EXACT
        or (flag == LOWER and k_score >= beta)
        or (flag == UPPER and k_score <= alpha)
    ):
        return k_score
    return None
