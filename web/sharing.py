"""The page's links and text records: the browser side of engine/record.py and
engine/record_text.py (saved games are web/keeper.py's).

- open_link: the game a location.hash describes (the saved game it shows, if any), or a
  message saying what is wrong and where, with offers (the legal part of the game, a
  fresh game, the saved game).
- copy_link: the Copy link button (clipboard, or a selected read-only field).
- the Record dialog: the game as text to copy or download; a record (or a link)
  pasted or read from a file opens a game.

Text that came from a link, a save, a file or the clipboard is only ever shown
escaped (or through textContent / value), never as markup.
"""

import asyncio
from datetime import date
from html import escape

from pyodide.ffi import to_js
from pyscript import document, window

from engine import games
from engine.record import encode, legal_part, unquote_link
from engine.record_text import MAX_TEXT, legal_part_of_text, load_text, to_text
from web import recent
from web.dom import by_id, found
from web.session import Session

COPIED_SECONDS = 3


def reason(err) -> str:
    """What went wrong, for a player: our own errors say it; anything else is a bug,
    named briefly (never a traceback)."""
    from engine import EngineError
    if isinstance(err, EngineError):
        return str(err)
    return f"it could not be read ({type(err).__name__})"


class Sharing:
    def __init__(self, page):
        self.page = page
        self.offer = None            # the legal part (a Record) of the last bad link/record/save
        self.fresh = None            # the game to start afresh: (game id, options)

    def bind(self):
        on = self.page.on
        for name, event, handler in (
                ("copy-link", "click", lambda e: asyncio.ensure_future(self.copy_link())),
                ("record-open", "click", lambda e: self.open_record()),
                ("record-close", "click", lambda e: by_id("record").close()),
                ("record-copy", "click", lambda e: asyncio.ensure_future(self.copy_record())),
                ("record-download", "click", lambda e: self.download_record()),
                ("record-import", "click", lambda e: self.import_text(by_id("record-text").value)),
                ("record-file", "change", lambda e: asyncio.ensure_future(self.import_file())),
                ("record-status", "click", self.on_offer)):
            element = by_id(name)
            if found(element):
                on(element, event, handler)

    # ---- links

    def open_link(self, raw, push=True, offer_saved=False) -> bool:
        """Open the game a location.hash describes: the saved game it shows exactly (with its
        seats), else a new game that replaces none.  On a bad link say why and where (and
        offer the newest saved game when `offer_saved`)."""
        raw = raw if isinstance(raw, str) else ""
        if not raw.lstrip("#"):
            return False
        try:
            session = Session.from_fragment(unquote_link(raw))
        except Exception as err:
            self.problem("This link does not open a game", err,
                         self.salvage(lambda t: legal_part(unquote_link(t, strict=False)), raw),
                         saved=self.page.keeper.newest() if offer_saved else None)
            return False
        entry = self.page.keeper.matching(session.fragment())
        if entry is not None:
            self.page.resume(entry, push)
        else:
            self.page.open(session, push=push)
        self.page.show_message("")
        return True

    @staticmethod
    def salvage(finder, text):
        if text is None:
            return None
        try:
            return finder(text)
        except Exception:
            return None

    def problem(self, what, err, legal, where="message", offer_fresh=True, saved=None):
        """Say what is wrong (escaped) and offer the legal part, a fresh game and the
        `saved` game (a recent.Entry)."""
        self.offer = legal if legal is not None and legal.moves else None
        if legal is not None:
            self.fresh = (legal.game, legal.options_dict)
        else:
            current = self.page.session
            self.fresh = (current.game.id if current else "rugpile", {})
        offers = []
        if self.offer is not None:
            n = len(self.offer.moves)
            offers.append(f'<button type="button" data-action="legal-part" data-ply="{n}">'
                          f'Open the game up to move {n}</button>')
        if offer_fresh:
            offers.append(f'<button type="button" data-action="fresh">Start a fresh game of '
                          f'{escape(games.name(self.fresh[0]))}</button>')
        if saved is not None:
            offers.append(f'<button type="button" data-action="resume" '
                          f'data-entry="{escape(saved.id, quote=True)}">Go back to your game '
                          f'({escape(recent.title(saved))})</button>')
        html = f"{escape(what)}: {escape(reason(err))}. {' '.join(offers)}".strip()
        self.say(f"{what}: {reason(err)}.")
        if where == "message":
            self.page.show_message(html, error=offer_fresh)
        else:
            box = by_id("record-status")
            box.innerHTML = html
            box.className = "form-error"

    def on_offer(self, event):
        """A click on an offer in the message (or the Record dialog's status)."""
        button = event.target.closest("[data-action]") if found(event.target) else None
        if not found(button):
            return
        action = button.getAttribute("data-action")
        if action == "resume":
            entry = self.page.keeper.find(button.getAttribute("data-entry"))
            if entry is not None and self.page.resume(entry):
                self.page.show_message("")
            return
        if action == "legal-part" and self.offer is not None:
            session = Session.from_fragment(encode(self.offer))
        elif action == "fresh" and self.fresh is not None:
            session = Session(self.fresh[0], self.fresh[1])
        else:
            return
        self.offer = None
        dialog = by_id("record")
        if found(dialog) and dialog.open:
            dialog.close()
        self.page.open(session)
        self.page.show_message("")

    def link_url(self) -> str:
        return window.location.href.split("#")[0] + "#" + self.page.session.fragment()

    async def copy_link(self):
        url = self.link_url()
        if await self.to_clipboard(url):
            self.page.show_message("Link copied.")
            self.say("Link copied.")
            await asyncio.sleep(COPIED_SECONDS)
            box = by_id("message")
            if box.textContent == "Link copied.":
                self.page.show_message("")
            return
        self.page.show_message(
            'Press Ctrl+C (⌘C on a Mac) to copy the link: '
            f'<input id="link-copy" class="link-copy" readonly aria-label="Link to this game" '
            f'value="{escape(url, quote=True)}">')
        field = by_id("link-copy")
        field.focus()
        field.select()

    def say(self, text):
        """Tell a screen reader (the page's live region, when it has one)."""
        announce = getattr(self.page, "announce", None)
        if announce is not None:
            try:
                announce(text)
            except Exception:
                pass

    @staticmethod
    async def to_clipboard(text) -> bool:
        try:
            clipboard = window.navigator.clipboard
            if not found(clipboard) or clipboard is None:
                return False
            await clipboard.writeText(text)
            return True
        except Exception:              # no permission, not focused, insecure page ...
            return False

    # ---- the Record dialog

    def record_text(self) -> str:
        session = self.page.session
        return to_text(session.current_record(), session.ply, session.states,
                       date.today().isoformat())

    def open_record(self):
        by_id("record-text").value = self.record_text()
        self.status("")
        dialog = by_id("record")
        if not dialog.open:
            dialog.showModal()

    def status(self, text, error=False):
        box = by_id("record-status")
        box.textContent = text
        box.className = "form-error" if error else "form-note"

    async def copy_record(self):
        area = by_id("record-text")
        if await self.to_clipboard(area.value):
            self.status("Record copied.")
        else:
            area.focus()
            area.select()
            self.status("Press Ctrl+C (⌘C on a Mac) to copy the selected record.")

    def download_record(self):
        text = by_id("record-text").value or self.record_text()
        blob = window.Blob.new(to_js([text]), to_js({"type": "text/plain;charset=utf-8"},
                                                    dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"{self.page.session.game.id}-{date.today().isoformat()}.txt"
        document.body.append(link)
        link.click()
        link.remove()
        asyncio.get_event_loop().call_later(30, lambda: window.URL.revokeObjectURL(url))
        self.status(f"Saved as {link.download} (in your downloads).")

    def import_text(self, text):
        try:
            record, ply, states = load_text(text if isinstance(text, str) else "")
        except Exception as err:
            self.problem("This record does not open a game", err,
                         self.salvage(legal_part_of_text, text), where="dialog")
            return
        session = Session.from_record(record, ply, states)
        by_id("record").close()
        self.page.open(session)
        n = len(record.moves)
        self.page.show_message(f"Opened a game of {escape(session.game.name)} with "
                               f"{n} move{'' if n == 1 else 's'}.")

    async def import_file(self):
        field = by_id("record-file")
        files = field.files
        if not found(files) or files.length == 0:
            return
        chosen = files.item(0)
        try:
            if chosen.size > MAX_TEXT:
                self.status(f"That file is too big for a record ({chosen.size:,} bytes).", True)
                return
            text = await chosen.text()
        except Exception as err:
            self.status(f"That file could not be read ({type(err).__name__}).", True)
            return
        finally:
            field.value = ""
        by_id("record-text").value = text
        self.import_text(text)

