"""Stigmergy's board: a hexhex of cells, stones, and who controls each cell.

Every cell is a hexagon tinted by its controller (darker for Black, lighter for
White) with a mark in the middle: a dot for Black's control, a ring for
White's, on empty cells and stones alike (in ink that shows on the stone).  The overlay is on by default; the
panel's "Show control" button or the C key turns it off and on.  Row letters
run up the left edges; the cell numbers, counted from the left end of each
row, label the diagonals along the bottom and right edges and the top.

Playing: click an empty cell to place, an enemy stone on a cell you control
to flip it (those stones wear a dashed ring).  Pointing at a cell shows what a
click would do or why it may not (also in each cell's tooltip).  On a touch
screen the first tap previews and a second tap on the same cell plays.  The
komi bid, the side choice, Pass and Take the button live in the panel, where
buttons that are not yet allowed stay visible, greyed, saying when they are.
"""

from __future__ import annotations

import math

from engine.core import EngineError

from .base import BoardRenderer, attr, svg_open

UNIT = 40                                  # distance between neighbouring cell centres
RADIUS = UNIT / math.sqrt(3)               # a cell's corner distance (pointy-top hexagons)
HEX = tuple((math.cos(math.radians(30 + 60 * k)), math.sin(math.radians(30 + 60 * k)))
            for k in range(6))
NAMES = {"black": "Black", "white": "White"}
KIND = {3: "corner", 4: "edge", 6: "inside"}

STYLE = """
.stig-board .hex { fill: #dcb978; stroke: #8f7444; stroke-width: 1.2; cursor: pointer; }
.stig-board .hex.ctl-black { fill: #a8854a; }
.stig-board .hex.ctl-white { fill: #f3e5c4; }
.stig-board .stone.black { fill: #1d1d1f; stroke: #000; stroke-width: 1.5; }
.stig-board .stone.white { fill: #fbfaf6; stroke: #4a4a4a; stroke-width: 1.5; }
.stig-board .ctl-mark.dot { stroke: none; }
.stig-board .ctl-mark.ring { fill: none; stroke-width: 2.4; }
.stig-board .ctl-mark.ink-dark.dot { fill: #1d1d1f; } .stig-board .ctl-mark.ink-dark.ring { stroke: #1d1d1f; }
.stig-board .ctl-mark.ink-light.dot { fill: #fbfaf6; } .stig-board .ctl-mark.ink-light.ring { stroke: #fbfaf6; }
.stig-board .flippable { fill: none; stroke: var(--accent); stroke-width: 3;
  stroke-dasharray: 6 4; }
.stig-board .last { fill: none; stroke: var(--highlight); stroke-width: 3.2; }
.stig-board .ghost { fill-opacity: .55; stroke: var(--accent); stroke-width: 2.5; }
.stig-board .ghost.black { fill: #1d1d1f; } .stig-board .ghost.white { fill: #fbfaf6; }
.stig-board .nope { fill: var(--illegal); fill-opacity: .18; stroke: var(--illegal);
  stroke-width: 2.5; stroke-dasharray: 5 4; }
.stig-board .hover { fill: none; stroke: var(--accent); stroke-width: 2.5; }
.stig-board .kbd-cursor { stroke-width: 3.5; rx: 6px; }
.stig-board .label { fill: var(--muted); font-size: 13px; text-anchor: middle;
  dominant-baseline: central; }
.stig-board .label.row { font-weight: 600; }
.stig-board .cells g:focus { outline: none; }
.swatch.stig-black { background: #1d1d1f; border-radius: 50%; }
.swatch.stig-white { background: #fbfaf6; border-radius: 50%; }
.swatch.stig-none { background: repeating-linear-gradient(45deg, #1d1d1f 0 4px, #fbfaf6 4px 8px); }
.stig-panel h3 { font-size: 1rem; margin: .2rem 0 .3rem; }
.stig-panel p { margin: .3rem 0; }
.stig-panel .note { color: var(--muted); font-size: .92em; }
.stig-panel .row { display: flex; flex-wrap: wrap; align-items: center; gap: .3rem; margin: .35rem 0; }
.stig-panel .komi-value { min-width: 3.2rem; text-align: center; font-size: 1.25rem; font-weight: 700;
  font-variant-numeric: tabular-nums; }
.stig-panel table { border-collapse: collapse; width: 100%; margin: .4rem 0; }
.stig-panel th, .stig-panel td { padding: .15rem .3rem; text-align: right; font-variant-numeric: tabular-nums; }
.stig-panel th:first-child { text-align: left; }
.stig-panel thead th { border-bottom: 1px solid var(--line); font-weight: 600; font-size: .85em; }
.stig-panel tr.total th, .stig-panel tr.total td { font-weight: 700; border-top: 1px solid var(--line); }
.stig-panel .chip { display: inline-block; width: .85rem; height: .85rem; border-radius: 50%;
  border: 1px solid var(--edge); vertical-align: -1px; margin-right: .3rem; }
.stig-panel .chip.black { background: #1d1d1f; } .stig-panel .chip.white { background: #fbfaf6; }
.stig-panel .why { color: var(--muted); font-size: .88em; margin: 0 0 .3rem; }
.field:has(select[name="opt-komi"] option[value="bid"]:checked) input[name="opt-komi"] { display: none; }
.stig-panel [aria-pressed="true"] { background: color-mix(in srgb, var(--accent) 16%, var(--panel));
  border-color: var(--accent); }
"""


def colour_name(colour: str | None) -> str:
    return NAMES.get(colour, "nobody")


class StigmergyBoard(BoardRenderer):
    can_flip = True
    def reset(self):
        self.hovered: str | None = None        # name of the cell under the pointer
        self.message = ""
        self._cached = (None, None, None)      # (state, its view, its legal moves as text)
        self._layer = (None, "")               # (what it was drawn from, the board's static part)
        if not hasattr(self, "show_control"):
            self.show_control = True           # the overlay: kept across moves and games
            self.komi_entry = 0                # the komi the first player is about to offer

    # ---- what the engine says

    def _view(self, state) -> dict:
        if self._cached[0] is not state:
            self._cached = (state, self.game.view(state), None)
        return self._cached[1]

    def _legal_texts(self, state) -> set[str]:
        self._view(state)
        if self._cached[2] is None:
            legal = (set() if self.game.result(state) is not None else
                     {self.game.notation(state, m) for m in self.game.legal_moves(state)})
            self._cached = (state, self._cached[1], legal)
        return self._cached[2]

    def _mover(self, state) -> str:
        return self.game.seat_names(state)[self.game.to_move(state)]

    def _cell_move(self, view, cell: dict) -> str:
        """The move a click on this cell would ask for: a flip on a stone, else a placement."""
        return cell["name"] + ("x" if cell["stone"] else "")

    def _why_not(self, state, text: str) -> str:
        try:
            self.game.parse(state, text)
        except EngineError as err:
            return str(err).split(" is illegal: ", 1)[-1]
        return ""

    def _cell(self, view, name: str) -> dict | None:
        return next((c for c in view["cells"] if c["name"] == name), None)

    # ---- events

    def click(self, state, target):
        if not target:
            return None
        action = target.get("action")
        if action:
            return self._panel_click(state, action, target)
        view = self._view(state)
        cell = self._cell(view, target.get("cell", ""))
        if cell is None or view["phase"] != "play":
            return None
        if cell["name"] != self.hovered:           # a tap with no hover first: preview, then play
            self.hovered, self.message = cell["name"], ""
            return None
        text = self._cell_move(view, cell)
        if text in self._legal_texts(state):
            self.message = ""
            return text
        if cell["stone"] == view["colour_to_move"]:
            self.message = f"{cell['name']} is already your stone."
        else:
            self.message = f"You cannot play {text}: {self._why_not(state, text)}."
        return None

    def _panel_click(self, state, action, target):
        view = self._view(state)
        low, high = view["komi_range"]
        if action == "overlay":
            self.show_control = not self.show_control
        elif action == "komi-step":
            self.komi_entry = max(low, min(high, self.komi_entry + int(target.get("step", "0"))))
        elif action == "komi-zero":
            self.komi_entry = 0
        elif action in ("komi", "side", "word"):
            text = {"komi": f"komi{self.komi_entry}", "side": target.get("colour", ""),
                    "word": target.get("move", "")}[action]
            if text in self._legal_texts(state):
                self.message = ""
                return text
        return None

    def hover(self, state, target):
        name = target.get("cell") if target else None
        if name == self.hovered:
            return False
        self.hovered, self.message = name, ""
        return True

    def key(self, state, key):
        if key in ("c", "C"):
            self.show_control = not self.show_control
            return True
        if self._view(state)["phase"] != "bid":
            return False
        low, high = self._view(state)["komi_range"]
        digits = str(abs(self.komi_entry))
        negative = self.komi_entry < 0
        if key.isdigit() and len(key) == 1:
            digits = (digits + key).lstrip("0") or "0"
        elif key == "Backspace":
            digits = digits[:-1] or "0"
        elif key == "-":
            negative = not negative
        elif key == "+":
            negative = False
        else:
            return False
        value = -int(digits) if negative else int(digits)
        self.komi_entry = max(low, min(high, value))
        return True

    def actions(self, state):
        """Nothing under the board: the panel holds every word move, with its reason."""
        return []

    def swatch(self, state, seat):
        colours = self._view(state)["seat_colours"]
        return f"stig-{colours[seat] or 'none'}"

    def prompt(self, state):
        view = self._view(state)
        mover = self._mover(state)
        if view["phase"] == "bid":
            low, high = view["komi_range"]
            return (f"First player: choose the komi ({low} to {high}), points added to White's "
                    "score. The second player then picks a colour.")
        if view["phase"] == "side":
            return (f"Second player: the komi is {view['komi']}. Choose to play Black (moves "
                    "first) or White (gets the komi).")
        if self.message:
            return f"{mover} to move. {self.message}"
        if self.hovered:
            hint = self._hover_hint(state, view)
            if hint:
                return f"{mover} to move. {hint}"
        return (f"{mover} to move: click an empty cell to place, or an enemy stone on a cell "
                "you control to flip it.")

    def _hover_hint(self, state, view) -> str:
        cell = self._cell(view, self.hovered)
        if cell is None:
            return ""
        text = self._cell_move(view, cell)
        if text in self._legal_texts(state):
            return (f"Click to flip {cell['name']}." if cell["stone"]
                    else f"Click to place on {cell['name']}.")
        if cell["stone"] == view["colour_to_move"]:
            return f"{cell['name']} is your stone."
        return f"Not {text}: {self._why_not(state, text)}."

    # ---- drawing

    def svg(self, state, interactive):
        view = self._view(state)
        cells = view["cells"]
        xs = [c["x"] for c in cells]
        ys = [c["y"] for c in cells]
        # Room for the row letters on the left and the numbers on the other edges.
        left, right = min(xs) - 1.3, max(xs) + 0.85
        bottom, top = min(ys) - 1.15, max(ys) + 1.15

        def at(x, y):
            if self.flipped:                   # turned 180° about the drawing's centre
                return round((right - x) * UNIT, 2), round((y - bottom) * UNIT, 2)
            return round((x - left) * UNIT, 2), round((top - y) * UNIT, 2)

        width, height = (right - left) * UNIT, (top - bottom) * UNIT
        label = f"Stigmergy board, {view['size']} cells a side"
        out = [svg_open(round(width, 1), round(height, 1), label).replace(
            "<svg ", '<svg class="stig-board" ', 1), f"<style>{STYLE}</style>"]
        legal = self._legal_texts(state) if interactive and view["phase"] == "play" else set()
        # The cells and labels change only with the position, not with the pointer: keep them.
        key = (state, interactive, self.show_control, self.flipped)
        if self._layer[0] != key:
            layer = ['<g class="cells">']
            layer.extend(self._cell_svg(state, view, cell, at, legal, interactive)
                         for cell in cells)
            layer.append('</g><g pointer-events="none">')
            layer.extend(self._labels(view, at))
            self._layer = (key, "".join(layer))
        out.append(self._layer[1])
        if view["last"]:
            cx, cy = at(*self._xy(view, view["last"]))
            out.append(f'<circle class="last" cx="{cx}" cy="{cy}" r="{UNIT * 0.46:.1f}"/>')
        if interactive and self.hovered and view["phase"] == "play":
            out.append(self._hover_svg(state, view, at, legal))
        out.append("</g></svg>")
        return "".join(out)

    def _xy(self, view, name):
        cell = self._cell(view, name)
        return cell["x"], cell["y"]

    @staticmethod
    def _hex_points(cx, cy, scale=1.0) -> str:
        r = RADIUS * scale
        return " ".join(f"{cx + r * dx:.1f},{cy + r * dy:.1f}" for dx, dy in HEX)

    def _cell_svg(self, state, view, cell, at, legal, interactive) -> str:
        cx, cy = at(cell["x"], cell["y"])
        owner = cell["control"] if self.show_control else None
        tint = f" ctl-{owner}" if owner else ""
        text = attr(self._describe(state, view, cell, legal, interactive))
        parts = [f'<g data-cell="{cell["name"]}" aria-label="{text}">',
                 f'<polygon class="hex{tint}" points="{self._hex_points(cx, cy)}"/>',
                 f"<title>{text}</title>"]
        if cell["stone"]:
            parts.append(f'<circle class="stone {cell["stone"]}" cx="{cx}" cy="{cy}" '
                         f'r="{UNIT * 0.4:.1f}"/>')
            if cell["name"] + "x" in legal:
                parts.append(f'<circle class="flippable" cx="{cx}" cy="{cy}" '
                             f'r="{UNIT * 0.47:.1f}"/>')
        if owner:
            parts.append(self._mark(owner, cell["stone"], cx, cy))
        parts.append("</g>")
        return "".join(parts)

    @staticmethod
    def _mark(owner, stone, cx, cy) -> str:
        """Black's control is a dot, White's a ring (the shape says it, not only the shade),
        drawn in ink that stands out from the stone under it."""
        shape = "dot" if owner == "black" else "ring"
        ink = "ink-light" if stone == "black" else "ink-dark"
        r = UNIT * (0.12 if shape == "dot" else 0.13)
        return f'<circle class="ctl-mark {shape} {ink}" cx="{cx}" cy="{cy}" r="{r:.1f}"/>'

    def _describe(self, state, view, cell, legal, interactive) -> str:
        name, stone = cell["name"], cell["stone"]
        what = f"{colour_name(stone)} stone" if stone else "empty"
        sees = cell["sees"]
        text = (f"{name}: {what}, controlled by {colour_name(cell['control'])}. It sees "
                f"{sees['black']} Black and {sees['white']} White; control needs {cell['needs']} "
                f"({KIND.get(cell['neighbours'], 'cell')}).")
        if not interactive or view["phase"] != "play":
            return text
        move = self._cell_move(view, cell)
        mover = view["colour_to_move"]
        if move in legal:
            return text + (" Click to flip it." if stone else " Click to place here.")
        if stone == mover:
            return text
        return text + f" {colour_name(mover)} may not play here: {self._why_not(state, move)}."

    def _hover_svg(self, state, view, at, legal) -> str:
        cell = self._cell(view, self.hovered)
        if cell is None:
            return ""
        cx, cy = at(cell["x"], cell["y"])
        move = self._cell_move(view, cell)
        mover = view["colour_to_move"]
        if move in legal:
            return (f'<circle class="ghost {mover}" cx="{cx}" cy="{cy}" r="{UNIT * 0.34:.1f}"/>')
        if cell["stone"] == mover:
            return f'<polygon class="hover" points="{self._hex_points(cx, cy, 0.9)}"/>'
        return f'<polygon class="nope" points="{self._hex_points(cx, cy, 0.9)}"/>'

    @staticmethod
    def _labels(view, at) -> list[str]:
        """Row letters left of each row; cell numbers at both ends of the diagonals they name
        (a number stays the same up-left through the lower half, up-right through the upper)."""
        out = []
        rows = view["rows"]
        middle = len(rows) // 2
        by_name = {c["name"]: c for c in view["cells"]}
        dy = math.sqrt(3) / 2
        for index, row in enumerate(rows):
            first = by_name[row["first"]]
            x, y = at(first["x"] - 0.95, first["y"])
            out.append(f'<text class="label row" x="{x}" y="{y}">{row["letter"]}</text>')
        longest = rows[middle]["length"]
        for number in range(1, longest + 1):
            low = next(r for r in rows[:middle + 1] if r["length"] >= number)
            high = next(r for r in reversed(rows[middle:]) if r["length"] >= number)
            for row, sign in ((low, -1), (high, 1)):
                cell = by_name[f"{row['letter']}{number}"]
                x, y = at(cell["x"] + 0.5 * 0.95, cell["y"] + sign * dy * 0.95)
                out.append(f'<text class="label" x="{x}" y="{y}">{number}</text>')
        return out

    # ---- beside the board

    def panel(self, state, interactive):
        view = self._view(state)
        over = self.game.result(state) is not None
        parts = ['<div class="stig-panel">']
        if view["phase"] == "bid":
            parts.append(self._bid_panel(state, view, interactive))
        elif view["phase"] == "side":
            parts.append(self._side_panel(state, view, interactive))
        elif not over:
            parts.append(self._turn_panel(state, view, interactive))
        parts.append(self._score_table(state, view))
        pressed = "true" if self.show_control else "false"
        parts.append(f'<div class="row"><button type="button" data-action="overlay" '
                     f'aria-pressed="{pressed}" title="Tint each cell by who controls it '
                     f'(key C)">Show control</button><span class="note">● dot: Black controls, '
                     f'○ ring: White controls</span></div>')
        parts.append("</div>")
        return "".join(parts)

    def _bid_panel(self, state, view, interactive) -> str:
        low, high = view["komi_range"]
        value = max(low, min(high, self.komi_entry))
        intro = ("<h3>Komi bid</h3><p>Komi: points added to White's score to make up for Black "
                 f"moving first (it may be negative). First player: name it, from {low} to "
                 f"{high}. The second player then picks a colour, so bid what you think is fair. "
                 "An odd komi brings the button: +½ for whoever takes it.</p>")
        if not interactive:
            return intro
        steps = "".join(
            f'<button type="button" data-action="komi-step" data-step="{step}" '
            f'aria-label="komi {step:+d}">{step:+d}</button>' for step in (-10, -1))
        steps += (f'<output class="komi-value" aria-live="polite">{value}</output>' + "".join(
            f'<button type="button" data-action="komi-step" data-step="{step}" '
            f'aria-label="komi {step:+d}">{step:+d}</button>' for step in (1, 10)))
        return (intro + f'<div class="row">{steps}</div><div class="row"><button type="button" '
                f'class="primary" data-action="komi" title="Offer this komi; the second player '
                f'then picks a colour">Offer komi {value}</button><button type="button" '
                f'data-action="komi-zero">Reset to 0</button></div><p class="note">Or type the '
                f'number: digits, - for minus, Backspace.</p>')

    def _side_panel(self, state, view, interactive) -> str:
        komi = view["komi"]
        button = (" The komi is odd, so the button is in play." if view["button_in_play"]
                  else "")
        text = (f"<h3>Choose a colour</h3><p>The first player set the komi at <strong>{komi}"
                 f"</strong>. Second player: Black makes the first board move; White gets "
                 f"{komi} komi.{button}</p>")
        if not interactive:
            return text
        choices = "".join(
            f'<button type="button" data-action="side" data-colour="{c}" title="{attr(tip)}">'
            f'<span class="chip {c}"></span>Play {NAMES[c]}</button>'
            for c, tip in (("black", "Take Black: you move first, without komi."),
                           ("white", f"Take White: you move second and get {komi} komi.")))
        return text + f'<div class="row">{choices}</div>'

    def _turn_panel(self, state, view, interactive) -> str:
        legal = self._legal_texts(state) if interactive else set()
        open_cells = sum(1 for c in view["cells"] if not c["stone"] and not c["control"])
        rows = ['<h3>Turn</h3>']
        if view["button_in_play"]:
            tip = ("Take the button instead of a board play: +0.5 at the end. Available until "
                   "someone takes it; until then nobody may pass.")
            if view["button"] == "untaken":
                now = "Nobody has the button yet, so nobody may pass."
            else:
                now = f"{colour_name(view['button'])} holds the button (+0.5)."
            rows.append(self._word_button("button", "Take the button", tip, legal, now))
        tip = ("Pass: allowed once every empty cell is controlled by someone"
               + (" and the button has been taken" if view["button_in_play"] else "")
               + ". Two passes in a row end the game.")
        if "pass" in legal:
            now = "Every empty cell is controlled: you may pass."
        else:
            reasons = []
            if open_cells:
                reasons.append(f"{open_cells} empty cell{'s are' if open_cells != 1 else ' is'} "
                               "not controlled yet")
            if view["button"] == "untaken":
                reasons.append("the button is untaken")
            now = ("Not yet: " + " and ".join(reasons) + ".") if reasons else ""
        rows.append(self._word_button("pass", "Pass", tip, legal, now))
        if not view["button_in_play"]:
            rows.append(f'<p class="note">No button: the komi ({view["komi"]}) is even.</p>')
        return "".join(rows)

    @staticmethod
    def _word_button(move, label, tip, legal, why) -> str:
        disabled = "" if move in legal else " disabled"
        return (f'<div class="row" title="{attr(tip)}"><button type="button" data-action="word" '
                f'data-move="{move}" title="{attr(tip)}"{disabled}>{label}</button></div>'
                f'<p class="why">{attr(why)}</p>')

    def _score_table(self, state, view) -> str:
        """The live score, one column per colour, one row per part."""
        score, seats = view["score"], view["seat_colours"]
        head = ['<table class="score-parts"><thead><tr><th scope="col">Score</th>']
        for colour in ("black", "white"):
            who = (f' title="player {seats.index(colour) + 1}"' if seats[0] is not None else "")
            head.append(f'<th scope="col"{who}><span class="chip {colour}"></span>'
                        f'{NAMES[colour]}</th>')
        head.append("</tr></thead><tbody>")
        rows = []
        for key, label, tip in (("stones", "Stones", "stones on the board"),
                                ("territory", "Cells", "empty cells this colour controls"),
                                ("komi", "Komi", "added to White's score"),
                                ("button", "Button", "half a point for the button's holder"),
                                ("total", "Total", "")):
            values = []
            for colour in ("black", "white"):
                value = score[colour][key]
                if key == "button":
                    value = "½" if value else "–"
                elif key == "komi" and (colour == "black" or view["komi"] is None):
                    value = "–"
                values.append(f"<td>{value}</td>")
            cls = ' class="total"' if key == "total" else ""
            rows.append(f'<tr{cls}><th scope="row" title="{attr(tip)}">{label}</th>'
                        f'{"".join(values)}</tr>')
        note = ('<p class="note">Stones + empty cells controlled, + komi for White, + ½ for '
                'the button.</p>')
        return "".join(head) + "".join(rows) + "</tbody></table>" + note

    # ---- the new-game form

    def option_html(self, option, value, text):
        if option.name != "komi":
            return super().option_html(option, value, text)
        bid = value == "bid"
        number = 7 if bid else value
        return (f'<span class="row"><select name="opt-komi" aria-label="Komi mode">'
                f'<option value="bid"{" selected" if bid else ""}>Bid</option>'
                f'<option value="fixed"{"" if bid else " selected"}>Fixed</option></select>'
                f'<input type="number" name="opt-komi" value="{number}" min="-271" max="271" '
                f'aria-label="Fixed komi"></span>')

    def option_value(self, option, values):
        if option.name != "komi":
            return super().option_value(option, values)
        if values[0] == "bid":
            return "bid"
        return self.game.parse_option("komi", values[1] if len(values) > 1 else "")


BOARD = StigmergyBoard
