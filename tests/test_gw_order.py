"""The hard Gwyddbwyll search's move order (engine/games/gwyddbwyll/move_order.py) on hand-built
positions."""

from __future__ import annotations

from engine import games
from engine.games.gwyddbwyll.kernel import legal_moves_on
from engine.games.gwyddbwyll.move_order import MoveOrder
from engine.games.gwyddbwyll.rules import WHITE, state_from_pieces

GAME = games.get("gwyddbwyll")


def _ordered(order: MoveOrder, pieces: dict[str, str], first: str | None = None) -> list[str]:
    state = state_from_pieces(pieces)
    moves = legal_moves_on(state.board, WHITE, state.ep)
    table_move = None if first is None else GAME.parse(state, first)
    return [
        GAME.notation(state, move)
        for move in order.order(list(state.board), WHITE, moves, table_move, 1)
    ]


def test_a_losing_capture_comes_after_the_killers_and_a_winning_one_first():
    # d4xe5 wins a knight (3) with a pawn (1); Ra1xa5 gives the rook for the pawn b6
    # defends.  The order: the winning capture, the killer (Ke1-d1), the losing capture,
    # then the quiet moves.
    pieces = {"e1": "K", "a1": "R", "d4": "P", "e8": "k", "e5": "n", "a5": "p", "b6": "p"}
    order = MoveOrder(4)
    state = state_from_pieces(pieces)
    order.killers[1] = [GAME.parse(state, "e1d1"), None]
    ordered = _ordered(order, pieces)
    assert ordered[:3] == ["d4e5", "e1d1", "a1a5"]
    assert len(ordered) > 3


def test_the_tables_move_comes_before_every_capture():
    pieces = {"e1": "K", "a1": "R", "d4": "P", "e8": "k", "e5": "n", "a5": "p", "b6": "p"}
    assert _ordered(MoveOrder(4), pieces, first="e1f1")[:2] == ["e1f1", "d4e5"]


def test_the_dearer_victim_comes_first_and_then_the_cheaper_attacker():
    # The rook on a2 and the pawn on b4 can both take the knight on a5 (up the open a-file,
    # and diagonally); the rook can take the pawn on d2 too (along the rank).  Nothing is
    # defended.  Knight before pawn; for the knight, the pawn (1) before the rook (5).
    pieces = {"g1": "K", "a2": "R", "b4": "P", "e8": "k", "a5": "n", "d2": "p"}
    assert _ordered(MoveOrder(4), pieces)[:3] == ["b4a5", "a2a5", "a2d2"]


def test_a_cut_makes_the_move_the_first_killer_and_adds_its_depth_squared_to_its_history():
    order = MoveOrder(4)
    a, b = (1, 2), (3, 4)
    order.cut(a, 2, 3, [])
    order.cut(b, 2, 4, [])
    assert order.killers[2] == [b, a]
    order.cut(b, 2, 2, [])  # already the first killer: the killers stay as they are
    assert order.killers[2] == [b, a]
    assert order.history == {a: 9, b: 16 + 4}
    assert order.killers[1] == [None, None]


def test_the_quiet_moves_tried_before_a_cut_lose_what_it_gains():
    order = MoveOrder(4, {(5, 6): 10})
    order.cut((1, 2), 1, 3, [(5, 6), (7, 8)])
    assert order.history == {(1, 2): 9, (5, 6): 10 - 9, (7, 8): -9}


def test_a_cut_is_the_counter_move_to_the_move_before_it():
    order = MoveOrder(4)
    order.line[0], order.line[1] = (10, 11), (20, 21)
    order.cut((30, 31), 2, 1, [])
    order.cut((40, 41), 1, 2, [])
    assert order.counters == {(20, 21): (30, 31), (10, 11): (40, 41)}
    order.cut((50, 51), 0, 3, [])  # at the root no move came before
    assert len(order.counters) == 2


def test_the_counter_move_comes_after_the_killers_and_before_a_losing_capture():
    # As in the first test, with Ke1-d1 the killer: Ke1-f1 is the counter-move to the move
    # before (Black's e7-e8), Ra1xa5 the losing capture.
    pieces = {"e1": "K", "a1": "R", "d4": "P", "e8": "k", "e5": "n", "a5": "p", "b6": "p"}
    state = state_from_pieces(pieces)
    order = MoveOrder(4)
    order.killers[1] = [GAME.parse(state, "e1d1"), None]
    order.line[0] = (52, 60)
    order.counters[(52, 60)] = GAME.parse(state, "e1f1")
    assert _ordered(order, pieces)[:4] == ["d4e5", "e1d1", "e1f1", "a1a5"]


def test_quiet_moves_follow_their_history_and_a_taken_over_history_is_kept():
    # Kings only and a rook: no captures, no killers; the rook's moves a1-a4 and a1-d1
    # have cut off before (history 4 and 9), the rest never.
    pieces = {"e1": "K", "a1": "R", "e8": "k"}
    state = state_from_pieces(pieces)
    history = {GAME.parse(state, "a1a4"): 4, GAME.parse(state, "a1d1"): 9}
    order = MoveOrder(4, history)
    assert order.history is history
    assert _ordered(order, pieces)[:2] == ["a1d1", "a1a4"]
