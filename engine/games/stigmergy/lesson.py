"""Stigmergy's words for its course (web/lessons/stigmergy.json): the goals a step may set
on its position and the facts its texts may name (engine/learning/lesson_goals.py and
engine/learning/lesson_words.py hold the ones every game shares and say how both are used).
"""

from __future__ import annotations

from typing import Any

from ...learning.lesson_goals import Reached, Vocabulary, named_cell
from ...learning.lesson_words import plural

# ---- goals

STONE_COLOURS = {"black": 0, "white": 1}


def _hex_cell(at: Reached, name: str) -> Any:
    return named_cell(at, "name", name)


def stone(at: Reached, cell: str, colour: str) -> bool:
    """`cell` holds a `colour` ("black" or "white") stone."""
    return bool(_hex_cell(at, cell).stone == STONE_COLOURS[colour])


def controls(at: Reached, cell: str, colour: str) -> bool:
    """`colour` controls `cell`: it sees more of that colour's stones than half its
    neighbours."""
    return bool(_hex_cell(at, cell).control == STONE_COLOURS[colour])


def button(at: Reached, colour: str) -> bool:
    """`colour` holds the button."""
    return bool(at.view.button_holder == STONE_COLOURS[colour])


def komi(at: Reached, at_least: int, at_most: int) -> bool:
    """The komi has been named, from `at_least` to `at_most` points for White."""
    value = at.view.komi
    return value is not None and at_least <= value <= at_most


# ---- facts for the texts


def sees(at: Reached, cell: str) -> str:
    """What a cell sees along its lines, and how many of one colour control it, e.g. 'a1
    sees 1 Black stone and 1 White; 2 of one colour control it'."""
    found = named_cell(at, "name", cell)
    black, white = found.sees
    return (
        f"{cell} sees {plural(black, 'Black stone')} and {white} White; "
        f"{found.needs} of one colour control it"
    )


def komi_words(at: Reached) -> str:
    """The komi White gets, once it is named."""
    value = at.view.komi
    return "not yet named" if value is None else str(value)


LESSON = Vocabulary(
    goals={"stone": stone, "controls": controls, "button": button, "komi": komi},
    words={"sees": sees, "komi": komi_words},
)
