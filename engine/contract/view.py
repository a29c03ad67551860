"""What a board renderer is given: `View`, a position as plain values, no rules and no prose.

Each game subclasses it with its cells typed for its board and the extras its renderer
needs, and fills the common fields with `Game.view_core`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .result import Result


@dataclass(frozen=True, kw_only=True)
class View:
    """A position as a board renderer sees it: plain values, no rules and no prose.

    Each game subclasses it (frozen, kw_only) with `cells` typed for its board and the
    extras its renderer needs; `Game.view_core` fills the common fields.

    width, height: the board's extent in cells (a hex board: its rows and longest row).
    cells:      one entry per cell, in the game's cell order (index = cell number).
    last:       the cells the last move touched (empty before the first move).
    to_move:    the seat to move, or -1 once the game is over.
    seat_names: what each seat is called now (its colour, after any swap).
    scores:     each seat's score now, in seat order.
    result:     how the game ended, or None.
    moves:      the legal moves, as the engine's move values.
    """

    width: int
    height: int
    cells: tuple
    last: tuple[int, ...]
    to_move: int
    seat_names: tuple[str, ...]
    scores: tuple
    result: Result | None
    moves: tuple
