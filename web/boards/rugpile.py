"""Rug Pile's board: squares in each player's colour, the supply, and a live preview.

The player to move picks a tile size and its turn from their supply (in the
panel beside the board), points at the board to see where the tile would land
and whether it may, and clicks to place it.  On a touch screen the first tap
shows the preview and a second tap on the same spot places the tile.
"""

from __future__ import annotations

from engine.core import EngineError, square_name

from .base import BoardRenderer, attr, svg_open
from .squares import CELL, MARGIN, coordinates



class RugPileBoard(BoardRenderer):
    can_flip = True

    def reset(self):
        self.kind = None          # index into view["kinds"] of the chosen tile
        self.turned = False       # 2x3 laid 3 wide instead of 2 wide
        self.anchor = None        # (col, row) of the previewed tile's bottom-left square
        self.message = ""

    # ---- the chosen tile

    def _chosen_kind(self, state) -> int | None:
        supply = self.game.view(state)["supplies"][self.game.to_move(state)]
        if self.kind is not None and supply[self.kind]:
            return self.kind
        return next((k for k, n in enumerate(supply) if n), None)

    def _dims(self, state) -> tuple[int, int] | None:
        kind = self._chosen_kind(state)
        if kind is None:
            return None
        a, b = (int(x) for x in self.game.view(state)["kinds"][kind].split("x"))
        return (b, a) if self.turned else (a, b)

    def _move_text(self, state) -> str | None:
        dims = self._dims(state)
        if dims is None or self.anchor is None:
            return None
        return f"{dims[0]}x{dims[1]}{square_name(*self.anchor)}"

    def _anchor_at(self, state, target) -> tuple[int, int] | None:
        """The tile's bottom-left square when pointing at `target`: the tile is centred
        on the square pointed at, and kept on the board."""
        if not target or "col" not in target:
            return None
        dims, size = self._dims(state), self.game.view(state)["size"]
        if dims is None:
            return None
        width, height = dims
        col = min(max(int(target["col"]) - (width - 1) // 2, 0), size - width)
        row = min(max(int(target["row"]) - (height - 1) // 2, 0), size - height)
        return col, row

    def _verdict(self, state) -> tuple[bool, str]:
        """Whether the previewed tile may be placed, and if not, the engine's reason."""
        text = self._move_text(state)
        if text is None:
            return False, ""
        try:
            self.game.parse(state, text)
        except EngineError as err:
            return False, str(err).split(": ", 1)[-1]
        return True, ""

    # ---- events

    def hover(self, state, target):
        anchor = self._anchor_at(state, target)
        if anchor == self.anchor:
            return False
        self.anchor, self.message = anchor, ""
        return True

    def click(self, state, target):
        if not target:
            return None
        action = target.get("action")
        if action == "kind":
            self.kind, self.anchor = int(target["kind"]), None
            return None
        if action == "rotate":
            self.turned, self.anchor = not self.turned, None
            return None
        anchor = self._anchor_at(state, target)
        if anchor is None:
            return None
        if anchor != self.anchor:          # a tap with no hover first: preview, then confirm
            self.anchor = anchor
            return None
        legal, why = self._verdict(state)
        self.message = "" if legal else f"You cannot place there: {why}."
        return self._move_text(state) if legal else None

    def key(self, state, key):
        if key in ("r", "R"):
            self.turned, self.anchor = not self.turned, None
            return True
        return False

    # ---- drawing

    def svg(self, state, interactive):
        view = self.game.view(state)
        size, board = view["size"], view["board"]
        span = size * CELL
        centre = MARGIN + span / 2
        turn = f' transform="rotate(180 {centre} {centre})"' if self.flipped else ""
        out = [svg_open(span + MARGIN * 2, span + MARGIN * 2, f"Rug Pile board, {size} by {size}"),
               f'<g class="rug-board"{turn}>']
        for index, colour in enumerate(board):
            col, row = index % size, index // size
            x, y = MARGIN + col * CELL, MARGIN + (size - 1 - row) * CELL
            who = view["colours"][colour] if colour >= 0 else "blank"
            fill = f"p{colour}" if colour >= 0 else "blank"
            out.append(f'<rect class="sq {fill}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                       f'data-cell="{square_name(col, row)}" data-col="{col}" data-row="{row}" '
                       f'aria-label="{square_name(col, row)}: {who}">'
                       f'<title>{square_name(col, row)}: {who}</title></rect>')
            if colour >= 0:
                out.append(self._mark(colour, x, y))
        out.append(self._area_edges(view, size))
        if view["last"]:
            out.append(self._outline(view["last"], size, "last-move"))
        if interactive:
            out.append(self._preview(state, size))
        out.append("</g>")
        out.append(coordinates(size, self.flipped))
        out.append("</svg>")
        return "".join(out)

    @staticmethod
    def _mark(colour: int, x: int, y: int) -> str:
        """A small shape per colour, so colour is never the only cue."""
        cx, cy = x + CELL / 2, y + CELL / 2
        if colour == 0:
            return f'<circle class="mark" cx="{cx}" cy="{cy}" r="9"/>'
        if colour == 1:
            return f'<rect class="mark" x="{cx - 8}" y="{cy - 8}" width="16" height="16"/>'
        if colour == 2:
            return (f'<path class="mark" d="M{cx - 4} {cy - 12}h8v8h8v8h-8v8h-8v-8h-8v-8h8Z"/>')
        return f'<path class="mark" d="M{cx} {cy - 11}L{cx + 11} {cy}L{cx} {cy + 11}L{cx - 11} {cy}Z"/>'

    @staticmethod
    def _area_edges(view, size) -> str:
        """Thick lines between squares of different colours, so areas read at a glance."""
        board, lines = view["board"], []
        for index, colour in enumerate(board):
            col, row = index % size, index // size
            x, y = MARGIN + col * CELL, MARGIN + (size - 1 - row) * CELL
            if col + 1 < size and board[index + 1] != colour:
                lines.append(f"M{x + CELL} {y}v{CELL}")
            if row + 1 < size and board[index + size] != colour:
                lines.append(f"M{x} {y}h{CELL}")
        span = size * CELL
        lines.append(f"M{MARGIN} {MARGIN}h{span}v{span}h{-span}Z")
        return f'<path class="area-edge" d="{"".join(lines)}"/>'

    @staticmethod
    def _outline(squares, size, cls) -> str:
        cols = [s % size for s in squares]
        rows = [s // size for s in squares]
        x = MARGIN + min(cols) * CELL
        y = MARGIN + (size - 1 - max(rows)) * CELL
        w = (max(cols) - min(cols) + 1) * CELL
        h = (max(rows) - min(rows) + 1) * CELL
        return f'<rect class="{cls}" x="{x + 6}" y="{y + 6}" width="{w - 12}" height="{h - 12}"/>'

    def _preview(self, state, size) -> str:
        dims = self._dims(state)
        if dims is None or self.anchor is None:
            return ""
        legal, _ = self._verdict(state)
        (width, height), (col, row) = dims, self.anchor
        seat = self.game.to_move(state)
        x = MARGIN + col * CELL
        y = MARGIN + (size - row - height) * CELL
        cls = f"preview p{seat}" if legal else "preview illegal"
        return (f'<rect class="{cls}" x="{x + 3}" y="{y + 3}" width="{width * CELL - 6}" '
                f'height="{height * CELL - 6}" pointer-events="none"/>')

    # ---- beside the board

    def panel(self, state, interactive):
        view = self.game.view(state)
        seat = self.game.to_move(state)
        chosen = self._chosen_kind(state) if interactive else None
        rows = []
        for who, supply in enumerate(view["supplies"]):
            tiles = []
            for kind, name in enumerate(view["kinds"]):
                a, b = (int(x) for x in name.split("x"))
                if chosen is not None and kind == chosen and self.turned:
                    a, b = b, a
                icon = (f'<svg class="tile-icon" viewBox="0 0 36 36" aria-hidden="true">'
                        f'<rect class="p{who}" x="{(36 - a * 10) / 2}" y="{(36 - b * 10) / 2}" '
                        f'width="{a * 10}" height="{b * 10}"/></svg>')
                label = f"{name} tile, {supply[kind]} left"
                if who == seat and interactive:
                    pressed = "true" if kind == chosen else "false"
                    disabled = "" if supply[kind] else " disabled"
                    tiles.append(f'<button type="button" class="tile" data-action="kind" '
                                 f'data-kind="{kind}" aria-pressed="{pressed}" '
                                 f'aria-label="{attr(label)}"{disabled}>{icon}'
                                 f'<span>×{supply[kind]}</span></button>')
                else:
                    tiles.append(f'<span class="tile" title="{attr(label)}">{icon}'
                                 f'<span>×{supply[kind]}</span></span>')
            rows.append(f'<div class="supply{" to-move" if who == seat else ""}">'
                        f'<span class="who"><span class="swatch p{who}"></span>'
                        f'{attr(view["colours"][who])}</span>{"".join(tiles)}</div>')
        dims = self._dims(state) if interactive else None
        if dims and dims[0] != dims[1]:
            rows.append('<button type="button" class="rotate" data-action="rotate" '
                        'title="Turn the tile (key R)">Turn tile ⟳</button>')
        return f'<div class="rug-panel">{"".join(rows)}</div>'

    def prompt(self, state):
        name = self.game.seat_names(state)[self.game.to_move(state)]
        if self.message:
            return f"{name} to move. {self.message}"
        dims = self._dims(state)
        if dims is None:
            return f"{name} to move."
        if self.anchor is not None:
            legal, why = self._verdict(state)
            if not legal:
                return f"{name}: a {dims[0]}×{dims[1]} tile cannot go there: {why}."
        return f"{name} to move: choose a tile, point at the board, click to place."


BOARD = RugPileBoard
