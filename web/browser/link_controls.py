"""A game by link on the page (browser only): the Send button, the tab's title, and help
turned off for a game started without it.  What they say is web/logic/by_link.py's.

Send hands the link of the game, handed to the friend to move, to the phone's share sheet
(`navigator.share`, with a line such as "Wythe, move 12: your turn — I played d4e4"); where
there is no share sheet, or it fails, the link is copied to the clipboard, or shown to copy.
"""

from __future__ import annotations

from html import escape
from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

from web.browser.dom import by_id, closest, found
from web.browser.sharing_controls import to_clipboard
from web.logic.by_link import by_link, help_allowed, sent_fragment, share_text, tab_title
from web.logic.link_opening import take_seat
from web.logic.sharing import Continues, Opening
from web.logic.table import Table

SENT_SECONDS = 4


def show(table: Table) -> None:
    """After the page drew the game: Send for a game by link, the tab's title, and Analyse,
    Hint and the graph off in a game by link without help."""
    session, seats = table.session, table.seats
    send = by_id("send-link")
    if found(send):
        send.hidden = not by_link(seats)
        waiting = by_link(seats) and not session.sent and not table.human_turn()
        send.classList.toggle("primary", bool(waiting))
    document.title = tab_title(session, seats)
    helped = help_allowed(session)
    for name in ("analyse", "graph-open", "graph-after"):  # Hint: hint_button.py
        button = by_id(name)
        if found(button):
            button.hidden = not helped
    if not helped:
        for name in ("analysis", "graph"):
            box = by_id(name)
            if found(box):
                box.hidden = True


def on_invitation(event: Any, here: Continues) -> Opening | None:
    """A choice of an invitation's message: Play (the seat taken, the game looked at, `here`,
    becoming the game by link), or Just look (the message goes); None for any other click."""
    if closest(event, "[data-action='just-look']") is not None:
        return Opening(message="")
    seat = closest(event, "[data-action='take-seat']")
    if seat is None:
        return None
    return take_seat(str(seat.dataset.fragment), here)


async def send(table: Table) -> Opening:
    """The Send button: the link to the share sheet, else to the clipboard, else shown."""
    session, seats = table.session, table.seats
    url = window.location.href.split("#")[0] + "#" + sent_fragment(session, seats)
    text = share_text(session, seats)
    share = getattr(window.navigator, "share", None)
    if share is not None and found(share):
        try:
            data = {"title": f"{session.game.name} with a friend", "text": text, "url": url}
            await window.navigator.share(to_js(data, dict_converter=window.Object.fromEntries))
        except Exception as err:
            if "AbortError" in str(err):  # the player closed the share sheet
                return Opening(message="")
        else:
            session.sent = True
            said = "Sent. Waiting for your friend's reply: open their link when it comes."
            return Opening(message=said, announce=said, lasts=SENT_SECONDS)
    if await to_clipboard(url):
        session.sent = True
        said = "Link copied: paste it to your friend. Open their link when it comes."
        return Opening(message=said, announce=said, lasts=SENT_SECONDS)
    session.sent = True
    return Opening(
        message="Copy this link and send it to your friend: "
        f'<input id="link-copy" class="link-copy" readonly aria-label="Link for your friend" '
        f'value="{escape(url, quote=True)}">',
        focus="link-copy",
    )
