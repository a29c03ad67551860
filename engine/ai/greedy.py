"""The greedy player: a one-ply look, keeping the move that leaves the mover best off.

"Best off" is the mover's win estimate after the move: the exact reward if the
move ends the game, else the game's `evaluate` (or its live score where it has
none).  Ties are broken at random, from the seeded generator.  It chooses among
the same moves the search weighs at its root (all legal moves, except that a
Stigmergy komi bid is kept to a window around the fair komi).
"""

from __future__ import annotations

import random

from .knowledge import for_game


def choose(game, state, rng: random.Random):
    know = for_game(game)
    moves = know.root_moves(state)          # e.g. only sensible komi bids in Stigmergy
    if not moves:
        raise ValueError("no legal move: the game is over")
    seat = game.to_move(state)
    best_moves, best_value = [], -1.0
    for move in moves:
        value = know.rewards(game.apply(state, move))[seat]
        if value > best_value + 1e-12:
            best_moves, best_value = [move], value
        elif value >= best_value - 1e-12:
            best_moves.append(move)
    return best_moves[rng.randrange(len(best_moves))]
