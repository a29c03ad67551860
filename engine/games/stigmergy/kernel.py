"""Stigmergy's board: the hexhex grid, sight and control, the moves, and the move kernel.

The fixed geometry of a board size (`HexGrid`: cells in notation order, their names, the
six rays from each cell, neighbour counts and control thresholds) and a mutable working
copy of a position (`Position`: stones, how many stones of each colour every cell sees,
who controls it, and a status code per cell) that `place` and `flip` update along the
move's six lines only.

The move values (Place, Flip, Komi, Side, and the words PASS and BUTTON), made once per
board size (`moves_for`), and the kernel both the legal-move list (`_generate` in
rules.py) and the fast random playout use: `playable` (the cells where
a colour may place or flip) and `word_move` (the button or a pass, when allowed).  The
rules these encode are in that module's docstring and web/rules/stigmergy.html ("Sight and
control", "Your turn").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import compress
from typing import Literal, NamedTuple

from ...contract.moves import PASS
from ...contract.squares import FILES

EMPTY, BLACK, WHITE = -1, 0, 1
NOBODY = -1

# Directions in axial coordinates (q along a row, s up the rows); d and d + 3 are opposite.
DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

# A cell's status code packs what is on it and who controls it: (stone + 1) * 3 + (control + 1).
# PLAYABLE[colour][code] says whether that colour may place or flip on a cell with that code.
UNCONTROLLED_EMPTY = 0
PLAYABLE = (
    (
        True,
        True,
        False,
        False,
        False,
        False,
        False,
        True,
        False,
    ),  # Black: empty not White's; White stone in Black's control
    (
        True,
        False,
        True,
        False,
        False,
        True,
        False,
        False,
        False,
    ),  # White: empty not Black's; Black stone in White's control
)


def status_code(stone: int, control: int) -> int:
    return (stone + 1) * 3 + control + 1


# --------------------------------------------------------------------------- the board's geometry


class HexGrid:
    """The fixed facts of a hexhex board of `side` cells a side (one per size, cached)."""

    def __init__(self, side: int):
        self.side = side
        self.rows = 2 * side - 1
        coords: list[tuple[int, int]] = []
        self.row_starts: list[int] = []
        self.row_lengths: list[int] = []
        for row in range(self.rows):
            s = row - (side - 1)
            first, last = max(-(side - 1), -(side - 1) - s), min(side - 1, side - 1 - s)
            self.row_starts.append(len(coords))
            self.row_lengths.append(last - first + 1)
            coords.extend((q, s) for q in range(first, last + 1))
        self.coords = tuple(coords)
        self.count = len(coords)
        index = {qs: i for i, qs in enumerate(coords)}
        self.names = tuple(
            f"{FILES[row]}{i - self.row_starts[row] + 1}"
            for row in range(self.rows)
            for i in range(self.row_starts[row], self.row_starts[row] + self.row_lengths[row])
        )
        self.index_of_name = {name: i for i, name in enumerate(self.names)}
        # rays[cell][d]: the cells met walking from `cell` in direction d, nearest first.
        rays = []
        for q, s in coords:
            cell_rays = []
            for dq, ds in DIRECTIONS:
                ray, k = [], 1
                while (q + k * dq, s + k * ds) in index:
                    ray.append(index[(q + k * dq, s + k * ds)])
                    k += 1
                cell_rays.append(tuple(ray))
            rays.append(tuple(cell_rays))
        self.rays = tuple(rays)
        self.neighbours = tuple(tuple(ray[0] for ray in r if ray) for r in rays)
        # More than half the neighbours: 2 of 3 at a corner, 3 of 4 on an edge, 4 of 6 inside.
        self.threshold = tuple(len(n) // 2 + 1 for n in self.neighbours)
        self.cells = tuple(range(self.count))

    def row_of(self, cell: int) -> int:
        s = self.coords[cell][1]
        return s + self.side - 1

    def xy(self, cell: int) -> tuple[float, float]:
        """Centre of a cell for drawing: neighbours 1 apart, rows going up, (0, 0) in the
        middle."""
        q, s = self.coords[cell]
        return q + s / 2, s * math.sqrt(3) / 2


_GRIDS: dict[int, HexGrid] = {}


def grid_for(side: int) -> HexGrid:
    if side not in _GRIDS:
        _GRIDS[side] = HexGrid(side)
    return _GRIDS[side]


def cell_count(side: int) -> int:
    return 3 * side * (side - 1) + 1


# --------------------------------------------------------------------------- sight and control


def control_of(grid: HexGrid, black_seen: int, white_seen: int, cell: int) -> int:
    need = grid.threshold[cell]
    if black_seen >= need:
        return BLACK
    if white_seen >= need:
        return WHITE
    return NOBODY


def first_stone(board: Sequence[int], ray: Sequence[int]) -> int:
    """How many cells of `ray` up to and including its first stone (all of it if none)."""
    for k, cell in enumerate(ray):
        if board[cell] != EMPTY:
            return k + 1
    return len(ray)


def sight_from_scratch(grid: HexGrid, board: Sequence[int]) -> tuple[list[int], list[int]]:
    """For every cell, how many Black and White stones it sees (the slow, obvious way)."""
    seen = ([0] * grid.count, [0] * grid.count)
    for cell in grid.cells:
        for ray in grid.rays[cell]:
            for other in ray:
                if board[other] != EMPTY:
                    seen[board[other]][cell] += 1
                    break
    return seen


# --------------------------------------------------------------------------- moves

BUTTON = "button"


# The kind of a move is its tuple's last field: it keeps Place(5), Flip(5) and Komi(5)
# unequal (named tuples compare as tuples).
class Place(NamedTuple):
    """Put a stone of the mover's colour on the empty `cell`."""

    cell: int
    kind: Literal["place"] = "place"


class Flip(NamedTuple):
    """Turn the enemy stone on `cell`, a cell the mover controls, to the mover's colour."""

    cell: int
    kind: Literal["flip"] = "flip"


class Komi(NamedTuple):
    """The first seat's bid: the komi added to White's score."""

    komi: int
    kind: Literal["komi"] = "komi"


class Side(NamedTuple):
    """The second seat's choice of the colour it plays."""

    colour: int
    kind: Literal["side"] = "side"


StigmergyMove = Place | Flip | Komi | Side | str
SIDES = (Side(BLACK), Side(WHITE))


class _Moves(NamedTuple):
    """Every move value of a board size, made once: the move lists reuse them."""

    place: tuple[Place, ...]
    flip: tuple[Flip, ...]
    komi: tuple[Komi, ...]


_MOVES: dict[int, _Moves] = {}


def moves_for(side: int) -> _Moves:
    if side not in _MOVES:
        count = cell_count(side)
        _MOVES[side] = _Moves(
            tuple(Place(c) for c in range(count)),
            tuple(Flip(c) for c in range(count)),
            tuple(Komi(k) for k in range(-count, count + 1)),
        )
    return _MOVES[side]


# --------------------------------------------------------------------------- the move kernel


def playable(cells: Sequence[int], status: Sequence[int], colour: int) -> list[int]:
    """The cells where `colour` may place (empty ones the enemy does not control) or flip
    (enemy stones on cells it controls), in cell order.  `cells` is the grid's `cells`
    (a tuple: faster to walk than a range)."""
    return list(compress(cells, map(PLAYABLE[colour].__getitem__, status)))


def word_move(untaken: bool, status: Sequence[int]) -> str | None:
    """The word move allowed besides board plays: the button while it is untaken, else a
    pass once every empty cell is controlled by someone."""
    if untaken:
        return BUTTON
    return PASS if UNCONTROLLED_EMPTY not in status else None


# --------------------------------------------------------------------------- a position at work


class Position:
    """A mutable working copy of a board with its sight counts, control and status codes.

    `place` and `flip` update everything incrementally along the move's six lines.
    Used inside a single `_apply` and for a whole fast random playout.
    """

    __slots__ = ("board", "control", "grid", "seen", "status")

    def __init__(
        self,
        grid: HexGrid,
        board: Sequence[int],
        black_seen: Sequence[int],
        white_seen: Sequence[int],
        control: Sequence[int],
        status: Sequence[int],
    ):
        self.grid = grid
        self.board = list(board)
        self.seen = (list(black_seen), list(white_seen))
        self.control = list(control)
        self.status = list(status)

    @classmethod
    def from_board(cls, grid: HexGrid, board: Sequence[int]) -> Position:
        black_seen, white_seen = sight_from_scratch(grid, board)
        control = [control_of(grid, black_seen[c], white_seen[c], c) for c in grid.cells]
        status = [status_code(board[c], control[c]) for c in grid.cells]
        return cls(grid, board, black_seen, white_seen, control, status)

    def _refresh(self, cells: Sequence[int]) -> None:
        board, control, status = self.board, self.control, self.status
        black_seen, white_seen = self.seen
        threshold = self.grid.threshold
        for c in cells:
            need = threshold[c]
            who = BLACK if black_seen[c] >= need else WHITE if white_seen[c] >= need else NOBODY
            control[c] = who
            status[c] = (board[c] + 1) * 3 + who + 1

    def place(self, cell: int, colour: int) -> None:
        """Put a stone of `colour` on the empty `cell`."""
        board, rays = self.board, self.grid.rays[cell]
        reach = [first_stone(board, ray) for ray in rays]
        # The stone each line showed through the empty cell, seen from the far side.
        showed = [board[ray[reach[d] - 1]] if ray else EMPTY for d, ray in enumerate(rays)]
        board[cell] = colour
        gain = self.seen[colour]
        self.status[cell] = (colour + 1) * 3 + self.control[cell] + 1
        for d, ray in enumerate(rays):
            before = showed[(d + 3) % 6]
            if before == colour:
                continue  # they saw a stone of this colour before, and still do
            touched = ray[: reach[d]]
            if before == EMPTY:
                for c in touched:
                    gain[c] += 1
            else:
                lose = self.seen[before]
                for c in touched:
                    gain[c] += 1
                    lose[c] -= 1
            self._refresh(touched)

    def flip(self, cell: int) -> None:
        """Turn the stone on `cell` to the other colour."""
        board, rays = self.board, self.grid.rays[cell]
        old = board[cell]
        board[cell] = 1 - old
        self.status[cell] = (2 - old) * 3 + self.control[cell] + 1
        lose, gain = self.seen[old], self.seen[1 - old]
        for ray in rays:
            touched = ray[: first_stone(board, ray)]
            for c in touched:
                gain[c] += 1
                lose[c] -= 1
            self._refresh(touched)
