"""What the players know about Petrify: a fast playout that stops part-way, and the live
score judges the rest.

The fast playout plays uniformly random legal moves on a mutable board.  Listing every
capture move after every ply is costly, so each ply draws from a superset of the legal
moves instead (every empty square, and every (own disk, line) pair, which names at most one
capture move) and redraws when the draw is no legal move; after a few misses it lists every
legal move and draws from that.  Either way each legal move is equally likely, exactly as
in the generic loop.  Whether a (disk, line) is a capture move is asked of the rules'
own kernels (kernel.py: `ray_target`, `can_take_block`, `captures`).
"""

from __future__ import annotations

import math
import random

from ...ai.calibration import Curve
from ...ai.knowledge import Knowledge
from ...contract.core import PASS
from .. import get as game_named
from .kernel import (
    BLOCK,
    BLUE,
    EMPTY,
    ORANGE,
    Capture,
    Move,
    PetrifyState,
    can_take_block,
    captures,
    ray_target,
    tables,
)
from .rules import Petrify

# A rejection sampler draws this many candidates before the playout lists every move.
_PLAYOUT_TRIES = 24


def random_playout(
    state: PetrifyState, rng: random.Random, max_plies: int = 100_000
) -> PetrifyState:
    """Uniformly random legal moves to the end (or max_plies), as `Game.random_playout`
    plays them, fast.  The swap turn goes through the game's generic path."""
    petrify = game_named("petrify")
    while state.ply <= 1 and max_plies > 0 and state.passes < 2:
        moves = petrify._legal(state)
        state = petrify._apply(state, moves[rng.randrange(len(moves))])
        max_plies -= 1
    if max_plies <= 0 or state.passes >= 2:
        return state
    return _fast_playout(state, rng, max_plies)


def _lists(board: list[int]) -> tuple[list[int], list[list[int]], list[int]]:
    """The empty squares, each colour's disks (indexed by colour) and where each square
    is in its list, for O(1) updates."""
    empties: list[int] = []
    disks: list[list[int]] = [[], [], []]
    where = [0] * len(board)
    for sq, held in enumerate(board):
        if held == EMPTY:
            where[sq] = len(empties)
            empties.append(sq)
        elif held != BLOCK:
            where[sq] = len(disks[held])
            disks[held].append(sq)
    return empties, disks, where


def _fast_playout(state: PetrifyState, rng: random.Random, max_plies: int) -> PetrifyState:  # noqa: PLR0915 (the inner loop, kept whole for speed)
    size = state.size
    t = tables(size)
    rays, forms = t.rays, t.formation_squares
    board = list(state.board)
    empties, disks, where = _lists(board)
    turn, passes, last_mover = state.turn, state.passes, state.last_mover
    last: Move | tuple[int, int] | None = state.last
    # Random.randrange(n) is Random._randbelow(n) behind argument checks: the same draws,
    # a good part of a playout's time saved (randrange where an rng lacks it).
    randrange = getattr(rng, "_randbelow", rng.randrange)
    plies = 0
    while plies < max_plies and passes < 2:
        plies += 1
        mine = disks[turn]
        enemy = BLUE + ORANGE - turn
        n_empty = len(empties)
        total = n_empty + 8 * len(mine)
        move: int | tuple[int, int] | None = None
        for _ in range(_PLAYOUT_TRIES if total else 0):
            pick = randrange(total)
            if pick < n_empty:
                move = empties[pick]
                break
            pick -= n_empty
            start = mine[pick >> 3]
            there = ray_target(board, rays[start][pick & 7], enemy)
            if there >= 0 and can_take_block(board, forms[start]):
                move = (start, there)
                break
        else:
            if total:
                moves: list = empties + captures(board, size, turn)
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
            start, end = move  # type: ignore[misc]   # a (start, end)
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
    final = Capture(*last) if isinstance(last, tuple) else last
    return PetrifyState(
        size, tuple(board), turn, state.blue_seat, state.ply + plies, passes, last_mover, final
    )


class PetrifyKnowledge(Knowledge):
    # docs/judgement.md: calibration fitted on hard self-play; the graph's noise; the
    # CPython rate arena budgets are counted in (engine/ai/arena.py)
    search_curve = Curve(1.538, 0.136)
    glance_curve = Curve(0.148, 0.092)
    graph_noise = 0.072
    arena_rate = 3900

    playout_depth = 40
    game: Petrify

    def random_playout(
        self, state: PetrifyState, rng: random.Random, max_plies: int = 100_000
    ) -> PetrifyState:
        return random_playout(state, rng, max_plies)

    def evaluate(self, state: PetrifyState) -> tuple[float, ...]:
        """Each seat's rough chance to win, from the live score and how full the board is."""
        game = self.game
        result = game.result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in (0, 1))
        score = game.colour_scores(state)
        area = state.size * state.size
        filled = 1 - state.board.count(EMPTY) / area
        # Early on one patch holds everything and the lead flips often; trust it more later.
        steepness = 1 + 11 * filled * filled
        margin = (score[BLUE] - score[ORANGE]) / area
        blue = 1 / (1 + math.exp(-steepness * margin))
        return tuple(
            blue if game.seat_colour(state, seat) == BLUE else 1 - blue for seat in (0, 1)
        )
