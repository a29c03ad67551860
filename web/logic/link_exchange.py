"""What a device knows of a game by link's exchange (pure): the lines its links carried, and
what a friend's link asks the player.  web/logic/by_link.py says what they mean; the session
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
    it goes on), the draw offer it made ('' none), and the seat it handed over (None: none,
    or not kept)."""

    moves: tuple[str, ...]
    ending: str = ""
    offer: str = ""
    to: int | None = None


@dataclass(frozen=True)
class Exchange:
    """What a device knows of a game by link's exchange: `sent`, the line of the last link
    it sent (None: none yet, not even the invitation); `theirs`, the line of the friend's
    last link (None: none yet); `question`, what that link asks the player ('', TAKEBACK or
    CONFLICT)."""

    sent: LinkLine | None = None
    theirs: LinkLine | None = None
    question: str = ""

    def lines(self) -> list[LinkLine]:
        """The lines the friend has: theirs, and the one this device sent unless the friend's
        later line left it (a takeback declined, an old link answered again)."""
        sent, theirs = self.sent, self.theirs
        if sent is None or theirs is None:
            return [line for line in (sent, theirs) if line is not None]
        if shared_start(sent.moves, theirs.moves) < min(len(sent.moves), len(theirs.moves)):
            return [theirs]
        return [sent, theirs]


NO_EXCHANGE = Exchange()


def shared_start(mine: Sequence[str], theirs: Sequence[str]) -> int:
    """How many moves two lines share from the start."""
    common = 0
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            break
        common += 1
    return common
