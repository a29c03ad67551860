"""The player's games in the browser's storage, as pure Python over storage objects (anything
with getItem, setItem and removeItem, as localStorage and sessionStorage have), so every way
storage can fail is tested in CPython (tests/test_store.py).  web/browser/keeper.py gives it
the browser's storage and puts what it says on the page.

- The recent games (web/storage/recent.py) are kept in the page's storage (localStorage).
  Each tab shows one entry of them (a new one for each game it starts) and `save`, after
  every change, updates only that entry.  A game with no moves is not stored.
- A tab's side lines (a link holds only the line shown) are kept in the tab's own storage
  (sessionStorage), for a reload.  A game by link is one entry, whatever tab saves it
  (recent.link_entry_id); a tab that saves it after another tab did keeps the other tab's
  lines in its tree (recent.put), and `changed_elsewhere` tells a tab that shows it that
  another tab changed it.
- Storage that is full, blocked or absent never stops the page: while saving fails,
  `failed` says why, until a save succeeds.  A game that could not be saved is kept for the
  tab (in memory and in the tab's storage, UNSAVED): the recent games this tab reads show it
  in place of its stored copy (so the picker reopens it, not an older copy), and after a
  reload its save is tried again (so the warning stays until one succeeds).
- Only what cannot be read is set aside (one bad entry costs only itself), each value in a key
  of its own (web/storage/aside.py; dropped when there is no room), and `notes` says so each
  time.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from engine import EngineError
from web.logic.session import Session, side_lines_text
from web.storage import aside, recent, saved

SIDE_LINES = "abstract-games/side-lines/"  # + entry id: a tab's side lines, for a reload
# + a game by link's id: its side lines, as pages before one entry a game by link kept them
# apart; the entry's tree holds them now, and these keys are removed.
LINK_LINES = "abstract-games/link-lines/"
UNSAVED = "abstract-games/unsaved"  # a tab's games that could not be saved (recent's format)

# A storage object (localStorage, sessionStorage), fetched when it is used: in a browser that
# blocks storage, even asking for it may throw.
StorageOf = Callable[[], Any]


def new_id() -> str:
    """An id no other game, tab or device draws: from the system's randomness, which no
    copy of the interpreter's memory (the start-up snapshot) can repeat."""
    return os.urandom(8).hex()


def old_link_lines(keys: Iterable[Any]) -> list[str]:
    """The keys, among a storage's `keys`, of side lines an older page kept apart for a game
    by link."""
    return [key for key in keys if isinstance(key, str) and key.startswith(LINK_LINES)]


class GameStore:
    """The recent games in the page's storage and this tab's place among them.  Any use of
    storage may throw (blocked, full, absent); what the player should be told is in `failed`
    and `notes`, and `noted` is called whenever either changes."""

    def __init__(
        self, kinds: Iterable[str], local: StorageOf, tab: StorageOf, clock: Callable[[], int]
    ):
        self.kinds = tuple(kinds)
        self.local, self.tab, self.clock = local, tab, clock
        self.entry_id = new_id()  # the entry of the game this tab shows
        self.rev: str | None = None  # its rev as this tab last read or wrote it
        self.stored: tuple | None = None  # what is stored of it (recent.Entry.kept)
        self.list: list[recent.Entry] = []  # the recent games as last read
        self.failed = ""  # why saving fails, while it does
        self.notes: list[str] = []  # what was set aside
        self.unsaved: list[recent.Entry] = []  # this tab's games whose save failed
        self.merged: recent.Entry | None = None  # saved with another tab's lines merged in

    def noted(self) -> None:
        """`failed` or `notes` changed (the browser's keeper shows them)."""

    # ---- reading and writing the recent games

    def entries(self) -> list[recent.Entry]:
        """The recent games as stored now; a value that cannot be read is set aside."""
        storage = self.local()
        text = storage.getItem(recent.KEY)
        if not isinstance(text, str):
            return []
        try:
            entries, bad = recent.parse(text, self.kinds)
        except EngineError as err:
            self.set_aside(
                text, f"Your recent games could not be read ({err}), so they were set aside."
            )
            storage.removeItem(recent.KEY)
            return []
        entries, merged = recent.one_entry_a_game(entries, self.kinds)
        if merged:
            storage.setItem(recent.KEY, recent.dump(entries))
        if bad:
            many = len(bad) > 1
            self.set_aside(
                "\n".join(bad),
                f"{len(bad)} of your recent games could not be read, so "
                + ("they were" if many else "it was")
                + " set aside.",
                many,
            )
            storage.setItem(recent.KEY, recent.dump(entries))
        return entries

    def write(self, entries: list[recent.Entry]) -> None:
        self.local().setItem(recent.KEY, recent.dump(entries))
        self.list = entries
        self.forget_old_link_lines()

    def forget_old_link_lines(self) -> None:
        """Remove the side lines an older page kept apart for games by link (their entries'
        trees hold them)."""
        with contextlib.suppress(Exception):  # storage unusable: they stay, harmless
            storage = self.local()
            keys = [storage.key(index) for index in range(int(storage.length))]
            for key in old_link_lines(keys):
                storage.removeItem(key)

    def set_aside(self, text: str, note: str | None = None, many: bool = False) -> None:
        """Keep an unreadable value apart so it is never read again, and say so in `notes`
        (with where it is kept, or why it was dropped)."""
        try:
            storage = self.local()
        except Exception:
            key, why = None, "no room"
        else:
            key, why = aside.keep(storage, text)
        if note:
            self.notes.append(note + aside.note(key, why, many))
            self.noted()

    def start(self) -> bool:
        """Read the recent games, moving in a save of format 1; False when storage cannot be
        used at all."""
        self.unsaved = self.read_unsaved()
        try:
            self.migrate()
            self.list = self.entries()
            return True
        except Exception:
            return False

    def migrate(self) -> None:
        """Move the older single save (web/storage/saved.py) into the recent games."""
        text = self.local().getItem(saved.KEY)
        if not isinstance(text, str):
            return
        try:
            fragment, seats = saved.fields(text)
            entry = recent.entry_from_fragment(
                fragment, seats, self.kinds, new_id(), new_id(), self.clock()
            )
        except EngineError as err:
            self.set_aside(
                text, f"Your saved game could not be read ({err}), so it was set aside."
            )
        else:
            self.write(recent.put(self.entries(), entry, None, new_id())[0])
        self.local().removeItem(saved.KEY)

    def refresh(self) -> None:
        with contextlib.suppress(Exception):  # storage unusable now: the list as last read
            self.list = self.entries()

    def saved(self) -> list[recent.Entry]:
        """The recent games as stored now, newest first (read again: another tab may have
        saved since), this tab's unsaved games in place of their stored copies."""
        self.refresh()
        ids = {e.id for e in self.unsaved}
        return recent.newest_first(self.unsaved + [e for e in self.list if e.id not in ids])

    # ---- this tab's games that could not be saved

    def read_unsaved(self) -> list[recent.Entry]:
        try:
            text = self.tab().getItem(UNSAVED)
            return recent.parse(text, self.kinds)[0] if isinstance(text, str) else []
        except Exception:  # unreadable or blocked: none kept
            return []

    def keep_unsaved(self, entry: recent.Entry | None, id: str) -> None:
        """This tab's game `id` could not be saved (`entry`, its latest), or now is (None)."""
        kept = [e for e in self.unsaved if e.id != id]
        self.unsaved = kept if entry is None else [entry, *kept]
        with contextlib.suppress(Exception):  # the tab's storage too: kept in memory only
            if self.unsaved:
                self.tab().setItem(UNSAVED, recent.dump(self.unsaved))
            else:
                self.tab().removeItem(UNSAVED)

    def find(self, id: str | None) -> recent.Entry | None:
        self.refresh()
        return recent.find(self.list, id)

    def changed_elsewhere(self, game_id: str) -> recent.Entry | None:
        """The stored entry of the game by link `game_id` when another tab saved it since this
        tab last read or wrote it (None: not changed, or not stored)."""
        entry = self.find(recent.link_entry_id(game_id))
        if entry is None or (entry.id == self.entry_id and entry.rev == self.rev):
            return None
        return entry

    def drop(self, entry: recent.Entry) -> None:
        """Set aside a stored game that cannot be opened (the caller says why)."""
        self.set_aside(json.dumps(entry.as_json()))
        with contextlib.suppress(Exception):  # storage unusable: it stays where it is
            self.write([e for e in self.entries() if e.id != entry.id])

    # ---- this tab's game

    def begin(self, entry: recent.Entry | tuple | None = None) -> None:
        """This tab now shows `entry` (a recent.Entry, or (id, rev, fragment, seats) from
        history), or a new game when None."""
        if entry is None:
            self.entry_id, self.rev, self.stored = new_id(), None, None
        elif isinstance(entry, recent.Entry):
            self.entry_id, self.rev, self.stored = entry.id, entry.rev, entry.kept()
        else:
            self.entry_id, self.rev, fragment, seats = entry
            # a game whose save failed (before a reload) is saved again, or said unsaved again
            unsaved = recent.find(self.unsaved, self.entry_id) is not None
            # its side lines are not in history (None: unknown, taken as stored)
            self.stored = None if unsaved else (fragment, tuple(seats), None, None)

    def here(self) -> tuple[str, str | None, str, tuple[str, ...]] | None:
        """This tab's saved game, as `begin` takes it from history: (id, rev, fragment, seats)
        (None: not saved yet)."""
        if self.stored is None:
            return None
        fragment, seats = self.stored[:2]  # the side lines stay with the entry, not history
        return (self.entry_id, self.rev, fragment, seats)

    def save(self, session: Session, seats: Iterable[str]) -> None:
        """Store this tab's game (after every change) once it has a move, or from its start
        when it is a game by link (its friend may move first); say so while saving fails."""
        if not session.moves and session.link is None:
            return
        entry = recent.entry_for(session, seats, self.entry_id, new_id(), self.clock())
        kept = entry.kept()
        if (
            self.stored is not None
            and self.stored[:2] == kept[:2]
            and self.stored[2] in (None, kept[2])
            and self.stored[3:] == kept[3:]
        ):
            self.stored = kept  # as stored (from history, its tree unknown: taken as stored)
            return
        try:
            entries, entry, changed = recent.put(
                self.entries(), entry, self.rev, new_id(), self.kinds
            )
            if changed:
                self.write(entries)
        except Exception as err:
            self.keep_unsaved(replace(entry, rev=self.rev or ""), self.entry_id)
            full = "quota" in str(err).lower()
            self.failed = (
                "This game is not saved in this browser: its storage is "
                + ("full" if full else "not available to the page")
                + ". The link in the address bar still holds the game (Copy link keeps it)."
            )
            self.noted()
            return
        if self.unsaved:
            self.keep_unsaved(None, self.entry_id)
        if entry.kept() != kept:  # another tab's lines merged in (recent.put)
            self.merged = entry
        self.entry_id, self.rev, self.stored = entry.id, entry.rev, entry.kept()
        if self.failed:
            self.failed = ""
            self.noted()

    def keep_side_lines(self, session: Session) -> None:
        """Keep this tab's side lines (a link holds only the line shown) for a reload, in
        the tab's storage; nothing is lost but them when storage fails."""
        text = side_lines_text(session)
        with contextlib.suppress(Exception):  # only the side lines are not kept
            if text:
                self.tab().setItem(SIDE_LINES + self.entry_id, text)
            else:
                self.tab().removeItem(SIDE_LINES + self.entry_id)

    def side_lines(self, entry_id: str) -> str:
        """The side lines kept for an entry of this tab ('' for none)."""
        try:
            text = self.tab().getItem(SIDE_LINES + entry_id)
        except Exception:
            return ""
        return text if isinstance(text, str) else ""
