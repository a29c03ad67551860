"""Petrify (Luis Bolaños Mures): place disks, capture by moving, leave blocks behind.

Rules: shared/rules/petrify.md.  Blue and Orange share an N×N board.  On a
turn a player either places a disk of their colour on any empty square, or
makes a capture move: one of their disks travels in a straight orthogonal or
diagonal line (over empty squares and friendly disks) to the first enemy disk
in that line, takes it, and leaves a neutral block on the square it came
from.  A block may never complete a mound (2×2 blocks) or a barricade (three
blocks in a diagonal row); the board sits inside a ring of blocks for that
test.  A player with no board play passes; two passes in a row end the game.
Blocks split the board into patches; in each patch, same-sized groups of
opposite colours cancel in pairs and the biggest group left over owns the
patch.  Owned patch sizes are the score; on a tie the last board play loses.
Orange may `swap` on its first turn (the pie rule): the seats exchange
colours and the opener, now Orange, moves next.

Moves: a placement is the square index (row * size + col); a capture move is
the pair (from, to) of square indices; the swap and the pass are the strings
"swap" and "pass".  Notation: `c3`, `c3xf6`, `swap`, `pass`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..core import (BadNotation, Game, Option, Result, grid_neighbours, int_tuple, parse_square,
                    square_name, with_pass_and_swap)

EMPTY, BLUE, ORANGE, BLOCK = 0, 1, 2, 3
COLOUR_NAMES = {BLUE: "Blue", ORANGE: "Orange"}
CELL_NAMES = ("empty", "blue", "orange", "block")
SWAP, PASS = "swap", "pass"
# The eight lines of travel as (column step, row step); rows count up from rank 1.
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
# A rejection sampler draws this many candidates before the playout lists every move.
_PLAYOUT_TRIES = 24

_CAPTURE = re.compile(r"^([a-z][0-9]+)x([a-z][0-9]+)$")
_SQUARE = re.compile(r"^[a-z][0-9]+$")


def enemy_of(colour: int) -> int:
    return BLUE + ORANGE - colour


def a_disk(colour: int) -> str:
    return "an Orange disk" if colour == ORANGE else "a Blue disk"


@dataclass(frozen=True)
class PetrifyState:
    size: int
    board: tuple[int, ...]            # EMPTY/BLUE/ORANGE/BLOCK per square (row * size + col)
    turn: int = BLUE                  # the colour to move
    blue_seat: int = 0                # the seat playing Blue: 0, or 1 after a swap
    ply: int = 0                      # moves made so far, swap and passes included
    passes: int = 0                   # passes made in a row just before this position
    last_mover: int = EMPTY           # the colour that made the last board play, if any
    last: object = None               # the last move, for display
    _moves: list | None = field(default=None, compare=False, repr=False)


# --------------------------------------------------------------------------- formations

@dataclass(frozen=True)
class Formation:
    """A mound or barricade a block on `at` would complete.

    squares: the other board squares that must hold blocks for it;
    ring:    its squares (col, row) on the ring of blocks around the board.
    """

    kind: str                         # "mound" or "barricade"
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

    def _formation(self, kind: str, sq: int, cells: list[tuple[int, int]]) -> Formation | None:
        """The formation made of `cells` (col, row) around `sq`, or None if it runs off the ring."""
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

    def _formations(self, sq: int):
        col, row = sq % self.size, sq // self.size
        for dc in (-1, 0):
            for dr in (-1, 0):
                cells = [(col + dc + i, row + dr + j) for i in (0, 1) for j in (0, 1)]
                yield self._formation("mound", sq, cells)
        for dc, dr in ((1, 1), (1, -1)):
            for start in (-2, -1, 0):
                cells = [(col + dc * k, row + dr * k) for k in range(start, start + 3)]
                found = self._formation("barricade", sq, cells)
                if found is not None:
                    yield found


@lru_cache(maxsize=None)
def tables(size: int) -> Tables:
    return Tables(size)


def formation_made(board, size: int, sq: int) -> Formation | None:
    """The first mound or barricade that a block on `sq` would complete, if any."""
    for formation in tables(size).formations[sq]:
        if all(board[o] == BLOCK for o in formation.squares):
            return formation
    return None


def can_take_block(board, formation_squares) -> bool:
    """True if no formation through the square would be completed (fast form)."""
    for others in formation_squares:
        for o in others:
            if board[o] != BLOCK:
                break
        else:
            return False
    return True


def capture_targets(board, size: int, sq: int) -> list[int]:
    """The enemy disks the disk on `sq` reaches: the first enemy disk on each line before a block."""
    enemy = enemy_of(board[sq])
    targets = []
    for ray in tables(size).rays[sq]:
        for there in ray:
            held = board[there]
            if held == enemy:
                targets.append(there)
                break
            if held == BLOCK:
                break
    return targets


def captures(board, size: int, colour: int) -> list[tuple[int, int]]:
    """Every legal capture move (from, to) for `colour`."""
    t = tables(size)
    rays, forms = t.rays, t.formation_squares
    enemy = enemy_of(colour)
    moves = []
    for sq, held in enumerate(board):
        if held != colour or not can_take_block(board, forms[sq]):
            continue
        for ray in rays[sq]:
            for there in ray:
                v = board[there]
                if v == enemy:
                    moves.append((sq, there))
                    break
                if v == BLOCK:
                    break
    return moves


# --------------------------------------------------------------------------- scoring

@dataclass(frozen=True)
class Patch:
    squares: tuple[int, ...]
    groups: tuple[tuple[int, tuple[int, ...]], ...]   # (colour, squares) of each group in it


def patches(board, size: int) -> list[Patch]:
    """Every patch (maximal orthogonally connected block-free area) with its groups."""
    neighbours = grid_neighbours(size)
    seen = [False] * (size * size)
    found = []
    for start in range(size * size):
        if seen[start] or board[start] == BLOCK:
            continue
        seen[start] = True
        area, stack = [start], [start]
        while stack:
            here = stack.pop()
            for there in neighbours[here]:
                if not seen[there] and board[there] != BLOCK:
                    seen[there] = True
                    area.append(there)
                    stack.append(there)
        found.append(Patch(tuple(sorted(area)), tuple(_groups_in(board, neighbours, area))))
    return found


def _groups_in(board, neighbours, area):
    seen = set()
    for start in sorted(area):
        colour = board[start]
        if start in seen or colour not in (BLUE, ORANGE):
            continue
        seen.add(start)
        group, stack = [start], [start]
        while stack:
            here = stack.pop()
            for there in neighbours[here]:
                if there not in seen and board[there] == colour:
                    seen.add(there)
                    group.append(there)
                    stack.append(there)
        yield colour, tuple(sorted(group))


def leftover_by_size(groups) -> dict[int, int]:
    """size -> Blue groups minus Orange groups of that size, after pairs cancel (zeros dropped)."""
    balance: dict[int, int] = {}
    for colour, squares in groups:
        balance[len(squares)] = balance.get(len(squares), 0) + (1 if colour == BLUE else -1)
    return {s: d for s, d in balance.items() if d}


def patch_owner(groups) -> int:
    """The colour owning a patch with these groups, or EMPTY if nobody does."""
    left = leftover_by_size(groups)
    if not left:
        return EMPTY
    return BLUE if left[max(left)] > 0 else ORANGE


def colour_scores(board, size: int) -> dict[int, int]:
    """Each colour's score if the game ended now."""
    score = {BLUE: 0, ORANGE: 0}
    for patch in patches(board, size):
        owner = patch_owner(patch.groups)
        if owner != EMPTY:
            score[owner] += len(patch.squares)
    return score


# --------------------------------------------------------------------------- the game

class Petrify(Game):
    id = "petrify"
    name = "Petrify"
    options_spec = (
        Option("size", "Board size", "int", 8, lo=6, hi=10,
               help="Squares on a side, from 6 to 10."),
    )

    def _options(self, state):
        return {"size": state.size}

    def _new(self, options):
        size = options["size"]
        return PetrifyState(size, (EMPTY,) * (size * size))

    # ---- seats and colours

    def seat_colour(self, state: PetrifyState, seat: int) -> int:
        return BLUE if seat == state.blue_seat else ORANGE

    def seat_of(self, state: PetrifyState, colour: int) -> int:
        return state.blue_seat if colour == BLUE else 1 - state.blue_seat

    def seat_names(self, state):
        return tuple(COLOUR_NAMES[self.seat_colour(state, seat)] for seat in (0, 1))

    def _to_move(self, state):
        return self.seat_of(state, state.turn)

    # ---- moves

    def _generate(self, state):
        if state.passes >= 2:
            return []
        board = state.board
        moves: list = [sq for sq, held in enumerate(board) if held == EMPTY]
        moves += captures(board, state.size, state.turn)
        return with_pass_and_swap(moves, state.ply, PASS, SWAP)

    def _apply(self, state, move):
        turn = state.turn
        if move == PASS:
            return PetrifyState(state.size, state.board, enemy_of(turn), state.blue_seat,
                                state.ply + 1, state.passes + 1, state.last_mover, PASS)
        if move == SWAP:
            return PetrifyState(state.size, state.board, turn, 1 - state.blue_seat,
                                state.ply + 1, state.passes, state.last_mover, SWAP)
        board = list(state.board)
        if isinstance(move, int):
            board[move] = turn
        else:
            start, end = move
            board[end] = turn
            board[start] = BLOCK
        return PetrifyState(state.size, tuple(board), enemy_of(turn), state.blue_seat,
                            state.ply + 1, 0, turn, move)

    def random_playout(self, state, rng, max_plies=100_000):
        """Uniformly random legal moves to the end, with mutable locals for speed.

        The swap turn goes through the generic path.  After it, each ply draws
        uniformly from a superset of the legal moves (every empty square, and
        every (own disk, direction) pair, which names at most one capture)
        and redraws when the draw is no legal move; after a few misses it lists
        every legal move and draws from that.  Either way each legal move is
        equally likely, exactly as in the generic loop.
        """
        while state.ply <= 1 and max_plies > 0 and state.passes < 2:
            moves = self._legal(state)
            state = self._apply(state, moves[rng.randrange(len(moves))])
            max_plies -= 1
        if max_plies <= 0 or state.passes >= 2:
            return state
        return self._fast_playout(state, rng, max_plies)

    def _fast_playout(self, state, rng, max_plies):
        size = state.size
        t = tables(size)
        rays, forms = t.rays, t.formation_squares
        board = list(state.board)
        empties: list[int] = []
        disks: list[list[int]] = [[], [], []]          # indexed by colour
        where = [0] * (size * size)                    # index of a square in its list
        for sq, held in enumerate(board):
            if held == EMPTY:
                where[sq] = len(empties)
                empties.append(sq)
            elif held != BLOCK:
                where[sq] = len(disks[held])
                disks[held].append(sq)
        turn, passes, last_mover, last = state.turn, state.passes, state.last_mover, state.last
        randrange = rng.randrange
        plies = 0
        while plies < max_plies and passes < 2:
            plies += 1
            mine = disks[turn]
            enemy = BLUE + ORANGE - turn
            n_empty = len(empties)
            total = n_empty + 8 * len(mine)
            move = None
            for _ in range(_PLAYOUT_TRIES if total else 0):
                pick = randrange(total)
                if pick < n_empty:
                    move = empties[pick]
                    break
                pick -= n_empty
                start = mine[pick >> 3]
                for there in rays[start][pick & 7]:
                    held = board[there]
                    if held == enemy:
                        if can_take_block(board, forms[start]):
                            move = (start, there)
                        break
                    if held == BLOCK:
                        break
                if move is not None:
                    break
            else:
                if total:
                    moves = empties + captures(board, size, turn)
                    if moves:
                        move = moves[randrange(len(moves))]
            if move is None:
                passes += 1
                last = PASS
            elif type(move) is int:
                i, tail = where[move], empties.pop()
                if tail != move:
                    empties[i] = tail
                    where[tail] = i
                board[move] = turn
                where[move] = len(mine)
                mine.append(move)
                passes, last_mover, last = 0, turn, move
            else:
                start, end = move
                theirs = disks[enemy]
                i, tail = where[end], theirs.pop()
                if tail != end:
                    theirs[i] = tail
                    where[tail] = i
                i = where[start]
                mine[i] = end
                where[end] = i
                board[end] = turn
                board[start] = BLOCK
                passes, last_mover, last = 0, turn, move
            turn = enemy
        return PetrifyState(size, tuple(board), turn, state.blue_seat, state.ply + plies,
                            passes, last_mover, last)

    # ---- notation

    def _format(self, state, move):
        if move in (PASS, SWAP):
            return move
        if isinstance(move, int):
            return self._square(state, move)
        start, end = move
        return f"{self._square(state, start)}x{self._square(state, end)}"

    @staticmethod
    def _square(state, sq):
        return square_name(sq % state.size, sq // state.size)

    def _decode(self, state, text):
        if text in (PASS, SWAP):
            return text
        size = state.size
        match = _CAPTURE.match(text)
        if match:
            (c1, r1), (c2, r2) = (parse_square(match.group(i), size) for i in (1, 2))
            return (r1 * size + c1, r2 * size + c2)
        if _SQUARE.match(text):
            col, row = parse_square(text, size)
            return row * size + col
        raise BadNotation(f"'{text}' is not a Petrify move (write a placement like c3, "
                          "a capture move like c3xf6, or swap, or pass)")

    # ---- reasons

    def _why_illegal(self, state, move):
        me = COLOUR_NAMES[state.turn]
        if move == PASS:
            example = self._legal(state)[0]
            return (f"{me} still has a board play (for example {self._format(state, example)}), "
                    "and passing is only allowed without one")
        if move == SWAP:
            if state.ply == 0:
                return "only Orange may swap, on its first turn (after Blue's first move)"
            return "the swap is only allowed on Orange's first turn, which has gone"
        n = state.size * state.size
        if isinstance(move, int) and not isinstance(move, bool) and 0 <= move < n:
            return f"{self._square(state, move)} is not empty (it holds {self._holding(state, move)})"
        if int_tuple(move, 2, n):
            return self._why_not_capture(state, *move)
        return "that is not a Petrify move"

    def _holding(self, state, sq):
        held = state.board[sq]
        return "a block" if held == BLOCK else a_disk(held)

    def _why_not_capture(self, state, start, end):
        board, size, me = state.board, state.size, state.turn

        def name(sq):
            return self._square(state, sq)

        theirs = COLOUR_NAMES[enemy_of(me)]
        if board[start] != me:
            if board[start] == EMPTY:
                return f"there is no disk on {name(start)} to move"
            return f"{name(start)} holds {self._holding(state, start)}, not {a_disk(me)}"
        dc = end % size - start % size
        dr = end // size - start // size
        if start == end:
            return "a capture move must go somewhere"
        if dc and dr and abs(dc) != abs(dr):
            return (f"{name(start)} and {name(end)} are not on one straight line "
                    "(a capture move goes orthogonally or diagonally)")
        steps = max(abs(dc), abs(dr))
        step = (dc // steps) + (dr // steps) * size
        for k in range(1, steps):
            here = start + k * step
            if board[here] == BLOCK:
                return f"the block on {name(here)} is in the way"
            if board[here] == enemy_of(me):
                return (f"the {theirs} disk on {name(here)} is in the way "
                        "(a capture move stops at the first enemy disk)")
        if board[end] != enemy_of(me):
            if board[end] == EMPTY:
                return (f"{name(end)} is empty: a capture move must end on {a_disk(enemy_of(me))} "
                        f"(to place a disk there, play {name(end)})")
            return (f"{name(end)} holds {self._holding(state, end)}: "
                    f"a capture move must end on {a_disk(enemy_of(me))}")
        formation = formation_made(board, size, start)
        if formation is not None:
            return (f"the block left on {name(start)} would make "
                    f"{self.describe_formation(state, formation)}, which is not allowed")
        return "the rules do not allow it here"

    def describe_formation(self, state, formation: Formation) -> str:
        """E.g. 'a mound (2×2 blocks) with the block on c1 and the ring of blocks around the board'."""
        kind = ("a mound (four blocks in a 2×2 square)" if formation.kind == "mound"
                else "a barricade (three blocks in a diagonal row)")
        parts = []
        if formation.squares:
            names = [self._square(state, sq) for sq in formation.squares]
            listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            parts.append(("the block on " if len(names) == 1 else "the blocks on ") + listed)
        if formation.ring:
            parts.append("the ring of blocks around the board")
        return f"{kind} with {' and '.join(parts)}"

    # ---- score and end

    def _colour_scores(self, state):
        return colour_scores(state.board, state.size)

    def _scores(self, state):
        score = self._colour_scores(state)
        return tuple(score[self.seat_colour(state, seat)] for seat in (0, 1))

    def _result(self, state):
        if state.passes < 2:
            return None
        score = self._colour_scores(state)
        blue, orange = score[BLUE], score[ORANGE]
        if blue != orange:
            winner = BLUE if blue > orange else ORANGE
            reason = "Both players passed"
        else:
            winner = enemy_of(state.last_mover)
            reason = (f"Both players passed at {blue}–{orange}; "
                      f"{COLOUR_NAMES[state.last_mover]} made the last board play and loses the tie")
        seat_scores = tuple(score[self.seat_colour(state, seat)] for seat in (0, 1))
        return Result((self.seat_of(state, winner),), seat_scores, reason)

    def evaluate(self, state) -> tuple[float, ...]:
        """Each seat's rough chance to win, from the live score and how full the board is."""
        result = self._result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in (0, 1))
        score = self._colour_scores(state)
        area = state.size * state.size
        filled = 1 - state.board.count(EMPTY) / area
        # Early on one patch holds everything and the lead flips often; trust it more later.
        steepness = 1 + 11 * filled * filled
        margin = (score[BLUE] - score[ORANGE]) / area
        blue = 1 / (1 + math.exp(-steepness * margin))
        return tuple(blue if self.seat_colour(state, seat) == BLUE else 1 - blue
                     for seat in (0, 1))

    # ---- display

    def view(self, state):
        size, board = state.size, state.board
        score = self._colour_scores(state)
        result = self._result(state)
        return {
            "size": size,
            "cells": [CELL_NAMES[held] for held in board],
            "square_names": [self._square(state, sq) for sq in range(size * size)],
            "colours": ("Blue", "Orange"),
            "seat_colours": self.seat_names(state),
            "turn": COLOUR_NAMES[state.turn],
            "to_move": self._to_move(state),
            "ply": state.ply,
            "last": self._last_view(state),
            "counts": {"Blue": board.count(BLUE), "Orange": board.count(ORANGE),
                       "blocks": board.count(BLOCK), "empty": board.count(EMPTY)},
            "scores": {"Blue": score[BLUE], "Orange": score[ORANGE]},
            "seat_scores": tuple(score[self.seat_colour(state, seat)] for seat in (0, 1)),
            "patches": [self._patch_view(state, patch) for patch in patches(board, size)],
            "captures": self._captures_view(state) if result is None else {},
            "can_swap": result is None and state.ply == 1,
            "must_pass": result is None and self._legal(state) == [PASS],
            "passes": state.passes,
            "last_board_play": COLOUR_NAMES.get(state.last_mover),
            "result": None if result is None else {
                "winners": result.winners, "scores": result.scores, "reason": result.reason},
        }

    def _last_view(self, state):
        move = state.last
        if move is None or move in (PASS, SWAP):
            return {"kind": move or "none", "squares": [], "block": None}
        if isinstance(move, int):
            return {"kind": "place", "squares": [move], "block": None}
        return {"kind": "capture", "squares": [move[0], move[1]], "block": move[0]}

    def _captures_view(self, state):
        """For each disk of the player to move that reaches an enemy disk: its targets,
        and the formation (if any) that makes every capture from it illegal."""
        board, size = state.board, state.size
        out = {}
        for sq, held in enumerate(board):
            if held != state.turn:
                continue
            targets = capture_targets(board, size, sq)
            if not targets:
                continue
            formation = formation_made(board, size, sq)
            out[sq] = {
                "targets": targets,
                "legal": formation is None,
                "formation": None if formation is None else {
                    "kind": formation.kind,
                    "squares": list(formation.squares),
                    "ring": [list(cell) for cell in formation.ring],
                    "text": self.describe_formation(state, formation),
                },
            }
        return out

    def _patch_view(self, state, patch: Patch):
        """A patch and its reckoning: which groups cancel in pairs, which are left, who wins it."""
        by_size: dict[int, dict[int, list]] = {}
        for colour, squares in patch.groups:
            by_size.setdefault(len(squares), {BLUE: [], ORANGE: []})[colour].append(squares)
        groups, cancelled, leftover = [], [], []
        for size in sorted(by_size, reverse=True):
            blue, orange = by_size[size][BLUE], by_size[size][ORANGE]
            pairs = min(len(blue), len(orange))
            if pairs:
                cancelled.append({"size": size, "pairs": pairs})
            for colour, same in ((BLUE, blue), (ORANGE, orange)):
                if len(same) > pairs:
                    leftover.append({"colour": COLOUR_NAMES[colour], "size": size,
                                     "count": len(same) - pairs})
                for i, squares in enumerate(same):
                    groups.append({"colour": COLOUR_NAMES[colour], "size": size,
                                   "squares": list(squares),
                                   "fate": "cancelled" if i < pairs else "left"})
        owner = patch_owner(patch.groups)
        if leftover:
            best = leftover[0]["size"]
            for group in groups:
                if group["fate"] == "left" and group["size"] == best:
                    group["fate"] = "wins"
        return {
            "squares": list(patch.squares),
            "size": len(patch.squares),
            "owner": COLOUR_NAMES.get(owner),
            "groups": groups,
            "cancelled": cancelled,
            "leftover": leftover,
            "summary": self._patch_summary(patch, owner, cancelled, leftover),
        }

    @staticmethod
    def _patch_summary(patch, owner, cancelled, leftover):
        area = (f"these {len(patch.squares)} squares" if len(patch.squares) > 1
                else "this square")
        if not patch.groups:
            return f"no disks in {area}: nobody owns it"
        parts = [f"{c['pairs']} pair{'s' if c['pairs'] > 1 else ''} of size {c['size']} cancel"
                 for c in cancelled]
        if owner == EMPTY:
            parts.append("nothing is left, so nobody owns it")
        else:
            best = leftover[0]
            parts.append(f"{best['colour']}'s group of {best['size']} is the biggest left: "
                         f"{best['colour']} owns {area}")
        return "; ".join(parts)


GAME = Petrify()
