"""The hard Gwyddbwyll player's quiescence search: what a position at the search's horizon is
worth once its captures are played out (search.py asks it at every leaf).

The side to move may stop (stand pat) at the evaluation of evaluation.py, or take.  It
tries the captures that can lift its score into the window, dearest victim first, then
cheapest attacker, and leaves out those that give a dearer piece for a defended one when the
swap-off on that square loses (tactics.py; a rook behind a rook counts): such
captures are mostly lost material, and leaving them out searches fewer nodes.  A side in check
may not stop: it has its best answer, captures first, and none is checkmate (were it allowed
to stand pat, a capture that mates would be worth its victim only).  A capture that leaves the
other side a bare king wins (web/rules/gwyddbwyll.html).
"""

from __future__ import annotations

from collections.abc import Callable

from . import evaluation as gw_eval
from .kernel import (
    KING,
    PAWN,
    Step,
    apply_on,
    attacked,
    count_pieces,
    legal_moves_on,
    piece,
    pseudo_captures,
    safe_after,
)
from .tactics import VALUES, attackers, piece_value, swap_off

MATE = 10_000.0  # a lost position's score, less the plies to it
PAWN_VALUE = VALUES[PAWN]
MARGIN = 0.5  # what a capture may lift the score beyond its victim (pawns): see `captures_to_try`


class Quiescence:
    """The quiescence search of one search: `tick` is called at each node it visits (the
    search counts its nodes so, and stops on time by raising from it)."""

    def __init__(self, tick: Callable[[], None]) -> None:
        self.tick = tick

    def score(  # noqa: PLR0913 (the node, its window, and what its caller knows of it)
        self,
        board: list[int],
        colour: int,
        ep: int,
        base: float,
        alpha: float,
        beta: float,
        ply: int,
        check: tuple[int, bool] | None = None,
    ) -> float:
        """The score for `colour`, to move, in the window (alpha, beta), once captures have
        been played out; `base` is the board's `gw_eval.score` and `ply` its distance from
        the search's root (a mate nearer the root is worth more).  `check` is the side to
        move's king square and whether it is in check, where the caller has found them (the
        main search has, at its horizon)."""
        if check is None:
            king = board.index(piece(colour, KING))
            in_check = attacked(board, king, 1 - colour)
        else:
            king, in_check = check
        if in_check:
            answers = legal_moves_on(board, colour, ep)
            if not answers:
                return -MATE + ply
            answers.sort(key=lambda move: -piece_value(board[move[1]]))
            return self._play_out(board, colour, ep, base, answers, -1, alpha, beta, ply)
        stand = gw_eval.evaluate(board, base, colour)
        if stand >= beta:
            return stand
        alpha = max(alpha, stand)
        captures = captures_to_try(board, colour, ep, stand, alpha)
        if not captures:
            return alpha
        return self._play_out(board, colour, ep, base, captures, king, alpha, beta, ply)

    def _play_out(  # noqa: PLR0913 (the node, its moves and its window)
        self,
        board: list[int],
        colour: int,
        ep: int,
        base: float,
        moves: list[Step],
        king: int,
        alpha: float,
        beta: float,
        ply: int,
    ) -> float:
        """The best of `moves` for `colour`, each followed by the quiescence search, in the
        window (alpha, beta).  The moves are pseudo-legal if `king` (its king's square) is
        given, and each is then tested before it is played; -1 if they are legal."""
        for frm, to in moves:
            if king >= 0 and not safe_after(board, frm, to, king, ep):
                continue
            self.tick()
            child = list(board)
            next_base = base + gw_eval.delta(board, frm, to, ep)
            next_ep = apply_on(child, frm, to, ep)
            if count_pieces(child, 1 - colour) <= 1:
                return MATE - ply - 1  # the opponent is left a bare king
            score = -self.score(child, 1 - colour, next_ep, next_base, -beta, -alpha, ply + 1)
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
        return alpha


def captures_to_try(
    board: list[int], colour: int, ep: int, stand: float, alpha: float
) -> list[Step]:
    """The pseudo-legal captures the quiescence search plays out for `colour`, standing at
    `stand` in a window from `alpha`, dearest victim first, then cheapest attacker: not
    those that cannot lift the score above alpha (with MARGIN to spare), nor those that give
    a dearer piece for a defended one where the exchange on that square loses."""
    keyed = []
    enemy = 1 - colour
    for move in pseudo_captures(board, colour, ep):
        gain = piece_value(board[move[1]]) or PAWN_VALUE  # nothing there: en passant
        if stand + gain + MARGIN <= alpha:
            continue
        cost = piece_value(board[move[0]])
        if cost > gain and attacked(board, move[1], enemy) and _loses(board, move, gain, cost):
            continue
        keyed.append((-gain, cost, move))
    keyed.sort()
    return [move for _, _, move in keyed]


def _loses(board: list[int], move: Step, gain: float, cost: float) -> bool:
    """Does the capture `move`, of a piece worth `gain` by one worth `cost`, lose material
    in the exchange on its square (the swap-off of tactics.py, x-rays counted)?"""
    frm, to = move
    colour = board[frm] >> 3
    takers = attackers(board, to, colour)
    takers.remove(cost)  # the capturing piece goes first, the others after it
    return swap_off(gain, [cost, *takers], attackers(board, to, 1 - colour)) < 0
