"""The hard Gwyddbwyll player's evaluation terms (engine/games/gwyddbwyll/evaluation.py) on
hand-built positions, with values counted by hand from the rules' moves
(web/rules/gwyddbwyll.html)."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from engine.games.gwyddbwyll import evaluation as gw_eval
from engine.games.gwyddbwyll.evaluation import (
    BACK_RANK,
    BOXED,
    FEW,
    HUNT_EDGE,
    HUNT_NEAR,
    PAWNLESS,
    ROOK_FREE,
    ROOK_OPEN,
    STUCK,
    TRADE,
    back_rank,
    counts,
    evaluate,
    hunt,
    mobility,
    pawnless,
    reach,
    retune,
    score,
    stuck_side,
)
from engine.games.gwyddbwyll.kernel import BISHOP, KING, KNIGHT, QUEEN, ROOK, piece
from engine.games.gwyddbwyll.rules import BLACK, WHITE, state_from_pieces


def board(pieces: dict[str, str]) -> list[int]:
    return list(state_from_pieces(pieces).board)


def test_a_rook_gains_for_each_square_along_its_lines_and_an_open_file():
    # Ra1 (kings h1, h8): up a2-a8 is 7 squares, along the first rank b1-g1 is 6 (h1 is its
    # own king's): 13 free squares, and the a-file has no White pawn.
    assert mobility(board({"a1": "R", "h1": "K", "h8": "k"})) == pytest.approx(
        13 * ROOK_FREE + ROOK_OPEN
    )


def test_a_rook_counts_an_enemy_piece_it_could_take_but_not_its_own_pawns_square():
    # Rd4 with its own pawn d2 and a Black pawn d6 (kings a1, h8): d5 and d6 (it takes there)
    # up, d3 down (d2 is its own), c4-a4 (3) and e4-h4 (4): 10 squares; the d-file holds a
    # White pawn, so no open-file bonus.  Pawns themselves add nothing here.
    pieces = {"d4": "R", "d2": "P", "d6": "p", "a1": "K", "h8": "k"}
    assert mobility(board(pieces)) == pytest.approx(10 * ROOK_FREE)


def test_blacks_rook_counts_against_white():
    # The first test's position mirrored in colour: Ra8 for Black, kings h8 (Black), h1.
    assert mobility(board({"a8": "r", "h8": "k", "h1": "K"})) == pytest.approx(
        -(13 * ROOK_FREE + ROOK_OPEN)
    )


def test_a_rook_with_no_square_is_boxed_in():
    # Ra1 behind its own pawn a2 and knight b1 (kings h1, h8): no square, and the a-file has
    # its pawn, so the rook is worth -BOXED; the knight has a3, c3 and d2: not boxed.
    pieces = {"a1": "R", "a2": "P", "b1": "N", "h1": "K", "h8": "k"}
    assert mobility(board(pieces)) == pytest.approx(-BOXED)


def test_a_rook_with_one_square_is_boxed_in_too():
    # Black's Rf6 as in the 4x game: f7 empty, f8 its bishop, f5, e6 and g6 its pawns
    # (kings e8, a1): one square, f7.  The f-file holds its pawn f5.  Black's rook is worth
    # 1 * ROOK_FREE - BOXED, counted against White; the bishop f8 jumps to d6 or h6 (two
    # squares: not boxed).
    pieces = {"f6": "r", "f8": "b", "f5": "p", "e6": "p", "g6": "p", "e8": "k", "a1": "K"}
    assert mobility(board(pieces)) == pytest.approx(-(ROOK_FREE - BOXED))


def test_a_knight_bishop_and_queen_are_boxed_in_by_their_own_pieces():
    # Knight a1: b3 and c2, both its own pawns' -> no square.  Bishop (jumps two diagonally)
    # h1: only f3, its own pawn's.  Queen (fers, one diagonal step) a8: only b7, empty ->
    # one square.  Each is boxed in: 3 * BOXED against White.  (Kings e1, e8; pawns add
    # nothing themselves.)
    pieces = {"a1": "N", "b3": "P", "c2": "P", "h1": "B", "f3": "P", "a8": "Q"}
    pieces |= {"e1": "K", "h8": "k"}
    assert mobility(board(pieces)) == pytest.approx(-3 * BOXED)


def test_a_leaper_with_two_squares_is_not_boxed_in():
    # Knight a1 with b3 its own pawn's and c2 empty -> one square: boxed; then with a Black
    # pawn on b3 instead (it could take there) -> two squares: not boxed.
    assert mobility(board({"a1": "N", "b3": "P", "e1": "K", "h8": "k"})) == pytest.approx(-BOXED)
    assert mobility(board({"a1": "N", "b3": "p", "e1": "K", "h8": "k"})) == 0.0


def test_cover_weighs_pieces_by_what_they_are():
    # White: knight, queen (fers), pawn: 1 + 1 + 0.5; Black: a rook: 2.
    pieces = {"b1": "N", "c1": "Q", "d3": "P", "a8": "r", "e1": "K", "e8": "k"}
    assert counts(board(pieces)) == ([3, 1], [2.5, 2.0])


def test_knight_fers_and_pawn_are_not_scored_far_above_a_lone_rook():
    # The equal-time game 2's ending: White N, Q(fers), P against Black's lone rook.  Kings
    # e1 and e8 cancel in both king terms (both on their first row; the same distance from
    # the middle).  Cover 2.5 against 2.0: White lacks 0.5 of FEW_COVER (3), Black 1.0, so
    # FEW adds 0.5 * FEW for White (by the count of pieces it added 2 * FEW = 1.2, and
    # then TRADE's 36 * 0.04 on top).  With base 0 the lead stays under one pawn: no TRADE.
    # Black's rook sees a7-a1 empty down to White's first row, where its king stands: the
    # back rank costs White BACK_RANK times the middle game's share, 4 pieces of 20.
    pieces = {"b1": "N", "c1": "Q", "d3": "P", "a8": "r", "e1": "K", "e8": "k"}
    b = board(pieces)
    expected = mobility(b) + 0.5 * FEW - 4 / 20 * BACK_RANK
    assert evaluate(b, 0.0, WHITE) == pytest.approx(expected)
    assert evaluate(b, 0.0, BLACK) == pytest.approx(-expected)


def test_the_evaluation_adds_mobility():
    # The same material, a free rook against a boxed one: the evaluation tells them apart
    # by exactly the mobility terms (kings e1 and e8 cancel; no FEW: each side covers 3.5;
    # with base 0 the lead stays under a pawn: no TRADE), and the back rank: White's rook
    # could come up the d-file to d8, on Black's king's row (Black's rook is behind its
    # pawn), which costs Black BACK_RANK times the middle game's share, 7 pieces of 20.
    free = {"d4": "R", "a3": "P", "g3": "P", "h3": "P", "a6": "p", "a8": "r", "b8": "n"}
    free |= {"e1": "K", "e8": "k"}
    b = board(free)
    assert counts(b)[1] == [3.5, 3.5]
    assert evaluate(b, 0.0, WHITE) == pytest.approx(mobility(b) + 7 / 20 * BACK_RANK)
    # White's Rd4: d5-d8 up (4), d3-d2-d1... d1 to d3 (3), a4-c4 (3), e4-h4 (4): 14, open.
    # Black's Ra8: a7 (a6 its pawn), b8 its knight: 1 square, a-file has its pawn: boxed.
    # Black's knight b8: a6 own, c6, d7: 2 squares.
    assert mobility(b) == pytest.approx(14 * ROOK_FREE + ROOK_OPEN - (ROOK_FREE - BOXED))


def test_trades_grow_with_the_lead_without_a_step_at_one_pawn():
    # Three knights and a pawn a side (kings e1, e8 cancel): each side covers 3.5 (no FEW),
    # no rook and no knight boxed in (no mobility), a pawn each (no PAWNLESS); 8 pieces: 32
    # fewer than the full 40.  TRADE counts from nothing at a lead of 1 pawn to full
    # (32 * TRADE) at 2 pawns.
    pieces = {"c4": "N", "d4": "N", "e4": "N", "c5": "n", "d5": "n", "e5": "n"}
    b = board(pieces | {"a3": "P", "h6": "p", "e1": "K", "e8": "k"})
    assert mobility(b) == 0.0
    assert evaluate(b, 1.0, WHITE) == pytest.approx(1.0)
    assert evaluate(b, 1.01, WHITE) == pytest.approx(1.01 + 0.01 * 32 * TRADE)
    assert evaluate(b, 1.5, WHITE) == pytest.approx(1.5 + 0.5 * 32 * TRADE)
    assert evaluate(b, 3.0, WHITE) == pytest.approx(3.0 + 32 * TRADE)
    assert evaluate(b, -1.5, WHITE) == pytest.approx(-1.5 - 0.5 * 32 * TRADE)


# Without pawns: White's rook and bishop against Black's rook, 1.5 pawns ahead by material,
# the kings apart and every piece off the others' lines.
THIN = {"a1": "K", "d4": "R", "f2": "B", "h8": "k", "e6": "r"}


@contextmanager
def pawnless_in_full():
    """The evaluation as if a lead without pawns counted in full (PAWNLESS 1)."""
    kept = gw_eval.PAWNLESS
    gw_eval.PAWNLESS = 1.0
    gw_eval._board_terms.cache_clear()
    try:
        yield
    finally:
        gw_eval.PAWNLESS = kept
        gw_eval._board_terms.cache_clear()


def test_the_sides_whose_lead_is_thin_without_pawns():
    # Both sides without pawns, White 1.5 ahead: a lead of either side would be thin (both).
    assert pawnless(bytes(board(THIN))) == 0b11
    # A Black pawn: Black is 0.5 behind with a pawn; White still has none.
    assert pawnless(bytes(board(THIN | {"a6": "p"}))) == 0b01
    # A White pawn: White 2.5 ahead with a pawn; Black, behind, has none.
    assert pawnless(bytes(board(THIN | {"b3": "P"}))) == 0b10
    # A White knight more: 4.5 ahead, more than PAWNLESS_LEAD: not thin; Black's still is.
    assert pawnless(bytes(board(THIN | {"c7": "N"}))) == 0b10
    # Knight and bishop against a bishop: 3 ahead, PAWNLESS_LEAD exactly: thin.  A rook
    # against a bishop: 3.5 ahead, not.
    assert pawnless(bytes(board({"a1": "K", "d4": "N", "f2": "B", "h8": "k", "e6": "b"}))) == 0b11
    assert pawnless(bytes(board({"a1": "K", "d4": "R", "h8": "k", "e6": "b"}))) == 0b10


def test_a_lead_without_pawns_and_thin_counts_half():
    position = board(THIN)
    thin = evaluate(position, score(position), WHITE)
    with pawnless_in_full():
        full = evaluate(position, score(position), WHITE)
    assert full > 1.0
    assert thin == pytest.approx(PAWNLESS * full)
    assert evaluate(position, score(position), BLACK) == pytest.approx(-thin)


def test_a_pawn_of_the_side_ahead_keeps_its_lead_whole():
    # A White pawn (White 2.5 ahead) counts in full; a Black pawn (Black's, behind) does not
    # change what White's lead counts for.
    for extra, whole in (({"b3": "P"}, True), ({"a6": "p"}, False)):
        position = board(THIN | extra)
        value = evaluate(position, score(position), WHITE)
        with pawnless_in_full():
            full = evaluate(position, score(position), WHITE)
        assert value == pytest.approx(full if whole else PAWNLESS * full)


def test_a_bishop_keeps_its_quarter_and_a_fers_its_colour():
    # Classes of squares by (file % 2) + 2 * (rank % 2), a1 = file 0, rank 0: a bishop's
    # two-square jump keeps both parities, a fers's diagonal step keeps the colour, so a1
    # and b2 (classes 0 and 3) are one colour and b1 and a2 (1 and 2) the other.
    sq = {"a1": 0, "b1": 1, "a2": 8, "b2": 9, "d6": 43}
    assert reach(piece(WHITE, BISHOP), sq["a1"]) == 0b0001
    assert reach(piece(WHITE, BISHOP), sq["b2"]) == 0b1000
    assert reach(piece(BLACK, BISHOP), sq["d6"]) == 0b1000  # d6: file 3, rank 5, both odd
    assert reach(piece(WHITE, QUEEN), sq["a1"]) == 0b1001
    assert reach(piece(WHITE, QUEEN), sq["b1"]) == 0b0110
    assert reach(piece(WHITE, QUEEN), sq["a2"]) == 0b0110
    assert reach(piece(WHITE, KNIGHT), sq["a1"]) == reach(piece(WHITE, ROOK), 0) == 0b1111


# The end of a drawn match game (lab/notebook.md, eighth run): White's three fers stand
# on d7, d5 and d3, squares of the other colour from Black's bishop on d6 (d7 is file 3,
# rank 6: odd sum; d6 file 3, rank 5: even sum), so none of them can ever take it.
FERS_AGAINST_BISHOP = {"d4": "K", "d7": "Q", "d5": "Q", "d3": "Q", "c7": "k", "d6": "b"}


def test_a_side_whose_pieces_cannot_reach_the_last_enemy_piece_is_stuck():
    present = bytes(board(FERS_AGAINST_BISHOP))
    assert stuck_side(present, WHITE) == 1
    # Black's bishop cannot reach the fers' colour either.
    assert stuck_side(present, BLACK) == 1


def test_a_pawn_knight_rook_or_fers_of_the_bishops_colour_unsticks_it():
    for extra in ({"a3": "P"}, {"g1": "N"}, {"h1": "R"}, {"e7": "Q"}):
        assert stuck_side(bytes(board(FERS_AGAINST_BISHOP | extra)), WHITE) == 0, extra
    # A bishop of another quarter does not: e5 is file 4, rank 4, both even.
    assert stuck_side(bytes(board(FERS_AGAINST_BISHOP | {"e5": "B"})), WHITE) == 1


def test_a_stuck_sides_lead_counts_a_quarter(monkeypatch):
    position = board(FERS_AGAINST_BISHOP)
    stuck = evaluate(position, score(position), WHITE)
    monkeypatch.setattr("engine.games.gwyddbwyll.evaluation.STUCK", 1.0)
    full = evaluate(position, score(position), WHITE)
    assert full > 2.0  # three fers against a bishop
    assert stuck == pytest.approx(STUCK * full)


def test_the_hunt_counts_the_other_kings_steps_from_the_middle_and_the_kings_nearness():
    sq = {"a8": 56, "c6": 42, "d4": 27, "e5": 36, "h1": 7}
    # a8 is a corner (3 steps from the middle), two king's steps from c6 (7 - 2 = 5 nearer).
    assert hunt(sq["c6"], sq["a8"]) == pytest.approx(3 * HUNT_EDGE + 5 * HUNT_NEAR)
    # d4 and e5 are middle squares (0 steps), one step apart.
    assert hunt(sq["e5"], sq["d4"]) == pytest.approx(6 * HUNT_NEAR)
    # a8 from h1: 7 steps apart, the farthest.
    assert hunt(sq["h1"], sq["a8"]) == pytest.approx(3 * HUNT_EDGE)


# Rook, fers and pawn against a lone rook: 2.5 pawns ahead by material, more by the evaluation
# (a lone rook lacks cover: FEW), with a pawn (no PAWNLESS).  White's king c6, Black's a8 (a
# corner); the rooks, the fers and the pawn stand off the kings' lines.
HUNTED = {"c6": "K", "h2": "R", "b2": "Q", "d3": "P", "a8": "k", "g7": "r"}


@contextmanager
def at_nothing(*names: str):
    """The evaluation with the weights `names` at nothing (the boards it remembers forgotten
    on the way in and out)."""
    saved = {name: getattr(gw_eval, name) for name in names}
    for name in names:
        setattr(gw_eval, name, 0.0)
    retune()
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(gw_eval, name, value)
        retune()


def without_the_hunt():
    return at_nothing("HUNT_EDGE", "HUNT_NEAR")


def test_a_side_well_ahead_of_a_lone_piece_gains_by_its_hunt():
    position = board(HUNTED)
    hunted = evaluate(position, score(position), WHITE)
    assert evaluate(position, score(position), BLACK) == pytest.approx(-hunted)
    with without_the_hunt():
        plain = evaluate(position, score(position), WHITE)
    assert plain > 2.0
    assert hunted - plain == pytest.approx(3 * HUNT_EDGE + 5 * HUNT_NEAR)


def test_no_hunt_without_a_lead_or_while_the_other_side_has_two_pieces():
    # The same, its material scored half a pawn behind (the lead under a pawn, with FEW and
    # the kings), and with a Black pawn and a White knight more.
    lone = board(HUNTED)
    two = board(HUNTED | {"a6": "p", "e3": "N"})
    hunted = [evaluate(lone, -0.5, WHITE), evaluate(two, score(two), WHITE)]
    with without_the_hunt():
        plain = [evaluate(lone, -0.5, WHITE), evaluate(two, score(two), WHITE)]
    assert hunted == pytest.approx(plain)
    assert plain[1] > 2.0  # two pieces: a lead, but no hunt


def _back_rank(pieces: dict[str, str], colour: int) -> int:
    position = bytes(board(pieces))
    return back_rank(position, position.index(piece(colour, KING)), colour)


def test_a_rook_with_an_open_file_down_to_the_kings_first_row_threatens_it():
    # Black's rook b7 sees b6-b1 empty: it could come down to b1 and check along the row.
    assert _back_rank({"e1": "K", "b7": "r", "e8": "k"}, WHITE) == 1
    # A White pawn on b3 closes the file; a White knight on b1 could be taken there.
    assert _back_rank({"e1": "K", "b7": "r", "b3": "P", "e8": "k"}, WHITE) == 0
    assert _back_rank({"e1": "K", "b7": "r", "b1": "N", "e8": "k"}, WHITE) == 1
    # A Black piece on b1 keeps its own rook off the square.
    assert _back_rank({"e1": "K", "b7": "r", "b1": "n", "e8": "k"}, WHITE) == 0


def test_every_such_rook_counts_and_only_while_the_king_stands_on_its_first_row():
    rooks = {"b7": "r", "h8": "r", "e8": "k"}  # h7-h1 empty too
    assert _back_rank(rooks | {"e1": "K"}, WHITE) == 2
    assert _back_rank(rooks | {"e2": "K"}, WHITE) == 0
    # A rook already on the row is the search's to see (a check, or a piece attacked).
    assert _back_rank({"e1": "K", "a1": "r", "e8": "k"}, WHITE) == 0


def test_blacks_first_row_is_the_eighth():
    assert _back_rank({"e1": "K", "a2": "R", "e8": "k"}, BLACK) == 1
    assert _back_rank({"e1": "K", "a2": "R", "a6": "p", "e8": "k"}, BLACK) == 0
    assert _back_rank({"e1": "K", "a2": "R", "e7": "k"}, BLACK) == 0


def test_the_back_rank_costs_its_weight_for_each_rook_in_the_middle_game_share():
    # Five pieces besides the kings (two White pawns, Black's rook and two pawns): a quarter
    # of a full middle game (PHASE_FULL 20), so the open b-file costs White 0.25 x BACK_RANK.
    # Black is a rook ahead either way, so the terms that grow with a lead are the same.
    position = board({"e1": "K", "a3": "P", "c3": "P", "e8": "k", "b7": "r", "a6": "p", "h6": "p"})
    exposed = evaluate(position, score(position), WHITE)
    with at_nothing("BACK_RANK"):
        plain = evaluate(position, score(position), WHITE)
    assert plain - exposed == pytest.approx(0.25 * BACK_RANK)
