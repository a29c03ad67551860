"""Geometry shared by the square-grid boards (Rug Pile, Wythe, Petrify, Gwyddbwyll).

Squares are CELL units wide inside a MARGIN that holds the coordinates.  A board
may be drawn turned round (flipped: the second player's side at the bottom); the
text of the coordinates always stays upright.
"""

from __future__ import annotations

from engine.contract.core import FILES

CELL = 100
MARGIN = 44


def corner(size: int, col: int, row: int, flipped: bool = False) -> tuple[int, int]:
    """Top-left corner of square (col, row) in SVG units: rank 1 at the bottom, or (flipped)
    the board turned round, rank 1 at the top and file a on the right."""
    if flipped:
        col, row = size - 1 - col, size - 1 - row
    return MARGIN + col * CELL, MARGIN + (size - 1 - row) * CELL


def side(x: float, y: float, dcol: int, drow: int, flipped: bool = False) -> str:
    """Path data for the side of the square drawn at (x, y) that faces its neighbour
    (dcol, drow) squares away on the board, wherever the board is turned."""
    if flipped:
        dcol, drow = -dcol, -drow
    if dcol > 0:
        return f"M{x + CELL} {y}v{CELL}"
    if dcol < 0:
        return f"M{x} {y}v{CELL}"
    if drow > 0:
        return f"M{x} {y}h{CELL}"
    return f"M{x} {y + CELL}h{CELL}"


def coordinates(size: int, flipped: bool = False) -> str:
    """File letters along the bottom and rank numbers down the left, as the board is turned
    (flipped: the last file first, rank 1 at the top)."""
    out = []
    for i in range(size):
        x, _ = corner(size, i, 0, flipped)
        _, y = corner(size, 0, i, flipped)
        out.append(
            f'<text class="coord" x="{x + CELL / 2}" y="{MARGIN + size * CELL + 32}">'
            f"{FILES[i]}</text>"
        )
        out.append(f'<text class="coord" x="{MARGIN / 2}" y="{y + CELL / 2 + 10}">{i + 1}</text>')
    return "".join(out)
