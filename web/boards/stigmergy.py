"""Stigmergy's board renderer: the board (its picture is web/boards/stigmergy_drawing.py's: a
hexhex of cells tinted and marked by who controls them, the stones, the edges' labels), the
panel beside it, the prompt, and what the pointer and the keys do.

The control overlay is on by default; the panel's "Show control" button or the C key turns
it off and on (it stays so across moves and games), and on a phone the Zoom board button or
the Z key draws the board larger in a box that scrolls, or whole again; a board whose cells
would be too small for a finger (side 6 and more on a 375 px phone) opens zoomed there.

Playing: click an empty cell to place, an enemy stone on a cell you control
to flip it (those stones wear a dashed ring).  Pointing at a cell shows what a
click would do or why it may not (also in each cell's tooltip).  On a touch
screen the first tap previews and a second tap on the same cell plays.  The
komi bid, the side choice, Pass and Take the button live in the panel, where
buttons that are not yet allowed stay visible, greyed, saying when they are.

A pure `Board`: the cell under the pointer is the ui's `preview` (a Place or a Flip, whose
verdict says why it may not be played), the komi being entered its `pick` (KomiEntry), the
overlay and the zoom its `prefs` (Prefs).  Legality comes from `view.moves`; the reasons in
the tooltips from the engine's `cell_refusal`, on the view's cells.  The styles of the board
and the panel are web/boards/stigmergy.css's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.contract.core import PASS, View
from engine.games.stigmergy.rules import (
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
)

from .base import Board, Ui, attr
from .motion import Motion
from .stigmergy_drawing import (
    UNIT,
    ZOOM,
    board_move,
    board_svg,
    cell_move,
    cell_px,
    colour_name,
    mover_colour,
)


@dataclass(frozen=True)
class KomiEntry:
    """The ui's pick: the komi the first player is about to offer (the panel's number)."""

    komi: int = 0


@dataclass(frozen=True)
class Prefs:
    """The ui's prefs: whether each cell is tinted and marked by who controls it, and whether
    the board is drawn large (cells 44 px across) in a box that scrolls, on a narrow screen
    (None: until the player says, when its cells would be too small for a finger)."""

    show_control: bool = True
    zoom: bool | None = None


DEFAULT_PREFS = Prefs()
FINGER = 36.0  # CSS px: a board whose cells would be narrower opens zoomed on a phone
MIN_GAIN = 1.3  # unless zooming would enlarge its cells less than this: not worth its edges


def prefs_of(ui: Ui) -> Prefs:
    return ui.prefs if isinstance(ui.prefs, Prefs) else DEFAULT_PREFS


def zoomed(view: StigmergyView, ui: Ui) -> bool:
    """Whether the board is drawn large: as the player chose, else on a phone (the ui's
    `narrow`) when the whole board's cells would be narrower than a finger (FINGER): a side-8
    board's are 23 px on a 375 px phone, so it opens zoomed, centred on its middle.  A zoom
    that would enlarge them by less than MIN_GAIN (a side-4 board's 35 px cells on a phone
    held sideways) would crop the edges' labels for little: that board opens whole."""
    chosen = prefs_of(ui).zoom
    if chosen is not None:
        return chosen
    if not ui.narrow:
        return False
    cell = cell_px(view, ui.narrow)
    return cell < FINGER and MIN_GAIN * cell <= UNIT * ZOOM


def toggled(view: StigmergyView, ui: Ui, name: str) -> Ui:
    """The ui with one of its prefs (show_control, zoom) turned the other way (the zoom from
    how the board is drawn now, and from then on as the player chose)."""
    prefs = prefs_of(ui)
    now = zoomed(view, ui) if name == "zoom" else getattr(prefs, name)
    return replace(ui, prefs=replace(prefs, **{name: not now}))


def komi_entry(ui: Ui) -> int:
    return ui.pick.komi if isinstance(ui.pick, KomiEntry) else 0


def move_text(view: StigmergyView, move: Place | Flip) -> str:
    """The move as written (d4, d4x): the notation is a cell's name, and x for a flip."""
    return view.cells[move.cell].name + ("x" if isinstance(move, Flip) else "")


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

    def motion(self, earlier: StigmergyView, later: StigmergyView) -> Motion:
        """A stone placed on an empty cell, or a stone flipped to the mover's colour."""
        placed = tuple((i,) for i in later.last if earlier.cells[i].stone is None)
        turned = tuple(
            i for i in later.last if earlier.cells[i].stone not in (None, later.cells[i].stone)
        )
        return Motion(placed=placed, turned=turned)

    def draw(self, view: StigmergyView, ui: Ui) -> str:
        return board_svg(view, ui, prefs_of(ui).show_control, zoomed(view, ui))

    def panel(self, view: StigmergyView, ui: Ui) -> str:
        pressed = "true" if zoomed(view, ui) else "false"
        parts = [
            '<div class="stig-panel">',
            f'<div class="row stig-zoom"><button type="button" '
            f'data-action="zoom" aria-pressed="{pressed}" title="Draw the board larger, '
            f'in a box you can pan, or whole (key Z)">Zoom board</button></div>',
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
            act = "Tap again" if ui.touch else "Click"  # on touch, a first tap showed it
            return (
                f"{act} to flip {cell.name}."
                if cell.stone is not None
                else f"{act} to place on {cell.name}."
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
            return toggled(view, ui, "zoom" if action == "zoom" else "show_control"), None
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
            return toggled(view, ui, "zoom" if key.lower() == "z" else "show_control")
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
