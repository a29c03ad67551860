"""The searches the generator judges with: the analysis's Monte Carlo search (engine.ai.Search)
at playout budgets, its moves' chances calibrated as the analysis board shows them
(engine.ai.analysis), so a puzzle's numbers are the page's numbers.

Gwyddbwyll is judged by its alpha-beta instead (engine/games/gwyddbwyll/search.py, the hard
level's player): its Monte Carlo search misses short tactics (a piece left hanging, a mate
in two), so it saw one good move where there were several, or several where one wins a
rook.  The alpha-beta's score (pawns for the side to move; beyond WON a proven end) becomes
a chance as the game's evaluation's lead does (knowledge.lead_value), calibrated by the
game's `glance_curve` (fitted to the evaluation alone): a knight ahead is about 0.86, a
rook 0.95.  The same budgets in playouts give it the same time (NODES_PER_PLAYOUT nodes
each); its seed orders the equal moves at the root, so two seeds agree more often than two
Monte Carlo searches do.

Budgets are playouts, as the arena counts them: a level's think time
(engine.ai.THINK_SECONDS) times the game's nominal CPython rate (its knowledge's
`arena_rate`), so a run replays the same on any machine.  The deep verification searches
DEEP_TIMES the hard level's budget.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import games
from engine.ai import THINK_SECONDS, Search
from engine.ai.analysis import analyse, value
from engine.ai.calibration import calibrated
from engine.ai.knowledge import for_game
from engine.ai.mcts import Node, preference
from engine.contract.core import Game, State
from engine.games.gwyddbwyll.knowledge import lead_value
from engine.games.gwyddbwyll.rules import GwState
from engine.games.gwyddbwyll.search import WON, GwSearch

from .criteria import Judged

DEEP_TIMES = 10
ALPHA_BETA = frozenset({"gwyddbwyll"})  # the games judged by their alpha-beta
LEAD_CAP = 50.0  # pawns: a lead beyond this is as good as won (and keeps exp() in range)


def budget(game: Game, level: str, times: float = 1.0) -> int:
    """`level`'s budget in playouts in `game`, times `times`."""
    return max(10, round(THINK_SECONDS[level] * for_game(game).arena_rate * times))


@dataclass
class Judgement:
    """A search's judgement of a solver's position: its moves, the search's choice first
    (then by chance), the solver's chance there, and the search (for the replies)."""

    judged: list[Judged]
    chance: float
    search: Search | GwSearch
    playouts: int = 0  # its budget (an alpha-beta's reply is searched afresh with it)

    @property
    def choice(self) -> str:
        return self.judged[0].move

    def child(self) -> Node:
        """The Monte Carlo search's node of its choice."""
        assert isinstance(self.search, Search)
        game, root = self.search.game, self.search.root
        return next(c for c in root.children if game.notation(root.state, c.move) == self.choice)


def judge(game: Game, state: State, playouts: int, seed: int) -> Judgement:
    """The search of `playouts` playouts (seeded) of `state`, its moves judged.  When the
    search proves a win before its budget is spent, the other moves have had too little
    search to be judged: a second search of `playouts` without the winning move judges
    them (its value is the best of the others).  Gwyddbwyll: by the alpha-beta
    (`_alpha_beta_judge`)."""
    if game.id in ALPHA_BETA:
        return _alpha_beta_judge(game, state, playouts, seed)
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
    if game.id in ALPHA_BETA:
        return _alpha_beta_others(game, state, excluded, playouts, seed)
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
    when the tree has no visited reply there); the alpha-beta's, searched afresh."""
    if isinstance(judgement.search, GwSearch):
        game, state = games.get("gwyddbwyll"), judgement.search.state
        after = game.apply(state, game.parse(state, judgement.choice))
        search = _alpha_beta(game, after, judgement.playouts, seed=0)
        return None if search.best_move is None else game.notation(after, search.best_move)
    child = judgement.child()
    replies = [c for c in child.children if c.visits or c.exact is not None]
    if not replies:
        return None
    best = max(replies, key=preference(child.to_move))
    return judgement.search.game.notation(child.state, best.move)


def _alpha_beta(game: Game, state: State, playouts: int, seed: int, without: str = "") -> GwSearch:
    """The alpha-beta's search of `state` for `playouts` (as time), its root without the
    move `without` (notation) if given (no move left: not run, its best move None)."""
    assert isinstance(state, GwState)
    search = GwSearch(state, seed=seed)
    if without:
        search.moves = [m for m in search.moves if game.notation(state, m) != without]
        search.best_move = search.moves[0] if search.moves else None
    if search.moves:
        search.run(playouts=playouts)
    return search


def alpha_beta_chance(game: Game, score: float) -> float:
    """The side to move's chance from the alpha-beta's `score`: 1 or 0 for a proven end,
    else its lead's chance (knowledge.lead_value) through the game's glance curve."""
    if abs(score) >= WON:
        return 1.0 if score > 0 else 0.0
    lead = max(-LEAD_CAP, min(LEAD_CAP, score))
    return for_game(game).glance_curve(lead_value(lead))


def _alpha_beta_judge(game: Game, state: State, playouts: int, seed: int) -> Judgement:
    """`judge` by the alpha-beta: its choice, and the best of the others (`others`)."""
    search = _alpha_beta(game, state, playouts, seed)
    choice = game.notation(state, search.best())
    best = Judged(choice, alpha_beta_chance(game, search.value), search.value >= WON)
    judged = [best, *_alpha_beta_others(game, state, choice, playouts, seed)]
    return Judgement(judged, best.chance, search, playouts)


def _alpha_beta_others(
    game: Game, state: State, excluded: str, playouts: int, seed: int
) -> list[Judged]:
    """`others` by the alpha-beta: its search of the root without `excluded`."""
    search = _alpha_beta(game, state, playouts, seed, without=excluded)
    if search.best_move is None:
        return []
    return [Judged("(any other)", alpha_beta_chance(game, search.value), search.value >= WON)]
