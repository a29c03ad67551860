"""Rug Pile: every rule of web/rules/rugpile.html ("Your turn", "The end", "Example: the fool's
mate"), hand-built positions, and random games."""

import math
import random

import pytest

from engine import BadNotation, BadOption, GameOver, IllegalMove, Termination, games
from engine.ai.knowledge import for_game
from engine.contract.core import GAME_OVER, LEGAL, Result
from engine.games.rugpile.rules import BLANK, Placement, RugState, RugView, area_map

GAME = games.get("rugpile")


def rug(state) -> RugState:
    assert isinstance(state, RugState)
    return state


def ended(state) -> Result:
    result = GAME.result(state)
    assert result is not None
    return result


def after(moves, **options) -> RugState:
    state = rug(GAME.new(**options))
    for text in moves:
        state = rug(GAME.play(state, GAME.parse(state, text)))
    return state


def position(rows, turn=0, supplies=None, tiles=(4, 3, 2)):
    """A hand-built position from rows drawn top row first: '.' blank, digits = colour."""
    size = len(rows)
    board = [BLANK] * (size * size)
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch != ".":
                board[(size - 1 - r) * size + c] = int(ch)
    players = 1 + max([int(ch) for line in rows for ch in line if ch != "."] + [1])
    supplies = supplies or (tiles,) * players
    return RugState(size, players, tiles, tuple(board), tuple(supplies), turn)


def names(state):
    return sorted(GAME.notation(state, m) for m in GAME.legal_moves(state))


# ---------------------------------------------------------------- the seed's fool's mate


def test_fools_mate_move_by_move():
    state = GAME.new()  # 2 players, 5x5, tiles 4-3-2
    assert GAME.to_move(state) == 0
    state = GAME.play(state, GAME.parse(state, "3x3a3"))  # o: rows 1-3, cols 1-3 from the top
    assert GAME.scores(state) == (9, 0)
    assert GAME.to_move(state) == 1
    state = GAME.play(state, GAME.parse(state, "3x3b2"))  # x: rows 2-4, cols 2-4
    # x covers 4 of o's squares (b3, c3, b4, c4): o 9-4 = 5, x 9.
    assert GAME.scores(state) == (5, 9)
    state = GAME.play(state, GAME.parse(state, "2x2d1"))  # o: rows 4-5, cols 4-5
    # o's 2x2 covers d1, e1, d2, e2; only d2 was x's: o 5+4 = 9, x 9-1 = 8.
    assert GAME.scores(state) == (9, 8)
    assert GAME.legal_moves(state) == []
    result = ended(state)
    assert result.winners == (0,) and result.scores == (9, 8)
    assert "Blue cannot place" in result.reason
    assert result.termination is Termination.NO_MOVES and result.detail == "no-placement"


def test_no_move_left_for_the_second_player_by_hand():
    # After the fool's mate (top rank first; o = Red, x = Blue):
    #   5  o o o . .
    #   4  o x x x .
    #   3  o x x x .
    #   2  . x x o o
    #   1  . . . o o
    #      a b c d e
    # Every tile contains a 2x2 window, and a tile is illegal if any window of it is (it covers
    # at least as much), so it is enough that all sixteen 2x2 windows are illegal for Blue:
    # the window at d1 buries Red's whole area d1 e1 d2 e2, and each of the other fifteen
    # (bottom-left a1 b1 c1, a2 b2 c2 d2, a3 b3 c3 d3, a4 b4 c4 d4) covers a Blue square.
    state = after(["3x3a3", "3x3b2", "2x2d1"])
    assert GAME.legal_moves(state) == []
    with pytest.raises(GameOver):
        GAME.parse(state, "2x2a1")


# ---------------------------------------------------------------- placement legality


def test_covering_your_own_colour_is_illegal():
    state = after(["2x2a1", "2x2d4"])  # Red a1-b2, Blue d4-e5; Red to move
    with pytest.raises(IllegalMove, match="already shows Red"):
        GAME.parse(state, "2x2b2")  # b2 is Red


def test_covering_all_of_an_opponents_area_is_illegal_but_all_but_one_is_legal():
    # Blue (1) has a 2-square area at a1-b1; Red (0) to move.
    state = position([".....", ".....", ".....", ".....", "11..."])
    with pytest.raises(IllegalMove, match="completely cover the Blue area"):
        GAME.parse(state, "2x2a1")  # a1 b1 a2 b2: all of the area
    GAME.parse(state, "2x2b1")  # b1 c1 b2 c2: leaves a1 showing


def test_covering_blank_squares_is_free_and_splitting_an_area_is_legal():
    # Blue's area is a row of five squares on rank 3; a 2x3 tile standing on c2-d4 splits it.
    state = position([".....", ".....", "11111", ".....", "....."])
    split = rug(GAME.play(state, GAME.parse(state, "2x3c2")))
    # Blue now shows a3 b3 and e3: two areas; covering a3+b3 entirely is now illegal for Red.
    split = RugState(5, 2, split.tiles, split.board, split.supplies, turn=0)
    with pytest.raises(IllegalMove, match="completely cover the Blue area"):
        GAME.parse(split, "2x2a2")


def test_joining_your_tile_to_your_own_area_makes_one_area():
    state = position([".....", ".....", ".....", ".....", "0...."], turn=0)
    joined = GAME.play(state, GAME.parse(state, "2x2b1"))  # touches a1: Red area of 5
    assert GAME.view(joined).cells.count(0) == 5
    # Now Blue may cover 4 of those 5 squares but not all 5 (they are one area).
    GAME.parse(joined, "2x2b1")  # covers b1 c1 b2 c2, a1 stays


def test_a_tile_must_lie_wholly_on_the_board_and_come_from_the_supply():
    state = GAME.new()
    with pytest.raises(IllegalMove, match="off the board"):
        GAME.parse(state, "3x3d1")  # d..f: f is off a 5x5 board
    spent = GAME.new(tiles="4-3-0")
    with pytest.raises(IllegalMove, match="no 3x3 tile left"):
        GAME.parse(spent, "3x3a1")
    with pytest.raises(IllegalMove, match="no 1x4 tiles"):
        GAME.parse(state, "1x4a1")


def test_bad_notation():
    state = GAME.new()  # 5×5
    for text, code, named in [
        ("", "empty", "an empty move"),
        ("a1", "not-a-move", "'a1' is not a tile placement"),
        ("3x3", "not-a-move", "'3x3' is not a tile placement"),
        ("3x3z1", "off-board", "z1 is off the 5×5 board"),
        ("3x3a0", "not-a-square", "'a0' is not a square"),
        ("33a1", "not-a-move", "'33a1' is not a tile placement"),
        ("3x3a1!", "not-a-move", "'3x3a1!' is not a tile placement"),
        ("3x3a9", "off-board", "a9 is off the 5×5 board"),
    ]:
        with pytest.raises(BadNotation) as info:
            GAME.parse(state, text)
        assert info.value.code == code and named in str(info.value), text


# ---------------------------------------------------------------- verdicts: codes and texts


def test_each_refusal_has_its_reason_code_and_the_players_text():
    state = after(["2x2a1", "2x2d4"])  # Red a1-b2, Blue d4-e5; Red to move
    spent = after([], tiles="4-3-0")
    cases = [
        (
            state,
            (2, 2),
            "not-a-move",
            "that is not a Rug Pile move (a tile's width and height, then its square)",
        ),
        (
            state,
            Placement(1, 4, 0, 0),
            "no-such-tile",
            "there are no 1x4 tiles (sizes: 2x2, 2x3, 3x3)",
        ),
        (spent, Placement(3, 3, 0, 0), "none-left", "Red has no 3x3 tile left"),
        (state, Placement(3, 3, 3, 0), "off-board", "the tile would hang off the board"),
        (
            state,
            Placement(2, 2, 1, 1),
            "own-colour",
            "it would cover a square that already shows Red",
        ),
        (
            state,
            Placement(2, 2, 3, 3),
            "buries-area",  # d4 e4 d5 e5: all of Blue's area
            "it would completely cover the Blue area at d4",
        ),
    ]
    for where, move, code, text in cases:
        verdict = GAME.check(where, move)
        assert (verdict.legal, verdict.code, verdict.text) == (False, code, text)
        with pytest.raises(IllegalMove) as err:
            GAME.play(where, move)
        assert err.value.verdict == verdict and str(err.value) == text
    assert GAME.check(state, Placement(2, 2, 2, 0)) == LEGAL  # c1 d1 c2 d2: all blank
    assert GAME.check(after(["3x3a3", "3x3b2", "2x2d1"]), Placement(2, 2, 0, 0)) == GAME_OVER


def test_moves_are_placements():
    move = GAME.parse(GAME.new(), "3x2a1")
    assert move == Placement(width=3, height=2, col=0, row=0) == (3, 2, 0, 0)
    assert all(type(m) is Placement for m in GAME.legal_moves(GAME.new()))


# ---------------------------------------------------------------- what the board is shown


def test_the_view_gives_squares_last_tile_and_supplies_as_numbers():
    state = after(["3x3a3", "2x2d1"])  # Red a3-c5, then Blue d1-e2
    view = GAME.view(state)
    assert isinstance(view, RugView)
    assert (view.width, view.height) == (5, 5)
    # Square numbers are row * 5 + col: a3-c5 is 10-12, 15-17, 20-22; d1-e2 is 3, 4, 8, 9.
    assert [i for i, c in enumerate(view.cells) if c == 0] == [10, 11, 12, 15, 16, 17, 20, 21, 22]
    assert [i for i, c in enumerate(view.cells) if c == 1] == [3, 4, 8, 9]
    assert view.cells.count(BLANK) == 25 - 9 - 4
    assert view.last == (3, 4, 8, 9)
    assert view.kinds == ((2, 2), (2, 3), (3, 3))
    assert view.supplies == ((4, 3, 1), (3, 3, 2))  # Red spent a 3x3, Blue a 2x2
    assert (view.to_move, view.seat_names, view.scores) == (0, ("Red", "Blue"), (9, 4))
    assert view.moves == tuple(GAME.legal_moves(state)) and view.result is None
    over = GAME.view(after(["3x3a3", "3x3b2", "2x2d1"]))
    assert over.to_move == -1 and over.moves == () and over.result is not None
    assert GAME.view(GAME.new()).last == ()


def test_the_area_map_numbers_areas_by_their_lowest_square():
    state = position(["1....", "1....", ".00..", "...1.", "1..11"])
    area_of, sizes = area_map(state.board, 5)
    # a1 (0) is area 0; Blue d1 e1 d2 (3, 4, 8) area 1; Red b3 c3 (11, 12) area 2;
    # Blue a4 a5 (15, 20) area 3.
    assert sizes == [1, 3, 2, 2]
    assert [area_of[sq] for sq in (0, 3, 4, 8, 11, 12, 15, 20)] == [0, 1, 1, 1, 2, 2, 3, 3]
    assert area_of.count(-1) == 25 - 8


# ---------------------------------------------------------------- the players' evaluation


def test_evaluation_counts_squares_shown_and_a_share_of_tiles_in_hand():
    know = for_game(GAME)
    assert not hasattr(GAME, "evaluate")  # the players' knowledge, not the rules
    assert know.evaluate(GAME.new()) == (0.5, 0.5)
    # Red shows four squares, Blue none, the same tiles in hand: a lead of 4 squares, and
    # Red's chance is a softmax at temperature 2, 1 / (1 + e^(-4/2)).
    ahead = position([".....", ".....", ".....", "00...", "00..."])
    red, blue = know.evaluate(ahead)
    assert red == pytest.approx(1 / (1 + math.exp(-2))) and red + blue == pytest.approx(1)
    # An empty board, Blue one 3x3 short: in hand 4*4 + 3*6 + 2*9 = 52 squares against 43,
    # worth 0.3 each, a lead of 2.7 for Red.
    short = position(["....."] * 5, supplies=((4, 3, 2), (4, 3, 1)))
    assert know.evaluate(short)[0] == pytest.approx(1 / (1 + math.exp(-2.7 / 2)))
    # A finished game: the rewards (a sole win, or a shared one).
    assert know.evaluate(after(["3x3a3", "3x3b2", "2x2d1"])) == (1.0, 0.0)
    tie = position(["00..", "00..", "....", "1111"], supplies=((0, 0, 0), (0, 0, 0)))
    assert know.evaluate(tie) == (0.5, 0.5)


# ---------------------------------------------------------------- counts worked out by hand


@pytest.mark.parametrize(
    "tile,expected",
    [
        # A w x h tile on an N x N board has (N-w+1)(N-h+1) positions.  N = 5:
        ("2x2", 4 * 4),  # 16
        ("2x3", 4 * 3),  # 12 (2 wide, 3 tall)
        ("3x2", 3 * 4),  # 12 (3 wide, 2 tall)
        ("3x3", 3 * 3),  # 9
    ],
)
def test_empty_5x5_counts_per_tile_and_turn(tile, expected):
    moves = [m for m in names(GAME.new()) if m.startswith(tile)]
    assert len(moves) == expected


def test_empty_board_totals():
    assert len(GAME.legal_moves(GAME.new())) == 16 + 12 + 12 + 9  # 49 on 5x5
    # 6x6 (three players): 2x2 25, 2x3 20, 3x2 20, 3x3 16 = 81.
    assert len(GAME.legal_moves(GAME.new(players=3))) == 25 + 20 + 20 + 16
    # 4x4 with only 3x3 tiles: 2 x 2 = 4 positions.
    assert len(GAME.legal_moves(GAME.new(size=4, tiles="0-0-1"))) == 4


# ---------------------------------------------------------------- 3 and 4 players


def test_three_players_take_turns_in_seat_order():
    state = GAME.new(players=3)
    seen = []
    for text in ["2x2a1", "2x2c1", "2x2e1", "2x2a3"]:
        seen.append(GAME.to_move(state))
        state = GAME.play(state, GAME.parse(state, text))
    assert seen == [0, 1, 2, 0]
    assert GAME.seat_names(state) == ("Red", "Blue", "Green")


def test_the_end_says_every_tile_is_placed_when_no_one_has_a_tile_left():
    """Issue 24, item 9: the end said "Red cannot place a tile" when both had used all
    their tiles.  Each places its one 2x2 on an empty 4x4 (a1, then c3): none is left."""
    state = position(["....", "....", "....", "...."], supplies=((1, 0, 0), (1, 0, 0)))
    for text in ("2x2a1", "2x2c3"):
        state = GAME.play(state, GAME.parse(state, text))
    result = ended(state)
    assert result.reason == "every tile has been placed" and result.scores == (4, 4)
    # Tiles left that fit nowhere: Red's own 2x2 may not cover its own squares; each
    # of the nine 2x2 windows holds one: a1 c1 b2 d3 a4 c4 are red (the windows at a1,
    # b1 and c1 hold a1 or c1; at a2 and b2, b2; at c2 and c3, d3; at a3, a4; at b3, c4).
    state = position(["0.0.", "...0", ".0..", "0.0."], turn=0, supplies=((1, 0, 0), (1, 0, 0)))
    assert GAME.legal_moves(state) == []
    assert ended(state).reason == "Red cannot place a tile"


def test_the_game_ends_when_the_player_to_move_cannot_place_even_if_others_could():
    # 4x4, four players; Green (2) to move with no tiles left: the game ends, though
    # Yellow could still place.
    empty = (0, 0, 0)
    board = position(["00..", "00..", "..11", "..11"]).board
    state = RugState(4, 4, (1, 0, 0), board, ((1, 0, 0), (1, 0, 0), empty, (1, 0, 0)), turn=2)
    assert GAME.legal_moves(state) == []
    result = ended(state)
    assert result.reason == "Green has no tiles left"
    assert result.termination is Termination.NO_MOVES and result.detail == "no-placement"
    assert result.winners == (0, 1) and result.scores == (4, 4, 0, 0)  # a shared win


def test_ties_share_the_win():
    # Red and Blue show four squares each and nobody has a tile left: a shared win.
    state = position(["00..", "00..", "....", "1111"], turn=0, supplies=((0, 0, 0), (0, 0, 0)))
    assert GAME.scores(state) == (4, 4)
    assert ended(state).winners == (0, 1)  # both seats: a draw for all
    assert len(ended(state).winners) == GAME.num_seats(state) == 2


# ---------------------------------------------------------------- options


def test_default_options_follow_the_number_of_players():
    assert GAME.options(GAME.new()) == {"players": 2, "size": 5, "tiles": (4, 3, 2)}
    assert GAME.options(GAME.new(players=4)) == {"players": 4, "size": 6, "tiles": (4, 3, 3)}
    assert GAME.options(GAME.new(players=3, size=8, tiles={"2x2": 1, "3x3": 5})) == {
        "players": 3,
        "size": 8,
        "tiles": (1, 0, 5),
    }


# Each refused option, its code, the option named (None: no one option) and what the message
# names: the option, or the name the game does not have.
@pytest.mark.parametrize(
    "options, code, option, named",
    [
        ({"players": 5}, "out-of-range", "players", "option players must be from 2 to 4"),
        ({"players": 1}, "out-of-range", "players", "option players must be from 2 to 4"),
        ({"size": 3}, "out-of-range", "size", "option size must be from 4 to 8, not 3"),
        ({"size": 9}, "out-of-range", "size", "option size must be from 4 to 8, not 9"),
        ({"tiles": "0-0-0"}, "out-of-range", "tiles", "tiles: each count must be from 0 to 9"),
        ({"tiles": "4-3"}, "not-three-counts", "tiles", "tiles must be three counts"),
        ({"tiles": {"1x1": 3}}, "no-such-tile", "tiles", "tiles: unknown tile size '1x1'"),
        ({"tiles": (10, 0, 0)}, "out-of-range", "tiles", "tiles: each count must be from 0"),
        ({"colour": "red"}, "unknown-option", None, "Rug Pile has no option 'colour'"),
    ],
)
def test_bad_options_are_refused_with_a_message(options, code, option, named):
    with pytest.raises(BadOption) as err:
        GAME.new(**options)
    assert str(err.value)
    assert err.value.code == code and err.value.option == option
    assert str(err.value).startswith(named)


# ---------------------------------------------------------------- the loop fight terminates


def test_the_seeds_loop_fight_ends_when_tiles_run_out():
    # An area that alternates colour while tiles fit: every placement spends a tile, so a game
    # lasts at most players x tiles placements (2 x 9 = 18 with the defaults).
    rng = random.Random(5)
    for _ in range(20):
        state, plies = GAME.new(), 0
        while GAME.result(state) is None:
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
            plies += 1
        assert plies <= 2 * 9


# ---------------------------------------------------------------- random games with invariants


@pytest.mark.parametrize("players,size", [(2, 4), (2, 5), (3, 6), (4, 6), (4, 8), (2, 8)])
def test_random_games_keep_the_invariants(players, size):
    rng = random.Random(players * 100 + size)
    for _ in range(6):
        state = rug(GAME.new(players=players, size=size))
        while True:
            view = GAME.view(state)
            # Scores equal the visible squares of each colour.
            assert GAME.scores(state) == tuple(view.cells.count(s) for s in range(players))
            moves = GAME.legal_moves(state)
            result = GAME.result(state)
            # The game ends exactly when the player to move has no placement.
            assert (result is None) == bool(moves)
            if result is not None:
                break
            for move in moves:  # notation round trip
                assert GAME.parse(state, GAME.notation(state, move)) == move
            before = state
            frozen = (before.board, before.supplies, before.turn)
            move = rng.choice(moves)
            state = rug(GAME.play(state, move))
            assert (before.board, before.supplies, before.turn) == frozen  # immutable
            # Supplies only shrink: exactly one tile of the mover's is spent.
            mover = GAME.to_move(before)
            spent = [
                a - b for a, b in zip(before.supplies[mover], state.supplies[mover], strict=True)
            ]
            assert sorted(spent) == [0, 0, 1]
            assert all(
                before.supplies[s] == state.supplies[s] for s in range(players) if s != mover
            )
            assert GAME.to_move(state) == (mover + 1) % players
