"""Gwyddbwyll's board renderer, in CPython: it draws what the engine's view says and turns
clicks and drags into moves (no browser needed).  The board is pure: each event gives a new
Ui, which `settle` completes as the page's controller does (the engine's verdicts:
tests/board_driver.py's `answer`)."""

import xml.dom.minidom
from dataclasses import replace
from functools import partial

from board_driver import answer

from engine import games
from engine.formats.record_text import to_text
from engine.games.gwyddbwyll.rules import Step, state_from_pieces
from web.boards.base import Ui
from web.boards.gwyddbwyll import GwyddbwyllBoard, Pick
from web.logic import move_list
from web.logic.screen import screen_of, status
from web.logic.session import Session
from web.logic.table import Table

GAME = games.get("gwyddbwyll")
BOARD = GwyddbwyllBoard(GAME)
LIVE = Ui(live=True)


def play(state, *texts):
    for text in texts:
        state = GAME.play(state, GAME.parse(state, text))
    return state


def sq(name: str) -> int:
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def cell(name):
    return {"cell": name}


# One event as the page's table handles it: the board's answer, settled by the engine.
hit = partial(answer, "gwyddbwyll")


def click(state, ui, name):
    return hit(state, ui, cell(name))


def draw(state, ui=LIVE):
    return BOARD.draw(GAME.view(state), ui)


def prompt(state, ui):
    return BOARD.prompt(GAME.view(state), ui)


def parse(svg):
    return xml.dom.minidom.parseString(svg)


def marks(svg):
    return {
        (c.getAttribute("class"), c.getAttribute("data-target"))
        for c in parse(svg).getElementsByTagName("circle")
        if c.getAttribute("data-target")
    }


def test_svg_is_well_formed_with_64_squares_and_30_drawn_pieces():
    doc = parse(draw(GAME.new()))
    squares = [r for r in doc.getElementsByTagName("rect") if r.getAttribute("data-cell")]
    assert len(squares) == 64
    pieces = [g for g in doc.getElementsByTagName("g") if "pc" in g.getAttribute("class").split()]
    assert len(pieces) == 30
    assert len(doc.getElementsByTagName("text")) == 16  # coordinates a-h and 1-8
    assert "<text" not in "".join(g.toxml() for g in pieces)  # pieces are shapes, not glyphs


def test_movable_pieces_are_marked_and_only_the_movers():
    doc = parse(draw(GAME.new()))
    movable = {
        r.getAttribute("data-cell")
        for r in doc.getElementsByTagName("rect")
        if "movable" in r.getAttribute("class").split()
    }
    # From the start: king e1, rooks c2 f2, knights d2 e2, queen d3, pawns a3..h3 but d3.
    assert movable == {
        "e1",
        "c2",
        "f2",
        "d2",
        "e2",
        "d3",
        "a3",
        "b3",
        "c3",
        "e3",
        "f3",
        "g3",
        "h3",
    }
    # The same pieces may be dragged (the page moves a data-drag piece with the pointer).
    dragged = {
        g.getAttribute("data-drag")
        for g in doc.getElementsByTagName("g")
        if g.getAttribute("data-drag")
    }
    assert dragged == movable
    assert "data-drag" not in draw(GAME.new(), Ui())  # not live: nothing to drag


def test_click_a_piece_then_a_destination():
    state = GAME.new()
    ui, move = click(state, LIVE, "d2")
    assert move is None and ui.pick == Pick(sq("d2"))
    assert marks(draw(state, ui)) == {("gw-dot", "b1"), ("gw-dot", "c4"), ("gw-dot", "e4")}
    assert "knight on d2 chosen" in prompt(state, ui)
    ui, move = click(state, ui, "c4")
    assert move == Step(sq("d2"), sq("c4")) and type(move) is Step
    assert GAME.notation(state, move) == "d2c4" and ui.pick is None


def test_clicking_the_chosen_piece_again_lets_it_go():
    state = GAME.new()
    ui, _ = click(state, LIVE, "d2")
    ui, move = click(state, ui, "d2")
    assert move is None and ui == LIVE


def test_captures_are_marked_apart_from_quiet_moves():
    state = state_from_pieces({"e4": "P", "d5": "n", "a1": "K", "h8": "k"})
    ui, _ = click(state, LIVE, "e4")
    assert marks(draw(state, ui)) == {("gw-dot", "e5"), ("gw-ring", "d5")}


def test_en_passant_is_marked_as_a_capture():
    state = play(state_from_pieces({"e4": "P", "d6": "p", "a1": "K", "h8": "k"}, turn=1), "d6d4")
    ui, _ = click(state, LIVE, "e4")
    assert 'class="gw-ring" cx="' in draw(state, ui)
    assert ("gw-ring", "d5") in marks(draw(state, ui))
    assert click(state, ui, "d5")[1] == GAME.parse(state, "e4d5")


def test_an_illegal_destination_is_explained_and_not_played():
    state = GAME.new()
    ui, _ = click(state, LIVE, "c1")  # a bishop with no move
    assert prompt(state, ui) == "The bishop on c1 has no legal move."
    ui, _ = click(state, ui, "d2")
    ui, move = click(state, ui, "d4")
    assert move is None and ui.refused.code == "knight-move"
    assert ui.pick == Pick(sq("d2"), tried=sq("d4"))
    assert prompt(state, ui) == (
        "d2d4 is not allowed: a knight leaps two squares one way and one square to the side."
    )


def test_clicking_the_other_sides_piece_says_so():
    state = GAME.new()
    ui, move = click(state, LIVE, "e6")
    assert move is None and ui.pick == Pick(sq("e6"), foe=True)
    assert "black piece" in prompt(state, ui)
    assert 'class="gw-selected"' not in draw(state, ui)
    ui, _ = click(state, ui, "e5")  # an empty square: no change
    assert "black piece" in prompt(state, ui)


def test_a_drag_chooses_its_piece_as_it_begins():
    state = GAME.new()
    ui, move = hit(state, LIVE, cell("e3"), "grab")
    assert move is None and ui.pick == Pick(sq("e3"))
    assert 'class="gw-dot"' in draw(state, ui)  # its destinations shown
    assert hit(state, ui, cell("e3"), "grab") == (ui, None)  # already chosen: kept
    assert hit(state, LIVE, cell("e6"), "grab") == (LIVE, None)  # Black's pawn: nothing
    assert hit(state, LIVE, cell("e4"), "grab") == (LIVE, None)  # an empty square


def test_drag_plays_a_legal_move_and_explains_a_wrong_one():
    state = GAME.new()
    assert hit(state, LIVE, cell("e5"), "drop", cell("e3"))[1] == GAME.parse(state, "e3e5")
    ui, move = hit(state, LIVE, cell("e6"), "drop", cell("e3"))
    assert move is None and ui.refused.code == "pawn-move"
    assert "pawn steps one square forward" in prompt(state, ui)
    assert hit(state, LIVE, None, "drop", cell("e3")) == (LIVE, None)
    assert hit(state, LIVE, cell("e5"), "drop", cell("e6")) == (LIVE, None)  # not White's piece


def test_a_pinned_piece_says_why_it_cannot_move():
    state = state_from_pieces({"e1": "K", "e3": "N", "a3": "P", "e8": "r", "a8": "k"})
    ui, _ = click(state, LIVE, "e3")
    assert ui.verdict.code == "leaves-king-in-check"  # the engine's, on a held move
    assert prompt(state, ui) == (
        "The knight on e3 has no legal move: that would leave your king in check."
    )
    assert 'class="gw-hover"' not in draw(state, ui)
    assert hit(state, ui, cell("c4"), "hover") == (ui, None)  # the reason stays


def test_a_king_with_nowhere_safe_says_so():
    state = state_from_pieces({"a1": "K", "b3": "r", "c2": "r", "h8": "k", "h4": "N"})
    ui, _ = click(state, LIVE, "a1")
    assert prompt(state, ui) == (
        "The king on a1 has no legal move: that would put your king in check."
    )


def test_king_in_check_glows_and_the_prompt_says_so():
    state = state_from_pieces({"e1": "K", "a3": "P", "e8": "r", "a8": "k"})
    assert 'class="gw-check"' in draw(state)
    assert prompt(state, LIVE).startswith("White is in check.")


def test_last_move_and_the_jumping_queen_are_drawn():
    state = play(state_from_pieces({"g7": "P", "a1": "K", "a8": "k", "b6": "p"}), "g7g8")
    svg = draw(state, Ui())
    assert svg.count('class="gw-last"') == 2
    assert svg.count('class="star"') == 1
    assert ' movable"' not in svg  # no hints when not live


def test_flip_turns_the_board_and_survives_moves():
    state = GAME.new()

    def a1(ui):
        doc = parse(draw(state, ui))
        rect = next(
            r for r in doc.getElementsByTagName("rect") if r.getAttribute("data-cell") == "a1"
        )
        return rect.getAttribute("x"), rect.getAttribute("y")

    assert a1(LIVE) == ("44", "744")  # bottom left
    # The toolbar's Flip button, as in every game: the panel has none of its own.
    table = Table(Session("gwyddbwyll"))
    assert not screen_of(table).flip_hidden and not screen_of(table).flip_pressed
    table.flip()
    assert screen_of(table).flip_pressed and table.ui.flipped
    assert "flip" not in BOARD.panel(GAME.view(state), table.ui).lower()
    ui = replace(LIVE, flipped=True).cleared()  # as after a move
    assert a1(ui) == ("744", "44")  # top right
    assert "Black at the bottom" in draw(state, ui)
    assert BOARD.key(GAME.view(state), ui, "f") == replace(ui, flipped=False)


def test_escape_lets_the_chosen_piece_go():
    state = GAME.new()
    view = GAME.view(state)
    assert BOARD.key(view, LIVE, "Escape") is None  # nothing chosen
    ui, _ = click(state, LIVE, "e3")
    assert BOARD.key(view, ui, "Escape") == LIVE
    assert BOARD.key(view, ui, "x") is None


def test_hover_marks_a_destination_of_the_chosen_piece():
    state = GAME.new()
    assert hit(state, LIVE, cell("e4"), "hover") == (LIVE, None)  # nothing chosen: nothing
    ui, _ = click(state, LIVE, "e3")
    hovered, _ = hit(state, ui, cell("e4"), "hover")
    assert hovered.preview == GAME.parse(state, "e3e4") and hovered.verdict.legal
    assert 'class="gw-hover"' in draw(state, hovered)
    assert hit(state, hovered, cell("e4"), "hover") == (hovered, None)  # no change
    off, _ = hit(state, hovered, None, "hover")
    assert off.preview is None and 'class="gw-hover"' not in draw(state, off)


def test_the_board_keeps_no_state():
    state = GAME.new()
    before = dict(vars(BOARD))
    click(state, LIVE, "e3")
    BOARD.draw(GAME.view(state), LIVE)
    assert vars(BOARD) == before == {"game": GAME}


def test_the_page_plays_the_boards_move():
    # The page drives the board through its table (web/logic/table.py), with move values.
    table = Table(Session("gwyddbwyll"))
    assert isinstance(table.board, GwyddbwyllBoard)
    assert table.hit(cell("e3")) is None
    move = table.hit(cell("e5"))
    assert move is not None and GAME.notation(table.state, move) == "e3e5"
    assert table.play(move).played and table.session.moves == ["e3e5"]


def test_the_end_the_scores_and_the_move_list_as_the_page_shows_them():
    moves = ["e3e5", "a6a4", "e5f6"]
    table = Table(Session("gwyddbwyll", moves=moves))
    screen = screen_of(table)
    assert '<span class="score">15 pieces</span>' in screen.scores
    assert '<span class="score">14 pieces</span>' in screen.scores
    # The move list shows the capture; its buttons and the link keep the plain notation.
    assert (
        '<button type="button" data-row="2" data-ply="3" aria-current="true">e5xf6</button>'
    ) in move_list.session_html(table.session, table.view, table.board)
    assert screen.address.endswith("/e3e5.a6a4.e5f6")
    # Black ends the game with a bare king: Rh1xh3 takes White's last piece but the king.
    state = state_from_pieces({"e8": "k", "h1": "r", "h3": "N", "a1": "K"}, turn=1)
    table = Table(Session("gwyddbwyll"))
    table.session.states, table.session.known = [state], {(): state}  # start there
    table.play(Step(sq("h1"), sq("h3")))
    screen = screen_of(table)
    assert screen.result == "Black wins: White has only the king left."
    assert status(table) == "Game over."  # the banner says how (screen.result)
    assert '<span class="score">1 piece</span>' in screen.scores
    assert '<span class="score">2 pieces</span>' in screen.scores
    assert ">Rh1xh3</button>" in move_list.session_html(table.session, table.view, table.board)
    assert table.session.moves == ["h1h3"]
    record = to_text(table.session.current_record(), states=table.session.states)
    assert '[Result "Black wins: White has only the king left."]' in record


def test_swatches_name_the_colours():
    view = GAME.view(GAME.new())
    assert (BOARD.swatch(view, 0), BOARD.swatch(view, 1)) == ("gw-white", "gw-black")


def test_rules_panel_is_a_plain_fragment_with_every_piece_drawn():
    from pathlib import Path

    from web.boards.gwyddbwyll import legend_svg

    text = (Path(__file__).resolve().parent.parent / "web/rules/gwyddbwyll.html").read_text()
    assert (
        "<style" not in text
        and "<script" not in text
        and "http" not in text.replace("http://www.w3.org/2000/svg", "")
    )
    assert "<html" not in text and "<body" not in text and "<h1" not in text and "<h2" not in text
    for kind in ("king", "queen", "rook", "knight", "bishop", "pawn"):
        for colour in ("white", "black"):
            assert legend_svg(kind, colour) in text
    assert legend_svg("queen", "white", True) in text
    assert "only the queen" in text and "toward the opponent" in text
