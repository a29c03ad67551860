"""What the games' moves have in common.

The words PASS and SWAP (a forced or chosen pass, and the pie rule's swap of colours); the
legal moves of a two-player game with a forced pass and the pie rule (`with_pass_and_swap`);
the seat that plays a colour once the seats may have swapped (`swapped_pair`); the shape test
of a move given as a tuple of numbers (`int_tuple`); and the longest move text any notation
here has (`MAX_MOVE_TEXT`).
"""

from __future__ import annotations

from typing import Any

PASS = "pass"  # the word moves games share: a forced or chosen pass,
SWAP = "swap"  # and the pie rule's swap of colours

MAX_MOVE_TEXT = 16  # the longest move text in any notation here, with room to spare


def with_pass_and_swap(plays: list, ply: int, pass_move, swap_move) -> list:
    """The moves of a two-player game with a forced pass and the pie rule, given its board
    plays: only a pass when there is none, and the swap added on the second player's first
    turn (ply 1)."""
    if not plays:
        return [pass_move]
    return [*plays, swap_move] if ply == 1 else plays


def swapped_pair(index: int, swapped: bool) -> int:
    """In a two-seat game with a pie rule: the colour a seat plays, or the seat that plays a
    colour (0 or 1 either way), when the seats have swapped colours or not.

    >>> swapped_pair(0, False), swapped_pair(0, True), swapped_pair(1, True)
    (0, 1, 0)
    """
    return index ^ 1 if swapped else index


def int_tuple(move: Any, length: int, bound: int) -> bool:
    """True when `move` is a tuple of `length` ints (not bools), each from 0 to bound - 1:
    the shape of a move that `_why_illegal` may then take apart."""
    return (
        isinstance(move, tuple)
        and len(move) == length
        and all(type(n) is int and 0 <= n < bound for n in move)
    )
