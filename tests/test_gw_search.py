"""Gwyddbwyll's hard player (engine/games/gwyddbwyll/search.py,
engine/games/gwyddbwyll/evaluation.py) on positions whose answers are worked by hand, and its
contracts: legal moves only, the same move for the same seed and node budget, resumable in slices,
and the hard level (only it) choosing by it."""

from __future__ import annotations

import json
import random

import pytest

from engine import ai, games
from engine.ai.mcts import Search
from engine.games.gwyddbwyll import evaluation as gw_eval
from engine.games.gwyddbwyll import search as gw_search
from engine.games.gwyddbwyll.kernel import KING, KNIGHT, attacked, piece
from engine.games.gwyddbwyll.rules import BLACK, WHITE, state_from_pieces
from engine.games.gwyddbwyll.search import (
    CONTEMPT,
    LATE_DEPTH,
    MAX_DEPTH,
    PLAY_ON_PIECES,
    WON,
    GwSearch,
    _repeated,
)
from web.logic.session import Session
from web.worker.thinker import Thinker

GAME = games.get("gwyddbwyll")


def chosen(state, nodes: int = 20_000, seed: int = 1) -> str:
    search = GwSearch(state, seed=seed)
    search.run(nodes=nodes)
    return GAME.notation(state, search.best())


def test_it_mates_in_one():
    # Black: Kh8 behind its pawns g7 and h7 (they step down the board, toward rank 1).
    # Ra1-a8 checks along the eighth rank; g8 is covered by the rook, g7 and h7 are Black's
    # own, and nothing of Black's reaches a8 or b8-f8 to block: mate.
    state = state_from_pieces({"e1": "K", "a1": "R", "h8": "k", "g7": "p", "h7": "p"})
    assert chosen(state) == "a1a8"
    assert GAME.result(GAME.play(state, GAME.parse(state, "a1a8"))).reward(WHITE) == 1.0


def test_it_wins_by_stalemate():
    # White Kc6, pawn a6; Black Ka8, pawn a7 (blocked by a6).  Kc6-c7 covers b8 and b7 (b7
    # also by the pawn a6), and the a7 pawn cannot step: Black has no move, and a side with
    # no legal move loses.  No other move does it at once (after Kb6 or Kd7, Ka8-b8 is free).
    state = state_from_pieces({"c6": "K", "a6": "P", "a8": "k", "a7": "p"})
    assert chosen(state) == "c6c7"
    assert GAME.result(GAME.play(state, GAME.parse(state, "c6c7"))).reward(WHITE) == 1.0


def test_it_takes_the_rook_a_knight_wins():
    # White Ka1, Nb1, pawn h3; Black Kh8, rook c3, pawn a6.  Nb1xc3 wins a rook (5) for
    # nothing: no Black piece can then reach c3.
    state = state_from_pieces({"a1": "K", "b1": "N", "h3": "P", "h8": "k", "c3": "r", "a6": "p"})
    assert chosen(state) == "b1c3"


def test_it_does_not_leave_its_queen_to_a_bishops_jump():
    # White Ka1, queen (fers) e3; Black Kh8, bishop c5 (it jumps two squares diagonally:
    # a3, e3, e7; a7 is its own pawn's), pawns a7 and h7.  A king move leaves the queen to
    # Bc5xe3; the queen's four steps (d4, f4, d2, f2) are out of the bishop's and the pawns'
    # reach.
    pieces = {"a1": "K", "e3": "Q", "h8": "k", "c5": "b", "a7": "p", "h7": "p"}
    state = state_from_pieces(pieces)
    assert chosen(state) in {"e3d4", "e3f4", "e3d2", "e3f2"}


def test_it_takes_the_last_piece_and_parries_a_mate():
    # Ra1xa8 leaves Black a bare king (a win).  With Black to move in the second position only
    # the knight's guard of a8 (b6, c7) or its checks (e7, f4) stop Ra1-a8 mate.
    take = state_from_pieces({"e1": "K", "a1": "R", "h8": "k", "a8": "n"})
    assert chosen(take) == "a1a8"
    threat = state_from_pieces({"g6": "K", "a1": "R", "h8": "k", "d5": "n"}, turn=BLACK)
    assert chosen(threat) in ("d5b6", "d5c7", "d5e7", "d5f4")


def test_a_king_left_bare_at_the_horizon_has_lost_whatever_it_could_take_back():
    # White Ka1, Ra4; Black Kc5, queen (fers) b4.  Ra4xb4 takes Black's last piece: a bare
    # king, and White has won at once.  Had the game gone on, Kc5xb4 would take the rook,
    # which nothing guards (a1 is three files from b4), and leave White's king bare.  A
    # one-ply search meets that answer at its horizon, where only captures are searched: it
    # must score Rxb4 as the win it is, not as the rook lost and White bare.
    state = state_from_pieces({"a1": "K", "a4": "R", "c5": "k", "b4": "q"})
    search = GwSearch(state, seed=1)
    search._iteration(1)
    assert GAME.notation(state, search.best()) == "a4b4"
    assert search.value >= WON


def test_it_plays_only_legal_moves():
    rng = random.Random(5)
    for game_number in range(6):
        state = GAME.new()
        for _ in range(rng.randrange(4, 40)):
            if GAME.result(state) is not None:
                break
            state = GAME.play(state, rng.choice(GAME.legal_moves(state)))
        if GAME.result(state) is not None:
            continue
        search = GwSearch(state, seed=game_number)
        search.run(nodes=3000)
        assert search.best() in GAME.legal_moves(state)


def test_the_same_seed_and_node_budget_give_the_same_search():
    rng = random.Random(8)
    state = GAME.new()
    for _ in range(10):
        state = GAME.play(state, rng.choice(GAME.legal_moves(state)))
    runs = []
    for _ in range(2):
        search = GwSearch(state, seed=3)
        search.run(nodes=8000)
        runs.append((search.best(), search.depth, search.value, search.playouts))
    assert runs[0] == runs[1]


def test_slices_go_on_where_the_last_stopped():
    # Ten slices of 1,000 nodes reach at least the depth of one run of 5,000 nodes.
    state = GAME.new()
    whole = GwSearch(state, seed=1)
    whole.run(nodes=5000)
    sliced = GwSearch(state, seed=1)
    for _ in range(10):
        sliced.run(nodes=1000)
    assert sliced.playouts >= 10_000
    assert sliced.depth >= whole.depth >= 2


def test_the_evaluation_kept_move_by_move_equals_the_one_from_scratch():
    rng = random.Random(2)
    state = GAME.new()
    for _ in range(60):
        if GAME.result(state) is not None:
            break
        move = rng.choice(GAME.legal_moves(state))
        change = gw_eval.delta(list(state.board), move[0], move[1], state.ep)
        after = GAME.play(state, move)
        assert abs(gw_eval.score(state.board) + change - gw_eval.score(after.board)) < 1e-9
        state = after


def test_only_gwyddbwylls_hard_level_chooses_by_it():
    state = GAME.new()
    assert isinstance(ai.searcher(GAME, state, "hard", seed=1), GwSearch)
    assert isinstance(ai.searcher(GAME, state, "medium", seed=1), Search)
    wythe = games.get("wythe")
    assert isinstance(ai.searcher(wythe, wythe.new(), "hard", seed=1), Search)
    move = ai.choose_move(GAME, state, "hard", seed=1, playouts=40)
    assert move in GAME.legal_moves(state)


def test_a_side_ahead_does_not_go_back_to_a_position_of_the_game():
    # White (rook and knight against a pawn) is far ahead: any move keeps it so, and a move
    # back to a position the game has seen counts as no progress (half a pawn below what the
    # position is worth, for a side ahead), so the move the search prefers is not played
    # once the position after it is among the earlier ones.
    state = state_from_pieces({"e1": "K", "a1": "R", "b1": "N", "h8": "k", "h7": "p"})
    first = GAME.parse(state, chosen(state))
    seen = GAME.play(state, first)
    again = GwSearch(state, seed=1, earlier=[GAME.new(), seen])
    again.run(nodes=20_000)
    assert again.best() != first
    assert again.value > 3


def test_a_side_ahead_keeps_its_rook_rather_than_go_back_to_a_position_of_the_game():
    # White: Kh1, Rc5, knights g1 and h2; Black: Kd6, pawn a6.  Black's king attacks c5, so
    # every move but the rook's leaves it to Kxc5, and so do Rd5, Re5, Rc6 and Rc7 (next to
    # the king, unguarded) and Rb5 (the a6 pawn takes diagonally down).  The rook is safe on
    # a5, f5, g5, h5, c1-c4 and c8: give the search every position after those as one the
    # game has seen.  Losing the rook still
    # leaves White two knights against a pawn, far ahead; going back to a position of the
    # game is no progress, but it is worth what the position is worth (less CONTEMPT), so
    # White keeps the rook (and cannot help coming back).
    pieces = {"h1": "K", "c5": "R", "g1": "N", "h2": "N", "d6": "k", "a6": "p"}
    state = state_from_pieces(pieces)
    safe = ["a5", "f5", "g5", "h5", "c1", "c2", "c3", "c4", "c8"]
    seen = [GAME.play(state, GAME.parse(state, "c5" + to)) for to in safe]
    search = GwSearch(state, seed=1, earlier=seen)
    search.run(nodes=20_000)
    assert GAME.notation(state, search.best()) in {"c5" + to for to in safe}
    assert search.value > 5


def test_a_side_ahead_pays_more_for_each_return_and_leaves_a_shuffle_that_keeps_coming_back():
    # The position of the test above, with each position after a safe rook move seen more
    # often.  Each return costs CONTEMPT more: twice seen, the rook still steps to a safe
    # square, scored CONTEMPT lower than once seen.  Twenty times seen, coming back is worth
    # the move limit's draw, less CONTEMPT, and White gives up the rook for a new position:
    # two knights against a pawn still win (a lone king loses).
    pieces = {"h1": "K", "c5": "R", "g1": "N", "h2": "N", "d6": "k", "a6": "p"}
    state = state_from_pieces(pieces)
    safe = {"c5" + to for to in ("a5", "f5", "g5", "h5", "c1", "c2", "c3", "c4", "c8")}
    seen = [GAME.play(state, GAME.parse(state, move)) for move in sorted(safe)]
    values = {}
    for times in (1, 2, 20):
        search = GwSearch(state, seed=1, earlier=seen * times)
        search.run(nodes=20_000)
        values[times] = search.value
        kept = GAME.notation(state, search.best()) in safe
        assert kept == (times < 20)
    assert abs(values[1] - values[2] - CONTEMPT) < 1e-9
    assert 5 < values[20] < values[2]


@pytest.mark.parametrize(
    ("worth", "times", "pieces", "expected"),
    [
        (2.0, 1, 8, 2.0 - CONTEMPT),
        (2.0, 2, 8, 2.0 - 2 * CONTEMPT),
        (2.0, 50, 8, -CONTEMPT),
        (2.0, 1, 1, 2.0 - CONTEMPT),  # ahead, however few its pieces
        (0.2, 1, 8, 0.2 - CONTEMPT),
        (0.2, 3, 8, -CONTEMPT),  # never below the draw's worth when ahead
        (-3.0, 1, PLAY_ON_PIECES, -3.0 - CONTEMPT),  # behind, pieces enough to play on
        (-3.0, 9, 8, -3.0 - CONTEMPT),  # and no dearer for coming back often
        (-3.0, 1, PLAY_ON_PIECES - 1, -CONTEMPT),  # behind with too few: the draw's worth
        (-3.0, 9, 1, -CONTEMPT),
    ],
)
def test_a_return_is_worth_the_position_less_contempt_and_a_side_ahead_pays_for_each_time(
    worth, times, pieces, expected
):
    assert _repeated(worth, True, times, pieces) == pytest.approx(expected)
    assert _repeated(worth, False, times, pieces) == pytest.approx(-expected)


def test_a_side_behind_with_one_piece_goes_back_to_a_position_of_the_game():
    # Black (a pawn against rook and knight) is far behind whatever it plays, with too few
    # pieces to play on (PLAY_ON_PIECES): a shuffle heads for the move limit's draw, so
    # coming back to a position of the game is worth even less CONTEMPT to it, better than
    # any new position.  With the position after Kh8-g8 among the earlier ones, it plays
    # Kh8-g8, scored exactly -CONTEMPT.
    pieces = {"e1": "K", "a1": "R", "b1": "N", "h8": "k", "h7": "p"}
    state = state_from_pieces(pieces, turn=BLACK)
    seen = GAME.play(state, GAME.parse(state, "h8g8"))
    search = GwSearch(state, seed=1, earlier=[seen])
    search.run(nodes=5_000)
    assert GAME.notation(state, search.best()) == "h8g8"
    assert search.value == -CONTEMPT


def test_a_side_behind_with_pieces_enough_plays_on_rather_than_go_back():
    # The same, with Black's three pawns on e6, f6 and g6 (PLAY_ON_PIECES): five pawns behind
    # by material, and more by its evaluation.  Coming back to the position after Kh8-g8 is
    # worth that position less CONTEMPT, below the new positions Black's other moves reach,
    # so it plays on for one of them (no longer scored as the draw).
    pieces = {"e1": "K", "a1": "R", "b1": "N", "h8": "k", "e6": "p", "f6": "p", "g6": "p"}
    state = state_from_pieces(pieces, turn=BLACK)
    seen = GAME.play(state, GAME.parse(state, "h8g8"))
    search = GwSearch(state, seed=1, earlier=[seen])
    search.run(nodes=5_000)
    assert GAME.notation(state, search.best()) != "h8g8"
    assert search.value < -3


def test_a_return_is_worth_what_the_table_found_for_the_position_when_it_has_a_search_of_it():
    # The position of the test above, Black to move, come back to the position after Kh8-g8
    # (White to move there).  With no search of that position in the table, the return is
    # worth its evaluation less CONTEMPT to Black; once the table holds a search of it, what
    # that search found less CONTEMPT, as new positions are scored by search too.  A proven
    # end in the table is no position's worth, and the evaluation stands.
    pieces = {"e1": "K", "a1": "R", "b1": "N", "h8": "k", "e6": "p", "f6": "p", "g6": "p"}
    state = state_from_pieces(pieces, turn=BLACK)
    seen = GAME.play(state, GAME.parse(state, "h8g8"))
    search = GwSearch(state, seed=1, earlier=[seen])
    key = (bytes(seen.board), WHITE, seen.ep)
    board = list(seen.board)
    base = gw_eval.score(board)
    evaluation = gw_eval.evaluate(board, base, WHITE)  # for White
    assert evaluation > 3
    # scores for White, to move there: Black's worth less CONTEMPT, seen from White
    assert search._come_back(key, board, base) == pytest.approx(evaluation + CONTEMPT)
    search.table[key] = (3, gw_search.UPPER, evaluation + 2.0, None)
    assert search._come_back(key, board, base) == pytest.approx(evaluation + 2.0 + CONTEMPT)
    search.table[key] = (3, gw_search.EXACT, WON + 5, None)
    assert search._come_back(key, board, base) == pytest.approx(evaluation + CONTEMPT)


def test_the_worker_thinks_for_gwyddbwylls_hard_level_in_slices_of_its_alpha_beta():
    # The worker keeps the alpha-beta between slices (the same object, more nodes) and knows
    # the game's earlier positions; its move is legal.
    session = Session("gwyddbwyll", moves=["e3e4", "e6e5", "d2c4"])
    thinker = Thinker()
    first = json.loads(thinker.think(session.fragment(), "hard", 0.05, 7))
    search = thinker.searches["move"][1]
    assert isinstance(search, GwSearch) and len(search.earlier) == 3
    second = json.loads(thinker.think(session.fragment(), "hard", 0.05, 7))
    assert thinker.searches["move"][1] is search
    assert second["playouts"] > first["playouts"] > 0
    move = session.game.parse(session.state, second["best"])
    assert move in session.game.legal_moves(session.state)


def _nodes_to_depth(state, depth: int) -> tuple[int, str]:
    search = GwSearch(state, seed=1)
    for iteration in range(1, depth + 1):
        search._iteration(iteration)
    return search.playouts, GAME.notation(state, search.best())


def test_futility_prunes_where_a_side_is_far_ahead_or_behind(monkeypatch):
    # White has both rooks more: near the horizon, Black's quiet replies cannot make up the
    # difference and White's lead stands without searching on.  The search reaches the same
    # depth with fewer nodes than without futility, and keeps its move.
    pawns = {f"{col}3": "P" for col in "abcdefgh"} | {f"{col}6": "p" for col in "abcdefgh"}
    state = state_from_pieces(
        pawns
        | {"e1": "K", "a1": "R", "h1": "R", "b1": "N", "g1": "N"}
        | {"e8": "k", "b8": "n", "g8": "n"}
    )
    pruned, move = _nodes_to_depth(state, 5)
    monkeypatch.setattr("engine.games.gwyddbwyll.search.FUTILE_DEPTH", 0)
    full, full_move = _nodes_to_depth(state, 5)
    assert pruned < full
    assert move == full_move


# The first 14 plies of the sixth run's game of seed 71000 (lab/records/)
RECORDED_OPENING = "h3h4 d7e5 c2a2 e7f5 e3e4 f5g7 c1e3 c7a7 a3a5 a7b7 a5b6 b7b6 c3c5 b6b4"


class _DepthsSpy(GwSearch):
    """A search that notes, for every node it searches below the root, the plies its parent
    had to go (with a check's ply), whether the parent's side was in check, and the plies
    the node was asked to search."""

    def __init__(self, state):
        super().__init__(state, seed=1)
        self.parents: list[tuple[int, bool]] = []
        self.steps: list[tuple[int, bool, int]] = []

    def _search(self, board, colour, ep, base, depth, *window_ply_null):
        if self.parents:
            self.steps.append((*self.parents[-1], depth))
        king = board.index(piece(colour, KING))
        in_check = attacked(board, king, 1 - colour)
        self.parents.append((depth + in_check, in_check))
        try:
            return super()._search(board, colour, ep, base, depth, *window_ply_null)
        finally:
            self.parents.pop()


def test_late_quiet_moves_are_searched_one_ply_shallower_and_never_more(monkeypatch):
    # The recorded position below (RECORDED_OPENING), searched to depth 5 with null moves
    # off: every child is searched a ply less deep than its parent, or two (a late quiet
    # move reduced), and two only from a parent LATE_DEPTH plies or more from the horizon
    # and not in check.  Some moves are reduced.
    monkeypatch.setattr("engine.games.gwyddbwyll.search.NULL_PIECES", 99)
    state = GAME.new()
    for text in RECORDED_OPENING.split():
        state = GAME.play(state, GAME.parse(state, text))
    spy = _DepthsSpy(state)
    for iteration in range(1, 6):
        spy._iteration(iteration)
    assert {parent - child for parent, _, child in spy.steps} == {1, 2}
    for parent, in_check, child in spy.steps:
        if parent - child == 2:
            assert parent >= LATE_DEPTH and not in_check


def test_late_move_reductions_reach_a_depth_with_fewer_nodes(monkeypatch):
    # 14 plies into a recorded game (RECORDED_OPENING): the search with reductions reaches
    # depth 6 with fewer nodes than one searching every move in full.
    state = GAME.new()
    for text in RECORDED_OPENING.split():
        state = GAME.play(state, GAME.parse(state, text))
    reduced, _ = _nodes_to_depth(state, 6)
    monkeypatch.setattr("engine.games.gwyddbwyll.search.LATE_DEPTH", MAX_DEPTH + 1)
    full, _ = _nodes_to_depth(state, 6)
    assert reduced < full


def test_the_search_after_a_pass_is_a_ply_shallower_from_deeper_nodes(monkeypatch):
    # The same recorded position (RECORDED_OPENING): with the pass's search a ply shallower
    # from NULL_DEEPER plies deep, depth 7 takes fewer nodes than with NULL_REDUCTION
    # throughout, and the move stays the same.
    state = GAME.new()
    for text in RECORDED_OPENING.split():
        state = GAME.play(state, GAME.parse(state, text))
    deeper, move = _nodes_to_depth(state, 7)
    monkeypatch.setattr("engine.games.gwyddbwyll.search.NULL_DEEPER", MAX_DEPTH + 1)
    plain, plain_move = _nodes_to_depth(state, 7)
    assert deeper < plain
    assert move == plain_move


def test_the_tables_move_is_tried_before_the_others_are_listed(monkeypatch):
    # A node with a move from the table yields it at once; only if the search asks for more
    # are the node's legal moves listed, and the table's move is not among them again.
    # White's 27 moves at the start, by hand: king d1; rooks a2 b2 and g2 h2; knights b1 c4
    # e4 and d4 f4 g1; fers c4 e4; seven pawns one step and seven two (the bishops' squares
    # hold White's own pieces).
    state = GAME.new()
    search = GwSearch(state, seed=1)
    listed = []
    real = gw_search.moves_to_try
    monkeypatch.setattr(
        "engine.games.gwyddbwyll.search.moves_to_try",
        lambda *args: listed.append(args) or real(*args),
    )
    first = GAME.parse(state, "e3e4")
    king = state.board.index(piece(WHITE, KING))
    moves = search._in_order(list(state.board), WHITE, state.ep, first, 1, king, False)
    assert next(moves) == first
    assert not listed
    rest = list(moves)
    assert len(listed) == 1
    assert first not in rest
    assert len(rest) == 26


def test_moves_that_would_expose_the_king_are_left_out_when_their_turn_comes(monkeypatch):
    # White: king e1, knight e2 pinned by the rook on e8, pawn h3; the rook on d8 holds d1 and
    # d2.  By hand: the king's f1 and f2, the pawn's h4 and h5: 4 legal moves of the 12
    # listed (the king's 4 steps, the knight's 6 leaps, the pawn's 2).  Only the moves that
    # could expose the king are tried out: the king's and the pinned knight's, not the pawn's.
    state = state_from_pieces({"e1": "K", "e2": "N", "h3": "P", "e8": "r", "d8": "r", "a8": "k"})
    search = GwSearch(state, seed=1)
    tried = []
    real = gw_search.safe_after
    monkeypatch.setattr(
        "engine.games.gwyddbwyll.search.safe_after",
        lambda *args: tried.append(args[1]) or real(*args),
    )
    king = state.board.index(piece(WHITE, KING))
    moves = search._in_order(list(state.board), WHITE, state.ep, None, 1, king, False)
    found = sorted(GAME.notation(state, move) for move in moves)
    assert found == ["e1f1", "e1f2", "h3h4", "h3h5"]
    assert sorted(tried) == sorted([king] * 4 + [state.board.index(piece(WHITE, KNIGHT))] * 6)


def _after(moves: list[str]):
    state = GAME.new()
    for text in moves:
        state = GAME.play(state, GAME.parse(state, text))
    return state


def _iterations(search: GwSearch, depth: int) -> int:
    """The nodes `search` spends to finish iterations 1 to `depth`."""
    for iteration in range(1, depth + 1):
        search._iteration(iteration)
    return search.playouts


def test_a_search_takes_over_what_the_sides_search_of_its_last_move_found():
    # White searches its move, plays it, and Black replies as that search expected: White's
    # next search, given the last one, shares its table and history and finishes the same
    # depth with fewer nodes than a search from nothing (most positions two plies on were
    # searched already).
    state = _after(["e3e4", "e6e5", "d2c4", "d7c5"])
    last = GwSearch(state, seed=1)
    _iterations(last, 5)
    moved = GAME.play(state, last.best())
    expected = last.table[(bytes(moved.board), moved.turn, moved.ep)][3]
    later = GAME.play(moved, expected)
    fresh = _iterations(GwSearch(later, seed=1), 4)
    carried = GwSearch(later, seed=1, previous=last)
    assert carried.table is last.table and carried.order.history is last.order.history
    assert _iterations(carried, 4) < fresh


def test_the_other_sides_search_is_not_taken_over():
    # Its table scores a return to an earlier position for the other side (CONTEMPT).
    white = GwSearch(GAME.new(), seed=1)
    white.run(nodes=2000)
    black = GwSearch(GAME.play(GAME.new(), white.best()), seed=1, previous=white)
    assert black.table is not white.table and black.order.history is not white.order.history
    assert black.colour == BLACK


def test_the_worker_gives_the_hard_levels_next_search_the_last_ones_findings():
    thinker = Thinker()
    first = Session("gwyddbwyll", moves=["e3e4", "e6e5"])
    thinker.think(first.fragment(), "hard", 0.05, 7)
    last = thinker.searches["move"][1]
    second = Session("gwyddbwyll", moves=["e3e4", "e6e5", "d2c4", "d7c5"])
    answer = json.loads(thinker.think(second.fragment(), "hard", 0.05, 7))
    search = thinker.searches["move"][1]
    assert search is not last and search.table is last.table
    assert second.game.parse(second.state, answer["best"]) in second.game.legal_moves(second.state)
