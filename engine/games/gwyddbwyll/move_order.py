"""The order in which the hard Gwyddbwyll search (search.py) tries a node's moves.

An alpha-beta search leaves a node as soon as one move proves good enough (a cut-off), so
the sooner it tries that move the less it searches.  A node's moves are tried in this order:

1. the transposition table's best move of the node, if any;
2. captures, the most valuable victim first and, among those, the cheapest attacker;
3. the node's two killer moves: quiet moves that cut off a node at the same distance from
   the root lately (the position's neighbours tend to share a refutation);
4. the counter-move: the quiet move that last cut off a node reached by the same move of
   the other side (an answer to a move tends to answer it wherever it is played);
5. captures that give a dearer piece for a defended one: mostly losing exchanges;
6. the quiet moves, by their history: a cut-off adds the square of the depth it happened at
   (a deep cut saved more), and takes as much from the quiet moves tried before it in vain.

`MoveOrder` keeps the killers, the counter-moves, the history and the line being searched
(the moves that led to the node, which the search writes into `line` as it goes).  The
history outlives a search: the same side's next search takes it over (with its table),
since what refuted moves two plies ago still mostly does.  Better order is fewer nodes to
a depth, so a deeper search in the same time.
"""

from __future__ import annotations

from .kernel import Step, attacked
from .tactics import piece_value

# Sort keys by class of move: lower is tried sooner.  A capture's key is CAPTURE less 100
# for each pawn its victim is worth plus what its attacker is worth (so a victim counts
# first); a losing exchange is moved back by LOSING, after the killers and the counter-move
# (whose keys lie below every losing exchange's: CAPTURE + LOSING less at most 500).
FIRST = -1e9
CAPTURE = -1e6
LOSING = 7e5
KILLER = (-5e5, -4e5)
COUNTER = -3.5e5


class MoveOrder:
    """Killer moves by distance from the root (`plies` of them), counter-moves, and the
    quiet moves' history of cut-offs (a fresh one, or `history` taken over from the side's
    last search)."""

    def __init__(self, plies: int, history: dict[Step, int] | None = None) -> None:
        self.killers: list[list[Step | None]] = [[None, None] for _ in range(plies)]
        self.history: dict[Step, int] = {} if history is None else history
        # by the other side's move: the quiet move that last cut off the node it led to
        self.counters: dict[Step | None, Step] = {}
        # line[ply]: the move searched at `ply` on the way to the present node (None for a
        # pass); the search writes it
        self.line: list[Step | None] = [None] * plies

    def order(
        self, board: list[int], colour: int, moves: list[Step], first: Step | None, ply: int
    ) -> list[Step]:
        """`moves` of `colour` on `board`, `ply` plies from the root, in the order to try
        them, `first` (the table's move) before all."""
        enemy = (1 - colour) << 3
        killers = self.killers[ply]
        history = self.history
        counter = self.counters.get(self.line[ply - 1]) if ply else None
        keyed = []
        for i, move in enumerate(moves):
            q = board[move[1]]
            if move == first:
                key = FIRST
            elif q and (q & 8) == enemy:
                gain, cost = piece_value(q), piece_value(board[move[0]])
                key = CAPTURE - 100 * gain + cost
                if cost > gain and attacked(board, move[1], 1 - colour):
                    key += LOSING
            elif move == killers[0]:
                key = KILLER[0]
            elif move == killers[1]:
                key = KILLER[1]
            elif move == counter:
                key = COUNTER
            else:
                key = -history.get(move, 0)
            keyed.append((key, i, move))
        keyed.sort()
        return [move for _, _, move in keyed]

    def cut(self, move: Step, ply: int, depth: int, tried: list[Step]) -> None:
        """The quiet `move` cut off a node `ply` plies from the root, searched `depth` plies
        deep, after the quiet moves `tried` failed to: it becomes the ply's first killer and
        the counter-move to the move before it, its history gains depth squared, and theirs
        loses as much."""
        killers = self.killers[ply]
        if killers[0] != move:
            killers[1], killers[0] = killers[0], move
        if ply:
            self.counters[self.line[ply - 1]] = move
        history = self.history
        bonus = depth * depth
        history[move] = history.get(move, 0) + bonus
        for failed in tried:
            history[failed] = history.get(failed, 0) - bonus
