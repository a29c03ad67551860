"""Petrify: rules, notation, scoring, formations with the ring, and random games.

Every count and score below is derived by hand in the comment next to it.
Pictures list the top rank first: '.' empty, 'B' Blue, 'O' Orange, '#' block.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import Termination, games
from engine.ai.knowledge import for_game
from engine.contract.core import BadNotation, BadOption, GameOver, IllegalMove
from engine.games.petrify.knowledge import random_playout
from engine.games.petrify.rules import (
    BLOCK,
    BLUE,
    EMPTY,
    ORANGE,
    PASS,
    SWAP,
    Cancelled,
    Capture,
    Cell,
    Leftover,
    PetrifyState,
    PetrifyView,
    enemy_of,
)

GAME = games.get("petrify")
KNOW = for_game(GAME)
CELL = {".": EMPTY, "B": BLUE, "O": ORANGE, "#": BLOCK}


def position(
    picture: str,
    turn: int = BLUE,
    *,
    blue_seat: int = 0,
    ply: int = 20,
    passes: int = 0,
    last_mover: int | None = None,
) -> PetrifyState:
    """A hand-built state from a picture (top rank first)."""
    rows = picture.split()
    size = len(rows)
    assert all(len(r) == size for r in rows), "the picture must be square"
    board = [EMPTY] * (size * size)
    for i, line in enumerate(rows):
        row = size - 1 - i
        for col, ch in enumerate(line):
            board[row * size + col] = CELL[ch]
    mover = enemy_of(turn) if last_mover is None else last_mover
    return PetrifyState(size, tuple(board), turn, blue_seat, ply, passes, mover, None)


def sq(name: str, size: int = 6) -> int:
    return (int(name[1:]) - 1) * size + "abcdefghij".index(name[0])


def cap(a: str, b: str, size: int = 6) -> Capture:
    return Capture(sq(a, size), sq(b, size))


def replay(texts, **options):
    state = GAME.new(**options)
    for text in texts:
        state = GAME.play(state, GAME.parse(state, text))
    return state


def board_captures(state):
    return sorted(m for m in GAME.legal_moves(state) if isinstance(m, tuple))


def why(state, text):
    with pytest.raises(IllegalMove) as err:
        GAME.parse(state, text)
    return str(err.value)


def code(state, text):
    """The reason code of the engine's verdict on the move written `text`."""
    with pytest.raises(IllegalMove) as err:
        GAME.parse(state, text)
    assert err.value.verdict == GAME.check(state, GAME._decode(state, text))
    assert str(err.value).endswith(err.value.verdict.text)
    return err.value.verdict.code


# --------------------------------------------------------------------------- start, options, swap


@pytest.mark.parametrize("size", [6, 7, 8, 9, 10])
def test_empty_board_has_only_placements(size):
    # Nothing is on the board: every square is a placement, there is no disk to
    # capture with, no swap (that is Orange's first turn) and no pass: N² moves.
    moves = GAME.legal_moves(GAME.new(size=size))
    assert len(moves) == size * size
    assert all(isinstance(m, int) for m in moves)


def test_default_size_is_8_with_64_placements():
    state = GAME.new()
    assert state.size == 8 and len(GAME.legal_moves(state)) == 64


@pytest.mark.parametrize(
    "bad, code",
    [(5, "out-of-range"), (11, "out-of-range"), ("x", "not-a-number"), (0, "out-of-range")],
)
def test_size_out_of_range_is_refused(bad, code):
    with pytest.raises(BadOption) as err:
        GAME.new(size=bad)
    assert err.value.code == code and err.value.option == "size"
    assert str(err.value).startswith("option size must be")
    assert str(err.value).endswith(f"not {bad!r}" if isinstance(bad, str) else f"not {bad}")


def test_orange_first_turn_has_placements_and_swap():
    # After Blue's d4: 63 empty squares; Orange has no disk, so no capture; plus swap: 64.
    state = replay(["d4"])
    moves = GAME.legal_moves(state)
    assert len(moves) == 64 and moves.count(SWAP) == 1


def test_swap_exchanges_seats_not_the_board():
    state = replay(["d4", "swap"])
    assert state.board == replay(["d4"]).board  # the Blue disk stays Blue
    assert GAME.seat_names(state) == ("Orange", "Blue")
    assert GAME.to_move(state) == 0  # the opener now plays Orange
    state = GAME.play(state, GAME.parse(state, "e5"))
    assert state.board[sq("e5", 8)] == ORANGE
    assert GAME.to_move(state) == 1  # seat 1 now plays Blue
    # One patch of 64 squares, Blue 1 against Orange 1: the pair cancels, nobody owns it.
    assert GAME.scores(state) == (0, 0)
    state = GAME.play(state, GAME.parse(state, "b2"))
    # Blue has two single disks (b2, d4 apart), Orange one: one pair of 1 cancels and a
    # Blue 1 is left, so Blue owns all 64; Blue is seat 1.
    assert state.board[sq("b2", 8)] == BLUE
    assert GAME.scores(state) == (0, 64)
    view = GAME.view(state)
    assert view.scores == (0, 64) and view.colours == (Cell.ORANGE, Cell.BLUE)
    assert view.seat_names == ("Orange", "Blue") and view.to_move == 0
    assert GAME.colour_scores(state) == {BLUE: 64, ORANGE: 0}
    assert [GAME.seat_colour(state, seat) for seat in (0, 1)] == [ORANGE, BLUE]
    assert [GAME.seat_of(state, colour) for colour in (BLUE, ORANGE)] == [1, 0]


def test_swap_only_on_oranges_first_turn():
    assert "Orange" in why(GAME.new(), "swap")
    assert "first turn" in why(replay(["d4", "e5"]), "swap")
    assert "first turn" in why(replay(["d4", "swap", "e5"]), "swap")
    assert code(GAME.new(), "swap") == "swap-too-early"
    assert code(replay(["d4", "e5"]), "swap") == "swap-too-late"


# ------------------------------------------------------------------------ placements and captures

# Blue c3, d3; Orange a6, f6, a3, f3, c1; a block on c5.
SCENE = """
O....O
..#...
......
O.BB.O
......
..O...
"""


def test_blue_moves_in_scene():
    # Empty squares: 36 - 2 Blue - 5 Orange - 1 block = 28 placements.
    # Blue c3: N stops at the block c5; NE d4 e5 reach f6; E passes its own d3 and e3 to f3;
    #   SE d2 e1 and SW b2 a1 and NW b4 a5 end at the edge; S c2 reaches c1; W b3 reaches a3.
    #   c3 can take a block (the only block, c5, is not next to it): 4 captures.
    # Blue d3: N, NE, SE, S, SW end at the edge; E e3 reaches f3; W passes c3, b3 to a3;
    #   NW c4 b5 reach a6: 3 captures.  Total 28 + 7 = 35.
    state = position(SCENE)
    moves = GAME.legal_moves(state)
    assert len(moves) == 35
    assert board_captures(state) == sorted(
        [
            cap("c3", "f6"),
            cap("c3", "f3"),
            cap("c3", "c1"),
            cap("c3", "a3"),
            cap("d3", "f3"),
            cap("d3", "a3"),
            cap("d3", "a6"),
        ]
    )


def test_orange_moves_in_scene():
    # 28 placements.  a6 and f6 are corners: a6 SE (b5 c4) reaches d3 and f6 SW (e5 d4)
    #   reaches c3, but a corner never takes a block, so neither may capture.
    # a3: E b3 reaches c3; NE b4 stops at the block c5; SE b2 passes its own c1 to the edge;
    #   N a4 a5 passes its own a6 to the edge.  a3 takes a block (no block near): 1 capture.
    # f3: W e3 reaches d3; NW e4 d5 c6, SW e2 d1, N (own f6), S end at the edge: 1 capture.
    # c1: N c2 reaches c3; NW b2 passes its own a3 to the edge; NE d2 e3 f4 to the edge:
    #   1 capture.  Total 28 + 3 = 31.
    state = position(SCENE, ORANGE)
    assert len(GAME.legal_moves(state)) == 31
    assert board_captures(state) == sorted([cap("a3", "c3"), cap("f3", "d3"), cap("c1", "c3")])


# Blue b2; a block on b4 with Orange b5 behind it; Orange e5.
BEHIND = "...... .O..O. .#.... ...... .B.... ......"


def test_a_block_stops_the_line():
    # b2: N b3 then the block b4 (b5 is out of reach); NE c3 d4 reach e5; the other six
    # lines end at the edge over empty squares.  32 empty squares + 1 capture = 33.
    state = position(BEHIND)
    assert len(GAME.legal_moves(state)) == 33
    assert board_captures(state) == [cap("b2", "e5")]
    assert "block on b4 is in the way" in why(state, "b2xb5")


def test_capture_moves_the_disk_and_leaves_a_block():
    state = position(SCENE)
    after = GAME.play(state, cap("c3", "f6"))
    assert after.board[sq("f6")] == BLUE
    assert after.board[sq("c3")] == BLOCK
    assert after.board.count(BLUE) == 2 and after.board.count(ORANGE) == 4
    assert after.board.count(BLOCK) == 2
    assert after.turn == ORANGE and after.last_mover == BLUE and after.passes == 0
    view = GAME.view(after)
    assert view.last == (sq("c3"), sq("f6")) and view.last_move == cap("c3", "f6")
    assert view.cells[sq("c3")] is Cell.BLOCK and view.cells[sq("f6")] is Cell.BLUE


def test_placement_puts_a_disk_of_the_movers_colour():
    state = GAME.play(position(SCENE, ORANGE), sq("d6"))
    assert state.board[sq("d6")] == ORANGE and state.turn == BLUE


def test_capture_paths_are_checked_with_reasons():
    state = position(SCENE)
    assert "block on c5 is in the way" in why(state, "c3xc6")
    assert "not on one straight line" in why(state, "c3xd5")
    assert "empty" in why(state, "c3xc2")
    assert "no disk on e2" in why(state, "e2xe4")
    assert "an Orange disk" in why(state, "a3xc3")  # not the mover's disk
    assert "is not empty" in why(state, "c1")
    # Blue b2, Orange b3 and b5: the first enemy disk stops the line.
    near = position("...... .O.... ...... .O.... .B.... ......")
    assert "Orange disk on b3 is in the way" in why(near, "b2xb5")


@pytest.mark.parametrize(
    "text,expected",
    [
        ("c3xc6", "blocked"),
        ("c3xd5", "not-a-line"),
        ("c3xc2", "empty-target"),
        ("e2xe4", "no-disk"),
        ("a3xc3", "not-own-disk"),
        ("c5xc3", "not-own-disk"),
        ("c1", "occupied"),
        ("c5", "occupied"),
        ("c3xd3", "not-enemy"),
        ("c3xc5", "not-enemy"),
        ("c3xc3", "no-travel"),
        ("pass", "board-play-left"),
    ],
)
def test_reason_codes(text, expected):
    # SCENE: c5 is a block, d3 Blue's own disk, a3 and c1 Orange's; see the test above.
    assert code(position(SCENE), text) == expected


def test_reason_codes_past_an_enemy_and_for_no_move_at_all():
    near = position("...... .O.... ...... .O.... .B.... ......")
    assert code(near, "b2xb5") == "past-enemy"
    verdict = GAME.check(near, ("b2", "b5"))
    assert not verdict.legal and verdict.code == "not-a-move"
    assert verdict.text == "that is not a Petrify move"
    assert GAME.check(near, cap("b2", "b3")).legal


# --------------------------------------------------------------------------- mounds and barricades


def test_corner_disk_can_never_capture():
    # Blue a1, Orange a4 (a2, a3 empty): a block on a1 with the ring makes a 2×2 mound.
    state = position("...... ...... O..... ...... ...... B.....")
    assert board_captures(state) == []
    reason = why(state, "a1xa4")
    assert "mound" in reason and "ring" in reason and "a1" in reason
    assert code(state, "a1xa4") == "mound"


def test_two_edge_blocks_side_by_side_make_a_mound_with_the_ring():
    # Block c1, Blue d1, Orange d4: a block on d1 fills the window c1 d1 + two ring squares.
    state = position("...... ...... ...O.. ...... ...... ..#B..")
    assert board_captures(state) == []
    reason = why(state, "d1xd4")
    assert "mound" in reason and "block on c1" in reason and "ring" in reason
    # With the block on b1 instead, d1 touches no block: the capture is legal.
    apart = position("...... ...... ...O.. ...... ...... .#.B..")
    assert board_captures(apart) == [cap("d1", "d4")]


def test_edge_block_and_diagonal_inward_block_make_a_barricade_with_the_ring():
    # Block c1, Blue d2, Orange d5: ring square beyond b1's corner (b0), c1, d2 are a
    # diagonal of three blocks.
    state = position("...... ...O.. ...... ...... ...B.. ..#...")
    reason = why(state, "d2xd5")
    assert "barricade" in reason and "block on c1" in reason and "ring" in reason
    assert code(state, "d2xd5") == "barricade"
    # The other way round: block d2, Blue on the edge at c1, Orange c4.
    state = position("...... ...... ..O... ...... ...#.. ..B...")
    reason = why(state, "c1xc4")
    assert "barricade" in reason and "block on d2" in reason


def test_an_edge_square_alone_can_take_a_block():
    # a4 is on the edge; its diagonals run to the ring and one step past it, but squares
    # beyond the ring do not exist, so no barricade: a4xd4 is legal.  The same for b2
    # next to a corner (b2xb5): a1 can never hold a block.
    state = position("...... ...... B..O.. ...... ...... ......")
    assert board_captures(state) == [cap("a4", "d4")]
    state = position("...... .O.... ...... ...... .B.... ......")
    assert board_captures(state) == [cap("b2", "b5")]


def test_interior_mound():
    # Blocks c3, d3, c4; Blue d4, Orange f4: the block on d4 would complete c3 d3 c4 d4.
    picture = "...... ...... ..#B.O ..##.. ...... ......"
    reason = why(position(picture), "d4xf4")
    assert "mound" in reason and "c3, c4 and d3" in reason
    # Without the block on c4 there is no mound: legal.
    assert board_captures(position("...... ...... ...B.O ..##.. ...... ......")) == [
        cap("d4", "f4")
    ]


def test_interior_barricades_on_both_diagonals():
    # Blocks c3, d4; Blue e5, Orange e2: e5 would end the diagonal c3 d4 e5.
    state = position("...... ....B. ...#.. ..#... ....O. ......")
    assert "barricade" in why(state, "e5xe2")
    # Blocks b2, d4; Blue c3 between them, Orange f3: b2 c3 d4.
    state = position("...... ...... ...#.. ..B..O .#.... ......")
    assert "barricade" in why(state, "c3xf3")
    # The other diagonal: blocks b5, c4; Blue d3, Orange d6: b5 c4 d3.
    state = position("...O.. .#.... ..#... ...B.. ...... ......")
    assert "barricade" in why(state, "d3xd6")


def test_diagonal_move_passes_between_two_touching_blocks():
    # Blocks d4 and e5 touch at a corner; Blue c6 moves SE over d5 and e4 (between them)
    # to Orange f3.  c6 touches no block, so the capture is legal.
    state = position("..B... ....#. ...#.. .....O ...... ......")
    assert board_captures(state) == [cap("c6", "f3")]
    after = GAME.play(state, cap("c6", "f3"))
    assert after.board[sq("f3")] == BLUE and after.board[sq("c6")] == BLOCK


# --------------------------------------------------------------------------- passing and the end

# Blocks fill files c and e; Orange has one disk, on the corner a1; Blue fills the rest.
FULL = """
BB#B#B
BB#B#B
BB#B#B
BB#B#B
BB#B#B
OB#B#B
"""


def test_forced_pass_and_the_end():
    state = position(FULL, ORANGE)
    # No empty square; Orange's only disk is on a corner: Orange must pass.
    assert GAME.legal_moves(state) == [PASS]
    assert GAME.view(state).moves == (PASS,)
    state = GAME.play(state, PASS)
    assert GAME.result(state) is None and state.passes == 1
    # Blue: only disks on a line to a1 with nothing but Blue between can reach it:
    #   a2..a5 down the file (a6 is a corner: refused);
    #   b1 along rank 1: a block on b1 would fill b1 c1 and two ring squares: a mound;
    #   b2 on the diagonal: b2, c1 and the ring square below d1 make a barricade.
    #   So 4 captures.
    assert board_captures(state) == sorted(cap(f"a{r}", "a1") for r in (2, 3, 4, 5))
    assert "mound" in why(state, "b1xa1")
    assert "barricade" in why(state, "b2xa1")
    state = GAME.play(state, cap("a2", "a1"))
    assert state.passes == 0
    # Orange has no disk left, Blue no enemy: pass, pass, and the game is over.
    state = GAME.play(state, PASS)
    assert GAME.result(state) is None
    assert GAME.legal_moves(state) == [PASS]
    state = GAME.play(state, PASS)
    result = GAME.result(state)
    # Left patch: files a, b without a2 = 11 squares, one Blue group; file d: 6; file f: 6.
    assert result.winners == (0,) and result.scores == (23, 0)
    assert result.reason == "Both players passed"
    assert result.termination is Termination.BOTH_PASSED
    assert GAME.legal_moves(state) == []
    with pytest.raises(GameOver):
        GAME.play(state, PASS)
    assert GAME.check(state, PASS).code == "game-over"
    view = GAME.view(state)
    assert view.to_move == -1 and view.result == result and view.moves == () and view.reaches == ()


def test_pass_is_illegal_with_a_board_play():
    assert "a1" in why(GAME.new(), "pass")
    state = position(SCENE)
    assert "board play" in why(state, "pass")


# --------------------------------------------------------------------------- scoring

# Blocks fill rank 3.  Top patch (18): Blue a6-b6-c6 (3) and c4 (1); Orange e6-f6-e5 (3),
# a4 (1) and f4 (1).  Bottom patch (12): Blue a2-b2 (2) and f1 (1); Orange d2-e2 (2), c1 (1).
SPLIT = """
BBB.OO
....O.
O.B..O
######
BB.OO.
..O..B
"""


def test_cancelled_pairs_and_the_biggest_leftover():
    # Top: 3 against 3 cancel, 1 against 1 cancel, an Orange 1 is left: Orange owns 18.
    # Bottom: 2-2 and 1-1 cancel, nothing is left: nobody owns 12.  Orange 18, Blue 0.
    state = position(SPLIT, passes=2)
    assert GAME.scores(state) == (0, 18)
    result = GAME.result(state)
    assert result.winners == (1,)
    assert result.reason == "Both players passed"
    assert result.termination is Termination.BOTH_PASSED
    top, bottom = sorted(GAME.view(state).patches, key=lambda p: -p.squares[0])
    assert top.size == 18 and top.owner == Cell.ORANGE
    assert top.cancelled == (Cancelled(3, 1), Cancelled(1, 1))
    assert top.leftover == (Leftover(Cell.ORANGE, 1, 1),)
    assert Counter(g.fate for g in top.groups) == {"cancelled": 4, "wins": 1}
    assert bottom.size == 12 and bottom.owner == Cell.EMPTY and bottom.leftover == ()


def test_the_biggest_leftover_wins_not_the_smallest():
    # One patch of 36: Blue a6-b6-c6 (3) and a2 (1); Orange a4-b4-c4 (3) and e2-f2 (2).
    # The 3s cancel; Blue 1 and Orange 2 are left; the bigger is Orange's: Orange 36.
    state = position("BBB... ...... OOO... ...... B...OO ......")
    assert GAME.scores(state) == (0, 36)
    (patch,) = GAME.view(state).patches
    assert patch.cancelled == (Cancelled(3, 1),)
    assert patch.leftover == (Leftover(Cell.ORANGE, 2, 1), Leftover(Cell.BLUE, 1, 1))
    assert [(g.colour, len(g.squares), g.fate) for g in patch.groups] == [
        (Cell.BLUE, 3, "cancelled"),
        (Cell.ORANGE, 3, "cancelled"),
        (Cell.ORANGE, 2, "wins"),
        (Cell.BLUE, 1, "left"),
    ]


def test_scores_follow_seats_after_a_swap():
    state = position(SPLIT, passes=2, blue_seat=1)
    assert GAME.scores(state) == (18, 0)
    assert GAME.result(state).winners == (0,)
    assert GAME.seat_names(state) == ("Orange", "Blue")


# Blocks fill files c and e (no corner).  Left patch (12): Blue a6-b6-a5 (3).
# Middle, file d (6): Orange d6.  Right, file f (6): Orange f6.
TIE = """
BB#O#O
B.#.#.
..#.#.
..#.#.
..#.#.
..#.#.
"""


def test_tie_goes_against_the_last_board_play():
    # Blue owns 12; Orange owns 6 + 6 = 12: a tie.
    state = position(TIE, passes=2, last_mover=ORANGE)
    assert GAME.scores(state) == (12, 12)
    result = GAME.result(state)
    assert result.winners == (0,)  # Blue (seat 0) wins the tie
    assert "Orange made the last board play and loses the tie" in result.reason
    assert result.termination is Termination.BOTH_PASSED
    assert GAME.result(position(TIE, passes=2, last_mover=BLUE)).winners == (1,)


def test_empty_patch_and_cancelled_patch_have_no_owner():
    # Add Blue d1 to the middle file: Orange 1 and Blue 1 cancel; clear f6: empty patch.
    # Blue 12, Orange 0.
    rows = TIE.split()
    rows[0] = "BB#O#."
    rows[5] = "..#B#."
    state = position(" ".join(rows), passes=2)
    assert GAME.scores(state) == (12, 0)
    owners = sorted((p.size, p.owner) for p in GAME.view(state).patches)
    assert owners == [(6, Cell.EMPTY), (6, Cell.EMPTY), (12, Cell.BLUE)]
    assert GAME.result(state).reason == "Both players passed"
    assert GAME.result(state).termination is Termination.BOTH_PASSED


def test_live_score_while_playing():
    # Two passes are needed for a result; the live score is there before.
    state = position(SPLIT)
    assert GAME.result(state) is None
    assert GAME.scores(state) == (0, 18)


# --------------------------------------------------------------------------- notation


def test_notation_examples():
    state = position(SCENE)
    assert GAME.notation(state, sq("c3")) == "c3"
    assert GAME.notation(state, cap("c3", "f6")) == "c3xf6"
    assert GAME.notation(state, PASS) == "pass" and GAME.notation(state, SWAP) == "swap"
    big = GAME.new(size=10)
    assert GAME.parse(big, "j10") == 99
    assert GAME.notation(big, 99) == "j10"
    assert GAME.parse(position(SCENE), " C3XF6 ") == cap("c3", "f6")


# Each text, the code of its refusal and what the message names (SCENE is 6×6): a square
# off the board or unreadable, else the whole text.
@pytest.mark.parametrize(
    "text, code, named",
    [
        ("c", "not-a-move", "'c' is not a Petrify move"),
        ("3c", "not-a-move", "'3c' is not a Petrify move"),
        ("c3x", "not-a-move", "'c3x' is not a Petrify move"),
        ("c3-f6", "not-a-move", "'c3-f6' is not a Petrify move"),
        ("c3xf", "not-a-move", "'c3xf' is not a Petrify move"),
        ("swapp", "not-a-move", "'swapp' is not a Petrify move"),
        ("g1", "off-board", "g1 is off the 6×6 board"),
        ("a0", "not-a-square", "'a0' is not a square"),
        ("a7", "off-board", "a7 is off the 6×6 board"),
        ("c3xg3", "off-board", "g3 is off the 6×6 board"),
        ("x", "not-a-move", "'x' is not a Petrify move"),
        ("pas", "not-a-move", "'pas' is not a Petrify move"),
    ],
)
def test_bad_notation(text, code, named):
    with pytest.raises(BadNotation) as err:
        GAME.parse(position(SCENE), text)
    assert str(err.value)
    assert err.value.code == code and named in str(err.value)


def test_round_trip_in_many_positions():
    rng = random.Random(5)
    for size in (6, 9):
        state = GAME.new(size=size)
        while GAME.result(state) is None:
            moves = GAME.legal_moves(state)
            for move in moves:
                assert GAME.parse(state, GAME.notation(state, move)) == move
            state = GAME.play(state, moves[rng.randrange(len(moves))])


# --------------------------------------------------------------------------- random games


def formations_on(board, size):
    """Every mound or barricade of blocks on the board inside its ring (a brute-force scan)."""

    def block(col, row):
        if -1 <= col <= size and -1 <= row <= size and not (0 <= col < size and 0 <= row < size):
            return True  # the ring
        return 0 <= col < size and 0 <= row < size and board[row * size + col] == BLOCK

    found = []
    for col in range(-1, size + 1):
        for row in range(-1, size + 1):
            window = [(col, row), (col + 1, row), (col, row + 1), (col + 1, row + 1)]
            if all(block(*c) for c in window) and any(
                0 <= c < size and 0 <= r < size for c, r in window
            ):
                found.append(("mound", col, row))
            for dc in (1, -1):
                line = [(col + k * dc, row + k) for k in range(3)]
                if all(block(*c) for c in line) and any(
                    0 <= c < size and 0 <= r < size for c, r in line
                ):
                    found.append(("barricade", col, row))
    return found


def check_ply(before, move, after):
    size = before.size
    n = size * size
    moves = GAME.legal_moves(before)
    # A pass only when there is no board play.
    if move == PASS:
        assert moves == [PASS]
        assert EMPTY not in before.board
    else:
        assert PASS not in moves
    blocks_before, blocks_after = before.board.count(BLOCK), after.board.count(BLOCK)
    assert blocks_after == blocks_before + (1 if isinstance(move, tuple) else 0)
    assert sum(after.board.count(v) for v in (BLUE, ORANGE, BLOCK, EMPTY)) == n
    if isinstance(move, tuple):
        assert formations_on(after.board, size) == []
    # The game ends only after two passes in a row.
    over = GAME.result(after) is not None
    assert over == (move == PASS and before.last == PASS)
    if not over:
        assert GAME.to_move(after) == (
            GAME.to_move(before) if move == SWAP else 1 - GAME.to_move(before)
        )


def frozen(state):
    return (
        state.size,
        state.board,
        state.turn,
        state.blue_seat,
        state.ply,
        state.passes,
        state.last_mover,
        state.last,
    )


@pytest.mark.parametrize("size,seed", [(6, 1), (6, 2), (6, 3), (8, 4), (8, 5), (10, 6)])
def test_random_games_keep_the_invariants(size, seed):
    rng = random.Random(seed)
    state = GAME.new(size=size)
    plies = 0
    while GAME.result(state) is None:
        moves = GAME.legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        saved = frozen(state)
        after = GAME.play(state, move)
        assert frozen(state) == saved  # the old state is untouched
        check_ply(state, move, after)
        state, plies = after, plies + 1
    # Each board play fills an empty square or adds a block; at most 2 passes per stretch.
    assert plies <= 3 * size * size
    assert EMPTY not in state.board
    result = GAME.result(state)
    assert len(result.winners) == 1
    assert sum(GAME.scores(state)) <= size * size


@pytest.mark.parametrize("size", [6, 8])
def test_fast_playouts_end_in_proper_positions(size):
    rng = random.Random(size)
    for _ in range(30):
        state = random_playout(GAME.new(size=size), rng)
        assert GAME.result(state) is not None and state.last == PASS
        assert EMPTY not in state.board
        assert formations_on(state.board, size) == []
        assert GAME.legal_moves(state) == []
        for colour in (BLUE, ORANGE):  # neither side had a board play left
            stuck = PetrifyState(size, state.board, colour, 0, state.ply, 0, BLUE, None)
            assert GAME.legal_moves(stuck) == [PASS]
    part = random_playout(GAME.new(size=size), rng, max_plies=10)
    assert part.ply == 10 and GAME.result(part) is None


def test_fast_playout_picks_moves_uniformly():
    # From SCENE Blue has 35 moves; 7000 single-ply playouts expect 200 of each
    # (standard deviation about 14): each must land within 200 ± 70.
    start = position(SCENE)
    moves = GAME.legal_moves(start)
    rng = random.Random(11)
    seen = Counter()
    for _ in range(7000):
        after = random_playout(start, rng, max_plies=1)
        seen[after.last] += 1
    assert set(seen) == set(moves)
    assert all(130 <= seen[m] <= 270 for m in moves)


def test_fast_playout_respects_blocks():
    # BEHIND has 33 moves (see test_a_block_stops_the_line): 3300 draws, 100 each, sd 10.
    start = position(BEHIND)
    rng = random.Random(7)
    seen = Counter(random_playout(start, rng, max_plies=1).last for _ in range(3300))
    assert set(seen) == set(GAME.legal_moves(start))
    assert all(55 <= n <= 145 for n in seen.values())


def test_fast_playout_uniform_when_captures_are_rare():
    # FULL after Orange passes: Blue has exactly 4 captures among 23 disks × 8 lines.
    start = GAME.play(position(FULL, ORANGE), PASS)
    rng = random.Random(3)
    seen = Counter(random_playout(start, rng, max_plies=1).last for _ in range(2000))
    assert set(seen) == set(GAME.legal_moves(start))
    assert all(400 <= n <= 600 for n in seen.values())  # 500 each, sd about 19


# --------------------------------------------------------------------------- evaluation and view


def test_evaluate_is_a_distribution_per_seat():
    assert not hasattr(GAME, "evaluate")  # the players' knowledge has it
    for state in (GAME.new(), position(SCENE), position(SPLIT), position(SPLIT, blue_seat=1)):
        values = KNOW.evaluate(state)
        assert len(values) == 2 and all(0 <= v <= 1 for v in values)
        assert abs(sum(values) - 1) < 1e-9
    # Orange leads 18–0 in SPLIT: the Orange seat is favoured, whichever seat that is.
    assert KNOW.evaluate(position(SPLIT))[1] > 0.5
    assert KNOW.evaluate(position(SPLIT, blue_seat=1))[0] > 0.5
    assert KNOW.evaluate(position(SPLIT, passes=2)) == (0.0, 1.0)


def test_view_shows_refused_and_legal_captures():
    # FULL after Orange passes: b1 is refused by a mound, a2 may capture a1.
    state = GAME.play(position(FULL, ORANGE), PASS)
    view = GAME.view(state)
    assert isinstance(view, PetrifyView) and (view.width, view.height) == (6, 6)
    assert view.cells[sq("a1")] is Cell.ORANGE and view.cells[sq("c1")] is Cell.BLOCK
    reaches = {reach.start: reach for reach in view.reaches}
    assert reaches[sq("a2")] == (sq("a2"), (sq("a1"),), None) and reaches[sq("a2")].legal
    refused = reaches[sq("b1")]
    assert not refused.legal and refused.formation.kind == "mound"
    assert refused.formation.squares == (sq("c1"),)
    assert refused.formation.ring == ((1, -1), (2, -1))  # below b1 and c1
    counts = Counter(view.cells)
    assert counts == {Cell.BLUE: 23, Cell.ORANGE: 1, Cell.BLOCK: 12}
    assert view.seat_names[view.to_move] == "Blue" and view.colours[view.to_move] == Cell.BLUE
    assert view.last == () and view.last_move == PASS
