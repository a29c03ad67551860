"""Stigmergy's board renderer, in CPython: it draws what the engine says (cells, stones,
control), explains cells where the mover may not act, and turns clicks into moves.

Positions are side-4 boards (rows a..g of 4 5 6 7 6 5 4 cells); see tests/test_stigmergy.py
for the lines through a1, a2 and d4 that the hand counts below use.
"""

import re
import xml.dom.minidom

from engine import games
from engine.games import stigmergy
from engine.games.stigmergy import BLACK, WHITE
from web.boards import get as board_for

GAME = games.get("stigmergy")


def fresh_board():
    board = board_for("stigmergy")
    board.reset()
    board.show_control = True
    board.komi_entry = 0
    return board


def position(black="", white="", komi=0, to_move=BLACK, button=None, black_seat=0):
    return stigmergy.setup(4, black.split(), white.split(), komi=komi, colour_to_move=to_move,
                           button_holder=button, black_seat=black_seat)


def cell_groups(svg):
    doc = xml.dom.minidom.parseString(svg)
    return {g.getAttribute("data-cell"): g for g in doc.getElementsByTagName("g")
            if g.getAttribute("data-cell")}


def classes(group, tag):
    return [e.getAttribute("class") for e in group.getElementsByTagName(tag)]


def title(group):
    return group.getElementsByTagName("title")[0].firstChild.data


def test_svg_is_well_formed_with_every_cell_and_edge_labels():
    svg = fresh_board().svg(GAME.new(size=8, komi=0), interactive=True)
    cells = cell_groups(svg)
    assert len(cells) == 169
    assert {"a1", "a8", "h1", "h15", "o1", "o8"} <= set(cells)
    doc = xml.dom.minidom.parseString(svg)
    labels = [t.firstChild.data for t in doc.getElementsByTagName("text")]
    # 15 row letters, and the numbers 1..15 at both ends of their diagonals.
    assert sorted(label for label in labels if label.isalpha()) == sorted("abcdefghijklmno")
    assert sorted(int(n) for n in labels if n.isdigit()) == sorted(list(range(1, 16)) * 2)


def test_stones_and_control_overlay_and_toggle():
    # a1 sees a4 and d1 (Black) and, up its long diagonal past b2 c3, the White d4: 2 Black
    # is enough in a corner, so Black controls a1.  d4 sees d1 (row d), a4 (past c4 b4) and
    # a1?  No: a1 is empty, so that line shows nothing.  2 Black of the 4 needed: nobody.
    state = position(black="a4 d1", white="d4", to_move=WHITE)
    board = fresh_board()
    cells = cell_groups(board.svg(state, True))
    assert classes(cells["a1"], "polygon") == ["hex ctl-black"]
    assert "ctl-mark dot ink-dark" in classes(cells["a1"], "circle")
    assert classes(cells["d4"], "circle") == ["stone white"]
    assert classes(cells["d4"], "polygon") == ["hex"]
    assert "controlled by Black" in title(cells["a1"])
    assert "sees 2 Black and 1 White; control needs 2 (corner)" in title(cells["a1"])
    board.click(state, {"action": "overlay"})
    cells = cell_groups(board.svg(state, True))
    assert classes(cells["a1"], "polygon") == ["hex"] and classes(cells["a1"], "circle") == []
    assert board.key(state, "c")                              # C turns it back on
    assert classes(cell_groups(board.svg(state, True))["a1"], "polygon") == ["hex ctl-black"]


def test_white_control_is_a_ring_and_shows_on_stones():
    # a1 sees White a4 and d1; a Black stone on a1 is then on a White-controlled cell.
    state = position(black="a1", white="a4 d1")
    cells = cell_groups(fresh_board().svg(state, True))
    assert classes(cells["a1"], "polygon") == ["hex ctl-white"]
    assert classes(cells["a1"], "circle") == ["stone black", "ctl-mark ring ink-light"]


def test_click_places_after_hover_and_a_tap_previews_first():
    state, board = GAME.new(size=4, komi=0), fresh_board()
    assert board.hover(state, {"cell": "d4"})
    assert 'class="ghost black"' in board.svg(state, True)
    assert "Click to place on d4" in board.prompt(state)
    assert board.click(state, {"cell": "d4"}) == "d4"
    board.reset()
    assert board.click(state, {"cell": "c3"}) is None          # a tap: preview only
    assert board.click(state, {"cell": "c3"}) == "c3"          # the same cell again: play


def test_click_an_enemy_stone_on_a_controlled_cell_flips_it():
    # White a1 sees Black a2 and b1: Black controls a1 and may flip it.
    state, board = position(black="a2 b1", white="a1"), fresh_board()
    cells = cell_groups(board.svg(state, True))
    assert "flippable" in classes(cells["a1"], "circle")
    assert "Click to flip it" in title(cells["a1"])
    board.hover(state, {"cell": "a1"})
    assert board.click(state, {"cell": "a1"}) == "a1x"


def test_a_cell_where_the_mover_may_not_act_says_why():
    # White to move; Black controls a1 (it sees a4 and d1).
    state, board = position(black="a4 d1", to_move=WHITE), fresh_board()
    cells = cell_groups(board.svg(state, True))
    assert "White may not play here: a1 is controlled by Black" in title(cells["a1"])
    board.hover(state, {"cell": "a1"})
    assert 'class="nope"' in board.svg(state, True)
    assert "a1 is controlled by Black" in board.prompt(state)
    assert board.click(state, {"cell": "a1"}) is None
    assert "You cannot play a1: a1 is controlled by Black" in board.prompt(state)
    # An enemy stone on a cell White does not control: the flip is refused with the count.
    board.hover(state, {"cell": "a4"})
    assert board.click(state, {"cell": "a4"}) is None
    assert "you do not control a4" in board.prompt(state)
    # No hints when the position is not live.
    assert 'class="nope"' not in board.svg(state, False)


def test_komi_bid_panel_steps_and_offers():
    state, board = GAME.new(size=4), fresh_board()
    panel = board.panel(state, True)
    assert "-37 to 37" in panel and "added to White" in panel
    assert "First player: choose the komi (-37 to 37)" in board.prompt(state)
    board.click(state, {"action": "komi-step", "step": "10"})
    board.click(state, {"action": "komi-step", "step": "-1"})
    board.click(state, {"action": "komi-step", "step": "-1"})
    assert "Offer komi 8" in board.panel(state, True)
    assert board.click(state, {"action": "komi"}) == "komi8"
    # Steps stop at the range; typing edits the number (digits, minus, Backspace).
    for _ in range(5):
        board.click(state, {"action": "komi-step", "step": "10"})
    assert board.komi_entry == 37
    board.click(state, {"action": "komi-zero"})
    for key in ("1", "5", "-"):
        assert board.key(state, key)
    assert board.komi_entry == -15
    board.key(state, "Backspace")
    assert board.click(state, {"action": "komi"}) == "komi-1"


def test_side_choice_panel():
    state = GAME.play(GAME.new(size=4), ("komi", 3))
    board = fresh_board()
    panel = board.panel(state, True)
    assert "Play Black" in panel and "Play White" in panel and "button is in play" in panel
    assert board.click(state, {"action": "side", "colour": "white"}) == "white"
    assert "the komi is 3" in board.prompt(state)
    assert board.swatch(state, 0) == "stig-none"
    after = GAME.play(state, ("side", BLACK))                 # the second seat takes Black
    assert (board.swatch(after, 0), board.swatch(after, 1)) == ("stig-white", "stig-black")


def test_pass_and_button_buttons_are_enabled_only_when_legal():
    full = [f"{r}{i}" for r, n in zip("abcdefg", (4, 5, 6, 7, 6, 5, 4)) for i in range(1, n + 1)]
    all_but_a1 = " ".join(n for n in full if n != "a1")
    board = fresh_board()
    # Empty board, odd komi: the button may be taken, the pass is greyed with its reason.
    start = GAME.new(size=4, komi=1)
    panel = board.panel(start, True)
    assert 'data-move="button" title="Take the button' in panel
    assert 'data-move="pass"' in panel and "disabled>Pass" in panel
    assert "37 empty cells are not controlled yet and the button is untaken" in panel
    assert board.click(start, {"action": "word", "move": "button"}) == "button"
    assert board.click(start, {"action": "word", "move": "pass"}) is None
    # Every empty cell controlled (a1 by Black), button taken: Pass is enabled.
    state = position(black=all_but_a1, to_move=WHITE, komi=1, button=BLACK)
    panel = board.panel(state, True)
    assert "disabled>Pass" not in panel and "disabled>Take the button" in panel
    assert "Black holds the button" in panel
    assert board.click(state, {"action": "word", "move": "pass"}) == "pass"
    assert board.actions(state) == []


def test_score_table_shows_the_parts():
    # Black a2 b1 + a1 controlled = 3; White 0 stones, komi 5, holds the button: 5.5.
    state = position(black="a2 b1", komi=5, button=WHITE)
    panel = fresh_board().panel(state, True)
    assert "<tr><th scope=\"row\" title=\"stones on the board\">Stones</th><td>2</td><td>0</td>" \
        in panel
    assert "Cells</th><td>1</td><td>0</td>" in panel
    assert "Komi</th><td>–</td><td>5</td>" in panel
    assert "Button</th><td>–</td><td>½</td>" in panel
    assert "Total</th><td>3</td><td>5.5</td>" in panel


def test_new_game_form_komi_field():
    board = fresh_board()
    option = next(o for o in GAME.options_spec if o.name == "komi")
    html = board.option_html(option, "bid", "bid")
    assert html.count('name="opt-komi"') == 2 and '<option value="bid" selected>' in html
    assert board.option_value(option, ["bid", "7"]) == "bid"
    assert board.option_value(option, ["fixed", "-3"]) == -3
    assert '<option value="fixed" selected>' in board.option_html(option, 5, "5")


def test_ended_game_draws_without_hints():
    full = [f"{r}{i}" for r, n in zip("abcdefg", (4, 5, 6, 7, 6, 5, 4)) for i in range(1, n + 1)]
    state = position(black=" ".join(n for n in full if n != "a1"), to_move=WHITE)
    over = GAME.play(GAME.play(state, GAME.parse(state, "pass")), ("pass",))
    board = fresh_board()
    svg = board.svg(over, False)
    assert 'class="flippable"' not in svg and "Click" not in svg
    assert "Turn" not in board.panel(over, False)


# ---- the board turned round (the Flip button)

def centres(svg):
    """Each cell's hexagon centre (the mean of its corners)."""
    out = {}
    for name, group in cell_groups(svg).items():
        [hexagon] = group.getElementsByTagName("polygon")
        points = [tuple(map(float, p.split(","))) for p in hexagon.getAttribute("points").split()]
        out[name] = (round(sum(x for x, _ in points) / 6, 1), round(sum(y for _, y in points) / 6, 1))
    return out


def texts(svg):
    doc = xml.dom.minidom.parseString(svg)
    return [(t.firstChild.data, float(t.getAttribute("x")), float(t.getAttribute("y")))
            for t in doc.getElementsByTagName("text")]


def test_flipping_turns_the_hexes_round():
    board = fresh_board()
    assert board.can_flip
    state = position(black="a4 d1", white="d4", to_move=WHITE)
    plain = board.svg(state, True)
    board.flipped = True
    flipped = board.svg(state, True)
    before, after = centres(plain), centres(flipped)
    # Every cell is where the plain drawing has it, turned 180°: x + x' and y + y' are the
    # same for every cell (the drawing is shifted only by the row letters changing sides).
    sums = {(round(before[n][0] + after[n][0]), round(before[n][1] + after[n][1])) for n in before}
    assert len(sums) == 1
    # a1, the bottom-left corner, is now the top-right corner; g4 the bottom-left.
    top = min(y for _, y in after.values())
    assert after["a1"][1] == top and after["a1"][0] == max(x for x, y in after.values() if y == top)
    bottom = max(y for _, y in after.values())
    assert after["g4"][1] == bottom and after["g4"][0] == min(x for x, y in after.values()
                                                             if y == bottom)
    # Stones and control marks go with their cells.
    assert classes(cell_groups(flipped)["d4"], "circle") == ["stone white"]
    assert 'viewBox' in flipped and plain.split(">")[0] == flipped.split(">")[0]


def test_flipped_labels_stay_upright_beside_their_rows():
    board = fresh_board()
    board.flipped = True
    svg = board.svg(GAME.new(size=4, komi=0), False)
    assert "rotate(" not in svg and "transform" not in svg
    width, height = (float(v) for v in svg.split('viewBox="0 0 ')[1].split('"')[0].split())
    after = centres(svg)
    for text, x, y in texts(svg):
        assert 0 < x < width and 0 < y < height
        if text.isalpha():                           # a row letter: right of its row now
            row = [c for n, c in after.items() if n[0] == text]
            assert abs(y - row[0][1]) < 0.5 and x > max(cx for cx, _ in row)


def test_flipped_clicks_and_hints_line_up():
    state, board = GAME.new(size=4, komi=0), fresh_board()
    board.flipped = True
    board.hover(state, {"cell": "a1"})
    svg = board.svg(state, True)
    [(cx, cy)] = re.findall(r'class="ghost black" cx="([\d.]+)" cy="([\d.]+)"', svg)
    assert (round(float(cx), 1), round(float(cy), 1)) == centres(svg)["a1"]
    assert board.click(state, {"cell": "a1"}) == "a1"


def test_every_cell_carries_an_aria_label():
    state = position(black="a4 d1", white="d4", to_move=WHITE)
    cells = cell_groups(fresh_board().svg(state, True))
    assert all(g.getAttribute("aria-label") for g in cells.values())
    assert cells["a1"].getAttribute("aria-label").startswith("a1: empty, controlled by Black.")
    assert cells["d4"].getAttribute("aria-label").startswith("d4: White stone, controlled by nobody.")
