"""The criteria a puzzle's step must meet, on numbers alone (the searches give them).

A solver's step is judged from the chances of the moves at its position, as a search judged
them (each the solver's calibrated chance after the move; a proven win is 1.0, a proven loss
0.0): the solution must be the best move, every other move must be worse by at least GAP,
and no other move may be a proven win.  A line ends where the solver has won, or where the
chance after the solver's move is at least engine.puzzles.WON_CHANCE.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.contract.core import Game, State
from engine.contract.result import Termination
from engine.learning.puzzles import WON_CHANCE

GAP = 0.30  # every other move's chance is at least this much lower than the solution's
LIKELY = 0.60  # a candidate's solver must stand at least this well after the mistake
SWING = 0.20  # the least swing of the solver's chance that marks a mistake
PRE_GAP = 0.10  # the pre-filter's cheap search: the best move this far ahead of the next
PRE_LEAST = 0.65  # and at least this good
MIN_CHOICES = 3  # a position with fewer legal moves is a guess, not a puzzle
FEW_CHOICES = f"fewer than {MIN_CHOICES} moves to choose from"
PASS_TO_END = "a pass that ends the game"


@dataclass(frozen=True)
class Judged:
    """A move at a solver's turn, as a search judged it."""

    move: str
    chance: float
    proven_win: bool = False


def step_verdict(judged: list[Judged]) -> str | None:
    """None when the first of `judged` (the search's choice) is the only good move; else
    why not (a drop reason)."""
    if not judged:
        return "no move to judge"
    best, others = judged[0], judged[1:]
    if any(o.proven_win for o in others):
        return "a second winning move"
    if best.proven_win and not others:
        return None
    runner = max((o.chance for o in others), default=0.0)
    top = 1.0 if best.proven_win else best.chance
    if top - runner < GAP:
        return "a second good move"
    return None


def pre_verdict(judged: list[Judged]) -> str | None:
    """The pre-filter's looser test on a cheap search: None when its choice is a proven win
    no other move shares, or rated at least PRE_LEAST and PRE_GAP above every other move.
    A cheap search sees a gap less sharply, hence the smaller gap: it is a cheap guess at
    what the deeper searches would find, and may drop a few they would keep (not measured)."""
    if not judged:
        return "no move to judge"
    best, others = judged[0], judged[1:]
    if any(o.proven_win for o in others):
        return "a second winning move"
    top = 1.0 if best.proven_win else best.chance
    if top - max((o.chance for o in others), default=0.0) < PRE_GAP:
        return "a second good move"
    if top < PRE_LEAST:
        return "not winning enough"
    return None


def line_ends(chance_after: float, won: bool) -> bool:
    """Whether a line may end after the solver's move: a win, or a position rated won."""
    return won or chance_after >= WON_CHANCE


def is_candidate(before: float, after: float) -> bool:
    """Whether a position is a candidate: the solver's chance `after` the opponent's move
    is at least LIKELY and at least SWING above the solver's chance `before` it."""
    return after >= LIKELY and after - before >= SWING


def passes_to_the_end(game: Game, state: State, solution: list[str]) -> bool:
    """Whether a solution is one pass that ends the game (both passed): kept, it would be a
    win on the solver's lead, but no puzzle (Stigmergy and Wythe end when both pass)."""
    if len(solution) != 1:
        return False
    result = game.result(game.apply(state, game.parse(state, solution[0])))
    return result is not None and result.termination is Termination.BOTH_PASSED
