"""What the players know about Gwyddbwyll: captures first, short playouts, and material.

Uniformly random games run to hundreds of plies and hang pieces at random, so
a playout here takes the most valuable capture it can most of the time (the
victim's value first, the cheapest attacker on ties), and stops after a few
dozen plies, when `evaluate` (material and mobility) judges the position.
"""

from __future__ import annotations

import math
import random

from ..games.gwyddbwyll import GwState
from ..games.gwyddbwyll_kernel import (BISHOP, BLACK, JUMPER, KING, KNIGHT, PAWN, QUEEN,
                                       ROOK, WHITE, Step, play_out, pseudo_moves)
from .knowledge import Knowledge, register

CAPTURE_CHANCE = 0.8        # how often a playout move is the best capture, when there is one

# Rough worth of each kind for evaluate(): a fers and a two-square bishop are weak pieces.
VALUES = {PAWN: 1.0, KNIGHT: 3.0, BISHOP: 1.5, ROOK: 5.0, QUEEN: 1.5, JUMPER: 1.5, KING: 0.0}
_VALUE = [0.0] * 16         # the same by piece code, either colour
for _kind, _value in VALUES.items():
    _VALUE[_kind] = _VALUE[_kind | 8] = _value


@register("gwyddbwyll")
class GwyddbwyllKnowledge(Knowledge):
    playout_depth = 24

    def playout(self, state, rng: random.Random) -> tuple[float, ...]:
        return self.rewards(capture_playout(state, rng, self.playout_depth))

    def evaluate(self, state) -> tuple[float, ...]:
        """Each seat's chance to win, guessed from material and mobility."""
        result = self.game.result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in (WHITE, BLACK))
        material = [0.0, 0.0]
        for p in state.board:
            if p:
                material[p >> 3] += _VALUE[p]
        mobility = [len(pseudo_moves(state.board, c, -1)) for c in (WHITE, BLACK)]
        lead = (material[WHITE] - material[BLACK]) + 0.05 * (mobility[WHITE] - mobility[BLACK])
        white = 1.0 / (1.0 + math.exp(-0.4 * lead))
        return (white, 1.0 - white)


def _captures_best_first(board: list[int], moves: list[Step], colour: int) -> list[Step]:
    """The capturing moves, the most valuable victim first, then the cheapest attacker."""
    enemy = (1 - colour) << 3
    keyed = []
    for move in moves:
        q = board[move[1]]
        if q and (q & 8) == enemy:
            keyed.append((-_VALUE[q], _VALUE[board[move[0]]], move))
    keyed.sort()
    return [move for _, _, move in keyed]


def capture_playout(state: GwState, rng: random.Random, max_plies: int) -> GwState:
    """Play on from `state` for up to `max_plies`, preferring captures."""
    board = list(state.board)
    colour, ply, ep, last = play_out(board, state.turn, state.ply, state.ep, state.last,
                                     rng, max_plies, _captures_best_first, CAPTURE_CHANCE)
    return GwState(tuple(board), colour, ply, ep, last)
