"""The Resign and Offer draw buttons (browser only): they ask before a person gives up,
ask the other person at the screen to accept a draw, or let the computer judge the offer in
its worker.  Who may do either, and how the computer answers, is web/game_end.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from pyscript import window

from engine.ending import AGREED_DRAW, resignation
from web import game_end
from web.analyse_panel import Judge, judge_once
from web.controller import HUMAN, Controller, Said, people


class EndingButtons:
    """Resign and Offer draw; `done` shows what happened (and redraws after a change)."""

    def __init__(self, ctl: Controller, judge: Judge, done: Callable[[Said], None]):
        self.ctl, self.judge, self.done = ctl, judge, done

    def resign(self, event: Any = None) -> None:
        ctl = self.ctl
        seat = game_end.resigner(ctl.session, people(ctl.seats))
        if seat is not None and window.confirm(
            f"Resign this game? {ctl.view.seat_names[seat]} loses."
        ):
            self.done(ctl.end(resignation(ctl.game, ctl.state, seat)))

    async def offer_draw(self) -> None:
        ctl = self.ctl
        offer = game_end.draw_offer(ctl.session, people(ctl.seats))
        if offer is None:
            return
        offers, asked = offer
        names = ctl.view.seat_names
        if ctl.seats[asked] == HUMAN:
            if window.confirm(f"{names[offers]} offers a draw. {names[asked]}, do you accept?"):
                self.done(ctl.end(AGREED_DRAW))
            else:
                self.done(
                    Said(
                        message=f"{escape(names[asked])} declines the draw.",
                        announce=f"{names[asked]} declines the draw.",
                    )
                )
            return
        fragment = ctl.session.fragment()
        reply = await judge_once(
            self.judge,
            fragment,
            game_end.DRAW_THINK_SECONDS,
            "offer-draw",
            f"{escape(names[asked])} (computer) is considering the offer…",
            "The computer could not answer",
            self.done,
        )
        if reply is None:
            return
        if ctl.session.fragment() != fragment:  # the game moved on meanwhile
            self.done(Said(message=""))
            return
        chance = reply["chances"][asked]
        accepts = game_end.computer_accepts_draw(reply["chances"], asked)
        answer = game_end.draw_answer(names[asked], accepts, chance)
        said = ctl.end(AGREED_DRAW) if accepts else Said()
        self.done(Said(played=said.played, message=escape(answer), announce=answer))
