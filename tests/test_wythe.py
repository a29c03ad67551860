"""Wythe: the rules of web/rules/wythe.html, case by case, notation, seats and speed path.

Every count and score below is derived by hand in the comment next to it.
Squares are indexed row * size + col; a placement is (black square, white square).
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from engine import BadNotation, BadOption, GameOver, IllegalMove, Termination, games
from engine.ai.knowledge import for_game
from engine.contract.core import LEGAL, PASS, SWAP, parse_square, swapped_pair
from engine.games.wythe.rules import (
    BLACK,
    EMPTY,
    WHITE,
    Placement,
    SizeCount,
    WytheState,
    colour_scores,
)

GAME = games.get("wythe")
KNOW = for_game(GAME)


# --------------------------------------------------------------------------- helpers


def sq(text: str, size: int = 8) -> int:
    col, row = parse_square(text, size)
    return row * size + col


def position(*moves: str, size: int = 8) -> WytheState:
    """The state after replaying `moves` (notation) with full legality checks."""
    state = GAME.new(size=size)
    for text in moves:
        state = GAME.play(state, GAME.parse(state, text))
    return state


def texts(state) -> set[str]:
    return {GAME.notation(state, m) for m in GAME.legal_moves(state)}


def placements_of(state) -> list:
    return [m for m in GAME.legal_moves(state) if isinstance(m, tuple)]


def reconstruct(state):
    """Independent of the engine's bookkeeping: every square's stack as [(colour, piece)],
    each piece's level, and each piece's count of covered bits, from the piece list."""
    n = state.size * state.size
    stacks: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    levels, covered_bits = [], [0] * len(state.pieces)
    for piece, (black_sq, white_sq) in enumerate(state.pieces):
        levels.append((len(stacks[black_sq]), len(stacks[white_sq])))
        for square, colour in ((black_sq, BLACK), (white_sq, WHITE)):
            if stacks[square]:
                covered_bits[stacks[square][-1][1]] += 1
            stacks[square].append((colour, piece))
    return stacks, levels, covered_bits


def neighbours(square: int, size: int) -> list[int]:
    col, row = square % size, square // size
    out = []
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        c, r = col + dc, row + dr
        if 0 <= c < size and 0 <= r < size:
            out.append(r * size + c)
    return out


def brute_placements(state) -> set[tuple[int, int]]:
    """The legal placements straight from the rules text, on the reconstructed stacks."""
    size = state.size
    stacks, _, covered_bits = reconstruct(state)
    legal = set()
    for a in range(size * size):
        for b in neighbours(a, size):
            sa, sb = stacks[a], stacks[b]
            if len(sa) != len(sb):  # rule 1
                continue
            if not sa:
                legal.add((a, b))
                continue
            if sa[-1][0] == BLACK or sb[-1][0] == WHITE:  # rule 2
                continue
            p, q = sa[-1][1], sb[-1][1]
            if p != q and covered_bits[p] == 0 and covered_bits[q] == 0:  # rule 3
                legal.add((a, b))
    return legal


def brute_scores(size: int, tops) -> tuple[int, int]:
    """(Black, White) score by the rules text: flood fill, count sizes, compare."""
    seen, sizes = set(), {BLACK: [], WHITE: []}
    for start in range(size * size):
        if tops[start] is None or start in seen:
            continue
        seen.add(start)
        todo, count = [start], 0
        while todo:
            here = todo.pop()
            count += 1
            for there in neighbours(here, size):
                if there not in seen and tops[there] == tops[start]:
                    seen.add(there)
                    todo.append(there)
        sizes[tops[start]].append(count)
    b, w = Counter(sizes[BLACK]), Counter(sizes[WHITE])
    black = max([s for s in b if b[s] > w[s]], default=0)
    white = max([s for s in w if w[s] > b[s]], default=0)
    return black, white


def tops_from_diagram(rows: list[str]) -> list:
    """Top colours from a picture: first row is the top rank; B, W or '.'."""
    size = len(rows)
    tops = [None] * (size * size)
    for r, line in enumerate(rows):
        row = size - 1 - r
        for col, ch in enumerate(line):
            tops[row * size + col] = {"B": BLACK, "W": WHITE, ".": None}[ch]
    return tops


# The 0–0 final position on 6×6 (derivation in test_zero_zero_tie_break): in every rank
# a horizontal piece a/b (black a), one c/d (black d), one e/f (black e), so each rank
# reads B W W B B W.
TIE_MOVES = [
    m for rank in range(1, 7) for m in (f"a{rank}b{rank}", f"d{rank}c{rank}", f"e{rank}f{rank}")
]


# ------------------------------------------------------------------------ the rules page's cases
# web/rules/wythe.html: "Turns" (equal height, no like-on-like, every piece keeps a bit
# uncovered), "Pie rule" and "Scoring".


@pytest.mark.parametrize("size", [6, 8, 12])
def test_empty_board_has_4n_n_minus_1_placements_and_nothing_else(size):
    # N rows × (N−1) horizontal pairs + the same vertically = 2N(N−1) pairs; both
    # squares empty, so both orientations: 4N(N−1) = 120 (6), 224 (8), 528 (12).
    moves = GAME.legal_moves(GAME.new(size=size))
    assert len(moves) == {6: 120, 8: 224, 12: 528}[size]
    assert len(set(moves)) == len(moves)
    assert all(type(m) is Placement for m in moves)


def test_white_may_swap_only_on_its_first_turn():
    state = position("a1b1")
    # 112 pairs on 8×8; pairs touching a1 or b1: a1b1, a1a2, b1c1, b1b2 = 4, so 108
    # empty pairs = 216 placements; a1b1 is one piece (no stacking): 216 + swap = 217.
    assert len(GAME.legal_moves(state)) == 217
    assert SWAP in GAME.legal_moves(state)
    swapped = GAME.play(state, SWAP)
    assert SWAP not in GAME.legal_moves(swapped)
    assert len(GAME.legal_moves(swapped)) == 216
    later = position("a1b1", "a3b3", "a5b5")  # White's second turn
    assert GAME.to_move(later) == 1
    assert SWAP not in GAME.legal_moves(later)
    with pytest.raises(IllegalMove, match="White's first turn"):
        GAME.parse(later, "swap")
    with pytest.raises(IllegalMove, match="White's first turn"):
        GAME.parse(GAME.new(), "swap")


def test_like_on_like_is_illegal():
    # a1 and a2 both show black tops, b1 and b2 white tops, all at height 1, distinct
    # uncovered pieces: only the colour rule forbids a1/a2 and b1/b2.
    state = position("a1b1", "a2b2")
    for text in ("a1a2", "a2a1"):
        with pytest.raises(IllegalMove, match="black bit would land on the black top"):
            GAME.parse(state, text)
    for text in ("b1b2", "b2b1"):
        with pytest.raises(IllegalMove, match="white bit would land on the white top"):
            GAME.parse(state, text)
    # Black to move: of 112 pairs, 8 touch {a1,b1,a2,b2} (a1b1 a2b2 a1a2 b1b2 b1c1 a2a3
    # b2c2 b2b3), so 104 empty pairs = 208; the height-1 pairs are one piece or one colour.
    assert len(GAME.legal_moves(state)) == 208


def test_placement_exactly_on_one_piece_is_illegal():
    state = position("a1b1")
    # Colours would be fine (black bit on b1's white top, white bit on a1's black top).
    with pytest.raises(IllegalMove, match="exactly on the piece"):
        GAME.parse(state, "b1a1")


def test_half_covered_piece_freezes_its_other_square_forever():
    # piece 0: a1 black, b1 white.  piece 1: b2 black, a2 white.
    # a2a1: black bit onto a2 (white top), white bit onto a1 (black top), pieces 0 ≠ 1,
    # both uncovered: legal.  Now piece 0 is half-covered (b1 frozen), piece 1 too (b2).
    state = position("a1b1", "b2a2", "a2a1", "c1d1")
    b1, c1 = sq("b1"), sq("c1")
    assert state.heights[b1] == 1 and state.heights[c1] == 1
    # b1 (white top) and c1 (black top): colours allow b1c1, but b1 is frozen.
    with pytest.raises(IllegalMove, match="b1 is frozen"):
        GAME.parse(state, "b1c1")
    with pytest.raises(IllegalMove, match="frozen"):
        GAME.parse(state, "b1b2")
    # Never: play the game out at random; b1 keeps its single bit to the end.
    rng = random.Random(7)
    while GAME.result(state) is None:
        moves = GAME.legal_moves(state)
        assert all(b1 not in m for m in moves if isinstance(m, tuple))
        state = GAME.play(state, rng.choice(moves))
    assert state.heights[b1] == 1


def test_live_score_uses_the_final_rule():
    # a1 B, a2 B: Black group {a1,a2} (2).  b1 W, b2 W, c1 W: White group (3).
    # d1 B: Black group (1).  Black sizes {2,1}, White {3}: Black's largest s with
    # b_s > w_s is 2; White's is 3.  No swap: seat 0 is Black.
    state = position("a1b1", "a2b2", "d1c1")
    assert GAME.scores(state) == (2, 3)
    assert GAME.result(state) is None
    # The same board after a swap: seat 0 owns White, so the per-seat scores flip.
    swapped = position("a1b1", "swap", "a2b2", "d1c1")
    assert swapped.tops == state.tops
    assert GAME.scores(swapped) == (3, 2)
    assert GAME.seat_names(swapped) == ("White", "Black")
    ev = KNOW.evaluate(swapped)
    assert ev[0] > ev[1] and abs(sum(ev) - 1) < 1e-9
    # Black 2, White 3: Black's chance 0.5 + 0.4 * (2 - 3) / (2 + 3) = 0.42, and seat 0
    # plays White here.
    assert KNOW.evaluate(swapped) == pytest.approx((0.58, 0.42))
    assert KNOW.evaluate(state) == pytest.approx((0.42, 0.58))


# --------------------------------------------------------------------------- more rules


def test_equal_height_rule():
    state = position("a1b1")
    with pytest.raises(IllegalMove, match="empty"):
        GAME.parse(state, "b1c1")  # b1 height 1, c1 empty
    state = position("a1b1", "b2a2", "a2a1")
    # a1 is now 2 high (piece 0 then piece 2), b1 still 1 high.
    assert state.heights[sq("a1")] == 2 and state.heights[sq("b1")] == 1
    with pytest.raises(IllegalMove, match="b1 is 1 high but a1 is 2 high"):
        GAME.parse(state, "b1a1")


def test_stacking_counts_and_forced_orientation():
    state = position("a1b1", "b2a2")
    # Height-1 squares a1 B, b1 W (piece 0), a2 W, b2 B (piece 1).  a1b1 and a2b2 are one
    # piece each; a1/a2 differ → only a2a1 (black onto the white a2); b1/b2 → only b1b2.
    # Empty: 104 pairs (see test_like_on_like_is_illegal) = 208.  Total 210.
    moves = texts(state)
    assert len(moves) == 210
    assert {"a2a1", "b1b2"} <= moves and not {"a1a2", "b2b1"} & moves
    with pytest.raises(IllegalMove, match="like-on-like"):
        GAME.parse(state, "a1a2")
    # After a2a1: pieces 0 and 1 are half-covered; a1/a2 are one piece (2 high); b1/b2
    # are frozen; no other stacks touch equal heights: only the 208 empty placements.
    after = GAME.play(state, GAME.parse(state, "a2a1"))
    assert len(GAME.legal_moves(after)) == 208
    assert after.covered == (1, 1, 0)


def test_not_adjacent_or_same_square():
    state = GAME.new()
    with pytest.raises(IllegalMove, match="not adjacent"):
        GAME.parse(state, "a1c1")
    with pytest.raises(IllegalMove, match="not adjacent"):
        GAME.parse(state, "a1b2")
    with pytest.raises(IllegalMove, match="two different squares"):
        GAME.parse(state, "a1a1")


def placement(text: str, size: int = 8) -> Placement:
    return Placement(sq(text[:2], size), sq(text[2:], size))


@pytest.mark.parametrize(
    "moves,move,code",
    [
        ((), SWAP, "no-swap"),
        (("a1b1", "a3b3", "a5b5"), SWAP, "no-swap"),
        ((), PASS, "no-pass"),
        ((), "jump", "not-a-move"),
        ((), (0, 99999), "not-a-move"),
        ((), (0, 0), "same-square"),
        ((), placement("a1c1"), "not-adjacent"),
        (("a1b1",), placement("b1c1"), "unequal-heights"),  # a stack beside an empty
        (("a1b1", "b2a2", "a2a1"), placement("b1a1"), "unequal-heights"),  # 1 high beside 2
        (("a1b1", "a2b2"), placement("a1a2"), "like-on-like"),  # black onto black
        (("a1b1", "a2b2"), placement("b2b1"), "like-on-like"),  # white onto white
        (("a1b1",), placement("b1a1"), "on-one-piece"),
        (("a1b1", "b2a2", "a2a1", "c1d1"), placement("b1c1"), "frozen"),
    ],
)
def test_each_refusal_has_its_reason_code(moves, move, code):
    state = position(*moves)
    verdict = GAME.check(state, move)
    assert not verdict.legal and verdict.code == code and verdict.text
    with pytest.raises(IllegalMove) as info:
        GAME.play(state, move)
    assert info.value.verdict == verdict and str(info.value) == verdict.text


def test_check_of_a_legal_move_and_of_an_ended_game():
    assert GAME.check(GAME.new(), placement("c3d3")) == LEGAL
    assert GAME.check(position("a1b1"), SWAP) == LEGAL
    tie = position(*TIE_MOVES, size=6)
    assert GAME.check(tie, PASS) == LEGAL
    over = GAME.play(GAME.play(tie, PASS), PASS)
    assert GAME.check(over, PASS).code == "game-over"


def test_parse_names_the_move_and_carries_the_verdict():
    state = position("a1b1", "b2a2", "a2a1", "c1d1")
    with pytest.raises(IllegalMove) as info:
        GAME.parse(state, "b1c1")
    verdict = info.value.verdict
    assert verdict.code == "frozen"
    assert str(info.value) == f"'b1c1' is illegal: {verdict.text}"
    assert verdict.text == (
        "b1 is frozen: its piece is already half-covered and must keep that bit uncovered"
    )


def test_pass_only_when_no_placement():
    with pytest.raises(IllegalMove, match="only when no placement"):
        GAME.parse(GAME.new(), "pass")


def test_zero_zero_tie_break_the_last_placer_loses():
    # Ranks all read B W W B B W: column a black (one group of 6), columns b–c white (12),
    # columns d–e black (12), column f white (6).  Black {12,6} = White {12,6}: 0–0.
    # No empty square; every height-1 neighbour pair is one piece (a-b, c-d, e-f) or one
    # colour (b-c, d-e, and every vertical pair): no placement, so only passes remain.
    before_last = position(*TIE_MOVES[:-1], size=6)
    assert texts(before_last) == {"e6f6", "f6e6"}  # the last two empty squares
    state = position(*TIE_MOVES, size=6)
    assert GAME.legal_moves(state) == [PASS]
    assert GAME.scores(state) == (0, 0)
    once = GAME.play(state, PASS)
    assert GAME.result(once) is None and GAME.legal_moves(once) == [PASS]
    assert GAME.to_move(once) == 1
    final = GAME.play(once, PASS)
    # 18 placements alternate Black, White, …: the 18th was White's, so White loses.
    result = GAME.result(final)
    assert result.winners == (0,) and result.scores == (0, 0)
    assert "White made the last placement" in result.reason
    assert result.termination is Termination.BOTH_PASSED
    assert GAME.legal_moves(final) == []
    with pytest.raises(GameOver):
        GAME.play(final, PASS)
    # With a swap after the first placement, seat 0 owns White and loses instead.
    swapped = position(TIE_MOVES[0], "swap", *TIE_MOVES[1:], "pass", "pass", size=6)
    assert GAME.result(swapped).winners == (1,)
    assert KNOW.evaluate(swapped) == (0.0, 1.0)


def test_score_example_on_a_board():
    # Black: a8–e8 (5), a4–c4 (3), a2–c2 (3), g2 (1).  White: a6–e6 (5), e4–g4 (3),
    # e2 (1), a1 (1).  Black 3 (b_3 = 2 > 1), White 1 (w_1 = 2 > 1); at 5 both have one.
    rows = [
        "BBBBB...",
        "........",
        "WWWWW...",
        "........",
        "BBB.WWW.",
        "........",
        "BBB.W.B.",
        "W.......",
    ]
    tops = tops_from_diagram(rows)
    engine_tops = tuple(EMPTY if t is None else t for t in tops)
    assert colour_scores(8, engine_tops) == (3, 1)
    assert brute_scores(8, tops) == (3, 1)


def test_groups_ignore_height():
    # a1 2 high (white top), b1 1 high (white): one white group of 2; a2/b2 black, 2.
    state = position("a1b1", "b2a2", "a2a1")
    view = GAME.view(state)
    assert sorted((g.colour, g.size) for g in view.groups) == [(BLACK, 2), (WHITE, 2)]
    assert GAME.scores(state) == (0, 0)


# --------------------------------------------------------------------------- seats and swap


def test_swap_keeps_seats_and_colours_apart():
    state = position("c3d3")
    assert GAME.to_move(state) == 1 and GAME.seat_names(state) == ("Black", "White")
    swapped = GAME.play(state, SWAP)
    # The opener (seat 0) now owns White and, White being to move, moves next.
    assert GAME.to_move(swapped) == 0
    assert GAME.seat_names(swapped) == ("White", "Black")
    assert swapped.tops == state.tops and swapped.colour_to_move == WHITE
    view = GAME.view(swapped)
    assert view.seat_colours == (WHITE, BLACK) and view.swapped
    nxt = GAME.play(swapped, GAME.parse(swapped, "e5f5"))
    assert GAME.to_move(nxt) == 1 and nxt.colour_to_move == BLACK


# --------------------------------------------------------------------------- notation


def test_notation_examples():
    state = GAME.new()
    assert GAME.parse(state, "c3d3") == (sq("c3"), sq("d3"))
    assert GAME.parse(state, " C3D3 ") == (18, 19)  # c3 = 2*8+2, d3 = 19
    assert GAME.notation(state, (0, 1)) == "a1b1"
    big = GAME.new(size=10)
    assert GAME.parse(big, "a10b10") == (90, 91)  # row 9 * 10 + col 0/1
    assert GAME.notation(big, (90, 80)) == "a10a9"
    assert GAME.notation(state, SWAP) == "swap" and GAME.notation(state, PASS) == "pass"


# Each text, the code of its refusal and the part of it the message names: the first square
# that does not read (a placement is split after the first square's digits), or the text.
@pytest.mark.parametrize(
    "text, code, named",
    [
        ("", "empty", "an empty move"),
        ("   ", "empty", "an empty move"),
        ("hello", "not-a-square", "'h' is not a square"),
        ("c3", "not-a-move", "'c3' is not a move"),
        ("c3d", "not-a-square", "'d' is not a square"),
        ("c3d3e3", "not-a-square", "'d3e3' is not a square"),
        ("z1z2", "off-board", "z1 is off the 8×8 board"),
        ("a9a8", "off-board", "a9 is off the 8×8 board"),
        ("a0a1", "not-a-square", "'a0' is not a square"),
        ("3c4c", "not-a-square", "'3' is not a square"),
        ("swapp", "not-a-square", "'s' is not a square"),
        ("c3-d3", "not-a-square", "'-d3' is not a square"),
    ],
)
def test_bad_notation(text, code, named):
    with pytest.raises(BadNotation) as info:
        GAME.parse(GAME.new(), text)
    assert str(info.value)
    assert info.value.code == code and named in str(info.value)


def test_non_text_is_bad_notation():
    with pytest.raises(BadNotation) as info:
        GAME.parse(GAME.new(), 42)
    assert info.value.code == "not-text" and str(info.value) == "a move must be text, not int"


def test_illegal_objects_get_a_message():
    with pytest.raises(IllegalMove, match="not a Wythe move"):
        GAME.play(GAME.new(), (0, 99999))
    with pytest.raises(IllegalMove, match="not a Wythe move"):
        GAME.play(GAME.new(), "jump")


def test_notation_round_trips_in_many_positions():
    rng = random.Random(11)
    for size in (6, 10):
        state = GAME.new(size=size)
        while GAME.result(state) is None:
            for move in GAME.legal_moves(state):
                assert GAME.parse(state, GAME.notation(state, move)) == move
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))


# --------------------------------------------------------------------------- options


def test_options():
    assert GAME.new().size == 8
    assert GAME.new(size="12").size == 12
    for bad, code in ((5, "out-of-range"), (13, "out-of-range"), ("x", "not-a-number")):
        with pytest.raises(BadOption) as info:
            GAME.new(size=bad)
        assert info.value.code == code and info.value.option == "size"
        assert str(info.value).startswith("option size must be")
    with pytest.raises(BadOption) as info:
        GAME.new(size=8.5)
    assert info.value.code == "not-a-number" and info.value.option == "size"
    assert str(info.value) == "option size must be a whole number, not 8.5"
    with pytest.raises(BadOption) as info:
        GAME.new(players=3)
    assert info.value.code == "unknown-option" and info.value.option is None
    assert str(info.value) == "Wythe has no option 'players' (options: size)"


# --------------------------------------------------------------------------- random games


def check_invariants(before, state, move, frozen_heights):
    size = state.size
    stacks, levels, covered_bits = reconstruct(state)
    assert all(n <= 1 for n in covered_bits)  # a bit stays uncovered
    assert tuple(covered_bits) == state.covered
    assert all(a == b for a, b in levels)  # a piece lies flat
    assert len(state.pieces) <= size * size
    assert state.heights == tuple(len(s) for s in stacks)
    tops = [s[-1][0] if s else None for s in stacks]
    assert state.tops == tuple(-1 if t is None else t for t in tops)
    assert tops.count(BLACK) == tops.count(WHITE)  # each placement keeps this balance
    if move == PASS:
        assert not brute_placements(before)
    expected = brute_placements(state) if state.passes < 2 else set()
    assert set(placements_of(state)) == expected
    black, white = brute_scores(size, tops)
    by_seat = (white, black) if state.swapped else (black, white)
    assert GAME.scores(state) == by_seat
    for square, height in frozen_heights.items():
        assert state.heights[square] == height  # frozen forever
    for piece, (b, w) in enumerate(state.pieces):
        if state.covered[piece]:
            for square in (b, w):
                if state.top_piece[square] == piece:
                    frozen_heights.setdefault(square, state.heights[square])


@pytest.mark.parametrize("size,seed", [(6, 1), (6, 2), (7, 3), (8, 4), (8, 5), (12, 6)])
def test_random_games_keep_the_invariants(size, seed):
    rng = random.Random(seed)
    state = GAME.new(size=size)
    frozen_heights: dict[int, int] = {}
    placements_made = 0
    while GAME.result(state) is None:
        moves = GAME.legal_moves(state)
        move = rng.choice(moves)
        saved = copy.deepcopy(state)
        after = GAME.play(state, move)
        assert state == saved  # the old state is untouched
        check_invariants(state, after, move, frozen_heights)
        placements_made += isinstance(move, tuple)
        state = after
    assert placements_made <= size * size
    assert state.passes == 2 and state.last == PASS
    result = GAME.result(state)
    black, white = GAME.colour_scores(state)
    assert result.scores == GAME.scores(state)
    assert len(result.winners) == 1 and result.reason
    assert result.termination is Termination.BOTH_PASSED
    if black != white:
        winning_colour = BLACK if black > white else WHITE
        assert result.winners == (swapped_pair(winning_colour, state.swapped),)


# --------------------------------------------------------------------------- fast playout
# The computer's playout (engine/games/wythe/knowledge.py) keeps the legal set as it goes.


def replay_pieces(final):
    """The final state rebuilt through play(): the playout made only legal moves."""
    state = GAME.new(size=final.size)
    for i, (b, w) in enumerate(final.pieces):
        state = GAME.play(state, (b, w))
        if i == 0 and final.swapped:
            state = GAME.play(state, SWAP)
    while GAME.result(state) is None and state.passes < final.passes:
        state = GAME.play(state, PASS)
    return state


@pytest.mark.parametrize("size", [6, 8, 11])
def test_fast_playout_plays_legal_games(size):
    rng = random.Random(size)
    start = GAME.new(size=size)
    saved = copy.deepcopy(start)
    for _ in range(5):
        final = KNOW.random_playout(start, rng)
        assert GAME.result(final) is not None
        assert final == replay_pieces(final)
    assert start == saved


def test_fast_playout_stops_at_max_plies_and_continues():
    rng = random.Random(3)
    part = KNOW.random_playout(GAME.new(size=6), rng, max_plies=5)
    assert part.ply == 5 and GAME.result(part) is None
    rest = KNOW.random_playout(part, rng)
    assert rest.pieces[: len(part.pieces)] == part.pieces
    assert rest == replay_pieces(rest)


def test_fast_playout_picks_uniformly_including_swap():
    # After a1b1 on 6×6: 60 pairs, 4 touch a1/b1, 56 empty pairs = 112 placements, + swap.
    state = position("a1b1", size=6)
    moves = GAME.legal_moves(state)
    assert len(moves) == 113
    rng = random.Random(5)
    counts = Counter(KNOW.random_playout(state, rng, max_plies=1).last for _ in range(113 * 40))
    assert set(counts) == set(moves)
    # Each move is expected 40 times; a fair die would fall outside 10..80 with
    # probability far below 1e-6 per move.
    assert all(10 <= n <= 80 for n in counts.values())


def test_fast_playout_passes_out_a_blocked_board_and_leaves_an_ended_one():
    tie = position(*TIE_MOVES, size=6)  # no placement left: pass, pass
    final = KNOW.random_playout(tie, random.Random(1))
    assert final == GAME.play(GAME.play(tie, PASS), PASS) and final.last == PASS
    assert KNOW.random_playout(final, random.Random(1)) is final
    assert KNOW.random_playout(tie, random.Random(1), max_plies=0) is tie


def test_evaluate_is_a_distribution():
    rng = random.Random(9)
    state = GAME.new(size=6)
    while GAME.result(state) is None:
        ev = KNOW.evaluate(state)
        assert len(ev) == 2 and all(0 <= x <= 1 for x in ev) and abs(sum(ev) - 1) < 1e-9
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
    winner = GAME.result(state).winners[0]
    assert KNOW.evaluate(state)[winner] == 1.0


def test_evaluate_leans_against_the_last_placer_at_level_scores():
    # After a1b1: one black group of 1 and one white group of 1, so 0–0; Black placed last
    # and would lose the tie-break: Black 0.45.  Before any placement: even.
    assert KNOW.evaluate(GAME.new()) == (0.5, 0.5)
    assert KNOW.evaluate(position("a1b1")) == pytest.approx((0.45, 0.55))
    assert KNOW.evaluate(position("a1b1", "swap")) == pytest.approx((0.55, 0.45))
    assert not hasattr(GAME, "evaluate")  # the game itself keeps no evaluation


# --------------------------------------------------------------------------- view


def test_view_of_a_hand_position():
    state = position("a1b1", "b2a2", "a2a1")
    view = GAME.view(state)
    cells = view.cells
    assert (view.width, view.height, len(cells)) == (8, 8, 64)
    a1, b1, a2, b2 = (cells[sq(t)] for t in ("a1", "b1", "a2", "b2"))
    assert (a1.square, a1.col, a1.row) == ("a1", 0, 0) and (b2.col, b2.row) == (1, 1)
    # a1: piece 0's black bit under piece 2's white bit.
    assert a1.height == 2 and a1.top == WHITE and a1.stack == (BLACK, WHITE)
    assert a1.piece == 2 and a1.partner == sq("a2") and not a1.frozen
    # b1: piece 0's white half, piece 0 half-covered at a1, so b1 is frozen.
    assert b1.height == 1 and b1.piece == 0 and b1.partner == sq("a1") and b1.frozen
    assert b2.frozen and not a2.frozen and cells[sq("c1")].top == EMPTY
    assert cells[sq("c1")].piece == -1 and cells[sq("c1")].group == -1
    # The groups, by their lowest square: a1 b1 (white, a1 = 0 is lowest), a2 b2 (black).
    assert view.groups == (((0, 1), WHITE, 2), ((8, 9), BLACK, 2))
    assert (a1.group, b1.group, a2.group, b2.group) == (0, 0, 1, 1)
    assert view.last == (sq("a2"), sq("a1")) and GAME.notation(state, state.last) == "a2a1"
    assert view.by_size == (SizeCount(size=2, black=1, white=1),)
    assert view.colour_scores == (0, 0)  # at size 2 neither has more: no score
    assert view.to_move == 1 and view.seat_names[view.to_move] == "White"
    assert view.seat_colours == (BLACK, WHITE) and not view.swapped
    assert SWAP not in view.moves and view.moves != (PASS,)
    assert view.result is None and view.scores == (0, 0)


def test_view_score_breakdown_names_the_deciding_size():
    state = position("a1b1", "a2b2", "d1c1")  # Black {2,1}, White {3} (see above)
    view = GAME.view(state)
    assert view.by_size == ((3, 0, 1), (2, 1, 0), (1, 1, 0))  # (size, black, white)
    assert view.colour_scores == (2, 3)


def test_view_after_a_pass_or_swap_has_no_last_squares():
    assert GAME.view(position("a1b1", "swap")).last == ()
    assert GAME.view(GAME.new()).last == ()
    tie = position(*TIE_MOVES, size=6)
    over = GAME.play(GAME.play(tie, PASS), PASS)
    view = GAME.view(over)
    assert view.last == () and view.to_move == -1 and view.moves == ()
    assert view.result == GAME.result(over)
