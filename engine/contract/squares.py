"""Squares of a square board as the notations write them: column 0 is file a, row 0 is
rank 1 (the bottom), so (2, 2) is c3.  `parse_square` reads a name back, refusing with
BadNotation ("not-a-square", "off-board") what is not a square of the board.
"""

from __future__ import annotations

from .errors import BadNotation
from .user_text import ascii_digits, shown

FILES = "abcdefghijklmnopqrstuvwxyz"


def square_name(col: int, row: int) -> str:
    """Chess-style name of a square: column 0 is file a, row 0 is rank 1 (the bottom).

    >>> square_name(2, 2), square_name(0, 9)
    ('c3', 'a10')
    """
    return f"{FILES[col]}{row + 1}"


def parse_square(text: str, width: int, height: int | None = None) -> tuple[int, int]:
    """(col, row) of a square name such as 'c3' or 'a10'; BadNotation if off the board.

    >>> parse_square("c3", 8), parse_square("a10", 10)
    ((2, 2), (0, 9))
    >>> parse_square("c9", 8)
    Traceback (most recent call last):
      ...
    engine.contract.errors.BadNotation: c9 is off the 8×8 board
    """
    height = width if height is None else height
    if text[:1] not in FILES or not ascii_digits(text[1:]) or text[1] == "0":
        raise BadNotation(
            f"'{shown(text)}' is not a square (a letter then a number, like c3)",
            code="not-a-square",
        )
    col, row = FILES.index(text[0]), int(text[1:]) - 1
    if col >= width or row >= height:
        raise BadNotation(f"{shown(text)} is off the {width}×{height} board", code="off-board")
    return col, row


def split_square_prefix(text: str) -> tuple[str, str]:
    """Split 'c3d4...' into ('c3', 'd4...'): a file letter and the digits after it."""
    i = 1
    while i < len(text) and text[i].isdigit():
        i += 1
    return text[:i], text[i:]
