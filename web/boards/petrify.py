"""Petrify's board: disks, blocks, patches shaded by the owner they would have now.

Placing: click an empty square.  Capturing: click one of your disks; the enemy
disks it reaches light up and a ghost block shows the square it would leave
behind; click a lit disk to capture it.  If that block would make a mound or a
barricade, the targets are crossed out, the blocks (and the ring beyond the
edge) that would complete the formation turn red, and the prompt says which
formation it is.  The panel lists the live score and each patch's reckoning;
clicking a patch there shows on the board which groups cancel and which wins.
"""

from __future__ import annotations

from engine.core import EngineError

from .base import BoardRenderer, attr, svg_open
from .squares import CELL, MARGIN, coordinates, corner, side

RING = 14                      # thickness of a ring square drawn in the margin

STYLE = """
svg.petrify .sq { stroke: var(--grid); stroke-width: 2; }
svg.petrify .sq.pt-none { fill: var(--blank); }
svg.petrify .sq.pt-blue { fill: color-mix(in srgb, var(--p1) 16%, var(--blank)); }
svg.petrify .sq.pt-orange { fill: color-mix(in srgb, var(--p0) 16%, var(--blank)); }
svg.petrify .sq.blockcell { fill: var(--blank); }
svg.petrify .pf-block { fill: #6f6a61; stroke: #3b3833; stroke-width: 3; pointer-events: none; }
svg.petrify .pf-block-top { fill: #8c867b; pointer-events: none; }
svg.petrify .pf-patch-edge { fill: none; stroke: var(--edge); stroke-width: 6; stroke-linecap: square;
  pointer-events: none; }
svg.petrify .pf-disk { stroke: var(--edge); stroke-width: 3; pointer-events: none; }
svg.petrify .pf-disk.blue { fill: var(--p1); }
svg.petrify .pf-disk.orange { fill: var(--p0); }
svg.petrify .mark { fill: #fff; fill-opacity: .6; pointer-events: none; }
svg.petrify .pf-selected { fill: none; stroke: var(--accent); stroke-width: 9; pointer-events: none; }
svg.petrify .pf-target { fill: none; stroke: var(--highlight); stroke-width: 9; stroke-dasharray: 18 9;
  pointer-events: none; }
svg.petrify .pf-refused { fill: none; stroke: var(--illegal); stroke-width: 8; stroke-dasharray: 12 8;
  pointer-events: none; }
svg.petrify .pf-cross { stroke: var(--illegal); stroke-width: 8; stroke-linecap: round; pointer-events: none; }
svg.petrify .pf-ghost { fill: #6f6a61; fill-opacity: .45; stroke: #3b3833; stroke-width: 3;
  stroke-dasharray: 10 6; pointer-events: none; }
svg.petrify .pf-ghost.refused { fill: var(--illegal); fill-opacity: .35; stroke: var(--illegal); }
svg.petrify .pf-formation { fill: none; stroke: var(--illegal); stroke-width: 8; pointer-events: none; }
svg.petrify .pf-ring { fill: var(--illegal); pointer-events: none; }
svg.petrify .pf-focus { fill: none; stroke: var(--accent); stroke-width: 10; pointer-events: none; }
svg.petrify .pf-cancelled { fill: var(--bg); fill-opacity: .55; pointer-events: none; }
svg.petrify .pf-winner { fill: none; stroke: var(--highlight); stroke-width: 8; pointer-events: none; }
.pf-panel h3 { font-size: 1rem; margin: .2rem 0 .4rem; }
.pf-colours { list-style: none; margin: 0 0 .5rem; padding: 0; }
.pf-colours li { display: flex; align-items: center; gap: .45rem; padding: .15rem .2rem; }
.pf-colours .pf-points { margin-left: auto; font-variant-numeric: tabular-nums; font-weight: 600; }
.pf-dot { display: inline-block; width: .95rem; height: .95rem; border-radius: 50%;
  border: 1px solid var(--edge); background: var(--blank); flex: none; }
.pf-dot.blue { background: var(--p1); border-radius: 3px; } .pf-dot.orange { background: var(--p0); }
.swatch.pf-c-blue { background: var(--p1); }
.swatch.pf-c-orange { background: var(--p0); border-radius: 50%; }
.pf-patches { list-style: none; margin: 0; padding: 0; display: grid; gap: .3rem;
  max-height: 18rem; overflow: auto; }
.pf-patches button, .pf-patches .pf-item { width: 100%; text-align: left; display: grid; gap: .1rem;
  padding: .3rem .45rem; }
.pf-patches .pf-item { border: 1px solid var(--line); border-radius: 6px; }
.pf-patches button[aria-pressed="true"] { outline: 3px solid var(--accent);
  background: color-mix(in srgb, var(--accent) 10%, var(--panel)); }
.pf-patches .pf-head { display: flex; align-items: center; gap: .4rem; font-weight: 600; }
.pf-patches small { color: var(--muted); }
.pf-note { color: var(--muted); font-size: .9em; margin: .3rem 0 0; }
"""


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _square_xy(size: int, sq: int, flipped: bool = False) -> tuple[int, int]:
    """Top-left corner of square index `sq` in SVG units, turned round when flipped."""
    return corner(size, sq % size, sq // size, flipped)


class PetrifyBoard(BoardRenderer):
    can_flip = True
    word_moves = {
        **BoardRenderer.word_moves,
        "pass": ("Pass", "You have no board play: no empty square and no capture move."),
        "swap": ("Swap", "Take Blue and Blue's first disk; your opponent plays Orange and moves "
                         "next (the pie rule)."),
    }

    def reset(self):
        self.selected = None      # square index of the disk chosen for a capture move
        self.patch = None         # index into view["patches"] shown with its reckoning
        self.message = ""
        self._cache = (None, None)

    def swatch(self, state, seat):
        return f"pf-c-{self.game.seat_names(state)[seat].lower()}"

    def _view(self, state) -> dict:
        """The engine's view, computed once per position."""
        if self._cache[0] is not state:
            self._cache = (state, self.game.view(state))
        return self._cache[1]

    def _selection(self, view) -> dict | None:
        """The capture facts of the selected disk, if it is still the mover's disk."""
        if self.selected is None or view["cells"][self.selected] != view["turn"].lower():
            return None
        return view["captures"].get(self.selected, {"targets": [], "legal": True,
                                                     "formation": None})

    # ---- events

    def click(self, state, target):
        if not target:
            return None
        view = self._view(state)
        if target.get("action") == "patch":
            index = int(target["patch"])
            self.patch = None if self.patch == index else index
            return None
        if "cell" not in target:
            return None
        size = view["size"]
        sq = int(target["row"]) * size + int(target["col"])
        name, held, mine = target["cell"], view["cells"][sq], view["turn"].lower()
        self.message = ""
        if held == mine:
            self.selected = None if self.selected == sq else sq
            return None
        chosen = self._selection(view)
        if chosen is not None:
            if sq in chosen["targets"]:
                text = f"{view['square_names'][self.selected]}x{name}"
                if chosen["legal"]:
                    return text
                self.message = f"That capture is refused: {self._reason(state, text)}."
                return None
            self.selected = None
            if held != "empty":
                self.message = "That disk is out of reach: the lit disks are the ones you can take."
            return None
        if held == "empty":
            return name
        if held == "block":
            self.message = f"{name} holds a block: nothing can go there."
        else:
            self.message = (f"{name} holds {'an' if held == 'orange' else 'a'} {held.title()} "
                            "disk: to take it, click one of your disks first.")
        return None

    def _xy(self, size: int, sq: int) -> tuple[int, int]:
        return _square_xy(size, sq, self.flipped)

    def _reason(self, state, text: str) -> str:
        """The engine's reason for refusing a move given in notation."""
        try:
            self.game.parse(state, text)
        except EngineError as err:
            return str(err).split(": ", 1)[-1]
        return "it is legal"

    def key(self, state, key):
        if key == "Escape" and (self.selected is not None or self.patch is not None):
            self.selected = self.patch = None
            self.message = ""
            return True
        return False

    # ---- drawing the board

    def svg(self, state, interactive):
        view = self._view(state)
        size = view["size"]
        span = size * CELL + 2 * MARGIN
        label = f"Petrify board, {size} by {size}"
        out = [svg_open(span, span, label).replace("<svg ", '<svg class="petrify" ', 1),
               f"<style>{STYLE}</style>", '<g class="pf-board">']
        owner_of = self._owners_by_square(view)
        labels = self._labels(view)
        for sq, held in enumerate(view["cells"]):
            x, y = self._xy(size, sq)
            name = view["square_names"][sq]
            shade = "blockcell" if held == "block" else f"pt-{owner_of[sq]}"
            out.append(f'<rect class="sq {shade}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                       f'data-cell="{name}" data-col="{sq % size}" data-row="{sq // size}" '
                       f'aria-label="{attr(labels[sq])}"><title>{attr(labels[sq])}</title></rect>')
        out.append(self._patch_edges(view))
        for sq, held in enumerate(view["cells"]):
            if held == "block":
                out.append(self._block(size, sq, "pf-block"))
            elif held != "empty":
                out.append(self._disk(size, sq, held))
        out.append(coordinates(size, self.flipped))
        for sq in view["last"]["squares"]:
            x, y = self._xy(size, sq)
            out.append(f'<rect class="last-move" x="{x + 6}" y="{y + 6}" width="{CELL - 12}" '
                       f'height="{CELL - 12}"/>')
        if self.patch is not None and self.patch < len(view["patches"]):
            out.append(self._reckoning(view, view["patches"][self.patch], True))
        elif view["result"] is not None:           # the game is over: show every reckoning
            out.extend(self._reckoning(view, patch, False) for patch in view["patches"])
        if interactive:
            out.append(self._capture_hints(view))
        out.append("</g></svg>")
        return "".join(out)

    @staticmethod
    def _labels(view) -> list[str]:
        """What each square holds, for its tooltip and for screen readers (the keyboard
        cursor reads it out): "d4: a Blue disk (group of 2); in a patch of 9 squares that
        Blue holds now"."""
        group_of, patch_of = {}, {}
        for patch in view["patches"]:
            for sq in patch["squares"]:
                patch_of[sq] = patch
            for group in patch["groups"]:
                for sq in group["squares"]:
                    group_of[sq] = group["size"]
        out = []
        for sq, held in enumerate(view["cells"]):
            name = view["square_names"][sq]
            if held == "block":
                out.append(f"{name}: a block")
                continue
            what = "empty" if held == "empty" else (
                f"{'an' if held == 'orange' else 'a'} {held.title()} disk "
                f"(group of {group_of.get(sq, 1)})")
            patch = patch_of.get(sq)
            if patch is not None:
                what += (f"; in a patch of {plural(patch['size'], 'square')} that "
                         f"{patch['owner'] or 'nobody'} holds now")
            out.append(f"{name}: {what}")
        return out

    @staticmethod
    def _owners_by_square(view) -> list[str]:
        owner = ["none"] * len(view["cells"])
        for patch in view["patches"]:
            name = (patch["owner"] or "none").lower()
            for sq in patch["squares"]:
                owner[sq] = name
        return owner

    def _patch_edges(self, view) -> str:
        """Thick lines wherever a patch meets a block or the edge of the board."""
        size, cells = view["size"], view["cells"]
        lines = []
        for sq, held in enumerate(cells):
            col, row = sq % size, sq // size
            x, y = self._xy(size, sq)
            if col + 1 < size and (held == "block") != (cells[sq + 1] == "block"):
                lines.append(side(x, y, 1, 0, self.flipped))
            if row + 1 < size and (held == "block") != (cells[sq + size] == "block"):
                lines.append(side(x, y, 0, 1, self.flipped))
        span = size * CELL
        lines.append(f"M{MARGIN} {MARGIN}h{span}v{span}h{-span}Z")
        return f'<path class="pf-patch-edge" d="{"".join(lines)}"/>'

    def _block(self, size: int, sq: int, cls: str) -> str:
        x, y = self._xy(size, sq)
        return (f'<rect class="{cls}" x="{x + 8}" y="{y + 8}" width="{CELL - 16}" '
                f'height="{CELL - 16}" rx="10"/>'
                + (f'<rect class="pf-block-top" x="{x + 20}" y="{y + 18}" width="{CELL - 40}" '
                   f'height="{CELL - 46}" rx="6"/>' if cls == "pf-block" else ""))

    def _disk(self, size: int, sq: int, colour: str) -> str:
        """A disk with a small mark per colour, so colour is never the only cue."""
        x, y = self._xy(size, sq)
        cx, cy = x + CELL / 2, y + CELL / 2
        mark = (f'<circle class="mark" cx="{cx}" cy="{cy}" r="10"/>' if colour == "orange" else
                f'<rect class="mark" x="{cx - 9}" y="{cy - 9}" width="18" height="18"/>')
        return (f'<circle class="pf-disk {colour}" data-square="{sq}" cx="{cx}" cy="{cy}" r="36"/>'
                + mark)

    def _capture_hints(self, view) -> str:
        chosen = self._selection(view)
        if chosen is None:
            return ""
        size, out = view["size"], []
        x, y = self._xy(size, self.selected)
        out.append(f'<circle class="pf-selected" cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="44"/>')
        if not chosen["targets"]:
            return "".join(out)
        legal = chosen["legal"]
        out.append(self._block(size, self.selected, "pf-ghost" if legal else "pf-ghost refused"))
        for sq in chosen["targets"]:
            tx, ty = self._xy(size, sq)
            cx, cy = tx + CELL / 2, ty + CELL / 2
            out.append(f'<circle class="{"pf-target" if legal else "pf-refused"}" '
                       f'data-target="{view["square_names"][sq]}" cx="{cx}" cy="{cy}" r="44"/>')
            if not legal:
                out.append(f'<path class="pf-cross" d="M{cx - 22} {cy - 22}l44 44m0 -44l-44 44"/>')
        if not legal:
            out.append(self._formation(size, chosen["formation"]))
        return "".join(out)

    def _formation(self, size: int, formation: dict) -> str:
        """The blocks, and the ring squares beyond the edge, that the new block would join."""
        out = []
        for sq in formation["squares"]:
            x, y = self._xy(size, sq)
            out.append(f'<rect class="pf-formation" x="{x + 4}" y="{y + 4}" width="{CELL - 8}" '
                       f'height="{CELL - 8}"/>')
        for col, row in formation["ring"]:
            x = MARGIN + min(max(col, 0), size - 1) * CELL
            y = MARGIN + (size - 1 - min(max(row, 0), size - 1)) * CELL
            w = h = CELL
            if col < 0:
                x, w = MARGIN - RING - 2, RING
            elif col >= size:
                x, w = MARGIN + size * CELL + 2, RING
            if row < 0:
                y, h = MARGIN + size * CELL + 2, RING
            elif row >= size:
                y, h = MARGIN - RING - 2, RING
            if self.flipped:                   # turned round about the board's centre
                far = 2 * MARGIN + size * CELL
                x, y = far - x - w, far - y - h
            out.append(f'<rect class="pf-ring" x="{x}" y="{y}" width="{w}" height="{h}"/>')
        return "".join(out)

    def _reckoning(self, view, patch, outline: bool) -> str:
        """A patch's reckoning on the board: cancelled groups faded, the winners ringed,
        and (if `outline`) the patch outlined."""
        size, out = view["size"], []
        inside = set(patch["squares"])
        lines = []
        for sq in patch["squares"]:
            col, row = sq % size, sq // size
            x, y = self._xy(size, sq)
            if row + 1 >= size or sq + size not in inside:
                lines.append(side(x, y, 0, 1, self.flipped))
            if row == 0 or sq - size not in inside:
                lines.append(side(x, y, 0, -1, self.flipped))
            if col == 0 or sq - 1 not in inside:
                lines.append(side(x, y, -1, 0, self.flipped))
            if col + 1 >= size or sq + 1 not in inside:
                lines.append(side(x, y, 1, 0, self.flipped))
        if outline:
            out.append(f'<path class="pf-focus" d="{"".join(lines)}"/>')
        for group in patch["groups"]:
            for sq in group["squares"]:
                x, y = self._xy(size, sq)
                cx, cy = x + CELL / 2, y + CELL / 2
                if group["fate"] == "cancelled":
                    out.append(f'<circle class="pf-cancelled" cx="{cx}" cy="{cy}" r="38"/>')
                elif group["fate"] == "wins":
                    out.append(f'<circle class="pf-winner" cx="{cx}" cy="{cy}" r="44"/>')
        return "".join(out)

    # ---- beside the board

    def panel(self, state, interactive):
        view = self._view(state)
        seat_of = {colour: seat for seat, colour in enumerate(view["seat_colours"])}
        rows = []
        for colour in view["colours"]:
            key = colour.lower()
            rows.append(f'<li><span class="pf-dot {key}"></span>{colour} '
                        f'<small>({plural(view["counts"][colour], "disk")}, player {seat_of[colour] + 1})'
                        f'</small><span class="pf-points">{view["scores"][colour]}</span></li>')
        swapped = view["seat_colours"][0] != "Blue"
        note = ('<p class="pf-note">The players swapped: the opener now plays Orange.</p>'
                if swapped else "")
        patches = []
        for index, patch in enumerate(view["patches"]):
            owner = patch["owner"]
            dot = (owner or "none").lower()
            pressed = "true" if index == self.patch else "false"
            head = f"{plural(patch['size'], 'square')} · {owner or 'nobody'}"
            body = (f'<span class="pf-head"><span class="pf-dot {dot}"></span>{attr(head)}</span>'
                    f'<small>{attr(patch["summary"])}</small>')
            if interactive:
                patches.append(f'<li><button type="button" data-action="patch" '
                               f'data-patch="{index}" aria-pressed="{pressed}">{body}</button></li>')
            else:
                patches.append(f'<li><div class="pf-item">{body}</div></li>')
        blocks = view["counts"]["blocks"]
        hint = ("On the board: " if view["result"] is not None
                else "Click a patch to see its reckoning on the board: ")
        title = "Final score" if view["result"] is not None else "Score if the game ended now"
        return (f'<div class="pf-panel"><h3>{title}</h3>'
                f'<ul class="pf-colours">{"".join(rows)}</ul>{note}'
                f'<h3>Patches ({len(patches)}; {plural(blocks, "block")})</h3>'
                f'<ol class="pf-patches">{"".join(patches)}</ol>'
                f'<p class="pf-note">{hint}faded groups cancel in pairs, '
                f'ringed groups win their patch.</p></div>')

    def prompt(self, state):
        view = self._view(state)
        me = view["turn"]
        if self.message:
            return f"{me} to move. {self.message}"
        if view["must_pass"]:
            return (f"{me} has no board play (no empty square and no capture move), "
                    f"so {me} must pass: press Pass.")
        chosen = self._selection(view)
        if chosen is not None:
            here = view["square_names"][self.selected]
            if not chosen["targets"]:
                return (f"{me}: the disk on {here} reaches no enemy disk. "
                        "Click another disk, or an empty square to cancel.")
            if not chosen["legal"]:
                return (f"{me}: no capture move from {here}: the block left on {here} would make "
                        f"{chosen['formation']['text']}.")
            names = ", ".join(view["square_names"][sq] for sq in chosen["targets"])
            return (f"{me}: capture from {here}: click a lit disk ({names}); "
                    f"a block will be left on {here}.")
        swap = " Or press Swap to take Blue's side (the pie rule)." if view["can_swap"] else ""
        return (f"{me} to move: click an empty square to place a disk, or one of your disks "
                f"to capture with it.{swap}")


BOARD = PetrifyBoard
