"""Gwyddbwyll's board: an 8×8 wooden board with drawn pieces (no font glyphs).

Click one of your pieces and its legal destinations light up (a dot for a
quiet move, a ring for a capture); click one to move.  Dragging a piece onto a
destination does the same.  The last move is tinted, a king in check glows
red, and a queen that still has its one-time jump wears a star.  The panel's
"Flip board" button (or the F key) turns the board so Black sits at the bottom;
`set_seats` does it by itself when a person plays Black against the computer.
"""

from __future__ import annotations

from engine.core import EngineError

from .base import BoardRenderer, svg_open
from .squares import CELL, MARGIN, coordinates, corner

FILES = "abcdefgh"

STYLE = """
svg.gwyddbwyll .sq { stroke: none; }
svg.gwyddbwyll .sq.light { fill: #ecdcbc; }
svg.gwyddbwyll .sq.dark { fill: #b4875a; }
svg.gwyddbwyll .sq.movable { cursor: grab; }
svg.gwyddbwyll .sq.dest { cursor: pointer; }
svg.gwyddbwyll .gw-frame { fill: none; stroke: #6b4a2b; stroke-width: 6; pointer-events: none; }
svg.gwyddbwyll .gw-last { fill: #f0c419; fill-opacity: .38; pointer-events: none; }
svg.gwyddbwyll .gw-selected { fill: #8ec5ff; fill-opacity: .5; stroke: #0b5cad; stroke-width: 6;
  pointer-events: none; }
svg.gwyddbwyll .gw-hover { fill: none; stroke: var(--accent); stroke-width: 6; pointer-events: none; }
svg.gwyddbwyll .gw-dot { fill: #1d3b5c; fill-opacity: .5; pointer-events: none; }
svg.gwyddbwyll .gw-ring { fill: none; stroke: #1d3b5c; stroke-opacity: .6; stroke-width: 8;
  pointer-events: none; }
svg.gwyddbwyll .gw-check { fill: url(#gw-check-glow); pointer-events: none; }
svg.gwyddbwyll .coord { font-size: 26px; text-anchor: middle; fill: var(--muted); pointer-events: none; }
svg.gwyddbwyll .pc { pointer-events: none; }
svg.gwyddbwyll .pc * { stroke-width: 3; stroke-linejoin: round; stroke-linecap: round; }
svg.gwyddbwyll .pc.white * { fill: #fbf7ea; stroke: #262626; }
svg.gwyddbwyll .pc.black * { fill: #2e2b28; stroke: #efe6d2; }
svg.gwyddbwyll .pc .line { fill: none !important; }
svg.gwyddbwyll .pc.white .dot { fill: #262626; stroke: none; }
svg.gwyddbwyll .pc.black .dot { fill: #efe6d2; stroke: none; }
svg.gwyddbwyll .pc .star { fill: #f0b429 !important; stroke: #262626 !important; stroke-width: 2; }
.swatch.gw-white { background: #fbf7ea; border: 1px solid #262626; }
.swatch.gw-black { background: #2e2b28; border: 1px solid #262626; }
.gw-panel ul { list-style: none; margin: .6rem 0 0; padding: 0; display: grid; gap: .4rem; }
.gw-panel li { display: flex; align-items: center; gap: .55rem; line-height: 1.25; }
.gw-panel li svg { width: 2.4rem; height: 2.4rem; flex: none; }
.gw-panel button[aria-pressed="true"] { background: var(--accent); color: var(--on-accent); border-color: var(--accent); }
"""

# Each piece drawn in a 100×100 square, standing on a common base.
BASE = '<path d="M22 88 h56 v-4 q0 -6 -6 -6 h-44 q-6 0 -6 6 z"/>'
SHAPES = {
    "pawn": '<circle cx="50" cy="33" r="11"/>'
            '<path d="M38 78 C38 64 43 54 46 45 H54 C57 54 62 64 62 78 Z"/>',
    "rook": '<path d="M32 78 V45 H28 V24 H37 V31 H45 V24 H55 V31 H63 V24 H72 V45 H68 V78 Z"/>'
            '<path class="line" d="M32 45 H68 M34 62 H66"/>',
    "knight": '<path d="M32 78 C32 66 36 58 46 52 C40 52 34 55 30 58 C25 55 24 49 28 45 '
              'C34 37 41 29 49 25 L52 15 L57 23 C68 28 73 42 71 58 C70 66 68 72 68 78 Z"/>'
              '<circle class="dot" cx="49" cy="35" r="2.6"/>',
    # The jumping bishop: a two-horned piece (the old alfil) with a diamond for its leap.
    "bishop": '<path d="M33 78 C31 62 30 46 33 34 L38 16 L46 31 H54 L62 16 L67 34 '
              'C70 46 69 62 67 78 Z"/>'
              '<path class="line" d="M50 42 L58 52 L50 62 L42 52 Z"/>',
    # The fers: a small crowned piece marked with a diagonal cross for its diagonal step.
    "queen": '<path d="M34 78 C34 64 38 52 41 44 L33 27 L44 35 L50 22 L56 35 L67 27 L59 44 '
             'C62 52 66 64 66 78 Z"/>'
             '<path class="line" d="M44 53 L56 65 M56 53 L44 65"/>',
    "king": '<path d="M31 78 C31 64 35 52 38 44 H62 C65 52 69 64 69 78 Z"/>'
            '<rect x="35" y="36" width="30" height="8" rx="2"/>'
            '<path d="M47 10 H53 V18 H60 V24 H53 V36 H47 V24 H40 V18 H47 Z"/>',
}
STAR = ('<path class="star" d="M80 6 L83.5 15 L93 15 L85.5 20.5 L88.5 30 L80 24 L71.5 30 '
        'L74.5 20.5 L67 15 L76.5 15 Z"/>')
LETTER = {"king": "K", "queen": "Q", "rook": "R", "knight": "N", "bishop": "B", "pawn": ""}


def piece_svg(kind: str, colour: str, x: float, y: float, jump: bool = False) -> str:
    """One piece drawn in the 100×100 square whose top-left corner is (x, y)."""
    return (f'<g class="pc {colour} {kind}" transform="translate({x:g} {y:g})">'
            f'{SHAPES[kind]}{BASE}{STAR if jump else ""}</g>')


def piece_icon(kind: str, colour: str, jump: bool = False) -> str:
    """A small stand-alone drawing of a piece (for the panel and the rules)."""
    return (f'<svg class="gwyddbwyll" viewBox="0 0 100 100" aria-hidden="true">'
            f'<rect class="sq light" width="100" height="100" rx="10"/>'
            f'{piece_svg(kind, colour, 0, 0, jump)}</svg>')


COLOURS = {"white": ("#fbf7ea", "#262626"), "black": ("#2e2b28", "#efe6d2")}


def legend_svg(kind: str, colour: str, jump: bool = False) -> str:
    """A piece as a self-contained inline SVG styled by attributes (no classes, no <style>),
    as the rules panel's legend shows it (web/rules/gwyddbwyll.html)."""
    fill, ink = COLOURS[colour]
    body = (SHAPES[kind] + BASE + (STAR if jump else "")).replace(
        '<path class="line" ', '<path fill="none" ').replace(
        '<circle class="dot" ', f'<circle fill="{ink}" stroke="none" ').replace(
        '<path class="star" ', '<path fill="#f0b429" stroke="#262626" stroke-width="2" ')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="40" height="40" '
            f'role="img" aria-label="{colour} {kind}{" with its jump" if jump else ""}">'
            f'<rect width="100" height="100" rx="10" fill="#ecdcbc"/>'
            f'<g fill="{fill}" stroke="{ink}" stroke-width="3" stroke-linejoin="round" '
            f'stroke-linecap="round">{body}</g></svg>')


class GwyddbwyllBoard(BoardRenderer):
    def __init__(self, game):
        self.flipped = False         # Black at the bottom; kept across moves
        super().__init__(game)

    def reset(self):
        self.selected = None         # square name of the chosen piece
        self.hovered = None          # destination under the pointer while a piece is chosen
        self.message = ""

    def set_seats(self, seats) -> None:
        """Who plays each seat ("human" or a computer level), for a page that tells its
        renderer: a person playing Black against the computer gets Black at the bottom."""
        self.flipped = list(seats)[:2] == [seats[0], "human"] and seats[0] != "human"

    # ---- what the engine says

    def _mover(self, state) -> str:
        return ("white", "black")[self.game.to_move(state)]

    def _mine(self, state, cell) -> dict | None:
        piece = self.game.view(state)["pieces"].get(cell)
        return piece if piece and piece["colour"] == self._mover(state) else None

    def _reason(self, state, frm, to) -> str:
        try:
            self.game.parse(state, frm + to)
        except EngineError as err:
            return str(err).split(": ", 1)[-1]
        return ""

    def _describe(self, state, cell) -> str:
        piece = self.game.view(state)["pieces"].get(cell)
        return f"{piece['colour']} {piece['kind']}" if piece else "empty"

    # ---- events

    def click(self, state, target):
        if not target:
            return None
        if target.get("action") == "flip":
            self.flipped = not self.flipped
            return None
        cell = target.get("cell")
        if not cell:
            return None
        targets = self.game.targets(state)
        if self.selected and cell in targets.get(self.selected, {}):
            move = self.selected + cell
            self.reset()
            return move
        if cell == self.selected:
            self.reset()
            return None
        mine = self._mine(state, cell)
        if mine:
            self.selected, self.hovered, self.message = cell, None, ""
            if cell not in targets:
                self.message = (f"The {mine['kind']} on {cell} has no legal move"
                                f"{self._why_stuck(state, cell)}.")
            return None
        if self.selected:
            self.message = f"{self.selected}{cell} is not allowed: {self._reason(state, self.selected, cell)}."
            return None
        piece = self.game.view(state)["pieces"].get(cell)
        if piece:
            self.message = f"That is a {piece['colour']} piece: move one of yours."
        return None

    def _why_stuck(self, state, cell) -> str:
        """Why a piece cannot move, when the reason is the king: ' (your king is in check)'."""
        for to in (f + r for f in FILES for r in "12345678"):
            reason = self._reason(state, cell, to)
            if "king" in reason:
                return f": {reason}"
        return ""

    def drag(self, state, source, target):
        frm, to = (source or {}).get("cell"), (target or {}).get("cell")
        if not frm or not to or frm == to:
            return None
        if to in self.game.targets(state).get(frm, {}):
            self.reset()
            return frm + to
        if self._mine(state, frm):
            self.selected, self.hovered = frm, None
            self.message = f"{frm}{to} is not allowed: {self._reason(state, frm, to)}."
        return None

    def hover(self, state, target):
        cell = (target or {}).get("cell")
        if not self.selected or cell not in self.game.targets(state).get(self.selected, {}):
            cell = None
        if cell == self.hovered:
            return False
        self.hovered = cell
        return True

    def key(self, state, key):
        if key in ("f", "F"):
            self.flipped = not self.flipped
            return True
        if key == "Escape" and self.selected:
            self.reset()
            return True
        return False

    def swatch(self, state, seat):
        return ("gw-white", "gw-black")[seat]

    # ---- drawing

    def _corner(self, cell: str) -> tuple[int, int]:
        """Top-left corner of a square in the SVG, after any flip."""
        return corner(8, FILES.index(cell[0]), int(cell[1]) - 1, self.flipped)

    def svg(self, state, interactive):
        view = self.game.view(state)
        pieces = view["pieces"]
        targets = self.game.targets(state) if interactive else {}
        chosen = targets.get(self.selected, {}) if interactive and self.selected else {}
        span = 8 * CELL + 2 * MARGIN
        side = "Black" if self.flipped else "White"
        out = [svg_open(span, span, f"Gwyddbwyll board, {side} at the bottom").replace(
                   "<svg ", '<svg class="gwyddbwyll" ', 1),
               f"<style>{STYLE}</style>",
               '<defs><radialGradient id="gw-check-glow"><stop offset="0" stop-color="#e0301e" '
               'stop-opacity=".95"/><stop offset=".55" stop-color="#e0301e" stop-opacity=".55"/>'
               '<stop offset="1" stop-color="#e0301e" stop-opacity="0"/></radialGradient></defs>']
        for row in range(8):
            for col in range(8):
                cell = f"{FILES[col]}{row + 1}"
                x, y = self._corner(cell)
                classes = ["sq", "dark" if (col + row) % 2 == 0 else "light"]
                if cell in targets:
                    classes.append("movable")
                if cell in chosen:
                    classes.append("dest")
                out.append(f'<rect class="{" ".join(classes)}" x="{x}" y="{y}" width="{CELL}" '
                           f'height="{CELL}" data-cell="{cell}"><title>{cell}: '
                           f'{self._describe(state, cell)}</title></rect>')
        out.append(f'<rect class="gw-frame" x="{MARGIN}" y="{MARGIN}" width="{8 * CELL}" '
                   f'height="{8 * CELL}"/>')
        for cell in view["last"] or ():
            x, y = self._corner(cell)
            out.append(f'<rect class="gw-last" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>')
        if chosen:
            x, y = self._corner(self.selected)
            out.append(f'<rect class="gw-selected" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>')
        if view["check"]:
            x, y = self._corner(view["check"])
            out.append(f'<circle class="gw-check" cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="50"/>')
        for cell, piece in pieces.items():
            x, y = self._corner(cell)
            out.append(piece_svg(piece["kind"], piece["colour"], x, y, piece.get("jump", False)))
        for cell, taken in chosen.items():
            x, y = self._corner(cell)
            cx, cy = x + CELL / 2, y + CELL / 2
            if taken:
                out.append(f'<circle class="gw-ring" cx="{cx}" cy="{cy}" r="44" data-target="{cell}"/>')
            else:
                out.append(f'<circle class="gw-dot" cx="{cx}" cy="{cy}" r="14" data-target="{cell}"/>')
        if self.hovered and self.hovered in chosen:
            x, y = self._corner(self.hovered)
            out.append(f'<rect class="gw-hover" x="{x + 3}" y="{y + 3}" width="{CELL - 6}" '
                       f'height="{CELL - 6}"/>')
        out.append(coordinates(8, self.flipped))
        out.append("</svg>")
        return "".join(out)

    # ---- beside the board

    def panel(self, state, interactive):
        pressed = "true" if self.flipped else "false"
        return (
            '<div class="gw-panel">'
            f'<button type="button" data-action="flip" aria-pressed="{pressed}" '
            'title="Turn the board round (key F)">Flip board ⇅</button>'
            '<ul>'
            f'<li>{piece_icon("bishop", "white")}<span>Bishop: jumps exactly two squares '
            'diagonally, over anything.</span></li>'
            f'<li>{piece_icon("queen", "white")}<span>Queen: one step diagonally.</span></li>'
            f'<li>{piece_icon("queen", "white", True)}<span>A new queen (★) may once jump two '
            'squares diagonally to an empty square.</span></li>'
            '</ul></div>')

    def prompt(self, state):
        name = self.game.seat_names(state)[self.game.to_move(state)]
        check = f"{name} is in check. " if self.game.view(state)["check"] else ""
        if self.message:
            return f"{check}{self.message}"
        if self.selected:
            piece = self._mine(state, self.selected)
            if piece:
                return (f"{check}{name}: {piece['kind']} on {self.selected} chosen; click a "
                        "marked square (or choose another piece).")
        return f"{check}{name} to move: click a piece, then where it goes (or drag it)."


BOARD = GwyddbwyllBoard
