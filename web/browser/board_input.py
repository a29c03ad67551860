"""The board's pointer, keys and keyboard cursor in the DOM (browser only).

`BoardInput` turns pointer and key events on the board into the table's `hit`, `hover`
and `key` (web/logic/table.py) and redraws (web/logic/screen.py); `Cursor` measures the
drawn cells to move a keyboard cursor across them in the direction of an arrow key, on any
board shape.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window

from web.browser.dom import announce, by_id, closest, data_of, found
from web.logic import screen
from web.logic.table import Table

TARGET = "[data-cell],[data-action]"  # what a pointer event on the board is about
# web/style.css's small screens: a phone (the board across it), a tablet held upright, and a
# phone held sideways (the board as tall as the screen)
SMALL_SCREEN = (
    "(max-width: 760px), (max-height: 500px), (max-width: 1199px) and (orientation: portrait)"
)
ARROWS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


class BoardInput:
    """The pointer and the keyboard on the board: the table says what they do, this
    redraws the board and hands a finished move to `play`."""

    def __init__(self, table: Table, play: Callable[[Any], None]):
        self.table, self.play = table, play
        self.cursor = Cursor(table)
        self.keyed = False  # the page's last input was a key, not a pointer
        self.press: dict[str, str] | None = None  # data of the element a pointer went down on
        self.grab: tuple[float, float] | None = None  # where a mouse went down on a cell,
        self.dragging = False  # and whether it has moved since
        self.drawn: Callable[[], None] = lambda: None  # after each drawing of the board
        # what the status says after a redraw, from the board's own words: the page's (a
        # puzzle answered keeps its own)
        self.worded: Callable[[str], str] = lambda said: said

    def draw(self, svg: str, status: str) -> None:
        board = by_id("board")
        wide = board.scrollWidth
        board.innerHTML = svg
        if board.scrollWidth != wide:  # drawn at another size (zoomed): show its middle
            board.scrollLeft = (board.scrollWidth - board.clientWidth) / 2
            board.scrollTop = (board.scrollHeight - board.clientHeight) / 2
        by_id("status").textContent = status
        self.drawn()
        if self.cursor.keyboard and document.activeElement == by_id("board"):
            self.cursor.show()

    def fit(self, event: Any = None) -> None:
        """Tell the table how wide the board is on a phone's screen, upright or sideways (0
        on a larger one): a board may draw itself larger for a finger.  After a resize (a
        phone turned round) that changed it, the board is drawn again."""
        small = bool(window.matchMedia(SMALL_SCREEN).matches)
        board = by_id("board")
        width = float(board.getBoundingClientRect().width) if small else 0.0
        if self.table.use_narrow(width) and event is not None:
            self.redraw_live()
        board.dataset.fittedTo = str(window.innerWidth)  # for tests: this width is handled

    def redraw(self) -> None:
        """The board and the status line, after the pointer or the keyboard moved."""
        self.draw(screen.board_svg(self.table), self.worded(screen.status(self.table)))

    def redraw_live(self) -> None:
        """The board, the status line and the panel, after a click that made no move."""
        self.redraw()
        by_id("panel").innerHTML = screen.panel_html(self.table)

    def made(self, move: Any) -> None:
        """The move a gesture on the board made, or None: show why not, or what is chosen."""
        if move is not None:
            self.play(move)
        else:
            self.redraw_live()

    def on_move(self, event: Any) -> None:
        if event.pointerType == "touch":  # a tap previews, a second tap confirms
            return
        pointed = data_of(closest(event, TARGET))
        if self.table.hover(pointed):
            self.redraw()
        by_id("board").dataset.pointed = (pointed or {}).get("cell", "")  # for tests
        self.follow(event)

    def follow(self, event: Any) -> None:
        """A dragged piece follows the pointer (a board marks such pieces data-drag="<cell>")."""
        if self.grab is None or not self.press or not event.buttons:
            return
        dx, dy = event.clientX - self.grab[0], event.clientY - self.grab[1]
        if abs(dx) + abs(dy) < 5:  # a click's jitter is not a drag
            return
        if not self.dragging:  # it begins: the board may choose the piece
            self.dragging, before = True, self.table.ui
            self.table.hit(self.press, "grab")
            if self.table.ui != before:
                self.redraw()
        piece = document.querySelector(f"#board [data-drag='{self.press.get('cell')}']")
        if found(piece):
            if not piece.hasAttribute("data-at"):  # drawn afresh: on top of the others
                piece.setAttribute("data-at", piece.getAttribute("transform") or "")
                piece.parentNode.appendChild(piece)
            x, y = (d / piece.ownerSVGElement.getScreenCTM().a for d in (dx, dy))  # svg units
            piece.setAttribute(
                "transform", f"{piece.getAttribute('data-at')} translate({x:.1f} {y:.1f})"
            )

    def on_leave(self, event: Any) -> None:
        if event.pointerType == "touch":  # touch pointers "leave" after every tap
            return
        self.grab = None
        by_id("board").dataset.pointed = ""
        if self.table.hover(None) or found(document.querySelector("#board [data-at]")):
            self.redraw()  # a piece dragged off the board goes back

    def on_down(self, event: Any) -> None:
        self.table.use_touch(event.pointerType == "touch")  # the prompts say tap or click
        self.cursor.keyboard = False
        self.cursor.hide()
        self.press = data_of(closest(event, TARGET))
        piece = document.querySelector(f"#board [data-drag='{(self.press or {}).get('cell')}']")
        mouse = event.pointerType != "touch" and found(piece)  # a piece to drag
        self.grab, self.dragging = ((event.clientX, event.clientY) if mouse else None), False

    def on_up(self, event: Any) -> None:
        source, self.press, self.grab = self.press, None, None
        target = data_of(closest(event, TARGET))
        if source and target and source != target and self.table.human_turn():
            self.made(self.table.hit(target, "drop", source))
        elif found(document.querySelector("#board [data-at]")):
            self.redraw()  # a piece dragged and dropped off the squares

    def on_click(self, event: Any) -> None:
        if self.table.human_turn():
            self.made(self.table.hit(data_of(closest(event, TARGET))))

    def on_any_key(self, event: Any) -> None:
        self.keyed = True

    def on_any_pointer(self, event: Any) -> None:
        self.keyed = False

    def on_focus(self, event: Any) -> None:
        """Focus from the keyboard (Tab, or a key on a control that hands the board focus)
        shows the cursor; a click that focuses does not, nor focus the page gives before any
        key was pressed (a puzzle opened by its link), which a browser may still call
        focus-visible: then a ring on some square would mean nothing.  The first key shows it."""
        if self.keyed and by_id("board").matches(":focus-visible"):
            self.cursor.keyboard = True
            said = self.cursor.show()
            self.redraw()  # the board may show where the cursor is
            announce(said)

    def on_key(self, event: Any) -> None:
        self.cursor.keyboard = True
        key = event.key
        if key in ARROWS:
            cell = self.cursor.step(*ARROWS[key])
            if cell is not None:  # else at the edge, or no cursor yet: stay, and say where
                self.table.point_at(cell.getAttribute("data-cell"))
                if self.table.human_turn():
                    self.table.hover(data_of(cell))
            said = self.cursor.show()  # on the middle square when it had none
            self.redraw()  # the board may show where the cursor is
            announce(said)
        elif key in ("Enter", " "):
            element = self.cursor.element()
            if element is not None and self.table.human_turn():
                move = self.table.hit(data_of(element))
                self.made(move)
                if move is None:
                    announce(screen.prompt(self.table))
        elif key == "Escape":
            self.table.escape()
            self.redraw_live()
        else:
            return
        event.preventDefault()
        event.stopPropagation()


class Cursor:
    """The keyboard's cursor on the board: a ring round the square the table's
    `ui.cursor` names, moved by the arrow keys to the nearest square that way on screen
    (whatever the board's shape or turn)."""

    def __init__(self, table: Table):
        self.table = table
        self.keyboard = False  # the board is being used from the keyboard (show the ring)

    @staticmethod
    def cells() -> list[Any]:
        return list(document.querySelectorAll("#board [data-cell]"))

    def element(self) -> Any:
        """The square the cursor is on, or None."""
        if self.table.ui.cursor is None:
            return None
        element = document.querySelector(f'#board [data-cell="{self.table.ui.cursor}"]')
        return element if found(element) else None

    def show(self) -> str:
        """Draw a ring round the cursor's square (the middle square if none yet); what the
        square is, for screen readers ('' when the board has no squares)."""
        element = self.element()
        if element is None:
            cells = self.cells()
            if not cells:
                return ""
            element = cells[len(cells) // 2]
            self.table.point_at(element.getAttribute("data-cell"))
        self.hide()
        box = element.getBBox()
        ring = document.createElementNS("http://www.w3.org/2000/svg", "rect")
        for name, value in (
            ("x", box.x),
            ("y", box.y),
            ("width", box.width),
            ("height", box.height),
            ("class", "kbd-cursor"),
            ("pointer-events", "none"),
        ):
            ring.setAttribute(name, str(value))
        element.parentNode.appendChild(ring)  # the cell's own coordinates (any transform)
        return describe_cell(element)

    @staticmethod
    def hide() -> None:
        for ring in document.querySelectorAll("#board .kbd-cursor"):
            ring.remove()

    def step(self, dx: int, dy: int) -> Any:
        """The nearest square in the direction (dx, dy) on screen from the cursor's, or None
        (no cursor yet, or at the edge)."""
        here = self.element()
        if here is None:
            return None
        hb = here.getBoundingClientRect()
        hx, hy = hb.left + hb.width / 2, hb.top + hb.height / 2
        best, best_cost = None, 0.0
        for element in self.cells():
            box = element.getBoundingClientRect()
            ex, ey = box.left + box.width / 2 - hx, box.top + box.height / 2 - hy
            along = ex * dx + ey * dy
            across = abs(ex * dy - ey * dx)
            if along <= 1 or across > along * 1.2:
                continue
            cost = along + 2 * across
            if best is None or cost < best_cost:
                best, best_cost = element, cost
        return best


def describe_cell(element: Any) -> str:
    label = element.getAttribute("aria-label")
    if found(label) and label:
        return label
    title = element.querySelector("title")
    return title.textContent if found(title) else element.getAttribute("data-cell")
