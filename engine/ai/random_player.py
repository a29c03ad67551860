"""The random player: a uniformly random legal move (a baseline and a test opponent)."""

from __future__ import annotations

import random

from ..contract.core import Game, Move, State


def choose(game: Game, state: State, rng: random.Random) -> Move:
    moves = game.legal_moves(state)
    if not moves:
        raise ValueError("no legal move: the game is over")
    return moves[rng.randrange(len(moves))]
