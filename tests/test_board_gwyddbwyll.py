"""Gwyddbwyll's board renderer, in CPython: it draws what the engine says and turns clicks
and drags into moves (no browser needed)."""

import xml.dom.minidom

from engine import games
from engine.games.gwyddbwyll import state_from_pieces
from web.boards import get as board_for

GAME = games.get("gwyddbwyll")


def fresh_board():
    board = board_for("gwyddbwyll")
    board.reset()
    board.flipped = False
    return board


def play(state, *texts):
    for text in texts:
        state = GAME.play(state, GAME.parse(state, text))
    return state


def cell(name):
    return {"cell": name}


def parse(svg):
    return xml.dom.minidom.parseString(svg)


def test_svg_is_well_formed_with_64_squares_and_30_drawn_pieces():
    doc = parse(fresh_board().svg(GAME.new(), interactive=True))
    squares = [r for r in doc.getElementsByTagName("rect") if r.getAttribute("data-cell")]
    assert len(squares) == 64
    pieces = [g for g in doc.getElementsByTagName("g") if "pc" in g.getAttribute("class").split()]
    assert len(pieces) == 30
    assert len(doc.getElementsByTagName("text")) == 16         # coordinates a-h and 1-8
    assert "<text" not in "".join(g.toxml() for g in pieces)    # pieces are shapes, not glyphs


def test_movable_pieces_are_marked_and_only_the_movers():
    svg = fresh_board().svg(GAME.new(), True)
    doc = parse(svg)
    movable = {r.getAttribute("data-cell") for r in doc.getElementsByTagName("rect")
               if "movable" in r.getAttribute("class").split()}
    # From the start: king e1, rooks c2 f2, knights d2 e2, queen d3, pawns a3..h3 but d3.
    assert movable == {"e1", "c2", "f2", "d2", "e2", "d3", "a3", "b3", "c3", "e3", "f3", "g3", "h3"}


def test_click_a_piece_then_a_destination():
    state, board = GAME.new(), fresh_board()
    assert board.click(state, cell("d2")) is None
    doc = parse(board.svg(state, True))
    dots = {c.getAttribute("data-target") for c in doc.getElementsByTagName("circle")
            if c.getAttribute("class") == "gw-dot"}
    assert dots == {"b1", "c4", "e4"}                          # the knight's three leaps
    assert "knight on d2 chosen" in board.prompt(state)
    assert board.click(state, cell("c4")) == "d2c4"


def test_captures_are_marked_apart_from_quiet_moves():
    state = state_from_pieces({"e4": "P", "d5": "n", "a1": "K", "h8": "k"})
    board = fresh_board()
    board.click(state, cell("e4"))
    doc = parse(board.svg(state, True))
    marks = {(c.getAttribute("class"), c.getAttribute("data-target"))
             for c in doc.getElementsByTagName("circle") if c.getAttribute("data-target")}
    assert marks == {("gw-dot", "e5"), ("gw-ring", "d5")}


def test_en_passant_is_marked_as_a_capture():
    state = play(state_from_pieces({"e4": "P", "d6": "p", "a1": "K", "h8": "k"}, turn=1), "d6d4")
    board = fresh_board()
    board.click(state, cell("e4"))
    assert 'class="gw-ring" cx="' in board.svg(state, True)
    assert board.click(state, cell("d5")) == "e4d5"


def test_an_illegal_destination_is_explained_and_not_played():
    state, board = GAME.new(), fresh_board()
    board.click(state, cell("c1"))                             # a bishop with no move
    assert "has no legal move" in board.prompt(state)
    board.click(state, cell("d2"))
    assert board.click(state, cell("d4")) is None
    assert "knight leaps" in board.prompt(state)


def test_clicking_the_other_sides_piece_says_so():
    state, board = GAME.new(), fresh_board()
    assert board.click(state, cell("e6")) is None
    assert "black piece" in board.prompt(state)


def test_drag_plays_a_legal_move_and_explains_a_wrong_one():
    state, board = GAME.new(), fresh_board()
    assert board.drag(state, cell("e3"), cell("e5")) == "e3e5"
    assert board.drag(state, cell("e3"), cell("e6")) is None
    assert "pawn steps one square forward" in board.prompt(state)
    assert board.drag(state, cell("e3"), None) is None


def test_a_pinned_piece_says_why_it_cannot_move():
    state = state_from_pieces({"e1": "K", "e3": "N", "a3": "P", "e8": "r", "a8": "k"})
    board = fresh_board()
    board.click(state, cell("e3"))
    assert "leave your king in check" in board.prompt(state)


def test_king_in_check_glows_and_the_prompt_says_so():
    state = state_from_pieces({"e1": "K", "a3": "P", "e8": "r", "a8": "k"})
    board = fresh_board()
    svg = board.svg(state, True)
    assert 'class="gw-check"' in svg
    assert board.prompt(state).startswith("White is in check.")


def test_last_move_and_the_jumping_queen_are_drawn():
    state = play(state_from_pieces({"g7": "P", "a1": "K", "a8": "k", "b6": "p"}), "g7g8")
    svg = fresh_board().svg(state, False)
    assert svg.count('class="gw-last"') == 2
    assert svg.count('class="star"') == 1
    assert ' movable"' not in svg                             # no hints when not interactive


def test_flip_turns_the_board_and_survives_moves():
    state, board = GAME.new(), fresh_board()
    doc = parse(board.svg(state, True))
    a1 = next(r for r in doc.getElementsByTagName("rect") if r.getAttribute("data-cell") == "a1")
    assert (a1.getAttribute("x"), a1.getAttribute("y")) == ("44", "744")   # bottom left
    assert board.click(state, {"action": "flip"}) is None
    assert 'aria-pressed="true"' in board.panel(state, True)
    board.reset()                                               # as after a move
    doc = parse(board.svg(state, True))
    a1 = next(r for r in doc.getElementsByTagName("rect") if r.getAttribute("data-cell") == "a1")
    assert (a1.getAttribute("x"), a1.getAttribute("y")) == ("744", "44")   # top right
    assert board.key(state, "f") and not board.flipped


def test_hover_marks_a_destination_of_the_chosen_piece():
    state, board = GAME.new(), fresh_board()
    assert not board.hover(state, cell("e4"))                 # nothing chosen: nothing to show
    board.click(state, cell("e3"))
    assert board.hover(state, cell("e4"))
    assert 'class="gw-hover"' in board.svg(state, True)
    assert not board.hover(state, cell("e4"))                 # no change, no redraw
    assert board.hover(state, None)


def test_swatches_name_the_colours():
    board, state = fresh_board(), GAME.new()
    assert (board.swatch(state, 0), board.swatch(state, 1)) == ("gw-white", "gw-black")


def test_rules_panel_is_a_plain_fragment_with_every_piece_drawn():
    from pathlib import Path

    from web.boards.gwyddbwyll import legend_svg
    text = (Path(__file__).resolve().parent.parent / "web/rules/gwyddbwyll.html").read_text()
    assert "<style" not in text and "<script" not in text and "http" not in text.replace(
        "http://www.w3.org/2000/svg", "")
    assert "<html" not in text and "<body" not in text and "<h1" not in text and "<h2" not in text
    for kind in ("king", "queen", "rook", "knight", "bishop", "pawn"):
        for colour in ("white", "black"):
            assert legend_svg(kind, colour) in text
    assert legend_svg("queen", "white", True) in text
    assert "only the queen" in text and "toward the opponent" in text


def test_a_person_playing_black_against_the_computer_sees_black_at_the_bottom():
    board = fresh_board()
    board.set_seats(["easy", "human"])
    assert board.flipped
    board.set_seats(["human", "human"])
    assert not board.flipped
    board.set_seats(["human", "strong"])
    assert not board.flipped
