"""A puzzle's difficulty: how much search the medium level needs to find its answer.

The medium level's search (engine.ai.Search, as the medium level plays) runs up a ladder of
budgets, LADDER times the medium level's playouts; a step's rung is the lowest rung from
which on the search's choice is the solution at every rung above (one seeded search, grown:
a search of n playouts grown to m plays the same playouts as a search of m).  A solution
never held to the top rung is rung len(LADDER).  The puzzle's rung is its hardest step's;
the rating maps rungs 0..len(LADDER) evenly onto LOW..HIGH, the scale of a player's puzzle
rating: STEP points a rung, 1000 at 1/32 of the medium budget.

The lowest rungs are searches of a handful of playouts (1/256 of the medium budget: 7 in
Wythe, 8 in Rug Pile, Gwyddbwyll and Stigmergy, 15 in Petrify): an answer found there is the
move the search picks almost on sight.  They tell the obvious puzzles from those that need a
look among the many the medium search finds at 1/32 of its budget (docs/puzzles.md).
"""

from __future__ import annotations

from engine.ai import Search
from engine.contract.core import Game, State

from .searching import budget

LADDER = (1 / 256, 1 / 128, 1 / 64, 1 / 32, 1 / 16, 1 / 8, 1 / 4, 1 / 2, 1, 2, 4)
STEP = 150
LOW = 1000 - LADDER.index(1 / 32) * STEP  # 550 at 1/256
HIGH = LOW + len(LADDER) * STEP  # 2200: never found


def rung(game: Game, state: State, solution: str, seed: int = 7) -> int:
    """The lowest rung of LADDER from which on the medium search picks `solution` (or a
    move that wins at once, which a puzzle takes as right too)."""
    medium = budget(game, "medium")
    search = Search(game, state, seed=seed)
    found = len(LADDER)
    for index, times in enumerate(LADDER):
        target = max(1, round(medium * times))
        if not search.done and search.playouts < target:
            search.run(playouts=target - search.playouts)
        right = _right(game, state, search.best(), solution)
        if right and found == len(LADDER):
            found = index
        elif not right:
            found = len(LADDER)
    return found


def _right(game: Game, state: State, move, solution: str) -> bool:
    """The solution, or a move that wins at once (engine.puzzles.Puzzle.judge's answer)."""
    if game.notation(state, move) == solution:
        return True
    result = game.result(game.apply(state, move))
    return result is not None and result.winners == (game.to_move(state),)


def rating(rung_: int) -> int:
    """The puzzle rating of a rung: LOW at rung 0, HIGH when never found, evenly between."""
    return LOW + STEP * rung_
