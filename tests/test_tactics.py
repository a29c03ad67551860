"""Gwyddbwyll's short tactics (engine/games/gwyddbwyll/tactics.py), on positions whose answers are
worked by hand."""

from __future__ import annotations

from engine import games
from engine.games.gwyddbwyll.rules import BLACK, WHITE, state_from_pieces
from engine.games.gwyddbwyll.tactics import (
    TACTICS_MARGIN,
    attackers,
    exchange,
    move_score,
    sound_moves,
    swap_off,
)


def test_an_exchange_is_worth_what_the_swap_off_leaves():
    # A lone rook (5) taken by a pawn: 5.  A pawn (1) defended by a pawn, taken by a knight
    # (3): the knight is lost, so the taker does not start (0).  A knight defended by a pawn,
    # taken by a pawn: 3 - 1 = 2.  A rook defended by a knight, taken by a pawn: 5 - 1 = 4;
    # with a second attacker (a knight) the defender does not retake (its knight would be
    # lost for a pawn): 5.
    assert exchange(5.0, [1.0], []) == 5.0
    assert exchange(1.0, [3.0], [1.0]) == 0.0
    assert exchange(3.0, [1.0], [1.0]) == 2.0
    assert exchange(5.0, [1.0], [3.0]) == 4.0
    assert exchange(5.0, [1.0, 3.0], [3.0]) == 5.0
    assert exchange(1.0, [], [1.0]) == 0.0


def test_the_swap_off_is_negative_when_the_first_capture_loses():
    # A rook (5) takes a knight (3) that a knight defends: alone, the rook is lost for the
    # knight (3 - 5 = -2); with a second rook the defender's knight is taken back in turn,
    # so the defender is better off taking (3 - 5 + 3 = 1) than not (3): 1.  A pawn (1)
    # defended by a pawn, taken by a knight (3): -2; exchange says 0 (do not start).
    assert swap_off(3.0, [5.0], [3.0]) == -2.0
    assert swap_off(3.0, [5.0, 5.0], [3.0]) == 1.0
    assert swap_off(1.0, [3.0], [1.0]) == -2.0
    assert exchange(1.0, [3.0], [1.0]) == 0.0


def test_a_rook_behind_a_rook_of_its_own_is_an_attacker():
    # White's rooks c1 and c2 on the c-file below c6, a knight on a5; Black's rook c8 above
    # with its own rook c7 in front.  On c6 White has the knight and both rooks (the second
    # looks through the first); Black has the rook c7 and the rook c8 behind it.  A white
    # pawn on c4 blocks both white rooks; a black knight on c7 (it does not reach c6)
    # blocks the rook c8.
    pieces = {"e1": "K", "c1": "R", "c2": "R", "a5": "N", "g8": "k", "c7": "r", "c8": "r"}
    c6 = 5 * 8 + 2  # rank 6 is row 5 (from 0), file c column 2
    board = list(state_from_pieces(pieces).board)
    assert attackers(board, c6, WHITE) == [3.0, 5.0, 5.0]
    assert attackers(board, c6, BLACK) == [5.0, 5.0]
    blocked = list(state_from_pieces(pieces | {"c4": "P", "c7": "n"}).board)
    assert attackers(blocked, c6, WHITE) == [3.0]
    assert attackers(blocked, c6, BLACK) == []


def test_pawns_pushed_two_squares_into_a_pawns_reach_are_not_searched():
    # From the start every two-square push but the d-file's lands where an enemy pawn takes it
    # for nothing (a pawn given away: -1); the rest give nothing away (0) and are kept.
    game = games.get("gwyddbwyll")
    start = game.new()
    moves = game.legal_moves(start)
    kept = {game.notation(start, m) for m in sound_moves(list(start.board), WHITE, -1, moves)}
    given_away = {"a3a5", "b3b5", "c3c5", "e3e5", "f3f5", "g3g5", "h3h5"}
    assert kept == {game.notation(start, m) for m in moves} - given_away
    push = game.parse(start, "a3a5")
    assert move_score(list(start.board), WHITE, -1, push) == (-1.0, False)


def test_a_queen_left_to_a_bishops_jump_is_moved_and_checks_are_kept():
    # White: Ka1, fers (queen) e3, Rg2; Black: Kh8, bishop c5, pawn a7.  The bishop jumps
    # c5-e3 (two squares diagonally) onto the undefended queen: a move that leaves it there
    # gives away 1.5 and is not searched, unless it checks (the rook to h2 or g8); the
    # queen's four steps leave nothing en prise and are kept.
    game = games.get("gwyddbwyll")
    state = state_from_pieces(
        {"a1": "K", "e3": "Q", "g2": "R", "h8": "k", "c5": "b", "a7": "p"}, turn=WHITE
    )
    moves = game.legal_moves(state)
    kept = {game.notation(state, m) for m in sound_moves(list(state.board), WHITE, -1, moves)}
    assert {"e3d4", "e3f4", "e3d2", "e3f2"} <= kept
    assert {"g2h2", "g2g8"} <= kept  # checks
    assert not {"a1b1", "g2f2", "g2g5"} & kept
    assert move_score(list(state.board), WHITE, -1, game.parse(state, "g2f2")) == (-1.5, False)


def test_a_choice_is_never_cut_to_one_move():
    # White: Ka1, Nb1; Black: Kh8 and a rook on c3 the knight can take.  Nxc3 wins 5; every
    # other move wins nothing, more than TACTICS_MARGIN worse, yet the two best are kept:
    # one move left would read as a forced move to the search (no playout at all: the
    # analysis panel said "settled").
    game = games.get("gwyddbwyll")
    state = state_from_pieces({"a1": "K", "b1": "N", "h8": "k", "c3": "r"}, turn=WHITE)
    moves = game.legal_moves(state)
    scores = sorted((move_score(list(state.board), WHITE, -1, m)[0] for m in moves), reverse=True)
    assert len(moves) > 2 and scores[0] - scores[1] > TACTICS_MARGIN
    kept = sound_moves(list(state.board), WHITE, -1, moves)
    assert len(kept) == 2 and game.notation(state, kept[0]) == "b1c3"
