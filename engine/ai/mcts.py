"""Monte Carlo tree search (UCT) over the engine API, for any number of seats.

Each node keeps, for every seat, the total reward of the playouts through it;
a parent picks among its children by the reward of the seat to move there
(max^n style), so Rug Pile with three or four players is searched like a
two-player game.  On top of plain UCT:

- per-game knowledge (engine.ai.knowledge): playout policy, a depth limit
  after which the game's evaluation judges the position, move ordering;
- progressive widening: a node with many moves opens them one by one, in
  the knowledge's order, as its visits grow;
- a small solver: finished positions are exact, and a node is exact once a
  child gives its mover a certain win, or once every child is exact, so wins
  in one are always found and a losing reply is always seen;
- implicit minimax backups (Lanctot, Winands, Pepels and Sturtevant, 2014), for
  games whose knowledge judges leaves by evaluation: each node also keeps the
  minimax value of the evaluations below it, and selection mixes it into the
  mean with the knowledge's `minimax_weight` (0: plain UCT).

The search stops itself on its own budget (seconds and/or playouts), checked
after every playout: no threads, no signals, so it runs in a Web Worker.
`run` may be called again and again; the tree is kept in between.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..contract.core import Game, Move, State
from .knowledge import Knowledge, for_game

Rewards = tuple[float, ...]  # one reward in [0, 1] per seat

WIDEN_START = 6  # children open at once on a wide node
WIDEN_POWER = 0.5  # then one more each time visits**WIDEN_POWER passes a step


class Node:
    __slots__ = (
        "children",
        "exact",
        "minimax",
        "move",
        "mover",
        "moves",
        "state",
        "to_move",
        "totals",
        "visits",
    )

    def __init__(
        self, state: State, move: Move | None, mover: int | None, to_move: int, seats: int
    ):
        self.state = state
        self.move = move
        self.mover = mover  # the seat that played `move` into this node
        self.to_move = to_move
        self.moves: list | None = None  # untried-and-tried moves, in opening order
        self.children: list[Node] = []
        self.visits = 0
        self.totals = [0.0] * seats
        self.exact: Rewards | None = None  # proven rewards per seat, once known
        self.minimax: Rewards | None = None  # per seat: the minimax of the leaf values below

    def mean(self, seat: int) -> float:
        if self.exact is not None:
            return self.exact[seat]
        return self.totals[seat] / self.visits if self.visits else 0.0

    def known(self) -> Rewards | None:
        """The proven rewards, else the minimax of the leaf values below (None before any)."""
        return self.exact if self.exact is not None else self.minimax


def preference(seat: int) -> Callable[[Node], tuple]:
    """How `seat`, to move, ranks its children: a proven win first, a proven loss last,
    then by visits and by mean reward."""

    def key(child: Node) -> tuple:
        proven_win = child.exact is not None and child.exact[seat] >= 1.0
        proven_loss = child.exact is not None and child.exact[seat] <= 0.0
        return (proven_win, not proven_loss, child.visits, child.mean(seat))

    return key


class Search:
    """An incremental UCT search from one position.

    clock: where the search reads the time for a budget in seconds (time.perf_counter; a
           test may give it a clock of its own)."""

    def __init__(
        self,
        game: Game,
        state: State,
        seed: int | None = None,
        knowledge: Knowledge | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ):
        self.game = game
        self.know = knowledge or for_game(game)
        self.clock = clock
        self.rng = random.Random(seed)
        self.seats = game.num_seats(state)
        self.root = Node(state, None, None, game.to_move(state), self.seats)
        moves = list(self.know.root_moves(state))
        self.rng.shuffle(moves)
        self.root.moves = self.know.order_by_evaluation(state, moves, self.rng)
        self.playouts = 0
        self.elapsed = 0.0

    # ---- running

    @property
    def done(self) -> bool:
        """Whether more search cannot change the answer: the root's value is proven, or
        there is at most one move (a forced pass, say)."""
        return self.root.exact is not None or len(self.root.moves or ()) <= 1

    def run(self, seconds: float | None = None, playouts: int | None = None) -> None:
        """Search until `seconds` have passed or `playouts` more are done (either may be None),
        or until the search is done."""
        if self.done:
            return
        clock = self.clock
        began = clock()
        deadline = None if seconds is None else began + seconds
        target = None if playouts is None else self.playouts + playouts
        while self.root.exact is None:
            self._iterate()
            self.playouts += 1
            if target is not None and self.playouts >= target:
                break
            if deadline is not None and clock() >= deadline:
                break
        self.elapsed += clock() - began

    def _iterate(self) -> None:
        path = [self.root]
        node = self.root
        while True:
            if node.exact is not None:
                rewards = node.exact
                break
            child = self._expand(node, len(path) - 1)
            if child is not None:
                path.append(child)
                rewards = (
                    child.exact
                    if child.exact is not None
                    else self.know.playout(child.state, self.rng)
                )
                child.minimax = rewards
                break
            node = self._select(node)
            path.append(node)
        for n in path:
            n.visits += 1
            totals = n.totals
            for seat in range(self.seats):
                totals[seat] += rewards[seat]
        if self.know.minimax_weight:
            for n in reversed(path[:-1]):
                seat = n.to_move
                known = [values for values in map(Node.known, n.children) if values is not None]
                n.minimax = max(known, key=lambda values: values[seat])
        self._prove(path)

    def _expand(self, node: Node, depth: int) -> Node | None:
        """Open a new child of `node` (`depth` plies below the root) if one is due, else None."""
        moves = node.moves
        if moves is None:
            moves = node.moves = self.know.tree_moves(node.state, self.rng, depth)
        opened = len(node.children)
        if opened >= len(moves) or opened >= self._width(node, len(moves)):
            return None
        move = moves[opened]
        state = self.game.apply(node.state, move)
        child = Node(state, move, node.to_move, self.game.to_move(state), self.seats)
        result = self.game.result(state)
        if result is not None:
            child.exact = tuple(result.reward(seat) for seat in range(self.seats))
        node.children.append(child)
        return child

    def _width(self, node: Node, moves: int) -> int:
        """How many of a node's `moves` may be open now."""
        if moves <= self.know.widen_above:
            return moves
        return WIDEN_START + int((node.visits + 1) ** WIDEN_POWER)

    def _select(self, node: Node) -> Node:
        seat = node.to_move
        log_n = math.log(node.visits + 1)
        explore = self.know.exploration
        weight = self.know.minimax_weight
        best, best_value = node.children[0], -1.0
        for child in node.children:
            value = child.mean(seat)
            known = child.known() if weight else None
            if known is not None:
                value += weight * (known[seat] - value)
            value += explore * math.sqrt(log_n / (child.visits + 1))
            if value > best_value:
                best, best_value = child, value
        return best

    def _prove(self, path: list) -> None:
        """Mark nodes on `path` exact where their children now settle their value."""
        for node in reversed(path):
            if node.exact is not None:
                continue
            if not self._settle(node):
                return

    def _settle(self, node: Node) -> bool:
        moves = node.moves
        if not node.children or moves is None:
            return False
        seat = node.to_move
        proven = [c.exact for c in node.children if c.exact is not None]
        winning = [values for values in proven if values[seat] >= 1.0]
        if winning:
            node.exact = winning[0]
            return True
        if len(proven) == len(moves) and len(node.children) == len(moves):
            node.exact = max(proven, key=lambda values: values[seat])
            return True
        return False

    # ---- answers

    def best_child(self) -> Node | None:
        root = self.root
        if not root.children:
            return None
        return max(root.children, key=preference(root.to_move))

    def best(self) -> Move:
        """The move the search would play now."""
        moves = self.root.moves
        if not moves:
            raise ValueError("no legal move: the game is over")
        child = self.best_child()
        return moves[0] if child is None else child.move  # none open: the first in order

    def summary(self) -> dict:
        """Progress for a display: playouts, seconds spent, the best move so far (notation),
        its share of the root's visits and the mover's win estimate after it."""
        child = self.best_child()
        seat = self.root.to_move
        best = self.best() if self.root.moves else None
        return {
            "playouts": self.playouts,
            "elapsed": round(self.elapsed, 3),
            "best": None if best is None else self.game.notation(self.root.state, best),
            "visit_share": round(child.visits / self.root.visits, 3)
            if child is not None and self.root.visits
            else None,
            "win_estimate": round(child.mean(seat), 3) if child is not None else None,
            "proven": child is not None and child.exact is not None,
            "done": self.done,
        }
