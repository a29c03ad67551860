"""Gwyddbwyll's board: an 8×8 wooden board with drawn pieces (no font glyphs).

Click one of your pieces and its legal destinations light up (a dot for a quiet move, a
ring for a capture); click one to move.  Dragging a piece onto a destination does the
same: a piece that can move is marked `data-drag` (its square), and the page moves it
with the pointer while it is dragged.  The last move is tinted, a king in check glows red,
and a queen that still has its one-time jump wears a star.  The toolbar's Flip button, as
in every game (or the F key), turns the board so Black sits at the bottom (`ui.flipped`).

Everything comes from the engine's GwyddbwyllView: the pieces, the legal moves with
what each takes (`targets`), the king in check, and for a piece that cannot move
because of its king one of its moves (`held`), whose verdict says why.  A move tried
and refused comes back as `ui.refused`; the prompt shows the engine's reason.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.contract.core import square_name
from engine.games.gwyddbwyll.rules import KING_SAFETY, GwyddbwyllView, Step, Target

from .base import Board, Ui, svg_open
from .motion import NOTHING, Motion
from .squares import CELL, MARGIN, coordinates, corner

SIZE = 8
SQUARES = {square_name(sq % SIZE, sq // SIZE): sq for sq in range(SIZE * SIZE)}  # "e4" -> 28
NAMES = {sq: cell for cell, sq in SQUARES.items()}
COLOURS = ("white", "black")  # a piece's colour (its seat) as CSS and prose say it


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
STAR = (
    '<path class="star" d="M80 6 L83.5 15 L93 15 L85.5 20.5 L88.5 30 L80 24 L71.5 30 '
    'L74.5 20.5 L67 15 L76.5 15 Z"/>'
)
LETTER = {"king": "K", "queen": "Q", "rook": "R", "knight": "N", "bishop": "B", "pawn": ""}


def piece_svg(
    kind: str,
    colour: str,
    x: float,
    y: float,
    jump: bool = False,
    drag: str = "",
    on: int | None = None,
) -> str:
    """One piece drawn in the 100×100 square whose top-left corner is (x, y); `drag` names
    its square when the page may move it with the pointer while it is dragged; `on` is the
    number of the square it stands on, for the page's move animation (web/logic/motion.py)."""
    extra = (f' data-drag="{drag}"' if drag else "") + (
        f' data-on="{on}"' if on is not None else ""
    )
    return (
        f'<g class="pc {colour} {kind}" transform="translate({x:g} {y:g})"{extra}>'
        f"{SHAPES[kind]}{BASE}{STAR if jump else ''}</g>"
    )


def piece_icon(kind: str, colour: str, jump: bool = False) -> str:
    """A small stand-alone drawing of a piece (for the panel and the rules)."""
    return (
        f'<svg class="gwyddbwyll" viewBox="0 0 100 100" aria-hidden="true">'
        f'<rect class="sq light" width="100" height="100" rx="10"/>'
        f"{piece_svg(kind, colour, 0, 0, jump)}</svg>"
    )


INKS = {"white": ("#fbf7ea", "#262626"), "black": ("#2e2b28", "#efe6d2")}


def legend_svg(kind: str, colour: str, jump: bool = False) -> str:
    """A piece as a self-contained inline SVG styled by attributes (no classes, no <style>),
    as the rules panel's legend shows it (web/rules/gwyddbwyll.html)."""
    fill, ink = INKS[colour]
    body = (
        (SHAPES[kind] + BASE + (STAR if jump else ""))
        .replace('<path class="line" ', '<path fill="none" ')
        .replace('<circle class="dot" ', f'<circle fill="{ink}" stroke="none" ')
        .replace('<path class="star" ', '<path fill="#f0b429" stroke="#262626" stroke-width="2" ')
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="40" height="40" '
        f'role="img" aria-label="{colour} {kind}{" with its jump" if jump else ""}">'
        f'<rect width="100" height="100" rx="10" fill="#ecdcbc"/>'
        f'<g fill="{fill}" stroke="{ink}" stroke-width="3" stroke-linejoin="round" '
        f'stroke-linecap="round">{body}</g></svg>'
    )


@dataclass(frozen=True)
class Pick:
    """The board's half-made move (`ui.pick`).

    square: the mover's piece chosen, or (foe) the other side's piece clicked while none
            was chosen, which the prompt says is not theirs.
    foe:    `square` is the other side's piece; nothing is chosen.
    tried:  a destination tried from the chosen piece and refused (`ui.refused` says why).
    """

    square: int
    foe: bool = False
    tried: int | None = None


def _chosen(ui: Ui) -> int | None:
    """The square of the piece chosen, or None."""
    pick = ui.pick
    return pick.square if isinstance(pick, Pick) and not pick.foe else None


def _destinations(view: GwyddbwyllView, frm: int | None) -> dict[int, Target]:
    """The legal moves of the piece on `frm`, by destination."""
    return {t.move.to: t for t in view.targets if t.move.frm == frm}


def _square(target: dict | None) -> int | None:
    """The square a target names in its data-cell, or None."""
    return SQUARES.get((target or {}).get("cell") or "")


def _describe(view: GwyddbwyllView, sq: int) -> str:
    piece = view.cells[sq]
    return f"{COLOURS[piece.colour]} {piece.kind}" if piece else "empty"


class GwyddbwyllBoard(Board[GwyddbwyllView]):
    can_flip = True  # the toolbar's Flip button (and the F key) turns it round
    sided = True  # each army plays up the board from its own edge
    full_moves = True  # the move list: "1. e3e4 a6a5 2. ..."
    shortcuts = (("F", "turn the board round (as the Flip button does)"),)

    # ---- events

    def hit(
        self,
        view: GwyddbwyllView,
        ui: Ui,
        target: dict | None,
        gesture: str = "click",
        source: dict | None = None,
    ) -> tuple[Ui, Any]:
        if gesture == "hover":
            return self._hover(view, ui, target), None
        if gesture == "drop":
            return self._drop(view, ui, source, target)
        if gesture == "grab":  # a drag begins: its piece chosen, its moves shown
            sq = _square(target)
            piece = view.cells[sq] if sq is not None else None
            if sq is None or sq == _chosen(ui) or piece is None or piece.colour != view.to_move:
                return ui, None
            return self._choose(view, ui, sq), None
        return self._click(view, ui, _square(target))

    @staticmethod
    def _choose(view: GwyddbwyllView, ui: Ui, sq: int) -> Ui:
        """The mover's piece on `sq` chosen; a piece its king holds back previews one of its
        moves, so the engine's verdict says why it cannot move."""
        held = next((m for m in view.held if m.frm == sq), None)
        return replace(ui.cleared(), pick=Pick(sq), preview=held)

    def _click(self, view: GwyddbwyllView, ui: Ui, sq: int | None) -> tuple[Ui, Any]:
        if sq is None:
            return ui, None
        chosen = _chosen(ui)
        dests = _destinations(view, chosen)
        if sq in dests:
            return ui.cleared(), dests[sq].move
        if sq == chosen:
            return ui.cleared(), None
        piece = view.cells[sq]
        if piece is not None and piece.colour == view.to_move:
            return self._choose(view, ui, sq), None
        if chosen is not None:  # the engine refuses it: ui.refused says why
            return replace(ui, pick=Pick(chosen, tried=sq)), Step(chosen, sq)
        if piece is not None:
            return replace(ui, pick=Pick(sq, foe=True), preview=None, refused=None), None
        return ui, None

    def _drop(
        self, view: GwyddbwyllView, ui: Ui, source: dict | None, target: dict | None
    ) -> tuple[Ui, Any]:
        frm, to = _square(source), _square(target)
        if frm is None or to is None or frm == to:
            return ui, None
        dests = _destinations(view, frm)
        if to in dests:
            return ui.cleared(), dests[to].move
        piece = view.cells[frm]
        if piece is not None and piece.colour == view.to_move:
            return replace(ui.cleared(), pick=Pick(frm, tried=to)), Step(frm, to)
        return ui, None

    @staticmethod
    def _hover(view: GwyddbwyllView, ui: Ui, target: dict | None) -> Ui:
        """The destination under the pointer, of the piece chosen, as `ui.preview`."""
        dests = _destinations(view, _chosen(ui))
        if not dests:  # nothing to show (a held piece keeps its preview)
            return ui
        sq = _square(target)
        move = dests[sq].move if sq in dests else None
        return ui if move == ui.preview else replace(ui, preview=move)

    def key(self, view: GwyddbwyllView, ui: Ui, key: str) -> Ui | None:
        if key in ("f", "F"):
            return replace(ui, flipped=not ui.flipped)
        if key == "Escape" and _chosen(ui) is not None:
            return ui.cleared()
        return None

    def swatch(self, view: GwyddbwyllView, seat: int) -> str:
        return ("gw-white", "gw-black")[seat]

    def score_text(self, view: GwyddbwyllView, seat: int) -> str:
        count = view.scores[seat]
        return f"{count} piece{'' if count == 1 else 's'}"

    # ---- drawing

    def motion(self, earlier: GwyddbwyllView, later: GwyddbwyllView) -> Motion:
        """A piece moves from `last[0]` to `last[1]`, taking what stood there (or, en passant,
        the pawn beside it: any piece gone from its square but the mover)."""
        if len(later.last) != 2 or earlier.cells == later.cells:
            return NOTHING
        frm, to = later.last
        taken = tuple(
            (sq,)
            for sq, piece in enumerate(earlier.cells)
            if piece is not None and sq != frm and later.cells[sq] != piece
        )
        return Motion(slides=((frm, to),), taken=taken)

    def draw(self, view: GwyddbwyllView, ui: Ui) -> str:
        flipped = ui.flipped
        targets = view.targets if ui.live else ()
        movable = {t.move.frm for t in targets}
        chosen = _chosen(ui) if ui.live else None
        dests = {t.move.to: t.taken for t in targets if t.move.frm == chosen}
        span = 8 * CELL + 2 * MARGIN
        side = "Black" if flipped else "White"
        out = [
            svg_open(span, span, f"Gwyddbwyll board, {side} at the bottom", cls="gwyddbwyll"),
            '<defs><radialGradient id="gw-check-glow"><stop offset="0" stop-color="#e0301e" '
            'stop-opacity=".95"/><stop offset=".55" stop-color="#e0301e" stop-opacity=".55"/>'
            '<stop offset="1" stop-color="#e0301e" stop-opacity="0"/></radialGradient></defs>',
        ]
        for row in range(8):
            for col in range(8):
                sq = row * SIZE + col
                x, y = corner(8, col, row, flipped)
                classes = ["sq", "dark" if (col + row) % 2 == 0 else "light"]
                if sq in movable:
                    classes.append("movable")
                if sq in dests:
                    classes.append("dest")
                out.append(
                    f'<rect class="{" ".join(classes)}" x="{x}" y="{y}" width="{CELL}" '
                    f'height="{CELL}" data-cell="{NAMES[sq]}"><title>{NAMES[sq]}: '
                    f"{_describe(view, sq)}</title></rect>"
                )
        out.append(
            f'<rect class="gw-frame" x="{MARGIN}" y="{MARGIN}" width="{8 * CELL}" '
            f'height="{8 * CELL}"/>'
        )
        out += self._marks(view, ui, dests)
        out.append(coordinates(8, flipped))
        out.append("</svg>")
        return "".join(out)

    @staticmethod
    def _marks(view: GwyddbwyllView, ui: Ui, dests: dict[int, int | None]) -> list[str]:
        """What lies on the squares: the last move, the chosen piece, the king in check,
        the pieces, the chosen piece's destinations and the one under the pointer."""
        flipped = ui.flipped

        def at(sq: int) -> tuple[int, int]:
            return corner(8, sq % SIZE, sq // SIZE, flipped)

        out = []
        for sq in view.last:
            x, y = at(sq)
            out.append(f'<rect class="gw-last" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>')
        chosen = _chosen(ui)
        if dests and chosen is not None:
            x, y = at(chosen)
            out.append(
                f'<rect class="gw-selected" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>'
            )
        if view.check is not None:
            x, y = at(view.check)
            out.append(
                f'<circle class="gw-check" cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="50"/>'
            )
        movable = {t.move.frm for t in view.targets} if ui.live else set()
        for sq, piece in enumerate(view.cells):
            if piece is not None:
                x, y = at(sq)
                drag = NAMES[sq] if sq in movable else ""
                out.append(
                    piece_svg(piece.kind, COLOURS[piece.colour], x, y, piece.jump, drag, sq)
                )
        for sq, taken in dests.items():
            x, y = at(sq)
            cx, cy = x + CELL / 2, y + CELL / 2
            if taken is not None:
                out.append(
                    f'<circle class="gw-ring" cx="{cx}" cy="{cy}" r="44" '
                    f'data-target="{NAMES[sq]}"/>'
                )
            else:
                out.append(
                    f'<circle class="gw-dot" cx="{cx}" cy="{cy}" r="14" '
                    f'data-target="{NAMES[sq]}"/>'
                )
        hover = ui.preview
        if isinstance(hover, Step) and hover.frm == chosen and hover.to in dests:
            x, y = at(hover.to)
            out.append(
                f'<rect class="gw-hover" x="{x + 3}" y="{y + 3}" width="{CELL - 6}" '
                f'height="{CELL - 6}"/>'
            )
        return out

    # ---- beside the board

    def panel(self, view: GwyddbwyllView, ui: Ui) -> str:
        return (
            '<div class="gw-panel">'
            "<ul>"
            f"<li>{piece_icon('bishop', 'white')}<span>Bishop: jumps exactly two squares "
            "diagonally, over anything.</span></li>"
            f"<li>{piece_icon('queen', 'white')}<span>Queen: one step diagonally.</span></li>"
            f"<li>{piece_icon('queen', 'white', True)}<span>A new queen (★) may once jump two "
            "squares diagonally to an empty square.</span></li>"
            "</ul></div>"
        )

    def prompt(self, view: GwyddbwyllView, ui: Ui) -> str:
        if view.to_move < 0:
            return ""
        name = view.seat_names[view.to_move]
        check = f"{name} is in check. " if view.check is not None else ""
        message = self._message(view, ui)
        if message:
            return f"{check}{message}"
        chosen = _chosen(ui)
        piece = view.cells[chosen] if chosen is not None else None
        if chosen is not None and piece is not None:
            return (
                f"{check}{name}: {piece.kind} on {NAMES[chosen]} chosen; click a marked "
                "square (or choose another piece)."
            )
        return f"{check}{name} to move: click a piece, then where it goes (or drag it)."

    @staticmethod
    def _message(view: GwyddbwyllView, ui: Ui) -> str:
        """What the last click or drop calls for: why a move was refused, that a piece is the
        other side's, or that the piece chosen cannot move (and why, when its king holds it)."""
        pick = ui.pick
        if not isinstance(pick, Pick):
            return ""
        piece = view.cells[pick.square]
        if pick.tried is not None and ui.refused is not None:
            return f"{NAMES[pick.square]}{NAMES[pick.tried]} is not allowed: {ui.refused.text}."
        if piece is None:
            return ""
        if pick.foe:
            return f"That is a {COLOURS[piece.colour]} piece: move one of yours."
        if _destinations(view, pick.square):
            return ""
        verdict = ui.verdict
        why = f": {verdict.text}" if verdict is not None and verdict.code in KING_SAFETY else ""
        return f"The {piece.kind} on {NAMES[pick.square]} has no legal move{why}."
