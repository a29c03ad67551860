"""What the players know about Rug Pile: a fast playout on a mutable board.

Listing every legal placement means finding every area and trying every
placement, after every ply.  A playout instead finds the areas once a ply and
tries placements in random order until one fits (those that do not are struck
out), which draws each legal placement with equal chance at a fraction of the
cost.  A placement's legal replies are costly to list for the same reason, so
only the root's moves are ordered by a 1-ply look.
"""

from __future__ import annotations

from ..games.rugpile import BLANK, KINDS, RugState, orientations
from .knowledge import Knowledge, register

_PLACEMENTS: dict[int, tuple] = {}


def placements(size: int) -> tuple:
    """Per tile kind: every (move, squares) of that kind on a size × size board."""
    if size not in _PLACEMENTS:
        table = []
        for kind in range(len(KINDS)):
            entries = []
            for width, height in orientations(kind):
                for row in range(size - height + 1):
                    for col in range(size - width + 1):
                        squares = tuple(r * size + c for r in range(row, row + height)
                                        for c in range(col, col + width))
                        entries.append(((width, height, col, row), squares))
            table.append(tuple(entries))
        _PLACEMENTS[size] = tuple(table)
    return _PLACEMENTS[size]


def _area_map(board: list, size: int) -> tuple[list, list]:
    """Area index per square (-1 for blank) and the size of each area."""
    area_of = [-1] * len(board)
    sizes = []
    for start, colour in enumerate(board):
        if colour == BLANK or area_of[start] >= 0:
            continue
        label = len(sizes)
        area_of[start] = label
        stack, count = [start], 0
        while stack:
            sq = stack.pop()
            count += 1
            col = sq % size
            for near in (sq - size, sq + size, sq - 1 if col else -1, sq + 1 if col < size - 1 else -1):
                if 0 <= near < len(board) and area_of[near] < 0 and board[near] == colour:
                    area_of[near] = label
                    stack.append(near)
        sizes.append(count)
    return area_of, sizes


def _fits(board: list, area_of: list, sizes: list, me: int, squares: tuple) -> bool:
    hits: dict[int, int] = {}
    for sq in squares:
        if board[sq] == me:
            return False
        a = area_of[sq]
        if a >= 0:
            hits[a] = hits.get(a, 0) + 1
    for a, n in hits.items():
        if n >= sizes[a]:
            return False
    return True


def fast_playout(state: RugState, rng, max_plies: int, trace: list | None = None) -> RugState:
    """Uniformly random placements to the end (or max_plies), on a mutable board.
    The moves made are appended to `trace` if one is given."""
    size, players = state.size, state.players
    table = placements(size)
    board = list(state.board)
    supplies = [list(s) for s in state.supplies]
    turn, last = state.turn, state.last
    randrange = rng.randrange
    for _ in range(max_plies):
        area_of, sizes = _area_map(board, size)
        supply = supplies[turn]
        candidates = [entry for kind, left in enumerate(supply) if left for entry in table[kind]]
        n = len(candidates)
        chosen = None
        while n:
            i = randrange(n)
            if _fits(board, area_of, sizes, turn, candidates[i][1]):
                chosen = candidates[i]
                break
            n -= 1
            candidates[i] = candidates[n]
        if chosen is None:
            break
        move, squares = chosen
        for sq in squares:
            board[sq] = turn
        supply[KINDS.index((min(move[0], move[1]), max(move[0], move[1])))] -= 1
        last = move
        if trace is not None:
            trace.append(move)
        turn = (turn + 1) % players
    return RugState(size, players, state.tiles, tuple(board),
                    tuple(tuple(s) for s in supplies), turn, last)


@register("rugpile")
class RugPileKnowledge(Knowledge):
    order_depth = 0

    def playout(self, state, rng):
        return self.rewards(fast_playout(state, rng, 100_000))
