"""Exact solving of short forced wins: does the side to move win by force within n plies?

A plain exhaustive search over the game's legal moves (engine.core.Game), for two-seat games,
with a cap on the positions it may visit so that a wide position costs a bounded time
(Unknown when the cap is reached).  It proves the puzzles that end in a win: the solver's
move wins within the depth whatever the opponent replies, and no other move of the solver's
does within that depth.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.contract.core import Game, State


class Unknown(Exception):
    """The search reached its cap of positions before it could answer."""


@dataclass
class Prover:
    """Answers "does `seat` force a win within `plies` plies?" by exhaustive search."""

    game: Game
    cap: int = 50_000
    visited: int = 0

    def wins(self, state: State, seat: int, plies: int) -> bool:
        result = self.game.result(state)
        if result is not None:
            return result.winners == (seat,)
        if plies <= 0:
            return False
        self.visited += 1
        if self.visited > self.cap:
            raise Unknown
        game = self.game
        mine = game.to_move(state) == seat
        for move in game.legal_moves(state):
            won = self.wins(game.apply(state, move), seat, plies - 1)
            if mine and won:
                return True
            if not mine and not won:
                return False
        return not mine

    def winning_moves(self, state: State, plies: int) -> list:
        """The moves of the side to move that win within `plies` plies (their own included)."""
        seat = self.game.to_move(state)
        return [
            move
            for move in self.game.legal_moves(state)
            if self.wins(self.game.apply(state, move), seat, plies - 1)
        ]

    def longest_defence(self, state: State, seat: int, plies: int) -> tuple[object, int]:
        """The opponent's reply in `state` (opponent to move, `seat` winning within `plies`)
        that holds out longest: (the reply, the plies `seat` then needs); the first such
        reply in the game's order of legal moves."""
        game = self.game
        best: tuple[object, int] | None = None
        for move in game.legal_moves(state):
            after = game.apply(state, move)
            need = next(n for n in range(plies) if self.wins(after, seat, n))
            if best is None or need > best[1]:
                best = (move, need)
        assert best is not None, "a position to defend has a legal move"
        return best


def forced_win(game: Game, state: State, max_plies: int = 5, cap: int = 50_000):
    """The shortest forced win of the side to move within `max_plies` (odd) plies, as
    (plies, the winning moves at that depth, prover), or None when there is none (or the
    search reached its cap: then it is unknown, and also None)."""
    prover = Prover(game, cap)
    try:
        for plies in range(1, max_plies + 1, 2):
            moves = prover.winning_moves(state, plies)
            if moves:
                return plies, moves, prover
    except Unknown:
        return None
    return None
