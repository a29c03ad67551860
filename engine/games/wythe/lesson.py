"""Wythe's words for its course (web/lessons/wythe.json): the goals a step may set
on its position and the facts its texts may name (engine/learning/lesson_goals.py and
engine/learning/lesson_words.py hold the ones every game shares and say how both are used).
"""

from __future__ import annotations

from typing import Any

from ...learning.lesson_goals import Reached, Vocabulary, named_cell
from ...learning.lesson_words import plural

# ---- goals

WYTHE_COLOURS = {"black": 0, "white": 1}


def _wythe_cell(at: Reached, square: str) -> Any:
    return named_cell(at, "square", square)


def height(at: Reached, squares: list, height: int) -> bool:
    """One of `squares` holds a stack of `height` bits."""
    return any(_wythe_cell(at, square).height == height for square in squares)


def top(at: Reached, square: str, colour: str) -> bool:
    """The stack on `square` has a `colour` ("black" or "white") top bit."""
    cell = _wythe_cell(at, square)
    return cell.height > 0 and cell.top == WYTHE_COLOURS[colour]


def frozen(at: Reached, square: str) -> bool:
    """The bit on `square` is frozen: its piece is half-covered."""
    return bool(_wythe_cell(at, square).frozen)


def swapped(at: Reached) -> bool:
    """The players have swapped colours (the pie rule)."""
    return bool(at.view.swapped)


def colour_leads(at: Reached, colour: str) -> bool:
    """`colour`'s score (by the colours on the board) is higher than the other colour's."""
    scores = at.view.colour_scores
    mine = WYTHE_COLOURS[colour]
    return scores[mine] > scores[1 - mine]


def group(at: Reached, colour: str, size: int) -> bool:
    """`colour` has a group of at least `size` squares."""
    mine = WYTHE_COLOURS[colour]
    return any(g.colour == mine and g.size >= size for g in at.view.groups)


def only_passes(at: Reached) -> bool:
    """No placement is left: the players can only pass (the game is about to end)."""
    moves = at.game.legal_moves(at.state)
    return all(isinstance(move, str) for move in moves)


# ---- facts for the texts


def tally(at: Reached) -> str:
    """How each colour's score comes from its groups, e.g. 'Black scores 2: it has 1 group of
    2 to White's 0. White scores 1: it has 3 groups of 1 to Black's 1.'"""
    view = at.view
    said = []
    for colour, name, other in ((0, "Black", "White"), (1, "White", "Black")):
        score = view.colour_scores[colour]
        if score == 0:
            said.append(f"{name} scores 0: at no size has it more groups than {other}.")
            continue
        entry = next(e for e in view.by_size if e.size == score)
        mine, theirs = (entry.black, entry.white) if colour == 0 else (entry.white, entry.black)
        said.append(
            f"{name} scores {score}: it has {plural(mine, 'group')} of {score} "
            f"to {other}'s {theirs}."
        )
    return " ".join(said)


def placements(at: Reached) -> str:
    """Whether the side to move may still lay a piece, and where it may: the stacks a
    full-looking board still takes."""
    game, state = at.game, at.state
    if game.result(state) is not None:
        return "the game is over"
    mover = game.seat_names(state)[game.to_move(state)]
    laid = [m for m in game.legal_moves(state) if not isinstance(m, str)]
    if not laid:
        return f"{mover} has no placement left and must pass"
    return f"{mover} can still lay a piece in {plural(len(laid), 'way')}"


LESSON = Vocabulary(
    goals={
        "height": height,
        "top": top,
        "frozen": frozen,
        "swapped": swapped,
        "colour_leads": colour_leads,
        "group": group,
        "only_passes": only_passes,
    },
    words={"tally": tally, "placements": placements},
)
