"""The yardstick: an alpha-beta player for Gwyddbwyll, material first, then mobility.

The hard Gwyddbwyll level is measured against it (lab/duel.py), as a stand-in for Ludii's
Alpha-Beta, which judges material first and mobility second.  It searches with iterative
deepening, alpha-beta over the legal moves, a transposition table for move order, captures
first (the most valuable victim, then the cheapest attacker) and, at the horizon, a quiescence
search of captures, so that it does not stop in the middle of an exchange.  Its evaluation is
material (engine/games/gwyddbwyll/tactics.py: the pieces' values) and 0.05 a move of mobility, in
material units for the side to move.  A side with no legal move, or with its king alone, has
lost, as the rules say.

    player = AlphaBeta()
    move = player.choose(state, seconds=0.5)

It works on the rules' own kernel (engine/games/gwyddbwyll/kernel.py), so each rule is written
once.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from engine.games.gwyddbwyll.kernel import (
    WHITE,
    Step,
    apply_on,
    count_pieces,
    legal_moves_on,
    pseudo_moves,
)
from engine.games.gwyddbwyll.rules import GwState
from engine.games.gwyddbwyll.tactics import MOBILITY, piece_value

MATE = 10_000.0  # a lost position, less the plies to it
CHECK_EVERY = 256  # nodes between looks at the clock


class OutOfTime(Exception):
    pass


class AlphaBeta:
    """Iterative-deepening alpha-beta with quiescence.  clock: where the time is read."""

    def __init__(
        self, quiescence: bool = True, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.quiescence = quiescence
        self.clock = clock
        self.table: dict[tuple, tuple[int, Step]] = {}  # position -> (depth, best move)
        self.nodes = 0
        self.deadline = float("inf")
        self.depth_reached = 0

    # ---- answers

    def choose(self, state: GwState, seconds: float, max_depth: int = 64) -> Step:
        """The move found best by the deepest search finished within `seconds`."""
        board, colour, ep = list(state.board), state.turn, state.ep
        moves = legal_moves_on(board, colour, ep)
        if not moves:
            raise ValueError("no legal move: the game is over")
        self.deadline = self.clock() + seconds
        self.table.clear()
        best = moves[0]
        self.depth_reached = 0
        for depth in range(1, max_depth + 1):
            try:
                best, _ = self.root(board, colour, ep, depth, moves)
            except OutOfTime:
                break
            self.depth_reached = depth
        return best

    def root(
        self, board: list[int], colour: int, ep: int, depth: int, moves: list[Step]
    ) -> tuple[Step, float]:
        """The best of `moves` by a search `depth` plies deep, and its score."""
        ordered = self.ordered(board, colour, ep, moves)
        best, alpha = ordered[0], -2 * MATE
        for move in ordered:
            child = list(board)
            next_ep = apply_on(child, move[0], move[1], ep)
            score = -self.search(child, 1 - colour, next_ep, depth - 1, -2 * MATE, -alpha, 1)
            if score > alpha:
                best, alpha = move, score
        self.table[(bytes(board), colour, ep)] = (depth, best)
        return best, alpha

    # ---- search

    def search(
        self,
        board: list[int],
        colour: int,
        ep: int,
        depth: int,
        alpha: float,
        beta: float,
        ply: int,
    ) -> float:
        self.tick()
        moves = legal_moves_on(board, colour, ep)
        if not moves or count_pieces(board, colour) <= 1:
            return -MATE + ply
        if depth <= 0:
            return self.quiesce(board, colour, ep, alpha, beta, ply, moves)
        key = (bytes(board), colour, ep)
        best = None
        for move in self.ordered(board, colour, ep, moves, self.table.get(key)):
            child = list(board)
            next_ep = apply_on(child, move[0], move[1], ep)
            score = -self.search(child, 1 - colour, next_ep, depth - 1, -beta, -alpha, ply + 1)
            if score > alpha:
                alpha, best = score, move
                if alpha >= beta:
                    break
        if best is not None:
            self.table[key] = (depth, best)
        return alpha

    def quiesce(
        self,
        board: list[int],
        colour: int,
        ep: int,
        alpha: float,
        beta: float,
        ply: int,
        moves: list[Step] | None = None,
    ) -> float:
        """The score once the captures have been played out (the side to move may stop)."""
        if moves is None:
            self.tick()
            moves = legal_moves_on(board, colour, ep)
            if not moves or count_pieces(board, colour) <= 1:
                return -MATE + ply
        stand = evaluate(board, colour, ep)
        if stand >= beta or not self.quiescence:
            return stand
        alpha = max(alpha, stand)
        for move in captures_first(board, colour, moves, only_captures=True):
            child = list(board)
            next_ep = apply_on(child, move[0], move[1], ep)
            score = -self.quiesce(child, 1 - colour, next_ep, -beta, -alpha, ply + 1)
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
        return alpha

    def ordered(
        self,
        board: list[int],
        colour: int,
        ep: int,
        moves: list[Step],
        known: tuple[int, Step] | None = None,
    ) -> list[Step]:
        """The moves to try: the table's best first, then captures, then the rest."""
        if known is None:
            known = self.table.get((bytes(board), colour, ep))
        ordered = captures_first(board, colour, moves)
        if known is not None and known[1] in ordered:
            ordered.remove(known[1])
            ordered.insert(0, known[1])
        return ordered

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0 and self.clock() >= self.deadline:
            raise OutOfTime


def captures_first(
    board: list[int], colour: int, moves: list[Step], only_captures: bool = False
) -> list[Step]:
    """Captures (the most valuable victim first, then the cheapest attacker), then the other
    moves in their order (none with only_captures)."""
    enemy = (1 - colour) << 3
    keyed, quiet = [], []
    for move in moves:
        q = board[move[1]]
        if q and (q & 8) == enemy:
            keyed.append((-piece_value(q), piece_value(board[move[0]]), move))
        elif not only_captures:
            quiet.append(move)
    keyed.sort()
    return [move for _, _, move in keyed] + quiet


def evaluate(board: list[int], colour: int, ep: int) -> float:
    """Material, then mobility (MOBILITY a pseudo-legal move), for the side `colour`."""
    material = 0.0
    for p in board:
        if p:
            material += piece_value(p) if p >> 3 == WHITE else -piece_value(p)
    mobility = len(pseudo_moves(board, WHITE, ep)) - len(pseudo_moves(board, 1 - WHITE, ep))
    lead = material + MOBILITY * mobility
    return lead if colour == WHITE else -lead
