"""Keeps the player's games in this browser (browser only): the recent games and this tab's
side lines in the browser's storage (web/storage/store.py's GameStore, over localStorage and
sessionStorage), this tab's place in the browser's history, the Recent dialog, and the notes
about storage.

- `BrowserHistory` is the tab's history entry: its address and state ({entry, rev, seats}),
  which web/logic/tab.py keeps current, pushing a new entry when another game opens, so Back
  and Forward move between the games a player opened and a reload keeps who plays each seat.
- Storage that is full, blocked or absent never stops the page: while saving fails, and when
  a stored value was set aside, #storage-note says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from pyscript import window

from engine import games
from web.browser.dom import by_id, closest, found
from web.logic.link_words import recent_note
from web.storage import recent
from web.storage.store import GameStore


def now() -> int:
    return int(window.Date.now())


class BrowserHistory:
    """This tab's place in the browser's history (web/logic/tab.py's History): the address
    and the history entry's state ({entry, rev, seats}), so Back and Forward move between the
    games a player opened and a reload keeps who plays each seat."""

    def __init__(self, kinds: Iterable[str]):
        self.kinds = tuple(kinds)

    def address(self) -> str:
        return str(window.location.hash)

    def entry(self):
        """(entry id, rev, seats) from this history entry, or None when it has none of ours."""
        try:
            text = window.history.state
        except Exception:
            return None
        return recent.read_state(text, self.kinds) if isinstance(text, str) else None

    def write(self, state: str, address: str, push: bool) -> None:
        try:
            if push:
                window.history.pushState(state, "", address)
            else:
                window.history.replaceState(state, "", address)
        except Exception:  # too many calls (Safari), a sandbox ...: the game goes on
            pass


class Keeper(GameStore):
    """The game store of this browser, this tab's history entry, and the Recent dialog and
    storage notes.  The page binds the dialog's events: `on_pick` gives back the game to
    resume."""

    def __init__(self, kinds: Iterable[str], labels: Iterable[tuple[str, str]]):
        super().__init__(kinds, lambda: window.localStorage, lambda: window.sessionStorage, now)
        self.labels = dict(labels)
        self.listed: list[recent.Entry] = []  # the games the Recent dialog lists

    def noted(self) -> None:
        self.show()

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
        self.listed = self.saved()  # this tab's unsaved games in place of their stored copies
        moment, items = now(), []
        for entry in self.listed:
            here = entry.id == self.entry_id
            current = ' aria-current="true"' if here else ""
            question = entry.exchange.question if entry.exchange is not None else ""
            note = recent_note(entry.fragment, entry.seats, entry.finished, question)
            items.append(
                f'<li><button type="button" data-entry="{escape(entry.id, quote=True)}"{current}>'
                f'<span class="recent-game">{escape(games.name(entry.game))}'
                f"{' (on screen)' if here else ''}</span> "
                f'<span class="recent-detail">{escape(note + " · " if note else "")}'
                f"{escape(recent.summary(entry, self.labels))} · "
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
        entry = recent.find(self.listed, button.dataset.entry)
        return entry if entry is not None and entry.id != self.entry_id else None
