"""A game by link's questions and their answers on the page: the invitation's Play or Just
look (pressed now, or on the first screen before Python was ready), a friend's takeback or
choice of line, a friend's draw offer accepted; and the question shown again however the
game was opened (a reload, Recent, another tab's change).  What an answer does is the tab's
(web/logic/tab.py); the question's markup is web/logic/link_words.py's.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from engine.contract.ending import AGREED_DRAW
from web.browser.dom import announce, by_id, closest, found
from web.browser.messages import show_message
from web.logic.link_words import question_html

if TYPE_CHECKING:
    from web.browser.page import Page


class LinkAnswers:
    """The page's game by link's answers (`page`: the game on the table, redrawn after)."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def ask(self) -> None:
        """A game by link whose friend's link asks its player something (a takeback, which
        line goes on) says so with its answers."""
        table = self.page.table
        html = question_html(table.session, table.seats)
        if html and 'data-action="keep-line"' not in str(by_id("message").innerHTML):
            show_message(html)

    def answer_kept(self, action: str) -> bool:
        """The invitation's button pressed before the page was ready (index.html), as if
        pressed now: True when the message offers it (the link is an invitation here)."""
        offered = by_id("message").querySelector(f'[data-action="{action}"]')
        return found(offered) and self.answer(action)

    def on_answer(self, event: Any) -> bool:
        """A game by link's answer in the message: an invitation taken or only looked at, a
        friend's takeback or line answered, a friend's draw offer accepted (True: it was)."""
        button = closest(event, "[data-action]")
        return self.answer(button.getAttribute("data-action") if button is not None else "")

    def answer(self, action: str) -> bool:
        """Carry out a game by link's answer (a data-action; True: it was one)."""
        page = self.page
        tab = page.tab
        answers = {
            "take-seat": tab.take_seat,
            "just-look": tab.just_look,
            "accept-takeback": lambda: tab.answer(theirs=True),
            "keep-line": lambda: tab.answer(theirs=False),
        }
        if action == "accept-draw":
            if not page.synced():
                page.ended(page.table.end(AGREED_DRAW))
            return True
        if action not in answers or page.synced():
            return action in answers
        said = answers[action]()
        page.opened(push=action == "just-look")
        show_message(escape(said))
        announce(said)
        return True
