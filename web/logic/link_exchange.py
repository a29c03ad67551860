"""What a device knows of a game by link's exchange (pure): the lines its links carried, and
what a friend's link asks the player.  web/logic/link_lines.py says what they mean; the session
of a game by link carries its `Exchange`, and its saved game keeps it (web/storage/recent.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

TAKEBACK = "takeback"  # a question: the friend asks to take back their moves
CONFLICT = "conflict"  # a question: the friend's link changes this device's own move


@dataclass(frozen=True)
class LinkLine:
    """A game as a link carried it: its line of moves, the word of how it ended ('' while
    it goes on), the draw offer it made ('' none), the seat it handed over (None: none, or
    not kept), and its place in the exchange (`n`; 0 when the link gave none)."""

    moves: tuple[str, ...]
    ending: str = ""
    offer: str = ""
    to: int | None = None
    n: int = 0


@dataclass(frozen=True)
class Exchange:
    """What a device knows of a game by link's exchange: `sent`, the line of the last link
    it sent (None: none yet, not even the invitation); `theirs`, the line of the friend's
    last link (None: none yet); `question`, what that link asks the player ('', TAKEBACK or
    CONFLICT); `replaced`, while a takeback this device sent is not answered, the line it
    asks to replace; `clock`, the largest place (`n`) of a link it sent or opened, so that
    an older link is known for one."""

    sent: LinkLine | None = None
    theirs: LinkLine | None = None
    question: str = ""
    replaced: LinkLine | None = None  # the line this device's pending takeback replaces
    clock: int = 0  # the largest `n` of a link this device sent or opened
    me: str = ""  # this device's id in the game (its links' `by`; '' for none, as before)

    def lines(self) -> list[LinkLine]:
        """The lines the friend has: theirs and the one this device sent, but of two that part
        ways the older one (a takeback declined, or sent), and the line a takeback asked for
        replaces."""
        sent, theirs = self.sent, self.theirs
        asked = [self.replaced] if self.replaced is not None else []
        if sent is None or theirs is None:
            return [line for line in (sent, theirs) if line is not None] + asked
        parted = shared_start(sent.moves, theirs.moves) < min(len(sent.moves), len(theirs.moves))
        if parted and sent.n != theirs.n:
            return [max(sent, theirs, key=lambda line: line.n), *asked]
        return [sent, theirs, *asked]


NO_EXCHANGE = Exchange()


def shared_start(mine: Sequence[str], theirs: Sequence[str]) -> int:
    """How many moves two lines share from the start."""
    common = 0
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            break
        common += 1
    return common
