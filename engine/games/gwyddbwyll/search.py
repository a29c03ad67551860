"""The hard Gwyddbwyll player: an alpha-beta search that can stop and go on.

The Monte Carlo search lost to a plain alpha-beta player (material and mobility) by short
tactics its playouts did not see.  The hard level therefore chooses its move by this search
instead (the Monte Carlo search stays the judge of
the analysis's chances).  Over the rules' own kernel (kernel.py):

- iterative deepening with a principal variation search (null windows after the first move);
- a transposition table of scores with their bounds and best moves, kept from one move of
  the game to the next (`previous`);
- move order (move_order.py): the table's move, captures (the most valuable victim,
  the cheapest attacker), two killer moves a ply, the counter-move to the move before,
  captures that give a dearer piece for a defended one, then quiet moves by their history
  of cut-offs;
- null-move pruning where a side has pieces enough that passing is no help to it (a side
  that cannot move loses here, so zugzwang is real with few pieces: then it is off), the
  search after the pass a ply shallower from NULL_DEEPER plies deep;
- a ply more when the side to move is in check, and late quiet moves searched a ply
  shallower (`LATE_FROM`: one ply, not more, as deeper reductions hid short tactics);
- futility within two plies of the horizon: a side far enough ahead of the window is taken
  to stay there, and one far enough behind it searches only captures and pawn moves;
- at the horizon, the quiescence search of quiescence.py: captures, leaving out
  those that give a dearer piece for a defended one and lose the exchange, and every answer
  to a check (a side in check may not stop);
- a position of the game or of the line come back to: no progress, worth a little less to
  the searcher than the position (`CONTEMPT`), as the table's search of it found it or, if
  the table has none, as the evaluation does; when it is ahead, less each time the game
  comes back to it, down to even less `CONTEMPT`, and when it is behind with one or two
  pieces left, even less `CONTEMPT` at once (`_repeated`); the rules have no draw by
  repetition, but a shuffle heads for the move limit's;
- the evaluation of evaluation.py (material and where the pieces stand), kept up to
  date move by move.

`GwSearch` has the interface of the Monte Carlo search the page's worker uses
(web/worker/thinker.py): `run(seconds, nodes)` may be called again and again (slices), and
`best()`, `done`, `elapsed`, `playouts` (here: nodes searched) and `summary()` answer.  A
stopped iteration is taken up again at the next `run`; the table keeps what it found.
Given the same side's search of its last move (`previous`), a search takes over its table
and history of cut-offs, as the worker and the match script do move after move: most of what
it found two plies ago is still to be found.  With a node budget it is deterministic for its
seed (the seed orders equal root moves) and its previous search.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from . import evaluation as gw_eval
from .kernel import (
    KING,
    OWN_KIND,
    PAWN,
    Step,
    apply_on,
    attacked,
    count_pieces,
    legal_moves_on,
    moves_to_try,
    piece,
    safe_after,
)
from .move_order import MoveOrder
from .quiescence import MATE, Quiescence
from .rules import GwState

WON = MATE - 1000  # scores beyond this are proven ends
CHECK_EVERY = 512  # nodes between looks at the clock
MAX_DEPTH = 64
# Positions the table keeps before it starts afresh: a bound on the worker's memory, as the
# table lives on from move to move (about 270 bytes a position in CPython: 27 MB)
TABLE_LIMIT = 100_000
NULL_REDUCTION = 2  # plies less for the search after a pass, and one more from NULL_DEEPER
NULL_DEEPER = 6
NULL_PIECES = 4  # null moves only for a side with this many pieces besides king and pawns
EXACT, LOWER, UPPER = 0, 1, 2
# Futility: within FUTILE_DEPTH plies of the horizon, a side FUTILE_MARGIN pawns a ply
# beyond the window is taken to stay there through quiet moves.
FUTILE_DEPTH = 2
FUTILE_MARGIN = 1.0
# Late move reductions: a node's quiet moves from the LATE_FROM-th (from 0) on are searched
# a ply shallower, from LATE_DEPTH plies to go, unless the side to move is in check.  A
# reduced move that beats alpha is searched again in full.
LATE_FROM = 4
LATE_DEPTH = 3
CONTEMPT = 0.5  # what coming back to a position costs the searcher (`_repeated`), in pawns
# Pieces besides its king a searcher behind needs to play on rather than come back: with
# fewer, its last pieces can be hunted down, and a bare king loses (`_repeated`).
PLAY_ON_PIECES = 3
# Nodes of this search in the CPU time of one of the Monte Carlo search's playouts (about
# 53,000 a second against 2,100, CPython, mid-game)
NODES_PER_PLAYOUT = 25


class OutOfTime(Exception):
    pass


class GwSearch:
    """An iterative-deepening search from `state`; `clock` reads the time for budgets."""

    def __init__(
        self,
        state: GwState,
        seed: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        earlier: Iterable[GwState] = (),
        previous: object = None,
    ) -> None:
        self.state = state
        # The game's positions before this one, each with how often it came: coming back to
        # one (or to one on the search's own path) is no progress, scored by `_repeated` (the
        # rules have no draw by repetition: a shuffle runs on).
        self.earlier = Counter((bytes(s.board), s.turn, s.ep) for s in earlier)
        self.path: set[tuple] = set()
        self.clock = clock
        self.board = list(state.board)
        self.colour, self.ep = state.turn, state.ep
        moves = legal_moves_on(self.board, self.colour, self.ep)
        random.Random(seed).shuffle(moves)
        self.moves = moves
        self.table: dict[tuple, tuple[int, int, float, Step | None]] = {}
        history: dict[Step, int] | None = None
        if isinstance(previous, GwSearch) and previous.colour == self.colour:
            # The same side's search of an earlier move of the game: what it found about the
            # positions both reach still holds, and spares the first iterations their work.
            # (The other side's would score repetitions the other way: CONTEMPT.)
            self.table, history = previous.table, previous.order.history
        # killers for each ply a line can reach: the iteration's depth and its extensions
        self.order: MoveOrder = MoveOrder(MAX_DEPTH + 32, history)
        self.quiescence = Quiescence(self._tick)
        self.depth = 0  # the deepest iteration finished
        self.value = 0.0  # its score for the side to move
        self.best_move: Step | None = moves[0] if moves else None
        self.playouts = 0  # nodes searched (the Monte Carlo search's name for its work)
        self.elapsed = 0.0
        self.deadline = float("inf")
        self.node_limit = 0
        self.finished = len(moves) <= 1

    # ---- running

    @property
    def done(self) -> bool:
        """No more search can change the move: one move only, a proven end, or full depth."""
        return self.finished

    def run(
        self, seconds: float | None = None, playouts: int | None = None, nodes: int | None = None
    ) -> None:
        """Search on until `seconds` have passed or `nodes` more are searched (any may be
        None).  `playouts`, the Monte Carlo search's budget (the arena's), counts as
        NODES_PER_PLAYOUT nodes each: about as long in CPython."""
        if self.finished:
            return
        if playouts is not None:
            nodes = playouts * NODES_PER_PLAYOUT
        began = self.clock()
        self.deadline = float("inf") if seconds is None else began + seconds
        self.node_limit = 0 if nodes is None else self.playouts + nodes
        try:
            while self.depth < MAX_DEPTH:
                self._iteration(self.depth + 1)
                if abs(self.value) >= WON:
                    self.finished = True
                    break
        except OutOfTime:
            pass
        self.elapsed += self.clock() - began

    def _iteration(self, depth: int) -> None:
        """One root search `depth` plies deep; a move that proves better than the last
        iteration's best is taken at once, even if the iteration does not finish."""
        board, colour, ep = self.board, self.colour, self.ep
        base = gw_eval.score(board)
        self.path = set(self.earlier)
        self.path.add((bytes(board), colour, ep))
        moves = self._root_order()
        alpha, beta = -2 * MATE, 2 * MATE
        best = moves[0]
        for i, move in enumerate(moves):
            child = list(board)
            change = gw_eval.delta(board, move[0], move[1], ep)
            next_ep = apply_on(child, move[0], move[1], ep)
            self.order.line[0] = move
            args = (child, 1 - colour, next_ep, base + change)
            if i == 0:
                score = -self._search(*args, depth - 1, -beta, -alpha, 1, True)
            else:
                score = -self._search(*args, depth - 1, -alpha - 0.001, -alpha, 1, True)
                if score > alpha:
                    score = -self._search(*args, depth - 1, -beta, -alpha, 1, True)
            if score > alpha:
                alpha, best = score, move
                self.best_move = best  # proven better, even if the iteration stops
        self.best_move, self.value, self.depth = best, alpha, depth
        self.table[(bytes(board), colour, ep)] = (depth, EXACT, alpha, best)

    def _root_order(self) -> list[Step]:
        """The root's moves: the best so far first, then captures, then the rest."""
        return self.order.order(self.board, self.colour, list(self.moves), self.best_move, 0)

    # ---- search

    def _search(  # noqa: C901, PLR0912, PLR0913, PLR0915 (one node of the search, kept whole for speed)
        self,
        board: list[int],
        colour: int,
        ep: int,
        base: float,
        depth: int,
        alpha: float,
        beta: float,
        ply: int,
        null_ok: bool,
    ) -> float:
        """The score of the position for `colour`, to move, searched `depth` plies in the
        window (alpha, beta); `base` is its `gw_eval.score`, `ply` its distance from the
        root, and `null_ok` whether passing may be tried (not twice in a row)."""
        self._tick()
        key = (bytes(board), colour, ep)
        if key in self.path:  # a position seen before: no progress
            return self._come_back(key, board, base)
        if count_pieces(key[0], colour) <= 1:
            # a bare king has lost, even at the horizon, where the quiescence search would
            # let it take the other side's last piece back
            return -MATE + ply
        king = board.index(piece(colour, KING))
        in_check = attacked(board, king, 1 - colour)
        if in_check:
            depth += 1
        if depth <= 0:
            return self.quiescence.score(
                board, colour, ep, base, alpha, beta, ply, (king, in_check)
            )
        known_move = None
        known = self.table.get(key)
        if known is not None:
            known_move = known[3]
            settled = _settled(known, depth, alpha, beta, ply)
            if settled is not None:
                return settled
        static = _near_horizon(board, colour, base, depth, alpha, beta, in_check)
        if static is not None and static - FUTILE_MARGIN * depth >= beta:
            return static  # so far ahead that a few quiet plies will not bring it down
        # as much as quiet moves are taken to gain before the horizon
        hope = None if static is None else static + FUTILE_MARGIN * depth
        if null_ok and not in_check and self._passing_holds(board, colour, base, depth, beta, ply):
            return beta
        original = alpha
        best, best_score = None, -2 * MATE
        self.path.add(key)
        line = self.order.line
        tried: list[Step] = []  # quiet moves searched without a cut-off
        i = -1
        for i, move in enumerate(
            self._in_order(board, colour, ep, known_move, ply, king, in_check)
        ):
            frm, to = move
            quiet = not board[to] and board[frm] & 7 != PAWN
            if quiet and i > 0 and hope is not None and hope <= alpha:
                best_score = max(best_score, hope)
                continue  # too far behind for a quiet move to catch up before the horizon
            child = list(board)
            next_base = base + gw_eval.delta(board, frm, to, ep)
            next_ep = apply_on(child, frm, to, ep)
            line[ply] = move
            reduce = 1 if quiet and not in_check and i >= LATE_FROM and depth >= LATE_DEPTH else 0
            if i == 0:
                score = -self._search(
                    child, 1 - colour, next_ep, next_base, depth - 1, -beta, -alpha, ply + 1, True
                )
            else:
                score = -self._search(
                    child, 1 - colour, next_ep, next_base, depth - 1 - reduce, -alpha - 0.001,
                    -alpha, ply + 1, True,
                )  # fmt: skip
                if score > alpha and (reduce or score < beta):
                    score = -self._search(
                        child, 1 - colour, next_ep, next_base, depth - 1, -beta, -alpha, ply + 1,
                        True,
                    )  # fmt: skip
            if score > best_score:
                best_score, best = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if quiet:
                            self.order.cut(move, ply, depth, tried)
                        break
            if quiet:
                tried.append(move)
        self.path.discard(key)
        if i < 0:
            return -MATE + ply  # no legal move: checkmate and stalemate both lose
        flag = UPPER if best_score <= original else LOWER if best_score >= beta else EXACT
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()  # the next iteration refills it
        self.table[key] = (depth, flag, _to_table(best_score, ply), best)
        return best_score

    def _come_back(self, key: tuple, board: list[int], base: float) -> float:
        """The score, for the side to move, of a position of the game or of the search's
        line come back to (`_repeated`); `key` is the position's, `base` its
        `gw_eval.score`.  The position is worth what the table's search of it found (a
        bound, where that search was cut off, taken as the value), or its evaluation if
        the table has none or a proven end: new positions are scored by search, which sees
        threats the evaluation does not, so an evaluation would flatter the return."""
        colour = key[1]
        mine = colour == self.colour
        known = self.table.get(key)
        if known is not None and abs(known[2]) < WON:
            worth = known[2]
        else:
            worth = gw_eval.evaluate(board, base, colour)
        pieces = count_pieces(key[0], self.colour) - 1
        return _repeated(worth if mine else -worth, mine, self.earlier.get(key, 1), pieces)

    def _in_order(
        self,
        board: list[int],
        colour: int,
        ep: int,
        first: Step | None,
        ply: int,
        king: int,
        in_check: bool,
    ) -> Iterator[Step]:
        """The legal moves of a node in the order to try them (move_order.py).  The
        table's move of the node (`first`), legal there as the table's key is the whole
        position, comes before the others are even listed: alone, it often cuts the node
        off, and then listing and ordering the rest would be wasted.  So is trying out the
        king's safety after moves the search never reaches: the rest are listed
        pseudo-legal and each is tried out, where it could expose the king, only when its
        turn comes."""
        if first is not None:
            yield first
        moves, suspects = moves_to_try(board, colour, ep, king, in_check)
        if first is not None:
            moves = [move for move in moves if move != first]
        work = list(board)
        for move in self.order.order(board, colour, moves, None, ply):
            frm, to = move
            if (suspects is None or frm in suspects or to == ep) and not safe_after(
                work, frm, to, king, ep
            ):
                continue
            yield move

    def _passing_holds(
        self, board: list[int], colour: int, base: float, depth: int, beta: float, ply: int
    ) -> bool:
        """Null-move pruning: would the side to move, with pieces enough that passing is no
        help to it, stay at or above beta even if it passed (searched NULL_REDUCTION plies
        shallower, a ply more from NULL_DEEPER plies deep)?  Not tried near the horizon or
        against a proven end."""
        if depth < 3 or beta >= WON or _officers(board, colour) < NULL_PIECES:
            return False
        if gw_eval.evaluate(board, base, colour) < beta:
            return False
        self.order.line[ply] = None  # the pass
        reduction = NULL_REDUCTION + (depth >= NULL_DEEPER)
        score = -self._search(
            board, 1 - colour, -1, base, depth - 1 - reduction, -beta, -beta + 0.001, ply + 1,
            False,
        )  # fmt: skip
        return score >= beta

    def _tick(self) -> None:
        self.playouts += 1
        if self.playouts % CHECK_EVERY == 0 and self.clock() >= self.deadline:
            raise OutOfTime
        if self.node_limit and self.playouts >= self.node_limit:
            raise OutOfTime

    # ---- answers

    def best(self) -> Step:
        """The move the search would play now."""
        if self.best_move is None:
            raise ValueError("no legal move: the game is over")
        return self.best_move

    def summary(self) -> dict:
        """Progress for a display, as the Monte Carlo search gives it: nodes searched (as
        playouts), seconds, the best move so far, the depth reached."""
        from .. import get

        best = self.best_move
        return {
            "playouts": self.playouts,
            "elapsed": round(self.elapsed, 3),
            "best": None if best is None else get("gwyddbwyll").notation(self.state, best),
            "depth": self.depth,
            "done": self.done,
        }


def _officers(board: list[int], colour: int) -> int:
    """How many pieces `colour` has besides its king and pawns."""
    kinds = bytes(board).translate(OWN_KIND[colour])
    return 64 - kinds.count(0) - kinds.count(PAWN) - 1


def _repeated(worth: float, searchers_move: bool, times: int, pieces: int) -> float:
    """The score, for the side to move, of a position come back to (of the game or of the
    search's line), given the position's worth for the searcher (`worth`: the table's
    search of it, or its evaluation, `GwSearch._come_back`), how many times the game has
    been there (`times`, at least 1) and how many pieces besides its king the searcher has
    (`pieces`).  It is no progress: a shuffle heads for the move limit's draw, which is
    worth CONTEMPT less than even to the searcher.

    - When the searcher is ahead, a position the game came to once is worth the position
      less CONTEMPT (it can leave the cycle later, so it gives nothing away to escape one
      now: scored as the draw whatever the position, a side 2.5 pawns up gave up a bishop
      for a new position); each return costs CONTEMPT more, down to the draw's worth, since
      a position that keeps coming back is a shuffle the other side holds.
    - When it is behind with PLAY_ON_PIECES or more, it is worth the position less
      CONTEMPT: the searcher plays on for a new position rather than shuffle to the draw
      (taken as the draw's worth, a side a pawn down shuffles to the move limit with
      chances left to win it back).
    - When it is behind with fewer, the draw's worth: a side with one or two pieces left
      that plays on is hunted down to a bare king."""
    if worth < 0 and pieces >= PLAY_ON_PIECES:
        for_searcher = worth - CONTEMPT
    else:
        for_searcher = max(max(worth, 0.0) - CONTEMPT * times, -CONTEMPT)
    return for_searcher if searchers_move else -for_searcher


def _near_horizon(
    board: list[int],
    colour: int,
    base: float,
    depth: int,
    alpha: float,
    beta: float,
    in_check: bool,
) -> float | None:
    """The position's value for futility pruning: within FUTILE_DEPTH plies of the horizon,
    not in check, and no proven end inside the window; else None (no futility here)."""
    if in_check or depth > FUTILE_DEPTH or alpha <= -WON or beta >= WON:
        return None
    return gw_eval.evaluate(board, base, colour)


def _settled(
    known: tuple[int, int, float, Step | None], depth: int, alpha: float, beta: float, ply: int
) -> float | None:
    """The table's score for a node if it settles the node's search (deep enough, and exact
    or a bound beyond the window), else None."""
    k_depth, flag, k_score, _ = known
    if k_depth < depth:
        return None
    k_score = _from_table(k_score, ply)
    if (
        flag == EXACT
        or (flag == LOWER and k_score >= beta)
        or (flag == UPPER and k_score <= alpha)
    ):
        return k_score
    return None


def _to_table(score: float, ply: int) -> float:
    """A proven end's score as distance from the node (the table is shared across plies)."""
    if score >= WON:
        return score + ply
    if score <= -WON:
        return score - ply
    return score


def _from_table(score: float, ply: int) -> float:
    if score >= WON:
        return score - ply
    if score <= -WON:
        return score + ply
    return score
