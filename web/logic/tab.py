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

from dataclasses import replace
from typing import Any, Protocol

from engine.formats.by_link import new_id
from web.logic.ending import rematch
from web.logic.link_arrival import answer as by_link_answer
from web.logic.link_arrival import moved as by_link_moved
from web.logic.link_seats import rematch_link
from web.logic.link_sending import mark_sent, sent_fragment
from web.logic.link_words import answered, looking, seat_name, sent_notice, share_text
from web.logic.navigation import Decision, HistoryEntry, Place, Shown, navigate
from web.logic.seats import SeatKind, own_seats, undecided
from web.logic.session import Session
from web.logic.sharing import Continues, Opening
from web.logic.table import Said, Table
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

    @property
    def invitation(self) -> bool:
        """The game shown is a friend's invitation, its seat not taken yet."""
        return self.table.invitation

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
        )

    def shown(self) -> Shown:
        """What the tab shows now, for navigation."""
        return Shown(self.shown_hash, self.tried_hash, self.store.entry_id, self.table.game.id)

    def starting(self) -> Opening | None:
        """The game the tab opens at start-up: its own after a reload, else the link's, else
        the newest saved game, else a fresh one."""
        return navigate(self.place()).opening

    def navigated(self) -> tuple[Opening | None, bool]:
        """What Back, Forward or a link typed into the address bar opens (None: the game
        shown stays), and whether the game shown changed first (another tab changed it: the
        page draws it even when nothing else opens)."""
        changed = self.sync()
        if changed:
            self.shown_hash = self.address()
        decision: Decision = navigate(self.place(), self.shown())
        if decision.tried is not None:
            self.tried_hash = decision.tried
        return decision.opening, changed

    # ---- opening a game

    def open(
        self,
        session: Session,
        seats: list[SeatKind] | None,
        continues: Continues,
        invitation: bool = False,
        fresh: bool = False,
    ) -> None:
        """Show a game: a new one, or the saved game it continues (GameStore.begin); a
        friend's `invitation` is kept only once its seat is taken; a `fresh` game (New
        game, Rematch) starts with the board as Table.open says."""
        self.store.begin(continues)
        self.table.open(session, seats, invitation, fresh)

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
        self.open(opening.session, opening.seats, opening.continues, opening.invitation)
        return True

    # ---- keeping it

    def address(self) -> str:
        """The address the tab shows (web/logic/table.py's `address`)."""
        return self.table.address()

    def commit(self, push: bool = False) -> str:
        """After a change: save the game, keep the tab's history entry (a new one when
        `push`) and its side lines in step with it; the address it shows.  Nothing of an
        invitation is kept until its seat is taken."""
        table, store = self.table, self.store
        if self.invitation:
            self.shown_hash, self.tried_hash = self.history.address(), None
            return self.shown_hash
        store.save(table.session, table.seats)
        if store.merged is not None:  # saved with another tab's lines: show them too
            self.reopen(store.merged)
            store.merged = None
        address = self.address()
        self.shown_hash, self.tried_hash = address, None
        state = recent.state_text(store.entry_id, store.rev, table.seats)
        self.history.write(state, address, push)
        store.keep_side_lines(table.session)
        return address

    def sync(self) -> bool:
        """Before anything the player does, and when another tab changed the storage: the
        game by link shown, as it is stored now, when another tab changed it (True: the
        game on screen changed, and the player's action is not carried out)."""
        session = self.session
        if session.link is None:
            return False
        entry = self.store.changed_elsewhere(session.link.id)
        return entry is not None and self.reopen(entry)

    def reopen(self, entry: recent.Entry) -> bool:
        """Show the stored game by link `entry` in place of the tab's copy of it (an
        invitation another tab took, a game another tab changed); False when it cannot be
        opened (the tab's copy stays)."""
        try:
            stored, seats = recent.opened(entry, self.store.kinds)
        except Exception:
            return False
        self.open(stored, seats, entry)
        return True

    # ---- playing

    def play(self, move: Any, text: bool = False) -> Said:
        """A person's move on the board (an engine move, or notation when `text`).  In a game
        by link it answers any question the friend's link asked (the line it is made on is
        the game), and on an invitation it takes the seat offered."""
        table = self.table
        said = table.play_text(move) if text else table.play(move)
        if not said.played or table.session.link is None:
            return said
        by_link_moved(table.session)
        if self.invitation:
            table.invitation = False
            note = f"You play {self.own_seat_name()}: send your move to your friend."
            return replace(said, message=note, announce=f"{said.announce} {note}".strip())
        return said

    def own_seat_name(self) -> str:
        return seat_name(self.session, min(own_seats(self.table.seats), default=0))

    # ---- a game by link

    def take_seat(self) -> str:
        """An invitation's Play: the seat it offers taken; what the page says."""
        self.table.invitation = False
        name = self.own_seat_name()
        if self.table.human_turn():
            return f"You play {name}: your move."
        return f"You play {name}. Make your move when it is your turn, then send it back."

    def just_look(self) -> str:
        """An invitation's Just look: an analysis copy of the game, which is not sent."""
        session = self.session
        session.link = None
        self.open(session, None, None)
        return looking()

    def answer(self, theirs: bool) -> str:
        """The player's answer to the question a friend's link asked; what the page says."""
        table = self.table
        seats = by_link_answer(table.session, table.seats, theirs)
        if seats != table.seats:
            table.open(table.session, seats)
        table.goto(len(table.session.moves))
        return answered(table.session, theirs)

    def copied(self) -> str:
        """Copy link: the address to copy; in a game by link it is sent (and in an undecided
        one it hands the first move to the friend, as Send does)."""
        table = self.table
        if table.invitation and not undecided(table.seats):
            return self.history.address()  # a friend's invitation, as it came
        table.invitation = False
        table.decide(None)
        address = self.address()
        mark_sent(self.session, table.seats)
        return address

    def sending(self) -> tuple[str, str]:
        """Send: (the link's fragment, the line that goes with it); Send before an undecided
        game's first move hands the first move to the friend."""
        table = self.table
        table.invitation = False
        table.decide(None)
        return sent_fragment(table.session, table.seats), share_text(table.session, table.seats)

    def sent(self, shared_by: str) -> str:
        """The link Send made was shared ('share') or copied ('copy'); what the page says."""
        mark_sent(self.session, self.table.seats)
        return sent_notice(self.session, self.table.seats, shared_by)

    def rematch(self, game_id: str) -> None:
        """The same game again, sides swapped; a game by link's rematch is one by link (its
        id `game_id`)."""
        session, seats = rematch(self.table.session, self.table.seats)
        rematch_link(self.table.session, session, seats, game_id, new_id())
        self.open(session, seats, None, fresh=True)
