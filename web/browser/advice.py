"""The computer's advice on the page (browser only): the Analyse panel, the Hint button and
the game's graph, which share the worker and the marks on the board.  The page makes one,
binds its controls with `bind`, and calls `follow` after drawing a position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from web.browser.analysis_panel import AnalysePanel, Judge, draw_marks
from web.browser.dom import run_soon
from web.browser.graph_panel import Grapher, GraphPanel
from web.browser.hint_button import HintButton
from web.logic.table import Said, Table


class Advice:
    def __init__(
        self,
        table: Table,
        judge: Judge,
        grapher: Grapher,
        goto: Callable[[int], None],
        done: Callable[[Said], None],
        thinking: Callable[[], bool] = lambda: False,
    ):
        self.graph = GraphPanel(table, grapher, goto)
        # the computer's turn (`thinking`) and the graph have the worker first: the panel's
        # search waits while either runs
        self.analyse = AnalysePanel(
            table, judge, self.draw_marks, busy=lambda: thinking() or self.graph.running
        )
        self.hint = HintButton(table, judge, self.draw_marks, done)

    def bind(self, on: Callable[[str, str, Callable[[Any], Any]], None]) -> None:
        """Bind the controls: on(element id, event, handler)."""
        for name, event, handler in (
            ("analyse", "click", self.analyse.toggle),
            ("analysis-close", "click", self.analyse.toggle),  # a phone's sheet's Close
            ("hint", "click", lambda e: run_soon(self.hint.ask())),
            ("graph-open", "click", self.graph.open),
            ("graph-after", "click", self.graph.open),
            ("graph-close", "click", self.graph.close),
            ("graph-body", "click", self.graph.on_click),
            ("graph-swings", "click", self.graph.on_click),
        ):
            on(name, event, handler)

    def follow(self) -> None:
        """After the page drew a position."""
        self.analyse.follow()
        self.hint.follow()
        self.graph.follow()
        self.draw_marks()

    def reset(self) -> None:
        """A new game or a rematch starts without the advice on the game before: Analyse
        off, the graph closed, no hint marked (the player turns them on again)."""
        if self.analyse.on:
            self.analyse.toggle()
        self.graph.close()
        self.hint.marks = []

    def draw_marks(self) -> None:
        """The advice on the board: the Analyse panel's best moves, a hint."""
        draw_marks((self.analyse.marks if self.analyse.on else []) + self.hint.marks)
