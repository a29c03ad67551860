"""Wythe's board: stacks of black-and-white dominoes, frozen halves, groups and the score.

Every top piece is drawn as one domino (two halves in one outline) so a
player sees which squares belong together; a piece that shows only one half
(the other half is covered) is drawn hatched with a dashed rim: that square is
frozen.  Each stack shows its height in a corner badge and, from height 2,
as layered edges.  Thick lines separate groups; hovering a stack outlines its
whole group and names it in the status line.

Placing: click the square for the black half (the board then marks the legal
squares for the white half), then one of those.  Click the chosen square
again, press Escape or use Cancel to start over.  Swap and Pass are action
buttons under the board, each with a line saying what it does or why.
"""

from __future__ import annotations

from engine.core import EngineError, square_name

from .base import BoardRenderer, attr, svg_open
from .squares import CELL, MARGIN, coordinates, corner, side

INSET = 9
STYLE = """
.wythe-board .wy-half.black { fill: #1c1c1c; }
.wythe-board .wy-half.white { fill: #f7f6f1; }
.wythe-board .wy-rim { fill: none; stroke: #7a7a7a; stroke-width: 3; }
.wythe-board .wy-divider { stroke: #7a7a7a; stroke-width: 2; }
.wythe-board .wy-layer { fill: none; stroke: #8c8c8c; stroke-width: 2.5; }
.wythe-board .wy-frozen .wy-rim { stroke: var(--illegal); stroke-dasharray: 9 6; stroke-width: 4; }
.wythe-board .wy-hatch-b { stroke: #ffffff; stroke-opacity: .45; stroke-width: 5; }
.wythe-board .wy-hatch-w { stroke: #000000; stroke-opacity: .28; stroke-width: 5; }
.wythe-board .wy-badge { stroke: #7a7a7a; stroke-width: 2; }
.wythe-board .wy-badge.black { fill: #f7f6f1; } .wythe-board .wy-badge.white { fill: #1c1c1c; }
.wythe-board .wy-height { font-size: 19px; font-weight: 700; text-anchor: middle; }
.wythe-board .wy-height.black { fill: #1c1c1c; } .wythe-board .wy-height.white { fill: #f7f6f1; }
.wythe-board .wy-group { fill: none; stroke: var(--highlight); stroke-width: 9;
  stroke-linecap: round; }
.wythe-board .wy-selected { fill: none; stroke: var(--accent); stroke-width: 8; }
.wythe-board .wy-target { fill: var(--accent); fill-opacity: .22; stroke: var(--accent);
  stroke-width: 4; stroke-dasharray: 10 7; }
.wythe-board .wy-ghost { fill-opacity: .6; stroke: var(--accent); stroke-width: 3; }
.wythe-board .wy-ghost.black { fill: #1c1c1c; } .wythe-board .wy-ghost.white { fill: #f7f6f1; }
.wythe-board .sq { cursor: pointer; }
.wythe-panel table { border-collapse: collapse; width: 100%; margin: .3rem 0; }
.wythe-panel th, .wythe-panel td { padding: .15rem .4rem; text-align: center;
  font-variant-numeric: tabular-nums; }
.wythe-panel thead th { border-bottom: 1px solid var(--line); font-weight: 600; }
.wythe-panel td.decides { font-weight: 700; outline: 2px solid var(--highlight);
  outline-offset: -2px; border-radius: 4px; }
.wythe-panel .chip { display: inline-block; width: .9rem; height: .9rem; border-radius: 3px;
  border: 1px solid #7a7a7a; vertical-align: -2px; margin-right: .25rem; }
.wythe-panel .chip.black { background: #1c1c1c; } .wythe-panel .chip.white { background: #f7f6f1; }
.wythe-panel p { margin: .3rem 0; }
.wythe-panel h3 { font-size: 1rem; margin: .5rem 0 .2rem; }
.swatch.wy-c-black { background: #1c1c1c; border-radius: 50%; }
.swatch.wy-c-white { background: #f7f6f1; }
.wythe-board .wy-mark { fill: none; stroke-width: 3; stroke-opacity: .55; }
.wythe-board .wy-mark.black { stroke: #f7f6f1; } .wythe-board .wy-mark.white { stroke: #1c1c1c; }
.wythe-panel .seats { list-style: none; margin: 0 0 .3rem; padding: 0; }
.wythe-panel .note { color: var(--muted); font-size: .92em; }
"""
HATCHES = ("<defs>" + "".join(
    f'<pattern id="wy-hatch-{colour}" width="16" height="16" patternUnits="userSpaceOnUse" '
    f'patternTransform="rotate(45)"><line x1="4" y1="0" x2="4" y2="16" class="{cls}"/></pattern>'
    for colour, cls in (("black", "wy-hatch-b"), ("white", "wy-hatch-w"))) + "</defs>")
SWAP_SENTENCE = ("Swap: instead of placing, take Black's first piece as yours and play Black "
                 "from now on; the other player then places for White.")


class WytheBoard(BoardRenderer):
    can_flip = True

    def reset(self):
        self.selected: int | None = None      # square chosen for the black half
        self.hovered: int | None = None       # square under the pointer
        self.message = ""
        self._cached = (None, None)

    # ---- what the engine says

    def _view(self, state) -> dict:
        if self._cached[0] is not state:
            self._cached = (state, self.game.view(state))
        return self._cached[1]

    def _placements(self, state) -> list[tuple[int, int]]:
        return [m for m in self.game.legal_moves(state) if isinstance(m, tuple)]

    def _partners(self, state, black_sq: int) -> list[int]:
        return [w for b, w in self._placements(state) if b == black_sq]

    def _name(self, state, square: int) -> str:
        size = self._view(state)["size"]
        return square_name(square % size, square // size)

    def _reason(self, state, black_sq: int, white_sq: int) -> str:
        text = self._name(state, black_sq) + self._name(state, white_sq)
        try:
            self.game.parse(state, text)
        except EngineError as err:
            return str(err).split(": ", 1)[-1]
        return ""

    def _why_no_black_half(self, state, square: int) -> str:
        view = self._view(state)
        name = self._name(state, square)
        cell = view["cells"][square]
        if cell["top"] == "black":
            return f"{name} already shows a black top, so the black half cannot go on it"
        if cell["frozen"]:
            return f"{name} is frozen: its piece is already half-covered"
        size = view["size"]
        col, row = square % size, square // size
        near = [r * size + c for c, r in ((col - 1, row), (col + 1, row), (col, row - 1),
                                          (col, row + 1)) if 0 <= c < size and 0 <= r < size]
        reasons = {self._reason(state, square, other) for other in near}
        if len(reasons) == 1:
            return f"{name} cannot take the black half: {reasons.pop()}"
        return (f"no square next to {name} can take the white half (heights differ, "
                "colours clash or a piece there is frozen)")

    def _square_of(self, state, target) -> int | None:
        if not target or "col" not in target:
            return None
        size = self._view(state)["size"]
        return int(target["row"]) * size + int(target["col"])

    # ---- events

    def click(self, state, target):
        if not target:
            return None
        if target.get("action") == "cancel":
            self.selected, self.message = None, ""
            return None
        square = self._square_of(state, target)
        if square is None:
            return None
        if self.selected is None or square == self.selected:
            if square == self.selected:
                self.selected, self.message = None, ""
                return None
            return self._choose_black(state, square)
        if square in self._partners(state, self.selected):
            return self._name(state, self.selected) + self._name(state, square)
        if self._partners(state, square):
            return self._choose_black(state, square)
        self.message = (f"The white half cannot go on {self._name(state, square)}: "
                        f"{self._reason(state, self.selected, square)}.")
        return None

    def _choose_black(self, state, square):
        if self._partners(state, square):
            self.selected, self.message = square, ""
        else:
            self.selected = None
            self.message = self._why_no_black_half(state, square) + "."
        return None

    def hover(self, state, target):
        square = self._square_of(state, target)
        if square == self.hovered:
            return False
        self.hovered, self.message = square, ""
        return True

    def key(self, state, key):
        if key == "Escape" and (self.selected is not None or self.message):
            self.selected, self.message = None, ""
            return True
        return False

    word_moves = {
        **BoardRenderer.word_moves,
        "swap": ("Swap colours", SWAP_SENTENCE),
    }

    def actions(self, state):
        """Swap and Pass under the board; the Pass button says why it is the only move."""
        view = self._view(state)
        out = []
        if view["can_swap"]:
            out.append(("swap",) + self.word_moves["swap"])
        if view["must_pass"]:
            colour = view["to_move_colour"].capitalize()
            out.append(("pass", f"Pass ({colour} has no legal placement)",
                        "No two adjacent squares can take a piece, so passing is the only move."))
        return out

    def swatch(self, state, seat):
        return f"wy-c-{self.game.seat_names(state)[seat].lower()}"

    # ---- drawing

    def svg(self, state, interactive):
        view = self._view(state)
        size = view["size"]
        span = size * CELL
        head = svg_open(span + MARGIN * 2, span + MARGIN * 2,
                        f"Wythe board, {size} by {size}").replace("<svg ", '<svg class="wythe-board" ', 1)
        out = [head, f"<style>{STYLE}</style>", HATCHES, '<g>']
        for cell in view["cells"]:
            x, y = self._corner(size, cell["col"], cell["row"])
            text = attr(self._describe(view, cell))
            out.append(f'<rect class="sq blank" x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                       f'data-cell="{cell["square"]}" data-col="{cell["col"]}" '
                       f'data-row="{cell["row"]}" aria-label="{text}"><title>{text}'
                       f'</title></rect>')
        out.append('<g pointer-events="none">')
        out.append(self._group_edges(view))
        out.extend(self._pieces(view))
        if view["last"]:
            out.append(self._outline(size, view["last"], "last-move", 4))
        if self.hovered is not None and interactive:
            out.append(self._hovered_group(view))
        if interactive and self.selected is not None:
            out.extend(self._selection(state, view))
        out.append(coordinates(size, self.flipped))
        out.append("</g></g></svg>")
        return "".join(out)

    def _corner(self, size, col, row) -> tuple[int, int]:
        return corner(size, col, row, self.flipped)

    @staticmethod
    def _describe(view, cell) -> str:
        """What a square holds, for its tooltip and for screen readers (the keyboard cursor
        reads it out): top colour, height, frozen, and the group it belongs to."""
        if not cell["height"]:
            return f"{cell['square']}: empty"
        text = f"{cell['square']}: {cell['top']} top, height {cell['height']}"
        if cell["frozen"]:
            text += ", frozen (its piece is half-covered)"
        group = cell["group"]
        if group >= 0:
            size = view["groups"][group]["size"]
            text += f"; in a {view['groups'][group]['colour']} group of {size}"
        return text

    def _pieces(self, view) -> list[str]:
        """Every top piece: a whole domino where both halves show, else a frozen half."""
        size, cells, out = view["size"], view["cells"], []
        drawn = set()
        for cell in cells:
            piece = cell["piece"]
            if piece < 0 or piece in drawn:
                continue
            drawn.add(piece)
            here = cell["row"] * size + cell["col"]
            squares = [here]
            partner = cell["partner"]
            if cells[partner]["piece"] == piece:
                squares.append(partner)
            out.append(self._layers(view, squares))
            out.append(self._domino(view, piece, squares))
        for cell in cells:
            if cell["height"]:
                out.append(self._badge(size, cell))
        return out

    def _box(self, size, squares) -> tuple[float, float, float, float]:
        xs, ys = zip(*(self._corner(size, s % size, s // size) for s in squares))
        return (min(xs) + INSET, min(ys) + INSET,
                max(xs) + CELL - INSET - (min(xs) + INSET), max(ys) + CELL - INSET - (min(ys) + INSET))

    def _layers(self, view, squares) -> str:
        """From height 2, one offset edge per bit below, like the sides of a pile."""
        height = view["cells"][squares[0]]["height"]
        x, y, w, h = self._box(view["size"], squares)
        return "".join(f'<rect class="wy-layer" x="{x + 4 * k}" y="{y + 4 * k}" width="{w}" '
                       f'height="{h}" rx="10"/>' for k in range(min(height - 1, 4), 0, -1))

    def _domino(self, view, piece, squares) -> str:
        size, cells = view["size"], view["cells"]
        frozen = len(squares) == 1
        out = [f'<g class="wy-piece{" wy-frozen" if frozen else ""}" data-piece="{piece}">']
        for s in squares:
            colour = cells[s]["top"]
            x, y = self._corner(size, s % size, s // size)
            left, top, right, bottom = x + INSET, y + INSET, x + CELL - INSET, y + CELL - INSET
            if not frozen:                    # reach the shared edge so the halves join
                other = squares[1] if s == squares[0] else squares[0]
                ox, oy = self._corner(size, other % size, other // size)
                if ox > x:
                    right = x + CELL
                elif ox < x:
                    left = x
                elif oy < y:
                    top = y
                else:
                    bottom = y + CELL
            out.append(f'<rect class="wy-half {colour}" x="{left}" y="{top}" '
                       f'width="{right - left}" height="{bottom - top}"/>')
            cx, cy = x + CELL / 2, y + CELL / 2
            if colour == "black":
                out.append(f'<circle class="wy-mark black" cx="{cx}" cy="{cy}" r="11"/>')
            else:
                out.append(f'<rect class="wy-mark white" x="{cx - 10}" y="{cy - 10}" '
                           f'width="20" height="20"/>')
            if frozen:
                out.append(f'<rect class="wy-hatch" x="{left}" y="{top}" width="{right - left}" '
                           f'height="{bottom - top}" fill="url(#wy-hatch-{colour})"/>')
        x, y, w, h = self._box(size, squares)
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

    def _badge(self, size, cell) -> str:
        x, y = self._corner(size, cell["col"], cell["row"])
        cx, cy = x + 25, y + 25
        colour = cell["top"]
        return (f'<circle class="wy-badge {colour}" cx="{cx}" cy="{cy}" r="13"/>'
                f'<text class="wy-height {colour}" x="{cx}" y="{cy + 7}">{cell["height"]}</text>')

    def _edges(self, size, inside) -> list[str]:
        """Path pieces along the border of a set of squares."""
        lines = []
        for s in inside:
            col, row = s % size, s // size
            x, y = self._corner(size, col, row)
            if col == 0 or s - 1 not in inside:
                lines.append(side(x, y, -1, 0, self.flipped))
            if col == size - 1 or s + 1 not in inside:
                lines.append(side(x, y, 1, 0, self.flipped))
            if row == size - 1 or s + size not in inside:
                lines.append(side(x, y, 0, 1, self.flipped))
            if row == 0 or s - size not in inside:
                lines.append(side(x, y, 0, -1, self.flipped))
        return lines

    def _group_edges(self, view) -> str:
        """Thick lines between neighbouring squares of different groups."""
        size, cells, lines = view["size"], view["cells"], []
        for s, cell in enumerate(cells):
            col, row = cell["col"], cell["row"]
            x, y = self._corner(size, col, row)
            if col + 1 < size and cells[s + 1]["group"] != cell["group"]:
                lines.append(side(x, y, 1, 0, self.flipped))
            if row + 1 < size and cells[s + size]["group"] != cell["group"]:
                lines.append(side(x, y, 0, 1, self.flipped))
        span = size * CELL
        lines.append(f"M{MARGIN} {MARGIN}h{span}v{span}h{-span}Z")
        return f'<path class="area-edge" d="{"".join(lines)}"/>'

    def _hovered_group(self, view) -> str:
        group = view["cells"][self.hovered]["group"]
        if group < 0:
            return ""
        squares = set(view["groups"][group]["squares"])
        return f'<path class="wy-group" d="{"".join(self._edges(view["size"], squares))}"/>'

    def _outline(self, size, squares, cls, inset) -> str:
        x, y, w, h = self._box(size, squares)
        d = inset - INSET
        return (f'<rect class="{cls}" x="{x + d}" y="{y + d}" width="{w - 2 * d}" '
                f'height="{h - 2 * d}" rx="8"/>')

    def _selection(self, state, view) -> list[str]:
        size = view["size"]
        partners = self._partners(state, self.selected)
        out = [self._outline(size, [self.selected], "wy-selected", 3)]
        for s in partners:
            out.append(self._outline(size, [s], "wy-target", 14))
        if self.hovered in partners:
            for s, colour in ((self.selected, "black"), (self.hovered, "white")):
                x, y = self._corner(size, s % size, s // size)
                out.append(f'<rect class="wy-ghost {colour}" x="{x + 22}" y="{y + 22}" '
                           f'width="{CELL - 44}" height="{CELL - 44}" rx="6"/>')
        return out

    # ---- beside the board

    def panel(self, state, interactive):
        view = self._view(state)
        score = view["score"]
        seats = "".join(
            f'<li><span class="chip {colour.lower()}"></span>Player {seat + 1}: '
            f'<strong>{colour}</strong></li>'
            for seat, colour in enumerate(view["seat_names"]))
        swapped = ('<p class="note">After the swap, Player 1 (who opened) plays White and '
                   'Player 2 plays Black.</p>' if view["swapped"] else "")
        rows = []
        for entry in score["by_size"]:
            cells = []
            for colour in ("black", "white"):
                decides = score[f"{colour}_decides"] == entry["size"]
                mark = (f' class="decides" title="{colour.capitalize()}&#39;s score"'
                        if decides else "")
                cells.append(f"<td{mark}>{entry[colour]}</td>")
            rows.append(f'<tr><th scope="row">{entry["size"]}</th>{"".join(cells)}</tr>')
        if rows:
            table = ('<table><thead><tr><th scope="col">Group size</th>'
                     '<th scope="col"><span class="chip black"></span>Black</th>'
                     '<th scope="col"><span class="chip white"></span>White</th></tr></thead>'
                     f'<tbody>{"".join(rows)}</tbody></table>')
        else:
            table = '<p class="note">No groups yet.</p>'
        summary = f'<p>{self._explain(score, "black")}</p><p>{self._explain(score, "white")}</p>'
        extra = []
        if interactive and view["can_swap"]:
            extra.append(f'<p class="note">{attr(SWAP_SENTENCE)}</p>')
        if interactive and self.selected is not None:
            extra.append('<button type="button" data-action="cancel">Cancel this piece (Esc)</button>')
        return (f'<div class="wythe-panel"><ul class="seats">{seats}</ul>{swapped}'
                f'<h3>Groups by size</h3>{table}{summary}{"".join(extra)}</div>')

    @staticmethod
    def _explain(score, colour) -> str:
        name = colour.capitalize()
        size = score[f"{colour}_decides"]
        if size is None:
            return f"{name} scores 0: at no size does {name} have more groups."
        return f"{name} scores {size}: the largest size where {name} has more groups."

    def prompt(self, state):
        view = self._view(state)
        colour = view["to_move_colour"].capitalize()
        player = f"{colour} (Player {view['to_move_seat'] + 1})"
        if self.message:
            return f"{player} to move. {self.message}"
        if view["must_pass"]:
            return (f"{player} has no legal placement (no two adjacent squares can take a piece) "
                    "and must pass.")
        if self.selected is not None:
            name = self._name(state, self.selected)
            return (f"{player}: black half on {name}. Now click a marked square for the white "
                    f"half, or click {name} again to cancel.")
        hovered = self._hover_text(view)
        text = f"{player} to move: click a square for the black half."
        if view["can_swap"]:
            text = f"{player} to move: place a piece, or swap colours (button below)."
        return f"{text} {hovered}".strip()

    def _hover_text(self, view) -> str:
        if self.hovered is None:
            return ""
        group = view["cells"][self.hovered]["group"]
        if group < 0:
            return ""
        info = view["groups"][group]
        colour, size = info["colour"], info["size"]
        for entry in view["score"]["by_size"]:
            if entry["size"] == size:
                return (f"Pointing at a {colour} group of {size} (groups of {size}: "
                        f"Black {entry['black']}, White {entry['white']}).")
        return ""


BOARD = WytheBoard
