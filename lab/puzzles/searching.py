"""The searches the generator judges with: the analysis's Monte Carlo search (engine.ai.Search)
at playout budgets, its moves' chances calibrated as the analysis board shows them
(engine.ai.analysis), so a puzzle's numbers are the page's numbers.

Budgets are playouts, as the arena counts them: a level's think time
(engine.ai.THINK_SECONDS) times the game's nominal CPython rate (its knowledge's
`arena_rate`), so a run replays the same on any machine.  The deep verification searches
DEEP_TIMES the hard level's budget.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ai import THINK_SECONDS, Search
from engine.ai.analysis import analyse, value
from engine.ai.calibration import calibrated
from engine.ai.knowledge import for_game
from engine.ai.mcts import Node, preference
from engine.contract.core import Game, State

from .criteria import Judged

DEEP_TIMES = 10


def budget(game: Game, level: str, times: float = 1.0) -> int:
    """`level`'s budget in playouts in `game`, times `times`."""
    return max(10, round(THINK_SECONDS[level] * for_game(game).arena_rate * times))


@dataclass
class Judgement:
    """A search's judgement of a solver's position: its moves, the search's choice first
    (then by chance), the solver's chance there, and the search (for the replies)."""

    judged: list[Judged]
    chance: float
    search: Search

    @property
    def choice(self) -> str:
        return self.judged[0].move

    def child(self) -> Node:
        game, root = self.search.game, self.search.root
        return next(c for c in root.children if game.notation(root.state, c.move) == self.choice)


def judge(game: Game, state: State, playouts: int, seed: int) -> Judgement:
    """The search of `playouts` playouts (seeded) of `state`, its moves judged.  When the
    search proves a win before its budget is spent, the other moves have had too little
    search to be judged: a second search of `playouts` without the winning move judges
    them (its value is the best of the others)."""
    search = Search(game, state, seed=seed)
    search.run(playouts=playouts)
    root = search.root
    seat = root.to_move
    report = analyse(search, top=len(root.children))
    choice = game.notation(state, search.best())
    by_move = {c.move: c for c in report.best}
    ranked = [choice] + [c.move for c in report.best if c.move != choice]
    judged = [
        Judged(m, by_move[m].chance, by_move[m].proven and by_move[m].chance >= 1.0)
        if m in by_move
        else Judged(m, 0.0)
        for m in ranked
    ]
    if root.exact is not None and root.exact[seat] >= 1.0:
        judged = [judged[0], *others(game, state, choice, playouts, seed)]
    return Judgement(judged, report.chances[seat], search)


def others(game: Game, state: State, excluded: str, playouts: int, seed: int) -> list[Judged]:
    """The best of the moves other than `excluded` in `state`, as one Judged (empty when
    there is no other move): a search whose root lacks that move."""
    search = Search(game, state, seed=seed)
    search.root.moves = [m for m in search.root.moves or () if game.notation(state, m) != excluded]
    seat = search.root.to_move
    if not search.root.moves:
        return []
    if len(search.root.moves) == 1:  # a search with one move does not search: the after
        (move,) = search.root.moves
        after = Search(game, game.apply(state, move), seed=seed)
        after.run(playouts=playouts)
        chance = analyse(after, top=0).chances[seat]
        return [Judged(game.notation(state, move), chance, chance >= 1.0 and after.done)]
    search.run(playouts=playouts)
    proven = search.root.exact is not None
    values = value(search)
    chance = (
        values[seat] if proven else calibrated(values, seat, for_game(game).search_curve)[seat]
    )
    return [Judged("(any other)", chance, proven and chance >= 1.0)]


def reply(judgement: Judgement) -> str | None:
    """The opponent's best defence after the search's choice, from the search's tree (None
    when the tree has no visited reply there)."""
    child = judgement.child()
    replies = [c for c in child.children if c.visits or c.exact is not None]
    if not replies:
        return None
    best = max(replies, key=preference(child.to_move))
    return judgement.search.game.notation(child.state, best.move)
