"""Rug Pile's board renderer, in CPython: it draws what the engine says and turns the
player's choices into moves (no browser needed)."""

import xml.dom.minidom

from engine import games
from web.boards import get as board_for

GAME = games.get("rugpile")


def fresh_board():
    board = board_for("rugpile")
    board.reset()
    return board


def test_svg_is_well_formed_and_labels_every_square():
    state = GAME.new()
    svg = fresh_board().svg(state, interactive=True)
    doc = xml.dom.minidom.parseString(svg)
    cells = [r for r in doc.getElementsByTagName("rect") if r.getAttribute("data-cell")]
    assert len(cells) == 25                                   # 5 x 5
    assert {c.getAttribute("data-cell") for c in cells} >= {"a1", "e5", "c3"}


def test_hover_previews_and_click_places_the_chosen_tile():
    state, board = GAME.new(), fresh_board()
    board.click(state, {"action": "kind", "kind": "2"})       # the 3x3 tile
    # Pointing at b4 centres a 3x3 there: bottom-left a3 (b-1, 4-1).
    assert board.hover(state, {"cell": "b4", "col": "1", "row": "3"})
    assert 'class="preview p0"' in board.svg(state, True)
    assert board.click(state, {"cell": "b4", "col": "1", "row": "3"}) == "3x3a3"


def test_a_tile_near_the_edge_is_kept_on_the_board():
    state, board = GAME.new(), fresh_board()
    board.click(state, {"action": "kind", "kind": "2"})
    board.hover(state, {"cell": "e5", "col": "4", "row": "4"})
    assert board.click(state, {"cell": "e5", "col": "4", "row": "4"}) == "3x3c3"


def test_an_illegal_spot_is_shown_and_explained_and_not_played():
    state = GAME.play(GAME.new(), GAME.parse(GAME.new(), "3x3a3"))
    board = fresh_board()
    board.click(state, {"action": "kind", "kind": "2"})
    board.hover(state, {"cell": "b4", "col": "1", "row": "3"})
    assert 'class="preview illegal"' in board.svg(state, True)
    assert "completely cover the Red area" in board.prompt(state)
    assert board.click(state, {"cell": "b4", "col": "1", "row": "3"}) is None


def test_turning_a_2x3_tile():
    state, board = GAME.new(), fresh_board()
    board.click(state, {"action": "kind", "kind": "1"})
    board.click(state, {"action": "rotate"})                  # now 3 wide, 2 tall
    board.hover(state, {"cell": "b1", "col": "1", "row": "0"})
    assert board.click(state, {"cell": "b1", "col": "1", "row": "0"}) == "3x2a1"
    assert board.key(state, "r")                              # R turns it back
    board.hover(state, {"cell": "a1", "col": "0", "row": "0"})
    assert board.click(state, {"cell": "a1", "col": "0", "row": "0"}) == "2x3a1"


def test_panel_offers_only_the_movers_tiles_and_disables_spent_ones():
    state = GAME.new(tiles="0-3-2")
    panel = fresh_board().panel(state, True)
    assert panel.count('data-action="kind"') == 3             # Red's three tile buttons
    assert 'data-kind="0" aria-pressed="false" aria-label="2x2 tile, 0 left" disabled' in panel
