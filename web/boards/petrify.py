"""Petrify's board: disks, blocks, patches shaded by the owner they would have now.

Placing: click an empty square (also with a disk chosen).  Capturing: click one
of your disks; the enemy disks it reaches light up and a ghost block shows the
square it would leave behind; click a lit disk to capture it.  If that block
would make a mound or a barricade, the targets are crossed out, the blocks (and
the ring beyond the edge) that would complete the formation turn red, and the
prompt says which formation it is.  The panel lists the live score and each
patch's reckoning; clicking a patch there shows on the board which groups cancel
and which wins.

A pure `Board`: what the player has chosen lives in `ui.pick` (a `Pick`), the board is
turned round when `ui.flipped`, and a capture the engine refuses comes back in `ui.refused`.
Everything else is read from the engine's `PetrifyView`.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal, NamedTuple

from engine.contract.core import PASS, SWAP
from engine.games.petrify.rules import (
    COLOUR_NAMES,
    Capture,
    Cell,
    Formation,
    PatchView,
    PetrifyView,
    Reach,
    formation_text,
    name_of,
    patch_summary,
)

from .base import Board, Ui, attr, svg_open
from .motion import NOTHING, Motion
from .squares import CELL, MARGIN, coordinates, corner, side

RING = 14  # thickness of a ring square drawn in the margin


CSS = {Cell.EMPTY: "empty", Cell.BLUE: "blue", Cell.ORANGE: "orange", Cell.BLOCK: "block"}


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _xy(size: int, sq: int, flipped: bool) -> tuple[int, int]:
    """Top-left corner of square index `sq` in SVG units, turned round when flipped."""
    return corner(size, sq % size, sq // size, flipped)


def _a_disk(colour: Cell) -> str:
    """'a Blue disk' or 'an Orange disk'."""
    return f"{'an' if colour == Cell.ORANGE else 'a'} {COLOUR_NAMES[colour]} disk"


# ---- what the player has chosen


class Note(NamedTuple):
    """Why the last click on the board did nothing (the board's own hint, not a rule)."""

    kind: Literal["out-of-reach", "block", "enemy"]
    square: int


@dataclass(frozen=True)
class Pick:
    """Petrify's half-made move and what the board shows beside it.

    disk:  the square of the mover's disk chosen for a capture move, or None.
    patch: the patch (index into view.patches) shown with its reckoning, or None.
    note:  why the last click did nothing, or None.
    """

    disk: int | None = None
    patch: int | None = None
    note: Note | None = None


def _pick(ui: Ui) -> Pick:
    return ui.pick if isinstance(ui.pick, Pick) else Pick()


def mover(view: PetrifyView) -> Cell:
    """The colour of the side to move."""
    return view.colours[view.to_move]


def chosen(view: PetrifyView, pick: Pick) -> Reach | None:
    """The chosen disk's reach (no targets if it reaches none), if it is still the mover's."""
    if pick.disk is None or view.to_move < 0 or view.cells[pick.disk] != mover(view):
        return None
    return next((r for r in view.reaches if r.start == pick.disk), Reach(pick.disk, (), None))


def note_text(view: PetrifyView, note: Note) -> str:
    if note.kind == "out-of-reach":
        return "That disk is out of reach: the lit disks are the ones you can take."
    name = name_of(view.width, note.square)
    if note.kind == "block":
        return f"{name} holds a block: nothing can go there."
    disk = _a_disk(view.cells[note.square])
    return f"{name} holds {disk}: to take it, click one of your disks first."


# ---- drawing


def labels(view: PetrifyView) -> list[str]:
    """What each square holds, for its tooltip and for screen readers (the keyboard
    cursor reads it out): "d4: a Blue disk (group of 2); in a patch of 9 squares that
    Blue holds now"."""
    group_of: dict[int, int] = {}
    patch_of: dict[int, PatchView] = {}
    for patch in view.patches:
        for sq in patch.squares:
            patch_of[sq] = patch
        for group in patch.groups:
            for sq in group.squares:
                group_of[sq] = len(group.squares)
    out = []
    for sq, held in enumerate(view.cells):
        name = name_of(view.width, sq)
        if held == Cell.BLOCK:
            out.append(f"{name}: a block")
            continue
        what = (
            "empty" if held == Cell.EMPTY else f"{_a_disk(held)} (group of {group_of.get(sq, 1)})"
        )
        area = patch_of.get(sq)
        if area is not None:
            owner = COLOUR_NAMES.get(area.owner, "nobody")
            what += f"; in a patch of {plural(area.size, 'square')} that {owner} holds now"
        out.append(f"{name}: {what}")
    return out


def owners_by_square(view: PetrifyView) -> list[str]:
    owner = ["none"] * len(view.cells)
    for patch in view.patches:
        name = CSS[patch.owner] if patch.owner != Cell.EMPTY else "none"
        for sq in patch.squares:
            owner[sq] = name
    return owner


def patch_edges(view: PetrifyView, flipped: bool) -> str:
    """Thick lines wherever a patch meets a block or the edge of the board."""
    size, cells = view.width, view.cells
    lines = []
    for sq, held in enumerate(cells):
        col, row = sq % size, sq // size
        x, y = _xy(size, sq, flipped)
        if col + 1 < size and (held == Cell.BLOCK) != (cells[sq + 1] == Cell.BLOCK):
            lines.append(side(x, y, 1, 0, flipped))
        if row + 1 < size and (held == Cell.BLOCK) != (cells[sq + size] == Cell.BLOCK):
            lines.append(side(x, y, 0, 1, flipped))
    span = size * CELL
    lines.append(f"M{MARGIN} {MARGIN}h{span}v{span}h{-span}Z")
    return f'<path class="pf-patch-edge" d="{"".join(lines)}"/>'


def block(size: int, sq: int, cls: str, flipped: bool) -> str:
    x, y = _xy(size, sq, flipped)
    on = f' data-on="{sq}"' if cls == "pf-block" else ""  # a block, not a hint of one
    return (
        f'<rect class="{cls}"{on} x="{x + 8}" y="{y + 8}" width="{CELL - 16}" '
        f'height="{CELL - 16}" rx="10"/>'
        + (
            f'<rect class="pf-block-top"{on} x="{x + 20}" y="{y + 18}" width="{CELL - 40}" '
            f'height="{CELL - 46}" rx="6"/>'
            if cls == "pf-block"
            else ""
        )
    )


def disk(size: int, sq: int, colour: str, flipped: bool) -> str:
    """A disk with a small mark per colour, so colour is never the only cue."""
    x, y = _xy(size, sq, flipped)
    cx, cy = x + CELL / 2, y + CELL / 2
    mark = (
        f'<circle class="mark" data-on="{sq}" cx="{cx}" cy="{cy}" r="10"/>'
        if colour == "orange"
        else f'<rect class="mark" data-on="{sq}" x="{cx - 9}" y="{cy - 9}" '
        'width="18" height="18"/>'
    )
    return (
        f'<circle class="pf-disk {colour}" data-square="{sq}" data-on="{sq}" cx="{cx}" '
        f'cy="{cy}" r="36"/>' + mark
    )


def capture_hints(view: PetrifyView, ui: Ui) -> str:
    """The chosen disk ringed; its targets lit (or crossed out, with the formation its
    block would complete) and the block it would leave."""
    reach = chosen(view, _pick(ui))
    if reach is None:
        return ""
    size, flipped, out = view.width, ui.flipped, []
    x, y = _xy(size, reach.start, flipped)
    out.append(f'<circle class="pf-selected" cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="44"/>')
    if not reach.targets:
        return "".join(out)
    legal = reach.legal
    out.append(block(size, reach.start, "pf-ghost" if legal else "pf-ghost refused", flipped))
    for sq in reach.targets:
        tx, ty = _xy(size, sq, flipped)
        cx, cy = tx + CELL / 2, ty + CELL / 2
        out.append(
            f'<circle class="{"pf-target" if legal else "pf-refused"}" '
            f'data-target="{name_of(size, sq)}" cx="{cx}" cy="{cy}" r="44"/>'
        )
        if not legal:
            out.append(f'<path class="pf-cross" d="M{cx - 22} {cy - 22}l44 44m0 -44l-44 44"/>')
    if reach.formation is not None:
        out.append(formation_marks(size, reach.formation, flipped))
    return "".join(out)


def formation_marks(size: int, formation: Formation, flipped: bool) -> str:
    """The blocks, and the ring squares beyond the edge, that the new block would join."""
    out = []
    for sq in formation.squares:
        x, y = _xy(size, sq, flipped)
        out.append(
            f'<rect class="pf-formation" x="{x + 4}" y="{y + 4}" width="{CELL - 8}" '
            f'height="{CELL - 8}"/>'
        )
    for col, row in formation.ring:
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
        if flipped:  # turned round about the board's centre
            far = 2 * MARGIN + size * CELL
            x, y = far - x - w, far - y - h
        out.append(f'<rect class="pf-ring" x="{x}" y="{y}" width="{w}" height="{h}"/>')
    return "".join(out)


def reckoning(view: PetrifyView, patch: PatchView, outline: bool, flipped: bool) -> str:
    """A patch's reckoning on the board: cancelled groups faded, the winners ringed,
    and (if `outline`) the patch outlined."""
    size, out = view.width, []
    inside = set(patch.squares)
    lines = []
    for sq in patch.squares:
        col, row = sq % size, sq // size
        x, y = _xy(size, sq, flipped)
        if row + 1 >= size or sq + size not in inside:
            lines.append(side(x, y, 0, 1, flipped))
        if row == 0 or sq - size not in inside:
            lines.append(side(x, y, 0, -1, flipped))
        if col == 0 or sq - 1 not in inside:
            lines.append(side(x, y, -1, 0, flipped))
        if col + 1 >= size or sq + 1 not in inside:
            lines.append(side(x, y, 1, 0, flipped))
    if outline:
        out.append(f'<path class="pf-focus" d="{"".join(lines)}"/>')
    for group in patch.groups:
        for sq in group.squares:
            x, y = _xy(size, sq, flipped)
            cx, cy = x + CELL / 2, y + CELL / 2
            if group.fate == "cancelled":
                out.append(f'<circle class="pf-cancelled" cx="{cx}" cy="{cy}" r="38"/>')
            elif group.fate == "wins":
                out.append(f'<circle class="pf-winner" cx="{cx}" cy="{cy}" r="44"/>')
    return "".join(out)


class PetrifyBoard(Board[PetrifyView]):
    can_flip = True
    word_moves: ClassVar[dict[Hashable, tuple[str, str]]] = {
        **Board.word_moves,
        PASS: ("Pass", "You have no board play: no empty square and no capture move."),
        SWAP: (
            "Swap",
            "Take Blue and Blue's first disk; your opponent plays Orange and moves "
            "next (the pie rule).",
        ),
    }

    def swatch(self, view: PetrifyView, seat: int) -> str:
        return f"pf-c-{CSS[view.colours[seat]]}"

    # ---- events

    def hit(
        self,
        view: PetrifyView,
        ui: Ui,
        target: dict | None,
        gesture: str = "click",
        source: dict | None = None,
    ) -> tuple[Ui, Any]:
        if gesture != "click" or not target:
            return ui, None
        pick = _pick(ui)
        if target.get("action") == "patch":
            index = int(target["patch"])
            return replace(
                ui, pick=replace(pick, patch=None if pick.patch == index else index)
            ), None
        if "cell" not in target or view.to_move < 0:
            return ui, None
        size = view.width
        sq = int(target["row"]) * size + int(target["col"])
        held, mine = view.cells[sq], mover(view)
        ui, pick = replace(ui, refused=None), replace(pick, note=None)
        if held == mine:
            return replace(ui, pick=replace(pick, disk=None if pick.disk == sq else sq)), None
        reach = chosen(view, pick)
        if reach is not None and sq in reach.targets:  # the engine refuses it if a formation
            return replace(ui, pick=pick), Capture(reach.start, sq)  # forbids it
        pick = replace(pick, disk=None)  # any other click does what it would on a fresh board
        if held == Cell.EMPTY:
            return replace(ui, pick=pick), sq
        kind: Literal["out-of-reach", "block", "enemy"] = (
            "block" if held == Cell.BLOCK else "enemy" if reach is None else "out-of-reach"
        )
        return replace(ui, pick=replace(pick, note=Note(kind, sq))), None

    def key(self, view: PetrifyView, ui: Ui, key: str) -> Ui | None:
        pick = _pick(ui)
        if key == "Escape" and (pick.disk is not None or pick.patch is not None):
            return replace(ui, pick=None, refused=None)
        return None

    # ---- drawing the board

    def motion(self, earlier: PetrifyView, later: PetrifyView) -> Motion:
        """A placement puts a disk down; a capture move slides the disk onto the enemy disk it
        takes and leaves a block where it started."""
        move = later.last_move
        if isinstance(move, Capture):
            return Motion(
                slides=((move.start, move.end),), placed=((move.start,),), taken=((move.end,),)
            )
        if isinstance(move, int) and earlier.cells[move] != later.cells[move]:
            return Motion(placed=((move,),))
        return NOTHING  # a pass, the swap

    def draw(self, view: PetrifyView, ui: Ui) -> str:
        size, flipped, pick = view.width, ui.flipped, _pick(ui)
        span = size * CELL + 2 * MARGIN
        label = f"Petrify board, {size} by {size}"
        out = [
            svg_open(span, span, label, cls="petrify"),
            '<g class="pf-board">',
        ]
        owner_of = owners_by_square(view)
        said = labels(view)
        for sq, held in enumerate(view.cells):
            x, y = _xy(size, sq, flipped)
            shade = "blockcell" if held == Cell.BLOCK else f"pt-{owner_of[sq]}"
            out.append(
                f'<rect class="sq {shade}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                f'data-cell="{name_of(size, sq)}" data-col="{sq % size}" '
                f'data-row="{sq // size}" aria-label="{attr(said[sq])}">'
                f"<title>{attr(said[sq])}</title></rect>"
            )
        out.append(patch_edges(view, flipped))
        for sq, held in enumerate(view.cells):
            if held == Cell.BLOCK:
                out.append(block(size, sq, "pf-block", flipped))
            elif held != Cell.EMPTY:
                out.append(disk(size, sq, CSS[held], flipped))
        out.append(coordinates(size, flipped))
        for sq in view.last:
            x, y = _xy(size, sq, flipped)
            out.append(
                f'<rect class="last-move" x="{x + 6}" y="{y + 6}" width="{CELL - 12}" '
                f'height="{CELL - 12}"/>'
            )
        if pick.patch is not None and pick.patch < len(view.patches):
            out.append(reckoning(view, view.patches[pick.patch], True, flipped))
        elif view.result is not None:  # the game is over: show every reckoning
            out.extend(reckoning(view, patch, False, flipped) for patch in view.patches)
        if ui.live:
            out.append(capture_hints(view, ui))
        out.append("</g></svg>")
        return "".join(out)

    # ---- beside the board

    def panel(self, view: PetrifyView, ui: Ui) -> str:
        rows = []
        for seat, colour in enumerate(view.colours):  # seat order, as the score list has it
            rows.append(
                f'<li><span class="pf-dot {CSS[colour]}"></span>{COLOUR_NAMES[colour]} '
                f"<small>({plural(view.cells.count(colour), 'disk')}, player {seat + 1})"
                f'</small><span class="pf-points">{view.scores[seat]}</span></li>'
            )
        note = (
            '<p class="pf-note">The players swapped: the opener now plays Orange.</p>'
            if view.colours[0] != Cell.BLUE
            else ""
        )
        pressed_patch = _pick(ui).patch
        patches = []
        for index, patch in enumerate(view.patches):
            owner = COLOUR_NAMES.get(patch.owner)
            dot = CSS[patch.owner] if owner else "none"
            pressed = "true" if index == pressed_patch else "false"
            head = f"{plural(patch.size, 'square')} · {owner or 'nobody'}"
            body = (
                f'<span class="pf-head"><span class="pf-dot {dot}"></span>{attr(head)}</span>'
                f"<small>{attr(patch_summary(patch))}</small>"
            )
            if ui.live:
                patches.append(
                    f'<li><button type="button" data-action="patch" '
                    f'data-patch="{index}" aria-pressed="{pressed}">{body}</button></li>'
                )
            else:
                patches.append(f'<li><div class="pf-item">{body}</div></li>')
        blocks = view.cells.count(Cell.BLOCK)
        over = view.result is not None
        hint = "On the board: " if over else "Click a patch to see its reckoning on the board: "
        title = "Final score" if over else "Score if the game ended now"
        return (
            f'<div class="pf-panel"><h3>{title}</h3>'
            f'<ul class="pf-colours">{"".join(rows)}</ul>{note}'
            f"<h3>Patches ({len(patches)}; {plural(blocks, 'block')})</h3>"
            f'<ol class="pf-patches">{"".join(patches)}</ol>'
            f'<p class="pf-note">{hint}faded groups cancel in pairs, '
            f"ringed groups win their patch.</p></div>"
        )

    def prompt(self, view: PetrifyView, ui: Ui) -> str:
        me = view.seat_names[view.to_move]
        pick = _pick(ui)
        if ui.refused is not None:  # only a capture move from `hit` can be refused
            return f"{me} to move. That capture is refused: {ui.refused.text}."
        if pick.note is not None:
            return f"{me} to move. {note_text(view, pick.note)}"
        if view.moves == (PASS,):
            return (
                f"{me} has no board play (no empty square and no capture move), "
                f"so {me} must pass: press Pass."
            )
        reach = chosen(view, pick)
        if reach is not None:
            here = name_of(view.width, reach.start)
            if not reach.targets:
                return (
                    f"{me}: the disk on {here} reaches no enemy disk. "
                    "Click another of your disks, or an empty square to place a disk."
                )
            if reach.formation is not None:
                return (
                    f"{me}: no capture move from {here}: the block left on {here} would make "
                    f"{formation_text(reach.formation, view.width)}. Click another of your "
                    "disks, or an empty square to place a disk."
                )
            names = ", ".join(name_of(view.width, sq) for sq in reach.targets)
            return (
                f"{me}: capture from {here}: click a lit disk ({names}); "
                f"a block will be left on {here}."
            )
        swap = " Or press Swap to take Blue's side (the pie rule)." if SWAP in view.moves else ""
        return (
            f"{me} to move: click an empty square to place a disk, or one of your disks "
            f"to capture with it.{swap}"
        )
