"""The game's win-chance graph on the page (browser only): opened from the Analyse panel or
the end of a game, it has the worker judge every position of the line on display, a few at a
time, and draws the graph as the points come (with the count done), marks and lists the
biggest swings, and goes to a ply when the graph or a swing is clicked, bringing the board
into view (on a phone the graph is a sheet at the foot of the screen, the board above it).
A longer line that begins with the one judged (a move played since) keeps the points it has.
What it draws is web/logic/graph.py's, in colours that stand out (web/logic/contrast.py).
"""

from __future__ import annotations

import json
import random
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from pyscript import window

from engine.formats.record import encode
from web.browser.dom import by_id, closest, found, into_view, run_soon, show_board
from web.browser.still_panel import StillPanel
from web.logic import contrast, graph
from web.logic.table import Table

# graph(fragment, start, count, seconds, seed) -> JSON list of chances (web/ai_worker.graph)
Grapher = Callable[[str, int, int, float, int], Awaitable[str]]

SECONDS_PER_PLY = 0.12  # the budget of the search judging each position
BATCH = 4  # positions judged per call to the worker


class GraphPanel:
    """The graph section: its points, the line they belong to, and the work under way."""

    def __init__(
        self, table: Table, grapher: Grapher, goto: Callable[[int], None], still: StillPanel
    ):
        self.table, self.grapher, self.goto = table, grapher, goto
        self.still = still  # the graph's presses (the page binds them)
        self.on = False
        self.line = ""  # the link of the line judged (no ply)
        self.head = ""  # its game and options (a link with no moves)
        self.moves: tuple[str, ...] = ()
        self.chances: list[list[float] | None] = []
        self.running = False

    def open(self, event: Any = None) -> None:
        self.on = True
        by_id("graph").hidden = False
        self.follow()
        into_view(by_id("graph"))  # a desktop's side column scrolls to it (a phone's is a sheet)
        show_board()  # on a phone the sheet is at the foot, the board above it

    def close(self, event: Any = None) -> None:
        self.on = False
        by_id("graph").hidden = True

    def follow(self) -> None:
        """After the page drew a position: judge the line on display if it changed (keeping
        the points of the moves it shares with the line judged), and redraw."""
        if not self.on:
            return
        session = self.table.session
        record = session.current_record()
        if encode(record) != self.line:
            head = encode(replace(record, moves=(), ending=""))  # the game and its options
            self.chances = graph.carried(
                self.chances if head == self.head else [], self.moves, record.moves
            )
            self.line, self.head, self.moves = encode(record), head, record.moves
            if not self.running:
                run_soon(self.judge_line())
        self.draw()

    async def judge_line(self) -> None:
        self.running = True
        seed = random.randrange(2**31)
        try:
            while self.on and None in self.chances:
                line, start = self.line, self.chances.index(None)
                count = min(BATCH, len(self.chances) - start)
                reply = json.loads(await self.grapher(line, start, count, SECONDS_PER_PLY, seed))
                if line != self.line:  # the line changed: start on the new one
                    continue
                for i, chances in enumerate(reply):
                    self.chances[start + i] = chances
                self.draw()
        except Exception as err:
            by_id("graph-progress").textContent = f"The graph could not be made: {err}"
        finally:
            self.running = False

    def draw(self) -> None:
        self.still.write(self.write)

    def write(self) -> None:
        table = self.table
        view, session = table.view, table.session
        names = view.seat_names
        movers = [table.game.to_move(state) for state in session.states[:-1]]
        marked = graph.swings(self.chances, movers, graph.swing_threshold(table.game.id))
        swatches = [table.board.swatch(view, seat) for seat in range(len(names))]
        body = by_id("graph-body")
        full = table.board.full_moves  # numbered as the move list numbers them
        body.innerHTML = graph.plot_html(
            self.chances, names, session.ply, marked, full
        ) + graph.legend_html(names, swatches)
        paint_lines(body)
        done = sum(c is not None for c in self.chances)
        total = len(self.chances)
        progress = by_id("graph-progress")
        progress.textContent = (
            f"Judged {done} of {total} positions ({SECONDS_PER_PLY:g} s each)…"
            if done < total
            else f"All {total} positions judged ({SECONDS_PER_PLY:g} s each)."
        )
        by_id("graph-swings").innerHTML = graph.swings_html(marked, names, full, session.over)

    def on_click(self, event: Any) -> None:
        """A click on the graph or on a swing: show that position, the board in view."""
        target = closest(event, "[data-ply]")
        if target is not None:
            self.still.drop()  # the click is through: the graph shows the new ply at once
            self.goto(int(target.dataset.ply))
            show_board()


def paint_lines(body: Any) -> None:
    """Draw each seat's line, and its key, in the colour of its swatch in the legend (the
    colour that seat plays, as the board's style sheet colours it), or, where that is too
    faint on the graph's background (White on a light page), in one that stands out."""
    plot = body.querySelector("svg.graph")
    if not found(plot):
        return
    background = contrast.seen(window.getComputedStyle(plot).backgroundColor)
    for key in body.querySelectorAll(".graph-key li[data-seat]"):
        seat = key.dataset.seat
        line, swatch = body.querySelector(f"polyline.g{seat}"), key.querySelector(".swatch")
        if not (found(line) and found(swatch)):
            continue
        style = window.getComputedStyle(swatch)
        colour = contrast.seen(style.backgroundColor, style.backgroundImage)
        if colour is None or background is None:
            continue
        shown = contrast.css(contrast.standing_out(colour, background))
        line.style.stroke = shown
        key.querySelector(".key").style.background = shown
