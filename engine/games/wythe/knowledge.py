"""What the players know about Wythe: a fast playout, and a win estimate from the live score.

The fast playout plays uniformly random legal moves to the end, as `Game.random_playout`
would (the same moves, each equally likely), keeping the set of legal placements up to date
as it goes instead of listing them after every ply: a placement changes the placements only
on the pairs of squares around it, and each of those is asked of the rules' own kernel
(rules.py: `pair_mask`, on the board's `pair_table`).  The evaluation judges a
position where the search stops short of the end: its move ordering near the root, and the
greedy player.
"""

from __future__ import annotations

import random

from ...ai.calibration import Curve
from ...ai.knowledge import Knowledge
from ...contract.core import PASS, SWAP, swapped_pair
from .rules import (
    BLACK,
    BLACK_ON_U,
    BLACK_ON_V,
    WHITE,
    Placement,
    WytheState,
    colour_scores,
    last_placer,
    other_half,
    pair_mask,
    pair_table,
)


class WytheKnowledge(Knowledge[WytheState]):
    # docs/judgement.md: calibration fitted on hard self-play; the graph's noise; the
    # CPython rate arena budgets are counted in (engine/ai/arena.py)
    search_curve = Curve(1.543, 0.161)
    glance_curve = Curve(1.598, 0.108)
    graph_noise = 0.081
    arena_rate = 1700

    def random_playout(
        self, state: WytheState, rng: random.Random, max_plies: int = 100_000
    ) -> WytheState:
        return fast_playout(state, rng, max_plies)

    def evaluate(self, state: WytheState) -> tuple[float, ...]:
        """A cheap per-seat chance to win, from the live score (the tie-break at 0–0): the
        exact rewards once over; level scores lean 0.05 against the last placer (who loses a
        0–0 tie); else 0.5 plus 0.4 of the lead over the two scores' sum."""
        result = self.game.result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in (0, 1))
        black, white = colour_scores(state.size, state.tops)
        if black == white:
            placer = last_placer(state)
            black_chance = 0.5 if placer is None else (0.45 if placer == BLACK else 0.55)
        else:
            black_chance = 0.5 + 0.4 * (black - white) / (black + white)
        chances = (black_chance, 1.0 - black_chance)
        return tuple(chances[swapped_pair(seat, state.swapped)] for seat in (0, 1))


def fast_playout(state: WytheState, rng: random.Random, max_plies: int) -> WytheState:  # noqa: C901 (the inner loop, kept whole for speed)
    """Uniformly random legal moves to the end (or max_plies), fast: `legal` holds the codes
    (see PairTable) of the legal placements, `slot[code]` its index there (-1: absent), and a
    move rechecks (by pair_mask) only the pairs around the squares whose height, top or
    freedom it changed."""
    if state.passes >= 2 or max_plies <= 0:
        return state
    pairs, incident, around, by_code, _ = pair_table(state.size)
    heights, tops = list(state.heights), list(state.tops)
    top_piece, covered = list(state.top_piece), list(state.covered)
    pieces = list(state.pieces)
    legal, slot = legal_codes(pairs, heights, tops, top_piece, covered)

    def recheck(e: int) -> None:
        code = e + e
        for old in (code, code + 1):
            i = slot[old]
            if i >= 0:
                moved = legal.pop()
                if moved != old:
                    legal[i] = moved
                    slot[moved] = i
                slot[old] = -1
        u, v = pairs[e]
        mask = pair_mask(u, v, heights, tops, top_piece, covered)
        if mask:
            if mask & 1:  # BLACK_ON_U
                slot[code] = len(legal)
                legal.append(code)
            if mask & 2:  # BLACK_ON_V
                slot[code + 1] = len(legal)
                legal.append(code + 1)

    swapped, colour, ply, passes, last = (
        state.swapped,
        state.colour_to_move,
        state.ply,
        state.passes,
        state.last,
    )
    randrange = rng.randrange
    for _ in range(max_plies):
        if passes >= 2:
            break
        count = len(legal)
        if count == 0:
            passes, colour, ply, last = passes + 1, colour ^ 1, ply + 1, PASS
            continue
        pick = randrange(count + 1) if ply == 1 else randrange(count)
        if pick == count:
            swapped, ply, last = not swapped, ply + 1, SWAP
            continue
        code = legal[pick]
        last = move = by_code[code]
        black_sq, white_sq = move
        height = heights[black_sq]
        # On stacks the two pieces below become half-covered: their squares change too.
        changed = cover(move, pieces, top_piece, covered, incident) if height else around[code]
        top_piece[black_sq] = top_piece[white_sq] = len(pieces)
        pieces.append(move)
        covered.append(0)
        heights[black_sq] = heights[white_sq] = height + 1
        tops[black_sq], tops[white_sq] = BLACK, WHITE
        for e in changed:
            recheck(e)
        colour, ply, passes = colour ^ 1, ply + 1, 0
    return WytheState(
        state.size,
        tuple(heights),
        tuple(tops),
        tuple(top_piece),
        tuple(pieces),
        tuple(covered),
        swapped,
        colour,
        ply,
        passes,
        last,
    )


def legal_codes(pairs, heights, tops, top_piece, covered) -> tuple[list[int], list[int]]:
    """The codes of the legal placements, in order, and each code's index among them (-1:
    not legal), for fast_playout."""
    slot = [-1] * (2 * len(pairs))
    legal: list[int] = []
    for e, (u, v) in enumerate(pairs):
        mask = pair_mask(u, v, heights, tops, top_piece, covered)
        if mask & BLACK_ON_U:
            slot[2 * e] = len(legal)
            legal.append(2 * e)
        if mask & BLACK_ON_V:
            slot[2 * e + 1] = len(legal)
            legal.append(2 * e + 1)
    return legal, slot


def cover(
    move: Placement, pieces: list, top_piece: list[int], covered: list[int], incident
) -> set[int]:
    """Mark the pieces under `move` half-covered (for fast_playout); the pairs whose
    placements that and the move may change: those of its squares and the frozen halves."""
    changed = set(move)
    for square in move:
        piece = top_piece[square]
        covered[piece] = 1
        changed.add(other_half(pieces, piece, square))
    return {e for square in changed for e in incident[square]}
