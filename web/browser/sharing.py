"""The page's links and text records: the browser side of engine/record.py and
engine/record_text.py (saved games are web/browser/keeper.py's).

- open_link: the game a location.hash describes (the saved game it shows, if any), or a
  message saying what is wrong and where, with offers (the legal part of the game, a
  fresh game, the saved game).

Nothing here calls back into the page: what the page should do next (open a game, resume
a saved one, show a message) comes back as an `Opening`.
- copy_link: the Copy link button (clipboard, or a selected read-only field).
- the Record dialog: the game as text to copy or download; a record (or a link)
  pasted or read from a file opens a game.

Text that came from a link, a save, a file or the clipboard is only ever shown
escaped (or through textContent / value), never as markup.
"""

import asyncio
from dataclasses import dataclass
from datetime import date
from html import escape

from pyodide.ffi import to_js
from pyscript import document, window

from engine import games
from engine.record import Record, encode, legal_part, unquote_link
from engine.record_text import MAX_TEXT, legal_part_of_text, load_tree_text, tree_to_text
from web.browser.dom import by_id, closest, found
from web.browser.keeper import Keeper
from web.logic.session import DEFAULT_GAME, Session
from web.storage import recent

COPIED_SECONDS = 3


@dataclass(frozen=True)
class Opening:
    """What the page does next: open `session` (a game that replaces none) or resume the
    saved game `entry` (neither: nothing opened), then show `message` (HTML: '' clears it,
    None leaves it) for `lasts` seconds (0: until replaced), say `announce` to screen
    readers, and focus and select the element with id `focus`."""

    session: Session | None = None
    entry: recent.Entry | None = None
    message: str | None = None
    error: bool = False
    announce: str = ""
    lasts: float = 0
    focus: str = ""

    @property
    def opens(self) -> bool:
        return self.session is not None or self.entry is not None


def reason(err) -> str:
    """What went wrong, for a player: our own errors say it; anything else is a bug,
    named briefly (never a traceback)."""
    from engine import EngineError

    if isinstance(err, EngineError):
        return str(err)
    return f"it could not be read ({type(err).__name__})"


class Sharing:
    """Links, offers and the Record dialog; `keeper` finds the saved games a link shows."""

    def __init__(self, keeper: Keeper):
        self.keeper = keeper
        self.offer: Record | None = None  # the legal part of the last bad link/record/save
        self.fresh: tuple[str, dict] | None = None  # the game to start afresh: (id, options)
        self.legal: Record | None = None  # the legal part of the last bad one (None: no game)

    # ---- links

    def open_link(self, raw, current: str | None = None, offer_saved=False) -> Opening | None:
        """The game a location.hash describes: the saved game it shows exactly (with its
        seats), else a new game that replaces none; None for an empty hash.  A bad link
        opens nothing: the message says why and where (and offers the newest saved game when
        `offer_saved`).  `current`: the game on screen, if any."""
        raw = raw if isinstance(raw, str) else ""
        if not raw.lstrip("#"):
            return None
        try:
            session = Session.from_fragment(unquote_link(raw))
        except Exception as err:
            return self.problem(
                "This link does not open a game",
                err,
                salvage(lambda t: legal_part(unquote_link(t, strict=False)), raw),
                saved=self.keeper.newest() if offer_saved else None,
                current=current,
            )
        entry = self.keeper.matching(session.fragment())
        if entry is not None:
            return Opening(entry=entry, message="")
        return Opening(session=session, message="")

    def problem(
        self,
        what,
        err,
        legal,
        where="message",
        offer_fresh=True,
        saved=None,
        current: str | None = None,
    ) -> Opening:
        """Say what is wrong (escaped) and offer the legal part, a fresh game (of the legal
        part's game, else of `current`) and the `saved` game (a recent.Entry): in the page's
        message, or the Record dialog's status when `where` is "dialog"."""
        self.legal = legal
        self.offer = legal if legal is not None and legal.moves else None
        if legal is not None:
            self.fresh = (legal.game, legal.options_dict)
        else:
            self.fresh = (current or DEFAULT_GAME, {})
        offers = []
        if self.offer is not None:
            n = len(self.offer.moves)
            offers.append(
                f'<button type="button" data-action="legal-part" data-ply="{n}">'
                f"Open the game up to move {n}</button>"
            )
        if offer_fresh:
            offers.append(
                f'<button type="button" data-action="fresh">Start a fresh game of '
                f"{escape(games.name(self.fresh[0]))}</button>"
            )
        if saved is not None:
            offers.append(
                f'<button type="button" data-action="resume" '
                f'data-entry="{escape(saved.id, quote=True)}">Go back to your game '
                f"({escape(recent.title(saved))})</button>"
            )
        html = f"{escape(what)}: {escape(reason(err))}. {' '.join(offers)}".strip()
        said = f"{what}: {reason(err)}."
        if where == "message":
            return Opening(message=html, error=offer_fresh, announce=said)
        box = by_id("record-status")
        box.innerHTML = html
        box.className = "form-error"
        return Opening(announce=said)

    def on_offer(self, event) -> Opening | None:
        """A click on an offer in the message (or the Record dialog's status): the game it
        opens, or None."""
        button = closest(event, "[data-action]")
        if button is None:
            return None
        action = button.getAttribute("data-action")
        if action == "resume":
            entry = self.keeper.find(button.getAttribute("data-entry"))
            return None if entry is None else Opening(entry=entry, message="")
        if action == "legal-part" and self.offer is not None:
            session = Session.from_fragment(encode(self.offer))
        elif action == "fresh" and self.fresh is not None:
            session = Session(self.fresh[0], self.fresh[1])
        else:
            return None
        self.offer = None
        dialog = by_id("record")
        if found(dialog) and dialog.open:
            dialog.close()
        return Opening(session=session, message="")

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

    def status(self, text, error=False):
        box = by_id("record-status")
        box.textContent = text
        box.className = "form-error" if error else "form-note"

    async def copy_record(self):
        area = by_id("record-text")
        if await to_clipboard(area.value):
            self.status("Record copied.")
        else:
            area.focus()
            area.select()
            self.status("Press Ctrl+C (⌘C on a Mac) to copy the selected record.")

    def download_record(self, session: Session):
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

    def import_text(self, text) -> Opening:
        """A record (or a link) pasted or read from a file: the game it opens, or the
        dialog says why not."""
        try:
            read = load_tree_text(text if isinstance(text, str) else "")
            session = Session.from_tree(read.record, read.tree, read.path)
        except Exception as err:
            return self.problem(
                "This record does not open a game",
                err,
                salvage(legal_part_of_text, text),
                where="dialog",
            )
        by_id("record").close()
        n = len(read.record.moves)
        sides = len(read.tree.rows()) - n
        return Opening(
            session=session,
            message=f"Opened a game of {escape(session.game.name)} with "
            f"{n} move{'' if n == 1 else 's'}"
            + (f" and {sides} in side lines." if sides else "."),
        )

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


def salvage(finder, text):
    """What `finder` can save of a bad link or record (its legal part), or None."""
    if text is None:
        return None
    try:
        return finder(text)
    except Exception:
        return None


def record_text(session: Session) -> str:
    """The whole game as text, with its side lines, the position shown on display."""
    return tree_to_text(
        session.current_record(),
        session.tree,
        session.path,
        session.known,
        date.today().isoformat(),
    )


async def to_clipboard(text) -> bool:
    try:
        clipboard = window.navigator.clipboard
        if not found(clipboard) or clipboard is None:
            return False
        await clipboard.writeText(text)
        return True
    except Exception:  # no permission, not focused, insecure page ...
        return False
