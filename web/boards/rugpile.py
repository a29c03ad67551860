"""Rug Pile's board: squares in each player's colour, the supply, and a live preview.

The player to move picks a tile size and its turn from their supply (in the
panel beside the board), points at the board to see where the tile would land
and whether it may, and clicks to place it.  On a touch screen the first tap
shows the preview (and the prompt says "tap again to place"); a tap on another square
moves it there (a nudge), and only a second tap on the square tapped, or on the tile's
anchor square (the one its notation names), or the panel's Place button places it.  A tile
refused there is nudged by a tap on its anchor square too, as a mouse pointing there would
move it (only a tap that leaves it where it is tries it, and says why not).

The chosen tile is the ui's `pick` (a `TilePick`); the tile under the pointer is
`ui.preview` (a Placement) and the engine's verdict on it is `ui.verdict`.  The
renderer reads the view and the ui and never asks the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.contract.core import square_name
from engine.games.rugpile.rules import Placement, RugView

from .base import Board, Ui, attr, svg_open
from .motion import NOTHING, Motion
from .squares import CELL, MARGIN, coordinates


@dataclass(frozen=True)
class TilePick:
    """The tile the player has chosen: a kind (index into view.kinds; None: the first one
    left in the supply), whether it is turned (a 2x3 laid 3 wide instead of 2), and whether
    the tile shown on the board came from a tap (a click with no hover before it), which a
    second tap on the square tapped (`spot`) or on the tile's anchor square places."""

    kind: int | None = None
    turned: bool = False
    tapped: bool = False
    spot: str | None = None


def pick_of(ui: Ui) -> TilePick:
    return ui.pick if isinstance(ui.pick, TilePick) else TilePick()


def chosen_kind(view: RugView, pick: TilePick) -> int | None:
    """The kind of tile the player is placing: the one picked while any is left, else the
    first kind the mover still has (None once the game is over)."""
    if view.to_move < 0:
        return None
    supply = view.supplies[view.to_move]
    if pick.kind is not None and 0 <= pick.kind < len(supply) and supply[pick.kind]:
        return pick.kind
    return next((k for k, n in enumerate(supply) if n), None)


def chosen_dims(view: RugView, pick: TilePick) -> tuple[int, int] | None:
    """The chosen tile's (width, height) as it would be laid."""
    kind = chosen_kind(view, pick)
    if kind is None:
        return None
    a, b = view.kinds[kind]
    return (b, a) if pick.turned else (a, b)


def tile_at(
    view: RugView, pick: TilePick, target: dict | None, flipped: bool = False
) -> Placement | None:
    """The chosen tile when pointing at `target`, kept on the board: its centre as near the
    pointed square's centre as can be.  An odd side is centred on the pointed square; along
    an even side the pointed square is the middle square nearer the top left of the screen
    (so the tile spreads right and down from the pointer, whichever way the board is
    turned, and a 2x2 is placed the same way as the middle of a 4x4)."""
    if not target or "col" not in target:
        return None
    dims = chosen_dims(view, pick)
    if dims is None:
        return None
    width, height = dims
    # Screen left is the lower column and screen top the higher row, unless turned round.
    left, up = (width // 2, (height - 1) // 2) if flipped else ((width - 1) // 2, height // 2)
    col = min(max(int(target["col"]) - left, 0), view.width - width)
    row = min(max(int(target["row"]) - up, 0), view.height - height)
    return Placement(width, height, col, row)


def confirms(tile: Placement | None, pick: TilePick, target: dict) -> bool:
    """Whether a tap on `target` places the tapped tile shown: a tap on the square tapped
    to show it, or on its anchor square (the one its notation names).  A tap on any other
    square, even one the tile covers, moves it."""
    if tile is None or not pick.tapped or "col" not in target:
        return False
    anchor = (int(target["col"]), int(target["row"])) == (tile.col, tile.row)
    return anchor or target.get("cell") == pick.spot


class RugPileBoard(Board[RugView]):
    whole_moves = True
    can_flip = True
    shortcuts = (("R", "turn the chosen 2×3 tile"),)

    # ---- events

    def hit(
        self,
        view: RugView,
        ui: Ui,
        target: dict | None,
        gesture: str = "click",
        source: dict | None = None,
    ) -> tuple[Ui, Placement | None]:
        pick = pick_of(ui)
        if gesture == "hover":
            tile = tile_at(view, pick, target, ui.flipped)
            if tile == ui.preview and not pick.tapped:
                return ui, None
            return replace(ui, pick=replace(pick, tapped=False), preview=tile, refused=None), None
        if gesture != "click" or not target:
            return ui, None
        if target.get("action"):
            return self._panel_hit(ui, pick, target)
        shown = ui.preview if isinstance(ui.preview, Placement) else None
        tile = tile_at(view, pick, target, ui.flipped)
        if tile is None:
            return ui, None
        # a refused tile moves to where its anchor is tapped, as pointing there would move it
        refused = ui.verdict is not None and not ui.verdict.legal
        confirmed = confirms(shown, pick, target) and not (refused and tile != shown)
        if confirmed or (tile == shown and not pick.tapped):
            return ui, shown  # a tap again on the tile shown, or a click where it was shown
        # a tap with no hover first, or elsewhere: show the tile there; a tap again places it
        tapped = replace(pick, tapped=True, spot=target.get("cell"))
        return replace(ui, pick=tapped, preview=tile, refused=None), None

    @staticmethod
    def _panel_hit(ui: Ui, pick: TilePick, target: dict) -> tuple[Ui, Placement | None]:
        """A button of the panel: a tile kind chosen, the tile turned, or Place tile."""
        action = target.get("action")
        if action == "kind":
            pick = replace(pick, kind=int(target["kind"]), tapped=False)
            return replace(ui, pick=pick, preview=None), None
        if action == "rotate":
            return replace(
                ui, pick=replace(pick, turned=not pick.turned, tapped=False), preview=None
            ), None
        shown = ui.preview if isinstance(ui.preview, Placement) else None
        if action == "place" and pick.tapped:
            return ui, shown
        return ui, None

    def key(self, view: RugView, ui: Ui, key: str) -> Ui | None:
        if key in ("r", "R"):
            pick = pick_of(ui)
            return replace(ui, pick=replace(pick, turned=not pick.turned), preview=None)
        return None

    # ---- drawing

    def motion(self, earlier: RugView, later: RugView) -> Motion:
        """A tile laid over its squares: one piece."""
        return Motion(placed=(tuple(later.last),)) if later.last else NOTHING

    def draw(self, view: RugView, ui: Ui) -> str:
        size, board = view.width, view.cells
        span = size * CELL
        centre = MARGIN + span / 2
        turn = f' transform="rotate(180 {centre} {centre})"' if ui.flipped else ""
        out = [
            svg_open(span + MARGIN * 2, span + MARGIN * 2, f"Rug Pile board, {size} by {size}"),
            f'<g class="rug-board"{turn}>',
        ]
        for index, colour in enumerate(board):
            col, row = index % size, index // size
            x, y = MARGIN + col * CELL, MARGIN + (size - 1 - row) * CELL
            who = view.seat_names[colour] if colour >= 0 else "blank"
            fill = f"p{colour}" if colour >= 0 else "blank"
            on = f' data-on="{index}"' if colour >= 0 else ""  # for the move animation
            out.append(
                f'<rect class="sq {fill}"{on} x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                f'data-cell="{square_name(col, row)}" data-col="{col}" data-row="{row}" '
                f'aria-label="{square_name(col, row)}: {who}">'
                f"<title>{square_name(col, row)}: {who}</title></rect>"
            )
            if colour >= 0:
                out.append(self._mark(colour, x, y, index))
        out.append(self._area_edges(board, size))
        if view.last:
            # a black and white double outline: the colour of no player
            out.append(self._outline(view.last, size, "rug-last dark"))
            out.append(self._outline(view.last, size, "rug-last light"))
        if ui.live:
            out.append(self._preview(view, ui))
        out.append("</g>")
        out.append(coordinates(size, ui.flipped))
        out.append("</svg>")
        return "".join(out)

    @staticmethod
    def _mark(colour: int, x: int, y: int, on: int) -> str:
        """A small shape per colour, so colour is never the only cue, on square number `on`."""
        cx, cy = x + CELL / 2, y + CELL / 2
        mark = f'class="mark" data-on="{on}"'
        if colour == 0:
            return f'<circle {mark} cx="{cx}" cy="{cy}" r="9"/>'
        if colour == 1:
            return f'<rect {mark} x="{cx - 8}" y="{cy - 8}" width="16" height="16"/>'
        if colour == 2:
            return f'<path {mark} d="M{cx - 4} {cy - 12}h8v8h8v8h-8v8h-8v-8h-8v-8h8Z"/>'
        return f'<path {mark} d="M{cx} {cy - 11}L{cx + 11} {cy}L{cx} {cy + 11}L{cx - 11} {cy}Z"/>'

    @staticmethod
    def _area_edges(board: tuple[int, ...], size: int) -> str:
        """Thick lines between squares of different colours, so areas read at a glance."""
        lines = []
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
    def _outline(squares: tuple[int, ...], size: int, cls: str) -> str:
        cols = [s % size for s in squares]
        rows = [s // size for s in squares]
        x = MARGIN + min(cols) * CELL
        y = MARGIN + (size - 1 - max(rows)) * CELL
        w = (max(cols) - min(cols) + 1) * CELL
        h = (max(rows) - min(rows) + 1) * CELL
        return f'<rect class="{cls}" x="{x + 6}" y="{y + 6}" width="{w - 12}" height="{h - 12}"/>'

    @staticmethod
    def _preview(view: RugView, ui: Ui) -> str:
        """The tile under the pointer, in the mover's colour, or marked illegal when the
        engine's verdict on it says so."""
        tile = ui.preview
        if not isinstance(tile, Placement):
            return ""
        width, height, col, row = tile
        x = MARGIN + col * CELL
        y = MARGIN + (view.height - row - height) * CELL
        refused = ui.verdict is not None and not ui.verdict.legal
        cls = "preview illegal" if refused else f"preview p{view.to_move}"
        return (
            f'<rect class="{cls}" x="{x + 3}" y="{y + 3}" width="{width * CELL - 6}" '
            f'height="{height * CELL - 6}" pointer-events="none"/>'
        )

    # ---- beside the board

    def panel(self, view: RugView, ui: Ui) -> str:
        seat = view.to_move
        pick = pick_of(ui)
        chosen = chosen_kind(view, pick) if ui.live else None
        rows = []
        for who, supply in enumerate(view.supplies):
            tiles = []
            for kind, (a, b) in enumerate(view.kinds):
                label = f"{a}x{b} tile, {supply[kind]} left"
                if chosen is not None and kind == chosen and pick.turned:
                    a, b = b, a
                icon = (
                    f'<svg class="tile-icon" viewBox="0 0 36 36" aria-hidden="true">'
                    f'<rect class="p{who}" x="{(36 - a * 10) / 2}" y="{(36 - b * 10) / 2}" '
                    f'width="{a * 10}" height="{b * 10}"/></svg>'
                )
                if who == seat and ui.live:
                    pressed = "true" if kind == chosen else "false"
                    disabled = "" if supply[kind] else " disabled"
                    tiles.append(
                        f'<button type="button" class="tile" data-action="kind" '
                        f'data-kind="{kind}" aria-pressed="{pressed}" '
                        f'aria-label="{attr(label)}"{disabled}>{icon}'
                        f"<span>×{supply[kind]}</span></button>"
                    )
                else:
                    tiles.append(
                        f'<span class="tile" title="{attr(label)}">{icon}'
                        f"<span>×{supply[kind]}</span></span>"
                    )
            rows.append(
                f'<div class="supply{" to-move" if who == seat else ""}">'
                f'<span class="who"><span class="swatch p{who}"></span>'
                f"{attr(view.seat_names[who])}</span>{''.join(tiles)}</div>"
            )
        dims = chosen_dims(view, pick) if ui.live else None
        if dims and dims[0] != dims[1]:
            rows.append(
                '<button type="button" class="rotate" data-action="rotate" '
                'title="Turn the tile (key R)">Turn tile ⟳</button>'
            )
        if ui.live and pick.tapped and isinstance(ui.preview, Placement):
            rows.append(
                '<button type="button" class="place" data-action="place" '
                'title="Place the tile shown on the board">Place tile</button>'
            )
        return f'<div class="rug-panel">{"".join(rows)}</div>'

    def prompt(self, view: RugView, ui: Ui) -> str:
        name = view.seat_names[view.to_move]
        if ui.refused is not None:
            return f"{name} to move. You cannot place there: {ui.refused.text}."
        if chosen_dims(view, pick_of(ui)) is None:
            return f"{name} to move."
        tile, verdict = ui.preview, ui.verdict
        tapped = pick_of(ui).tapped and isinstance(tile, Placement)
        if isinstance(tile, Placement) and verdict is not None and not verdict.legal:
            again = " Tap elsewhere to move it." if tapped else ""
            return (
                f"{name}: a {tile.width}×{tile.height} tile cannot go there: "
                f"{verdict.text}.{again}"
            )
        if tapped:
            assert isinstance(tile, Placement)
            return (
                f"{name}: tap again (or Place tile) to place the {tile.width}×{tile.height} "
                f"tile at {square_name(tile.col, tile.row)}; tap another square to move it."
            )
        if ui.touch:
            return f"{name} to move: choose a tile, tap the board to show it there."
        return f"{name} to move: choose a tile, point at the board, click to place."
