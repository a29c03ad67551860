"""The hard Gwyddbwyll player's quiescence search (engine/games/gwyddbwyll/quiescence.py) on
positions whose answers are worked by hand: which captures it plays out, and the ends it sees at
the horizon (checkmate, a bare king)."""

from __future__ import annotations

from engine.games.gwyddbwyll import evaluation as gw_eval
from engine.games.gwyddbwyll.quiescence import MATE, Quiescence, captures_to_try
from engine.games.gwyddbwyll.rules import WHITE, name, state_from_pieces
from engine.games.gwyddbwyll.search import WON


def _quiesce(pieces: dict[str, str]) -> tuple[int, float, float]:
    """Nodes the quiescence search visits from a position (White to move, full window),
    its score, and White's stand-pat value."""
    state = state_from_pieces(pieces)
    board = list(state.board)
    base = gw_eval.score(board)
    nodes = []
    search = Quiescence(lambda: nodes.append(1))
    score = search.score(board, WHITE, state.ep, base, -2 * MATE, 2 * MATE, 0)
    return len(nodes), score, gw_eval.evaluate(board, base, WHITE)


def test_quiescence_leaves_out_a_rook_for_a_defended_pawn():
    # Ra1 sees the a5 pawn up the open a-file.  With b6 behind it (Black's pawns take
    # diagonally downward: b6xa5) Rxa5 gives a rook (5) for a pawn (1), so the quiescence
    # search does not try it and stands pat.  Without b6 the pawn hangs: Rxa5 is searched
    # (one node; Black's h7 pawn keeps its king company) and wins a pawn.
    pieces = {"e1": "K", "a1": "R", "e8": "k", "a5": "p", "h7": "p"}
    nodes, score, stand = _quiesce(pieces | {"b6": "p"})
    assert (nodes, score) == (0, stand)
    nodes, score, stand = _quiesce(pieces)
    assert nodes == 1
    assert score > stand + 0.5


def test_quiescence_plays_a_rook_for_a_defended_knight_when_a_second_rook_takes_back():
    # Rc2 takes the knight on c6, which the knight b8 defends: alone, the rook is lost for a
    # knight (3 - 5), and the quiescence search leaves the capture out.  With Rc1 behind it
    # the exchange wins (Rxc6 Nxc6 Rxc6: 3 - 5 + 3 = 1), so it is played out.  Black's best
    # is to take back (White is then 1 up, not 3), and White's to take again: a gain.
    pieces = {"e1": "K", "c2": "R", "g8": "k", "c6": "n", "b8": "n", "h7": "p"}
    nodes, score, stand = _quiesce(pieces)
    assert (nodes, score) == (0, stand)
    nodes, score, stand = _quiesce(pieces | {"c1": "R"})
    assert nodes >= 3  # Rxc6, Nxc6, Rxc6
    assert score > stand + 0.5


def test_quiescence_sees_a_capture_that_mates():
    # Black: Kh8 behind its pawns g7 and h7, a knight on a8.  Ra1xa8 takes the knight with
    # check along the eighth rank; g8 is the rook's, g7 and h7 Black's own, and the pawns'
    # steps do not block: mate.  A side in check may not stand pat, so the quiescence search
    # finds that Black has no answer.  With h7 empty the king escapes there, and the capture
    # is worth the knight, no more.
    pieces = {"e1": "K", "a1": "R", "h8": "k", "g7": "p", "a8": "n"}
    _, score, _ = _quiesce(pieces | {"h7": "p"})
    assert score >= WON
    nodes, score, stand = _quiesce(pieces)
    assert nodes >= 2  # the capture, and the escape searched from the check
    assert stand + 2.0 < score < WON


def test_a_capture_that_leaves_a_bare_king_wins_at_once():
    # Black has its king and a knight on a8 only: Ra1xa8 leaves it a bare king, a win
    # one ply from here, whatever the knight was worth (the rook is not defended against:
    # nothing of Black's is left to take it).
    nodes, score, _ = _quiesce({"e1": "K", "a1": "R", "e8": "k", "a8": "n"})
    assert (nodes, score) == (1, MATE - 1)


def test_captures_to_try_dearest_victim_first_and_no_losing_exchanges():
    # White's captures: b4xc5 (pawn takes knight), Rc1xc5 (rook takes the same knight, up
    # the empty c-file), Ng1xh3 (knight takes pawn).  The knight on c5 is defended by the
    # pawn d6 (it takes down to c5), so the rook's capture gives 5 for 3 and is left out.
    # The rest: the knight (3) before the pawn (1).  Standing 2 pawns below alpha, taking a
    # pawn cannot reach it (1 + 0.5 <= 2), so only the knight is left.
    state = state_from_pieces(
        {"e1": "K", "b4": "P", "c1": "R", "g1": "N", "e8": "k", "c5": "n", "d6": "p", "h3": "p"}
    )
    board = list(state.board)

    def names(stand: float, alpha: float) -> list[str]:
        moves = captures_to_try(board, WHITE, state.ep, stand, alpha)
        return [name(frm) + name(to) for frm, to in moves]

    assert names(0.0, 0.0) == ["b4c5", "g1h3"]
    assert names(0.0, 2.0) == ["b4c5"]
