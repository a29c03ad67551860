"""The Analyse control (browser only): while it is on, the computer judges the position on
screen in its worker, in short slices so the page never waits, and the panel beside the board
(a sheet at the foot of a phone's screen, under the board) and the marks on it follow each
better estimate; it starts again on another position and stops when turned off.  What it
shows is web/logic/analysis.py's.  The page's <body data-analysis> says where it is, for
tests to wait on: "off"; "starting" (a new position to judge, its loop not yet begun);
"judging" (the loop runs); "done" (the position's judging ended: judged, given up after
MOST_SECONDS, or failed).

The panel is written afresh at each estimate: it holds still while a pointer is pressed on it
(web/browser/still_panel.py says why), and a best move's button that has the keyboard's focus
keeps it across a writing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Awaitable, Callable
from html import escape
from typing import TYPE_CHECKING, Any

from pyscript import document

from web.browser.dom import announce, by_id, found, run_soon, show_board
from web.browser.still_panel import StillPanel
from web.logic.analysis import Mark, alternatives, marks, panel_html, words
from web.logic.analysis_loop import AnalysisLoop
from web.logic.move_names import move_words
from web.logic.table import Said, Table

if TYPE_CHECKING:  # imported on first use (web/logic/analysis.py says why)
    from engine.ai.analysis import Analysis

# judge(fragment, seconds, seed) -> the worker's JSON analysis (web/ai_worker.judge)
Judge = Callable[[str, float, int], Awaitable[str]]

MOST_SECONDS = 30.0  # and stops after this long on one position
SVG = "http://www.w3.org/2000/svg"


class AnalysePanel:
    """The Analyse button, its panel, and the best moves marked on the board.  A new
    position shows the computer's judgement at a glance at once (its knowledge alone, on the
    page's thread: no search), then the worker's search as it improves."""

    def __init__(
        self,
        table: Table,
        judge: Judge,
        refresh: Callable[[], None],
        still: StillPanel,
        busy: Callable[[], bool] = lambda: False,
    ):
        self.table, self.judge, self.refresh = table, judge, refresh
        self.loop = AnalysisLoop(judge, self.shown, self.failed, busy)  # busy: the worker
        self.on = False  # has other work first (the computer's turn, the graph)
        self.fragment = ""  # the position being judged
        self.marks: list[Mark] = []
        self.said: str | None = None  # the best move last announced ('' for none)
        self.run: object = None  # the judging loop whose end counts (`judging`)
        self.still = still  # the panel's presses (the page binds them)

    def toggle(self, event: Any = None) -> None:
        self.on = not self.on
        by_id("analyse").setAttribute("aria-pressed", str(self.on).lower())
        by_id("analysis").hidden = not self.on
        self.fragment, self.marks, self.said = "", [], None
        self.still.drop()
        self.loop.stop()
        self.run = None
        if self.on:
            self.follow()
            show_board()  # on a phone the panel is a sheet at the foot, the board above it
        else:
            document.body.dataset.analysis = "off"
        self.refresh()

    def follow(self) -> None:
        """After the page drew a position: judge it if it is a new one."""
        if not self.on:
            return
        fragment = self.table.session.fragment()
        if fragment != self.fragment:
            self.fragment, self.marks, self.said = fragment, [], None
            self.still.drop()  # a press held the position before
            from engine.ai.analysis import glance

            document.body.dataset.analysis = "starting"
            self.show(glance(self.table.game, self.table.session.state))
            run_soon(self.judging(fragment))

    async def judging(self, fragment: str) -> None:
        """The judging loop on `fragment`, its state on the page (the module says which)."""
        self.run = mine = object()
        document.body.dataset.analysis = "judging"
        await self.loop.run(fragment)
        if self.run is mine:
            document.body.dataset.analysis = "done"

    def shown(self, reply: str) -> bool:
        """Show a reply of the worker's; True when the judging is done."""
        from engine.ai.analysis import Analysis

        analysis = Analysis.from_json(json.loads(reply))
        self.show(analysis)
        return analysis.done or analysis.elapsed >= MOST_SECONDS

    def failed(self, err: Exception) -> None:
        by_id("analysis-body").textContent = f"The computer could not judge: {err}"

    def show(self, analysis: Analysis) -> None:
        self.still.write(lambda: self.write(analysis))

    def write(self, analysis: Analysis) -> None:
        table = self.table
        game, state, view = table.game, table.state, table.view
        names = view.seat_names
        best = alternatives(game, state, [c.move for c in analysis.best])
        line = move_words(game, state, analysis.line)
        swatches = [table.board.swatch(view, seat) for seat in range(len(names))]
        body = by_id("analysis-body")
        focused = focused_move(body)
        body.innerHTML = panel_html(analysis, names, swatches, best, line, table.human_turn())
        if focused is not None:
            refocus(body, focused)
        self.marks = marks(game, table.board, state, analysis)
        self.refresh()
        first = best[0] if best else ""
        if first != self.said:
            self.said = first
            announce(words(analysis, names, best))


def focused_move(body: Any) -> tuple[str, int] | None:
    """The best move whose button in `body` has the focus, and its rank; None if none has."""
    buttons = list(body.querySelectorAll("[data-move]"))
    for rank, button in enumerate(buttons):
        if button.isSameNode(document.activeElement):
            return button.dataset.move, rank
    return None


def refocus(body: Any, focused: tuple[str, int]) -> None:
    """The focus back on the same move's button, or the one at its rank if it left the list."""
    move, rank = focused
    buttons = list(body.querySelectorAll("[data-move]"))
    same = [button for button in buttons if button.dataset.move == move]
    target = same[0] if same else buttons[min(rank, len(buttons) - 1)] if buttons else None
    if target is not None:
        target.focus()


async def judge_once(
    judge: Judge,
    fragment: str,
    seconds: float,
    button: str,
    waiting: str,
    failed: str,
    done: Callable[[Said], None],
) -> dict | None:
    """One judgement from the worker (for a hint, a draw offer), the button `button` disabled
    meanwhile and `waiting` said; None when it failed (`failed` and the reason said)."""
    element = by_id(button)
    element.disabled = True
    done(Said(message=waiting))
    try:
        return json.loads(await judge(fragment, seconds, random.randrange(2**31)))
    except Exception as err:
        done(Said(message=f"{failed}: {escape(str(err))}", error=True))
        return None
    finally:
        element.disabled = False


def draw_marks(marks: list[Mark]) -> None:
    """Outline each best move on the board, its chance on it: a tile or a domino as one
    outline (the lower-ranked set inside the better ones', so overlapping moves' outlines
    never coincide), each rank in its own colour as its label is, a domino's black half
    with a black disk; a move over separate cells (a piece's from and to) cell by cell."""
    svg = by_id("board").querySelector("svg")
    if not found(svg):
        return
    for old in svg.querySelectorAll(".best-marks"):
        old.remove()
    screen = svg.getScreenCTM()
    if not marks or not found(screen):
        return
    to_svg = screen.inverse()
    layer = document.createElementNS(SVG, "g")
    layer.setAttribute("class", "best-marks")
    layer.setAttribute("aria-hidden", "true")
    labels: list[tuple[float, float]] = []  # where labels went: the next keeps clear
    for mark in marks:
        boxes = {}
        for cell in mark.cells:
            element = svg.querySelector(f'[data-cell="{cell}"]')
            if found(element):
                boxes[cell] = box_in(element, to_svg)
        if boxes:
            draw_mark(layer, mark, boxes, labels)
    svg.append(layer)


def draw_mark(
    layer: Any,
    mark: Mark,
    boxes: dict[str, tuple[float, float, float, float]],
    labels: list[tuple[float, float]],
) -> None:
    """One best move's outline, disk and label into `layer`, given its cells' boxes (in the
    board's coordinates); its label keeps clear of those in `labels`, and joins them."""
    size = min(min(w, h) for _, _, w, h in boxes.values())
    line = max(1.5, size * (0.07 if mark.rank == 1 else 0.045))
    outlines = [union(boxes.values())] if mark.whole else list(boxes.values())
    inset = line / 2 + (mark.rank - 1) * line * 1.6 if mark.whole else line / 2
    for x, y, w, h in outlines:
        layer.append(
            shape(
                "rect",
                {
                    "x": x + inset,
                    "y": y + inset,
                    "width": w - 2 * inset,
                    "height": h - 2 * inset,
                    "rx": line,
                    "stroke-width": line,
                    "class": f"best-cell best-{mark.rank}",
                },
            )
        )
    if mark.dark in boxes:
        x, y, w, h = boxes[mark.dark]
        layer.append(
            shape(
                "circle",
                {
                    "cx": x + w / 2,
                    "cy": y + h / 2,
                    "r": size * 0.2,
                    "stroke-width": line * 0.6,
                    "class": f"best-dark best-{mark.rank}",
                },
            )
        )
    x, y, w, h = outlines[0] if mark.whole else boxes[mark.cells[-1]]
    if mark.dark:  # the label on the white half, the disk on the black
        x, y, w, h = boxes.get(mark.cells[-1], (x, y, w, h))
    font = size * 0.34
    cx, cy = clear_of(labels, x + w / 2, y + h / 2, font)
    labels.append((cx, cy))
    text = shape(
        "text",
        {
            "x": cx,
            "y": cy,
            "font-size": font,
            "stroke-width": line,
            "class": f"best-label best-{mark.rank}",
        },
    )
    text.textContent = mark.label
    layer.append(text)


def union(boxes: Any) -> tuple[float, float, float, float]:
    """The box round several boxes (x, y, width, height)."""
    boxes = list(boxes)
    left = min(x for x, _, _, _ in boxes)
    top = min(y for _, y, _, _ in boxes)
    right = max(x + w for x, _, w, _ in boxes)
    bottom = max(y + h for _, y, _, h in boxes)
    return left, top, right - left, bottom - top


def clear_of(taken: list[tuple[float, float]], x: float, y: float, font: float):
    """(x, y) moved down a line at a time until no label already placed is that near."""
    while any(abs(x - tx) < font * 2.2 and abs(y - ty) < font * 1.25 for tx, ty in taken):
        y += font * 1.3
    return x, y


def box_in(element: Any, to_svg: Any) -> tuple[float, float, float, float]:
    """(x, y, width, height) of an element's box in the board svg's own coordinates (the
    board may be turned round, or the cell drawn inside a moved group)."""
    box, matrix = element.getBBox(), to_svg.multiply(element.getScreenCTM())
    xs, ys = [], []
    for px, py in ((box.x, box.y), (box.x + box.width, box.y + box.height)):
        xs.append(matrix.a * px + matrix.c * py + matrix.e)
        ys.append(matrix.b * px + matrix.d * py + matrix.f)
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def shape(tag: str, attributes: dict) -> Any:
    element = document.createElementNS(SVG, tag)
    for name, value in attributes.items():
        element.setAttribute(name, str(value))
    return element
