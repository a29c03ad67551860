"""Wythe (Luis Bolaños Mures): stack black-and-white dominoes, win by group sizes.

Rules: web/rules/wythe.html.  Two players, Black and White, lay identical
2×1 pieces (one black bit, one white bit) on an N×N board.  A piece covers two
adjacent empty squares, or two adjacent stacks of equal height whose tops
differ in colour (the black bit goes onto the white top), and never lies
exactly on one piece nor covers a piece that is already half-covered: every
piece keeps a bit uncovered.  A player with no placement must pass; two passes
in a row end the game (Termination.BOTH_PASSED).  A colour's score is the largest
group size s at which it has more groups than the other colour (0 if none); the
higher score wins, and at 0–0 the colour that made the last placement loses.  Pie rule: on
White's first turn White may `swap`, and the seat that opened then owns White.

A placement is a `Placement(black, white)`: the squares (row * size + col) of its
black and white bits, written `c3d3`; the other moves are core's PASS and SWAP.
Which placements a pair of squares allows is decided in one place, `pair_mask`,
for the move list here and for the fast playout (knowledge.py) alike.

Reason codes of `_why_illegal` (Game.check's verdicts):
    no-swap          a swap other than on White's first turn
    no-pass          a pass while a placement is possible
    not-a-move       not a placement, swap or pass at all (e.g. a square off the board)
    same-square      both bits on one square
    not-adjacent     the two squares are not orthogonal neighbours
    unequal-heights  an empty square with a stack, or two stacks of different heights
    like-on-like     a bit onto a top of its own colour
    on-one-piece     exactly on top of one piece
    frozen           onto a piece that is already half-covered
    illegal          none of these (not expected: every refusal above has its own code)
and core's game-over once the game has ended.

Text that is not a move raises BadNotation with the code not-a-move, or core's (Game.parse's
not-text, empty and too-long, and a square's not-a-square and off-board).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ...contract.core import Game
from ...contract.errors import BadNotation, Verdict, refusal
from ...contract.groups import connected_groups, grid_neighbours
from ...contract.moves import PASS, SWAP, int_tuple, swapped_pair, with_pass_and_swap
from ...contract.options import Option
from ...contract.result import Result, Termination
from ...contract.squares import parse_square, split_square_prefix, square_name
from ...contract.view import View

BLACK, WHITE, EMPTY = 0, 1, -1
COLOURS = ("Black", "White")
MIN_SIZE, MAX_SIZE, DEFAULT_SIZE = 6, 12, 8


class Placement(NamedTuple):
    """A piece laid on two adjacent squares (row * size + col): its black bit's and its
    white bit's."""

    black: int
    white: int


Move = Placement | str  # a placement, PASS or SWAP


@dataclass(frozen=True)
class WytheState:
    size: int
    heights: tuple[int, ...]  # bits on each square (row * size + col)
    tops: tuple[int, ...]  # colour of each square's top bit, EMPTY if none
    top_piece: tuple[int, ...]  # index in `pieces` of the piece on top, -1 if none
    pieces: tuple[Placement, ...]  # in placement order
    covered: tuple[int, ...]  # per piece: 1 once one of its bits is covered
    swapped: bool = False  # the seats swapped colours: seat 1 owns Black
    colour_to_move: int = BLACK
    ply: int = 0  # moves made, swap and passes included
    passes: int = 0  # passes in a row just made
    last: Placement | str | None = None  # the last move, for display
    _moves: tuple | None = field(default=None, compare=False, repr=False)


# --------------------------------------------------------------------------- the rule of a pair


class PairTable(NamedTuple):
    """A board's adjacent square pairs and the placements on them, made once per size.

    pairs:      the pairs (u, v), u < v; pair e's placements have codes 2e (black bit on
                u) and 2e + 1 (black bit on v).
    incident:   per square, the indices of its pairs.
    around:     per code, the indices of the pairs that share a square with its placement's
                (itself too), for the fast playout: in the order of a set of them, as it once
                built them (so a seeded playout still plays the same games).
    placements: per code, its Placement.
    choices:    per pair, its placements for each value of pair_mask (0 to 3), in code order.
    """

    pairs: tuple[tuple[int, int], ...]
    incident: tuple[tuple[int, ...], ...]
    around: tuple[tuple[int, ...], ...]
    placements: tuple[Placement, ...]
    choices: tuple[tuple[tuple[Placement, ...], ...], ...]


_PAIRS: dict[int, PairTable] = {}

BLACK_ON_U, BLACK_ON_V = 1, 2  # the bits of pair_mask (written as numbers there: faster)


def pair_table(size: int) -> PairTable:
    if size not in _PAIRS:
        neighbours = grid_neighbours(size)
        pairs = tuple((u, v) for u in range(size * size) for v in neighbours[u] if u < v)
        incident: list[list[int]] = [[] for _ in range(size * size)]
        for index, (u, v) in enumerate(pairs):
            incident[u].append(index)
            incident[v].append(index)
        codes = tuple(Placement(*ends) for u, v in pairs for ends in ((u, v), (v, u)))
        around = tuple(
            tuple({e for square in {black, white} for e in incident[square]})
            for black, white in codes
        )
        choices = tuple(
            ((), (codes[2 * e],), (codes[2 * e + 1],), codes[2 * e : 2 * e + 2])
            for e in range(len(pairs))
        )
        _PAIRS[size] = PairTable(pairs, tuple(tuple(i) for i in incident), around, codes, choices)
    return _PAIRS[size]


def pair_mask(u: int, v: int, heights, tops, top_piece, covered) -> int:
    """The placements the rules allow on the adjacent squares u and v: BLACK_ON_U (the
    black bit on u, the white on v), BLACK_ON_V, both (two empty squares) or 0.

    Equal heights; on stacks, the black bit onto the white top (tops differ, so one
    orientation), two different pieces below, neither of them half-covered yet."""
    height = heights[u]
    if height != heights[v]:
        return 0
    if height == 0:
        return 3  # BLACK_ON_U | BLACK_ON_V
    top_u = tops[u]
    if top_u == tops[v]:
        return 0
    p, q = top_piece[u], top_piece[v]
    if p == q or covered[p] or covered[q]:
        return 0
    return 1 if top_u == WHITE else 2  # BLACK_ON_U (onto the white top) or BLACK_ON_V


def placements(state: WytheState) -> list[Placement]:
    """Every legal placement, in a fixed order (by square pair, then orientation)."""
    heights, tops, top_piece, covered = state.heights, state.tops, state.top_piece, state.covered
    table = pair_table(state.size)
    moves: list[Placement] = []
    for (u, v), choice in zip(table.pairs, table.choices, strict=True):
        mask = pair_mask(u, v, heights, tops, top_piece, covered)
        if mask:
            moves += choice[mask]
    return moves


def name(size: int, square: int) -> str:
    return square_name(square % size, square // size)


def other_half(pieces, piece: int, square: int) -> int:
    black_sq, white_sq = pieces[piece]
    return white_sq if square == black_sq else black_sq


# --------------------------------------------------------------------------- scoring


def groups_of(size: int, tops) -> list[list[int]]:
    """Maximal orthogonally connected sets of stacks with one top colour."""
    return connected_groups(
        [i for i, c in enumerate(tops) if c != EMPTY], grid_neighbours(size), tops
    )


def size_counts(size: int, tops) -> tuple[Counter, Counter]:
    """Per colour: group size -> number of groups of that size."""
    counts: tuple[Counter, Counter] = (Counter(), Counter())
    for group in groups_of(size, tops):
        counts[tops[group[0]]][len(group)] += 1
    return counts


def deciding_size(mine: Counter, theirs: Counter) -> int:
    """The largest size at which `mine` has more groups than `theirs`, or 0."""
    return max((s for s, n in mine.items() if n > theirs.get(s, 0)), default=0)


def colour_scores(size: int, tops) -> tuple[int, int]:
    """(Black's score, White's score) on a board of top colours."""
    black, white = size_counts(size, tops)
    return deciding_size(black, white), deciding_size(white, black)


def last_placer(state: WytheState) -> int | None:
    """The colour that made the last placement (placements alternate, Black first)."""
    if not state.pieces:
        return None
    return BLACK if len(state.pieces) % 2 == 1 else WHITE


# --------------------------------------------------------------------------- what the board shows


class WytheCell(NamedTuple):
    """One square as the board shows it."""

    square: str  # its name, e.g. "c3"
    col: int
    row: int
    height: int  # bits in its stack (0: empty)
    top: int  # the colour of the top bit (BLACK, WHITE), EMPTY if none
    stack: tuple[int, ...]  # the colours of its bits, bottom first
    piece: int  # the piece on top (its index in placement order), -1 if none
    partner: int  # the square of that piece's other half, -1 if none
    frozen: bool  # that piece is half-covered: this bit stays forever
    group: int  # its group's index in WytheView.groups, -1 if empty


class WytheGroup(NamedTuple):
    squares: tuple[int, ...]  # ascending
    colour: int
    size: int


class SizeCount(NamedTuple):
    """How many groups of one size each colour has."""

    size: int
    black: int
    white: int


@dataclass(frozen=True, kw_only=True)
class WytheView(View):
    """cells: a WytheCell per square (row * size + col); last: the last placement's
    squares, black then white (empty after a pass or swap)."""

    cells: tuple[WytheCell, ...]
    groups: tuple[WytheGroup, ...]  # ordered by their lowest square
    by_size: tuple[SizeCount, ...]  # every group size on the board, largest first
    colour_scores: tuple[int, int]  # Black's score, White's score
    swapped: bool  # the seats swapped colours (pie rule)
    seat_colours: tuple[int, int]  # the colour each seat plays


def wythe_view(state: WytheState, core: dict) -> WytheView:
    """The view of `state`, given the common fields (Game.view_core)."""
    size, tops = state.size, state.tops
    stacks: list[list[int]] = [[] for _ in range(size * size)]
    for black_sq, white_sq in state.pieces:
        stacks[black_sq].append(BLACK)
        stacks[white_sq].append(WHITE)
    group_of = [-1] * (size * size)
    groups = []
    counts: tuple[Counter, Counter] = (Counter(), Counter())
    for index, group in enumerate(sorted(groups_of(size, tops), key=min)):
        for square in group:
            group_of[square] = index
        colour = tops[group[0]]
        groups.append(WytheGroup(tuple(sorted(group)), colour, len(group)))
        counts[colour][len(group)] += 1
    cells = []
    for sq in range(size * size):
        piece = state.top_piece[sq]
        cells.append(
            WytheCell(
                name(size, sq),
                sq % size,
                sq // size,
                state.heights[sq],
                tops[sq],
                tuple(stacks[sq]),
                piece,
                other_half(state.pieces, piece, sq) if piece >= 0 else -1,
                piece >= 0 and bool(state.covered[piece]),
                group_of[sq],
            )
        )
    black, white = counts
    return WytheView(
        **core,
        width=size,
        height=size,
        cells=tuple(cells),
        last=tuple(state.last) if isinstance(state.last, tuple) else (),
        groups=tuple(groups),
        by_size=tuple(
            SizeCount(s, black.get(s, 0), white.get(s, 0))
            for s in sorted(set(black) | set(white), reverse=True)
        ),
        colour_scores=(deciding_size(black, white), deciding_size(white, black)),
        swapped=state.swapped,
        seat_colours=(swapped_pair(0, state.swapped), swapped_pair(1, state.swapped)),
    )


# --------------------------------------------------------------------------- why not here
# Each rule of a placement (web/rules/wythe.html, "Turns"): the refusal of a placement that
# breaks it, else None.  They are asked in this order, each assuming the ones before it hold.


def _why_not_a_pair(size: int, black_sq: int, white_sq: int) -> Verdict | None:
    """A piece covers two different, orthogonally adjacent squares."""
    if black_sq == white_sq:
        return refusal("same-square", "a piece covers two different squares")
    if white_sq not in grid_neighbours(size)[black_sq]:
        a, b = name(size, black_sq), name(size, white_sq)
        return refusal(
            "not-adjacent",
            f"{a} and {b} are not adjacent: a piece covers two orthogonally adjacent squares",
        )
    return None


def _why_not_level(state: WytheState, black_sq: int, white_sq: int) -> Verdict | None:
    """Equal height: two empty squares, or two stacks of the same height."""
    ha, hb = state.heights[black_sq], state.heights[white_sq]
    if ha == hb:
        return None
    a, b = name(state.size, black_sq), name(state.size, white_sq)
    if 0 in (ha, hb):
        empty, stack = (a, b) if ha == 0 else (b, a)
        return refusal(
            "unequal-heights",
            f"{empty} is empty but {stack} holds a stack: "
            "a piece covers two empty squares or two stacks of the same height",
        )
    return refusal(
        "unequal-heights",
        f"{a} is {ha} high but {b} is {hb} high: a piece covers two stacks of the same height",
    )


def _why_like_on_like(state: WytheState, black_sq: int, white_sq: int) -> Verdict | None:
    """No like-on-like: the black bit not on a black top, the white bit not on a white one."""
    if state.tops[black_sq] == BLACK:
        return refusal(
            "like-on-like",
            f"the black bit would land on the black top at {name(state.size, black_sq)} "
            "(no like-on-like)",
        )
    if state.tops[white_sq] == WHITE:
        return refusal(
            "like-on-like",
            f"the white bit would land on the white top at {name(state.size, white_sq)} "
            "(no like-on-like)",
        )
    return None


def _why_not_kept_uncovered(state: WytheState, black_sq: int, white_sq: int) -> Verdict | None:
    """Every piece keeps a bit uncovered: never exactly on one piece, never on a piece that is
    already half-covered."""
    p, q = state.top_piece[black_sq], state.top_piece[white_sq]
    if p == q:
        return refusal(
            "on-one-piece",
            f"it would lie exactly on the piece at {name(state.size, black_sq)}"
            f"{name(state.size, white_sq)}: every piece must keep a bit uncovered",
        )
    for square, piece in ((black_sq, p), (white_sq, q)):
        if state.covered[piece]:
            return refusal(
                "frozen",
                f"{name(state.size, square)} is frozen: its piece is already "
                "half-covered and must keep that bit uncovered",
            )
    return None


# --------------------------------------------------------------------------- the game


class Wythe(Game[WytheState, Move]):
    id = "wythe"
    name = "Wythe"
    options_spec = (
        Option(
            "size",
            "Board size",
            "int",
            DEFAULT_SIZE,
            lo=MIN_SIZE,
            hi=MAX_SIZE,
            help="Squares on a side, from 6 to 12.",
        ),
    )

    def _options(self, state: WytheState) -> dict:
        return {"size": state.size}

    # ---- state and seats

    def _new(self, options: dict) -> WytheState:
        size = options["size"]
        cells = size * size
        return WytheState(size, (0,) * cells, (EMPTY,) * cells, (-1,) * cells, (), ())

    def seat_names(self, state: WytheState) -> tuple[str, ...]:
        return tuple(COLOURS[swapped_pair(seat, state.swapped)] for seat in (0, 1))

    def _to_move(self, state: WytheState) -> int:
        return swapped_pair(state.colour_to_move, state.swapped)

    # ---- moves

    def _generate(self, state: WytheState) -> list:
        if state.passes >= 2:
            return []
        return with_pass_and_swap(placements(state), state.ply, PASS, SWAP)

    def _apply(self, state: WytheState, move: Move) -> WytheState:
        if isinstance(move, str):
            return self._apply_word(state, move)
        black_sq, white_sq = move
        if type(move) is not Placement:
            move = Placement(black_sq, white_sq)
        covered = list(state.covered)
        if state.heights[black_sq]:
            covered[state.top_piece[black_sq]] = 1
            covered[state.top_piece[white_sq]] = 1
        piece = len(state.pieces)
        covered.append(0)
        heights, tops, top_piece = list(state.heights), list(state.tops), list(state.top_piece)
        heights[black_sq] += 1
        heights[white_sq] += 1
        tops[black_sq], tops[white_sq] = BLACK, WHITE
        top_piece[black_sq] = top_piece[white_sq] = piece
        return WytheState(
            state.size,
            tuple(heights),
            tuple(tops),
            tuple(top_piece),
            state.pieces + (move,),  # noqa: RUF005  # twice as fast as unpacking: search's path
            tuple(covered),
            state.swapped,
            1 - state.colour_to_move,
            state.ply + 1,
            0,
            move,
        )

    @staticmethod
    def _apply_word(state: WytheState, move: str) -> WytheState:
        if move == SWAP:
            return WytheState(
                state.size,
                state.heights,
                state.tops,
                state.top_piece,
                state.pieces,
                state.covered,
                not state.swapped,
                state.colour_to_move,
                state.ply + 1,
                0,
                SWAP,
            )
        if move == PASS:
            return WytheState(
                state.size,
                state.heights,
                state.tops,
                state.top_piece,
                state.pieces,
                state.covered,
                state.swapped,
                1 - state.colour_to_move,
                state.ply + 1,
                state.passes + 1,
                PASS,
            )
        raise ValueError(f"{move!r} is not a Wythe move")

    def _why_illegal(self, state: WytheState, move: Any) -> Verdict:
        if move == SWAP:
            return refusal(
                "no-swap", "a swap is only allowed on White's first turn, instead of a placement"
            )
        if move == PASS:
            example = placements(state)
            if example:
                return refusal(
                    "no-pass",
                    f"you may pass only when no placement is possible "
                    f"(for example {self._format(state, example[0])} is)",
                )
            return refusal("no-pass", "the rules do not allow a pass here")
        if not int_tuple(move, 2, state.size**2):
            return refusal(
                "not-a-move", "that is not a Wythe move (a placement like c3d3, swap or pass)"
            )
        black_sq, white_sq = move
        return self._why_placement_illegal(state, black_sq, white_sq)

    def _why_placement_illegal(self, state: WytheState, black_sq: int, white_sq: int) -> Verdict:
        """The first rule of a placement (web/rules/wythe.html, "Turns") that one with its
        black bit on `black_sq` and its white bit on `white_sq` breaks."""
        verdict = (
            _why_not_a_pair(state.size, black_sq, white_sq)
            or _why_not_level(state, black_sq, white_sq)
            or _why_like_on_like(state, black_sq, white_sq)
            or _why_not_kept_uncovered(state, black_sq, white_sq)
        )
        return verdict or refusal("illegal", "the rules do not allow it here")

    # ---- notation

    def _format(self, state: WytheState, move: Move) -> str:
        if isinstance(move, str):
            return move
        black_sq, white_sq = move
        return name(state.size, black_sq) + name(state.size, white_sq)

    def _decode(self, state: WytheState, text: str) -> Move:
        if text in (SWAP, PASS):
            return text
        first, rest = split_square_prefix(text)
        if not rest:
            raise BadNotation(
                f"'{text}' is not a move: write a placement as the black bit's "
                "square then the white bit's, like c3d3, or swap, or pass",
                code="not-a-move",
            )
        black, white = (parse_square(part, state.size) for part in (first, rest))
        return Placement(black[1] * state.size + black[0], white[1] * state.size + white[0])

    # ---- score and end

    def colour_scores(self, state: WytheState) -> tuple[int, int]:
        """(Black's score, White's score) on the current position."""
        return colour_scores(state.size, state.tops)

    def _scores(self, state: WytheState) -> tuple[int, ...]:
        by_colour = self.colour_scores(state)
        return tuple(by_colour[swapped_pair(seat, state.swapped)] for seat in (0, 1))

    def _result(self, state: WytheState) -> Result | None:
        if state.passes < 2:
            return None
        black, white = self.colour_scores(state)
        scores = self._scores(state)
        if black != white:
            winner = BLACK if black > white else WHITE
            reason = "Both players passed"
            return Result(
                (swapped_pair(winner, state.swapped),), scores, Termination.BOTH_PASSED, reason
            )
        loser = last_placer(state)
        if loser is None:
            return Result(
                (0, 1),
                scores,
                Termination.BOTH_PASSED,
                "Both players passed without a placement: a draw",
            )
        reason = (
            f"Both players passed at {black}–{white}: {COLOURS[loser]} made the last "
            f"placement and loses"
        )
        return Result(
            (swapped_pair(1 - loser, state.swapped),), scores, Termination.BOTH_PASSED, reason
        )

    # ---- display

    def view(self, state: WytheState) -> WytheView:
        return wythe_view(state, self.view_core(state))
