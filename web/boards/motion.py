"""What a move did on the board: the value a board's `motion` returns (web/boards/base.py).

Cells are the view's cell numbers, which the boards write on each piece's elements as
`data-on`; web/logic/motion.py decides when the page animates a move, and
web/browser/animation.py animates it.
"""

from __future__ import annotations

from dataclasses import dataclass

Cells = tuple[int, ...]


@dataclass(frozen=True)
class Motion:
    """What one move changed on the board, by cell number.

    slides: (from, to): the piece now on `to` came from `from`.
    placed: the pieces that appeared, each by the cells it covers (a tile: all its squares).
    taken:  the pieces that went, each by the cells it covered (a capture).
    turned: cells whose piece stayed but changed colour.
    """

    slides: tuple[tuple[int, int], ...] = ()
    placed: tuple[Cells, ...] = ()
    taken: tuple[Cells, ...] = ()
    turned: Cells = ()

    def __bool__(self) -> bool:
        return bool(self.slides or self.placed or self.taken or self.turned)

    def reversed(self) -> Motion:
        """The move taken back (a step back through the moves): pieces slide home, what it
        placed goes and what it took comes back."""
        return Motion(
            tuple((to, frm) for frm, to in self.slides), self.taken, self.placed, self.turned
        )


NOTHING = Motion()
