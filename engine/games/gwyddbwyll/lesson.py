"""Gwyddbwyll's words for its course (web/lessons/gwyddbwyll.json): the goals a step may set
on its position and the facts its texts may name (engine/learning/lesson_goals.py and
engine/learning/lesson_words.py hold the ones every game shares and say how both are used).
"""

from __future__ import annotations

from ...learning.lesson_goals import Reached, Vocabulary, square_cell

# ---- goals

SIDES = {"white": 0, "black": 1}


def piece(at: Reached, squares: list, kind: str, colour: str) -> bool:
    """One of `squares` holds a `colour` piece of `kind` ("pawn", "queen", "king", ...)."""
    want = SIDES[colour]
    for square in squares:
        found = square_cell(at.view.cells, square)
        if found is not None and found.kind == kind and found.colour == want:
            return True
    return False


def empty(at: Reached, square: str) -> bool:
    """Nothing stands on `square`."""
    return square_cell(at.view.cells, square) is None


def check(at: Reached) -> bool:
    """The side to move is in check."""
    return at.view.check is not None


LESSON = Vocabulary(
    goals={"piece": piece, "empty": empty, "check": check},
    words={},
)
