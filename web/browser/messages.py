"""The line above the board and the status line: what a move, a link, a record or a control
says, written where the player reads it and announced to screen readers.  A notice (a hint,
an answer to a draw offer) floats over the page and passes; a message from the logic may
say how long it lasts.  Text from the user or the URL is escaped by whoever makes the HTML.
"""

from __future__ import annotations

import asyncio

from web.browser.dom import announce, by_id, run_soon
from web.logic.sharing import Opening
from web.logic.table import Said

NOTICE_SECONDS = 8.0  # a passing notice (a hint, an answer to a draw offer) lasts this


def show_status(text: str) -> None:
    by_id("status").textContent = text


def show_message(html: str, error: bool = False, toast: bool = False) -> None:
    """The message above the board; a `toast` (a passing notice) floats over the page."""
    box = by_id("message")
    box.innerHTML = html
    box.hidden = not html
    box.className = ("error" if error else "note") + (" toast" if toast else "")


def show_notice(said: Said) -> None:
    """What a control says, in a notice over the page (the board does not move) that
    passes, and to screen readers."""
    if said.message:
        show_message(said.message, said.error, toast=True)
        run_soon(clear_message(by_id("message").textContent, NOTICE_SECONDS))
    elif said.message is not None:
        show_message("")
    announce(said.announce)


def show(said: Said | Opening) -> None:
    """What a move, a link or a record says: the message, and to screen readers."""
    if said.message is not None:
        show_message(said.message, said.error, isinstance(said, Opening) and bool(said.lasts))
    announce(said.announce)
    if isinstance(said, Opening):
        if said.focus:
            field = by_id(said.focus)
            field.focus()
            field.select()
        if said.lasts and said.message:
            run_soon(clear_message(said.message, said.lasts))


async def clear_message(text: str, seconds: float) -> None:
    """Clear the message after `seconds`, unless another has replaced it."""
    await asyncio.sleep(seconds)
    if by_id("message").textContent == text:
        show_message("")
