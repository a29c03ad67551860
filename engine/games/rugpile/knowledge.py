"""What the players know about Rug Pile: an evaluation, and a fast playout on a mutable board.

Listing every legal placement means finding every area and trying every
placement, after every ply.  A playout instead finds the areas once a ply and
tries placements in random order until one fits (those that do not are struck
out), which draws each legal placement with equal chance at a fraction of the
cost.  It uses the rules' own placement kernel (rules.py:
`placements`, `area_map`, `fits`), so the rule is written once.  A placement's
legal replies are costly to list for the same reason, so only the root's moves
are ordered by a 1-ply look.
"""

from __future__ import annotations

import math
import random

from ...ai.calibration import Curve
from ...ai.knowledge import Knowledge
from .rules import KIND_OF, KINDS, RugState, area_map, fits, placements

EVAL_HAND_SHARE = 0.3  # squares a tile in hand is worth, per square
EVAL_TEMPERATURE = 2.0  # squares of lead that make a clear favourite


def fast_playout(
    state: RugState, rng: random.Random, max_plies: int, trace: list | None = None
) -> RugState:
    """Uniformly random placements to the end (or max_plies), on a mutable board.
    The moves made are appended to `trace` if one is given."""
    size, players = state.size, state.players
    table = placements(size)
    board = list(state.board)
    supplies = [list(s) for s in state.supplies]
    turn, last = state.turn, state.last
    randrange = rng.randrange
    for _ in range(max_plies):
        area_of, sizes = area_map(board, size)
        supply = supplies[turn]
        candidates = [entry for kind, left in enumerate(supply) if left for entry in table[kind]]
        n = len(candidates)
        chosen = None
        while n:
            i = randrange(n)
            if fits(board, area_of, sizes, turn, candidates[i][1]):
                chosen = candidates[i]
                break
            n -= 1
            candidates[i] = candidates[n]
        if chosen is None:
            break
        move, squares = chosen
        for sq in squares:
            board[sq] = turn
        supply[KIND_OF[move[0], move[1]]] -= 1
        last = move
        if trace is not None:
            trace.append(move)
        turn = (turn + 1) % players
    return RugState(
        size, players, state.tiles, tuple(board), tuple(tuple(s) for s in supplies), turn, last
    )


class RugPileKnowledge(Knowledge):
    # docs/judgement.md: calibration fitted on hard self-play; the graph's noise; the
    # CPython rate arena budgets are counted in (engine/ai/arena.py)
    search_curve = Curve(1.018, 0.074)
    glance_curve = Curve(0.0, -0.029)
    graph_noise = 0.038
    arena_rate = 2000

    order_depth = 0

    def evaluate(self, state: RugState) -> tuple[float, ...]:
        """Per-seat win estimates in [0, 1] summing to 1: squares shown now plus a
        share of the area still in hand, turned into chances by a softmax."""
        result = self.game.result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in range(state.players))
        strengths = []
        for seat in range(state.players):
            in_hand = sum(n * a * b for n, (a, b) in zip(state.supplies[seat], KINDS, strict=True))
            strengths.append(state.board.count(seat) + EVAL_HAND_SHARE * in_hand)
        top = max(strengths)
        weights = [math.exp((v - top) / EVAL_TEMPERATURE) for v in strengths]
        total = sum(weights)
        return tuple(w / total for w in weights)

    def random_playout(
        self, state: RugState, rng: random.Random, max_plies: int = 100_000
    ) -> RugState:
        return fast_playout(state, rng, max_plies)
