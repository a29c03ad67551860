"""The computer players: random, greedy and Monte Carlo tree search at three strengths.

    from engine import ai, games
    game = games.get("rugpile")
    move = ai.choose_move(game, state, "medium", seed=1)

    search = ai.Search(game, state, seed=1)     # for a progress display:
    while not search.done and ...: search.run(0.1); show(search.summary())
    move = search.best()

LEVELS lists the levels from weakest to strongest; THINK_SECONDS gives the
time each search level thinks for.  Everything is pure Python: it runs the
same in CPython and in a Pyodide Web Worker (the search stops itself).
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..contract.core import Game, Move, State
from . import greedy, random_player
from .knowledge import for_game
from .mcts import Search

LEVELS = ("random", "greedy", "easy", "medium", "hard")
THINK_SECONDS = {"easy": 0.3, "medium": 1.0, "hard": 4.0}

__all__ = ["LEVELS", "THINK_SECONDS", "Search", "choose_move", "searcher"]


def searcher(
    game: Game,
    state: State,
    level: str,
    seed: int | None = None,
    clock: Any = time.perf_counter,
    earlier: Any = (),
    previous: Any = None,
) -> Any:
    """The search that chooses the move of `level` (a search level) in `state` (`earlier`: the
    game's positions before it, and `previous`: the search that chose an earlier move, where
    the player uses them): the game's own player where its knowledge has one (Gwyddbwyll's
    hard level: engine/games/gwyddbwyll/search.py), else the Monte Carlo search.  Either has
    `run(seconds, playouts)`, `best()`, `done`, `elapsed`, `playouts` and `summary()`."""
    own = for_game(game).player(state, level, seed, clock, earlier, previous)
    return own if own is not None else Search(game, state, seed=seed, clock=clock)


def choose_move(
    game: Game,
    state: State,
    level: str,
    seed: int | None = None,
    seconds: float | None = None,
    playouts: int | None = None,
) -> Move:
    """The move the player of `level` makes in `state`.

    The search levels think for THINK_SECONDS[level]; `seconds` or `playouts`
    replace that budget (the arena uses playouts, for reproducible games).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level '{level}' (levels: {', '.join(LEVELS)})")
    rng = random.Random(seed)
    if level == "random":
        return random_player.choose(game, state, rng)
    if level == "greedy":
        return greedy.choose(game, state, rng)
    search = searcher(game, state, level, seed=rng.randrange(2**32))
    if search.done:
        return search.best()
    if playouts is not None:
        search.run(seconds=seconds, playouts=playouts)
    else:
        search.run(seconds=THINK_SECONDS[level] if seconds is None else seconds)
    return search.best()
