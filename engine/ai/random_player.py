"""The random player: a uniformly random legal move (a baseline and a test opponent)."""

from __future__ import annotations

import random


def choose(game, state, rng: random.Random):
    moves = game.legal_moves(state)
    if not moves:
        raise ValueError("no legal move: the game is over")
    return moves[rng.randrange(len(moves))]
