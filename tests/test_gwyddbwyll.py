"""Gwyddbwyll (Ludii 3): the rules of web/rules/gwyddbwyll.html, checked by hand.

Every move count below is derived by hand in a comment next to it.  Deeper
perft counts are checked against `Reference`, a second, deliberately plain move
generator kept in this file (board as a dict, every move tried, check found by
generating every enemy move).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from typing import ClassVar

import pytest

from engine import BadNotation, IllegalMove, Termination, games
from engine.ai.knowledge import for_game
from engine.contract.core import LEGAL, GameOver
from engine.games.gwyddbwyll import kernel
from engine.games.gwyddbwyll import rules as gw
from engine.games.gwyddbwyll.knowledge import random_playout as fast_playout
from engine.games.gwyddbwyll.rules import state_from_pieces

GAME = games.get("gwyddbwyll")
KNOW = for_game(GAME)


def sq(name: str) -> int:
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def step(text: str) -> gw.Step:
    return gw.Step(sq(text[:2]), sq(text[2:]))


def names(state, moves) -> set[str]:
    return {GAME.notation(state, m) for m in moves}


def legal(state) -> set[str]:
    return names(state, GAME.legal_moves(state))


def moves_from(state, square: str) -> set[str]:
    return {m for m in legal(state) if m[:2] == square}


def play(state, *texts):
    for text in texts:
        state = GAME.play(state, GAME.parse(state, text))
    return state


# ----------------------------------------------------------------------- a plain second generator


class Reference:
    """Plain rules: a board is a dict {(col, row): (colour, kind)}; nothing clever."""

    SQUARES = frozenset((c, r) for c in range(8) for r in range(8))
    KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
    DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
    ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
    STEPS: ClassVar[dict[str, tuple[tuple[int, int], ...]]] = {
        "N": KNIGHT,
        "B": tuple((2 * a, 2 * b) for a, b in DIAG),
        "K": DIAG + ORTHO,
        "Q": DIAG,
        "J": DIAG,
    }

    @staticmethod
    def from_state(state):
        kinds = {1: "P", 2: "N", 3: "B", 4: "R", 5: "Q", 6: "K", 7: "J"}
        board = {}
        for i, p in enumerate(state.board):
            if p:
                board[(i % 8, i // 8)] = ("WB"[p >> 3], kinds[p & 7])
        ep = None if state.ep < 0 else (state.ep % 8, state.ep // 8)
        return board, "WB"[state.turn], ep

    @classmethod
    def piece_moves(cls, board, me, ep):
        """(from, to) pairs by each piece's rule, king safety ignored."""
        out = []
        for (c, r), (colour, kind) in board.items():
            if colour == me:
                out += [((c, r), t) for t in cls.targets(board, me, ep, (c, r), kind)]
        return out

    @classmethod
    def targets(cls, board, me, ep, square, kind):
        """The squares the piece of `kind` on `square` may go to by its own rule."""
        c, r = square
        out = []
        if kind in cls.STEPS:  # one step or leap, onto an empty square or an enemy
            out += [t for a, b in cls.STEPS[kind] if cls.open_to(board, me, t := (c + a, r + b))]
        if kind == "J":  # the promoted queen's jump: to an empty square only
            jumps = ((c + 2 * a, r + 2 * b) for a, b in cls.DIAG)
            out += [t for t in jumps if t in cls.SQUARES and t not in board]
        if kind == "R":
            out += [t for a, b in cls.ORTHO for t in cls.slide(board, me, square, (a, b))]
        if kind == "P":
            out += cls.pawn_targets(board, me, ep, square)
        return out

    @classmethod
    def open_to(cls, board, me, t):
        """`t` is on the board and empty or an enemy's."""
        return t in cls.SQUARES and (t not in board or board[t][0] != me)

    @classmethod
    def slide(cls, board, me, square, step):
        """A rook's squares along one line: empty ones, then an enemy's to take."""
        (c, r), (a, b) = square, step
        t, out = (c + a, r + b), []
        while t in cls.SQUARES:
            if t in board:
                if board[t][0] != me:
                    out.append(t)
                break
            out.append(t)
            t = (t[0] + a, t[1] + b)
        return out

    @classmethod
    def pawn_targets(cls, board, me, ep, square):
        """A pawn's steps forward (two from its starting rank) and its diagonal captures."""
        c, r = square
        fwd = 1 if me == "W" else -1
        one, two = (c, r + fwd), (c, r + 2 * fwd)
        out = []
        if one in cls.SQUARES and one not in board:
            out.append(one)
            start = 2 if me == "W" else 5
            if r == start and two not in board:
                out.append(two)
        for a in (-1, 1):
            t = (c + a, r + fwd)
            if t in cls.SQUARES and ((t in board and board[t][0] != me) or t == ep):
                out.append(t)
        return out

    @staticmethod
    def make(board, move, ep):
        """The board and en passant square after `move`."""
        (fc, fr), (tc, tr) = move
        board = dict(board)
        colour, kind = board.pop((fc, fr))
        new_ep = None
        if kind == "P":
            if (tc, tr) == ep and tc != fc:
                del board[(tc, fr)]
            if abs(tr - fr) == 2:
                new_ep = (fc, (fr + tr) // 2)
            if tr in (0, 7):
                kind = "J"
        elif kind == "J":
            kind = "Q"
        board[(tc, tr)] = (colour, kind)
        return board, new_ep

    @classmethod
    def in_check(cls, board, me):
        """Brute force: could any enemy piece, by its own rule, land on my king?"""
        kc, kr = next(s for s, p in board.items() if p == (me, "K"))
        for (c, r), (colour, kind) in board.items():
            if colour == me:
                continue
            dc, dr = kc - c, kr - r
            if kind == "N" and (dc, dr) in cls.KNIGHT:
                return True
            if kind == "B" and abs(dc) == abs(dr) == 2:
                return True
            if kind == "K" and max(abs(dc), abs(dr)) == 1:
                return True
            if kind in "QJ" and abs(dc) == abs(dr) == 1:
                return True
            if kind == "P" and abs(dc) == 1 and dr == (1 if colour == "W" else -1):
                return True
            if kind == "R" and (dc == 0 or dr == 0):
                steps = max(abs(dc), abs(dr))
                a, b = dc // steps, dr // steps
                if all((c + a * i, r + b * i) not in board for i in range(1, steps)):
                    return True
        return False

    @classmethod
    def legal(cls, board, me, ep):
        return [
            m
            for m in cls.piece_moves(board, me, ep)
            if not cls.in_check(cls.make(board, m, ep)[0], me)
        ]

    @classmethod
    def perft(cls, board, me, ep, depth, memo):
        """Leaf count `depth` plies down (transpositions counted once, with their multiplicity)."""
        if depth == 0:
            return 1
        key = (frozenset(board.items()), me, ep, depth)
        if key not in memo:
            moves = cls.legal(board, me, ep)
            if depth == 1:
                memo[key] = len(moves)
            else:
                other = "B" if me == "W" else "W"
                memo[key] = sum(
                    cls.perft(
                        *cls.make(board, m, ep)[:1],
                        other,
                        cls.make(board, m, ep)[1],
                        depth - 1,
                        memo,
                    )
                    for m in moves
                )
        return memo[key]


def engine_perft(state, depth, memo):
    if depth == 0:
        return 1
    key = (state.board, state.turn, state.ep, depth)
    if key not in memo:
        moves = GAME.legal_moves(state)
        if depth == 1:
            memo[key] = len(moves)
        else:
            memo[key] = sum(engine_perft(GAME.apply(state, m), depth - 1, memo) for m in moves)
    return memo[key]


def reference_legal(state) -> set[str]:
    board, me, ep = Reference.from_state(state)
    return {
        "abcdefgh"[f[0]] + str(f[1] + 1) + "abcdefgh"[t[0]] + str(t[1] + 1)
        for f, t in Reference.legal(board, me, ep)
    }


# --------------------------------------------------------------------------- setup and the start


def test_registered_without_options():
    assert "gwyddbwyll" in games.ids()
    assert GAME.options_spec == ()
    assert GAME.seat_names(GAME.new()) == ("White", "Black")


def test_start_position():
    assert gw.board_text(GAME.new()) == "\n".join(
        [
            "..b.kb..",
            "..rnnr..",
            "pppqpppp",
            "........",
            "........",
            "PPPQPPPP",
            "..RNNR..",
            "..B.KB..",
        ]
    )
    start = GAME.new()
    assert GAME.to_move(start) == 0
    assert GAME.scores(start) == (15, 15)
    assert GAME.result(start) is None


def test_start_counts_by_piece():
    # King e1: d1 only (f1 bishop, d2/e2 knights, f2 rook are its own)          = 1
    # Rooks: c2 -> b2, a2 (d2 knight, c3 pawn, c1 bishop block); f2 -> g2, h2  = 4
    # Knights: d2 -> b1, c4, e4 (b3, f1, f3 own); e2 -> d4, f4, g1 (c1, c3, g3) = 6
    # Queen d3: c4, e4 (c2 rook and e2 knight are its own)                      = 2
    # Bishops: c1 -> a3, e3 own pawns; f1 -> d3 queen, h3 pawn                  = 0
    # Pawns: seven on rank 3, each one step or the double step (ranks 4-5 empty) = 14
    start = GAME.new()
    kinds = Counter(gw.KIND_NAMES[start.board[frm] & 7] for frm, _ in GAME.legal_moves(start))
    assert kinds == {"king": 1, "rook": 4, "knight": 6, "queen": 2, "pawn": 14}
    assert len(GAME.legal_moves(start)) == 27
    assert moves_from(start, "d2") == {"d2b1", "d2c4", "d2e4"}
    assert moves_from(start, "e1") == {"e1d1"}


def test_black_also_has_27_after_c2b2():
    # Black's army is White's mirrored; the rook on b2 reaches none of Black's squares.
    after = play(GAME.new(), "c2b2")
    assert GAME.to_move(after) == 1
    assert len(GAME.legal_moves(after)) == 27
    assert {"d6c5", "d6e5", "e8d8", "a6a4", "e7g8"} <= legal(after)


@pytest.mark.slow  # about 6 s: `make unit` leaves it out, `make test` runs it
def test_perft_depth_1_to_4_against_the_reference():
    start = GAME.new()
    board, me, ep = Reference.from_state(start)
    memo, ref_memo = {}, {}
    counts = [engine_perft(start, depth, memo) for depth in (1, 2, 3, 4)]
    assert counts[0] == 27  # worked out by hand above
    assert counts == [Reference.perft(board, me, ep, depth, ref_memo) for depth in (1, 2, 3, 4)]


# --------------------------------------------------------------------------- each piece


def test_rook_slides_and_is_stopped():
    # Rook d4; own pawn d6, black knight f4.  Up: d5 (d6 own) = 1; down: d3 d2 d1 = 3;
    # left: c4 b4 a4 = 3; right: e4, f4 capture (stops there) = 2.  Total 9.
    state = state_from_pieces({"d4": "R", "d6": "P", "f4": "n", "a1": "K", "h8": "k"})
    assert moves_from(state, "d4") == {
        "d4d5",
        "d4d3",
        "d4d2",
        "d4d1",
        "d4c4",
        "d4b4",
        "d4a4",
        "d4e4",
        "d4f4",
    }
    after = play(state, "d4f4")
    assert gw.board_text(after).splitlines()[4] == ".....R.."  # rank 4: the knight is gone


def test_knight_leaps():
    # Knight e4: c3 c5 d2 d6 f2 f6 g3 g5, but d2 holds its own rook: 7 (c3 is a capture).
    # Knight b1 (edge): a3, c3, d2; d2 its own rook, c3 a black pawn to take: a3, c3 = 2.
    state = state_from_pieces({"e4": "N", "b1": "N", "d2": "R", "c3": "p", "h1": "K", "h8": "k"})
    assert moves_from(state, "e4") == {"e4c3", "e4c5", "e4d6", "e4f2", "e4f6", "e4g3", "e4g5"}
    assert moves_from(state, "b1") == {"b1a3", "b1c3"}


def test_bishop_jumps_two_diagonally_over_anything():
    # Bishop d4: b2 b6 f2 f6 = 4, even with a friend on c3 and an enemy on e5 in between.
    state = state_from_pieces({"d4": "B", "c3": "P", "e5": "n", "a1": "K", "h8": "k"})
    assert moves_from(state, "d4") == {"d4b2", "d4b6", "d4f2", "d4f6"}
    # Bishop c1: a3 (own pawn) and e3 (black rook, taken); d2's black pawn is jumped, not taken.
    state = state_from_pieces({"c1": "B", "a3": "P", "d2": "p", "e3": "r", "h1": "K", "h8": "k"})
    assert moves_from(state, "c1") == {"c1e3"}
    after = play(state, "c1e3")
    assert after.board[sq("d2")] == gw.piece(gw.BLACK, gw.PAWN)
    assert after.board[sq("e3")] == gw.piece(gw.WHITE, gw.BISHOP)


def test_king_steps_one_and_never_next_to_the_other_king():
    # King e4, black king e6: of its 8 steps, d5 e5 f5 touch e6.  Left: d3 e3 f3 d4 f4 = 5.
    # (Each side has a far pawn: a lone king would already have lost to the bare-king rule.)
    state = state_from_pieces({"e4": "K", "e6": "k", "a3": "P", "h6": "p"})
    assert moves_from(state, "e4") == {"e4d3", "e4e3", "e4f3", "e4d4", "e4f4"}
    # No castling: king e1, rooks a1 and h1 with nothing between.
    state = state_from_pieces({"e1": "K", "a1": "R", "h1": "R", "e8": "k"})
    assert moves_from(state, "e1") == {"e1d1", "e1f1", "e1d2", "e1e2", "e1f2"}


def test_queen_is_a_fers():
    # Queen d4: c3 (own pawn) c5 e3 e5 (black pawn, taken) -> c5 e3 e5; no orthogonal
    # steps and no jump for a queen that was not just promoted.
    state = state_from_pieces({"d4": "Q", "c3": "P", "e5": "p", "a1": "K", "h8": "k"})
    assert moves_from(state, "d4") == {"d4c5", "d4e3", "d4e5"}
    with pytest.raises(IllegalMove, match="only a queen just made by promotion may jump"):
        GAME.parse(state, "d4b6")
    with pytest.raises(IllegalMove, match="a queen steps one square diagonally"):
        GAME.parse(state, "d4d5")


def test_promoted_queen_may_jump_once_without_capturing():
    # A jumping queen on d4: steps c3 c5 e3 e5 (e5 black, taken) and jumps b2 b6 f2 f6 to
    # empty squares; f6 holds a black knight, which the jump may not take.  7 moves.
    state = state_from_pieces({"d4": "J", "e5": "p", "f6": "n", "a1": "K", "h8": "k"})
    assert moves_from(state, "d4") == {"d4c3", "d4c5", "d4e3", "d4e5", "d4b2", "d4b6", "d4f2"}
    with pytest.raises(IllegalMove, match="jump cannot capture"):
        GAME.parse(state, "d4f6")
    jumped = play(state, "d4b6")
    assert jumped.board[sq("b6")] == gw.piece(gw.WHITE, gw.QUEEN)  # the jump is used up
    stepped = play(state, "d4c5")
    assert stepped.board[sq("c5")] == gw.piece(gw.WHITE, gw.QUEEN)  # a step uses it up too
    # A king waits: the jump is kept until the queen itself moves.
    later = play(state, "a1a2", "h8h7")
    assert "d4b2" in moves_from(later, "d4")


def test_jump_does_not_give_check():
    # Jumping queen d4, black king f6 two squares away diagonally: not in check.
    state = state_from_pieces({"d4": "J", "a1": "K", "f6": "k"}, turn=1)
    assert not GAME.in_check(state)
    assert GAME.view(state).check is None
    # A plain step would: queen e5 next to the king.
    assert GAME.in_check(state_from_pieces({"e5": "Q", "a1": "K", "f6": "k"}, turn=1))


def test_pawn_steps_double_steps_and_captures():
    # White pawn e3 (start): e4, e5; black pawns d4 and f4 to take: 4 moves.
    state = state_from_pieces({"e3": "P", "d4": "p", "f4": "p", "a1": "K", "h8": "k"})
    assert moves_from(state, "e3") == {"e3e4", "e3e5", "e3d4", "e3f4"}
    # e5 blocked: only e4.  e4 blocked: nothing forward, and no capture straight ahead.
    assert moves_from(state_from_pieces({"e3": "P", "e5": "p", "a1": "K", "h8": "k"}), "e3") == {
        "e3e4"
    }
    blocked = state_from_pieces({"e3": "P", "e4": "p", "a1": "K", "h8": "k"})
    assert moves_from(blocked, "e3") == set()
    with pytest.raises(IllegalMove, match="cannot capture straight ahead"):
        GAME.parse(blocked, "e3e4")
    # A pawn off its start square steps one only; a black pawn walks down.
    assert moves_from(state_from_pieces({"e4": "P", "a1": "K", "h8": "k"}), "e4") == {"e4e5"}
    black = state_from_pieces({"e6": "p", "d5": "P", "a1": "K", "h8": "k"}, turn=1)
    assert moves_from(black, "e6") == {"e6e5", "e6e4", "e6d5"}
    with pytest.raises(IllegalMove, match="only forward"):
        GAME.parse(black, "e6e7")


def test_en_passant_for_both_sides():
    # Black d6-d4 passes d5; White's pawn on e4 takes it on d5 at once: d4 empties.
    state = state_from_pieces({"e4": "P", "d6": "p", "a1": "K", "h8": "k"}, turn=1)
    after = play(state, "d6d4")
    assert moves_from(after, "e4") == {"e4e5", "e4d5"}
    taken = play(after, "e4d5")
    assert taken.board[sq("d4")] == 0 and taken.board[sq("d5")] == gw.piece(gw.WHITE, gw.PAWN)
    assert GAME.scores(taken) == (2, 1)
    # Only on the very next move: after a king move each, d5 is out of reach.
    later = play(after, "a1a2", "h8h7")
    assert moves_from(later, "e4") == {"e4e5"}
    with pytest.raises(IllegalMove, match="diagonally only to capture"):
        GAME.parse(later, "e4d5")
    # White c3-c5 passes c4; Black's pawn on b5 (beside c5) takes it on c4, moving down.
    state = state_from_pieces({"c3": "P", "b5": "p", "a1": "K", "h8": "k"})
    after = play(state, "c3c5")
    assert moves_from(after, "b5") == {"b5b4", "b5c4"}
    taken = play(after, "b5c4")
    assert taken.board[sq("c5")] == 0 and GAME.scores(taken) == (1, 2)


def test_en_passant_that_would_open_a_rank_is_illegal():
    # King a4, pawn b4; Black c6-c4 lands beside it; a black rook on h4.  Taking en passant
    # would empty b4 and c4 at once and open rank 4 to the rook.
    state = state_from_pieces({"a4": "K", "b4": "P", "c6": "p", "h4": "r", "h8": "k"}, turn=1)
    after = play(state, "c6c4")
    assert moves_from(after, "b4") == {"b4b5"}
    with pytest.raises(IllegalMove, match="leave your king in check"):
        GAME.parse(after, "b4c5")


def test_promotion_makes_a_jumping_queen():
    state = state_from_pieces({"g7": "P", "h8": "r", "a2": "K", "a8": "k", "b2": "p"})
    # g7: g8 step and h8 capture; both promote.  The move is written without a suffix.
    assert moves_from(state, "g7") == {"g7g8", "g7h8"}
    promoted = play(state, "g7h8")
    assert promoted.board[sq("h8")] == gw.piece(gw.WHITE, gw.JUMPER)
    assert GAME.view(promoted).cells[sq("h8")] == gw.Piece("queen", gw.WHITE, True)
    # Black promotes on rank 1 (b2-b1), diagonally next to White's king a2: check.
    black = play(promoted, "b2b1")
    assert black.board[sq("b1")] == gw.piece(gw.BLACK, gw.JUMPER)
    assert GAME.in_check(black) and GAME.view(black).check == sq("a2")
    # The new queen h8 may jump to f6 on its first move.
    assert "h8f6" in moves_from(play(promoted, "a8a7"), "h8")


# --------------------------------------------------------------------------- king safety


def test_pinned_pieces():
    # Knight e3 between king e1 and rook e8: every leap leaves the e-file, so none is legal.
    state = state_from_pieces({"e1": "K", "e3": "N", "e8": "r", "a8": "k"})
    assert moves_from(state, "e3") == set()
    with pytest.raises(IllegalMove, match="that would leave your king in check"):
        GAME.parse(state, "e3c4")
    # A pinned rook keeps to the pin line: a2 a3 a5 a6 a7 a8 (takes the rook) = 6.
    state = state_from_pieces({"a1": "K", "a4": "R", "a8": "r", "h8": "k"})
    assert moves_from(state, "a4") == {"a4a2", "a4a3", "a4a5", "a4a6", "a4a7", "a4a8"}
    # A pinned pawn may step along the file but not take off it.
    state = state_from_pieces({"e1": "K", "e3": "P", "d4": "n", "e8": "r", "a8": "k"})
    assert moves_from(state, "e3") == {"e3e4", "e3e5"}
    # A pinned bishop can never stay on the line.
    state = state_from_pieces({"e1": "K", "e2": "B", "e8": "r", "a8": "k"})
    assert moves_from(state, "e2") == set()


def test_check_evasion():
    # Rook e8 checks king e1 down the open e-file.  Escapes:
    #   king: d1 f1 d2 f2 (e2 is still on the file)                    = 4
    #   block: rook a5-e5, knight c2-e3, knight f6-e4                   = 3
    #   capture: knight f6xe8                                           = 1   -> 8
    state = state_from_pieces({"e1": "K", "a5": "R", "c2": "N", "f6": "N", "e8": "r", "h8": "k"})
    assert GAME.in_check(state)
    assert legal(state) == {"e1d1", "e1f1", "e1d2", "e1f2", "a5e5", "c2e3", "f6e4", "f6e8"}
    assert legal(state) == reference_legal(state)
    with pytest.raises(IllegalMove, match="king is in check"):
        GAME.parse(state, "a5a6")
    with pytest.raises(IllegalMove, match="king is in check"):
        GAME.parse(state, "e1e2")


def test_king_may_not_step_into_check():
    # King e1 with a black rook on d8: d1 and d2 are on the rook's file (pawn h3: not bare).
    state = state_from_pieces({"e1": "K", "h3": "P", "d8": "r", "h8": "k"})
    assert moves_from(state, "e1") == {"e1e2", "e1f1", "e1f2"}
    with pytest.raises(IllegalMove, match="put your king in check"):
        GAME.parse(state, "e1d1")


# --------------------------------------------------------------------------- the end


def test_checkmate_wins():
    # Ra1-a8+: g8 is on the rook's rank, g7 and h7 on the b7 rook's; nothing can block or
    # take, and h6's pawn moves do not help: checkmate.
    state = state_from_pieces({"e1": "K", "a1": "R", "b7": "R", "h8": "k", "h6": "p"})
    assert GAME.result(state) is None
    mated = play(state, "a1a8")
    result = GAME.result(mated)
    assert result.winners == (0,) and result.scores == (1, 0)
    assert result.termination is Termination.NO_MOVES and result.detail == "checkmate"
    assert result.reason == "Black is in check and has no legal move"
    assert GAME.legal_moves(mated) == []
    with pytest.raises(GameOver):
        GAME.parse(mated, "h6h5")
    assert KNOW.evaluate(mated) == (1.0, 0.0)


def test_stalemate_wins_for_the_player_who_caused_it():
    # Ne5-c6: the knight covers a7, the rook b1 covers b7 and b8; king a8 is not attacked,
    # and Black's pawn h4 is stuck behind White's h3 with nothing to take.
    state = state_from_pieces({"e1": "K", "b1": "R", "e5": "N", "h3": "P", "a8": "k", "h4": "p"})
    assert GAME.result(state) is None
    stalemated = play(state, "e5c6")
    assert not GAME.in_check(stalemated)
    result = GAME.result(stalemated)
    assert result.winners == (0,)
    assert result.termination is Termination.NO_MOVES and result.detail == "stalemate"
    assert result.reason == "Black has no legal move (here that loses)"


def test_bare_king_loses():
    # Ra1xa6 takes Black's last piece but the king; the king could still move, yet White wins.
    state = state_from_pieces({"e1": "K", "a1": "R", "a6": "n", "h8": "k"})
    bare = play(state, "a1a6")
    result = GAME.result(bare)
    assert result.winners == (0,) and result.termination is Termination.ELIMINATION
    assert result.detail == "bare-king"
    assert result.reason == "Black has only the king left"
    assert GAME.legal_moves(bare) == []
    # Black can bare White the same way.
    state = state_from_pieces({"e8": "k", "h1": "r", "h3": "N", "a1": "K"}, turn=1)
    result = GAME.result(play(state, "h1h3"))
    assert result.winners == (1,) and result.termination is Termination.ELIMINATION
    assert result.detail == "bare-king"
    assert result.reason == "White has only the king left"


def test_draw_at_2500_plies():
    state = state_from_pieces({"e1": "K", "a1": "R", "b7": "R", "h8": "k", "h6": "p"}, ply=2498)
    quiet = play(state, "e1e2")  # ply 2499: still going
    assert GAME.result(quiet) is None
    drawn = play(quiet, "h6h5")  # ply 2500
    result = GAME.result(drawn)
    assert result.winners == (0, 1)  # both seats share it: a draw
    assert (
        result.scores == (0.5, 0.5) and result.reason == "2,500 plies were played without a result"
    )
    assert result.termination is Termination.MOVE_LIMIT
    assert GAME.legal_moves(drawn) == []
    # A mate on the 2,500th ply still wins.
    mated = play(
        state_from_pieces({"e1": "K", "a1": "R", "b7": "R", "h8": "k", "h6": "p"}, ply=2499),
        "a1a8",
    )
    assert GAME.result(mated).winners == (0,)


def _captures(state) -> set[str]:
    found = kernel.pseudo_captures(state.board, state.turn, state.ep)
    return {GAME.notation(state, move) for move in found}


def test_pseudo_captures_are_the_captures_a_position_offers():
    # White: Ra1 up the a-file to the pawn a5 (along rank 1 it stops at its own king e1);
    # Nc3 reaches a2 a4 b1 b5 d1 d5 e2 e4, of which d5 holds a Black pawn (e4 is White's);
    # the pawn e4 takes forward on d5 and f5; the king e1 has nothing next to it.
    state = state_from_pieces(
        {"a1": "R", "e1": "K", "c3": "N", "e4": "P", "a5": "p", "d5": "p", "f5": "n", "e8": "k"}
    )
    assert _captures(state) == {"a1a5", "c3d5", "e4d5", "e4f5"}


def test_pseudo_captures_include_en_passant():
    # Black's pawn has just gone d6-d4 past d5, next to White's pawn e4: e4xd5 takes it.
    state = state_from_pieces({"e4": "P", "d4": "p", "e1": "K", "e8": "k"}, turn=gw.WHITE, ep="d5")
    assert _captures(state) == {"e4d5"}


def test_pseudo_captures_are_the_captures_among_pseudo_moves():
    rng = random.Random(17)
    for _ in range(20):
        state = GAME.new()
        for _ in range(rng.randrange(10, 80)):
            moves = GAME.legal_moves(state)
            if not moves:
                break
            state = GAME.apply(state, rng.choice(moves))
        board, colour, ep = state.board, state.turn, state.ep
        enemy = (1 - colour) << 3
        expected = {
            m
            for m in kernel.pseudo_moves(board, colour, ep)
            if (board[m.to] and board[m.to] & 8 == enemy)
            or kernel.is_en_passant(board, m.frm, m.to, ep)
        }
        assert set(kernel.pseudo_captures(board, colour, ep)) == expected


# --------------------------------------------------------------------------- notation and errors


def test_notation_round_trips():
    rng = random.Random(5)
    state = GAME.new()
    for _ in range(60):
        moves = GAME.legal_moves(state)
        if not moves:
            break
        for move in moves:
            text = GAME.notation(state, move)
            assert len(text) == 4 and text == text.lower()
            assert GAME.parse(state, text) == move
        state = GAME.apply(state, rng.choice(moves))


def test_parse_is_lenient_about_case_and_marks():
    start = GAME.new()
    assert GAME.parse(start, " E3E4 ") == GAME.parse(start, "e3-e4") == (sq("e3"), sq("e4"))
    assert GAME.parse(start, "d2xc4+") == (sq("d2"), sq("c4"))


@pytest.mark.parametrize("text", ["e3", "e3e9", "i3i4", "e3e4q", "knight", "e3 e4", "33e4"])
def test_bad_notation(text):
    with pytest.raises(BadNotation) as err:
        GAME.parse(GAME.new(), text)
    assert str(err.value)
    assert err.value.code == "not-a-move"
    assert str(err.value).startswith(f"'{text}' is not a move (write the from-square")


def test_an_empty_move_is_bad_notation():
    with pytest.raises(BadNotation) as err:
        GAME.parse(GAME.new(), "")
    assert err.value.code == "empty" and str(err.value) == "an empty move"


@pytest.mark.parametrize(
    "text, code, reason",
    [
        ("e4e5", "empty-square", "no piece on e4"),
        ("d6d5", "not-your-piece", "is Black's, and it is White's turn"),
        ("e1e2", "own-piece", "holds your own knight"),
        ("c1e3", "own-piece", "holds your own pawn"),
        ("c2e4", "rook-move", "a rook moves along a rank or a file"),
        ("c2c4", "rook-blocked", "c3 is in the way"),
        ("d2d4", "knight-move", "a knight leaps"),
        ("f1f3", "own-piece", "own pawn"),
        ("e3e6", "pawn-move", "a pawn steps one square forward"),
        ("e3d4", "pawn-needs-capture", "diagonally only to capture"),
        ("d3c3", "own-piece", "own pawn"),
        ("d3d4", "queen-move", "a queen steps one square diagonally"),
        ("e1e1", "same-square", "the same"),
    ],
)
def test_illegal_moves_say_why(text, code, reason):
    start = GAME.new()
    with pytest.raises(IllegalMove, match=reason) as err:
        GAME.parse(start, text)
    assert err.value.verdict.code == code
    verdict = GAME.check(start, step(text))
    assert not verdict.legal and verdict.code == code and reason in verdict.text


@pytest.mark.parametrize(
    "pieces, turn, text, code",
    [
        # Rook e8 checks king e1: a rook move elsewhere does not help; the king may not stay on e.
        ({"e1": "K", "a5": "R", "e8": "r", "h8": "k"}, 0, "a5a6", "still-in-check"),
        ({"e1": "K", "a5": "R", "e8": "r", "h8": "k"}, 0, "e1e2", "still-in-check"),
        # Rook d8 covers d1; knight e3 pinned by the rook e8.
        ({"e1": "K", "h3": "P", "d8": "r", "h8": "k"}, 0, "e1d1", "king-into-check"),
        ({"e1": "K", "e3": "N", "e8": "r", "a8": "k"}, 0, "e3c4", "leaves-king-in-check"),
        # Each piece's own rule.
        ({"d4": "B", "a1": "K", "h8": "k"}, 0, "d4e5", "bishop-move"),
        ({"d4": "K", "h8": "k", "a3": "P"}, 0, "d4d6", "king-move"),
        ({"d4": "Q", "a1": "K", "h8": "k"}, 0, "d4b6", "queen-cannot-jump"),
        ({"d4": "J", "f6": "n", "a1": "K", "h8": "k"}, 0, "d4f6", "jump-cannot-capture"),
        ({"e6": "p", "a1": "K", "h8": "k"}, 1, "e6e7", "pawn-backward"),
        ({"e3": "P", "e4": "p", "a1": "K", "h8": "k"}, 0, "e3e4", "pawn-blocked"),
        ({"e3": "P", "e4": "p", "a1": "K", "h8": "k"}, 0, "e3e5", "pawn-blocked"),
        ({"e4": "P", "a1": "K", "h8": "k"}, 0, "e4e6", "pawn-double-step"),
    ],
)
def test_reason_codes(pieces, turn, text, code):
    state = state_from_pieces(pieces, turn=turn)
    verdict = GAME.check(state, step(text))
    assert not verdict.legal and verdict.code == code and verdict.text
    with pytest.raises(IllegalMove) as err:
        GAME.play(state, step(text))
    assert err.value.verdict == verdict


def test_moves_are_steps():
    start = GAME.new()
    moves = GAME.legal_moves(start)
    assert all(type(m) is gw.Step for m in moves)
    step = GAME.parse(start, "e3e4")
    assert step == gw.Step(frm=sq("e3"), to=sq("e4")) == (sq("e3"), sq("e4"))
    assert GAME.check(start, step) == LEGAL and GAME.check(start, (sq("e3"), sq("e4"))) == LEGAL
    assert GAME.check(start, (100, 100)).code == "not-a-move"
    assert GAME.check(start, "e3e4").code == "not-a-move"


def test_bishop_reason():
    state = state_from_pieces({"d4": "B", "a1": "K", "h8": "k"})
    with pytest.raises(IllegalMove, match="a bishop jumps exactly two squares diagonally"):
        GAME.parse(state, "d4e5")


def test_hand_built_positions_are_checked():
    with pytest.raises(BadNotation, match="exactly one king") as err:
        state_from_pieces({"e1": "K"})
    assert err.value.code == "king-count" and str(err.value).startswith("Black")
    with pytest.raises(BadNotation) as err:
        state_from_pieces({"e1": "K", "e8": "k", "e4": "x"})
    assert err.value.code == "not-a-piece" and str(err.value).startswith("'x' is not a piece")


# --------------------------------------------------------------------------- random games


def test_random_games_keep_the_invariants():
    rng = random.Random(2024)
    for _ in range(3):
        state = GAME.new()
        while GAME.result(state) is None:
            moves = GAME.legal_moves(state)
            before_board = state.board
            move = rng.choice(moves)
            after = GAME.play(state, move)
            assert state.board == before_board  # the old state is untouched
            mover = state.turn
            king = after.board.index(gw.piece(mover, gw.KING))
            assert not gw.attacked(after.board, king, 1 - mover)  # never a king left in check
            old, new = Counter(state.board), Counter(after.board)
            for colour in (0, 1):
                for kind in (gw.PAWN, gw.KNIGHT, gw.BISHOP, gw.ROOK, gw.KING):
                    assert new[gw.piece(colour, kind)] <= old[gw.piece(colour, kind)]
            queens = [gw.piece(mover, gw.QUEEN), gw.piece(mover, gw.JUMPER)]
            gained = sum(new[q] for q in queens) - sum(old[q] for q in queens)
            lost_pawns = old[gw.piece(mover, gw.PAWN)] - new[gw.piece(mover, gw.PAWN)]
            assert gained <= lost_pawns  # only promotion adds a queen
            assert sum(GAME.scores(after)) <= sum(GAME.scores(state))
            state = after
        assert GAME.legal_moves(state) == []
        assert state.ply <= gw.MAX_PLIES


def test_engine_agrees_with_the_reference_through_random_games():
    # Random games reach positions the opening perft never does: promotions, jumping
    # queens, en passant, checks.  Compare the full legal move set on every ply.
    rng = random.Random(7)
    seen = Counter()
    for _ in range(2):
        state = GAME.new()
        while GAME.result(state) is None:
            assert legal(state) == reference_legal(state)
            seen["jumper"] += any(p & 7 == gw.JUMPER for p in state.board)
            seen["check"] += GAME.in_check(state)
            seen["en passant"] += any(
                gw.is_en_passant(state.board, f, t, state.ep) for f, t in GAME.legal_moves(state)
            )
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
    assert seen["jumper"] and seen["check"] and seen["en passant"]


def test_states_are_immutable_values():
    start = GAME.new()
    with pytest.raises(dataclasses.FrozenInstanceError):
        start.turn = 1
    assert isinstance(start.board, tuple)
    assert GAME.new() == start and hash(GAME.new()) == hash(start)
    moves = GAME.legal_moves(start)
    moves.clear()  # a copy, not the cache
    assert len(GAME.legal_moves(start)) == 27


def test_fast_playout_plays_legal_games():
    for seed in range(4):
        trace = []
        end = fast_playout(GAME.new(), random.Random(seed), trace=trace)
        replayed = GAME.new()
        for move in trace:
            replayed = GAME.play(replayed, move)
        assert replayed == end
        assert GAME.result(end) is not None
    short = fast_playout(GAME.new(), random.Random(1), max_plies=7)
    assert short.ply == 7
    # It is the computer's random playout.
    assert KNOW.random_playout(GAME.new(), random.Random(3), 50) == fast_playout(
        GAME.new(), random.Random(3), 50
    )


def test_fast_playout_picks_legal_moves_uniformly():
    # In the check-evasion position only 8 of the pseudo-legal moves are legal; each should
    # come up about 1/8 of the time.  Chi-square with 7 degrees of freedom: 24.3 is p=0.001.
    state = state_from_pieces({"e1": "K", "a5": "R", "c2": "N", "f6": "N", "e8": "r", "h8": "k"})
    rng = random.Random(11)
    counts = Counter()
    for _ in range(1600):
        trace = []
        fast_playout(state, rng, max_plies=1, trace=trace)
        counts[GAME.notation(state, trace[0])] += 1
    assert set(counts) == legal(state)
    chi2 = sum((n - 200) ** 2 / 200 for n in counts.values())
    assert chi2 < 24.3


# --------------------------------------------------------------------------- how the page words it


def test_the_result_is_said_without_a_chess_score():
    # A won game's Result.scores are 1 and 0; "Black wins 1-0" would read to a chess player
    # as White's win, so the sentence gives how the game was won instead of a score.
    names = ("White", "Black")
    mate = GAME.result(
        play(state_from_pieces({"e1": "K", "a1": "R", "b7": "R", "h8": "k", "h6": "p"}), "a1a8")
    )
    stale = GAME.result(
        play(
            state_from_pieces({"e1": "K", "b1": "R", "e5": "N", "h3": "P", "a8": "k", "h4": "p"}),
            "e5c6",
        )
    )
    bare = GAME.result(
        play(state_from_pieces({"e8": "k", "h1": "r", "h3": "N", "a1": "K"}, turn=1), "h1h3")
    )
    drawn = GAME.result(
        play(state_from_pieces({"e1": "K", "a1": "R", "h8": "k", "h6": "p"}, ply=2499), "e1e2")
    )
    said = [GAME.result_text(names, r) for r in (mate, stale, bare, drawn)]
    assert said == [
        "White wins by checkmate: Black is in check and has no legal move.",
        "White wins by stalemate: Black has no legal move (here that loses).",
        "Black wins: White has only the king left.",
        "A draw: 2,500 plies were played without a result.",
    ]
    assert not any("–" in text for text in said)


def label(state, text):
    after = play(state, text)
    return GAME.move_label(state, after, text)


def test_the_move_list_shows_the_piece_captures_en_passant_promotion_and_check():
    start = GAME.new()
    assert label(start, "e3e5") == "e3e5"  # a pawn has no letter
    assert label(start, "d2e4") == "Nd2e4"
    assert label(play(start, "e3e5", "a6a4"), "e5f6") == "e5xf6"
    # After d6-d4, White's e4 pawn takes it en passant on d5, or takes the knight on f5.
    state = play(
        state_from_pieces({"e4": "P", "d6": "p", "f5": "n", "a1": "K", "h8": "k"}, turn=1), "d6d4"
    )
    assert label(state, "e4d5") == "e4xd5 e.p." and label(state, "e4f5") == "e4xf5"
    # Promotion, then the new queen's jump (written as a queen's move).
    state = state_from_pieces({"g7": "P", "a1": "K", "a8": "k", "b6": "p"})
    assert label(state, "g7g8") == "g7g8=Q"
    assert label(play(state, "g7g8", "b6b5"), "g8e6") == "Qg8e6"
    # Check, and checkmate.
    state = state_from_pieces({"e1": "K", "a1": "R", "b7": "R", "h8": "k", "h6": "p"})
    assert label(state, "b7b8") == "Rb7b8+" and label(state, "a1a8") == "Ra1a8#"
    assert label(state, "e1f2") == "Ke1f2"
    # The notation itself, in links and records, stays plain.
    assert GAME.notation(state, step("a1a8")) == "a1a8"


# --------------------------------------------------------------------------- view and evaluation


def test_view_describes_the_position():
    state = play(GAME.new(), "e3e5")
    view = GAME.view(state)
    assert isinstance(view, gw.GwyddbwyllView) and (view.width, view.height) == (8, 8)
    assert view.cells[sq("e5")] == gw.Piece("pawn", gw.WHITE, False)
    assert view.cells[sq("d6")] == gw.Piece("queen", gw.BLACK, False)
    assert view.cells[sq("c8")] == gw.Piece("bishop", gw.BLACK, False)
    assert view.cells[sq("e3")] is None and sum(c is not None for c in view.cells) == 30
    assert view.last == (sq("e3"), sq("e5")) and view.check is None
    assert view.to_move == gw.BLACK and view.seat_names == ("White", "Black")
    assert view.scores == (15, 15) and view.result is None
    # Black's 27 opening moves (its army mirrors White's) less e6-e5 and e6-e4, now
    # blocked, plus f6xe5: 26.
    assert view.moves == tuple(GAME.legal_moves(state)) and len(view.moves) == 26
    assert GAME.view(GAME.new()).last == ()


def test_view_targets_group_moves_by_piece_and_name_what_they_take():
    # After d6-d4 White's e4 pawn may step to e5 or take en passant on d5 (the pawn on d4),
    # or take the knight on f5; the king a1 has its three steps.
    state = play(
        state_from_pieces({"e4": "P", "d6": "p", "f5": "n", "a1": "K", "h8": "k"}, turn=1), "d6d4"
    )
    targets = GAME.view(state).targets
    from_e4 = {(t.move.to, t.taken) for t in targets if t.move.frm == sq("e4")}
    assert from_e4 == {(sq("e5"), None), (sq("d5"), sq("d4")), (sq("f5"), sq("f5"))}
    assert {t.move.frm for t in targets} == {sq("e4"), sq("a1")}
    assert tuple(t.move for t in targets) == GAME.view(state).moves


def test_view_holds_a_move_of_each_piece_kept_back_by_its_king():
    # Knight e3 pinned on the e-file by the rook e8: its leaps are moves by its own rule,
    # none of them legal.  The pawn a3 may move, so it is not held.
    state = state_from_pieces({"e1": "K", "e3": "N", "a3": "P", "e8": "r", "a8": "k"})
    view = GAME.view(state)
    assert [move.frm for move in view.held] == [sq("e3")]
    assert GAME.check(state, view.held[0]).code == "leaves-king-in-check"
    # King a1 with rooks on b3 and c2: its three steps are all attacked (the knight h4 can
    # move, so it is not held); in the start position nothing is held.
    state = state_from_pieces({"a1": "K", "b3": "r", "c2": "r", "h8": "k", "h4": "N"})
    held = GAME.view(state).held
    assert [move.frm for move in held] == [sq("a1")]
    assert GAME.check(state, held[0]).code == "king-into-check"
    assert GAME.view(GAME.new()).held == ()


def test_evaluate_is_a_probability_that_favours_material():
    even = KNOW.evaluate(GAME.new())
    assert abs(sum(even) - 1) < 1e-9 and abs(even[0] - 0.5) < 1e-9
    ahead = state_from_pieces({"e1": "K", "a1": "R", "c2": "N", "e8": "k", "h6": "p"})
    white, black = KNOW.evaluate(ahead)
    assert 0.5 < white <= 1 and abs(white + black - 1) < 1e-9
    # Material: R 5 + N 3 against a pawn, 8 - 1 = 7.  Mobility by the pieces' own rules:
    # White king e1 5 (d1 d2 e2 f1 f2), rook a1 10 (a2-a8, b1 c1 d1), knight c2 4 (a3 b4 d4
    # e3) = 19; Black king e8 5, pawn h6 2 (h5, h4) = 7.  Lead 7 + 0.05 * 12 = 7.6.
    assert white == pytest.approx(1 / (1 + math.exp(-0.4 * 7.6)))
    assert not hasattr(GAME, "evaluate")  # the game keeps no evaluation
