"""Petrify (Luis Bolaños Mures): place disks, capture by moving, leave blocks behind.

Rules: web/rules/petrify.html.  Blue and Orange share an N×N board.  On a
turn a player either places a disk of their colour on any empty square, or
makes a capture move: one of their disks travels in a straight orthogonal or
diagonal line (over empty squares and friendly disks) to the first enemy disk
in that line, takes it, and leaves a neutral block on the square it came
from.  A block may never complete a mound (2×2 blocks) or a barricade (three
blocks in a diagonal row); the board sits inside a ring of blocks for that
test.  A player with no board play passes; two passes in a row end the game
(Termination.BOTH_PASSED).
Blocks split the board into patches; in each patch, same-sized groups of
opposite colours cancel in pairs and the biggest group left over owns the
patch.  Owned patch sizes are the score; on a tie the last board play loses.
Orange may `swap` on its first turn (the pie rule): the seats exchange
colours and the opener, now Orange, moves next.

Moves: a placement is the square index (row * size + col); a capture move is a
`Capture(start, end)` of square indices; the swap and the pass are core's SWAP
and PASS.  Notation: `c3`, `c3xf6`, `swap`, `pass`.  The board kernels the game
shares with its fast playout (knowledge.py) are in its kernel (kernel.py).

Reason codes of an illegal move (`Verdict.code`, with the player's text):
    board-play-left   a pass while the mover has a board play
    swap-too-early    a swap before Blue's first move
    swap-too-late     a swap after Orange's first turn
    occupied          a placement on a square that is not empty
    no-disk           a capture move from an empty square
    not-own-disk      a capture move from a block or an enemy disk
    no-travel         a capture move that starts and ends on one square
    not-a-line        a capture move not along an orthogonal or diagonal line
    blocked           a block on the way
    past-enemy        an enemy disk on the way (a capture move stops at the first)
    empty-target      a capture move ending on an empty square
    not-enemy         a capture move ending on a block or a friendly disk
    mound             the block left behind would complete a mound
    barricade         the block left behind would complete a barricade
    not-a-move        not a Petrify move at all
    illegal           none of these (the rules do not allow it here)

Text that is not a move raises BadNotation with the code not-a-move, or core's (Game.parse's
not-text, empty and too-long, and a square's not-a-square and off-board).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal, NamedTuple

from ...contract.core import Game
from ...contract.errors import BadNotation, Verdict, refusal
from ...contract.moves import PASS, SWAP, int_tuple, swapped_pair, with_pass_and_swap
from ...contract.options import Option
from ...contract.result import Result, Termination
from ...contract.squares import parse_square, square_name
from ...contract.view import View
from .kernel import (
    BLOCK,
    BLUE,
    EMPTY,
    ORANGE,
    Capture,
    Cell,
    Formation,
    Move,
    Patch,
    PetrifyState,
    capture_targets,
    captures,
    colour_scores,
    enemy_of,
    formation_made,
    patch_owner,
    patches,
)

__all__ = [
    "BLOCK",
    "BLUE",
    "EMPTY",
    "ORANGE",
    "PASS",
    "SWAP",
    "Capture",
    "Cell",
    "Petrify",
    "PetrifyState",
    "PetrifyView",
    "enemy_of",
    "formation_text",
    "patch_summary",
]

COLOUR_NAMES = {BLUE: "Blue", ORANGE: "Orange"}

_CAPTURE = re.compile(r"^([a-z][0-9]+)x([a-z][0-9]+)$")
_SQUARE = re.compile(r"^[a-z][0-9]+$")
_CELLS = tuple(Cell)


def a_disk(colour: int) -> str:
    return "an Orange disk" if colour == ORANGE else "a Blue disk"


def name_of(size: int, sq: int) -> str:
    """The square's name in the notation, e.g. 'c3'."""
    return square_name(sq % size, sq // size)


def formation_text(formation: Formation, size: int) -> str:
    """E.g. 'a mound (four blocks in a 2×2 square) with the block on c1 and the ring of
    blocks around the board': what a block there would complete, for players."""
    kind = (
        "a mound (four blocks in a 2×2 square)"
        if formation.kind == "mound"
        else "a barricade (three blocks in a diagonal row)"
    )
    parts = []
    if formation.squares:
        names = [name_of(size, sq) for sq in formation.squares]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        parts.append(("the block on " if len(names) == 1 else "the blocks on ") + listed)
    if formation.ring:
        parts.append("the ring of blocks around the board")
    return f"{kind} with {' and '.join(parts)}"


# --------------------------------------------------------------------------- what the board shows

Fate = Literal["cancelled", "left", "wins"]


@dataclass(frozen=True)
class Group:
    """A group in a patch's reckoning: cancelled by an enemy group of its size, left over,
    or (one of) the biggest left, which wins the patch."""

    colour: Cell
    squares: tuple[int, ...]
    fate: Fate


@dataclass(frozen=True)
class Cancelled:
    size: int  # the groups' size
    pairs: int  # how many Blue–Orange pairs of it cancel


@dataclass(frozen=True)
class Leftover:
    colour: Cell
    size: int  # the groups' size
    count: int  # how many of that colour and size are left


@dataclass(frozen=True)
class PatchView:
    """A patch and its reckoning: groups biggest first (Blue before Orange within a size),
    the pairs that cancel and the groups left, biggest first."""

    squares: tuple[int, ...]
    owner: Cell  # Cell.EMPTY when nobody owns it
    groups: tuple[Group, ...]
    cancelled: tuple[Cancelled, ...]
    leftover: tuple[Leftover, ...]

    @property
    def size(self) -> int:
        return len(self.squares)


class Reach(NamedTuple):
    """A disk of the side to move that reaches enemy disks: its targets, and the formation
    (if any) its block would complete, which makes every capture move from it illegal."""

    start: int
    targets: tuple[int, ...]
    formation: Formation | None

    @property
    def legal(self) -> bool:
        return self.formation is None


@dataclass(frozen=True, kw_only=True)
class PetrifyView(View):
    """Petrify's position for its board: cells hold a Cell each; `last` is the squares of
    the last board play (a capture move: start, where the block is, then end).

    colours:   the colour each seat plays now (swapped after the pie rule).
    last_move: the last move (a square, a Capture, PASS or SWAP), None before the first.
    patches:   every patch with its reckoning, in order of its first square.
    reaches:   the side to move's disks that reach an enemy disk (none once the game is over).
    """

    cells: tuple[Cell, ...]
    colours: tuple[Cell, ...]
    last_move: Move | None
    patches: tuple[PatchView, ...]
    reaches: tuple[Reach, ...]


def patch_view(patch: Patch) -> PatchView:
    """A patch and its reckoning: which groups cancel in pairs, which are left, who wins it."""
    by_size: dict[int, dict[int, list[tuple[int, ...]]]] = {}
    for colour, squares in patch.groups:
        by_size.setdefault(len(squares), {BLUE: [], ORANGE: []})[colour].append(squares)
    groups: list[Group] = []
    cancelled, leftover = [], []
    for size in sorted(by_size, reverse=True):
        blue, orange = by_size[size][BLUE], by_size[size][ORANGE]
        pairs = min(len(blue), len(orange))
        if pairs:
            cancelled.append(Cancelled(size, pairs))
        for colour, same in ((BLUE, blue), (ORANGE, orange)):
            if len(same) > pairs:
                leftover.append(Leftover(Cell(colour), size, len(same) - pairs))
            for i, squares in enumerate(same):
                groups.append(Group(Cell(colour), squares, "cancelled" if i < pairs else "left"))
    if leftover:
        best = leftover[0].size
        groups = [
            replace(g, fate="wins") if g.fate == "left" and len(g.squares) == best else g
            for g in groups
        ]
    return PatchView(
        patch.squares,
        Cell(patch_owner(patch.groups)),
        tuple(groups),
        tuple(cancelled),
        tuple(leftover),
    )


def patch_summary(patch: PatchView) -> str:
    """A patch's reckoning in words, as the board's panel and the lessons say it, e.g. '1 pair
    of size 3 cancel; Orange's group of 2 is the biggest left: Orange owns these 36 squares'."""
    area = f"these {patch.size} squares" if patch.size > 1 else "this square"
    if not patch.groups:
        return f"no disks in {area}: nobody owns it"
    parts = [
        f"{c.pairs} pair{'s' if c.pairs > 1 else ''} of size {c.size} cancel"
        for c in patch.cancelled
    ]
    if patch.owner == Cell.EMPTY:
        parts.append("nothing is left, so nobody owns it")
    else:
        best = patch.leftover[0]
        name = COLOUR_NAMES[best.colour]
        parts.append(f"{name}'s group of {best.size} is the biggest left: {name} owns {area}")
    return "; ".join(parts)


def touched(move: Move | None) -> tuple[int, ...]:
    """The squares a move changed: a placement's square; a capture move's start (where the
    block is left) and end; none for a pass or a swap."""
    if isinstance(move, int):
        return (move,)
    return tuple(move) if isinstance(move, tuple) else ()


# --------------------------------------------------------------------------- why not this capture
# The parts of a capture move, in the order they are asked: the refusal of a move that breaks
# one, else None (each assumes the ones before it hold).


def holding(board: Sequence[int], sq: int) -> str:
    """What the square holds, for a player: "a block", "a Blue disk", ..."""
    return "a block" if board[sq] == BLOCK else a_disk(board[sq])


def _why_not_from(state: PetrifyState, start: int) -> Verdict | None:
    """A capture move starts from one of the mover's disks."""
    board, me = state.board, state.turn
    if board[start] == me:
        return None
    if board[start] == EMPTY:
        return refusal("no-disk", f"there is no disk on {name_of(state.size, start)} to move")
    return refusal(
        "not-own-disk",
        f"{name_of(state.size, start)} holds {holding(board, start)}, not {a_disk(me)}",
    )


def _why_not_along(state: PetrifyState, start: int, end: int) -> Verdict | None:
    """It travels along one straight line, orthogonal or diagonal, over empty squares and
    friendly disks only."""
    board, size, enemy = state.board, state.size, enemy_of(state.turn)
    dc = end % size - start % size
    dr = end // size - start // size
    if start == end:
        return refusal("no-travel", "a capture move must go somewhere")
    if dc and dr and abs(dc) != abs(dr):
        return refusal(
            "not-a-line",
            f"{name_of(size, start)} and {name_of(size, end)} are not on one straight "
            "line (a capture move goes orthogonally or diagonally)",
        )
    steps = max(abs(dc), abs(dr))
    step = (dc // steps) + (dr // steps) * size
    for k in range(1, steps):
        here = start + k * step
        if board[here] == BLOCK:
            return refusal("blocked", f"the block on {name_of(size, here)} is in the way")
        if board[here] == enemy:
            return refusal(
                "past-enemy",
                f"the {COLOUR_NAMES[enemy]} disk on {name_of(size, here)} is "
                "in the way (a capture move stops at the first enemy disk)",
            )
    return None


def _why_not_onto(state: PetrifyState, end: int) -> Verdict | None:
    """It ends on an enemy disk, which it takes."""
    board, enemy, there = state.board, enemy_of(state.turn), name_of(state.size, end)
    if board[end] == enemy:
        return None
    if board[end] == EMPTY:
        return refusal(
            "empty-target",
            f"{there} is empty: a capture move must end on {a_disk(enemy)} "
            f"(to place a disk there, play {there})",
        )
    return refusal(
        "not-enemy",
        f"{there} holds {holding(board, end)}: a capture move must end on {a_disk(enemy)}",
    )


def _why_no_block(state: PetrifyState, start: int) -> Verdict | None:
    """The block it leaves on `start` completes no mound or barricade."""
    formation = formation_made(state.board, state.size, start)
    if formation is None:
        return None
    return refusal(
        formation.kind,
        f"the block left on {name_of(state.size, start)} would make "
        f"{formation_text(formation, state.size)}, which is not allowed",
    )


# --------------------------------------------------------------------------- the game


class Petrify(Game[PetrifyState, Move]):
    id = "petrify"
    name = "Petrify"
    options_spec = (
        Option(
            "size", "Board size", "int", 8, lo=6, hi=10, help="Squares on a side, from 6 to 10."
        ),
    )

    def _options(self, state: PetrifyState) -> dict:
        return {"size": state.size}

    def _new(self, options: dict) -> PetrifyState:
        size = options["size"]
        return PetrifyState(size, (EMPTY,) * (size * size))

    # ---- seats and colours

    def seat_colour(self, state: PetrifyState, seat: int) -> int:
        return BLUE + swapped_pair(seat, state.blue_seat == 1)

    def seat_of(self, state: PetrifyState, colour: int) -> int:
        return swapped_pair(colour - BLUE, state.blue_seat == 1)

    def seat_names(self, state: PetrifyState) -> tuple[str, ...]:
        return tuple(COLOUR_NAMES[self.seat_colour(state, seat)] for seat in (0, 1))

    def _to_move(self, state: PetrifyState) -> int:
        return self.seat_of(state, state.turn)

    # ---- moves

    def _generate(self, state: PetrifyState) -> list:
        if state.passes >= 2:
            return []
        board = state.board
        moves: list = [sq for sq, held in enumerate(board) if held == EMPTY]
        moves += captures(board, state.size, state.turn)
        return with_pass_and_swap(moves, state.ply, PASS, SWAP)

    def _apply(self, state: PetrifyState, move: Move) -> PetrifyState:
        turn = state.turn
        if isinstance(move, str):
            if move == PASS:
                return PetrifyState(
                    state.size,
                    state.board,
                    enemy_of(turn),
                    state.blue_seat,
                    state.ply + 1,
                    state.passes + 1,
                    state.last_mover,
                    PASS,
                )
            return PetrifyState(
                state.size,
                state.board,
                turn,
                1 - state.blue_seat,  # SWAP
                state.ply + 1,
                state.passes,
                state.last_mover,
                SWAP,
            )
        board = list(state.board)
        if isinstance(move, int):
            board[move] = turn
        else:
            start, end = move
            board[end] = turn
            board[start] = BLOCK
        return PetrifyState(
            state.size, tuple(board), enemy_of(turn), state.blue_seat, state.ply + 1, 0, turn, move
        )

    # ---- notation

    def _format(self, state: PetrifyState, move: Move) -> str:
        if isinstance(move, str):
            return move
        if isinstance(move, int):
            return name_of(state.size, move)
        start, end = move
        return f"{name_of(state.size, start)}x{name_of(state.size, end)}"

    def _decode(self, state: PetrifyState, text: str) -> Move:
        if text in (PASS, SWAP):
            return text
        size = state.size
        match = _CAPTURE.match(text)
        if match:
            (c1, r1), (c2, r2) = (parse_square(match.group(i), size) for i in (1, 2))
            return Capture(r1 * size + c1, r2 * size + c2)
        if _SQUARE.match(text):
            col, row = parse_square(text, size)
            return row * size + col
        raise BadNotation(
            f"'{text}' is not a Petrify move (write a placement like c3, "
            "a capture move like c3xf6, or swap, or pass)",
            code="not-a-move",
        )

    # ---- reasons

    def _why_illegal(self, state: PetrifyState, move: object) -> Verdict:
        me = COLOUR_NAMES[state.turn]
        if move == PASS:
            example = self._legal(state)[0]
            return refusal(
                "board-play-left",
                f"{me} still has a board play (for example "
                f"{self._format(state, example)}), and passing is only allowed "
                "without one",
            )
        if move == SWAP:
            if state.ply == 0:
                return refusal(
                    "swap-too-early",
                    "only Orange may swap, on its first turn (after Blue's first move)",
                )
            return refusal(
                "swap-too-late", "the swap is only allowed on Orange's first turn, which has gone"
            )
        n = state.size * state.size
        if isinstance(move, int) and not isinstance(move, bool) and 0 <= move < n:
            return refusal(
                "occupied",
                f"{name_of(state.size, move)} is not empty "
                f"(it holds {holding(state.board, move)})",
            )
        if isinstance(move, tuple) and int_tuple(move, 2, n):
            start, end = move
            return self._why_not_capture(state, start, end)
        return refusal("not-a-move", "that is not a Petrify move")

    def _why_not_capture(self, state: PetrifyState, start: int, end: int) -> Verdict:
        """The first part of a capture move (web/rules/petrify.html, "Your turn" and "Mounds
        and barricades") that the move from `start` to `end` breaks."""
        verdict = (
            _why_not_from(state, start)
            or _why_not_along(state, start, end)
            or _why_not_onto(state, end)
            or _why_no_block(state, start)
        )
        return verdict or refusal("illegal", "the rules do not allow it here")

    # ---- score and end

    def colour_scores(self, state: PetrifyState) -> dict[int, int]:
        """Each colour's score if the game ended now."""
        return colour_scores(state.board, state.size)

    def _scores(self, state: PetrifyState) -> tuple[int, ...]:
        score = self.colour_scores(state)
        return tuple(score[self.seat_colour(state, seat)] for seat in (0, 1))

    def _result(self, state: PetrifyState) -> Result | None:
        if state.passes < 2:
            return None
        score = self.colour_scores(state)
        blue, orange = score[BLUE], score[ORANGE]
        if blue != orange:
            winner = BLUE if blue > orange else ORANGE
            reason = "Both players passed"
        else:
            winner = enemy_of(state.last_mover)
            reason = (
                f"Both players passed at {blue}–{orange}; "
                f"{COLOUR_NAMES[state.last_mover]} made the last board play and loses the tie"
            )
        seat_scores = tuple(score[self.seat_colour(state, seat)] for seat in (0, 1))
        return Result((self.seat_of(state, winner),), seat_scores, Termination.BOTH_PASSED, reason)

    # ---- display

    def view(self, state: PetrifyState) -> PetrifyView:
        size, board, last = state.size, state.board, state.last
        core = self.view_core(state)
        return PetrifyView(
            **core,
            width=size,
            height=size,
            cells=tuple(_CELLS[held] for held in board),
            last=touched(last),
            colours=tuple(Cell(self.seat_colour(state, seat)) for seat in (0, 1)),
            last_move=last,
            patches=tuple(patch_view(patch) for patch in patches(board, size)),
            reaches=self._reaches(state) if core["result"] is None else (),
        )

    def _reaches(self, state: PetrifyState) -> tuple[Reach, ...]:
        """For each disk of the player to move that reaches an enemy disk: its targets,
        and the formation (if any) that makes every capture from it illegal."""
        board, size = state.board, state.size
        out = []
        for sq, held in enumerate(board):
            if held != state.turn:
                continue
            targets = capture_targets(board, size, sq)
            if targets:
                out.append(Reach(sq, tuple(targets), formation_made(board, size, sq)))
        return tuple(out)
