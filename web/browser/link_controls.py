"""A game by link on the page (browser only): the Send button, the tab's title, and help
turned off for a game started without it.  What happens is web/logic/tab.py's and
web/logic/link_*.py's, what they say web/logic/link_words.py's.

Send hands the link of the game, handed to the friend to move, to the phone's share sheet
(`navigator.share`, with a line such as "Wythe, move 12: your turn — I played d4e4"); where
there is no share sheet, or it fails, the link is copied to the clipboard, or shown to copy.
"""

from __future__ import annotations

from html import escape

from pyodide.ffi import to_js
from pyscript import document, window

from web.browser.dom import by_id, found
from web.browser.sharing_controls import to_clipboard
from web.logic.link_seats import help_allowed
from web.logic.link_words import tab_title
from web.logic.screen import send_button
from web.logic.sharing import Opening
from web.logic.tab import Tab
from web.logic.table import Table

SENT_SECONDS = 4


def show(table: Table) -> None:
    """After the page drew the game: Send for a game by link (web/logic/screen.py says when),
    the tab's title, and Analyse, Hint and the graph off in a game by link without help."""
    session, seats = table.session, table.seats
    send = by_id("send-link")
    if found(send):
        shown = send_button(table)
        send.hidden = not shown
        send.classList.toggle("primary", shown == "primary")
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


async def send(tab: Tab) -> Opening:
    """The Send button: the link to the share sheet, else to the clipboard, else shown."""
    fragment, text = tab.sending()
    url = window.location.href.split("#")[0] + "#" + fragment
    share = getattr(window.navigator, "share", None)
    if share is not None and found(share):
        try:
            title = f"{tab.session.game.name} with a friend"
            data = {"title": title, "text": text, "url": url}
            await window.navigator.share(to_js(data, dict_converter=window.Object.fromEntries))
        except Exception as err:
            if "AbortError" in str(err):  # the player closed the share sheet
                return Opening(message="")
        else:
            said = tab.sent("share")
            return Opening(message=escape(said), announce=said, lasts=SENT_SECONDS)
    if await to_clipboard(url):
        said = tab.sent("copy")
        return Opening(message=escape(said), announce=said, lasts=SENT_SECONDS)
    tab.sent("copy")
    return Opening(
        message="Copy this link and send it to your friend: "
        f'<input id="link-copy" class="link-copy" readonly aria-label="Link for your friend" '
        f'value="{escape(url, quote=True)}">',
        focus="link-copy",
    )
