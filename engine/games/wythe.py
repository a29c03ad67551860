"""Wythe (Luis Bolaños Mures): stack black-and-white dominoes, win by group sizes.

Rules: shared/rules/wythe.md.  Two players, Black and White, lay identical
2×1 pieces (one black bit, one white bit) on an N×N board.  A piece covers two
adjacent empty squares, or two adjacent stacks of equal height whose tops
differ in colour (the black bit goes onto the white top), and never lies
exactly on one piece nor covers a piece that is already half-covered: every
piece keeps a bit uncovered.  A player with no placement must pass; two passes
in a row end the game.  A colour's score is the largest group size s at which
it has more groups than the other colour (0 if none); the higher score wins,
and at 0–0 the colour that made the last placement loses.  Pie rule: on
White's first turn White may `swap`, and the seat that opened then owns White.

A placement is (black square, white square), squares indexed row * size + col,
written `c3d3`; the other moves are the strings "swap" and "pass".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..core import (BadNotation, Game, Option, Result, connected_groups, grid_neighbours,
                    int_tuple, parse_square, split_square_prefix, square_name, with_pass_and_swap)

BLACK, WHITE, EMPTY = 0, 1, -1
COLOURS = ("Black", "White")
SWAP, PASS = "swap", "pass"
MIN_SIZE, MAX_SIZE, DEFAULT_SIZE = 6, 12, 8


@dataclass(frozen=True)
class WytheState:
    size: int
    heights: tuple[int, ...]                 # bits on each square (row * size + col)
    tops: tuple[int, ...]                    # colour of each square's top bit, EMPTY if none
    top_piece: tuple[int, ...]               # index in `pieces` of the piece on top, -1 if none
    pieces: tuple[tuple[int, int], ...]      # (black square, white square), in placement order
    covered: tuple[int, ...]                 # per piece: 1 once one of its bits is covered
    black_seat: int = 0                      # the seat that owns Black (1 after a swap)
    colour_to_move: int = BLACK
    ply: int = 0                             # moves made, swap and passes included
    passes: int = 0                          # passes in a row just made
    last: tuple | str | None = None          # the last move, for display
    _moves: list | None = field(default=None, compare=False, repr=False)


# --------------------------------------------------------------------------- board geometry

_PAIRS: dict[int, tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]]] = {}


def pair_table(size: int):
    """The adjacent square pairs (u < v) of the board and, per square, its pairs' indices."""
    if size not in _PAIRS:
        neighbours = grid_neighbours(size)
        pairs = tuple((u, v) for u in range(size * size) for v in neighbours[u] if u < v)
        incident: list[list[int]] = [[] for _ in range(size * size)]
        for index, (u, v) in enumerate(pairs):
            incident[u].append(index)
            incident[v].append(index)
        _PAIRS[size] = (pairs, tuple(tuple(i) for i in incident))
    return _PAIRS[size]


def name(size: int, square: int) -> str:
    return square_name(square % size, square // size)


def other_half(pieces, piece: int, square: int) -> int:
    black_sq, white_sq = pieces[piece]
    return white_sq if square == black_sq else black_sq


def pair_moves(u, v, heights, tops, top_piece, covered):
    """The legal placements on the adjacent squares u and v, as (black, white) tuples."""
    height = heights[u]
    if height != heights[v]:
        return ()
    if height == 0:
        return ((u, v), (v, u))
    top_u = tops[u]
    if top_u == tops[v]:
        return ()
    p, q = top_piece[u], top_piece[v]
    if p == q or covered[p] or covered[q]:
        return ()
    return ((u, v),) if top_u == WHITE else ((v, u),)


def placements(state: WytheState) -> list[tuple[int, int]]:
    """Every legal placement, in a fixed order (by square pair, then orientation)."""
    heights, tops, top_piece, covered = state.heights, state.tops, state.top_piece, state.covered
    moves: list[tuple[int, int]] = []
    for u, v in pair_table(state.size)[0]:
        moves.extend(pair_moves(u, v, heights, tops, top_piece, covered))
    return moves


# --------------------------------------------------------------------------- scoring

def groups_of(size: int, tops) -> list[list[int]]:
    """Maximal orthogonally connected sets of stacks with one top colour."""
    return connected_groups((i for i, c in enumerate(tops) if c != EMPTY), grid_neighbours(size),
                            lambda a, b: tops[a] == tops[b])


def size_counts(size: int, tops) -> tuple[Counter, Counter]:
    """Per colour: group size -> number of groups of that size."""
    counts = (Counter(), Counter())
    for group in groups_of(size, tops):
        counts[tops[group[0]]][len(group)] += 1
    return counts


def deciding_size(mine: Counter, theirs: Counter) -> int:
    """The largest size at which `mine` has more groups than `theirs`, or 0."""
    return max((s for s, n in mine.items() if n > theirs.get(s, 0)), default=0)


def score_of_groups(black_sizes, white_sizes) -> tuple[int, int]:
    """(Black's score, White's score) for two lists of group sizes."""
    black, white = Counter(black_sizes), Counter(white_sizes)
    return deciding_size(black, white), deciding_size(white, black)


def colour_scores(size: int, tops) -> tuple[int, int]:
    """(Black's score, White's score) on a board of top colours."""
    black, white = size_counts(size, tops)
    return deciding_size(black, white), deciding_size(white, black)


# --------------------------------------------------------------------------- the game

class Wythe(Game):
    id = "wythe"
    name = "Wythe"
    options_spec = (
        Option("size", "Board size", "int", DEFAULT_SIZE, lo=MIN_SIZE, hi=MAX_SIZE,
               help="Squares on a side, from 6 to 12."),
    )

    def _options(self, state):
        return {"size": state.size}

    # ---- state and seats

    def _new(self, options):
        size = options["size"]
        cells = size * size
        return WytheState(size, (0,) * cells, (EMPTY,) * cells, (-1,) * cells, (), ())

    def seat_of(self, state: WytheState, colour: int) -> int:
        return state.black_seat if colour == BLACK else 1 - state.black_seat

    def colour_of(self, state: WytheState, seat: int) -> int:
        return BLACK if seat == state.black_seat else WHITE

    def seat_names(self, state):
        return tuple(COLOURS[self.colour_of(state, seat)] for seat in (0, 1))

    def _to_move(self, state):
        return self.seat_of(state, state.colour_to_move)

    # ---- moves

    def _generate(self, state):
        if state.passes >= 2:
            return []
        return with_pass_and_swap(placements(state), state.ply, PASS, SWAP)

    def _apply(self, state, move):
        if move == SWAP:
            return WytheState(state.size, state.heights, state.tops, state.top_piece, state.pieces,
                              state.covered, 1 - state.black_seat, state.colour_to_move,
                              state.ply + 1, 0, SWAP)
        if move == PASS:
            return WytheState(state.size, state.heights, state.tops, state.top_piece, state.pieces,
                              state.covered, state.black_seat, 1 - state.colour_to_move,
                              state.ply + 1, state.passes + 1, PASS)
        black_sq, white_sq = move
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
        return WytheState(state.size, tuple(heights), tuple(tops), tuple(top_piece),
                          state.pieces + ((black_sq, white_sq),), tuple(covered),
                          state.black_seat, 1 - state.colour_to_move, state.ply + 1, 0,
                          (black_sq, white_sq))

    def _why_illegal(self, state, move):
        if move == SWAP:
            return "a swap is only allowed on White's first turn, instead of a placement"
        if move == PASS:
            example = placements(state)
            if example:
                return (f"you may pass only when no placement is possible "
                        f"(for example {self._format(state, example[0])} is)")
            return "the rules do not allow a pass here"
        if not int_tuple(move, 2, state.size ** 2):
            return "that is not a Wythe move (a placement like c3d3, swap or pass)"
        return self._why_placement_illegal(state, *move)

    def _why_placement_illegal(self, state, black_sq, white_sq):
        size = state.size
        a, b = name(size, black_sq), name(size, white_sq)
        if black_sq == white_sq:
            return "a piece covers two different squares"
        if white_sq not in grid_neighbours(size)[black_sq]:
            return f"{a} and {b} are not adjacent: a piece covers two orthogonally adjacent squares"
        ha, hb = state.heights[black_sq], state.heights[white_sq]
        if ha != hb:
            if 0 in (ha, hb):
                empty, stack = (a, b) if ha == 0 else (b, a)
                return (f"{empty} is empty but {stack} holds a stack: a piece covers two empty "
                        "squares or two stacks of the same height")
            return (f"{a} is {ha} high but {b} is {hb} high: a piece covers two stacks of the "
                    "same height")
        ta, tb = state.tops[black_sq], state.tops[white_sq]
        if ta == BLACK:
            return f"the black bit would land on the black top at {a} (no like-on-like)"
        if tb == WHITE:
            return f"the white bit would land on the white top at {b} (no like-on-like)"
        p, q = state.top_piece[black_sq], state.top_piece[white_sq]
        if p == q:
            return (f"it would lie exactly on the piece at {a}{b}: every piece must keep a bit "
                    "uncovered")
        for square, piece in ((black_sq, p), (white_sq, q)):
            if state.covered[piece]:
                return (f"{name(size, square)} is frozen: its piece is already half-covered and "
                        "must keep that bit uncovered")
        return "the rules do not allow it here"

    # ---- notation

    def _format(self, state, move):
        if move in (SWAP, PASS):
            return move
        black_sq, white_sq = move
        return name(state.size, black_sq) + name(state.size, white_sq)

    def _decode(self, state, text):
        if text in (SWAP, PASS):
            return text
        first, rest = split_square_prefix(text)
        if not rest:
            raise BadNotation(f"'{text}' is not a move: write a placement as the black bit's "
                              "square then the white bit's, like c3d3, or swap, or pass")
        squares = []
        for part in (first, rest):
            col, row = parse_square(part, state.size)
            squares.append(row * state.size + col)
        return tuple(squares)

    # ---- score and end

    def colour_scores(self, state: WytheState) -> tuple[int, int]:
        """(Black's score, White's score) on the current position."""
        return colour_scores(state.size, state.tops)

    def _scores(self, state):
        by_colour = self.colour_scores(state)
        return tuple(by_colour[self.colour_of(state, seat)] for seat in (0, 1))

    def last_placer(self, state: WytheState) -> int | None:
        """The colour that made the last placement (placements alternate, Black first)."""
        if not state.pieces:
            return None
        return BLACK if len(state.pieces) % 2 == 1 else WHITE

    def _result(self, state):
        if state.passes < 2:
            return None
        black, white = self.colour_scores(state)
        scores = self._scores(state)
        if black != white:
            winner = BLACK if black > white else WHITE
            reason = "Both players passed"
            return Result((self.seat_of(state, winner),), scores, reason)
        loser = self.last_placer(state)
        if loser is None:
            return Result((0, 1), scores, "Both players passed without a placement: a draw")
        winner = 1 - loser
        reason = (f"Both players passed at {black}–{white}: {COLOURS[loser]} made the last "
                  f"placement and loses")
        return Result((self.seat_of(state, winner),), scores, reason)

    def evaluate(self, state: WytheState) -> tuple[float, ...]:
        """A cheap per-seat chance to win, from the live score (the tie-break at 0–0)."""
        result = self._result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in (0, 1))
        black, white = self.colour_scores(state)
        if black == white:
            placer = self.last_placer(state)
            black_chance = 0.5 if placer is None else (0.45 if placer == BLACK else 0.55)
        else:
            black_chance = 0.5 + 0.4 * (black - white) / (black + white)
        chances = (black_chance, 1.0 - black_chance)
        return tuple(chances[self.colour_of(state, seat)] for seat in (0, 1))

    # ---- fast random playout

    def random_playout(self, state, rng, max_plies=100_000):
        """Uniformly random legal moves to the end, keeping the legal set incrementally.

        A placement is coded 2*e + o: pair e = (u, v) of pair_table, o = 0 puts the
        black bit on u, o = 1 on v.  `legal` holds the codes of the legal placements
        and `slot[code]` its index there (-1 if absent), so a move only rechecks the
        pairs around the squares whose height, top or freedom it changed.
        """
        if self._result(state) is not None or max_plies <= 0:
            return state
        pairs, incident = pair_table(state.size)
        heights, tops = list(state.heights), list(state.tops)
        top_piece, covered = list(state.top_piece), list(state.covered)
        pieces = list(state.pieces)
        slot = [-1] * (2 * len(pairs))
        legal: list[int] = []

        def recheck(e):
            for code in (2 * e, 2 * e + 1):
                i = slot[code]
                if i >= 0:
                    moved = legal.pop()
                    if moved != code:
                        legal[i] = moved
                        slot[moved] = i
                    slot[code] = -1
            u, v = pairs[e]
            height = heights[u]
            if height != heights[v]:
                return
            if height == 0:
                slot[2 * e] = len(legal)
                legal.append(2 * e)
                slot[2 * e + 1] = len(legal)
                legal.append(2 * e + 1)
                return
            top_u = tops[u]
            if top_u == tops[v]:
                return
            p, q = top_piece[u], top_piece[v]
            if p == q or covered[p] or covered[q]:
                return
            code = 2 * e if top_u == WHITE else 2 * e + 1
            slot[code] = len(legal)
            legal.append(code)

        for e in range(len(pairs)):
            recheck(e)

        black_seat, colour, ply, passes, last = (state.black_seat, state.colour_to_move,
                                                 state.ply, state.passes, state.last)
        randrange = rng.randrange
        for _ in range(max_plies):
            if passes >= 2:
                break
            count = len(legal)
            if count == 0:
                passes += 1
                colour ^= 1
                ply += 1
                last = PASS
                continue
            pick = randrange(count + 1) if ply == 1 else randrange(count)
            if pick == count:
                black_seat ^= 1
                ply += 1
                last = SWAP
                continue
            code = legal[pick]
            u, v = pairs[code >> 1]
            black_sq, white_sq = (v, u) if code & 1 else (u, v)
            changed = {black_sq, white_sq}
            height = heights[black_sq]
            if height:
                for square in (black_sq, white_sq):
                    piece = top_piece[square]
                    covered[piece] = 1
                    changed.add(other_half(pieces, piece, square))
            piece = len(pieces)
            pieces.append((black_sq, white_sq))
            covered.append(0)
            heights[black_sq] = heights[white_sq] = height + 1
            tops[black_sq], tops[white_sq] = BLACK, WHITE
            top_piece[black_sq] = top_piece[white_sq] = piece
            for e in {e for square in changed for e in incident[square]}:
                recheck(e)
            colour ^= 1
            ply += 1
            passes = 0
            last = (black_sq, white_sq)
        return WytheState(state.size, tuple(heights), tuple(tops), tuple(top_piece),
                          tuple(pieces), tuple(covered), black_seat, colour, ply, passes, last)

    # ---- display

    def view(self, state):
        size = state.size
        stacks: list[list[str]] = [[] for _ in range(size * size)]
        for black_sq, white_sq in state.pieces:
            stacks[black_sq].append("black")
            stacks[white_sq].append("white")
        group_of = [-1] * (size * size)
        groups = []
        for group in sorted(groups_of(size, state.tops), key=min):
            for square in group:
                group_of[square] = len(groups)
            groups.append({"squares": sorted(group), "colour": COLOURS[state.tops[group[0]]].lower(),
                           "size": len(group)})
        cells = []
        for sq in range(size * size):
            piece = state.top_piece[sq]
            cells.append({
                "square": name(size, sq),
                "col": sq % size,
                "row": sq // size,
                "height": state.heights[sq],
                "top": COLOURS[state.tops[sq]].lower() if piece >= 0 else None,
                "stack": stacks[sq],
                "piece": piece,
                "partner": other_half(state.pieces, piece, sq) if piece >= 0 else -1,
                "frozen": piece >= 0 and bool(state.covered[piece]),
                "group": group_of[sq],
            })
        black_counts, white_counts = size_counts(size, state.tops)
        black_score = deciding_size(black_counts, white_counts)
        white_score = deciding_size(white_counts, black_counts)
        all_sizes = sorted(set(black_counts) | set(white_counts), reverse=True)
        placement = isinstance(state.last, tuple)
        moves = self._legal(state)
        result = self._result(state)
        return {
            "size": size,
            "cells": cells,
            "pieces": [{"black": b, "white": w, "covered": bool(c)}
                       for (b, w), c in zip(state.pieces, state.covered)],
            "groups": groups,
            "last": list(state.last) if placement else [],
            "last_move": self._format(state, state.last) if state.last is not None else "",
            "colours": list(COLOURS),
            "seat_of_colour": {"black": state.black_seat, "white": 1 - state.black_seat},
            "seat_names": list(self.seat_names(state)),
            "swapped": state.black_seat == 1,
            "to_move_seat": self._to_move(state),
            "to_move_colour": COLOURS[state.colour_to_move].lower(),
            "placements_made": len(state.pieces),
            "can_swap": SWAP in moves,
            "must_pass": moves == [PASS],
            "over": result is not None,
            "score": {
                "black": black_score,
                "white": white_score,
                "by_size": [{"size": s, "black": black_counts.get(s, 0),
                             "white": white_counts.get(s, 0)} for s in all_sizes],
                "black_decides": black_score or None,
                "white_decides": white_score or None,
            },
        }


GAME = Wythe()
