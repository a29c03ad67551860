"""A shipped puzzle checked again (tests/test_puzzle_collection.py's slow test): its first
step, by a deep search with a seed the generator did not use, and by proof where it ends in a
win."""

from __future__ import annotations

from engine.contract.core import Game
from engine.learning.puzzles import Puzzle

from .criteria import Judged, line_ends, step_verdict
from .exact import forced_win
from .searching import DEEP_TIMES, budget, judge, others

SEED = 3  # the generator searched with seeds 1 and 2


def reverify(game: Game, puzzle: Puzzle, times: float = DEEP_TIMES) -> str | None:
    """None when the puzzle's first step holds again, else what fails: a "win" puzzle's first
    move is proven the only one that wins within the line's length (a single move may share
    its win at once with another, which a puzzle takes too) and a deep search of the position
    without it finds no other win and nothing within criteria.GAP of one; a "won" puzzle's
    first move is the deep search's choice, far better than any other, and a one-move line
    ends rated won."""
    state = puzzle.start(game)
    first = puzzle.solution[0]
    deep = budget(game, "hard", times)
    if puzzle.goal == "win":
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
    judgement = judge(game, state, deep, SEED)
    if judgement.choice != first:
        return f"the deep search chose {judgement.choice}, not {first}"
    verdict = step_verdict(judgement.judged)
    after = judgement.judged[0].chance
    if verdict is None and len(puzzle.solution) == 1 and not line_ends(after, won=False):
        return f"the line ends rated {after}, not won"
    return verdict
