"""Wythe's board: stacks of black-and-white dominoes, frozen halves, groups and the score.

Every top piece is drawn as one domino (two halves in one outline) so a
player sees which squares belong together; a piece that shows only one half
(the other half is covered) is drawn hatched with a dashed rim: that square is
frozen (the panel's legend draws both with this same code).  Each stack shows
its height in a corner badge and, from height 2, as layered edges.  Thick lines
separate groups; hovering a stack outlines its whole group and names it in the
status line.

Placing: click the square for the black half (the board then marks the legal
squares for the white half), then one of those.  Click the chosen square
again, press Escape or use Cancel to start over.  Swap and Pass are action
buttons under the board, each with a line saying what it does or why.

The renderer is a pure `Board`: what the player has chosen and points at is a
`WythePick` in `ui.pick`; the legal placements come from `view.moves`, and a
white half the rules refuse comes back from the engine as `ui.refused`.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import ClassVar

from engine.contract.core import PASS, SWAP
from engine.games.wythe.rules import BLACK, WHITE, Placement, WytheCell, WytheView

from . import motion
from .base import Board, Ui, attr, svg_open
from .motion import Motion
from .squares import CELL, MARGIN, coordinates, corner, side

INSET = 9


def hatches(prefix: str) -> str:
    """The hatching of frozen halves, as patterns `<prefix>-black` and `<prefix>-white`."""
    patterns = "".join(
        f'<pattern id="{prefix}-{colour}" width="16" height="16" patternUnits="userSpaceOnUse" '
        f'patternTransform="rotate(45)"><line x1="4" y1="0" x2="4" y2="16" class="{cls}"/>'
        f"</pattern>"
        for colour, cls in (("black", "wy-hatch-b"), ("white", "wy-hatch-w"))
    )
    return f"<defs>{patterns}</defs>"


HATCHES = hatches("wy-hatch")
SWAP_SENTENCE = (
    "Swap: instead of placing, take Black's first piece as yours and play Black "
    "from now on; the other player then places for White."
)


COLOUR_NAMES = ("black", "white")  # by colour (BLACK, WHITE): CSS classes and text


@dataclass(frozen=True)
class WythePick:
    """The board's half-made placement and the pointer (Ui.pick).

    black:    the square chosen for the black half, or None.
    hovered:  the square under the pointer, or None.
    no_black: a square just refused for the black half (the view tells why), or None.
    no_white: a square just refused for the white half (`ui.refused` tells why), or None.
    """

    black: int | None = None
    hovered: int | None = None
    no_black: int | None = None
    no_white: int | None = None


NOTHING = WythePick()


def pick_of(ui: Ui) -> WythePick:
    return ui.pick if isinstance(ui.pick, WythePick) else NOTHING


def partners(view: WytheView, black: int) -> list[int]:
    """The squares that can take the white half when the black half goes on `black`."""
    return [m.white for m in view.moves if isinstance(m, Placement) and m.black == black]


def square_of(view: WytheView, target: dict | None) -> int | None:
    if not target or "col" not in target:
        return None
    return int(target["row"]) * view.width + int(target["col"])


@dataclass(frozen=True)
class Frame:
    """Where the squares of a size×size board are drawn, turned round or not."""

    size: int
    flipped: bool

    def corner(self, square: int) -> tuple[int, int]:
        return corner(self.size, square % self.size, square // self.size, self.flipped)

    def box(self, squares) -> tuple[int, int, int, int]:
        """x, y, width, height of the inset outline of one or two squares."""
        xs, ys = zip(*(self.corner(s) for s in squares), strict=True)
        return (
            min(xs) + INSET,
            min(ys) + INSET,
            max(xs) + CELL - INSET - (min(xs) + INSET),
            max(ys) + CELL - INSET - (min(ys) + INSET),
        )

    def outline(self, squares, cls: str, inset: int) -> str:
        x, y, w, h = self.box(squares)
        d = inset - INSET
        return (
            f'<rect class="{cls}" x="{x + d}" y="{y + d}" width="{w - 2 * d}" '
            f'height="{h - 2 * d}" rx="8"/>'
        )

    def edges(self, inside) -> list[str]:
        """Path pieces along the border of a set of squares."""
        size, lines = self.size, []
        for s in inside:
            col, row = s % size, s // size
            x, y = self.corner(s)
            if col == 0 or s - 1 not in inside:
                lines.append(side(x, y, -1, 0, self.flipped))
            if col == size - 1 or s + 1 not in inside:
                lines.append(side(x, y, 1, 0, self.flipped))
            if row == size - 1 or s + size not in inside:
                lines.append(side(x, y, 0, 1, self.flipped))
            if row == 0 or s - size not in inside:
                lines.append(side(x, y, 0, -1, self.flipped))
        return lines


class WytheBoard(Board[WytheView]):
    whole_moves = True
    black_half_first = True
    can_flip = True

    word_moves: ClassVar[dict[Hashable, tuple[str, str]]] = {
        **Board.word_moves,
        SWAP: ("Swap colours", SWAP_SENTENCE),
    }

    # ---- events

    def hit(
        self,
        view: WytheView,
        ui: Ui,
        target: dict | None,
        gesture: str = "click",
        source: dict | None = None,
    ) -> tuple[Ui, Placement | None]:
        pick = pick_of(ui)
        if gesture == "hover":
            return self._hover(ui, pick, square_of(view, target)), None
        if gesture != "click" or not target:
            return ui, None
        if target.get("action") == "cancel":
            return cancelled(ui, pick), None
        square = square_of(view, target)
        if square is None:
            return ui, None
        return self._click(view, ui, pick, square)

    @staticmethod
    def _hover(ui: Ui, pick: WythePick, square: int | None) -> Ui:
        """The pointer onto `square` (None: off the squares): its group outlined."""
        if square == pick.hovered:
            return ui
        hovered = replace(pick, hovered=square, no_black=None, no_white=None)
        return replace(ui, pick=hovered, refused=None)

    def _click(
        self, view: WytheView, ui: Ui, pick: WythePick, square: int
    ) -> tuple[Ui, Placement | None]:
        """A click on `square`: the black half chosen (or chosen again, or put back), or with
        a black half chosen, the piece laid with its white half here."""
        if pick.black is None:
            return self._choose_black(view, ui, pick, square), None
        if square == pick.black:
            return cancelled(ui, pick), None
        if square in partners(view, pick.black):
            return ui, Placement(pick.black, square)
        if partners(view, square):
            return self._choose_black(view, ui, pick, square), None
        # Not a partner: the engine's verdict on this placement (ui.refused) says why.
        return (
            replace(ui, pick=replace(pick, no_black=None, no_white=square)),
            Placement(pick.black, square),
        )

    @staticmethod
    def _choose_black(view: WytheView, ui: Ui, pick: WythePick, square: int) -> Ui:
        if partners(view, square):
            pick = replace(pick, black=square, no_black=None, no_white=None)
        else:
            pick = replace(pick, black=None, no_black=square, no_white=None)
        return replace(ui, pick=pick, refused=None)

    def key(self, view: WytheView, ui: Ui, key: str) -> Ui | None:
        pick = pick_of(ui)
        if key == "Escape" and (pick.black is not None or message(view, ui, pick)):
            return cancelled(ui, pick)
        return None

    def actions(self, view: WytheView) -> list[tuple[str, str, str]]:
        """Swap and Pass under the board; the Pass button says why it is the only move."""
        out = []
        if SWAP in view.moves:
            out.append((SWAP, *self.word_moves[SWAP]))
        if view.moves == (PASS,):
            colour = view.seat_names[view.to_move]
            out.append(
                (
                    PASS,
                    f"Pass ({colour} has no legal placement)",
                    "No two adjacent squares can take a piece, so passing is the only move.",
                )
            )
        return out

    def cell_name(self, view: WytheView, index: int) -> str:
        return view.cells[index].square

    def swatch(self, view: WytheView, seat: int) -> str:
        return f"wy-c-{COLOUR_NAMES[view.seat_colours[seat]]}"

    # ---- drawing

    def motion(self, earlier: WytheView, later: WytheView) -> Motion:
        """A piece laid on two squares (empty ones, or two stacks it tops)."""
        if len(later.last) != 2 or earlier.cells == later.cells:
            return motion.NOTHING  # a pass, the swap
        return Motion(placed=(tuple(sorted(later.last)),))

    def draw(self, view: WytheView, ui: Ui) -> str:
        size, frame, pick = view.width, Frame(view.width, ui.flipped), pick_of(ui)
        span = size * CELL
        head = svg_open(
            span + MARGIN * 2, span + MARGIN * 2, f"Wythe board, {size} by {size}", "wythe-board"
        )
        out = [head, HATCHES, "<g>"]
        for sq, cell in enumerate(view.cells):
            x, y = frame.corner(sq)
            text = attr(describe(view, cell))
            out.append(
                f'<rect class="sq blank" x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                f'data-cell="{cell.square}" data-col="{cell.col}" '
                f'data-row="{cell.row}" aria-label="{text}"><title>{text}'
                f"</title></rect>"
            )
        out.append('<g pointer-events="none">')
        out.append(group_edges(view, frame))
        out.extend(pieces(view, frame))
        if view.last:
            out.append(frame.outline(view.last, "last-move", 4))
        if pick.hovered is not None and ui.live:
            out.append(hovered_group(view, frame, pick.hovered))
        if ui.live and pick.black is not None:
            out.extend(selection(view, frame, pick))
        out.append(coordinates(size, ui.flipped))
        out.append("</g></g></svg>")
        return "".join(out)

    # ---- beside the board

    def panel(self, view: WytheView, ui: Ui) -> str:
        seats = "".join(
            f'<li><span class="chip {colour.lower()}"></span>Player {seat + 1}: '
            f"<strong>{colour}</strong></li>"
            for seat, colour in enumerate(view.seat_names)
        )
        swapped = (
            '<p class="note">After the swap, Player 1 (who opened) plays White and '
            "Player 2 plays Black.</p>"
            if view.swapped
            else ""
        )
        rows = []
        for entry in view.by_size:
            cells = []
            for colour, count in ((BLACK, entry.black), (WHITE, entry.white)):
                decides = view.colour_scores[colour] == entry.size
                mark = (
                    f' class="decides" title="{COLOUR_NAMES[colour].capitalize()}&#39;s score"'
                    if decides
                    else ""
                )
                cells.append(f"<td{mark}>{count}</td>")
            rows.append(f'<tr><th scope="row">{entry.size}</th>{"".join(cells)}</tr>')
        if rows:
            table = (
                '<table><thead><tr><th scope="col">Group size</th>'
                '<th scope="col"><span class="chip black"></span>Black</th>'
                '<th scope="col"><span class="chip white"></span>White</th></tr></thead>'
                f"<tbody>{''.join(rows)}</tbody></table>"
            )
        else:
            table = '<p class="note">No groups yet.</p>'
        summary = "".join(f"<p>{explain(view.colour_scores[c], c)}</p>" for c in (BLACK, WHITE))
        extra = []
        if ui.live and SWAP in view.moves:
            extra.append(f'<p class="note">{attr(SWAP_SENTENCE)}</p>')
        if ui.live and pick_of(ui).black is not None:
            extra.append(
                '<button type="button" data-action="cancel">Cancel this piece (Esc)</button>'
            )
        return (
            f'<div class="wythe-panel"><ul class="seats">{seats}</ul>{swapped}'
            f"<h3>Groups by size</h3>{table}{summary}{''.join(extra)}"
            f"<h3>Legend</h3>{legend()}</div>"
        )

    def prompt(self, view: WytheView, ui: Ui) -> str:
        pick = pick_of(ui)
        if view.to_move < 0:
            return ""
        player = f"{view.seat_names[view.to_move]} (Player {view.to_move + 1})"
        said = message(view, ui, pick)
        if said:
            return f"{player} to move. {said}"
        if view.moves == (PASS,):
            return (
                f"{player} has no legal placement (no two adjacent squares can take a piece) "
                "and must pass."
            )
        if pick.black is not None:
            name = view.cells[pick.black].square
            return (
                f"{player}: black half on {name}. Now click a marked square for the white "
                f"half, or click {name} again to cancel."
            )
        return f"{to_place(view, player)} {hover_text(view, pick)}".strip()


# --------------------------------------------------------------------------- what the ui says


def cancelled(ui: Ui, pick: WythePick) -> Ui:
    """No black half chosen and nothing refused (what the pointer is on stays)."""
    return replace(ui, pick=replace(pick, black=None, no_black=None, no_white=None), refused=None)


HOW_TO_PLACE = "click a square for the black half"


def to_place(view: WytheView, player: str) -> str:
    """How to place, before the first click.  Every piece is black-and-white and either player
    lays any piece, so White too starts with the black half: the prompt says why."""
    why = (
        ""
        if view.seat_colours[view.to_move] == BLACK
        else "both players lay black-and-white pieces — "
    )
    text = f"{player} to move: {why}{HOW_TO_PLACE}"
    if SWAP in view.moves:
        text += ", or swap colours"
    return text + "."


def frozen_reason(cell: WytheCell) -> str:
    return (
        f"{cell.square} is frozen: its top piece is half-covered, so nothing can ever be "
        "placed on it"
    )


def message(view: WytheView, ui: Ui, pick: WythePick) -> str:
    """Why the last square clicked was refused ('' if it was not).  A frozen square says so
    (the view's `frozen`, the engine's "frozen" code), whatever else the engine found first."""
    if ui.refused is not None:
        if pick.no_white is not None:
            cell = view.cells[pick.no_white]
            why = (
                frozen_reason(cell)
                if cell.frozen or ui.refused.code == "frozen"
                else ui.refused.text
            )
            return f"The white half cannot go on {cell.square}: {why}."
        return f"You cannot play that: {ui.refused.text}."
    if pick.no_black is not None:
        return why_no_black_half(view, pick.no_black) + "."
    return ""


def why_no_black_half(view: WytheView, square: int) -> str:
    """Why no placement puts its black half on `square` (it has no partner in view.moves).
    Past a black top or a frozen square, each neighbour fails for a reason of its own (the
    engine's reasons name the neighbour), so this says the rule in short."""
    cell = view.cells[square]
    if cell.frozen:
        return frozen_reason(cell)
    if cell.top == BLACK:
        return f"{cell.square} already shows a black top, so the black half cannot go on it"
    return (
        f"no square next to {cell.square} can take the white half (heights differ, "
        "colours clash or a piece there is frozen)"
    )


def hover_text(view: WytheView, pick: WythePick) -> str:
    if pick.hovered is None:
        return ""
    group = view.cells[pick.hovered].group
    if group < 0:
        return ""
    info = view.groups[group]
    for entry in view.by_size:
        if entry.size == info.size:
            return (
                f"Pointing at a {COLOUR_NAMES[info.colour]} group of {info.size} (groups of "
                f"{info.size}: Black {entry.black}, White {entry.white})."
            )
    return ""


def explain(score: int, colour: int) -> str:
    name = COLOUR_NAMES[colour].capitalize()
    if not score:
        return f"{name} scores 0: at no size does {name} have more groups."
    return f"{name} scores {score}: the largest size where {name} has more groups."


def describe(view: WytheView, cell: WytheCell) -> str:
    """What a square holds, for its tooltip and for screen readers (the keyboard cursor
    reads it out): top colour, height, frozen, and the group it belongs to."""
    if not cell.height:
        return f"{cell.square}: empty"
    text = f"{cell.square}: {COLOUR_NAMES[cell.top]} top, height {cell.height}"
    if cell.frozen:
        text += ", frozen (its piece is half-covered)"
    if cell.group >= 0:
        group = view.groups[cell.group]
        text += f"; in a {COLOUR_NAMES[group.colour]} group of {group.size}"
    return text


# --------------------------------------------------------------------------- the pieces


def pieces(view: WytheView, frame: Frame) -> list[str]:
    """Every top piece: a whole domino where both halves show, else a frozen half."""
    cells, out = view.cells, []
    drawn = set()
    for here, cell in enumerate(cells):
        piece = cell.piece
        if piece < 0 or piece in drawn:
            continue
        drawn.add(piece)
        squares = [here]
        if cells[cell.partner].piece == piece:
            squares.append(cell.partner)
        out.append(layers(frame, cell.height, squares))
        out.append(domino(frame, piece, squares, [COLOUR_NAMES[cells[s].top] for s in squares]))
    for here, cell in enumerate(cells):
        if cell.height:
            out.append(badge(frame, here, COLOUR_NAMES[cell.top], cell.height))
    return out


def layers(frame: Frame, height: int, squares: list[int]) -> str:
    """From height 2, one offset edge per bit below, like the sides of a pile."""
    x, y, w, h = frame.box(squares)
    return "".join(
        f'<rect class="wy-layer" x="{x + 4 * k}" y="{y + 4 * k}" width="{w}" '
        f'height="{h}" rx="10"/>'
        for k in range(min(height - 1, 4), 0, -1)
    )


def domino(
    frame: Frame, piece: int, squares: list[int], colours: list[str], hatch: str = "wy-hatch"
) -> str:
    """One top piece: two joined halves, or (one square: the other half is covered) a frozen
    half, hatched with pattern `<hatch>-<colour>` and a dashed rim.  `colours`: each square's
    top colour name."""
    frozen = len(squares) == 1
    on = " ".join(map(str, squares))  # the squares it lies on, for the move animation
    out = [
        f'<g class="wy-piece{" wy-frozen" if frozen else ""}" data-piece="{piece}" data-on="{on}">'
    ]
    for s, colour in zip(squares, colours, strict=True):
        x, y = frame.corner(s)
        left, top, right, bottom = x + INSET, y + INSET, x + CELL - INSET, y + CELL - INSET
        if not frozen:  # reach the shared edge so the halves join
            ox, oy = frame.corner(squares[1] if s == squares[0] else squares[0])
            if ox > x:
                right = x + CELL
            elif ox < x:
                left = x
            elif oy < y:
                top = y
            else:
                bottom = y + CELL
        out.append(
            f'<rect class="wy-half {colour}" x="{left}" y="{top}" '
            f'width="{right - left}" height="{bottom - top}"/>'
        )
        cx, cy = x + CELL / 2, y + CELL / 2
        if colour == "black":
            out.append(f'<circle class="wy-mark black" cx="{cx}" cy="{cy}" r="11"/>')
        else:
            out.append(
                f'<rect class="wy-mark white" x="{cx - 10}" y="{cy - 10}" width="20" height="20"/>'
            )
        if frozen:
            out.append(
                f'<rect class="wy-hatch" x="{left}" y="{top}" width="{right - left}" '
                f'height="{bottom - top}" fill="url(#{hatch}-{colour})"/>'
            )
    x, y, w, h = frame.box(squares)
    if not frozen:
        a, b = squares
        if abs(a - b) == 1:
            mid = x + w / 2
            out.append(f'<line class="wy-divider" x1="{mid}" y1="{y}" x2="{mid}" y2="{y + h}"/>')
        else:
            mid = y + h / 2
            out.append(f'<line class="wy-divider" x1="{x}" y1="{mid}" x2="{x + w}" y2="{mid}"/>')
    out.append(f'<rect class="wy-rim" x="{x}" y="{y}" width="{w}" height="{h}" rx="10"/>')
    out.append("</g>")
    return "".join(out)


def badge(frame: Frame, square: int, colour: str, height: int) -> str:
    x, y = frame.corner(square)
    cx, cy = x + 25, y + 25
    return (
        f'<circle class="wy-badge {colour}" cx="{cx}" cy="{cy}" r="13"/>'
        f'<text class="wy-height {colour}" x="{cx}" y="{cy + 7}">{height}</text>'
    )


# --------------------------------------------------------------------------- the legend

KEY = Frame(2, False)  # the legend's pictures: squares 0 and 1, side by side
LEGEND = (
    ("piece", "A piece: a black and a white half, laid by either player"),
    ("frozen", "Frozen: the other half of its piece is covered, so nothing can be placed here"),
)


def key_picture(kind: str) -> str:
    """A legend picture drawn by the board's own code and styles (1 × 2 squares)."""
    x, y = KEY.corner(0)
    if kind == "frozen":
        marks = (
            hatches("wy-key-hatch")
            + domino(KEY, 0, [0], ["black"], "wy-key-hatch")
            + domino(KEY, 1, [1], ["white"], "wy-key-hatch")
        )
    else:
        marks = domino(KEY, 0, [0, 1], ["black", "white"])
    return (
        f'<svg class="wy-key" viewBox="{x} {y} {2 * CELL} {CELL}" aria-hidden="true">'
        f'<g class="wythe-board">{marks}</g></svg>'
    )


def legend() -> str:
    items = "".join(
        f'<li data-key="{kind}">{key_picture(kind)}<span>{text}</span></li>'
        for kind, text in LEGEND
    )
    return f'<ul class="wy-legend" aria-label="Legend">{items}</ul>'


# --------------------------------------------------------------------------- groups and hints


def group_edges(view: WytheView, frame: Frame) -> str:
    """Thick lines between neighbouring squares of different groups."""
    size, cells, lines = view.width, view.cells, []
    for s, cell in enumerate(cells):
        x, y = frame.corner(s)
        if cell.col + 1 < size and cells[s + 1].group != cell.group:
            lines.append(side(x, y, 1, 0, frame.flipped))
        if cell.row + 1 < size and cells[s + size].group != cell.group:
            lines.append(side(x, y, 0, 1, frame.flipped))
    span = size * CELL
    lines.append(f"M{MARGIN} {MARGIN}h{span}v{span}h{-span}Z")
    return f'<path class="area-edge" d="{"".join(lines)}"/>'


def hovered_group(view: WytheView, frame: Frame, hovered: int) -> str:
    group = view.cells[hovered].group
    if group < 0:
        return ""
    squares = set(view.groups[group].squares)
    return f'<path class="wy-group" d="{"".join(frame.edges(squares))}"/>'


def selection(view: WytheView, frame: Frame, pick: WythePick) -> list[str]:
    """The chosen black square, its legal partners, and the piece under the pointer."""
    black = pick.black
    assert black is not None
    targets = partners(view, black)
    out = [frame.outline([black], "wy-selected", 3)]
    out.extend(frame.outline([s], "wy-target", 14) for s in targets)
    if pick.hovered in targets:
        for s, colour in ((black, "black"), (pick.hovered, "white")):
            x, y = frame.corner(s)
            out.append(
                f'<rect class="wy-ghost {colour}" x="{x + 22}" y="{y + 22}" '
                f'width="{CELL - 44}" height="{CELL - 44}" rx="6"/>'
            )
    return out
