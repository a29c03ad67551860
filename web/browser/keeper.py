"""Keeps the player's games: the recent games in localStorage (web/storage/recent.py), the game of
this tab in the browser's history, the Recent dialog, and notes about storage.

- Each tab shows one entry of the recent games (a new one for each game it starts) and
  `save`, after every change, updates only that entry.  A game with no moves is not stored.
- `remember` keeps the history entry's address and state ({entry, rev, seats}) current, and
  pushes a new history entry when another game opens, so Back and Forward move between the
  games a player opened and reload keeps who plays each seat.
- Storage that is full, blocked or absent never stops the page: a failed save shows
  #storage-note until a save succeeds.  A stored value that cannot be read is set aside
  under recent.ASIDE_KEY (or dropped when too large) with a note there.
"""

import contextlib
import json
import random
from html import escape

from pyscript import window

from engine import EngineError, games
from web.browser.dom import by_id, closest, found
from web.logic.session import side_lines_text
from web.storage import recent, saved

SIDE_LINES = "abstract-games/side-lines/"  # + entry id: a tab's side lines, for a reload


def new_id() -> str:
    return f"{random.getrandbits(64):016x}"


def now() -> int:
    return int(window.Date.now())


class Keeper:
    """The recent games in storage and this tab's place among them.  The page binds its
    dialog's events: `on_pick` gives back the game to resume."""

    def __init__(self, kinds, labels):
        self.kinds = tuple(kinds)
        self.labels = dict(labels)
        self.entry_id = new_id()  # the entry of the game this tab shows
        self.rev = None  # its rev as this tab last read or wrote it
        self.stored = None  # (fragment, seats) this tab knows are stored for it
        self.list = []  # the recent games as last read
        self.failed = ""  # why saving fails, while it does
        self.notes = []  # what was set aside

    # ---- reading and writing storage (any call may throw: blocked, full, absent)

    def entries(self) -> list:
        """The recent games as stored now; a value that cannot be read is set aside."""
        storage = window.localStorage
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
        if bad:
            self.set_aside(
                "\n".join(bad),
                f"{len(bad)} of your recent games could not be read, so they were set aside.",
            )
            storage.setItem(recent.KEY, recent.dump(entries))
        return entries

    def write(self, entries):
        window.localStorage.setItem(recent.KEY, recent.dump(entries))
        self.list = entries

    def set_aside(self, text, note=None):
        """Keep an unreadable value apart (one at a time) so it is never read again."""
        kept = False
        if len(text) <= recent.MAX_ASIDE:
            try:
                window.localStorage.setItem(recent.ASIDE_KEY, text)
                kept = True
            except Exception:
                pass
        if note:
            self.notes.append(
                note
                + (
                    f" It is kept apart in this browser's storage as “{recent.ASIDE_KEY}”."
                    if kept
                    else " It was too large to keep, so it was dropped."
                )
            )
            self.show()

    def start(self) -> bool:
        """Read the recent games, moving in a save of format 1; False when storage cannot be
        used at all."""
        try:
            self.migrate()
            self.list = self.entries()
            return True
        except Exception:
            return False

    def migrate(self):
        text = window.localStorage.getItem(saved.KEY)
        if not isinstance(text, str):
            return
        try:
            fragment, seats = saved.fields(text)
            entry = recent.entry_from_fragment(
                fragment, seats, self.kinds, new_id(), new_id(), now()
            )
        except EngineError as err:
            self.set_aside(
                text, f"Your saved game could not be read ({err}), so it was set aside."
            )
        else:
            self.write(recent.put(self.entries(), entry, None, new_id())[0])
        window.localStorage.removeItem(saved.KEY)

    def refresh(self):
        with contextlib.suppress(Exception):  # storage unusable now: the list as last read
            self.list = self.entries()

    # ---- this tab's game

    def begin(self, entry=None):
        """This tab now shows `entry` (a recent.Entry, or (id, rev, fragment, seats) from
        history), or a new game when None."""
        if entry is None:
            self.entry_id, self.rev, self.stored = new_id(), None, None
        elif isinstance(entry, recent.Entry):
            self.entry_id, self.rev, self.stored = (
                entry.id,
                entry.rev,
                (entry.fragment, entry.seats),
            )
        else:
            self.entry_id, self.rev, fragment, seats = entry
            self.stored = (fragment, tuple(seats))

    def save(self, session, seats):
        """Store this tab's game (after every change); say so while saving fails."""
        fragment, seats = session.fragment(), tuple(seats)
        if (fragment, seats) == self.stored or not session.moves:
            return
        entry = recent.entry_for(session, seats, self.entry_id, new_id(), now())
        try:
            entries, entry, changed = recent.put(self.entries(), entry, self.rev, new_id())
            if changed:
                self.write(entries)
        except Exception as err:
            full = "quota" in str(err).lower()
            self.failed = (
                "This game is not saved in this browser: its storage is "
                + ("full" if full else "not available to the page")
                + ". The link in the address bar still holds the game (Copy link keeps it)."
            )
            self.show()
            return
        self.entry_id, self.rev, self.stored = entry.id, entry.rev, (fragment, seats)
        if self.failed:
            self.failed = ""
            self.show()

    def keep_side_lines(self, session):
        """Keep this tab's side lines (a link holds only the line shown) for a reload, in
        the tab's sessionStorage; nothing is lost but them when storage fails."""
        text = side_lines_text(session)
        try:
            if text:
                window.sessionStorage.setItem(SIDE_LINES + self.entry_id, text)
            else:
                window.sessionStorage.removeItem(SIDE_LINES + self.entry_id)
        except Exception:
            pass

    def side_lines(self, entry_id) -> str:
        """The side lines kept for an entry of this tab ('' for none)."""
        try:
            text = window.sessionStorage.getItem(SIDE_LINES + entry_id)
        except Exception:
            return ""
        return text if isinstance(text, str) else ""

    def remember(self, address, seats, push=False):
        """The history entry: this game's address and state (a new entry when `push`)."""
        state = recent.state_text(self.entry_id, self.rev, seats)
        try:
            if push:
                window.history.pushState(state, "", address)
            else:
                window.history.replaceState(state, "", address)
        except Exception:  # too many calls (Safari), a sandbox ...: the game goes on
            pass

    def history_state(self):
        """(entry id, rev, seats) from this history entry, or None when it has none of ours."""
        try:
            text = window.history.state
        except Exception:
            return None
        return recent.read_state(text, self.kinds) if isinstance(text, str) else None

    def find(self, id):
        self.refresh()
        return recent.find(self.list, id)

    def saved(self) -> list:
        """The recent games as stored now, newest first (read again: another tab may have
        saved since)."""
        self.refresh()
        return self.list

    def drop(self, entry):
        """Set aside a stored game that cannot be opened (the caller says why)."""
        self.set_aside(json.dumps(entry.as_json()))
        with contextlib.suppress(Exception):  # storage unusable: it stays where it is
            self.write([e for e in self.entries() if e.id != entry.id])

    # ---- what the player sees

    def show(self):
        box = by_id("storage-note")
        if not found(box):
            return
        lines = [f'<p class="storage-failed">{escape(self.failed)}</p>'] if self.failed else []
        lines += [f"<p>{escape(note)}</p>" for note in self.notes]
        if self.notes:
            lines.append('<button type="button" data-action="dismiss">OK</button>')
        box.innerHTML = "".join(lines)
        box.hidden = not lines

    def on_dismiss(self, event):
        if closest(event, "[data-action='dismiss']") is not None:
            self.notes = []
            self.show()

    def open_dialog(self):
        self.refresh()
        moment, items = now(), []
        for entry in self.list:
            here = entry.id == self.entry_id
            current = ' aria-current="true"' if here else ""
            items.append(
                f'<li><button type="button" data-entry="{escape(entry.id, quote=True)}"{current}>'
                f'<span class="recent-game">{escape(games.name(entry.game))}'
                f"{' (on screen)' if here else ''}</span> "
                f'<span class="recent-detail">{escape(recent.summary(entry, self.labels))} · '
                f"{recent.ago(entry.updated, moment)}</span></button></li>"
            )
        by_id("recent-list").innerHTML = "".join(items) or (
            '<li class="recent-empty">No games yet: a game is kept here once it has a move.</li>'
        )
        dialog = by_id("recent")
        if not dialog.open:
            dialog.showModal()

    def on_pick(self, event) -> recent.Entry | None:
        """A click in the Recent dialog: the game picked, to resume (None: none, or the game
        on screen)."""
        button = closest(event, "[data-entry]")
        if button is None:
            return None
        by_id("recent").close()
        entry = recent.find(self.list, button.dataset.entry)
        return entry if entry is not None and entry.id != self.entry_id else None
