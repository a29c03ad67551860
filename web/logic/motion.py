"""What a move did on the board, and whether and how fast the page animates it.

Pure Python (no browser imports), so it is tested in CPython (tests/test_motion.py); the
page's animation and sounds (web/browser/animation.py) act on what it says.

`motion(game_id, earlier, later)` asks the game's board what the move between the engine's
views of two positions one move apart did (web/boards/motion.py's `Motion`): which pieces slid
from cell to cell (a Gwyddbwyll piece, Petrify's capturing disk), which appeared (a placement,
a Wythe piece stacked, the block a Petrify capture leaves, a Rug Pile tile), which were taken,
and which turned colour (a Stigmergy flip).  A pass, a swap or a komi bid moves nothing.

`change(before, after)` decides from what the board showed before a render and shows now
whether there is a move to animate: one ply forward (a move just made, or a step through the
move list) or back (a step back, an undo of one ply), in the same game.  A person's move gets
PERSON_MS, the computer's moves and steps through the list QUICK_MS; anything else (another
game, a jump of several plies, the same position redrawn) nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.contract.core import View
from web import boards
from web.boards.motion import NOTHING, Motion
from web.logic.seats import HUMAN, SeatKind

__all__ = ["NOTHING", "PERSON_MS", "QUICK_MS", "Change", "Motion", "Shown", "change", "motion"]

PERSON_MS = 200  # a person's own move
QUICK_MS = 120  # the computer's move, a step through the moves made


def motion(game_id: str, earlier: View, later: View) -> Motion:
    """What the move from position `earlier` to `later` (one ply apart) did on the board, as
    the game's board says (Board.motion)."""
    return boards.get(game_id).motion(earlier, later)


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
    seats: tuple[SeatKind, ...]


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
