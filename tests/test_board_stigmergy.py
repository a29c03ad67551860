"""Stigmergy's board renderer, in CPython: it draws what the engine says (cells, stones,
control), explains cells where the mover may not act, and turns clicks into moves.

The renderer is a pure Board: every call takes the game's view and a Ui and returns text or
a new Ui; `hit` below answers as the page does (tests/board_driver.py), through base.settle
(the engine's verdict on a preview, and a refused move kept in `ui.refused`).

Positions are side-4 boards (rows a..g of 4 5 6 7 6 5 4 cells, so a1 is cell 0, c3 cell 11
and d4 cell 18); see tests/test_stigmergy.py for the lines through a1, a2 and d4 that the
hand counts below use.
"""

import re
import xml.dom.minidom
from dataclasses import replace
from functools import partial

from board_driver import answer

from engine import games
from engine.games.stigmergy import rules as stigmergy
from engine.games.stigmergy.rules import BLACK, BUTTON, PASS, WHITE, Flip, Komi, Place, Side
from web.boards.base import Ui
from web.boards.stigmergy import KomiEntry, Prefs, StigmergyBoard
from web.logic.session import Session

GAME = games.get("stigmergy")
BOARD = StigmergyBoard(GAME)
LIVE = Ui(live=True)
FULL = [
    f"{r}{i}"
    for r, n in zip("abcdefg", (4, 5, 6, 7, 6, 5, 4), strict=True)
    for i in range(1, n + 1)
]


def position(black="", white="", komi=0, to_move=BLACK, button=None, black_seat=0):
    return stigmergy.setup(
        4,
        black.split(),
        white.split(),
        komi=komi,
        colour_to_move=to_move,
        button_holder=button,
        black_seat=black_seat,
    )


# The board's answer to the pointer on a target, made safe as the page makes it.
hit = partial(answer, "stigmergy")


def draw(state, ui=LIVE):
    return BOARD.draw(GAME.view(state), ui)


def panel(state, ui=LIVE):
    return BOARD.panel(GAME.view(state), ui)


def prompt(state, ui=LIVE):
    return BOARD.prompt(GAME.view(state), ui)


def cell_groups(svg):
    doc = xml.dom.minidom.parseString(svg)
    return {
        g.getAttribute("data-cell"): g
        for g in doc.getElementsByTagName("g")
        if g.getAttribute("data-cell")
    }


def classes(group, tag):
    return [e.getAttribute("class") for e in group.getElementsByTagName(tag)]


def title(group):
    return group.getElementsByTagName("title")[0].firstChild.data


def test_svg_is_well_formed_with_every_cell_and_edge_labels():
    svg = draw(GAME.new(size=8, komi=0))
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
    cells = cell_groups(draw(state))
    assert classes(cells["a1"], "polygon") == ["hex ctl-black"]
    assert "ctl-mark dot ink-dark" in classes(cells["a1"], "circle")
    assert classes(cells["d4"], "circle") == ["stone white"]
    assert classes(cells["d4"], "polygon") == ["hex"]
    assert "controlled by Black" in title(cells["a1"])
    assert "sees 2 Black and 1 White; control needs 2 (corner)" in title(cells["a1"])
    ui, move = hit(state, LIVE, {"action": "overlay"})
    assert move is None and ui.prefs == Prefs(show_control=False)
    assert 'data-action="overlay" aria-pressed="false"' in panel(state, ui)
    cells = cell_groups(draw(state, ui))
    assert classes(cells["a1"], "polygon") == ["hex"] and classes(cells["a1"], "circle") == []
    # The overlay stays off after a move (the ui is cleared, its prefs kept).
    assert ui.cleared().prefs == Prefs(show_control=False)
    ui = BOARD.key(GAME.view(state), ui, "c")  # C turns it back on
    assert ui is not None and ui.prefs == Prefs(show_control=True)
    assert classes(cell_groups(draw(state, ui))["a1"], "polygon") == ["hex ctl-black"]


def test_white_control_is_a_ring_and_shows_on_stones():
    # a1 sees White a4 and d1; a Black stone on a1 is then on a White-controlled cell.
    state = position(black="a1", white="a4 d1")
    cells = cell_groups(draw(state))
    assert classes(cells["a1"], "polygon") == ["hex ctl-white"]
    assert classes(cells["a1"], "circle") == ["stone black", "ctl-mark ring ink-light"]


def test_click_places_after_hover_and_a_tap_previews_first():
    state = GAME.new(size=4, komi=0)
    ui, move = hit(state, LIVE, {"cell": "d4"}, "hover")
    assert move is None and ui.preview == Place(18) and ui.verdict.legal
    assert 'class="ghost black"' in draw(state, ui)
    assert "Click to place on d4" in prompt(state, ui)
    ui, move = hit(state, ui, {"cell": "d4"})
    assert move == Place(18) and type(move) is Place  # a move value, not its text
    ui = ui.cleared()
    ui, move = hit(state, ui, {"cell": "c3"})  # a tap: preview only
    assert move is None and ui.preview == Place(11)
    ui, move = hit(state, ui, {"cell": "c3"})  # the same cell again: play
    assert move == Place(11)
    # Pointing at the same cell again changes nothing; leaving the board ends the preview.
    assert hit(state, ui, {"cell": "c3"}, "hover") == (ui, None)
    assert hit(state, ui, None, "hover")[0].preview is None


def test_click_an_enemy_stone_on_a_controlled_cell_flips_it():
    # White a1 sees Black a2 and b1: Black controls a1 and may flip it.
    state = position(black="a2 b1", white="a1")
    cells = cell_groups(draw(state))
    assert "flippable" in classes(cells["a1"], "circle")
    assert "Click to flip it" in title(cells["a1"])
    ui, _ = hit(state, LIVE, {"cell": "a1"}, "hover")
    assert "Click to flip a1" in prompt(state, ui)
    assert hit(state, ui, {"cell": "a1"})[1] == Flip(0)


def test_a_cell_where_the_mover_may_not_act_says_why():
    # White to move; Black controls a1 (it sees a4 and d1).
    state = position(black="a4 d1", to_move=WHITE)
    cells = cell_groups(draw(state))
    assert "White may not play here: a1 is controlled by Black" in title(cells["a1"])
    ui, _ = hit(state, LIVE, {"cell": "a1"}, "hover")
    assert 'class="nope"' in draw(state, ui)
    assert ui.verdict.code == "enemy-control"
    assert prompt(state, ui) == "White to move. Not a1: a1 is controlled by Black."
    ui, move = hit(state, ui, {"cell": "a1"})
    assert move is None and ui.refused.code == "enemy-control"
    assert "You cannot play a1: a1 is controlled by Black" in prompt(state, ui)
    # An enemy stone on a cell White does not control: the flip is refused with the count.
    ui, _ = hit(state, ui, {"cell": "a4"}, "hover")
    assert ui.refused is None  # a new cell: a new message
    ui, move = hit(state, ui, {"cell": "a4"})
    assert move is None and ui.refused.code == "no-control"
    assert "you do not control a4" in prompt(state, ui)
    # No hints when the position is not live.
    assert 'class="nope"' not in draw(state, replace(ui, live=False))


def test_the_movers_own_stone_is_neither_played_nor_refused_by_rule_text():
    # Black to move; a4 is Black's: pointing says so, clicking says it is already Black's.
    state = position(black="a4 d1")
    ui, _ = hit(state, LIVE, {"cell": "a4"}, "hover")
    assert 'class="hover"' in draw(state, ui)
    assert prompt(state, ui) == "Black to move. a4 is your stone."
    ui, move = hit(state, ui, {"cell": "a4"})
    assert move is None and ui.refused.code == "own-stone"
    assert prompt(state, ui) == "Black to move. a4 is already your stone."
    assert "may not play here" not in title(cell_groups(draw(state))["a4"])


def test_komi_bid_panel_steps_and_offers():
    state = GAME.new(size=4)
    text = panel(state)
    assert "-37 to 37" in text and "added to White" in text
    assert "First player: choose the komi (-37 to 37)" in prompt(state)
    ui = LIVE
    for step in ("10", "-1", "-1"):
        ui, move = hit(state, ui, {"action": "komi-step", "step": step})
        assert move is None
    assert ui.pick == KomiEntry(8) and "Offer komi 8" in panel(state, ui)
    assert hit(state, ui, {"action": "komi"})[1] == Komi(8)
    # Steps stop at the range; typing edits the number (digits, minus, Backspace).
    for _ in range(5):
        ui, _ = hit(state, ui, {"action": "komi-step", "step": "10"})
    assert ui.pick == KomiEntry(37)
    ui, _ = hit(state, ui, {"action": "komi-zero"})
    view = GAME.view(state)
    for key in ("1", "5", "-"):
        ui = BOARD.key(view, ui, key)
        assert ui is not None
    assert ui.pick == KomiEntry(-15)
    ui = BOARD.key(view, ui, "Backspace")
    assert BOARD.key(view, ui, "q") is None  # not a key of the bid
    assert hit(state, ui, {"action": "komi"})[1] == Komi(-1)
    # A new game (or a move) starts the entry at 0 again.
    assert "Offer komi 0" in panel(state, ui.cleared())


def test_side_choice_panel():
    state = GAME.play(GAME.new(size=4), Komi(3))
    text = panel(state)
    assert "Play Black" in text and "Play White" in text and "button is in play" in text
    assert hit(state, LIVE, {"action": "side", "colour": "white"})[1] == Side(WHITE)
    assert hit(state, LIVE, {"action": "side", "colour": "red"})[1] is None
    assert "the komi is 3" in prompt(state)
    assert BOARD.swatch(GAME.view(state), 0) == "stig-none"
    after = GAME.view(GAME.play(state, Side(BLACK)))  # the second seat takes Black
    assert (BOARD.swatch(after, 0), BOARD.swatch(after, 1)) == ("stig-white", "stig-black")


def test_pass_and_button_buttons_are_enabled_only_when_legal():
    all_but_a1 = " ".join(n for n in FULL if n != "a1")
    # Empty board, odd komi: the button may be taken, the pass is greyed with its reason.
    start = GAME.new(size=4, komi=1)
    text = panel(start)
    assert 'data-move="button" title="Take the button' in text
    assert 'data-move="pass"' in text and "disabled>Pass" in text
    assert "37 empty cells are not controlled yet and the button is untaken" in text
    assert hit(start, LIVE, {"action": "word", "move": "button"})[1] == BUTTON
    assert hit(start, LIVE, {"action": "word", "move": "pass"}) == (LIVE, None)
    # Every empty cell controlled (a1 by Black), button taken: Pass is enabled.
    state = position(black=all_but_a1, to_move=WHITE, komi=1, button=BLACK)
    text = panel(state)
    assert "disabled>Pass" not in text and "disabled>Take the button" in text
    assert "Black holds the button" in text
    assert hit(state, LIVE, {"action": "word", "move": "pass"})[1] == PASS
    assert BOARD.actions(GAME.view(state)) == []


def test_score_table_shows_the_parts():
    # Black a2 b1 + a1 controlled = 3; White 0 stones, komi 5, holds the button: 5.5.
    text = panel(position(black="a2 b1", komi=5, button=WHITE))
    assert (
        '<tr><th scope="row" title="stones on the board">Stones</th><td>2</td><td>0</td>' in text
    )
    assert "Cells</th><td>1</td><td>0</td>" in text
    assert "Komi</th><td>–</td><td>5</td>" in text
    assert "Button</th><td>–</td><td>½</td>" in text
    assert "Total</th><td>3</td><td>5.5</td>" in text


def test_new_game_form_komi_field():
    option = next(o for o in GAME.options_spec if o.name == "komi")
    html = BOARD.option_html(option, "bid", "bid")
    assert html.count('name="opt-komi"') == 2 and '<option value="bid" selected>' in html
    assert BOARD.option_value(option, ["bid", "7"]) == "bid"
    assert BOARD.option_value(option, ["fixed", "-3"]) == -3
    assert '<option value="fixed" selected>' in BOARD.option_html(option, 5, "5")


def test_ended_game_draws_without_hints():
    state = position(black=" ".join(n for n in FULL if n != "a1"), to_move=WHITE)
    over = GAME.play(GAME.play(state, GAME.parse(state, "pass")), PASS)
    svg = draw(over, Ui())
    assert 'class="flippable"' not in svg and "Click" not in svg
    assert "Turn" not in panel(over, Ui())


def test_the_renderer_keeps_no_state():
    state = GAME.new(size=4, komi=0)
    ui, _ = hit(state, LIVE, {"cell": "d4"}, "hover")
    ui, _ = hit(state, ui, {"action": "overlay"})
    draw(state, ui), panel(state, ui), prompt(state, ui)
    assert vars(BOARD) == {"game": GAME}


# ---- the board turned round (the Flip button)


def centres(svg):
    """Each cell's hexagon centre (the mean of its corners)."""
    out = {}
    for name, group in cell_groups(svg).items():
        [hexagon] = group.getElementsByTagName("polygon")
        points = [tuple(map(float, p.split(","))) for p in hexagon.getAttribute("points").split()]
        out[name] = (
            round(sum(x for x, _ in points) / 6, 1),
            round(sum(y for _, y in points) / 6, 1),
        )
    return out


def texts(svg):
    doc = xml.dom.minidom.parseString(svg)
    return [
        (t.firstChild.data, float(t.getAttribute("x")), float(t.getAttribute("y")))
        for t in doc.getElementsByTagName("text")
    ]


def test_flipping_turns_the_hexes_round():
    assert BOARD.can_flip
    state = position(black="a4 d1", white="d4", to_move=WHITE)
    plain = draw(state)
    flipped = draw(state, replace(LIVE, flipped=True))
    before, after = centres(plain), centres(flipped)
    # Every cell is where the plain drawing has it, turned 180°: x + x' and y + y' are the
    # same for every cell (the drawing is shifted only by the row letters changing sides).
    sums = {(round(before[n][0] + after[n][0]), round(before[n][1] + after[n][1])) for n in before}
    assert len(sums) == 1
    # a1, the bottom-left corner, is now the top-right corner; g4 the bottom-left.
    top = min(y for _, y in after.values())
    assert after["a1"][1] == top and after["a1"][0] == max(
        x for x, y in after.values() if y == top
    )
    bottom = max(y for _, y in after.values())
    assert after["g4"][1] == bottom and after["g4"][0] == min(
        x for x, y in after.values() if y == bottom
    )
    # Stones and control marks go with their cells.
    assert classes(cell_groups(flipped)["d4"], "circle") == ["stone white"]
    assert "viewBox" in flipped and plain.split(">")[0] == flipped.split(">")[0]


def test_flipped_labels_stay_upright_beside_their_rows():
    svg = draw(GAME.new(size=4, komi=0), Ui(flipped=True))
    assert "rotate(" not in svg and "transform" not in svg
    width, height = (float(v) for v in svg.split('viewBox="0 0 ')[1].split('"')[0].split())
    after = centres(svg)
    for text, x, y in texts(svg):
        assert 0 < x < width and 0 < y < height
        if text.isalpha():  # a row letter: right of its row now
            row = [c for n, c in after.items() if n[0] == text]
            assert abs(y - row[0][1]) < 0.5 and x > max(cx for cx, _ in row)


def test_flipped_clicks_and_hints_line_up():
    state = GAME.new(size=4, komi=0)
    ui, _ = hit(state, replace(LIVE, flipped=True), {"cell": "a1"}, "hover")
    svg = draw(state, ui)
    [(cx, cy)] = re.findall(r'class="ghost black" cx="([\d.]+)" cy="([\d.]+)"', svg)
    assert (round(float(cx), 1), round(float(cy), 1)) == centres(svg)["a1"]
    assert hit(state, ui, {"cell": "a1"})[1] == Place(0)


def test_every_cell_carries_an_aria_label():
    state = position(black="a4 d1", white="d4", to_move=WHITE)
    cells = cell_groups(draw(state))
    assert all(g.getAttribute("aria-label") for g in cells.values())
    assert cells["a1"].getAttribute("aria-label").startswith("a1: empty, controlled by Black.")
    assert (
        cells["d4"].getAttribute("aria-label").startswith("d4: White stone, controlled by nobody.")
    )


def pointed(svg):
    """The readout in the corner and the edge labels picked out, or None without them."""
    doc = xml.dom.minidom.parseString(svg)
    group = next(
        (g for g in doc.getElementsByTagName("g") if g.getAttribute("class") == "pointed"), None
    )
    if group is None:
        return None
    texts = group.getElementsByTagName("text")
    readout = [t.firstChild.data for t in texts if t.getAttribute("class") == "coord-readout"]
    marked = sorted(t.firstChild.data for t in texts if "on" in t.getAttribute("class").split())
    return readout, marked


def test_the_pointed_cell_is_named_in_the_corner_and_at_its_edges():
    """Issue 19: cells inside carry no labels, so the board names the cell under the pointer
    (the ui's preview) or the keyboard cursor, and picks out its row letter and the two ends
    of its numbered diagonal."""
    state = position(black="d4", white="a1")
    assert pointed(draw(state)) is None
    ui, _ = hit(state, LIVE, {"cell": "c3"}, "hover")
    assert pointed(draw(state, ui)) == (["c3"], ["3", "3", "c"])
    ui, _ = hit(state, LIVE, {"cell": "d4"}, "hover")  # an own stone: still named
    assert pointed(draw(state, ui)) == (["d4"], ["4", "4", "d"])
    # The keyboard cursor, also when the board takes no moves (the end, the computer's turn),
    # and in the bid; the pointer's cell wins over the cursor's.
    assert pointed(draw(state, Ui(cursor="g4"))) == (["g4"], ["4", "4", "g"])
    bid = GAME.new(size=4, komi="bid")
    assert pointed(draw(bid, Ui(live=True, cursor="a1"))) == (["a1"], ["1", "1", "a"])
    ui, _ = hit(state, replace(LIVE, cursor="g4"), {"cell": "b5"}, "hover")
    assert pointed(draw(state, ui)) == (["b5"], ["5", "5", "b"])
    flipped = draw(state, replace(ui, flipped=True))
    assert pointed(flipped) == (["b5"], ["5", "5", "b"])
    assert draw(state, replace(ui, preview=None, cursor=None)) == draw(state, Ui(live=True))


def test_zoom_draws_the_board_large_and_is_kept():
    """Issue 19: Zoom board (the panel's button, or Z) draws the board at 1.1 px a unit, in a
    box that pans on a narrow screen (the CSS); a pref, kept like the control overlay."""
    state = position(black="d4")
    opening = re.match(r"<svg[^>]*>", draw(state)).group(0)
    assert 'class="stig-board"' in opening and "style" not in opening
    assert 'data-action="zoom" aria-pressed="false"' in panel(state)
    ui, move = hit(state, LIVE, {"action": "zoom"})
    assert move is None and ui.prefs == Prefs(zoom=True)
    opening = re.match(r"<svg[^>]*>", draw(state, ui)).group(0)
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', opening).group(1))
    assert f"--zoom-w: {width * 1.1:.0f}px" in opening and 'class="stig-board zoomed"' in opening
    assert 'data-action="zoom" aria-pressed="true"' in panel(state, ui)
    assert ui.cleared().prefs == Prefs(zoom=True)
    ui = BOARD.key(GAME.view(state), ui, "z")
    assert ui is not None and ui.prefs == Prefs(zoom=False)  # the player's choice, kept
    both = BOARD.key(GAME.view(state), replace(LIVE, prefs=Prefs(zoom=True)), "c")
    assert both is not None and both.prefs == Prefs(show_control=False, zoom=True)


def test_a_phone_opens_a_board_too_small_for_a_finger_zoomed():
    """Issue 29, item 7: on a 375 px phone a side-8 board's cells were 23 px across; a board
    whose cells would be under 36 px opens zoomed there (44 px cells, in the box that pans),
    until the player says otherwise with Zoom board or Z; on a wider screen, never."""
    big = GAME.new(size=8, komi=3)
    phone = replace(LIVE, narrow=375.0)

    def opening(state, ui):
        return re.match(r"<svg[^>]*>", draw(state, ui)).group(0)

    assert 'class="stig-board zoomed"' in opening(big, phone)
    assert 'data-action="zoom" aria-pressed="true"' in panel(big, phone)
    assert 'class="stig-board"' in opening(big, LIVE)  # not a phone
    assert 'class="stig-board"' in opening(big, replace(LIVE, narrow=760.0))  # 47 px cells
    # side 5 on 375 px: cells of 37 px, playable whole; side 6: 31 px, zoomed
    for size, zoom in ((4, False), (5, False), (6, True), (10, True)):
        state = GAME.new(size=size, komi=3)
        assert ("zoomed" in opening(state, phone)) is zoom, size
    # Zoom board on a board that opened zoomed shows it whole, and that choice is kept
    ui, move = hit(big, phone, {"action": "zoom"})
    assert move is None and ui.prefs == Prefs(zoom=False)
    assert 'class="stig-board"' in opening(big, ui.cleared())
    assert 'data-action="zoom" aria-pressed="false"' in panel(big, ui)
    ui, _ = hit(big, ui, {"action": "zoom"})
    assert ui.prefs == Prefs(zoom=True) and "zoomed" in opening(big, ui)


def test_a_zoom_that_would_barely_enlarge_the_cells_is_not_made():
    """A side-n board with its labels is 2(n - 1) + 2.15 cells wide (the widest row's centres
    2(n - 1) apart, 1.3 and 0.85 of room beside them), and zoomed its cells are 44 px.  Side 4
    in the 287 px a phone held sideways (640 x 360) gives it: 287 / 8.15 = 35.2 px cells, under
    a finger, but zooming would enlarge them only 1.25 times and crop the edges: it opens
    whole.  Side 5 in 340 px: 33.5 px, 1.31 times: zoomed; in 350 px: 34.5 px, 1.28: whole."""

    def opens_zoomed(size, width):
        svg = draw(GAME.new(size=size, komi=3), replace(LIVE, narrow=width))
        return "zoomed" in re.match(r"<svg[^>]*>", svg).group(0)

    assert not opens_zoomed(4, 287.0)
    assert opens_zoomed(4, 270.0)  # 33.1 px cells, 1.33 times
    assert opens_zoomed(5, 340.0)
    assert not opens_zoomed(5, 350.0)


def test_the_table_keeps_the_phones_width_for_every_game():
    from web.logic.table import Table

    table = Table()
    assert table.use_narrow(375.0) and not table.use_narrow(375.0)
    table.open(Session("stigmergy", options={"size": 8, "komi": 3}))
    assert table.ui.narrow == 375.0
    assert 'class="stig-board zoomed"' in BOARD.draw(table.view, table.ui)
    assert table.use_narrow(0.0)  # a phone turned round past the phone layout
    assert 'class="stig-board"' in BOARD.draw(table.view, table.ui)


def test_the_zoomed_board_names_every_empty_cell():
    """Issue 24, item 9: zoomed, the board scrolls and its edge labels go out of sight; each
    empty cell then carries its own name (a side-4 board has 37 cells; a1 holds a stone)."""
    state = position(black="a1")
    zoomed = replace(LIVE, prefs=Prefs(zoom=True))
    svg = draw(state, zoomed)
    doc = xml.dom.minidom.parseString(svg)
    names = [
        t.firstChild.data
        for t in doc.getElementsByTagName("text")
        if t.getAttribute("class") == "cell-name"
    ]
    assert len(names) == 36 and "a1" not in names and set(names) == set(FULL) - {"a1"}
    assert 'class="cell-name"' not in draw(state)  # unzoomed, the edges say it
