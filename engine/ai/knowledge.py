"""Per-game knowledge for the players: evaluation, playout policy, move ordering.

Everything a player knows about a particular game goes through a `Knowledge`
object, so the search itself stays game-agnostic.  The default works for any
game of the engine API (it judges a position by the live scores); a game gets
its own subclass in know_<game>.py where knowledge pays: its evaluation, a
playout policy better than uniform, a depth limit after which the evaluation
stands in for the rest of a long playout, an order in which to try moves when
there are too many to try them all.
"""

from __future__ import annotations

import math
import random
from typing import Any, Generic, TypeVar

from ..contract.core import Game, State
from ..contract.plugins import load, plugin, registered
from .calibration import IDENTITY, Curve, MarginLine

S = TypeVar("S", bound=State)  # the game's own state type, in a subclass


class Knowledge(Generic[S]):
    """What the players know about a game that only offers the public API.

    A game's subclass may name its state type, `class RugPileKnowledge(Knowledge[RugState])`,
    and annotate its overrides with it."""

    # Plies a playout runs before the evaluation judges the position
    # (None: to the end of the game).
    playout_depth: int | None = None
    # Nodes with more moves than this are widened progressively.
    widen_above: int = 30
    # Nodes this close to the root open their moves in evaluation order.
    order_depth: int = 1
    # Below order_depth, a wide node orders this many of its moves (a random sample)
    # by evaluation and opens them first (0: none; its moves open in random order).
    order_sample: int = 0
    # The UCT exploration constant (rewards are in [0, 1]).
    exploration: float = 0.7
    # How much a child's implicit minimax value (of the leaf values below it) counts against
    # its mean reward in selection (0: plain UCT; for games judged by evaluation at leaves).
    minimax_weight: float = 0.0
    # How the analysis values a searched position (engine/ai/analysis.py: value): by the mean
    # of every playout through it (False: right where playouts are noisy), or by its best
    # move's mean (True: for knowledge that judges leaves by evaluation alone, whose values
    # carry no playout noise for a maximum to pick up).
    judge_by_best_move: bool = False
    # What the game's win chances mean (engine/ai/calibration.py, fitted by
    # lab/judgement.py, docs/judgement.md): the curve from the search's value (at the
    # graph's budget) to the mover's chance, the one from the evaluation alone (the glance),
    # and the line from the expected margin to the final one (None: the margin as it is).
    search_curve: Curve = IDENTITY
    glance_curve: Curve = IDENTITY
    margin_line: MarginLine | None = None
    # How much one judgement of a position varies from seed to seed at the graph's budget (its
    # standard deviation, as a chance): the graph lists a swing only well past it.
    graph_noise: float = 0.0
    # Nominal playouts a second of its search in CPython: arena matches give a level its
    # think time times this, in playouts, for games that replay the same (engine/ai/arena.py).
    arena_rate: int = 300

    def __init__(self, game: Game[S, Any]):
        self.game = game

    # ---- values: one win estimate in [0, 1] per seat

    def rewards(self, state: S) -> tuple[float, ...]:
        """The exact rewards if the game is over, else the evaluation's estimates."""
        result = self.game.result(state)
        if result is not None:
            return tuple(result.reward(seat) for seat in range(self.game.num_seats(state)))
        return self.evaluate(state)

    def evaluate(self, state: S) -> tuple[float, ...]:
        """Each seat's win estimate in a position that is not over: by default
        `evaluate_by_score`; a game's subclass overrides it with its own judgement."""
        return self.evaluate_by_score(state)

    def evaluate_by_score(self, state: S) -> tuple[float, ...]:
        """A softmax of the live scores."""
        scores = [float(s) for s in self.game.scores(state)]
        top = max(scores)
        weights = [math.exp(s - top) for s in scores]
        total = sum(weights)
        return tuple(w / total for w in weights)

    def margin(self, state: S) -> float | None:
        """The first seat's expected final points minus the second's, in a game that counts
        points and can say (None by default)."""
        return None

    # ---- playouts

    def playout(self, state: S, rng: random.Random) -> tuple[float, ...]:
        """Play on from `state` and return the rewards (estimated at the depth limit)."""
        depth = self.playout_depth if self.playout_depth is not None else 100_000
        return self.rewards(self.random_playout(state, rng, depth))

    def random_playout(self, state: S, rng: random.Random, max_plies: int = 100_000) -> S:
        """Uniformly random legal moves to the end (or max_plies): the game's own loop, or
        a faster one of the same moves in a game's subclass."""
        return self.game.random_playout(state, rng, max_plies)

    # ---- players

    def player(
        self,
        state: S,
        level: str,
        seed: int | None,
        clock: Any,
        earlier: Any = (),
        previous: Any = None,
    ) -> Any:
        """A search of the game's own to choose the move of `level` in `state` (`earlier`: the
        game's positions before it; `previous`: the search that chose an earlier move of the
        game, which the player may take its findings from), with the interface of
        engine.ai.Search (run, best, done, elapsed, playouts, summary), or None for the Monte
        Carlo search (the default for every level)."""
        return None

    # ---- moves

    def root_moves(self, state: S) -> list:
        """The moves the search considers at the root (all legal ones by default)."""
        return self.game.legal_moves(state)

    def tree_moves(self, state: S, rng: random.Random, depth: int) -> list:
        """The moves of a tree node `depth` plies below the root, in the order to open them:
        best first near the root, else shuffled."""
        moves = self.game.legal_moves(state)
        rng.shuffle(moves)
        if depth <= self.order_depth:
            # Near the root the 1-ply look pays: wins in one open first, and so
            # every losing reply is proven at once.
            return self.order_by_evaluation(state, moves, rng)
        if self.order_sample and len(moves) > self.widen_above:
            # Deeper, a wide node opens the best of a random sample first.
            sample = self.order_sample
            return self.order_by_evaluation(state, moves[:sample], rng) + moves[sample:]
        return moves

    def order_by_evaluation(self, state: S, moves: list, rng: random.Random) -> list:
        """Moves sorted by the mover's evaluation after each (a 1-ply look; costly)."""
        seat = self.game.to_move(state)
        keyed = [
            (-self.rewards(self.game.apply(state, m))[seat], rng.random(), i)
            for i, m in enumerate(moves)
        ]
        keyed.sort()
        return [moves[i] for _, _, i in keyed]


_cache: dict[str, Knowledge] = {}


def for_game(game: Game) -> Knowledge:
    """The knowledge of `game` its plug-in names (engine/contract/plugins.py), else the generic
    knowledge; one object per game id, made on first use."""
    if game.id not in _cache:
        part = plugin(game.id).knowledge if registered(game.id) else ""
        _cache[game.id] = (load(part) if part else Knowledge)(game)
    return _cache[game.id]
