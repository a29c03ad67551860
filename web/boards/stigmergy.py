"""Stigmergy's board: a hexhex of cells, stones, and who controls each cell.

Every cell is a hexagon tinted by its controller (darker for Black, lighter for
White) with a mark in the middle: a dot for Black's control, a ring for
White's, on empty cells and stones alike (in ink that shows on the stone).  The
overlay is on by default; the panel's "Show control" button or the C key turns it
off and on (it stays so across moves and games).  Row letters run up the left
edges; the cell numbers, counted from the left end of each row, label the
diagonals along the bottom and right edges and the top.  The cell under the pointer or
the keyboard cursor is named in the board's top-left corner, its row letter and numbers
picked out at the edges.

Playing: click an empty cell to place, an enemy stone on a cell you control
to flip it (those stones wear a dashed ring).  Pointing at a cell shows what a
click would do or why it may not (also in each cell's tooltip).  On a touch
screen the first tap previews and a second tap on the same cell plays.  The
komi bid, the side choice, Pass and Take the button live in the panel, where
buttons that are not yet allowed stay visible, greyed, saying when they are.

A pure `Board`: the cell under the pointer is the ui's `preview` (a Place or a Flip, whose
verdict says why it may not be played), the komi being entered its `pick` (KomiEntry), the
overlay its `prefs` (Prefs).  Legality comes from `view.moves`; the reasons in the tooltips
from the engine's `cell_refusal`, on the view's cells.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NamedTuple

from engine.core import PASS, View
from engine.games.stigmergy import (
    BLACK,
    BUTTON,
    COLOUR_IDS,
    COLOUR_NAMES,
    WHITE,
    Flip,
    Komi,
    Place,
    Side,
    StigmergyView,
    cell_refusal,
)

from .base import Board, Ui, attr, svg_open

UNIT = 40  # distance between neighbouring cell centres
RADIUS = UNIT / math.sqrt(3)  # a cell's corner distance (pointy-top hexagons)
HEX = tuple(
    (math.cos(math.radians(30 + 60 * k)), math.sin(math.radians(30 + 60 * k))) for k in range(6)
)
KIND = {3: "corner", 4: "edge", 6: "inside"}
ZOOM = 1.1  # CSS px per SVG unit when zoomed: cells 44 px across

STYLE = """
.stig-board .hex { fill: #dcb978; stroke: #8f7444; stroke-width: 1.2; cursor: pointer; }
.stig-board .hex.ctl-black { fill: #a8854a; } .stig-board .hex.ctl-white { fill: #f3e5c4; }
.stig-board .stone.black { fill: #1d1d1f; stroke: #000; stroke-width: 1.5; }
.stig-board .stone.white { fill: #fbfaf6; stroke: #4a4a4a; stroke-width: 1.5; }
.stig-board .ctl-mark.dot { stroke: none; } .stig-board .ctl-mark.ring { fill: none; stroke-width: 2.4; }
.stig-board .ctl-mark.ink-dark.dot { fill: #1d1d1f; } .stig-board .ctl-mark.ink-dark.ring { stroke: #1d1d1f; }
.stig-board .ctl-mark.ink-light.dot { fill: #fbfaf6; } .stig-board .ctl-mark.ink-light.ring { stroke: #fbfaf6; }
.stig-board .flippable { fill: none; stroke: var(--accent); stroke-width: 3; stroke-dasharray: 6 4; }
.stig-board .last { fill: none; stroke: var(--highlight); stroke-width: 3.2; }
.stig-board .ghost { fill-opacity: .55; stroke: var(--accent); stroke-width: 2.5; }
.stig-board .ghost.black { fill: #1d1d1f; } .stig-board .ghost.white { fill: #fbfaf6; }
.stig-board .nope { fill: var(--illegal); fill-opacity: .18; stroke: var(--illegal);
  stroke-width: 2.5; stroke-dasharray: 5 4; }
.stig-board .hover { fill: none; stroke: var(--accent); stroke-width: 2.5; }
.stig-board .kbd-cursor { stroke-width: 3.5; rx: 6px; }
.stig-board .label { fill: var(--muted); font-size: 13px; text-anchor: middle; dominant-baseline: central; }
.stig-board .label.row { font-weight: 600; } .stig-board .label.on { fill: var(--accent); font-weight: 700; }
.stig-board .coord-readout { fill: var(--fg); font-size: 22px; font-weight: 700;
  dominant-baseline: central; font-variant-numeric: tabular-nums; }
.stig-board .cells g:focus { outline: none; }
.swatch.stig-black { background: #1d1d1f; border-radius: 50%; }
.swatch.stig-white { background: #fbfaf6; border-radius: 50%; }
.swatch.stig-none { background: repeating-linear-gradient(45deg, #1d1d1f 0 4px, #fbfaf6 4px 8px); }
.stig-panel h3 { font-size: 1rem; margin: .2rem 0 .3rem; } .stig-panel p { margin: .3rem 0; }
.stig-panel .note { color: var(--muted); font-size: .92em; }
.stig-panel .row { display: flex; flex-wrap: wrap; align-items: center; gap: .3rem; margin: .35rem 0; }
.stig-panel .komi-value { min-width: 3.2rem; text-align: center; font-size: 1.25rem; font-weight: 700;
  font-variant-numeric: tabular-nums; }
.stig-panel table { border-collapse: collapse; width: 100%; margin: .4rem 0; }
.stig-panel th, .stig-panel td { padding: .15rem .3rem; text-align: right; font-variant-numeric: tabular-nums; }
.stig-panel th:first-child { text-align: left; } .stig-panel .stig-zoom { display: none; }
.stig-panel thead th { border-bottom: 1px solid var(--line); font-weight: 600; font-size: .85em; }
.stig-panel tr.total th, .stig-panel tr.total td { font-weight: 700; border-top: 1px solid var(--line); }
.stig-panel .chip { display: inline-block; width: .85rem; height: .85rem; border-radius: 50%;
  border: 1px solid var(--edge); vertical-align: -1px; margin-right: .3rem; }
.stig-panel .chip.black { background: #1d1d1f; } .stig-panel .chip.white { background: #fbfaf6; }
.stig-panel .why { color: var(--muted); font-size: .88em; margin: 0 0 .3rem; }
.field:has(select[name="opt-komi"] option[value="bid"]:checked) input[name="opt-komi"] { display: none; }
@media (prefers-color-scheme: dark) { .swatch.stig-black, .stig-panel .chip.black { border-color: #000;
  background: radial-gradient(circle at 35% 35%, #9a9aa0, #3c3c41 40%, #0b0b0c 85%); } }
@media (max-width: 760px) { .stig-panel .stig-zoom { display: flex; }
  .board:has(> svg.stig-board.zoomed) { overflow: auto; overscroll-behavior: contain; contain: inline-size; }
  .board > svg.stig-board.zoomed { width: var(--zoom-w); height: var(--zoom-h); max-width: none; } }
.stig-panel [aria-pressed="true"] { background: color-mix(in srgb, var(--accent) 16%, var(--panel));
  border-color: var(--accent); }
"""


@dataclass(frozen=True)
class KomiEntry:
    """The ui's pick: the komi the first player is about to offer (the panel's number)."""

    komi: int = 0


@dataclass(frozen=True)
class Prefs:
    """The ui's prefs: whether each cell is tinted and marked by who controls it, and whether
    the board is drawn large (cells 44 px across) in a box that scrolls, on a narrow screen."""

    show_control: bool = True
    zoom: bool = False


DEFAULT_PREFS = Prefs()


def colour_name(colour: int | None) -> str:
    return "nobody" if colour is None else COLOUR_NAMES[colour]


def prefs_of(ui: Ui) -> Prefs:
    return ui.prefs if isinstance(ui.prefs, Prefs) else DEFAULT_PREFS


def toggled(ui: Ui, name: str) -> Ui:
    """The ui with one of its prefs (show_control, zoom) turned the other way."""
    prefs = prefs_of(ui)
    return replace(ui, prefs=replace(prefs, **{name: not getattr(prefs, name)}))


def komi_entry(ui: Ui) -> int:
    return ui.pick.komi if isinstance(ui.pick, KomiEntry) else 0


def mover_colour(view: StigmergyView) -> int | None:
    """The colour to make the next board play (None before the sides are chosen or when over)."""
    if view.seat_colours is None or view.to_move < 0:
        return None
    return view.seat_colours[view.to_move]


def cell_move(view: StigmergyView, index: int) -> Place | Flip:
    """The move a click on this cell asks for: a flip on a stone, else a placement."""
    return Flip(index) if view.cells[index].stone is not None else Place(index)


def move_text(view: StigmergyView, move: Place | Flip) -> str:
    """The move as written (d4, d4x): the notation is a cell's name, and x for a flip."""
    return view.cells[move.cell].name + ("x" if isinstance(move, Flip) else "")


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


# --------------------------------------------------------------------------- the board's cells


@lru_cache(maxsize=4)
def cells_layer(view: StigmergyView, live: bool, show_control: bool, flipped: bool) -> str:
    """The cells and labels, which change with the position but not with the pointer: kept
    (a pure function of its arguments, remembered for the last few)."""
    frame = Frame.of(view, flipped)
    legal = set(view.moves) if live and view.phase == "play" else set()
    layer = ['<g class="cells">']
    layer.extend(
        cell_svg(view, index, frame, legal, live, show_control) for index in range(len(view.cells))
    )
    layer.append('</g><g pointer-events="none">')
    layer.extend(labels(view, frame))
    return "".join(layer)


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


def labels(view: StigmergyView, frame: Frame) -> list[str]:
    return [
        f'<text class="{cls}" x="{x}" y="{y}">{text}</text>'
        for cls, x, y, text in label_spots(view, frame)
    ]


def pointed_cell(view: StigmergyView, ui: Ui) -> int | None:
    """The cell the pointer is on (the ui's preview) or else the keyboard cursor's, if any."""
    if isinstance(ui.preview, (Place, Flip)):
        return ui.preview.cell
    return next((i for i, c in enumerate(view.cells) if c.name == ui.cursor), None)


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


# --------------------------------------------------------------------------- beside the board


def bid_panel(view: StigmergyView, ui: Ui) -> str:
    low, high = -view.komi_limit, view.komi_limit
    value = max(low, min(high, komi_entry(ui)))
    intro = (
        "<h3>Komi bid</h3><p>Komi: points added to White's score to make up for Black "
        f"moving first (it may be negative). First player: name it, from {low} to "
        f"{high}. The second player then picks a colour, so bid what you think is fair. "
        "An odd komi brings the button: +½ for whoever takes it.</p>"
    )
    if not ui.live:
        return intro
    steps = "".join(
        f'<button type="button" data-action="komi-step" data-step="{step}" '
        f'aria-label="komi {step:+d}">{step:+d}</button>'
        for step in (-10, -1)
    )
    steps += f'<output class="komi-value" aria-live="polite">{value}</output>' + "".join(
        f'<button type="button" data-action="komi-step" data-step="{step}" '
        f'aria-label="komi {step:+d}">{step:+d}</button>'
        for step in (1, 10)
    )
    return (
        intro + f'<div class="row">{steps}</div><div class="row"><button type="button" '
        f'class="primary" data-action="komi" title="Offer this komi; the second player '
        f'then picks a colour">Offer komi {value}</button><button type="button" '
        f'data-action="komi-zero">Reset to 0</button></div><p class="note">Or type the '
        f"number: digits, - for minus, Backspace.</p>"
    )


def side_panel(view: StigmergyView, ui: Ui) -> str:
    komi = view.komi
    button = " The komi is odd, so the button is in play." if view.button_in_play else ""
    text = (
        f"<h3>Choose a colour</h3><p>The first player set the komi at <strong>{komi}"
        f"</strong>. Second player: Black makes the first board move; White gets "
        f"{komi} komi.{button}</p>"
    )
    if not ui.live:
        return text
    choices = "".join(
        f'<button type="button" data-action="side" data-colour="{COLOUR_IDS[c]}" '
        f'title="{attr(tip)}"><span class="chip {COLOUR_IDS[c]}"></span>'
        f"Play {COLOUR_NAMES[c]}</button>"
        for c, tip in (
            (BLACK, "Take Black: you move first, without komi."),
            (WHITE, f"Take White: you move second and get {komi} komi."),
        )
    )
    return text + f'<div class="row">{choices}</div>'


def turn_panel(view: StigmergyView, ui: Ui) -> str:
    legal = set(view.moves) if ui.live else set()
    open_cells = sum(1 for c in view.cells if c.stone is None and c.control is None)
    rows = ["<h3>Turn</h3>"]
    if view.button_in_play:
        tip = (
            "Take the button instead of a board play: +0.5 at the end. Available until "
            "someone takes it; until then nobody may pass."
        )
        if view.button_untaken:
            now = "Nobody has the button yet, so nobody may pass."
        else:
            now = f"{colour_name(view.button_holder)} holds the button (+0.5)."
        rows.append(word_button(BUTTON, "Take the button", tip, legal, now))
    tip = (
        "Pass: allowed once every empty cell is controlled by someone"
        + (" and the button has been taken" if view.button_in_play else "")
        + ". Two passes in a row end the game."
    )
    if PASS in legal:
        now = "Every empty cell is controlled: you may pass."
    else:
        reasons = []
        if open_cells:
            reasons.append(
                f"{open_cells} empty cell{'s are' if open_cells != 1 else ' is'} "
                "not controlled yet"
            )
        if view.button_untaken:
            reasons.append("the button is untaken")
        now = ("Not yet: " + " and ".join(reasons) + ".") if reasons else ""
    rows.append(word_button(PASS, "Pass", tip, legal, now))
    if not view.button_in_play:
        rows.append(f'<p class="note">No button: the komi ({view.komi}) is even.</p>')
    return "".join(rows)


def word_button(move: str, label: str, tip: str, legal: set, why: str) -> str:
    disabled = "" if move in legal else " disabled"
    return (
        f'<div class="row" title="{attr(tip)}"><button type="button" data-action="word" '
        f'data-move="{move}" title="{attr(tip)}"{disabled}>{label}</button></div>'
        f'<p class="why">{attr(why)}</p>'
    )


SCORE_ROWS = (
    ("stones", "Stones", "stones on the board"),
    ("territory", "Cells", "empty cells this colour controls"),
    ("komi", "Komi", "added to White's score"),
    ("button", "Button", "half a point for the button's holder"),
    ("total", "Total", ""),
)


def score_table(view: StigmergyView) -> str:
    """The live score, one column per colour, one row per part."""
    seats = view.seat_colours
    head = ['<table class="score-parts"><thead><tr><th scope="col">Score</th>']
    for colour in (BLACK, WHITE):
        who = f' title="player {seats.index(colour) + 1}"' if seats is not None else ""
        head.append(
            f'<th scope="col"{who}><span class="chip {COLOUR_IDS[colour]}"></span>'
            f"{COLOUR_NAMES[colour]}</th>"
        )
    head.append("</tr></thead><tbody>")
    rows = []
    for key, label, tip in SCORE_ROWS:
        values = []
        for colour in (BLACK, WHITE):
            value: object = getattr(view.score[colour], key)
            if key == "button":
                value = "½" if value else "–"
            elif key == "komi" and (colour == BLACK or view.komi is None):
                value = "–"
            values.append(f"<td>{value}</td>")
        cls = ' class="total"' if key == "total" else ""
        rows.append(
            f'<tr{cls}><th scope="row" title="{attr(tip)}">{label}</th>{"".join(values)}</tr>'
        )
    note = (
        '<p class="note">Stones + empty cells controlled, + komi for White, + ½ for '
        "the button.</p>"
    )
    return "".join(head) + "".join(rows) + "</tbody></table>" + note


# --------------------------------------------------------------------------- the renderer


class StigmergyBoard(Board[StigmergyView]):
    can_flip = True

    # ---- drawing

    def draw(self, view: StigmergyView, ui: Ui) -> str:
        frame = Frame.of(view, ui.flipped)
        width, height = (frame.right - frame.left) * UNIT, (frame.top - frame.bottom) * UNIT
        label = f"Stigmergy board, {view.size} cells a side"
        zoom = (
            f'class="stig-board zoomed" style="--zoom-w: {width * ZOOM:.0f}px; '
            f'--zoom-h: {height * ZOOM:.0f}px" '
            if prefs_of(ui).zoom
            else 'class="stig-board" '
        )
        out = [
            svg_open(round(width, 1), round(height, 1), label).replace("<svg ", "<svg " + zoom, 1),
            f"<style>{STYLE}</style>",
            cells_layer(view, ui.live, prefs_of(ui).show_control, ui.flipped),
        ]
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

    def panel(self, view: StigmergyView, ui: Ui) -> str:
        zoomed = "true" if prefs_of(ui).zoom else "false"
        parts = [
            '<div class="stig-panel">',
            f'<div class="row stig-zoom"><button type="button" '
            f'data-action="zoom" aria-pressed="{zoomed}" title="Draw the board larger, '
            f'in a box you can pan (key Z)">Zoom board</button></div>',
        ]
        if view.phase == "bid":
            parts.append(bid_panel(view, ui))
        elif view.phase == "side":
            parts.append(side_panel(view, ui))
        elif view.result is None:
            parts.append(turn_panel(view, ui))
        parts.append(score_table(view))
        pressed = "true" if prefs_of(ui).show_control else "false"
        parts.append(
            f'<div class="row"><button type="button" data-action="overlay" '
            f'aria-pressed="{pressed}" title="Tint each cell by who controls it '
            f'(key C)">Show control</button><span class="note">● dot: Black controls, '
            f"○ ring: White controls</span></div>"
        )
        parts.append("</div>")
        return "".join(parts)

    def actions(self, view: View) -> list[tuple[str, str, str]]:
        """Nothing under the board: the panel holds every word move, with its reason."""
        return []

    def cell_name(self, view: StigmergyView, index: int) -> str:
        return view.cells[index].name

    def swatch(self, view: StigmergyView, seat: int) -> str:
        colours = view.seat_colours
        return f"stig-{COLOUR_IDS[colours[seat]] if colours is not None else 'none'}"

    def prompt(self, view: StigmergyView, ui: Ui) -> str:
        if view.phase == "bid":
            return (
                f"First player: choose the komi ({-view.komi_limit} to {view.komi_limit}), "
                "points added to White's score. The second player then picks a colour."
            )
        if view.phase == "side":
            return (
                f"Second player: the komi is {view.komi}. Choose to play Black (moves "
                "first) or White (gets the komi)."
            )
        mover = view.seat_names[view.to_move]
        shown = board_move(view, ui)
        if ui.refused is not None and shown is not None:
            if ui.refused.code == "own-stone":
                return f"{mover} to move. {view.cells[shown.cell].name} is already your stone."
            return f"{mover} to move. You cannot play {move_text(view, shown)}: {ui.refused.text}."
        if shown is not None:
            return f"{mover} to move. {self.hint(view, ui, shown)}"
        return (
            f"{mover} to move: click an empty cell to place, or an enemy stone on a cell "
            "you control to flip it."
        )

    @staticmethod
    def hint(view: StigmergyView, ui: Ui, move: Place | Flip) -> str:
        """What a click on the cell under the pointer would do, or why it may not."""
        cell = view.cells[move.cell]
        if move in view.moves:
            return (
                f"Click to flip {cell.name}."
                if cell.stone is not None
                else f"Click to place on {cell.name}."
            )
        if cell.stone == mover_colour(view):
            return f"{cell.name} is your stone."
        why = ui.verdict.text if ui.verdict is not None else ""
        return f"Not {move_text(view, move)}: {why}."

    # ---- events

    def hit(
        self,
        view: StigmergyView,
        ui: Ui,
        target: dict | None,
        gesture: str = "click",
        source: dict | None = None,
    ) -> tuple[Ui, Any]:
        if gesture == "hover":
            move = self.target_move(view, target)
            if move == ui.preview:
                return ui, None
            return replace(ui, preview=move, refused=None), None
        if not target or gesture != "click":
            return ui, None
        if target.get("action"):
            return self.panel_hit(view, ui, target)
        move = self.target_move(view, target)
        if move is None:
            return ui, None
        if move != ui.preview:  # a tap with no hover first: preview, then play
            return replace(ui, preview=move, refused=None), None
        return replace(ui, refused=None), move  # the engine refuses what is not legal

    @staticmethod
    def target_move(view: StigmergyView, target: dict | None) -> Place | Flip | None:
        """The board play a cell under the pointer stands for (in play only), or None."""
        name = target.get("cell") if target else None
        if not name or view.phase != "play":
            return None
        index = next((i for i, c in enumerate(view.cells) if c.name == name), None)
        return None if index is None else cell_move(view, index)

    @staticmethod
    def panel_hit(view: StigmergyView, ui: Ui, target: dict) -> tuple[Ui, Any]:
        action = target.get("action")
        limit, entry = view.komi_limit, komi_entry(ui)
        if action in ("overlay", "zoom"):
            return toggled(ui, "zoom" if action == "zoom" else "show_control"), None
        if action == "komi-step":
            step = int(target.get("step", "0"))
            return replace(ui, pick=KomiEntry(max(-limit, min(limit, entry + step)))), None
        if action == "komi-zero":
            return replace(ui, pick=KomiEntry(0)), None
        move: Any = None
        if action == "komi":
            move = Komi(entry)
        elif action == "side" and target.get("colour") in COLOUR_IDS:
            move = Side(COLOUR_IDS.index(target["colour"]))
        elif action == "word":
            move = target.get("move")
        if move is not None and move in view.moves:
            return replace(ui, refused=None), move
        return ui, None

    def key(self, view: StigmergyView, ui: Ui, key: str) -> Ui | None:
        if key.lower() in ("c", "z"):
            return toggled(ui, "zoom" if key.lower() == "z" else "show_control")
        if view.phase != "bid":
            return None
        entry = komi_entry(ui)
        digits, negative = str(abs(entry)), entry < 0
        if key.isdigit() and len(key) == 1:
            digits = (digits + key).lstrip("0") or "0"
        elif key == "Backspace":
            digits = digits[:-1] or "0"
        elif key == "-":
            negative = not negative
        elif key == "+":
            negative = False
        else:
            return None
        value = -int(digits) if negative else int(digits)
        return replace(ui, pick=KomiEntry(max(-view.komi_limit, min(view.komi_limit, value))))

    # ---- the new-game form

    def option_html(self, option, value, text: str) -> str:
        if option.name != "komi":
            return super().option_html(option, value, text)
        bid = value == "bid"
        number = 7 if bid else value
        return (
            f'<span class="row"><select name="opt-komi" aria-label="Komi mode">'
            f'<option value="bid"{" selected" if bid else ""}>Bid</option>'
            f'<option value="fixed"{"" if bid else " selected"}>Fixed</option></select>'
            f'<input type="number" name="opt-komi" value="{number}" min="-271" max="271" '
            f'aria-label="Fixed komi"></span>'
        )

    def option_value(self, option, values: list[str]):
        if option.name != "komi":
            return super().option_value(option, values)
        if values[0] == "bid":
            return "bid"
        return self.game.parse_option("komi", values[1] if len(values) > 1 else "")


BOARD = StigmergyBoard
