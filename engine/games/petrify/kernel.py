"""Petrify's board kernels: the one home of each rule that the game (rules.py)
and its fast playout (knowledge.py) share.

Squares are indices row * size + col (row 0 is rank 1).  A board is a sequence holding
EMPTY, BLUE, ORANGE or BLOCK per square (a tuple in a state, a list in a playout).

- A capture move: `ray_target` is the first enemy disk a disk reaches along one line (over
  empty squares and friendly disks, stopped by a block); `can_take_block` is whether the
  block it leaves behind completes no mound or barricade.  `captures` lists every capture
  move from them, and the fast playout draws a (disk, line) and asks the same two.
- Scoring: `patches` are the block-free areas with their groups (core's flood fill),
  `patch_owner` reckons one, `colour_scores` adds them up.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from typing import Literal, NamedTuple

from ...contract.groups import connected_groups, grid_neighbours


class Cell(IntEnum):
    """What a square holds (the board stores the plain ints)."""

    EMPTY = 0
    BLUE = 1
    ORANGE = 2
    BLOCK = 3


EMPTY, BLUE, ORANGE, BLOCK = (int(c) for c in Cell)
DISKS = frozenset((BLUE, ORANGE))
# The eight lines of travel as (column step, row step); rows count up from rank 1.
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


class Capture(NamedTuple):
    """A capture move: the disk on `start` takes the enemy disk on `end` and leaves a block
    on `start`."""

    start: int
    end: int


# A move: a placement (the square index), a capture move, or the word PASS or SWAP.
Move = int | Capture | str


def enemy_of(colour: int) -> int:
    return BLUE + ORANGE - colour


@dataclass(frozen=True)
class PetrifyState:
    size: int
    board: tuple[int, ...]  # EMPTY/BLUE/ORANGE/BLOCK per square (row * size + col)
    turn: int = BLUE  # the colour to move
    blue_seat: int = 0  # the seat playing Blue: 0, or 1 after a swap
    ply: int = 0  # moves made so far, swap and passes included
    passes: int = 0  # passes made in a row just before this position
    last_mover: int = EMPTY  # the colour that made the last board play, if any
    last: Move | None = None  # the last move, for display
    _moves: tuple | None = field(default=None, compare=False, repr=False)


# --------------------------------------------------------------------------- formations


@dataclass(frozen=True)
class Formation:
    """A mound or barricade a block on `at` would complete.

    squares: the other board squares that must hold blocks for it;
    ring:    its squares (col, row) on the ring of blocks around the board.
    """

    kind: Literal["mound", "barricade"]
    at: int
    squares: tuple[int, ...]
    ring: tuple[tuple[int, int], ...]


class Tables:
    """Per board size: each square's eight rays and the formations through it."""

    def __init__(self, size: int):
        self.size = size
        squares = range(size * size)
        self.rays = tuple(tuple(self._ray(sq, d) for d in DIRECTIONS) for sq in squares)
        self.formations = tuple(tuple(self._formations(sq)) for sq in squares)
        # Just the board squares of each formation, for the fast checks.
        self.formation_squares = tuple(tuple(f.squares for f in fs) for fs in self.formations)

    def _ray(self, sq: int, step: tuple[int, int]) -> tuple[int, ...]:
        size = self.size
        col, row = sq % size, sq // size
        out = []
        col, row = col + step[0], row + step[1]
        while 0 <= col < size and 0 <= row < size:
            out.append(row * size + col)
            col, row = col + step[0], row + step[1]
        return tuple(out)

    def _formation(
        self, kind: Literal["mound", "barricade"], sq: int, cells: list[tuple[int, int]]
    ) -> Formation | None:
        """The formation made of `cells` (col, row) around `sq`, or None if it runs off the
        ring."""
        size = self.size
        on_board, ring = [], []
        for col, row in cells:
            if not (-1 <= col <= size and -1 <= row <= size):
                return None
            if 0 <= col < size and 0 <= row < size:
                if row * size + col != sq:
                    on_board.append(row * size + col)
            else:
                ring.append((col, row))
        return Formation(kind, sq, tuple(on_board), tuple(ring))

    def _formations(self, sq: int) -> Iterator[Formation]:
        col, row = sq % self.size, sq // self.size
        for dc in (-1, 0):
            for dr in (-1, 0):
                cells = [(col + dc + i, row + dr + j) for i in (0, 1) for j in (0, 1)]
                mound = self._formation("mound", sq, cells)
                if mound is not None:  # always: a mound through a square fits the ring
                    yield mound
        for dc, dr in ((1, 1), (1, -1)):
            for start in (-2, -1, 0):
                cells = [(col + dc * k, row + dr * k) for k in range(start, start + 3)]
                found = self._formation("barricade", sq, cells)
                if found is not None:
                    yield found


@cache
def tables(size: int) -> Tables:
    return Tables(size)


def formation_made(board: Sequence[int], size: int, sq: int) -> Formation | None:
    """The first mound or barricade that a block on `sq` would complete, if any."""
    for formation in tables(size).formations[sq]:
        if all(board[o] == BLOCK for o in formation.squares):
            return formation
    return None


def can_take_block(board: Sequence[int], formation_squares: Sequence[Sequence[int]]) -> bool:
    """True if a block on the square completes none of its formations (given as
    `tables(size).formation_squares[sq]`): the same test as `formation_made`, fast."""
    for others in formation_squares:
        for o in others:
            if board[o] != BLOCK:
                break
        else:
            return False
    return True


# --------------------------------------------------------------------------- capture moves


def ray_target(board: Sequence[int], ray: Sequence[int], enemy: int) -> int:
    """The enemy disk a disk reaches along `ray` (the squares of one line outward from it):
    the first enemy disk before any block, over empty squares and friendly disks; -1 if none."""
    for there in ray:
        held = board[there]
        if held == enemy:
            return there
        if held == BLOCK:
            return -1
    return -1


def capture_targets(board: Sequence[int], size: int, sq: int) -> list[int]:
    """The enemy disks the disk on `sq` reaches, line by line (in DIRECTIONS order)."""
    enemy = enemy_of(board[sq])
    targets = []
    for ray in tables(size).rays[sq]:
        there = ray_target(board, ray, enemy)
        if there >= 0:
            targets.append(there)
    return targets


_capture = tuple.__new__  # Capture(a, b) without NamedTuple's slower __new__


def captures(board: Sequence[int], size: int, colour: int) -> list[Capture]:
    """Every legal capture move for `colour`: by square, then line (DIRECTIONS order)."""
    t = tables(size)
    rays, forms = t.rays, t.formation_squares
    enemy = enemy_of(colour)
    moves = []
    for sq, held in enumerate(board):
        if held != colour or not can_take_block(board, forms[sq]):
            continue
        for ray in rays[sq]:
            there = ray_target(board, ray, enemy)
            if there >= 0:
                moves.append(_capture(Capture, (sq, there)))
    return moves


# --------------------------------------------------------------------------- scoring

# A group: its colour and its squares.
Grouped = tuple[int, Sequence[int]]


@dataclass(frozen=True)
class Patch:
    squares: tuple[int, ...]
    groups: tuple[tuple[int, tuple[int, ...]], ...]  # (colour, squares) of each group in it


def _areas(board: Sequence[int], size: int) -> tuple[list[list[int]], list[list[Grouped]]]:
    """The patches (maximal orthogonally connected block-free areas) and the groups in each
    (maximal orthogonally connected disks of one colour), each in order of its lowest square."""
    neighbours = grid_neighbours(size)
    areas = connected_groups([sq for sq, held in enumerate(board) if held != BLOCK], neighbours)
    patch_of = [0] * len(board)
    for index, area in enumerate(areas):
        for sq in area:
            patch_of[sq] = index
    inside: list[list[Grouped]] = [[] for _ in areas]
    disks = [sq for sq, held in enumerate(board) if held in DISKS]
    for group in connected_groups(disks, neighbours, board):
        first = group[0]
        inside[patch_of[first]].append((board[first], group))  # no group crosses a block
    return areas, inside


def patches(board: Sequence[int], size: int) -> list[Patch]:
    """Every patch with its groups, each in order of its first square."""
    found = []
    for area, groups in zip(*_areas(board, size), strict=True):
        ordered = sorted(
            ((colour, tuple(sorted(squares))) for colour, squares in groups),
            key=lambda group: group[1][0],
        )
        found.append(Patch(tuple(sorted(area)), tuple(ordered)))
    found.sort(key=lambda patch: patch.squares[0])
    return found


def leftover_by_size(groups: Sequence[Grouped]) -> dict[int, int]:
    """size -> Blue groups minus Orange groups of that size, after pairs cancel (zeros dropped)."""
    balance: dict[int, int] = {}
    for colour, squares in groups:
        balance[len(squares)] = balance.get(len(squares), 0) + (1 if colour == BLUE else -1)
    return {s: d for s, d in balance.items() if d}


def patch_owner(groups: Sequence[Grouped]) -> int:
    """The colour owning a patch with these groups, or EMPTY if nobody does."""
    left = leftover_by_size(groups)
    if not left:
        return EMPTY
    return BLUE if left[max(left)] > 0 else ORANGE


def colour_scores(board: Sequence[int], size: int) -> dict[int, int]:
    """Each colour's score if the game ended now."""
    score = {BLUE: 0, ORANGE: 0}
    for area, groups in zip(*_areas(board, size), strict=True):
        owner = patch_owner(groups)
        if owner != EMPTY:
            score[owner] += len(area)
    return score
