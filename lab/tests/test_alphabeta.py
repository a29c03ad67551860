"""The yardstick (lab/alphabeta.py): an alpha-beta player for Gwyddbwyll, on positions whose
answers are worked by hand."""

from __future__ import annotations

from engine import games
from engine.games.gwyddbwyll.rules import BLACK, WHITE, state_from_pieces
from lab.alphabeta import AlphaBeta


def test_alpha_beta_takes_the_last_piece_and_parries_a_mate():
    # test_ai's positions: Ra1xa8 leaves Black a bare king (a win); with Black to move only
    # the knight's guard of a8 (b6, c7) or its checks (e7, f4) stop Ra8 mate.
    game = games.get("gwyddbwyll")
    pieces = {"e1": "K", "a1": "R", "h8": "k", "a8": "n"}
    take = state_from_pieces(pieces, turn=WHITE)
    assert game.notation(take, AlphaBeta().choose(take, 60.0, max_depth=2)) == "a1a8"
    threat = state_from_pieces({"g6": "K", "a1": "R", "h8": "k", "d5": "n"}, turn=BLACK)
    move = AlphaBeta().choose(threat, 60.0, max_depth=3)
    assert game.notation(threat, move) in ("d5b6", "d5c7", "d5e7", "d5f4")
