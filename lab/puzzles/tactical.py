"""Gwyddbwyll's candidates found by its alpha-beta, which sees the short tactics the graph's
Monte Carlo search misses (the reason the hard level plays by the alpha-beta:
engine/games/gwyddbwyll/search.py).

The other sources mark a mistake by the graph's chance; in Gwyddbwyll that chance often does
not move when a piece is left hanging or a mate is allowed, so those sources gave few
candidates that held.  Here, new games of the easy level against itself (its playout budget,
seeded), each move replaced with probability NOISE by a random legal move, are scanned by the
alpha-beta at SCAN_NODES nodes: after every move, the position's score for the side to move
(pawns; a proven end beyond search.WON).  A position is a candidate when that score rose by
at least SWING pawns over the same side's score before the opponent's move (a piece left
hanging, a tactic allowed), or became a proven win there: the candidate is then marked
proven, and solve.py tries the short forced win before anything else.  The two scores, as
the judge's chances (searching.alpha_beta_chance), must also pass the other sources' rule
(criteria.is_candidate): a side already a piece ahead, or still behind after the gain, has
no single good move to find, and the judge would only drop it.  The criteria a
candidate must pass are the other sources' (solve.py): only where mistakes are looked for
differs.  Keys "tac:<seed>:<ply>".
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from engine import games
from engine.ai import choose_move
from engine.ai.analysis import estimate
from engine.contract.core import Game
from engine.games.gwyddbwyll.rules import GwState
from engine.games.gwyddbwyll.search import WON, GwSearch
from lab.judgement import GRAPH_PLAYOUTS

from .candidates import NOISE, Candidate, mark_searched, searched
from .criteria import is_candidate
from .searching import alpha_beta_chance, budget

SCAN_NODES = 20_000  # the alpha-beta's nodes for each position of a game (0.4 s, CPython)
SWING = 3.0  # pawns: a knight's worth (tactics.VALUES) gained by the opponent's move
MAX_PLIES = 300  # a new game is cut off here (a random move can prolong a shuffle)
SCANNED = frozenset({"gwyddbwyll"})  # the games whose hard level is an alpha-beta


def scan(state: GwState, earlier: Sequence[GwState], seed: int) -> float:
    """The alpha-beta's score of `state` for the side to move, in pawns (beyond WON: a
    proven win), after SCAN_NODES nodes; `earlier` are the game's positions before it."""
    search = GwSearch(state, seed=seed, earlier=earlier)
    search.run(nodes=SCAN_NODES)
    return search.value


def is_tactical(game: Game, before: float, after: float) -> bool:
    """Whether a position is a candidate: the side to move's score `after` the opponent's
    move is a proven win it was not `before` it (the same side's score, the opponent's
    negated), or at least SWING pawns above it, and the two as chances are a candidate's
    (criteria.is_candidate).  A quicker win than one proven already is no mistake, nor a
    slower loss than one proven already."""
    if before >= WON or after <= -WON:
        return False
    if after < WON and after - before < SWING:
        return False
    return is_candidate(alpha_beta_chance(game, before), alpha_beta_chance(game, after))


def tactical(game_id: str, seed: int) -> Iterator[Candidate]:
    """The candidates of one new noisy game of the easy level against itself, found by the
    alpha-beta's scan (none for a game with no alpha-beta: SCANNED); none if a run took
    them all before (candidates.searched: the game is not played again)."""
    if game_id not in SCANNED or f"tac:{seed}" in searched(game_id):
        return
    yield from _scanned(game_id, seed)
    mark_searched(game_id, f"tac:{seed}")


def _scanned(game_id: str, seed: int) -> Iterator[Candidate]:
    """The game of `seed` played and scanned, its candidates as they come."""
    game = games.get(game_id)
    rng = random.Random(seed)
    playouts = budget(game, "easy")
    graph = GRAPH_PLAYOUTS.get(game_id, 60)
    states = [game.new()]
    moves: list[str] = []
    score = scan(states[0], (), seed)
    while len(moves) < MAX_PLIES:
        state = states[-1]
        legal = game.legal_moves(state)
        if rng.random() < NOISE and len(legal) > 1:
            move = legal[rng.randrange(len(legal))]
        else:
            move = choose_move(game, state, "easy", seed=rng.randrange(2**32), playouts=playouts)
        moves.append(game.notation(state, move))
        states.append(game.apply(state, move))
        if game.result(states[-1]) is not None:
            return
        before, score = -score, scan(states[-1], states[:-1], seed)
        if is_tactical(game, before, score):
            seat, ply = game.to_move(states[-1]), len(moves)
            chance = estimate(game, states[-1], graph, seed=ply)[seat]
            then = 1.0 - estimate(game, state, graph, seed=ply - 1)[1 - seat]
            key = f"tac:{seed}:{ply}"
            yield Candidate(key, tuple(moves), chance, chance - then, score >= WON)
