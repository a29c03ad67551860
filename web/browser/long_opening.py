"""A long game's link opened a slice at a time (browser only).

Replaying a link of thousands of moves takes seconds; done in one task it freezes the page.
`LongOpening` replays such a link with web/logic/replay_ahead.py's slices, giving the browser
a turn between them and saying how far it has got ("Opening the game: move 1,200 of 2,500"),
with the board, the move list and the game's actions inert meanwhile; then it hands over to
the page, which opens the game from the positions the slices kept.  A newer link, Back or
Forward coming meanwhile stops it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from pyscript import document

from web.browser.dom import by_id, run_soon
from web.logic import replay_ahead

INERT = ("board", "moves", "actions")  # what the player cannot touch while it opens


class LongOpening:
    """The long link being replayed, if any; `then` opens the game once it is replayed (the
    address's game, unless `begin` was given another way to open it)."""

    def __init__(self, then: Callable[[], None], say: Callable[[str], None]) -> None:
        self.then = then
        self.say = say  # the status line
        self.address: str | None = None
        self.opens = then  # what opens the game being replayed, once it is

    @property
    def busy(self) -> bool:
        return self.address is not None

    def begin(self, address: str, opens: Callable[[], None] | None = None) -> bool:
        """Start replaying `address` in slices when it is a long game's link (True), then
        open it with `opens` (a saved game's link: the page resumes that game), else `then`;
        a link being opened gives way to it.  False for any other address: open it at once."""
        plies = replay_ahead.moves_in(address)
        self.address = address if plies >= replay_ahead.LONG else None
        if self.address is None:
            return False
        self.opens = opens or self.then
        run_soon(self.replay(address, plies))
        return True

    def stop(self) -> None:
        """Give up the link being opened (its slices stop at their next turn)."""
        self.address = None

    async def replay(self, address: str, plies: int) -> None:
        parts = [by_id(name) for name in INERT]
        for part in parts:
            part.setAttribute("inert", "")
        document.body.dataset.opening = "1"
        self.say(f"Opening the game: move 0 of {plies:,}")
        try:
            for done, total in replay_ahead.slices(address):
                self.say(f"Opening the game: move {done:,} of {total:,}")
                await asyncio.sleep(0)  # the browser's turn: paint, input, other tasks
                if self.address != address:
                    return  # another link or Back came meanwhile
        finally:
            if self.address in (address, None):
                for part in parts:
                    part.removeAttribute("inert")
                document.body.removeAttribute("data-opening")
        self.address = None
        self.opens()
