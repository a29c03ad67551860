"""The greedy player: a one-ply look, keeping the move that leaves the mover best off.

"Best off" is the mover's win estimate after the move, as the game's Knowledge
gives it (`rewards`): the exact reward if the move ends the game, else the
evaluation (the game's own in know_<game>.py, else by the live scores).  Ties
are broken at random, from the seeded generator.  It chooses among the same
moves the search weighs at its root (all legal moves, except that a Stigmergy
komi bid is kept to a window around the fair komi).
"""

from __future__ import annotations

import random

from ..contract.core import Game, Move, State
from .knowledge import for_game


def choose(game: Game, state: State, rng: random.Random) -> Move:
    know = for_game(game)
    moves = know.root_moves(state)  # e.g. only sensible komi bids in Stigmergy
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
