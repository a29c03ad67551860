"""The Hint button (browser only): the computer's best move for the person to move, judged
in its worker and marked on the board, not played; the move list then marks the move played
after it.  What it says is web/logic/analysis.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING

from web.browser.dom import by_id, store, stored
from web.logic.analysis import Mark, alternatives, hint_available, hint_text, marks
from web.logic.link_seats import help_allowed
from web.logic.table import Said, Table

if TYPE_CHECKING:  # imported on first use (web/logic/analysis.py, web/browser/advice.py)
    from engine.ai.analysis import Analysis
    from web.browser.analysis_panel import Judge


HINT_SECONDS = 1.0  # how long the computer looks for a hint
PREF_KEY = "hints-vs-computer"


class HintButton:
    """The Hint button and the hint's mark on the board (until the position changes)."""

    def __init__(
        self,
        table: Table,
        judge: Judge,
        refresh: Callable[[], None],
        done: Callable[[Said], None],
    ):
        self.table, self.judge, self.refresh, self.done = table, judge, refresh, done
        self.fragment = ""  # the position the mark is for
        self.marks: list[Mark] = []

    def follow(self) -> None:
        """After the page drew a position: the hint of another position goes.  The button
        shows in a game where hints may be asked for (so the toolbar keeps its place from
        turn to turn; never in a game by link without help), and works when a person is to
        move."""
        table = self.table
        if table.session.fragment() != self.fragment:
            self.marks = []
        button = by_id("hint")
        button.hidden = not (
            help_allowed(table.session) and hint_available(table.against_computer(), allowed())
        )
        button.disabled = not table.human_turn()

    async def ask(self) -> None:
        table = self.table
        if not table.human_turn():
            return
        from web.browser.analysis_panel import judge_once

        fragment = self.fragment = table.session.fragment()
        reply = await judge_once(
            self.judge,
            fragment,
            HINT_SECONDS,
            "hint",
            "The computer is looking for a hint…",
            "The computer could not give a hint",
            self.done,
        )
        if reply is not None and table.session.fragment() == fragment:  # not moved on meanwhile
            self.show(reply)

    def show(self, reply: dict) -> None:
        from engine.ai.analysis import Analysis

        table = self.table
        analysis: Analysis = Analysis.from_json(reply)
        labels = alternatives(table.game, table.session.state, [c.move for c in analysis.best])
        if not labels:
            self.done(Said(message="The computer has no hint here."))
            return
        table.session.hint_at = table.session.path
        self.marks = marks(table.game, table.board, table.session.state, analysis)[:1]
        self.refresh()
        mover = table.view.seat_names[analysis.to_move]
        text = hint_text(mover, labels[0], analysis.best[0].chance)
        self.done(Said(message=escape(text), announce=text))


def allowed() -> bool:
    """The player allowed hints against the computer (the New game form; off by default,
    and off when the browser does not let the page use its storage)."""
    return stored(PREF_KEY) == "on"


def allow(on: bool) -> None:
    store(PREF_KEY, "on" if on else "off")  # not kept, as nothing else is without storage
