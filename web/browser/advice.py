"""The computer's advice on the page (browser only): the Analyse panel, the Hint button and
the game's graph, which share the worker and the marks on the board.  The page makes one,
binds its controls with `bind`, and calls `follow` after drawing a position.

The Analyse panel and the graph (with their logic: web/logic/analysis_loop.py, graph.py,
contrast.py) are imported when first opened, not at start-up: the first board needs neither.
The Hint button's is, as the button shows or hides with every position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from web.browser.dom import run_soon
from web.browser.hint_button import HintButton
from web.browser.still_panel import StillPanel
from web.logic.table import Said, Table

if TYPE_CHECKING:
    from web.browser.analysis_panel import AnalysePanel, Judge
    from web.browser.graph_panel import Grapher, GraphPanel


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
        self.table, self.judge, self.grapher, self.goto = table, judge, grapher, goto
        self.thinking = thinking
        self.opened_graph: GraphPanel | None = None  # made when first opened
        self.opened_panel: AnalysePanel | None = None
        self.hint = HintButton(table, judge, self.draw_marks, done)
        # the panels written afresh as figures come hold still while pressed (from the start:
        # a panel is made when first opened)
        self.panel_still, self.graph_still = StillPanel(), StillPanel()
        self.marked = False  # marks are on the board (draw_marks)

    @property
    def graph(self) -> GraphPanel:
        if self.opened_graph is None:
            from web.browser.graph_panel import GraphPanel

            self.opened_graph = GraphPanel(self.table, self.grapher, self.goto, self.graph_still)
        return self.opened_graph

    @property
    def analyse(self) -> AnalysePanel:
        if self.opened_panel is None:
            from web.browser.analysis_panel import AnalysePanel

            # the computer's turn (`thinking`) and the graph have the worker first: the
            # panel's search waits while either runs
            self.opened_panel = AnalysePanel(
                self.table, self.judge, self.draw_marks, self.panel_still, busy=self.worker_busy
            )
        return self.opened_panel

    def worker_busy(self) -> bool:
        return self.thinking() or (self.opened_graph is not None and self.opened_graph.running)

    def bind(self, on: Callable[[str, str, Callable[[Any], Any]], None]) -> None:
        """Bind the controls: on(element id, event, handler)."""
        for name, event, handler in (
            ("analyse", "click", lambda e: self.analyse.toggle(e)),
            ("analysis-close", "click", lambda e: self.analyse.toggle(e)),  # a phone's sheet
            ("hint", "click", lambda e: run_soon(self.hint.ask())),
            ("graph-open", "click", lambda e: self.graph.open(e)),
            ("graph-after", "click", lambda e: self.graph.open(e)),
            ("graph-close", "click", lambda e: self.graph.close(e)),
            ("graph-body", "click", lambda e: self.graph.on_click(e)),
            ("graph-swings", "click", lambda e: self.graph.on_click(e)),
        ):
            on(name, event, handler)
        self.panel_still.bind(on, "analysis")
        self.graph_still.bind(on, "graph")

    def follow(self) -> None:
        """After the page drew a position."""
        if self.opened_panel is not None:
            self.opened_panel.follow()
        self.hint.follow()
        if self.opened_graph is not None:
            self.opened_graph.follow()
        self.draw_marks()

    def reset(self) -> None:
        """A new game or a rematch starts without the advice on the game before: Analyse
        off, the graph closed, no hint marked (the player turns them on again)."""
        if self.opened_panel is not None and self.opened_panel.on:
            self.opened_panel.toggle()
        if self.opened_graph is not None:
            self.opened_graph.close()
        self.hint.marks = []

    def draw_marks(self) -> None:
        """The advice on the board: the Analyse panel's best moves, a hint."""
        panel = self.opened_panel
        marks = (panel.marks if panel is not None and panel.on else []) + self.hint.marks
        if not marks and not self.marked:
            return  # none drawn, none to draw
        from web.browser.analysis_panel import draw_marks

        draw_marks(marks)
        self.marked = bool(marks)
