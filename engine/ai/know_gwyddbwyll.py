"""What the players know about Gwyddbwyll: captures first, and short playouts.

Uniformly random games run to hundreds of plies and hang pieces at random, so
a playout here takes the most valuable capture it can most of the time (the
victim's value first, the cheapest attacker on ties), and stops after a few
dozen plies, when the game's material evaluation judges the position.
"""

from __future__ import annotations

from ..games.gwyddbwyll import (EMPTY, KING, MAX_PLIES, PAWN, VALUES,
                                GwState, apply_on, attacked, count_pieces, piece,
                                pseudo_moves)
from .knowledge import Knowledge, register

CAPTURE_CHANCE = 0.8        # how often a playout move is the best capture, when there is one
_VALUE = [0.0] * 16
for _kind, _value in VALUES.items():
    _VALUE[_kind] = _VALUE[_kind | 8] = _value


@register("gwyddbwyll")
class GwyddbwyllKnowledge(Knowledge):
    playout_depth = 24

    def playout(self, state, rng):
        return self.rewards(capture_playout(state, rng, self.playout_depth))


def _safe(board, move, colour, kings, ep) -> bool:
    """Whether `move` (pseudo-legal) leaves the mover's king unattacked; undone after."""
    frm, to = move
    p, taken = board[frm], board[to]
    victim = -1
    if to == ep and p & 7 == PAWN and (to - frm) & 7:
        victim = (frm & ~7) | (to & 7)
        taken = board[victim]
        board[victim] = EMPTY
    board[to], board[frm] = p, EMPTY
    safe = not attacked(board, to if p & 7 == KING else kings[colour], 1 - colour)
    board[frm] = p
    if victim >= 0:
        board[to], board[victim] = EMPTY, taken
    else:
        board[to] = taken
    return safe


def _captures_best_first(board, moves, colour):
    """The capturing moves, the most valuable victim first, then the cheapest attacker."""
    enemy = (1 - colour) << 3
    keyed = []
    for move in moves:
        q = board[move[1]]
        if q and (q & 8) == enemy:
            keyed.append((-_VALUE[q], _VALUE[board[move[0]]], move))
    keyed.sort()
    return [move for _, _, move in keyed]


def capture_playout(state: GwState, rng, max_plies: int) -> GwState:
    """Play on from `state` for up to `max_plies`, preferring captures."""
    board = list(state.board)
    colour, ply, ep, last = state.turn, state.ply, state.ep, state.last
    counts = [count_pieces(board, 0), count_pieces(board, 1)]
    kings = [board.index(piece(0, KING)), board.index(piece(1, KING))]
    random, randrange = rng.random, rng.randrange
    for _ in range(max_plies):
        if ply >= MAX_PLIES or counts[colour] <= 1:
            break
        moves = pseudo_moves(board, colour, ep)
        chosen = None
        if random() < CAPTURE_CHANCE:
            for move in _captures_best_first(board, moves, colour):
                if _safe(board, move, colour, kings, ep):
                    chosen = move
                    break
        n = len(moves)
        while chosen is None and n:
            i = randrange(n)
            if _safe(board, moves[i], colour, kings, ep):
                chosen = moves[i]
            else:
                n -= 1
                moves[i] = moves[n]
        if chosen is None:
            break
        frm, to = chosen
        if board[to]:
            counts[1 - colour] -= 1
        elif to == ep and board[frm] & 7 == PAWN and (to - frm) & 7:
            counts[1 - colour] -= 1
        if board[frm] & 7 == KING:
            kings[colour] = to
        ep = apply_on(board, chosen, ep)
        last = chosen
        colour = 1 - colour
        ply += 1
    return GwState(tuple(board), colour, ply, ep, last)
