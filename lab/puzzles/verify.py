"""A shipped puzzle checked again (tests/test_puzzle_collection.py's slow test): its first
step, by searching the game out where its end is near enough, else by a deep search with a
seed the generator did not use, and by proof where it ends in a win."""

from __future__ import annotations

from engine.contract.core import Game, State
from engine.learning.puzzles import Puzzle

from .criteria import Judged, line_ends, step_verdict
from .endgame import EndSolver
from .exact import Unknown, forced_win
from .searching import DEEP_TIMES, budget, judge, others
from .solve import END_CAP

SEED = 3  # the generator searched with seeds 1 and 2


def reverify(game: Game, puzzle: Puzzle, times: float = DEEP_TIMES) -> str | None:
    """None when the puzzle's first step holds again, else what fails.  Where the game can be
    searched out from the start (endgame.EndSolver), that answers (`searched_out`); else a
    "win" puzzle by proof (`proven`), a "won" one by a deep search (`searched`)."""
    state = puzzle.start(game)
    try:
        return searched_out(game, puzzle, state)
    except Unknown:
        pass
    deep = budget(game, "hard", times)
    if puzzle.goal == "win":
        return proven(game, puzzle, state, deep)
    return searched(game, puzzle, state, deep)


def searched_out(game: Game, puzzle: Puzzle, state: State) -> str | None:
    """The first move wins and no other does but at once (a puzzle takes every win at once;
    when the first move wins at once, a slower win misses it), searched out to the end;
    exact.Unknown when the end is too far to search out."""
    first = puzzle.solution[0]
    move = game.parse(state, first)
    solver = EndSolver(game, END_CAP)
    if not solver.move_wins(state, move):
        return f"searched out, {first} does not win"
    if game.result(game.apply(state, move)) is not None:
        return None
    others = [game.notation(state, m) for m in solver.second_wins(state, first)]
    return f"searched out, {others} win too" if others else None


def proven(game: Game, puzzle: Puzzle, state: State, deep: int) -> str | None:
    """The first move is proven the only one that wins within the line's length (or one of
    the wins at once of a one-move win), and a deep search of the position without it finds
    no other win and nothing within criteria.GAP of one."""
    first = puzzle.solution[0]
    proof = forced_win(game, state, len(puzzle.solution), cap=200_000)
    if proof is None:
        return "no forced win within the line's length"
    _, moves, _ = proof
    names = [game.notation(state, m) for m in moves]
    if first not in names:
        return f"the solution is not a forced win; {names} are"
    if len(names) > 1 and len(puzzle.solution) > 1:
        return f"more than one move wins: {names}"
    return step_verdict([Judged(first, 1.0, True), *others(game, state, first, deep, SEED)])


def searched(game: Game, puzzle: Puzzle, state: State, deep: int) -> str | None:
    """The first move is the deep search's choice, far better than any other, and a
    one-move line ends rated won."""
    first = puzzle.solution[0]
    judgement = judge(game, state, deep, SEED)
    if judgement.choice != first:
        return f"the deep search chose {judgement.choice}, not {first}"
    verdict = step_verdict(judgement.judged)
    after = judgement.judged[0].chance
    if verdict is None and len(puzzle.solution) == 1 and not line_ends(after, won=False):
        return f"the line ends rated {after}, not won"
    return verdict
