"""Petrify's words for its course (web/lessons/petrify.json): the goals a step may set
on its position and the facts its texts may name (engine/learning/lesson_goals.py and
engine/learning/lesson_words.py hold the ones every game shares and say how both are used).
"""

from __future__ import annotations

from ...learning.lesson_goals import Reached, Vocabulary, square_cell
from .rules import patch_summary

# ---- goals

PETRIFY_CELLS = {"empty": 0, "blue": 1, "orange": 2, "block": 3}


def holding(at: Reached, square: str, what: str) -> bool:
    """`square` holds `what`: "blue" or "orange" (a disk), "block" or "empty"."""
    return bool(square_cell(at.view.cells, square) == PETRIFY_CELLS[what])


def blocks(at: Reached, at_least: int) -> bool:
    """The board holds at least `at_least` blocks (each capture leaves one)."""
    return sum(cell == PETRIFY_CELLS["block"] for cell in at.view.cells) >= at_least


def patch(at: Reached, square: str, size: int, owner: str) -> bool:
    """The patch holding `square` (block-free squares joined side by side) has `size` squares
    and belongs to `owner`: "blue", "orange" or "nobody"."""
    cells = at.view.cells
    square_cell(cells, square)  # refuses a square off the board
    col, row = ord(square[0]) - ord("a"), int(square[1:]) - 1
    index = row * round(len(cells) ** 0.5) + col
    want = 0 if owner == "nobody" else PETRIFY_CELLS[owner]
    return any(
        index in found.squares and found.size == size and int(found.owner) == want
        for found in at.view.patches
    )


# ---- facts for the texts


def patch_words(at: Reached, square: str) -> str:
    """How the patch holding `square` is reckoned: the pairs that cancel, the biggest group
    left, and who owns it."""
    cells = at.view.cells
    square_cell(cells, square)  # refuses a square off the board
    index = (int(square[1:]) - 1) * round(len(cells) ** 0.5) + ord(square[0]) - ord("a")
    for found in at.view.patches:
        if index in found.squares:
            return patch_summary(found)
    return f"{square} holds a block, in no patch"


LESSON = Vocabulary(
    goals={"holding": holding, "blocks": blocks, "patch": patch},
    words={"patch": patch_words},
)
