"""The contract between the page's table (web/logic/table.py) and a game's board renderer.

A board renderer is pure Python: it turns the engine's `View` of a position and the
player's `Ui` (what they have selected, whether the board is turned round, where the
keyboard cursor is) into SVG and HTML *text*, and turns the player's pointer and key
events into a new `Ui` and, once a move is complete, an engine move.  It keeps no state
of its own and imports no browser module, so it is unit-tested in CPython.

    draw(view, ui)            -> svg text of the board
    panel(view, ui)           -> html beside the board ('' if none)
    hit(view, ui, target, gesture, source) -> (ui, move or None)
    key(view, ui, key)        -> ui, or None when the key means nothing to this board
    prompt(view, ui)          -> one line telling the player to move what they can do
    actions(view)             -> buttons for the word moves (pass, swap, ...)
    swatch(view, seat)        -> the css class of a seat's colour swatch
    score_text(view, seat)    -> a seat's score as the score list shows it
    motion(earlier, later)    -> what the move between two views did (web/boards/motion.py):
                                 every board says, so its moves animate

Events: the page finds the nearest element carrying `data-cell` or `data-action` under the
pointer and passes all its data-* attributes (names without the `data-` prefix, values as
strings) as `target`.

Pieces: every element that draws a piece (a stone, a disk, a block, a Gwyddbwyll piece, the
squares a Rug Pile tile coloured) carries `data-on` with the number of its cell in the view's
cell order (a piece over two cells, a Wythe domino: both numbers, space-separated), so the
page's move animation (web/logic/motion.py, web/browser/animation.py) finds what a move
placed, moved or took.

Rules stay in the engine: a renderer reads `view.moves` (the legal moves) and never decides
legality itself.  When it wants to show a move before it is made (a tile under the pointer)
it puts the move in `ui.preview`; `settle` then asks the engine for `ui.verdict` on it.  A
move `hit` returns is checked the same way: an illegal one comes back as `ui.refused`, whose
text the prompt shows.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from html import escape
from typing import Any, ClassVar, Generic, TypeVar

from engine.contract.core import PASS, SWAP, Game, Verdict, View, square_name

from .motion import Motion


@dataclass(frozen=True)
class Ui:
    """What the player is doing on the board, outside the rules; owned by the table.

    live:    the board takes moves now (the latest position, a person to move): draw hints.
    flipped: the board is drawn turned round (the second seat at the bottom).
    cursor:  the data-cell the keyboard points at, or None.
    pick:    the renderer's half-made move, in a frozen value of its own (None: nothing).
    preview: a whole move the board shows before it is made, or None.
    verdict: the engine's verdict on `preview` (set by `settle`, never by a renderer).
    refused: the engine's verdict on the last move the board tried, when it was illegal.
    prefs:   how the player likes this board drawn (e.g. an overlay on or off), in a frozen
             value of the renderer's own (None: its defaults); kept, like `flipped`.
    touch:   the player uses a touch screen (no pointer hovers; a first tap previews):
             prompts say tap, never click or point; kept, like `flipped`.
    narrow:  the board's width in CSS px when the page lays it out across a narrow screen
             (a phone), else 0: a board may draw itself larger there for a finger (Stigmergy's
             zoom); kept, like `flipped`.
    """

    live: bool = False
    flipped: bool = False
    cursor: str | None = None
    pick: Any = None
    preview: Hashable | None = None
    verdict: Verdict | None = None
    refused: Verdict | None = None
    prefs: Any = None
    touch: bool = False
    narrow: float = 0.0

    def cleared(self) -> Ui:
        """The same board with nothing half-made: after a move, undo, or a new game."""
        return Ui(
            live=self.live,
            flipped=self.flipped,
            cursor=self.cursor,
            prefs=self.prefs,
            touch=self.touch,
            narrow=self.narrow,
        )


def settle(game: Game, state, ui: Ui, before: Ui, move) -> tuple[Ui, Any]:
    """A renderer's answer made safe: the verdict on a new preview, and the move only if the
    engine allows it (else the ui says why, in `refused`)."""
    if ui.preview != before.preview or (ui.preview is not None and ui.verdict is None):
        ui = replace(ui, verdict=None if ui.preview is None else game.check(state, ui.preview))
    if move is None:
        return ui, None
    verdict = game.check(state, move)
    if not verdict.legal:
        return replace(ui, refused=verdict), None
    return replace(ui, refused=None), move


def attr(value) -> str:
    """A value made safe for a double-quoted XML/HTML attribute."""
    return escape(str(value), quote=True)


def svg_open(width: float, height: float, label: str, cls: str = "", style: str = "") -> str:
    """The start of a scalable <svg> with the given viewBox and accessible name; `cls` is its
    class (what its board's stylesheet, web/boards/<game>.css, styles), `style` its inline
    style (custom properties), each left out when ''."""
    classes = f'class="{attr(cls)}" ' if cls else ""
    inline = f'style="{attr(style)}" ' if style else ""
    return (
        f'<svg {classes}{inline}xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{attr(label)}" '
        'preserveAspectRatio="xMidYMid meet">'
    )


V = TypeVar("V", bound=View)


class Board(Generic[V]):
    """Base class of the renderers: override what the game needs.  An instance holds only
    its game (for the new-game form); every method is a pure function of its arguments.
    A renderer names its game's view type: `class RugPileBoard(Board[RugView])`."""

    can_flip = False  # the board can be drawn turned round
    # each seat plays from its own edge (a chess army): a puzzle turns the board for its
    # solver; on a board without sides, turning it only makes its coordinates harder to read
    sided = False
    # a move lays one piece over its cells (view.last): the analysis outlines them as one
    whole_moves = False
    # that piece has a black and a white half, on view.last's first and second cells
    black_half_first = False
    # the move list numbers full moves, White's and Black's ("1. e3e4 a6a5 2. ..."), as
    # chess players expect; else every move (the placement games' and Go's way, and Rug
    # Pile's of three or four players): web/logic/move_list.py
    full_moves = False
    # the keys this board answers beyond those of every board (key, what it does), for the
    # keyboard shortcuts sheet
    shortcuts: ClassVar[tuple[tuple[str, str], ...]] = ()

    # word move -> (button label, tooltip); a game's renderer extends this
    word_moves: ClassVar[dict[Hashable, tuple[str, str]]] = {
        PASS: ("Pass", "Pass your turn: allowed only when the rules say so."),
        SWAP: ("Swap", "Take over your opponent's colour and its first move (the pie rule)."),
    }

    def __init__(self, game: Game):
        self.game = game

    # ---- drawing

    def draw(self, view: V, ui: Ui) -> str:
        """The whole board as one <svg> element; hints only when `ui.live`."""
        raise NotImplementedError

    def motion(self, earlier: V, later: V) -> Motion:
        """What the move from the position `earlier` to `later` (one ply apart) did on the
        board: which pieces slid, appeared, went or turned (NOTHING for a pass or a swap).
        Every board says: the page animates what it returns."""
        raise NotImplementedError(f"{type(self).__name__} must say how its moves animate")

    def panel(self, view: V, ui: Ui) -> str:
        """HTML beside the board for this game (tile supply, score breakdown); may be ''."""
        return ""

    def actions(self, view: V) -> list[tuple[str, str, str]]:
        """Buttons under the board: (move as text, label, tooltip) for the legal moves that
        are words rather than squares (pass, swap, ...)."""
        return [(str(m), *self.word_moves[m]) for m in self.word_moves if m in view.moves]

    def swatch(self, view: V, seat: int) -> str:
        """CSS class of the small colour swatch shown beside a seat's name and score: the
        colour that seat plays now (after a swap it is not the seat's first colour)."""
        return f"p{seat}"

    def cell_name(self, view: V, index: int) -> str:
        """The data-cell of the cell numbered `index` in the game's cell order (a square
        board's name, e.g. "c3", by default)."""
        return square_name(index % view.width, index // view.width)

    def score_text(self, view: V, seat: int) -> str:
        """A seat's score as the score list shows it (e.g. "13 pieces")."""
        return str(view.scores[seat])

    def prompt(self, view: V, ui: Ui) -> str:
        """One line telling the player to move what they can do now (plain text)."""
        name = view.seat_names[view.to_move]
        if ui.refused is not None:
            return f"{name} to move. You cannot play that: {ui.refused.text}."
        return f"{name} to move."

    # ---- events

    def hit(
        self,
        view: V,
        ui: Ui,
        target: dict | None,
        gesture: str = "click",
        source: dict | None = None,
    ) -> tuple[Ui, Any]:
        """The player's pointer (or the keyboard's Enter on the cursor) on `target`:
        gesture "click" (a click, a tap, Enter), "hover" (the pointer moved onto target;
        None: off the board), "grab" (a mouse drag began on target) or "drop" (a press on
        `source` released over `target`).
        Returns the new ui and a move when one is complete (else None)."""
        return ui, None

    def key(self, view: V, ui: Ui, key: str) -> Ui | None:
        """A key pressed while the board is live (e.g. "r" to turn a tile): the new ui, or
        None when the key means nothing here."""
        return None

    # ---- the new-game form, for options of kind "custom"

    def option_html(self, option, value, text: str) -> str:
        """Inputs for one custom option: every input is named "opt-<name>".  `text` is the
        value as game.format_option gives it."""
        return (
            f'<input type="text" name="opt-{attr(option.name)}" value="{attr(text)}" '
            f'aria-label="{attr(option.label)}">'
        )

    def option_value(self, option, values: list[str]):
        """The option's value from its inputs' values, in document order."""
        return self.game.parse_option(option.name, values[0])
