"""What the players know about Stigmergy: a komi window, no playouts, a sharp evaluation.

The first seat's komi bid has a choice of several hundred values, nearly all
of them absurd: the second seat then takes whichever colour the komi favours.
The search therefore weighs only a small window of bids around the fair komi
(the komi that leaves Black's first move worth nothing), estimated per board
size from playouts: Black's mean board lead over 400 random games from the
start measured -1.5 to -0.1 points at sizes 4-10 (standard error about 0.5),
rounded to an odd number in FAIR_KOMI.  Sizes not in the table are measured
on first use.

Random moves scramble a Stigmergy position within a few plies, so there are
no random plies at all: the score lead at the new leaf, read through a
logistic curve steep enough for a few points to matter, is the playout's
result (against the greedy player on the side-6 board this won 7 of 8 games,
six random plies then the evaluation 6 of 8).  These values are exact
numbers, not noisy playout results, and a point is worth only a few hundredths
of a win, so the search explores little: with the usual exploration constant
(0.7) Medium beat Greedy in 9 of 16 games on the side-8 board, with 0.2 in 10
of 12, with 0.08 in 12 of 12.  Below the first two plies a node's moves open in
random order, so a node there first opens the best (by evaluation) of 16 moves
drawn at random: without that, Hard beat Medium in only 14 of 24 games.
"""

from __future__ import annotations

import math
import random

from .knowledge import Knowledge, register

KOMI_WINDOW = 3             # bids within this many points of the fair komi are searched
FAIR_KOMI_PLAYOUTS = 400    # playouts that estimate the fair komi of a board size
FAIR_KOMI = {4: -1, 5: -1, 6: -1, 7: 1, 8: -1, 9: 1, 10: -1}
SPREAD_BASE = 1.5           # the logistic's scale in points: this much ...
SPREAD_PER_EMPTY = 1 / 24   # ... plus this much per empty cell still to fight over

_fair_komi: dict[int, int] = dict(FAIR_KOMI)


@register("stigmergy")
class StigmergyKnowledge(Knowledge):
    playout_depth = 0
    widen_above = 20
    exploration = 0.08
    order_sample = 16

    def evaluate(self, state):
        result = self.game.result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in (0, 1))
        if state.black_seat is None:
            return (0.5, 0.5)
        first, second = self.game.scores(state)
        spread = SPREAD_BASE + state.board.count(-1) * SPREAD_PER_EMPTY
        p = 1.0 / (1.0 + math.exp(-(first - second) / spread))
        return (p, 1.0 - p)

    def root_moves(self, state):
        moves = self.game.legal_moves(state)
        if state.phase != "bid":
            return moves
        centre = self.fair_komi(state)
        return [m for m in moves if abs(m[1] - centre) <= KOMI_WINDOW]

    def fair_komi(self, state) -> int:
        """Black's average board lead in playouts from the start (an odd number: no ties)."""
        if state.size not in _fair_komi:
            game = self.game
            rng = random.Random(state.size)
            start = game.apply(game.apply(state, ("komi", 0)), ("side", 0))
            total = 0.0
            for _ in range(FAIR_KOMI_PLAYOUTS):
                final = game.random_playout(start, rng)
                black, white = game.scores(final)       # seat 0 plays Black here
                total += black - white
            lead = round(total / FAIR_KOMI_PLAYOUTS)
            _fair_komi[state.size] = lead if lead % 2 else lead + 1
        return _fair_komi[state.size]
