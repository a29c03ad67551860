"""What a move did on the board, and whether and how fast the page animates it.

Pure Python (no browser imports), so it is tested in CPython (tests/test_motion.py); the
page's animation and sounds (web/browser/animation.py) act on what it says.

`motion(game_id, earlier, later)` compares the engine's views of two positions one move
apart and says which pieces slid from cell to cell (a Gwyddbwyll piece, Petrify's
capturing disk), which appeared (a placement, a Wythe piece stacked, the block a Petrify
capture leaves, a Rug Pile tile), which were taken, and which turned colour (a Stigmergy
flip).  A pass, a swap or a komi bid moves nothing.  Cells are the views' cell numbers,
which the boards write on each piece's elements as `data-on` (web/boards/base.py).

`change(before, after)` decides from what the board showed before a render and shows now
whether there is a move to animate: one ply forward (a move just made, or a step through the
move list) or back (a step back, an undo of one ply), in the same game.  A person's move gets
PERSON_MS, the computer's moves and steps through the list QUICK_MS; anything else (another
game, a jump of several plies, the same position redrawn) nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import View
from engine.games.petrify import Capture
from web.logic.table import HUMAN

PERSON_MS = 200  # a person's own move
QUICK_MS = 120  # the computer's move, a step through the moves made

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


def _gwyddbwyll(earlier: Any, later: Any) -> Motion:
    """A piece moves from `last[0]` to `last[1]`, taking what stood there (or, en passant,
    the pawn beside it: any piece gone from its square but the mover)."""
    if len(later.last) != 2 or earlier.cells == later.cells:
        return NOTHING
    frm, to = later.last
    taken = tuple(
        (sq,)
        for sq, piece in enumerate(earlier.cells)
        if piece is not None and sq != frm and later.cells[sq] != piece
    )
    return Motion(slides=((frm, to),), taken=taken)


def _petrify(earlier: Any, later: Any) -> Motion:
    """A placement puts a disk down; a capture move slides the disk onto the enemy disk it
    takes and leaves a block where it started."""
    move = later.last_move
    if isinstance(move, Capture):
        return Motion(
            slides=((move.start, move.end),), placed=((move.start,),), taken=((move.end,),)
        )
    if isinstance(move, int) and earlier.cells[move] != later.cells[move]:
        return Motion(placed=((move,),))
    return NOTHING  # a pass, the swap


def _wythe(earlier: Any, later: Any) -> Motion:
    """A piece laid on two squares (empty ones, or two stacks it tops)."""
    if len(later.last) != 2 or earlier.cells == later.cells:
        return NOTHING  # a pass, the swap
    return Motion(placed=(tuple(sorted(later.last)),))


def _stigmergy(earlier: Any, later: Any) -> Motion:
    """A stone placed on an empty cell, or a stone flipped to the mover's colour."""
    placed = tuple((i,) for i in later.last if earlier.cells[i].stone is None)
    turned = tuple(
        i for i in later.last if earlier.cells[i].stone not in (None, later.cells[i].stone)
    )
    return Motion(placed=placed, turned=turned)


def _rugpile(earlier: Any, later: Any) -> Motion:
    """A tile laid over its squares: one piece."""
    return Motion(placed=(tuple(later.last),)) if later.last else NOTHING


MOTIONS: dict[str, Callable[[Any, Any], Motion]] = {
    "gwyddbwyll": _gwyddbwyll,
    "petrify": _petrify,
    "wythe": _wythe,
    "stigmergy": _stigmergy,
    "rugpile": _rugpile,
}


def motion(game_id: str, earlier: View, later: View) -> Motion:
    """What the move from position `earlier` to `later` (one ply apart) did on the board."""
    find = MOTIONS.get(game_id)
    return find(earlier, later) if find is not None else NOTHING


# --------------------------------------------------------------------------- when to animate


@dataclass(frozen=True)
class Shown:
    """What the board shows: the game's id, its session (the object: another game, a link or
    a saved game opened is another), the moves made, the ply shown, its view, the seats."""

    game: str
    session: object
    moves: tuple[str, ...]
    ply: int
    view: View
    seats: tuple[str, ...]


@dataclass(frozen=True)
class Change:
    """A move to show: what it did (already reversed for a step back), how long its animation
    lasts, whether it goes forward (a move or a step on), and whether it was just played."""

    motion: Motion
    ms: int
    forward: bool
    played: bool

    @property
    def capture(self) -> bool:
        """A piece was taken (a move forward that captured): the capture's sound."""
        return self.forward and bool(self.motion.taken)


def change(before: Shown | None, after: Shown) -> Change | None:
    """The move between what the board showed and what it shows now, or None when the two
    are not one ply apart on one line of the same game."""
    if before is None or before.session is not after.session or before.game != after.game:
        return None
    forward = after.ply == before.ply + 1
    if not forward and after.ply != before.ply - 1:
        return None
    low, high = min(before.ply, after.ply), max(before.ply, after.ply)
    if before.moves[:low] != after.moves[:low]:
        return None
    if forward:
        earlier, later, played = before, after, before.moves != after.moves
    else:
        if before.moves[:high] != after.moves[:high]:
            return None
        earlier, later, played = after, before, False
    done = motion(after.game, earlier.view, later.view)
    mover = earlier.view.to_move
    person = played and 0 <= mover < len(after.seats) and after.seats[mover] == HUMAN
    return Change(
        done if forward else done.reversed(), PERSON_MS if person else QUICK_MS, forward, played
    )
