"""Links and records on the page (browser only): the Copy link button, the offers' buttons in
a problem's message, and the Record dialog (the game as text to copy or download; a record, or
a link, pasted or read from a file opens a game).  What they open, and what a problem says, is
web/logic/sharing.py's; nothing here calls back into the page: what it should do next comes
back as an `Opening`.

Text that came from a link, a save, a file or the clipboard is only ever shown escaped (or
through textContent / value), never as markup.
"""

from __future__ import annotations

import asyncio
from datetime import date
from html import escape
from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

from engine.formats.record_text import MAX_TEXT
from web.browser.dom import by_id, closest, found
from web.browser.keeper import Keeper
from web.logic.session import Session
from web.logic.sharing import Offers, Opening, Problem, read_record, record_text, take_offer
from web.storage import recent

COPIED_SECONDS = 3


class SharingControls:
    """Copy link, the offers of the last problem, and the Record dialog; `keeper` finds the
    saved game an offer names."""

    def __init__(self, keeper: Keeper):
        self.keeper = keeper
        self.offers = Offers()  # what the buttons of the last problem open

    # ---- links and offers

    def offered(self, event: Any) -> tuple[str, recent.Entry | None] | None:
        """The offer clicked in the message (or the Record dialog's status), as (its action,
        the saved game a "resume" offer names); None for a click beside the offers."""
        button = closest(event, "[data-action]")
        if button is None:
            return None
        action = button.getAttribute("data-action")
        entry = self.keeper.find(button.getAttribute("data-entry")) if action == "resume" else None
        return action, entry

    def take(self, action: str, entry: recent.Entry | None, current: str) -> Opening | None:
        """What the offer `action` (from `offered`) opens, or None.  `current`: the game on
        screen."""
        opening = take_offer(action, entry, self.offers, self.keeper.kinds, current)
        if opening is not None and action != "resume":
            dialog = by_id("record")
            if found(dialog) and dialog.open:
                dialog.close()
        return opening

    async def copy_link(self, url: str) -> Opening:
        """The Copy link button: the link to the clipboard, else in a selected field."""
        if await to_clipboard(url):
            return Opening(message="Link copied.", announce="Link copied.", lasts=COPIED_SECONDS)
        return Opening(
            message="Press Ctrl+C (⌘C on a Mac) to copy the link: "
            f'<input id="link-copy" class="link-copy" readonly aria-label="Link to this '
            f'game" value="{escape(url, quote=True)}">',
            focus="link-copy",
        )

    # ---- the Record dialog

    def open_record(self, session: Session) -> None:
        by_id("record-text").value = record_text(session)
        self.status("")
        dialog = by_id("record")
        if not dialog.open:
            dialog.showModal()

    def status(self, text: str, error: bool = False) -> None:
        box = by_id("record-status")
        box.textContent = text
        box.className = "form-error" if error else "form-note"

    async def copy_record(self) -> None:
        area = by_id("record-text")
        if await to_clipboard(area.value):
            self.status("Record copied.")
        else:
            area.focus()
            area.select()
            self.status("Press Ctrl+C (⌘C on a Mac) to copy the selected record.")

    def download_record(self, session: Session) -> None:
        text = by_id("record-text").value or record_text(session)
        blob = window.Blob.new(
            to_js([text]),
            to_js({"type": "text/plain;charset=utf-8"}, dict_converter=window.Object.fromEntries),
        )
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = f"{session.game.id}-{date.today().isoformat()}.txt"
        document.body.append(link)
        link.click()
        link.remove()
        asyncio.get_event_loop().call_later(30, lambda: window.URL.revokeObjectURL(url))
        self.status(f"Saved as {link.download} (in your downloads).")

    def import_text(self, text: Any) -> Opening:
        """A record (or a link) pasted or read from a file: the game it opens, or the
        dialog says why not."""
        read = read_record(text)
        if isinstance(read, Problem):
            self.offers = read.offers
            box = by_id("record-status")
            box.innerHTML = read.html
            box.className = "form-error"
            return Opening(announce=read.said)
        by_id("record").close()
        return read

    async def import_file(self) -> Opening | None:
        field = by_id("record-file")
        files = field.files
        if not found(files) or files.length == 0:
            return None
        chosen = files.item(0)
        try:
            if chosen.size > MAX_TEXT:
                self.status(f"That file is too big for a record ({chosen.size:,} bytes).", True)
                return None
            text = await chosen.text()
        except Exception as err:
            self.status(f"That file could not be read ({type(err).__name__}).", True)
            return None
        finally:
            field.value = ""
        by_id("record-text").value = text
        return self.import_text(text)


async def to_clipboard(text: str) -> bool:
    try:
        clipboard = window.navigator.clipboard
        if not found(clipboard) or clipboard is None:
            return False
        await clipboard.writeText(text)
        return True
    except Exception:  # no permission, not focused, insecure page ...
        return False
