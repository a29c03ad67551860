"""Rug Pile's board renderer, in CPython: it draws what the engine says and turns the
player's choices into moves (no browser needed).  The controller's part is played by hand:
every event goes through `hit` and then `settle`, which asks the engine for its verdicts
(tests/board_driver.py)."""

import xml.dom.minidom

from board_driver import BoardDriver

from engine import games
from engine.contract.core import Verdict
from engine.games.rugpile.rules import Placement
from web.boards.base import Ui
from web.boards.rugpile import RugPileBoard, TilePick

GAME = games.get("rugpile")
RED_3X3 = "3x3a3"
B4 = {"cell": "b4", "col": "1", "row": "3"}


class Hand(BoardDriver):
    """A player at Rug Pile's board (tests/board_driver.py), with the verdicts it reads."""

    def __init__(self, state=None):
        super().__init__("rugpile", state)

    def verdict(self) -> Verdict:
        """The engine's verdict on the tile shown."""
        assert self.ui.verdict is not None
        return self.ui.verdict

    def refused(self) -> Verdict:
        assert self.ui.refused is not None
        return self.ui.refused

    def choose(self, kind):
        assert self.event({"action": "kind", "kind": str(kind)}) is None


def after_red_3x3():
    return GAME.play(GAME.new(), GAME.parse(GAME.new(), RED_3X3))


def test_svg_is_well_formed_and_labels_every_square():
    svg = Hand().svg()
    doc = xml.dom.minidom.parseString(svg)
    cells = [r for r in doc.getElementsByTagName("rect") if r.getAttribute("data-cell")]
    assert len(cells) == 25  # 5 x 5
    assert {c.getAttribute("data-cell") for c in cells} >= {"a1", "e5", "c3"}


def test_the_renderer_is_stateless():
    board = RugPileBoard(GAME)
    assert vars(board) == {"game": GAME}
    ui = Ui(live=True)
    board.hit(Hand().view, ui, {"action": "kind", "kind": "2"})
    assert vars(board) == {"game": GAME} and ui == Ui(live=True)


def test_hover_previews_and_click_places_the_chosen_tile():
    hand = Hand()
    hand.choose(2)  # the 3x3 tile
    assert hand.ui.pick == TilePick(kind=2)
    # Pointing at b4 centres a 3x3 there: bottom-left a3 (b-1, 4-1).
    assert hand.event(B4, "hover") is None
    assert hand.ui.preview == Placement(3, 3, 0, 2) and hand.verdict().legal
    assert 'class="preview p0"' in hand.svg()
    move = hand.event(B4)
    assert move == Placement(3, 3, 0, 2) and GAME.notation(hand.state, move) == "3x3a3"


def test_hovering_the_same_spot_changes_nothing_and_leaving_the_board_hides_the_tile():
    hand = Hand()
    hand.event(B4, "hover")
    seen = hand.ui
    hand.event({"cell": "b4", "col": "1", "row": "3"}, "hover")
    assert hand.ui is seen
    hand.event(None, "hover")
    assert hand.ui.preview is None and hand.ui.verdict is None
    assert "preview" not in hand.svg()


def test_a_tile_near_the_edge_is_kept_on_the_board():
    hand = Hand()
    hand.choose(2)
    e5 = {"cell": "e5", "col": "4", "row": "4"}
    hand.event(e5, "hover")
    assert GAME.notation(hand.state, hand.event(e5)) == "3x3c3"


def test_the_first_tap_previews_and_a_second_tap_on_the_same_spot_places():
    hand = Hand(GAME.new(players=3))
    hand.choose(1)
    c3 = {"cell": "c3", "col": "2", "row": "2"}
    assert hand.event(c3) is None  # no hover on a touch screen
    assert 'class="preview p0"' in hand.svg()
    # A 2-wide, 3-tall tile centred on c3: col c - (2-1)//2 = c, row 3 - (3-1)//2 = 2.
    assert GAME.notation(hand.state, hand.event(c3)) == "2x3c2"


def test_a_tapped_tile_says_tap_again_and_a_tap_on_another_square_moves_it():
    hand = Hand()
    hand.choose(1)  # 2 wide, 3 tall
    c3 = {"cell": "c3", "col": "2", "row": "2"}
    assert hand.event(c3) is None
    assert hand.ui.pick == TilePick(kind=1, tapped=True, spot="c3")
    assert hand.prompt() == (
        "Red: tap again (or Place tile) to place the 2×3 tile at c2; "
        "tap another square to move it."
    )
    # A tap elsewhere moves it (and it is still a tap's preview) ...
    a1 = {"cell": "a1", "col": "0", "row": "0"}
    assert hand.event(a1) is None and hand.ui.preview == Placement(2, 3, 0, 0)
    assert hand.prompt().startswith("Red: tap again (or Place tile) to place the 2×3 tile at a1")
    # ... and so does a tap on another square the tile covers: b3 (col b - 0, row 3 - 1)
    # centres the 2x3 at b2, one square right and one up: a nudge, not a placing.
    b3 = {"cell": "b3", "col": "1", "row": "2"}
    assert hand.event(b3) is None and hand.ui.preview == Placement(2, 3, 1, 1)
    # A tap on the tile's anchor square (b2, which its notation names) places it.
    b2 = {"cell": "b2", "col": "1", "row": "1"}
    assert GAME.notation(hand.state, hand.event(b2)) == "2x3b2"
    # A hover (a mouse) is no tap: the usual prompt.
    hand = Hand()
    hand.event(c3, "hover")
    assert hand.prompt() == "Red to move: choose a tile, point at the board, click to place."
    assert GAME.notation(hand.state, hand.event(c3)) == "2x2c2"


def test_a_tap_beside_a_tapped_2x2_nudges_it_and_place_tile_places_it():
    """The issue's case: a 2x2 tapped at a1, then a tap on b2 to move it one square."""
    hand = Hand()  # the 2x2 is the first tile
    a1 = {"cell": "a1", "col": "0", "row": "0"}
    b2 = {"cell": "b2", "col": "1", "row": "1"}
    # A 2x2 spreads right and down from the square pointed at: a1 -> a1..b2 (kept on the
    # board: row 0 - 1 clamped to 0); b2 -> b1..c2 (col 1 - 0, row 1 - 1).
    assert hand.event(a1) is None and hand.ui.preview == Placement(2, 2, 0, 0)
    assert 'data-action="place"' in hand.panel()
    assert hand.event(b2) is None and hand.ui.preview == Placement(2, 2, 1, 0)
    assert hand.state == GAME.new()  # nothing placed
    # The Place tile button beside the board places the tile shown.
    assert GAME.notation(hand.state, hand.event({"action": "place"})) == "2x2b1"
    # A mouse never sees the button: its tile follows the pointer, a click places it.
    hand = Hand()
    hand.event(a1, "hover")
    assert 'data-action="place"' not in hand.panel()
    assert hand.event({"action": "place"}) is None


def test_a_second_tap_on_the_same_square_places_the_tile():
    hand = Hand()
    b2 = {"cell": "b2", "col": "1", "row": "1"}
    assert hand.event(b2) is None  # the 2x2 at b1: b2 is not its anchor
    assert GAME.notation(hand.state, hand.event(b2)) == "2x2b1"


def test_a_tapped_illegal_tile_says_tap_elsewhere():
    hand = Hand(after_red_3x3())
    hand.choose(2)
    assert hand.event(B4) is None
    assert hand.prompt() == (
        "Blue: a 3×3 tile cannot go there: it would completely cover "
        "the Red area at a3. Tap elsewhere to move it."
    )


def test_a_tap_on_a_refused_tiles_anchor_square_nudges_it_as_pointing_there_would():
    """On a touch screen a refused tile is moved by a tap on its anchor square, as a mouse
    pointing there moves it, rather than tried again ("You cannot place there")."""
    hand = Hand(after_red_3x3())
    hand.choose(2)
    hand.event(B4)  # a tap: Blue's 3x3 at a3, on Red's area, refused
    assert GAME.notation(hand.state, hand.ui.preview) == "3x3a3" and not hand.verdict().legal
    a3 = {"cell": "a3", "col": "0", "row": "2"}  # its anchor square
    assert hand.event(a3) is None and hand.ui.refused is None
    assert GAME.notation(hand.state, hand.ui.preview) == "3x3a2" and hand.verdict().legal
    pointed = Hand(after_red_3x3())
    pointed.choose(2)
    pointed.event(a3, "hover")  # the mouse's way: the same tile where it points
    assert pointed.ui.preview == hand.ui.preview
    assert GAME.notation(hand.state, hand.event(a3)) == "3x3a2"  # tapped again: placed
    # a refused tile a tap cannot move (the same place) is tried, and says why not
    hand = Hand(after_red_3x3())
    hand.choose(2)
    hand.event(B4)
    assert hand.event(B4) is None and hand.refused().code == "buries-area"


def test_every_tile_size_is_centred_on_the_pointer_the_same_way():
    """Odd sides centre on the pointed square; along even sides the pointed square is the
    middle square nearer the top left of the screen, on a turned board too."""
    kinds = {(2, 2): (0, False), (2, 3): (1, False), (3, 2): (1, True), (3, 3): (2, False)}
    c3 = {"cell": "c3", "col": "2", "row": "2"}
    upright = {(2, 2): "2x2c2", (2, 3): "2x3c2", (3, 2): "3x2b2", (3, 3): "3x3b2"}
    turned = {(2, 2): "2x2b3", (2, 3): "2x3b2", (3, 2): "3x2b3", (3, 3): "3x3b2"}
    for flipped, expected in ((False, upright), (True, turned)):
        for dims, (kind, turn) in kinds.items():
            hand = Hand()
            hand.ui = Ui(live=True, flipped=flipped, pick=TilePick(kind=kind, turned=turn))
            hand.event(c3, "hover")
            tile = hand.ui.preview
            assert isinstance(tile, Placement) and (tile.width, tile.height) == dims
            assert GAME.notation(hand.state, tile) == expected[dims], (flipped, dims)
            # the pointed square is always on the tile, as near its middle as can be
            assert tile.col <= 2 < tile.col + tile.width and tile.row <= 2 < tile.row + tile.height


def test_an_illegal_spot_is_shown_and_explained_and_not_played():
    hand = Hand(after_red_3x3())
    hand.choose(2)
    hand.event(B4, "hover")  # Blue's 3x3 exactly on Red's area
    assert hand.verdict().code == "buries-area"
    assert 'class="preview illegal"' in hand.svg()
    assert hand.prompt() == (
        "Blue: a 3×3 tile cannot go there: it would completely cover the Red area at a3."
    )
    assert hand.event(B4) is None
    assert hand.refused().code == "buries-area"
    assert hand.prompt() == (
        "Blue to move. You cannot place there: it would completely cover the Red area at a3."
    )
    # Pointing elsewhere forgets the refusal: the prompt is about the new spot.
    hand.event({"cell": "e1", "col": "4", "row": "0"}, "hover")  # c1-e3: Red's b3 c3 stay
    assert hand.ui.refused is None and hand.verdict().legal
    assert hand.prompt() == "Blue to move: choose a tile, point at the board, click to place."


def test_turning_a_2x3_tile():
    hand = Hand()
    hand.choose(1)
    assert 'data-action="rotate"' in hand.board.panel(hand.view, hand.ui)
    assert hand.event({"action": "rotate"}) is None  # now 3 wide, 2 tall
    assert hand.ui.pick == TilePick(kind=1, turned=True)
    b1 = {"cell": "b1", "col": "1", "row": "0"}
    hand.event(b1, "hover")
    assert GAME.notation(hand.state, hand.event(b1)) == "3x2a1"
    assert hand.key("r")  # R turns it back
    assert hand.ui.preview is None and not hand.ui.pick.turned
    a1 = {"cell": "a1", "col": "0", "row": "0"}
    hand.event(a1, "hover")
    assert GAME.notation(hand.state, hand.event(a1)) == "2x3a1"
    assert not hand.key("x")  # other keys mean nothing here


def test_a_spent_choice_falls_back_to_the_first_tile_left():
    hand = Hand(GAME.new(tiles="2-0-0"))
    hand.choose(2)  # no 3x3: the 2x2 is placed
    hand.event(B4, "hover")
    assert hand.ui.preview == Placement(2, 2, 1, 2)  # b4 is its top-left square
    assert 'data-action="rotate"' not in hand.board.panel(hand.view, hand.ui)


def test_panel_offers_only_the_movers_tiles_and_disables_spent_ones():
    hand = Hand(GAME.new(tiles="0-3-2"))
    panel = hand.board.panel(hand.view, hand.ui)
    assert panel.count('data-action="kind"') == 3  # Red's three tile buttons
    assert 'data-kind="0" aria-pressed="false" aria-label="2x2 tile, 0 left" disabled' in panel
    assert 'data-kind="1" aria-pressed="true"' in panel  # the first tile left is chosen
    idle = hand.board.panel(hand.view, Ui())
    assert 'data-action="kind"' not in idle and 'class="supply to-move"' in idle


def test_no_hints_when_the_board_is_not_live_and_a_turned_board():
    hand = Hand()
    hand.event(B4, "hover")
    quiet = hand.board.draw(hand.view, Ui(preview=hand.ui.preview, verdict=hand.ui.verdict))
    assert "preview" not in quiet and "rotate(180" not in quiet
    assert 'transform="rotate(180 294.0 294.0)"' in hand.board.draw(hand.view, Ui(flipped=True))


def test_the_last_tile_is_outlined_in_no_players_colour():
    svg = RugPileBoard(GAME).draw(GAME.view(after_red_3x3()), Ui())
    assert svg.count('class="rug-last dark" x="50" y="50" width="288" height="288"') == 1
    assert 'class="rug-last light"' in svg and "last-move" not in svg
