"""Stigmergy's hard level: the Monte Carlo search with every node's moves in evaluation order.

The levels' shared knowledge (knowledge.py) opens the moves of a node two
plies or more below the root in random order, after the best of 16 sampled, because the
1-ply look that orders them all is costly.  With four times medium's playouts that made the
hard level only narrowly stronger: its extra playouts mostly deepened lines of poorly chosen
moves.  The hard level's search here orders every node's moves by the evaluation after each
(the stones' moves judged on the board's working copy, not a new state each: the same values
and order, faster), and so makes fewer playouts in its time; against medium at equal CPU time
it wins clearly where the shared search won narrowly.  The analysis and its calibration keep
the shared knowledge and search.

For the arena's playout budgets (engine/ai/arena.py: think time times the knowledge's
`arena_rate`), a playout here counts as `playout_cost` of the shared search's: the same CPU
time.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from ...ai.mcts import Search
from ...contract.core import Game, State
from .kernel import Position
from .knowledge import (
    OWNED,
    SPREAD_BASE,
    SPREAD_PER_EMPTY,
    TEMPO_PER_EMPTY,
    StigmergyKnowledge,
)
from .rules import BLACK, EMPTY, StigmergyState

# The CPU time of one of this search's playouts in the shared search's is 1 + cells /
# COST_CELLS (CPython, the same positions of a game, playouts a second: 4595 against 5406 at
# side 4, 3398 against 4649 at side 6, 1523 against 2720 at side 8)
COST_CELLS = 215


def playout_cost(state: State) -> float:
    """How many of the shared search's playouts one of this search's costs, at the board size
    of `state` (a StigmergyState)."""
    assert isinstance(state, StigmergyState)
    return 1.0 + len(state.board) / COST_CELLS


class OrderedKnowledge(StigmergyKnowledge):
    """The shared knowledge, with every node's moves opened in evaluation order."""

    order_depth = 1_000_000

    def order_by_evaluation(self, state: StigmergyState, moves: list, rng: random.Random) -> list:
        """The shared order (moves by the mover's evaluation after each), with the stones'
        moves judged on the board's working copy (kernel.py: Position)
        instead of a new state each: the same values, in about half the time."""
        if state.phase != "play":
            return super().order_by_evaluation(state, moves, rng)
        seat = self.game.to_move(state)
        colour = state.colour_to_move
        komi = state.komi or 0
        button = 0.0 if state.button_holder is None else 0.5
        if state.button_holder not in (None, BLACK):
            button = -0.5
        empty = state.board.count(EMPTY)
        keyed = []
        for i, move in enumerate(moves):
            if isinstance(move, str):
                value = self.rewards(self.game.apply(state, move))[seat]
            else:
                left = empty - 1 if move.kind == "place" else empty
                # The same sums in the same order as black_lead and evaluate: equal values tie.
                lead: float = self._counted(state, move, colour)
                tempo = TEMPO_PER_EMPTY * left  # the other colour moves next
                lead += -tempo if colour == BLACK else tempo
                lead -= komi
                if button:
                    lead += button
                if state.swapped:
                    lead = -lead
                spread = SPREAD_BASE + left * SPREAD_PER_EMPTY
                first = 1.0 / (1.0 + math.exp(-lead / spread))
                value = first if seat == 0 else 1.0 - first
            keyed.append((-value, rng.random(), i))
        keyed.sort()
        return [moves[i] for _, _, i in keyed]

    @staticmethod
    def _counted(state: StigmergyState, move: Any, colour: int) -> int:
        """Black's cells minus White's (OWNED) after the stone's `move` of `colour`."""
        position = Position(
            state.grid,
            state.board,
            state.black_seen,
            state.white_seen,
            state.control,
            state.status,
        )
        if move.kind == "place":
            position.place(move.cell, colour)
        else:
            position.flip(move.cell)
        count = bytes(position.status).count
        black_counts, white_counts = OWNED
        return sum(map(count, black_counts)) - sum(map(count, white_counts))


class HardSearch(Search):
    """The Monte Carlo search with OrderedKnowledge; a playout budget counts its playouts
    `playout_cost` times (the same CPU time as the shared search's)."""

    def run(self, seconds: float | None = None, playouts: int | None = None) -> None:
        cost = playout_cost(self.root.state)
        own = None if playouts is None else max(1, round(playouts / cost))
        super().run(seconds=seconds, playouts=own)


_knowledge: dict[str, OrderedKnowledge] = {}


def hard_search(
    game: Game, state: State, seed: int | None, clock: Callable[[], float] = time.perf_counter
) -> Any:
    """The hard level's search from `state` (one OrderedKnowledge per game, made on first use:
    its fair komi table is the shared one)."""
    if game.id not in _knowledge:
        _knowledge[game.id] = OrderedKnowledge(game)
    return HardSearch(game, state, seed=seed, knowledge=_knowledge[game.id], clock=clock)
