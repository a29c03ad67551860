"""Rug Pile's words for its course (web/lessons/rugpile.json): the goals a step may set
on its position and the facts its texts may name (engine/learning/lesson_goals.py and
engine/learning/lesson_words.py hold the ones every game shares and say how both are used).
"""

from __future__ import annotations

from ...learning.lesson_goals import Reached, Vocabulary, square_cell

# ---- goals

RUG_COLOURS = {"red": 0, "blue": 1, "green": 2, "yellow": 3}


def shows(at: Reached, square: str, colour: str) -> bool:
    """`square` shows `colour` ("red", "blue", ...; "blank" for none)."""
    want = -1 if colour == "blank" else RUG_COLOURS[colour]
    return bool(square_cell(at.view.cells, square) == want)


def tile(at: Reached, width: int, height: int) -> bool:
    """The player's last move laid a tile `width` wide and `height` tall."""
    return bool(at.played) and at.played[-1].startswith(f"{width}x{height}")


LESSON = Vocabulary(
    goals={"shows": shows, "tile": tile},
    words={},
)
