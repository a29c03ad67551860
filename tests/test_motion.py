"""web/logic/motion.py: what each game's moves do on the board (slides, placements, captures,
tiles, flips; nothing for a pass), and which renders animate a move and how fast.

Cells are numbered as the views number them; the expectations are worked out by hand from
the boards' layouts (square grids: row * size + col, rank 1 first; Stigmergy: row a first,
each row from its left end)."""

from __future__ import annotations

import re

import pytest

from engine.contract.errors import UnknownGame
from web import boards
from web.boards.base import Board, Ui
from web.logic.motion import NOTHING, PERSON_MS, QUICK_MS, Motion, Shown, change, motion
from web.logic.session import Session


def sq(name: str, size: int) -> int:
    """A square grid's cell number: 'c3' on an 8×8 board is 2 * 8 + 2 = 18."""
    return (int(name[1:]) - 1) * size + ord(name[0]) - ord("a")


def moves_of(game_id: str, moves: str, **options) -> list[Motion]:
    """The motion of each move of a game played from the start."""
    session = Session(game_id, options, moves.split())
    view = session.game.view
    return [
        motion(game_id, view(session.states[i]), view(session.states[i + 1]))
        for i in range(len(session.moves))
    ]


# --------------------------------------------------------------------------- each game


def test_gwyddbwyll_a_piece_slides_and_a_capture_takes_what_stood_on_its_square():
    double, _, capture = moves_of("gwyddbwyll", "e3e5 a6a4 e5f6")
    assert double == Motion(slides=((sq("e3", 8), sq("e5", 8)),))
    assert capture == Motion(slides=((sq("e5", 8), sq("f6", 8)),), taken=((sq("f6", 8),),))


def test_gwyddbwyll_en_passant_takes_the_pawn_beside_the_landing_square():
    *_, passing = moves_of("gwyddbwyll", "e3e4 f6f4 e4f5")
    assert passing == Motion(slides=((sq("e4", 8), sq("f5", 8)),), taken=((sq("f4", 8),),))


def test_petrify_a_placement_appears_and_a_capture_slides_takes_and_leaves_a_block():
    first, _, capture = moves_of("petrify", "c3 c5 c3xc5", size=8)
    assert first == Motion(placed=((18,),))
    assert capture == Motion(slides=((18, 34),), placed=((18,),), taken=((34,),))


def test_petrify_the_swap_moves_nothing():
    assert moves_of("petrify", "d4 swap", size=6)[1] == NOTHING


def test_wythe_a_piece_appears_on_its_two_squares_also_on_top_of_two_stacks():
    first, second, stacked = moves_of("wythe", "c3d3 d4c4 c4c3", size=8)
    assert first == Motion(placed=((18, 19),))
    assert second == Motion(placed=((26, 27),))  # c4 and d4, whichever bit is where
    assert stacked == Motion(placed=((18, 26),))  # c3 and c4, on the two stacks


def test_wythe_the_swap_moves_nothing():
    assert moves_of("wythe", "c3d3 swap", size=8)[1] == NOTHING


# Size 4: rows a to g of 4, 5, 6, 7, 6, 5 and 4 cells, so row d starts at cell 15 and row g
# at 33; a cell is named by its row's letter and its place from the row's left end.
STIGMERGY = (
    "d1 g3 b5 e5 g1 e3 d6 a3 e4 a2 d7 c4 f1 c3 c6 f3 g4 g1x f5 e2 e1 b3 c1 f2 b4 "
    "f4 d3 a1 b1 d4 e6 f1x a4 d5 c2 e4x d2 pass pass"
)


def test_stigmergy_a_stone_appears_a_flip_turns_one_and_a_pass_does_nothing():
    motions = moves_of("stigmergy", STIGMERGY, size=4, komi=0)
    assert motions[0] == Motion(placed=((15,),))  # d1: row d's first cell
    assert motions[1] == Motion(placed=((33 + 2,),))  # g3
    assert motions[17] == Motion(turned=(33,))  # g1x: the stone on g1 flipped
    assert motions[-2] == NOTHING and motions[-1] == NOTHING  # the two passes


def test_stigmergy_the_komi_bid_and_the_colour_choice_move_nothing():
    assert moves_of("stigmergy", "komi5 white d1", size=4, komi="bid") == [
        NOTHING,
        NOTHING,
        Motion(placed=((15,),)),
    ]


def test_rugpile_a_tile_is_one_piece_over_all_its_squares():
    first, second = moves_of("rugpile", "2x2a1 3x2c1", size=5)
    assert first == Motion(placed=((0, 1, 5, 6),))
    assert second == Motion(placed=((2, 3, 4, 7, 8, 9),))


def test_a_game_without_a_motion_of_its_own_is_no_silent_nothing():
    """Each game's board says how its moves animate (issue 26: a game left out of a table of
    motions had none, and no test failed): an unknown game is refused, and a board that does
    not say is an error, not a board that never moves."""
    session = Session("rugpile", {}, ["2x2a1"])
    view = session.game.view
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        motion("chess", view(session.states[0]), view(session.states[1]))
    with pytest.raises(NotImplementedError, match="Mute must say how its moves animate"):
        type("Mute", (Board,), {})(session.game).motion(
            view(session.states[0]), view(session.states[1])
        )


def test_a_move_taken_back_slides_home_and_swaps_what_it_placed_and_took():
    capture = Motion(slides=((18, 34),), placed=((18,),), taken=((34,),), turned=(5,))
    assert capture.reversed() == Motion(
        slides=((34, 18),), placed=((34,),), taken=((18,),), turned=(5,)
    )
    assert capture.reversed().reversed() == capture
    assert not NOTHING and capture


# --------------------------------------------------------------------------- when to animate


def shown(session: Session, seats=("human", "human")) -> Shown:
    return Shown(
        session.game.id,
        session,
        tuple(session.moves),
        session.ply,
        session.game.view(session.state),
        tuple(seats),
    )


def test_a_persons_move_is_animated_at_the_persons_pace_with_its_capture():
    session = Session("gwyddbwyll", {}, ["e3e5", "a6a4"])
    before = shown(session)
    session.play_text("e5f6")
    step = change(before, shown(session))
    assert step is not None and step.played and step.forward and step.capture
    assert step.ms == PERSON_MS == 200
    assert step.motion == Motion(slides=((36, 45),), taken=((45,),))


def test_the_computers_move_is_quicker():
    session = Session("petrify", {"size": 8}, ["c3"])
    seats = ("human", "hard")  # Orange, the second seat, is the computer
    before = shown(session, seats)
    session.play_text("c5")
    step = change(before, shown(session, seats))
    assert step is not None and step.played and step.ms == QUICK_MS == 120
    assert step.motion == Motion(placed=((34,),)) and not step.capture


def test_stepping_through_the_moves_is_quick_and_a_step_back_undoes_the_move():
    session = Session("petrify", {"size": 8}, ["c3", "c5", "c3xc5"])
    at_end = shown(session)
    session.goto(2)
    at_two = shown(session)
    back = change(at_end, at_two)
    assert back is not None and not back.forward and not back.played and back.ms == QUICK_MS
    assert back.motion == Motion(slides=((34, 18),), placed=((34,),), taken=((18,),))
    assert not back.capture  # a step back captures nothing
    session.goto(3)
    on = change(at_two, shown(session))
    assert on is not None and on.forward and not on.played and on.ms == QUICK_MS
    assert on.motion == Motion(slides=((18, 34),), placed=((18,),), taken=((34,),))


def test_a_move_played_from_an_earlier_position_is_animated_from_there():
    session = Session("gwyddbwyll", {}, ["e3e5", "a6a4", "e5f6"])
    session.goto(1)
    before = shown(session)
    session.play_text("b6b4")  # drops a6a4 and e5f6
    step = change(before, shown(session))
    assert step is not None and step.played and step.motion == Motion(slides=((41, 25),))


def test_no_animation_for_another_game_a_jump_or_the_same_position_redrawn():
    session = Session("gwyddbwyll", {}, ["e3e5", "a6a4", "e5f6"])
    end = shown(session)
    assert change(None, end) is None  # the first render
    assert change(end, end) is None  # a flip, a pause, ...
    session.goto(1)
    assert change(end, shown(session)) is None  # two plies at once
    same = Session("gwyddbwyll", {}, ["e3e5", "a6a4"])  # a link to an earlier
    assert change(end, shown(same)) is None  # ply: another session
    other = Session("gwyddbwyll", {}, ["e3e4", "a6a4"])
    assert change(shown(other), end) is None


def test_a_step_back_onto_another_line_is_not_one_move():
    session = Session("gwyddbwyll", {}, ["e3e5", "a6a4"])
    before = shown(session)  # ply 2 of e3e5 a6a4
    session.goto(1)
    session.play_text("b6b4")
    session.goto(1)
    after = shown(session)  # ply 1 of e3e5 b6b4
    assert change(before, after) is None  # one ply apart, but not one move


# --------------------------------------------------------------------------- the boards' marks


def on(svg: str, cell: int) -> list[str]:
    """The class of each element of `svg` marked as drawing the piece on `cell`."""
    return [
        cls
        for cls, where in re.findall(r'class="([^"]*)"[^>]*? data-on="([\d ]+)"', svg)
        if str(cell) in where.split()
    ]


def board_svg(game_id: str, moves: str, **options) -> str:
    session = Session(game_id, options, moves.split())
    return boards.get(game_id).draw(session.game.view(session.state), Ui())


def test_the_boards_mark_each_piece_with_the_cells_motion_names():
    assert on(board_svg("gwyddbwyll", "e3e5"), 36) == ["pc white pawn"]  # e5
    assert on(board_svg("gwyddbwyll", "e3e5"), 20) == []  # e3: empty now
    petrify = board_svg("petrify", "c3 c5 c3xc5", size=8)
    assert on(petrify, 34) == ["pf-disk blue", "mark"]  # the disk on c5
    assert on(petrify, 18) == ["pf-block", "pf-block-top"]  # its block on c3
    wythe = board_svg("wythe", "c3d3", size=8)
    assert on(wythe, 18) == on(wythe, 19) == ["wy-piece"]  # one domino
    assert on(board_svg("stigmergy", "d1", size=4, komi=0), 15) == ["stone black"]
    rug = board_svg("rugpile", "2x2a1", size=5)
    assert on(rug, 6) == ["sq p0", "mark"] and on(rug, 2) == []  # b2; c1 blank
