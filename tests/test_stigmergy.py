"""Stigmergy: the rules of web/rules/stigmergy.html, case by case, notation, seats, speed path.

Every count and score below is derived by hand in the comment next to it.  Most hand-built
positions are on the side-4 board (37 cells), whose rows are, bottom to top:

    row    a  b  c  d  e  f  g
    cells  4  5  6  7  6  5  4

Its corners are a1 a4 d1 d7 g1 g4 (3 neighbours: control needs 2), other cells of rows a, g
and the ends of rows b..f are edges (4 neighbours: control needs 3), the rest are inside (6
neighbours: control needs 4).  The three lines through a cell, read off that drawing:
    a1: row a (a2 a3 a4); up its left side (b1 c1 d1); up the long diagonal (b2 c3 d4 e4 f4 g4)
    a2: row a (a1 | a3 a4); up-left (b2 c2 d2 e1); up-right (b3 c4 d5 e5 f5)
    d4: row d (d3 d2 d1 | d5 d6 d7); (c3 b2 a1 | e4 f4 g4); (c4 b4 a4 | e3 f2 g1)
"""

from __future__ import annotations

import copy
import math
import random

import pytest

from engine import (
    BadNotation,
    BadOption,
    EngineError,
    GameOver,
    IllegalMove,
    Termination,
    games,
)
from engine.ai.knowledge import for_game
from engine.contract import core
from engine.contract.core import Game
from engine.games.stigmergy import rules as stigmergy
from engine.games.stigmergy.rules import (
    BLACK,
    BUTTON,
    PASS,
    WHITE,
    CellView,
    Flip,
    Komi,
    Place,
    ScoreParts,
    Side,
    StigmergyView,
)

GAME = games.get("stigmergy")

ROWS4 = "abcdefg"
LENGTHS4 = (4, 5, 6, 7, 6, 5, 4)
ALL4 = [
    f"{row}{i}" for row, length in zip(ROWS4, LENGTHS4, strict=True) for i in range(1, length + 1)
]


# --------------------------------------------------------------------------- helpers


def position(
    black: str = "",
    white: str = "",
    size: int = 4,
    komi: int = 0,
    to_move: int = BLACK,
    button: int | None = None,
    black_seat: int = 0,
):
    """A hand-built position in play: stones given as space-separated cell names."""
    return stigmergy.setup(
        size,
        black.split(),
        white.split(),
        komi=komi,
        colour_to_move=to_move,
        button_holder=button,
        black_seat=black_seat,
    )


def texts(state) -> list[str]:
    return [GAME.notation(state, m) for m in GAME.legal_moves(state)]


def cell_view(state, name: str) -> CellView:
    return next(c for c in GAME.view(state).cells if c.name == name)


def control(state, name: str) -> int | None:
    return cell_view(state, name).control


def play(state, *moves: str):
    for text in moves:
        state = GAME.play(state, GAME.parse(state, text))
    return state


def naive_sight(view: StigmergyView) -> dict[str, tuple[int, int, int]]:
    """Independent of the engine's geometry: from the drawing coordinates alone, each cell's
    (Black stones seen, White stones seen, neighbour count)."""
    key = {}
    for c in view.cells:
        key[(round(2 * c.x), round(2 * c.y / math.sqrt(3)))] = c
    steps = ((2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
    out = {}
    for (x, y), c in key.items():
        seen = [0, 0]
        neighbours = 0
        for dx, dy in steps:
            here = (x + dx, y + dy)
            neighbours += here in key
            while here in key:
                stone = key[here].stone
                if stone is not None:
                    seen[stone] += 1
                    break
                here = (here[0] + dx, here[1] + dy)
        out[c.name] = (seen[BLACK], seen[WHITE], neighbours)
    return out


# --------------------------------------------------------------------------- the board


@pytest.mark.parametrize(
    "size,cells", [(4, 37), (5, 61), (6, 91), (7, 127), (8, 169), (9, 217), (10, 271)]
)
def test_cell_count_is_3n_n_minus_1_plus_1(size, cells):
    # 3n(n-1)+1: 4 -> 37, 5 -> 61, 6 -> 91, 7 -> 127, 8 -> 169, 9 -> 217, 10 -> 271.
    state = GAME.new(size=size, komi=0)
    moves = GAME.legal_moves(state)
    assert len(moves) == cells
    assert all(type(m) is Place for m in moves)


def test_side_8_rows_and_names():
    # Rows a..o (15 rows); a has 8 cells, h (the middle) 15, o 8.
    state = GAME.new(size=8, komi=0)
    view = GAME.view(state)
    rows = view.rows
    assert [r.letter for r in rows] == list("abcdefghijklmno")
    assert [r.length for r in rows] == [8, 9, 10, 11, 12, 13, 14, 15, 14, 13, 12, 11, 10, 9, 8]
    # Each row starts where the rows below it end: a1 is cell 0, b1 cell 8, h1 cell 84.
    assert [r.first for r in rows[:3]] == [0, 8, 17] and view.cells[rows[7].first].name == "h1"
    assert rows[7].first == 8 + 9 + 10 + 11 + 12 + 13 + 14
    # A hex board's extent: 15 rows, the longest (h) 15 cells.
    assert (view.width, view.height) == (15, 15)
    for good in ("a1", "a8", "h15", "o8"):
        assert GAME.notation(state, GAME.parse(state, good)) == good
    for bad, code, named in (
        ("a9", "no-such-cell", "'a9': row a has cells 1 to 8"),
        ("h16", "no-such-cell", "'h16': row h has cells 1 to 15"),
        ("p1", "no-such-row", "'p1': there is no row p on the side-8 board (rows a to o)"),
        ("a0", "no-such-cell", "'a0': row a has cells 1 to 8"),
    ):
        with pytest.raises(BadNotation) as info:
            GAME.parse(state, bad)
        assert info.value.code == code and str(info.value) == named


def test_neighbour_counts_and_thresholds_corner_edge_interior():
    # a1 is a corner (a2 b1 b2), a2 an edge (a1 a3 b2 b3), d4 the centre (6 neighbours).
    state = GAME.new(size=4, komi=0)
    assert (cell_view(state, "a1").neighbours, cell_view(state, "a1").needs) == (3, 2)
    assert (cell_view(state, "a2").neighbours, cell_view(state, "a2").needs) == (4, 3)
    assert (cell_view(state, "d4").neighbours, cell_view(state, "d4").needs) == (6, 4)
    assert (cell_view(state, "d1").neighbours, cell_view(state, "d7").neighbours) == (3, 3)
    assert cell_view(state, "c1").neighbours == 4  # the left end of row c
    assert cell_view(state, "c2").neighbours == 6


# ------------------------------------------------------------------------ the rules page's cases
# web/rules/stigmergy.html: "Sight and control", "Your turn", "Score" and "Komi and the button".


def test_check_empty_side_8_fixed_komi_169_placements():
    # Nothing is controlled on an empty board: all 169 cells are placements; the komi is
    # even so there is no button, and uncontrolled empty cells forbid a pass.
    state = GAME.new(size=8, komi=6)
    moves = GAME.legal_moves(state)
    assert len(moves) == 169
    assert all(type(m) is Place for m in moves)
    assert PASS not in moves and BUTTON not in moves
    assert GAME.to_move(state) == 0 and GAME.seat_names(state) == ("Black", "White")


def test_empty_side_8_odd_komi_adds_the_button():
    # 169 placements + taking the button = 170; still no pass.
    moves = GAME.legal_moves(GAME.new(size=8, komi=7))
    assert len(moves) == 170
    assert BUTTON in moves and PASS not in moves


def test_control_at_a_corner_and_sight_blocked():
    # a1 sees a4 along row a (a2 a3 empty) and d1 up its side (b1 c1 empty): 2 Black >= 2.
    state = position(black="a4 d1", to_move=WHITE)
    assert control(state, "a1") == BLACK
    with pytest.raises(IllegalMove, match="a1 is controlled by Black"):
        GAME.parse(state, "a1")
    # One Black stone seen is not enough.
    assert control(position(black="a4"), "a1") is None
    # A White stone on a3 is now the first stone east of a1: it sees 1 Black, 1 White.
    blocked = position(black="a4 d1", white="a3")
    assert cell_view(blocked, "a1").sees == (1, 1)
    assert control(blocked, "a1") is None


def test_control_at_an_edge():
    # a2 sees a1 (west), a4 (east, a3 empty) and f5 (up-right past b3 c4 d5 e5): 3 >= 3.
    assert control(position(black="a1 a4 f5"), "a2") == BLACK
    # Without f5 it sees 2 Black stones: not enough on an edge.
    assert control(position(black="a1 a4"), "a2") is None
    # The same for White.
    assert control(position(white="a1 a4 f5"), "a2") == WHITE


def test_control_in_the_interior_and_blocking():
    # d4 sees d1, d7 along its row, a1 (past c3 b2) and g4 (past e4 f4): 4 >= 4.
    state = position(black="d1 d7 a1 g4", to_move=WHITE)
    assert control(state, "d4") == BLACK
    assert control(position(black="d1 d7 a1"), "d4") is None  # 3 < 4
    # White on e4 hides g4 from d4: 3 Black + 1 White, nobody controls it.
    assert cell_view(position(black="d1 d7 a1 g4", white="e4"), "d4").sees == (3, 1)
    # The same block made by a move: d2 sees d1 and d7 only (its other lines are empty), so
    # White may place there; d4 then sees d2 (White) first to the west, and Black loses it.
    after = play(state, "d2")
    assert cell_view(after, "d4").sees == (3, 1)
    assert control(after, "d4") is None


def test_a_stone_does_not_see_itself():
    # A Black stone on d4 still sees exactly the four Black stones of the last test.
    state = position(black="d1 d7 a1 g4 d4")
    assert cell_view(state, "d4").sees == (4, 0)
    assert control(state, "d4") == BLACK


def test_flip_an_enemy_stone_on_a_cell_you_control():
    # White a1 sees a2 and b1 (Black) and nothing up b2 c3 d4 e4 f4 g4: Black controls a1.
    state = position(black="a2 b1", white="a1")
    assert control(state, "a1") == BLACK
    # Black: 37 - 3 = 34 empty cells, none controlled by White (one White stone is never
    # enough: every threshold is at least 2), plus the flip a1x = 35.
    moves = texts(state)
    assert len(moves) == 35 and "a1x" in moves
    assert sum(m.endswith("x") for m in moves) == 1
    flipped = play(state, "a1x")
    assert cell_view(flipped, "a1").stone == BLACK
    assert GAME.view(flipped).last == (0,)  # a1 is cell 0
    # White, same stones: Black's two stones can only win a corner seeing both, and only a1
    # (a White stone) does (a4 sees a2 only, d1 sees b1 only): 34 placements, no flip.
    white = position(black="a2 b1", white="a1", to_move=WHITE)
    assert len(texts(white)) == 34
    assert all(not m.endswith("x") for m in texts(white))


def test_illegal_flips_say_why():
    state = position(black="a2 b1", white="a1")
    with pytest.raises(IllegalMove, match="already Black"):
        GAME.parse(state, "a2x")
    with pytest.raises(IllegalMove, match="no stone to flip"):
        GAME.parse(state, "c3x")
    # For White, a2 sees a1 (White) only: "1 White stone", an edge needs 3.
    white = position(black="a2 b1", white="a1", to_move=WHITE)
    with pytest.raises(IllegalMove, match="sees 1 White stone and needs 3"):
        GAME.parse(white, "a2x")
    with pytest.raises(IllegalMove, match="occupied"):
        GAME.parse(white, "a2")


def test_black_may_not_place_where_white_controls():
    # The corner test with colours swapped: a1 sees White a4 and d1.
    state = position(white="a4 d1", to_move=BLACK)
    with pytest.raises(IllegalMove, match="a1 is controlled by White"):
        GAME.parse(state, "a1")
    # Two more corners see both a4 and d1: d7 (d1 along row d; a4 down past c6 b5) and g1
    # (d1 down past f1 e1; a4 along the long diagonal f2 e3 d4 c4 b4).  So Black has
    # 37 - 2 stones - a1 d7 g1 = 32 placements; White may play on all 35 empty cells.
    assert len(texts(state)) == 32
    assert not {"a1", "d7", "g1"} & set(texts(state))
    assert len(texts(position(white="a4 d1", to_move=WHITE))) == 35


def test_placement_counts_with_a_controlled_corner():
    # Black a2 b1: only a corner can be controlled with two stones; a1 sees both (see above).
    # White to move: 37 - 2 stones - a1 = 34.  Black to move: all 35 empty cells.
    assert len(texts(position(black="a2 b1", to_move=WHITE))) == 34
    assert len(texts(position(black="a2 b1", to_move=BLACK))) == 35


def test_pass_legality_without_the_button():
    # All Black but a1, which sees a2 b1 b2: Black controls it.  White can neither place nor
    # flip (no White stones, so no White control): pass is White's one move.
    full = " ".join(n for n in ALL4 if n != "a1")
    white = position(black=full, to_move=WHITE)
    assert GAME.legal_moves(white) == [PASS]
    # Black: place a1 (not White's) or pass.
    assert sorted(texts(position(black=full, to_move=BLACK))) == ["a1", "pass"]
    # With uncontrolled empty cells no pass: a3 sees only a2 (1 Black, an edge needs 3).
    state = position(black="a2 b1", to_move=WHITE)
    assert PASS not in GAME.legal_moves(state)
    with pytest.raises(IllegalMove, match=r"uncontrolled .for example a3"):
        GAME.parse(state, "pass")


def test_pass_legality_with_the_button():
    # Komi 1 (odd): the button is in play.  Untaken, it forbids the pass: White's only move
    # in the all-Black position is to take it.
    full = " ".join(n for n in ALL4 if n != "a1")
    white = position(black=full, to_move=WHITE, komi=1)
    assert GAME.legal_moves(white) == [BUTTON]
    with pytest.raises(IllegalMove, match="button is untaken"):
        GAME.parse(white, "pass")
    # Taking it is not a pass and gives the turn to Black: a1 or pass.
    after = play(white, "button")
    view = GAME.view(after)
    assert view.button_holder == WHITE and not view.button_untaken and after.passes == 0
    assert sorted(texts(after)) == ["a1", "pass"]
    with pytest.raises(IllegalMove, match="already taken"):
        GAME.parse(after, "button")
    # Once taken, passing is allowed again.
    assert texts(position(black=full, to_move=WHITE, komi=1, button=BLACK)) == ["pass"]
    # No button with an even komi.
    with pytest.raises(IllegalMove, match="no button"):
        GAME.parse(position(black=full, komi=2), "button")


def refusals():
    """(position, move, reason code, the player's text) for every code the module lists."""
    full = " ".join(n for n in ALL4 if n != "a1")
    bid = GAME.new(size=4)
    side = play(bid, "komi3")
    black_first = play(side, "black")
    mixed = position(black="a2 b1", white="a1")  # Black to move, a1 flippable
    white = position(black="a2 b1", white="a1", to_move=WHITE)
    return [
        (
            bid,
            Place(18),
            "komi-first",
            "first the first player chooses the komi (write it like komi7 or komi-2)",
        ),
        (bid, Komi(38), "komi-range", "komi must be a whole number from -37 to 37"),
        (
            side,
            Komi(2),
            "side-first",
            "the second player must now choose a colour: black or white",
        ),
        (black_first, Komi(4), "komi-chosen", "the komi is already 3"),
        (black_first, Side(WHITE), "sides-chosen", "the sides are already chosen"),
        (
            position(black=full, komi=2),
            BUTTON,
            "no-button",
            "there is no button: the komi (2) is even",
        ),
        (
            position(black=full, komi=1, button=WHITE),
            BUTTON,
            "button-taken",
            "White has already taken the button",
        ),
        (
            position(black=full, to_move=WHITE, komi=1),
            PASS,
            "button-untaken",
            "you may not pass while the button is untaken (you may take it instead)",
        ),
        (
            white,
            PASS,
            "uncontrolled",
            "you may not pass while empty cells are uncontrolled (for example a3)",
        ),
        (white, Place(1), "occupied", "a2 is occupied by a Black stone"),
        (
            position(black="a4 d1", to_move=WHITE),
            Place(0),
            "enemy-control",
            "a1 is controlled by Black",
        ),
        (mixed, Flip(18), "no-stone", "d4 is empty: there is no stone to flip"),
        (mixed, Flip(1), "own-stone", "a2 is already Black"),
        (white, Flip(1), "no-control", "you do not control a2: it sees 1 White stone and needs 3"),
        (
            mixed,
            ("button", 1),
            "not-a-move",
            "that is not a Stigmergy move (a cell like d4, a flip like d4x, pass or button)",
        ),
    ]


def test_every_refusal_has_its_reason_code_and_text():
    seen = set()
    for state, move, code, text in refusals():
        assert GAME.check(state, move) == core.refusal(code, text), code
        with pytest.raises(IllegalMove) as err:
            GAME.play(state, move)
        assert err.value.verdict.code == code and str(err.value) == text
        seen.add(code)
    assert len(seen) == 15  # all but game-over, which core says first
    over = play(position(HALF_BLACK, HALF_WHITE, komi=1, button=WHITE), "pass", "pass")
    assert GAME.check(over, PASS) == core.GAME_OVER
    assert GAME.check(position(black="a2 b1", white="a1"), Flip(0)) == core.LEGAL
    # Parsing says the same: the text after the move as written.
    with pytest.raises(IllegalMove) as err:
        GAME.parse(position(black="a4 d1", to_move=WHITE), "a1")
    assert err.value.verdict.code == "enemy-control"
    assert str(err.value) == "'a1' is illegal: a1 is controlled by Black"


def test_game_ends_only_after_two_passes_in_a_row():
    # White must pass; Black then fills a1, so the pass count restarts; two more passes end it.
    full = " ".join(n for n in ALL4 if n != "a1")
    state = play(position(black=full, to_move=WHITE), "pass")
    assert GAME.result(state) is None
    state = play(state, "a1")
    assert GAME.result(state) is None
    state = play(state, "pass")
    assert GAME.result(state) is None
    state = play(state, "pass")
    result = GAME.result(state)
    # 37 Black stones, White 0: Black (seat 0) wins 37 to 0.
    assert result is not None and result.winners == (0,) and result.scores == (37, 0)
    assert result.reason == "Both players passed. Black 37, White 0"
    assert result.termination is Termination.BOTH_PASSED
    assert GAME.legal_moves(state) == []
    with pytest.raises(GameOver):
        GAME.parse(state, "pass")


HALF_BLACK = "a1 a2 a3 a4 b1 b2 b3 b4 b5 c1 c2 c3 c4 c5 c6 d1 d2 d3 d4"  # 19
HALF_WHITE = "d5 d6 d7 e1 e2 e3 e4 e5 e6 f1 f2 f3 f4 f5 g1 g2 g3 g4"  # 18


def test_the_button_half_point_breaks_the_tie():
    # A full board: Black 19, White 18 + komi 1 = 19, a tie the button breaks.
    white_holds = play(position(HALF_BLACK, HALF_WHITE, komi=1, button=WHITE), "pass", "pass")
    result = GAME.result(white_holds)
    assert result.scores == (19, 19.5) and result.winners == (1,)
    assert result.reason == (
        "Both players passed. Black 19, White 18 + 1 komi + 0.5 button = 19.5"
    )
    black_holds = play(position(HALF_BLACK, HALF_WHITE, komi=1, button=BLACK), "pass", "pass")
    assert GAME.result(black_holds).scores == (19.5, 19)
    assert GAME.result(black_holds).winners == (0,)
    parts = GAME.view(black_holds).score
    assert parts[BLACK] == ScoreParts(stones=19, territory=0, komi=0, button=0.5, total=19.5)
    assert parts[WHITE] == ScoreParts(stones=18, territory=0, komi=1, button=0, total=19)
    assert type(parts[WHITE].total) is int  # a whole score is an int


def test_komi_goes_to_white_only():
    # Seat 1 plays Black here: Black 19 + 0.5 = 19.5, White (seat 0) 18 + 5 = 23.
    state = position(HALF_BLACK, HALF_WHITE, komi=5, button=BLACK, black_seat=1)
    assert GAME.seat_names(state) == ("White", "Black")
    assert GAME.scores(state) == (23, 19.5)
    # Seat 0 plays Black: the same board gives (19.5, 23).
    assert GAME.scores(position(HALF_BLACK, HALF_WHITE, komi=5, button=BLACK)) == (19.5, 23)
    # A negative komi is taken from White: 18 - 3 = 15.
    assert GAME.scores(position(HALF_BLACK, HALF_WHITE, komi=-3, button=WHITE)) == (19, 15.5)


def test_live_score_counts_controlled_empty_cells():
    # Black a2 b1 with a1 empty: Black 2 stones + a1 controlled = 3; White 0 + komi 4.
    state = position(black="a2 b1", komi=4)
    assert GAME.scores(state) == (3, 4)
    assert GAME.view(state).score[BLACK].territory == 1


def test_check_bid_protocol():
    state = GAME.new(size=4)  # komi="bid" is the default
    assert GAME.view(state).phase == "bid" and GAME.to_move(state) == 0
    assert GAME.seat_names(state) == ("First player", "Second player")
    # Komi from -37 to 37: 75 choices, nothing else.
    moves = texts(state)
    assert len(moves) == 75 and moves[0] == "komi-37" and moves[-1] == "komi37"
    with pytest.raises(IllegalMove, match="chooses the komi"):
        GAME.parse(state, "d4")
    with pytest.raises(IllegalMove, match="from -37 to 37"):
        GAME.parse(state, "komi38")
    state = play(state, "komi3")
    assert GAME.view(state).phase == "side" and GAME.to_move(state) == 1
    assert sorted(texts(state)) == ["black", "white"]
    for wrong in ("komi2", "d4", "pass"):
        with pytest.raises(IllegalMove, match="choose a colour"):
            GAME.parse(state, wrong)
    # The second seat takes Black and so makes the first board play: 37 cells + the button
    # (komi 3 is odd) = 38 moves.
    black = play(state, "black")
    assert GAME.seat_names(black) == ("White", "Black")
    assert GAME.to_move(black) == 1 and GAME.view(black).phase == "play"
    assert len(GAME.legal_moves(black)) == 38
    with pytest.raises(IllegalMove, match="already 3"):
        GAME.parse(black, "komi4")
    with pytest.raises(IllegalMove, match="already chosen"):
        GAME.parse(black, "white")
    # Taking White leaves Black to the first seat, who moves first.
    white = play(state, "white")
    assert GAME.seat_names(white) == ("Black", "White") and GAME.to_move(white) == 0
    assert GAME.view(white).score[WHITE].komi == 3
    after = play(black, "d4")
    assert GAME.to_move(after) == 0 and cell_view(after, "d4").stone == BLACK


# --------------------------------------------------------------------------- options


def test_a_position_by_hand_names_a_setting_it_does_not_have():
    with pytest.raises(EngineError) as err:
        stigmergy.setup(4, colour=WHITE)
    assert str(err.value) == (
        "setup has no setting 'colour' "
        "(settings: komi, colour_to_move, button_holder, black_seat, passes)"
    )
    with pytest.raises(BadNotation) as bad:
        stigmergy.setup(4, black=["e7"])  # row e has 6 cells
    assert bad.value.code == "not-a-cell" and str(bad.value).startswith("e7 is not a cell")


def test_options():
    assert GAME.options(GAME.new()) == {"size": 8, "komi": "bid"}
    assert GAME.options(GAME.new(size=5, komi="-3")) == {"size": 5, "komi": -3}
    assert GAME.new(size=8, komi=169).komi == 169  # komi may reach +-N
    # each refused option, its code, the option named and what the message begins with
    for bad, code, option, named in (
        ({"size": 3}, "out-of-range", "size", "option size must be from 4 to 10, not 3"),
        ({"size": 11}, "out-of-range", "size", "option size must be from 4 to 10, not 11"),
        ({"komi": 170}, "out-of-range", "komi", "option komi must be from -169 to 169 on a "),
        ({"size": 4, "komi": -38}, "out-of-range", "komi", "option komi must be from -37 to 37"),
        ({"komi": "lots"}, "not-a-number", "komi", "option komi must be 'bid' or a whole"),
        ({"komi": 2.5}, "not-a-number", "komi", "option komi must be 'bid' or a whole number"),
        ({"colour": 1}, "unknown-option", None, "Stigmergy has no option 'colour'"),
    ):
        with pytest.raises(BadOption) as info:
            GAME.new(**bad)
        assert info.value.code == code and info.value.option == option
        assert str(info.value).startswith(named), bad
    for value in ("bid", 7, -2, 0):
        text = GAME.format_option("komi", value)
        assert GAME.parse_option("komi", text) == value
    with pytest.raises(BadOption) as info:
        GAME.parse_option("komi", "seven")
    assert info.value.code == "not-a-number" and info.value.option == "komi"
    assert str(info.value) == "option komi must be 'bid' or a whole number, not 'seven'"


# --------------------------------------------------------------------------- notation


def test_notation_of_every_kind():
    state = position(black="a2 b1", white="a1", komi=1)
    assert type(GAME.parse(state, "a1x")) is Flip and GAME.parse(state, "a1x") == Flip(0)
    assert GAME.parse(state, " D4 ") == Place(18)  # a4 b5 c6: 15 cells below row d
    assert type(GAME.parse(state, "d4")) is Place and GAME.notation(state, Place(18)) == "d4"
    assert GAME.notation(state, Flip(0)) == "a1x"
    assert GAME.parse(state, "button") == BUTTON and GAME.notation(state, BUTTON) == "button"
    bid = GAME.new(size=4)
    assert type(GAME.parse(bid, "komi-2")) is Komi and GAME.parse(bid, "komi-2") == Komi(-2)
    assert GAME.notation(bid, Komi(-2)) == "komi-2"
    side = play(bid, "komi0")
    assert type(GAME.parse(side, "WHITE")) is Side and GAME.parse(side, "WHITE") == Side(WHITE)
    assert GAME.notation(side, Side(BLACK)) == "black"


def test_moves_are_named_and_kinds_never_equal():
    # Named tuples compare as tuples: the kind, the last field, keeps these apart.
    assert len({Place(5), Flip(5), Komi(5), Side(1), Place(1)}) == 5
    assert Place(5) != Flip(5) and Komi(1) != Side(1)
    assert (Place(5).cell, Flip(5).cell, Komi(-3).komi, Side(WHITE).colour) == (5, 5, -3, 1)
    # The pass is core's word, written "pass"; the button is a word too.
    assert PASS is core.PASS and GAME.notation(GAME.new(size=4, komi=0), PASS) == "pass"
    assert BUTTON == "button"
    # A Place on a bid's move list is not its Komi twin (Place(0) == (0, "place")).
    bid = GAME.new(size=4)
    assert Komi(0) in GAME.legal_moves(bid) and Place(0) not in GAME.legal_moves(bid)


# Each text, the code of its refusal and the start of its message, on the side-4 board: rows
# a to g of 4, 5, 6, 7, 6, 5 and 4 cells.
@pytest.mark.parametrize(
    "text, code, named",
    [
        ("", "empty", "an empty move"),
        ("z1", "no-such-row", "'z1': there is no row z on the side-4 board (rows a to g)"),
        ("a0", "no-such-cell", "'a0': row a has cells 1 to 4"),
        ("a5", "no-such-cell", "'a5': row a has cells 1 to 4"),
        ("h1", "no-such-row", "'h1': there is no row h on the side-4 board"),
        ("d8", "no-such-cell", "'d8': row d has cells 1 to 7"),
        ("d4xx", "not-a-move", "'d4xx' is not a Stigmergy move"),
        ("d4y", "not-a-move", "'d4y' is not a Stigmergy move"),
        ("komi", "not-a-komi", "'komi' is not a komi choice"),
        ("komix", "not-a-komi", "'komix' is not a komi choice"),
        ("komi+", "not-a-komi", "'komi+' is not a komi choice"),
        ("hello", "not-a-move", "'hello' is not a Stigmergy move"),
        ("4d", "not-a-move", "'4d' is not a Stigmergy move"),
        ("x", "not-a-move", "'x' is not a Stigmergy move"),
    ],
)
def test_bad_notation(text, code, named):
    with pytest.raises(BadNotation) as err:
        GAME.parse(GAME.new(size=4, komi=0), text)
    assert str(err.value)
    assert err.value.code == code and str(err.value).startswith(named)


def test_notation_round_trips_in_many_positions():
    rng = random.Random(7)
    for size, komi in ((4, "bid"), (5, 1), (6, "bid")):
        state = GAME.new(size=size, komi=komi)
        while GAME.result(state) is None:
            for move in GAME.legal_moves(state):
                assert GAME.parse(state, GAME.notation(state, move)) == move
            moves = GAME.legal_moves(state)
            state = GAME.apply(state, moves[rng.randrange(len(moves))])


# --------------------------------------------------------------------------- random games


def check_invariants(state, move_played, history):
    view = GAME.view(state)
    naive = naive_sight(view)
    stones, territory = [0, 0], [0, 0]  # by colour: Black's, White's
    for c in view.cells:
        seen_black, seen_white, neighbours = naive[c.name]
        assert c.sees == (seen_black, seen_white), c.name
        need = neighbours // 2 + 1
        assert not (seen_black >= need and seen_white >= need)  # never both
        expected = BLACK if seen_black >= need else WHITE if seen_white >= need else None
        assert c.control == expected, c.name
        if c.stone is not None:
            stones[c.stone] += 1
        elif c.control is not None:
            territory[c.control] += 1
    for colour in (BLACK, WHITE):
        part = view.score[colour]
        assert part.stones == stones[colour] and part.territory == territory[colour]
    assert view.score[BLACK].komi == 0  # komi to White only
    if view.phase in ("play", "over"):
        for seat, colour in enumerate(view.seat_colours):
            extra = (state.komi if colour == WHITE else 0) + view.score[colour].button
            assert GAME.scores(state)[seat] == stones[colour] + territory[colour] + extra
    over = GAME.result(state) is not None
    assert over == (history[-2:] == ["pass", "pass"])  # two passes end it
    assert view.to_move == (-1 if over else GAME.to_move(state))
    if over:
        assert sum(stones) + sum(territory) == len(view.cells)  # every cell counts


def expected_moves(state) -> set[str]:
    """The legal moves in play, straight from the rules text, on the view."""
    view = GAME.view(state)
    me = view.seat_colours[view.to_move]
    them = 1 - me
    out = set()
    for c in view.cells:
        if c.stone is None and c.control != them:
            out.add(c.name)
        if c.stone == them and c.control == me:
            out.add(c.name + "x")
    if view.button_untaken:
        out.add("button")
    elif all(c.stone is not None or c.control is not None for c in view.cells):
        out.add("pass")
    return out


def play_random_game(size, komi, seed):
    rng = random.Random(seed)
    state = GAME.new(size=size, komi=komi)
    history = []
    while GAME.result(state) is None:
        moves = GAME.legal_moves(state)
        assert moves
        move = moves[rng.randrange(len(moves))]
        if GAME.view(state).phase == "play":
            assert set(texts(state)) == expected_moves(state)
        if move == PASS:  # a pass only when legal
            view = GAME.view(state)
            assert not view.button_untaken
            assert all(c.stone is not None or c.control is not None for c in view.cells)
        saved = copy.deepcopy(state)
        saved_view = GAME.view(state)
        after = GAME.play(state, move)
        assert state == saved and GAME.view(state) == saved_view  # immutable
        history.append(GAME.notation(state, move))
        state = after
        check_invariants(state, move, history)
    return state, history


@pytest.mark.parametrize(
    "size,komi,seed", [(4, "bid", 1), (4, 3, 2), (5, "bid", 3), (5, 0, 4), (8, 7, 5)]
)
def test_random_games_to_the_end_with_invariants(size, komi, seed):
    state, _history = play_random_game(size, komi, seed)
    result = GAME.result(state)
    assert len(result.winners) == 1  # odd cells: never a tie
    assert result.scores == GAME.scores(state)


def test_fast_playout_matches_the_generic_loop():
    for size, komi, seed in ((4, "bid", 11), (5, 1, 12), (6, 0, 13), (8, "bid", 14)):
        start = GAME.new(size=size, komi=komi)
        fast = GAME.random_playout(start, random.Random(seed))
        slow = Game.random_playout(GAME, start, random.Random(seed))
        assert fast == slow and GAME.view(fast) == GAME.view(slow)
        assert GAME.result(fast) is not None
        for limit in (1, 2, 30):
            assert GAME.random_playout(start, random.Random(seed), limit) == Game.random_playout(
                GAME, start, random.Random(seed), limit
            )


# --------------------------------------------------------------------------- evaluation and view


def test_the_knowledge_evaluates_each_seats_chance():
    # Every evaluation lives in engine/games/stigmergy/knowledge.py (its numbers:
    # tests/test_ai.py).
    know = for_game(GAME)
    assert know.evaluate(GAME.new(size=4)) == (0.5, 0.5)  # before the sides
    # Black a2 b1 d4, nothing else: Black leads, White has nothing.
    ahead = know.evaluate(position(black="a2 b1 d4", komi=0))
    assert ahead[0] > 0.5 and abs(sum(ahead) - 1) < 1e-9
    assert all(0 <= p <= 1 for p in ahead)
    # Seat 1 playing Black gets the Black lead.
    assert know.evaluate(position(black="a2 b1 d4", black_seat=1))[1] > 0.5
    # Over: the exact rewards (White 19.5 beats Black 19, see the button test).
    over = play(position(HALF_BLACK, HALF_WHITE, komi=1, button=WHITE), "pass", "pass")
    assert know.evaluate(over) == (0.0, 1.0)
    assert not hasattr(GAME, "evaluate")


def test_view_is_typed_and_complete():
    state = play(GAME.new(size=4), "komi5", "white", "d4")
    view = GAME.view(state)
    assert isinstance(view, StigmergyView)
    assert view.phase == "play" and view.komi == 5 and view.komi_limit == 37
    assert view.button_untaken and view.button_in_play and view.button_holder is None
    assert view.last == (18,) and view.cells[18].name == "d4"
    # The second seat took White: the first plays Black, and after d4 White (seat 1) moves.
    assert view.seat_colours == (BLACK, WHITE) and view.to_move == 1
    assert view.seat_names == ("Black", "White") and view.scores == (1, 5)
    assert view.result is None and view.passes == 0
    assert set(view.moves) == set(GAME.legal_moves(state))
    assert (view.width, view.height, len(view.cells)) == (7, 7, 37)
    centre = cell_view(state, "d4")
    assert (centre.x, centre.y, centre.stone, centre.row) == (0, 0, BLACK, 3)
    # Before the bid nobody plays a colour; a komi move touches no cell.
    start = GAME.view(GAME.new(size=4))
    assert start.seat_colours is None and start.komi is None and start.last == ()
    assert GAME.view(play(GAME.new(size=4), "komi5")).last == ()

    def typed(value):
        """Frozen values all the way down: no dict, no list (and so hashable)."""
        if isinstance(value, tuple):
            return all(typed(v) for v in value)
        return value is None or isinstance(value, (int, float, str, bool, core.Result))

    assert all(typed(getattr(view, name)) for name in view.__dataclass_fields__)
    assert hash(view) == hash(GAME.view(state))
