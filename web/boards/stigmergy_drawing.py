"""Stigmergy's board as SVG: a hexhex of cells, each a hexagon tinted by who controls it (darker
for Black, lighter for White) with a mark in the middle, a dot for Black's control and a ring for
White's, on empty cells and stones alike (in ink that shows on the stone); the stones (a dashed
ring on those the mover may flip); the row letters up the left edges and the cell numbers along
the diagonals; the last move, what a click on the cell under the pointer would do, and the
pointed cell's name in the top-left corner with its row letter and numbers picked out.

Pure, as every renderer (web/boards/base.py); web/boards/stigmergy.py, the renderer, draws the
board with `board_svg`.  Its styles are web/boards/stigmergy.css's.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from engine.games.stigmergy.rules import (
    BLACK,
    COLOUR_IDS,
    COLOUR_NAMES,
    Flip,
    Place,
    StigmergyView,
    cell_refusal,
)

from .base import Ui, attr, svg_open

UNIT = 40  # distance between neighbouring cell centres
RADIUS = UNIT / math.sqrt(3)  # a cell's corner distance (pointy-top hexagons)
HEX = tuple(
    (math.cos(math.radians(30 + 60 * k)), math.sin(math.radians(30 + 60 * k))) for k in range(6)
)
KIND = {3: "corner", 4: "edge", 6: "inside"}
ZOOM = 1.1  # CSS px per SVG unit when zoomed: cells 44 px across


def colour_name(colour: int | None) -> str:
    return "nobody" if colour is None else COLOUR_NAMES[colour]


def mover_colour(view: StigmergyView) -> int | None:
    """The colour to make the next board play (None before the sides are chosen or when over)."""
    if view.seat_colours is None or view.to_move < 0:
        return None
    return view.seat_colours[view.to_move]


def cell_move(view: StigmergyView, index: int) -> Place | Flip:
    """The move a click on this cell asks for: a flip on a stone, else a placement."""
    return Flip(index) if view.cells[index].stone is not None else Place(index)


def board_move(view: StigmergyView, ui: Ui) -> Place | Flip | None:
    """The board play the pointer shows (the ui's preview), if any."""
    move = ui.preview
    return move if isinstance(move, (Place, Flip)) and view.phase == "play" else None


class Frame(NamedTuple):
    """Where the drawing puts the board: cell coordinates to SVG user units."""

    left: float
    right: float
    bottom: float
    top: float
    flipped: bool

    @classmethod
    def of(cls, view: StigmergyView, flipped: bool) -> Frame:
        xs = [c.x for c in view.cells]
        ys = [c.y for c in view.cells]
        # Room for the row letters on the left and the numbers on the other edges.
        return cls(min(xs) - 1.3, max(xs) + 0.85, min(ys) - 1.15, max(ys) + 1.15, flipped)

    def at(self, x: float, y: float) -> tuple[float, float]:
        if self.flipped:  # turned 180° about the drawing's centre
            return round((self.right - x) * UNIT, 2), round((y - self.bottom) * UNIT, 2)
        return round((x - self.left) * UNIT, 2), round((self.top - y) * UNIT, 2)


def hex_points(cx: float, cy: float, scale: float = 1.0) -> str:
    r = RADIUS * scale
    return " ".join(f"{cx + r * dx:.1f},{cy + r * dy:.1f}" for dx, dy in HEX)


def cell_px(view: StigmergyView, box: float) -> float:
    """How wide a cell is drawn, in CSS px, when the whole board fits a square `box` px wide
    (not zoomed: a phone's board)."""
    frame = Frame.of(view, False)
    width, height = (frame.right - frame.left) * UNIT, (frame.top - frame.bottom) * UNIT
    return UNIT * box / max(width, height)


# --------------------------------------------------------------------------- the whole board


def board_svg(view: StigmergyView, ui: Ui, show_control: bool, zoom: bool) -> str:
    """The board for the ui: tinted and marked by control when `show_control`, drawn large
    (for a box that scrolls, on a narrow screen) when `zoom`."""
    frame = Frame.of(view, ui.flipped)
    width, height = (frame.right - frame.left) * UNIT, (frame.top - frame.bottom) * UNIT
    label = f"Stigmergy board, {view.size} cells a side"
    if zoom:
        cls = "stig-board zoomed"
        size = f"--zoom-w: {width * ZOOM:.0f}px; --zoom-h: {height * ZOOM:.0f}px"
    else:
        cls, size = "stig-board", ""
    out = [
        svg_open(round(width, 1), round(height, 1), label, cls, size),
        cells_layer(view, ui.live, show_control, ui.flipped),
        '<g pointer-events="none">',
        labels_layer(view, ui.flipped),
    ]
    if zoom:  # the edges' labels scroll out of sight: each empty cell names itself
        out.append(cell_names(view, frame))
    for index in view.last:
        cell = view.cells[index]
        cx, cy = frame.at(cell.x, cell.y)
        out.append(f'<circle class="last" cx="{cx}" cy="{cy}" r="{UNIT * 0.46:.1f}"/>')
    shown = board_move(view, ui)
    if ui.live and shown is not None:
        out.append(hover_svg(view, shown, frame))
    pointed = pointed_cell(view, ui)
    if pointed is not None:
        out.append(coordinate_svg(view, frame, pointed))
    out.append("</g></svg>")
    return "".join(out)


# --------------------------------------------------------------------------- the cells


@lru_cache(maxsize=4)
def cells_layer(view: StigmergyView, live: bool, show_control: bool, flipped: bool) -> str:
    """The cells, which change with the position but not with the pointer: kept (a pure
    function of its arguments, remembered for the last few)."""
    frame = Frame.of(view, flipped)
    legal = set(view.moves) if live and view.phase == "play" else set()
    cells = "".join(
        cell_svg(view, index, frame, legal, live, show_control) for index in range(len(view.cells))
    )
    return f'<g class="cells">{cells}</g>'


def cell_svg(
    view: StigmergyView, index: int, frame: Frame, legal: set, live: bool, show_control: bool
) -> str:
    cell = view.cells[index]
    cx, cy = frame.at(cell.x, cell.y)
    owner = cell.control if show_control else None
    tint = f" ctl-{COLOUR_IDS[owner]}" if owner is not None else ""
    text = attr(describe(view, index, legal, live))
    parts = [
        f'<g data-cell="{cell.name}" aria-label="{text}">',
        f'<polygon class="hex{tint}" points="{hex_points(cx, cy)}"/>',
        f"<title>{text}</title>",
    ]
    if cell.stone is not None:
        parts.append(
            f'<circle class="stone {COLOUR_IDS[cell.stone]}" data-on="{index}" '
            f'cx="{cx}" cy="{cy}" r="{UNIT * 0.4:.1f}"/>'
        )
        if Flip(index) in legal:
            parts.append(f'<circle class="flippable" cx="{cx}" cy="{cy}" r="{UNIT * 0.47:.1f}"/>')
    if owner is not None:
        parts.append(control_mark(owner, cell.stone, cx, cy))
    parts.append("</g>")
    return "".join(parts)


def control_mark(owner: int, stone: int | None, cx: float, cy: float) -> str:
    """Black's control is a dot, White's a ring (the shape says it, not only the shade),
    drawn in ink that stands out from the stone under it."""
    shape = "dot" if owner == BLACK else "ring"
    ink = "ink-light" if stone == BLACK else "ink-dark"
    r = UNIT * (0.12 if shape == "dot" else 0.13)
    return f'<circle class="ctl-mark {shape} {ink}" cx="{cx}" cy="{cy}" r="{r:.1f}"/>'


def describe(view: StigmergyView, index: int, legal: set, live: bool) -> str:
    cell = view.cells[index]
    what = f"{colour_name(cell.stone)} stone" if cell.stone is not None else "empty"
    black, white = cell.sees
    text = (
        f"{cell.name}: {what}, controlled by {colour_name(cell.control)}. It sees "
        f"{black} Black and {white} White; control needs {cell.needs} "
        f"({KIND.get(cell.neighbours, 'cell')})."
    )
    mover = mover_colour(view)
    if not live or view.phase != "play" or mover is None:
        return text
    if cell_move(view, index) in legal:
        return text + (" Click to flip it." if cell.stone is not None else " Click to place here.")
    if cell.stone == mover:
        return text
    why = cell_refusal(cell, cell.stone is not None, mover).text
    return text + f" {colour_name(mover)} may not play here: {why}."


def hover_svg(view: StigmergyView, move: Place | Flip, frame: Frame) -> str:
    cell = view.cells[move.cell]
    cx, cy = frame.at(cell.x, cell.y)
    mover = mover_colour(view)
    if move in view.moves and mover is not None:
        return (
            f'<circle class="ghost {COLOUR_IDS[mover]}" cx="{cx}" cy="{cy}" '
            f'r="{UNIT * 0.34:.1f}"/>'
        )
    if cell.stone == mover:
        return f'<polygon class="hover" points="{hex_points(cx, cy, 0.9)}"/>'
    return f'<polygon class="nope" points="{hex_points(cx, cy, 0.9)}"/>'


# --------------------------------------------------------------------------- the edges' labels


@lru_cache(maxsize=4)
def labels_layer(view: StigmergyView, flipped: bool) -> str:
    """The row letters and cell numbers round the edges (kept, as the cells are)."""
    frame = Frame.of(view, flipped)
    return "".join(
        f'<text class="{cls}" x="{x}" y="{y}">{text}</text>'
        for cls, x, y, text in label_spots(view, frame)
    )


def label_spots(view: StigmergyView, frame: Frame) -> list[tuple[str, float, float, str]]:
    """Where the edge labels go, as (class, x, y, text): row letters left of each row; cell
    numbers at both ends of the diagonals they name (a number stays the same up-left
    through the lower half, up-right through the upper)."""
    out = []
    rows, cells = view.rows, view.cells
    middle = len(rows) // 2
    dy = math.sqrt(3) / 2
    for row in rows:
        first = cells[row.first]
        x, y = frame.at(first.x - 0.95, first.y)
        out.append(("label row", x, y, row.letter))
    longest = rows[middle].length
    for number in range(1, longest + 1):
        low = next(r for r in rows[: middle + 1] if r.length >= number)
        high = next(r for r in reversed(rows[middle:]) if r.length >= number)
        for row, sign in ((low, -1), (high, 1)):
            cell = cells[row.first + number - 1]
            x, y = frame.at(cell.x + 0.5 * 0.95, cell.y + sign * dy * 0.95)
            out.append(("label", x, y, str(number)))
    return out


def pointed_cell(view: StigmergyView, ui: Ui) -> int | None:
    """The cell the pointer is on (the ui's preview) or else the keyboard cursor's, if any."""
    if isinstance(ui.preview, (Place, Flip)):
        return ui.preview.cell
    return next((i for i, c in enumerate(view.cells) if c.name == ui.cursor), None)


def cell_names(view: StigmergyView, frame: Frame) -> str:
    """Each empty cell's name, small, low in the cell: the zoomed board's coordinates."""
    names = []
    for cell in view.cells:
        if cell.stone is None:
            cx, cy = frame.at(cell.x, cell.y)
            names.append(
                f'<text class="cell-name" x="{cx:.1f}" y="{cy + UNIT * 0.27:.1f}">'
                f"{cell.name}</text>"
            )
    return f'<g class="cell-names">{"".join(names)}</g>'


def coordinate_svg(view: StigmergyView, frame: Frame, index: int) -> str:
    """The pointed cell's name in the board's top-left corner, and its row letter and
    diagonal numbers at the edges picked out, since the cells inside carry no labels."""
    row = next(r for r in view.rows if r.first <= index < r.first + r.length)
    letter, number = row.letter, str(index - row.first + 1)
    marks = "".join(
        f'<text class="{cls} on" x="{x}" y="{y}">{text}</text>'
        for cls, x, y, text in label_spots(view, frame)
        if text == (letter if cls == "label row" else number)
    )
    return (
        f'<g class="pointed" pointer-events="none"><text class="coord-readout" x="8" '
        f'y="22">{view.cells[index].name}</text>{marks}</g>'
    )
