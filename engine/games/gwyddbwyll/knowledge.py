"""What the players know about Gwyddbwyll: fast playouts, captures first, and material.

Listing the legal moves means trying out every move that might expose the king, after
every ply.  A playout instead draws a move by the pieces' own rules and tries only that
one (an unsafe one is struck out and another drawn), which picks each legal move with
equal chance: `random_playout`, the game's uniform playout made fast.  It works on a
mutable board through the rules' own kernel (kernel.py:
`pseudo_moves`, `safe_after`, `apply_on`), so each rule is written once.

Uniformly random games run to hundreds of plies and hang pieces at random, so the
search's playout (`capture_playout`) takes the most valuable capture it can most of the
time (the victim's value first, the cheapest attacker on ties), and stops after a few
dozen plies, when `evaluate` (material and mobility) judges the position.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ...ai.calibration import Curve
from ...ai.knowledge import Knowledge
from .kernel import (
    BLACK,
    KING,
    MAX_PLIES,
    WHITE,
    Step,
    apply_on,
    count_pieces,
    is_en_passant,
    piece,
    pseudo_moves,
    safe_after,
)
from .rules import GwState
from .tactics import MOBILITY, VALUES, piece_value, sound_moves, threat

__all__ = ["MOBILITY", "VALUES", "GwyddbwyllKnowledge", "capture_playout", "random_playout"]

CAPTURE_CHANCE = 0.8  # how often a playout move is the best capture, when there is one
LEAD_SLOPE = 0.4  # `evaluate`: the chance of a lead is the logistic of LEAD_SLOPE × the lead


def lead_value(lead: float) -> float:
    """The chance `evaluate` gives the side a lead of `lead` pawns (negative: behind)."""
    return 1.0 / (1.0 + math.exp(-LEAD_SLOPE * lead))


class GwyddbwyllKnowledge(Knowledge[GwState]):
    # docs/judgement.md: calibration fitted on hard self-play; the graph's noise; the
    # CPython rate arena budgets are counted in (engine/ai/arena.py)
    search_curve = Curve(1.432, 0.019)
    glance_curve = Curve(1.456, 0.083)
    graph_noise = 0.055
    arena_rate = 2100

    playout_depth = 24
    # Whether the evaluation counts the best exchange the side to move can start (a static
    # quiescence: a playout cut off in mid-exchange is not judged by the material of that
    # moment).
    settle_exchange = False

    def playout(self, state: GwState, rng: random.Random) -> tuple[float, ...]:
        return self.rewards(capture_playout(state, rng, self.playout_depth))

    def random_playout(
        self, state: GwState, rng: random.Random, max_plies: int = 100_000
    ) -> GwState:
        return random_playout(state, rng, max_plies)

    def player(
        self,
        state: GwState,
        level: str,
        seed: int | None,
        clock: Any,
        earlier: Any = (),
        previous: Any = None,
    ) -> Any:
        """The hard level chooses by an alpha-beta search (search.py: the Monte
        Carlo search lost to a plain one by short tactics), which takes over the
        table of its search of the side's last move; the others by the Monte Carlo search."""
        if level != "hard":
            return None
        from .search import GwSearch

        return GwSearch(state, seed=seed, clock=clock, earlier=earlier, previous=previous)

    def root_moves(self, state: GwState) -> list:
        """The legal moves that give no material away by a static exchange
        (tactics.py: sound_moves), checks included."""
        moves = self.game.legal_moves(state)
        return sound_moves(list(state.board), state.turn, state.ep, moves)

    def evaluate(self, state: GwState) -> tuple[float, ...]:
        """Each seat's chance to win, guessed from material and mobility."""
        result = self.game.result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in (WHITE, BLACK))
        material = [0.0, 0.0]
        for p in state.board:
            if p:
                material[p >> 3] += piece_value(p)
        mobility = [len(pseudo_moves(state.board, c, -1)) for c in (WHITE, BLACK)]
        lead = (material[WHITE] - material[BLACK]) + MOBILITY * (mobility[WHITE] - mobility[BLACK])
        if self.settle_exchange:
            gain = threat(list(state.board), 1 - state.turn)
            lead += gain if state.turn == WHITE else -gain
        white = lead_value(lead)
        return (white, 1.0 - white)


# --------------------------------------------------------------------------- playouts


def random_playout(
    state: GwState, rng: random.Random, max_plies: int = 100_000, trace: list[Step] | None = None
) -> GwState:
    """Uniformly random legal moves to the end (or max_plies), as `Game.random_playout`
    plays them, fast.  The moves made are appended to `trace` if one is given."""
    board = list(state.board)
    colour, ply, ep, last = play_out(
        board, state.turn, state.ply, state.ep, state.last, rng, max_plies, trace=trace
    )
    return GwState(tuple(board), colour, ply, ep, last)


def capture_playout(state: GwState, rng: random.Random, max_plies: int) -> GwState:
    """Play on from `state` for up to `max_plies`, preferring captures."""
    board = list(state.board)
    colour, ply, ep, last = play_out(
        board,
        state.turn,
        state.ply,
        state.ep,
        state.last,
        rng,
        max_plies,
        _captures_best_first,
        CAPTURE_CHANCE,
    )
    return GwState(tuple(board), colour, ply, ep, last)


def _captures_best_first(board: list[int], moves: list[Step], colour: int) -> list[Step]:
    """The capturing moves, the most valuable victim first, then the cheapest attacker."""
    enemy = (1 - colour) << 3
    keyed = []
    for move in moves:
        q = board[move[1]]
        if q and (q & 8) == enemy:
            keyed.append((-piece_value(q), piece_value(board[move[0]]), move))
    keyed.sort()
    return [move for _, _, move in keyed]


Prefer = Callable[[list[int], list[Step], int], list[Step]]


def play_out(  # noqa: PLR0913 (the playout's position as plain values: its inner loop's speed)
    board: list[int],
    colour: int,
    ply: int,
    ep: int,
    last: Step | None,
    rng: random.Random,
    max_plies: int,
    prefer: Prefer | None = None,
    chance: float = 0.0,
    trace: list[Step] | None = None,
) -> tuple[int, int, int, Step | None]:
    """Play on, on the list `board` in place, for up to `max_plies` or to the game's end;
    return (colour to move, ply, en passant square, last move) after it.

    Each ply a pseudo-legal move is drawn at random and tried; an unsafe one is struck out
    and another drawn, which picks each legal move with equal chance.  With `prefer`, a
    ply first tries (with probability `chance`) the moves prefer(board, moves, colour)
    lists, in order, and makes the first safe one.  The moves made are appended to
    `trace` if one is given."""
    counts = [count_pieces(board, WHITE), count_pieces(board, BLACK)]
    kings = [board.index(piece(WHITE, KING)), board.index(piece(BLACK, KING))]
    random_, randrange = rng.random, rng.randrange
    for _ in range(max_plies):
        if ply >= MAX_PLIES or counts[colour] <= 1:
            break
        moves = pseudo_moves(board, colour, ep)
        king = kings[colour]
        chosen = None  # once a move is chosen, frm and to are its squares
        if prefer is not None and random_() < chance:
            for move in prefer(board, moves, colour):
                frm, to = move
                if safe_after(board, frm, to, king, ep):
                    chosen = move
                    break
        n = len(moves)
        while chosen is None and n:
            i = randrange(n)
            frm, to = move = moves[i]
            if safe_after(board, frm, to, king, ep):
                chosen = move
            else:
                n -= 1
                moves[i] = moves[n]
        if chosen is None:
            break
        if board[to] or (to == ep and is_en_passant(board, frm, to, ep)):
            counts[1 - colour] -= 1
        if board[frm] & 7 == KING:
            kings[colour] = to
        ep = apply_on(board, frm, to, ep)
        last = chosen
        if trace is not None:
            trace.append(chosen)
        colour = 1 - colour
        ply += 1
    return colour, ply, ep, last
