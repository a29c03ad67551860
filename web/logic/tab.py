"""One browser tab's game, without the browser: the table on screen (web/logic/table.py), its
place among the games this browser keeps (web/storage/store.py) and in the tab's history, and
what the player does that changes which game is shown or what is kept of it: a link opened,
a saved game or an offer taken, a game by link sent or answered, a rematch.

Pure Python: web/browser/page.py is its DOM adapter (it gathers the browser's inputs, calls
the tab, and draws what the table then shows, calling `commit` after every change, as a
draw does); tests/test_link_model.py drives tabs of several devices over in-memory storage
as people use the page.
"""

from __future__ import annotations

from typing import Protocol

from web.logic.by_link import copied_address, rematch_link, sent_fragment, share_text
from web.logic.ending import rematch
from web.logic.link_opening import take_seat
from web.logic.navigation import Decision, HistoryEntry, Place, Shown, navigate
from web.logic.session import Session
from web.logic.sharing import Continues, Opening
from web.logic.table import Table
from web.storage import recent
from web.storage.store import GameStore


class History(Protocol):
    """The tab's place in the browser's history: its address (location.hash) and state."""

    def address(self) -> str:
        """location.hash ('' for none)."""
        ...

    def entry(self) -> HistoryEntry | None:
        """This history entry's (entry id, rev, seats), None when it holds none of ours."""
        ...

    def write(self, state: str, address: str, push: bool) -> None:
        """Set this history entry's state and address (a new entry when `push`)."""
        ...


class Tab:
    """The game a tab shows and keeps.  After any change the page draws the table and calls
    `commit`, which keeps the game and the tab's history entry in step with it."""

    def __init__(self, store: GameStore, history: History, table: Table | None = None):
        self.store = store
        self.history = history
        self.table = table or Table()
        self.shown_hash = ""  # the address the tab shows (what `commit` last wrote)
        self.tried_hash: str | None = None  # a link in the address bar that did not open

    @property
    def session(self) -> Session:
        return self.table.session

    # ---- where the tab is

    def place(self) -> Place:
        """Where the browser is, for navigation: the address, this tab's history entry and the
        side lines kept for it, and the saved games."""
        entry = self.history.entry()
        store = self.store
        return Place(
            address=self.history.address(),
            history=entry,
            side_lines=store.side_lines(entry[0]) if entry is not None else "",
            saved=store.saved(),
            kinds=store.kinds,
            link_lines=store.link_lines,
        )

    def shown(self) -> Shown:
        """What the tab shows now, for navigation."""
        return Shown(self.shown_hash, self.tried_hash, self.store.entry_id, self.table.game.id)

    def starting(self) -> Opening | None:
        """The game the tab opens at start-up: its own after a reload, else the link's, else
        the newest saved game, else a fresh one."""
        return navigate(self.place()).opening

    def navigated(self) -> Opening | None:
        """What Back, Forward or a link typed into the address bar opens (None: the game
        shown stays)."""
        decision: Decision = navigate(self.place(), self.shown())
        if decision.tried is not None:
            self.tried_hash = decision.tried
        return decision.opening

    # ---- opening a game

    def open(self, session: Session, seats: list[str] | None, continues: Continues) -> None:
        """Show a game: a new one, or the saved game it continues (GameStore.begin)."""
        self.store.begin(continues)
        self.table.open(session, seats)

    def follow(self, opening: Opening | None) -> bool:
        """Carry out the stored part of an opening: set aside a saved game that cannot be
        opened and open its game.  True when a game was opened (the page then draws it,
        `push`ing a history entry, and steps on `opening.steps` moves)."""
        if opening is None:
            return False
        if opening.set_aside is not None:
            self.store.drop(opening.set_aside)
        if opening.session is None:
            return False
        self.open(opening.session, opening.seats, opening.continues)
        return True

    # ---- keeping it

    def commit(self, push: bool = False) -> str:
        """After a change: save the game, keep the tab's history entry (a new one when
        `push`) and its side lines in step with it; the address it shows."""
        table, store = self.table, self.store
        address = "#" + table.session.fragment()
        self.shown_hash, self.tried_hash = address, None
        store.save(table.session, table.seats)
        state = recent.state_text(store.entry_id, store.rev, table.seats)
        self.history.write(state, address, push)
        store.keep_side_lines(table.session)
        store.keep_link_lines(table.session)
        return address

    # ---- a game by link

    def copied(self) -> str:
        """Copy link: the address to copy (in an undecided game by link, copying hands the
        first move to the friend, as Send does)."""
        table = self.table
        table.decide(None)
        return copied_address(table.session, table.seats)

    def sending(self) -> tuple[str, str]:
        """Send: (the link's fragment, the line that goes with it); Send before an undecided
        game's first move hands the first move to the friend."""
        table = self.table
        table.decide(None)
        return sent_fragment(table.session, table.seats), share_text(table.session, table.seats)

    def sent(self) -> None:
        """The link Send made was shared (or shown to copy)."""
        self.session.sent = True

    def take_seat(self, fragment: str) -> Opening:
        """An invitation's Play: the seat it hands over taken, the game looked at becoming
        the game by link."""
        return take_seat(fragment, self.store.here())

    def rematch(self, game_id: str) -> None:
        """The same game again, sides swapped; a game by link's rematch is one by link (its
        id `game_id`)."""
        session, seats = rematch(self.table.session, self.table.seats)
        rematch_link(self.table.session, session, seats, game_id)
        self.open(session, seats, None)
