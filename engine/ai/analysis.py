"""The computer's judgement of a position, for the analysis board and the game's graph.

    search = ai.Search(game, state, seed=1)
    search.run(seconds=0.2)
    report = analyse(search)          # each seat's win chance, the best moves, the line
    report.to_json()                  # what the worker sends to the page

An `Analysis` says, from the search so far: each seat's chance to win, the best moves at
the root with the mover's chance after each, the principal line in notation, and where
the game counts points (Stigmergy) the first seat's expected margin.  A finished game is
judged by its result; a forced move by a search of the position after it.  `glance` is
the judgement before any search (the game's knowledge alone, at once, for the page to
show while the search starts); `estimate` the judgement of one
position at a fixed number of playouts (the graph's point per ply).  Every chance is the
search's value calibrated per game (engine/ai/calibration.py).  Pure Python: the same in
CPython and the worker.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from ..contract.core import Game, State
from .calibration import calibrated
from .knowledge import for_game
from .mcts import Node, Search, preference

TOP_MOVES = 3  # best moves reported
LINE_PLIES = 8  # longest principal line reported
LINE_VISITS = 2  # a node on the line needs this many visits to count
FORCED_PLAYOUTS = 400  # a forced move is judged by a search of this many after it


@dataclass(frozen=True)
class Candidate:
    """A move at the root: its notation, the mover's win chance after it, how many
    playouts went through it, and whether its value is proven."""

    move: str
    chance: float
    visits: int
    proven: bool


@dataclass(frozen=True)
class Analysis:
    to_move: int  # the seat to move, -1 once the game is over
    chances: tuple[float, ...]  # each seat's win chance, in [0, 1]
    best: tuple[Candidate, ...]  # the best moves, best first
    line: tuple[str, ...]  # the principal line, in notation
    margin: float | None  # first seat's expected points minus the second's
    playouts: int
    elapsed: float
    done: bool  # more search cannot change it

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Analysis:
        best = tuple(Candidate(**c) for c in data["best"])
        return cls(
            **{
                **data,
                "chances": tuple(data["chances"]),
                "best": best,
                "line": tuple(data["line"]),
            }
        )


def value(search: Search) -> tuple[float, ...]:
    """Each seat's value of the root after the search so far, before calibration: the proven
    rewards once known; else, where the knowledge judges by playouts, the mean reward of every
    playout through the root; where it judges by evaluation alone (`judge_by_best_move`), the
    best move's mean.

    The best move's mean is a maximum over noisy means when playouts judge: at the graph's
    budget each move has a few playouts, and the one the search prefers is the one whose
    playouts went well, so its mean leans 25-35 points towards the side to move
    (docs/judgement.md).  The root's mean has no such maximum in it; as the search grows it
    goes the best move's way, since that move takes most of the playouts."""
    game, root = search.game, search.root
    seats = game.num_seats(root.state)
    if root.exact is not None:
        return tuple(root.exact)
    if search.know.judge_by_best_move and root.children:
        best = max(root.children, key=preference(root.to_move))
        if best.visits or best.exact is not None:
            return tuple(best.mean(s) for s in range(seats))
    if root.visits:
        return tuple(total / root.visits for total in root.totals)
    return tuple(search.know.rewards(root.state))


def analyse(search: Search, top: int = TOP_MOVES) -> Analysis:
    """The search's judgement so far of its root position: `value` calibrated
    (engine/ai/calibration.py) into each seat's chance."""
    game, root = search.game, search.root
    seat = root.to_move if game.result(root.state) is None else -1
    if root.visits == 0 and seat >= 0 and len(root.moves or ()) == 1:
        return _forced(search, seat)
    ranked = sorted(root.children, key=preference(seat), reverse=True)
    curve = for_game(game).search_curve
    prior = None if search.know.judge_by_best_move else _prior(root, seat)
    chances = value(search)
    if root.exact is None:
        chances = calibrated(chances, seat, curve)
    best = tuple(
        Candidate(
            game.notation(root.state, c.move),
            round(_chance_after(c, seat, curve, prior), 3),
            c.visits,
            c.exact is not None,
        )
        for c in ranked[:top]
    )
    # the search's best moves, in the order of the chances they show (a list read as 15%
    # above 16% is read as wrong); equal chances keep the search's order
    best = tuple(sorted(best, key=lambda c: -c.chance))
    line, end = _line(search)
    return Analysis(
        seat,
        _rounded(chances),
        best,
        line,
        _margin(search, end),
        search.playouts,
        round(search.elapsed, 3),
        search.done,
    )


def _prior(root: Node, seat: int) -> tuple[float, float] | None:
    """(the root's mean for `seat`, how many playouts' weight it gets in a move's mean), by
    empirical Bayes over the root's moves: the moves' means spread around the root's mean by
    their true differences plus their playouts' noise; the weight is the noise's variance over
    the true differences' (a move's mean is a mean of few playouts, and the move the search
    prefers is the one whose playouts went well: left alone, the best moves' chances would
    stand well above the position's).  None when the moves are too few to say."""
    moves = [c for c in root.children if c.visits and c.exact is None]
    if seat < 0 or len(moves) < 2 or not root.visits:
        return None
    visits = sum(c.visits for c in moves)
    mean = root.totals[seat] / root.visits
    spread = sum(c.visits * (c.mean(seat) - mean) ** 2 for c in moves) / visits
    noise = max(mean * (1.0 - mean), 0.01)  # a playout's variance, about
    differences = spread - noise * len(moves) / visits
    return mean, (noise / differences if differences > 0 else math.inf)


def _chance_after(child: Node, seat: int, curve, prior: tuple[float, float] | None) -> float:
    """The mover's chance after a move at the root: proven, or its mean (drawn towards the
    root's by `prior`, see _prior) through `curve`."""
    if child.exact is not None:
        return child.exact[seat]
    if seat not in (0, 1) or len(child.totals) != 2:
        return child.mean(seat)
    value = child.mean(seat)
    if prior is not None:
        mean, weight = prior
        value = (
            mean
            if math.isinf(weight)
            else (child.totals[seat] + weight * mean) / (child.visits + weight)
        )
    return curve(value)


def _forced(search: Search, seat: int) -> Analysis:
    """A position with one move, which the search does not play out: judged by that move's
    outcome, the position after it searched (FORCED_PLAYOUTS; a chain of forced moves
    followed to its end, a result exact), never by a glance at it."""
    game, state = search.game, search.root.state
    move = (search.root.moves or [None])[0]
    after = game.apply(state, move)
    text = game.notation(state, move)
    follow = Search(game, after, seed=search.rng.randrange(2**31))
    follow.run(playouts=FORCED_PLAYOUTS)
    then = analyse(follow, top=0)
    proven = game.result(after) is not None or follow.root.exact is not None
    if then.playouts == 0 and then.best:  # forced again: its own chain's judgement
        proven = then.best[0].proven
    best = (Candidate(text, then.chances[seat], then.playouts, proven),)
    return Analysis(
        seat,
        then.chances,
        best,
        (text, *then.line),
        then.margin,
        then.playouts,
        round(search.elapsed + follow.elapsed, 3),
        True,
    )


def _glanced(game: Game, state: State) -> tuple[float, ...]:
    """Each seat's chance by the game's knowledge alone: the result once over, else its
    evaluation calibrated (engine/ai/calibration.py: GLANCE)."""
    rewards = tuple(for_game(game).rewards(state))
    if game.result(state) is not None:
        return rewards
    return calibrated(rewards, game.to_move(state), for_game(game).glance_curve)


def glance(game: Game, state: State) -> Analysis:
    """The judgement before any search: the game's knowledge of each seat's chances (the
    exact result once the game is over), no best moves yet."""
    over = game.result(state) is not None
    margin = _margin_of(game, state)
    return Analysis(
        -1 if over else game.to_move(state),
        _rounded(_glanced(game, state)),
        (),
        (),
        margin,
        0,
        0.0,
        over,
    )


def estimate(game: Game, state: State, playouts: int, seed: int = 0) -> tuple[float, ...]:
    """Each seat's win chance in `state` after a search of `playouts` playouts (the graph's
    point per ply): `value` calibrated, as `analyse` reports it."""
    search = Search(game, state, seed=seed)
    search.run(playouts=playouts)
    return analyse(search, top=0).chances


def _line(search: Search) -> tuple[tuple[str, ...], State]:
    """The principal line from the root (notation) and the position at its end."""
    game, node = search.game, search.root
    moves: list[str] = []
    while len(moves) < LINE_PLIES and node.children:
        child = max(node.children, key=preference(node.to_move))
        if child.visits < LINE_VISITS and child.exact is None:
            break
        moves.append(game.notation(node.state, child.move))
        node = child
    return tuple(moves), node.state


def _rounded(chances) -> tuple[float, ...]:
    return tuple(round(c, 3) for c in chances)


def _margin(search: Search, end: State) -> float | None:
    return _margin_of(search.game, end)


def _margin_of(game: Game, state: State) -> float | None:
    """The first seat's expected margin in `state` (None where the game counts no points):
    the final one once over, else the knowledge's estimate through calibration's MARGIN."""
    knowledge = for_game(game)
    margin = knowledge.margin(state)
    if margin is None:
        return None
    if game.result(state) is None and knowledge.margin_line is not None:
        margin = knowledge.margin_line(margin, game.to_move(state))
    return round(margin, 1)
