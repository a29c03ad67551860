"""The Resign and Offer draw buttons (browser only): they ask before a person gives up,
ask the other person at the screen to accept a draw, or let the computer judge the offer in
its worker.  Who may do either, and how the computer answers, is web/ending.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any

from pyscript import window

from engine.contract.ending import AGREED_DRAW, resignation
from web.logic import ending, link_sending
from web.logic.seats import FRIEND, HUMAN, people
from web.logic.table import Said, Table

if TYPE_CHECKING:  # the Analyse panel's module is imported when first used (advice.py)
    from web.browser.analysis_panel import Judge


class EndingButtons:
    """Resign and Offer draw; `done` shows what happened (and redraws after a change)."""

    def __init__(self, table: Table, judge: Judge, done: Callable[[Said], None]):
        self.table, self.judge, self.done = table, judge, done

    def resign(self, event: Any = None) -> None:
        table = self.table
        seat = ending.resigner(table.session, people(table.seats))
        if seat is not None and window.confirm(
            f"Resign this game? {table.view.seat_names[seat]} loses."
        ):
            self.done(table.end(resignation(table.game, table.state, seat)))

    async def offer_draw(self) -> None:
        table = self.table
        offer = ending.draw_offer(table.session, people(table.seats))
        if offer is None:
            return
        offers, asked = offer
        names = table.view.seat_names
        if table.seats[asked] == FRIEND:  # the offer goes by link
            link_sending.offer_draw(table.session)
            text = "Your draw offer goes with the link: send it to your friend."
            self.done(Said(message=escape(text), announce=text))
            return
        if table.seats[asked] == HUMAN:
            if window.confirm(f"{names[offers]} offers a draw. {names[asked]}, do you accept?"):
                self.done(table.end(AGREED_DRAW))
            else:
                self.done(
                    Said(
                        message=f"{escape(names[asked])} declines the draw.",
                        announce=f"{names[asked]} declines the draw.",
                    )
                )
            return
        from web.browser.analysis_panel import judge_once

        fragment = table.session.fragment()
        reply = await judge_once(
            self.judge,
            fragment,
            ending.DRAW_THINK_SECONDS,
            "offer-draw",
            f"{escape(names[asked])} (computer) is considering the offer…",
            "The computer could not answer",
            self.done,
        )
        if reply is None:
            return
        if table.session.fragment() != fragment:  # the game moved on meanwhile
            self.done(Said(message=""))
            return
        chance = reply["chances"][asked]
        accepts = ending.computer_accepts_draw(reply["chances"], asked)
        answer = ending.draw_answer(names[asked], accepts, chance)
        said = table.end(AGREED_DRAW) if accepts else Said()
        self.done(Said(played=said.played, message=escape(answer), announce=answer))
