"""Stigmergy in the browser: bid a komi, choose a side, place, take the button and flip by
clicking; pass twice to end a game and read the result; a fixed komi from the new-game form;
screenshots of play and of the end."""

import base64
import random
import re
import sys
from pathlib import Path

import pytest
from helpers import guard, open_page, shot
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from engine import games

GAME = games.get("stigmergy")


def click_cell(page, name):
    page.click(f"#board [data-cell='{name}']")


def wait_for_moves(page, moves):
    page.wait_for_function(f"location.hash.endsWith('/{'.'.join(moves)}')")


def test_bid_side_place_button_and_flip_by_clicking(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(page, site + "/index.html#stigmergy/1/size=4,komi=bid/")
    assert page.text_content("#title") == "Stigmergy"
    assert "First player: choose the komi (-37 to 37)" in page.text_content("#status")
    assert "added to White's score" in page.text_content("#panel")
    for _ in range(3):
        page.click("#panel [data-action='komi-step'][data-step='1']")
    page.click("#panel [data-action='komi']")
    wait_for_moves(page, ["komi3"])
    assert "the komi is 3" in page.text_content("#status")
    page.click("#panel [data-action='side'][data-colour='white']")
    moves = ["komi3", "white"]
    wait_for_moves(page, moves)
    # The second seat took White, so the first seat plays Black and moves first.
    assert [n.strip() for n in page.locator("#scores .name").all_text_contents()] == [
        "Black",
        "White",
    ]
    assert page.is_disabled("#panel [data-move='pass']")
    assert "once every empty cell is controlled" in page.get_attribute(
        "#panel [data-move='pass']", "title"
    )
    click_cell(page, "d5")  # off a1's three lines
    moves.append("d5")
    wait_for_moves(page, moves)
    page.click("#panel [data-move='button']")  # White takes the button
    moves.append("button")
    wait_for_moves(page, moves)
    assert page.is_disabled("#panel [data-move='button']")
    # Black a2, White a1, Black b1: the White a1 now sees Black a2 and b1, enough in a corner.
    for cell in ("a2", "a1", "b1"):
        click_cell(page, cell)
        moves.append(cell)
        wait_for_moves(page, moves)
    # White may not flip a2: it sees only a1 (White), and an edge cell needs 3.
    page.hover("#board [data-cell='a2']")
    assert "you do not control a2" in page.text_content("#status")
    click_cell(page, "g4")
    moves.append("g4")
    wait_for_moves(page, moves)
    page.wait_for_selector("#board [data-cell='a1'] .flippable")
    click_cell(page, "a1")  # Black flips a1
    moves.append("a1x")
    wait_for_moves(page, moves)
    page.wait_for_selector("#board [data-cell='a1'] .stone.black")
    shot(page, "stigmergy-desktop-play")
    assert page.errors == []


def moves_to_the_last_two_passes(seed):
    """A random side-4 game with komi 1, cut just before its two closing passes."""
    rng = random.Random(seed)
    state, texts = GAME.new(size=4, komi=1), []
    while GAME.result(state) is None:
        moves = GAME.legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        texts.append(GAME.notation(state, move))
        state = GAME.apply(state, move)
    assert texts[-2:] == ["pass", "pass"]
    return texts[:-2], GAME.result(state)


def test_two_passes_end_the_game_and_show_the_result(page, site):
    moves, result = moves_to_the_last_two_passes(seed=4)
    open_page(page, site + "/index.html#stigmergy/1/size=4,komi=1/" + ".".join(moves))
    assert not page.is_disabled("#panel [data-move='pass']")
    page.click("#panel [data-move='pass']")
    wait_for_moves(page, [*moves, "pass"])
    page.click("#panel [data-move='pass']")
    page.wait_for_selector("#result:not([hidden])")
    text = page.text_content("#result")
    assert "Both players passed" in text and "wins" in text
    assert result.reason in text
    assert page.locator("#panel [data-move='pass']").count() == 0
    shot(page, "stigmergy-desktop-end")
    # A new game with a fixed komi from the form: the first player plays Black at once.
    page.click("#new-game")  # the form starts from this game's options
    assert page.input_value("#option-fields input[name='opt-size']") == "4"
    page.select_option("#option-fields select[name='opt-komi']", "bid")
    assert not page.is_visible("#option-fields input[name='opt-komi']")  # hidden for a bid
    page.select_option("#option-fields select[name='opt-komi']", "fixed")
    page.fill("#option-fields input[name='opt-size']", "5")
    page.fill("#option-fields input[name='opt-komi']", "5")
    page.click("#newgame-form button[type='submit']")
    page.wait_for_function("location.hash.startsWith('#stigmergy/1/size=5,komi=5/')")
    assert "Black to move" in page.text_content("#status")
    assert not page.is_disabled("#panel [data-move='button']")
    assert page.errors == []


def komi_shown(page):
    return (
        page.text_content("#panel .komi-value"),
        page.text_content("#panel [data-action='komi']"),
    )


def test_taking_back_the_bid_shows_a_fresh_komi_picker(page, site):
    """Issue 19: Undo back to the bid left the komi entered before in the picker (the board
    kept it).  Back at the bid, by Undo, the move list or the arrow keys, the picker starts
    afresh at 0, and a komi entered there goes when the position changes."""
    open_page(page, site + "/index.html#stigmergy/1/size=4,komi=bid/")
    page.keyboard.press("5")
    page.click("#panel [data-action='komi-step'][data-step='1']")
    assert komi_shown(page) == ("6", "Offer komi 6")
    page.click("#panel [data-action='komi']")
    wait_for_moves(page, ["komi6"])
    page.click("#panel [data-action='side'][data-colour='black']")
    wait_for_moves(page, ["komi6", "black"])
    page.click("#undo")
    page.click("#undo")
    assert "First player: choose the komi" in page.text_content("#status")
    assert komi_shown(page) == ("0", "Offer komi 0")
    page.keyboard.press("9")  # entered, not offered, then the position moves
    assert komi_shown(page) == ("9", "Offer komi 9")
    page.click("#moves [data-ply='1']")
    page.keyboard.press("Home")
    assert komi_shown(page) == ("0", "Offer komi 0")
    page.keyboard.press("4")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert komi_shown(page) == ("0", "Offer komi 0")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#panel [data-action='komi']")  # offering 0 replaces the later moves
    page.wait_for_function("location.hash.endsWith('/komi0')")
    assert page.errors == []


def pixels(page, clip):
    """The RGB pixels of a part of the page, row by row (decoded by the page's own canvas)."""
    png = base64.b64encode(page.screenshot(clip=clip)).decode()
    data = page.evaluate(
        """async (png) => {
        const image = new Image();
        image.src = 'data:image/png;base64,' + png;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width; canvas.height = image.height;
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        const data = context.getImageData(0, 0, image.width, image.height).data;
        return [image.width, Array.from(data)];
    }""",
        png,
    )
    width, flat = data
    rgb = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 4)]
    return [rgb[i : i + width] for i in range(0, len(rgb), width)]


def inside_and_beside(page, selector):
    """The mean colour inside an element's middle and the colour just left of it."""
    box = page.locator(selector).first.bounding_box()
    rows = pixels(
        page,
        {"x": box["x"] - 4, "y": box["y"], "width": box["width"] + 4, "height": box["height"]},
    )
    middle = [
        p
        for row in rows[len(rows) // 4 : -len(rows) // 4 or None]
        for p in row[4 + len(row) // 4 : -len(row) // 4]
    ]
    mean = tuple(sum(p[i] for p in middle) / len(middle) for i in range(3))
    return mean, rows[len(rows) // 2][0]


def test_black_stones_beside_the_board_are_solid_in_dark_mode(browser, site):
    """Issue 19: in dark mode Black's swatch and chip (a near-black disc with a light edge on
    the dark panel) read as a hollow ring, like the "ring: White controls" legend.  Black's
    stone must fill its disc with a colour unlike the panel behind it, darker than White's."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="dark")
    page = context.new_page()
    outside = guard(page)
    open_page(page, site + "/index.html#stigmergy/1/size=4,komi=3/d5.button.a2.a1.b1.g4.a1x")
    for kind in ("#scores .swatch.stig-{}", "#panel .chip.{}"):
        black, behind = inside_and_beside(page, kind.format("black"))
        white, _ = inside_and_beside(page, kind.format("white"))
        assert sum(abs(a - b) for a, b in zip(black, behind, strict=True)) >= 60, (kind, black)
        assert sum(black) < sum(white) - 300, (kind, black, white)
    shot(page, "stigmergy-desktop-dark")
    page.set_viewport_size({"width": 375, "height": 812})
    shot(page, "stigmergy-phone-dark")
    context.close()
    assert outside == []


def readout(page):
    return (
        page.text_content("#board .coord-readout")
        if page.locator("#board .coord-readout").count()
        else None
    )


def test_the_cell_under_the_pointer_or_cursor_is_named(page, site):
    """Issue 19: the cells inside carry no labels; the board names the cell the pointer or
    the keyboard cursor is on, in its corner, and picks out its row letter and numbers."""
    open_page(page, site + "/index.html#stigmergy/1/size=5,komi=3/d5")
    assert readout(page) is None
    page.hover("#board [data-cell='e3']")
    assert readout(page) == "e3"
    assert sorted(page.locator("#board .label.on").all_text_contents()) == ["3", "3", "e"]
    page.hover("#board [data-cell='d5']")  # a stone
    assert readout(page) == "d5"
    page.mouse.move(1, 1)  # off the board: the page's top corner
    assert readout(page) is None
    page.focus("#board")  # focus given after the mouse's use: no ring until a key
    assert page.locator("#board .kbd-cursor").count() == 0
    page.keyboard.press("ArrowLeft")  # the keyboard's cursor
    page.wait_for_selector("#board .kbd-cursor")
    start = page.text_content("#announce").split(":")[0]
    assert readout(page) == start
    page.keyboard.press("ArrowLeft")
    name = page.text_content("#announce").split(":")[0]
    assert name != start and readout(page) == name
    # After the end, when the board takes no moves, the cursor is still named.
    moves, _ = moves_to_the_last_two_passes(seed=4)
    open_page(
        page, site + "/index.html#stigmergy/1/size=4,komi=1/" + ".".join([*moves, "pass", "pass"])
    )
    page.wait_for_selector("#result:not([hidden])")
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    name = page.text_content("#announce").split(":")[0]
    assert readout(page) == name
    shot(page, "stigmergy-desktop-cursor-named")
    assert page.errors == []


def test_zoom_gives_phone_taps_cells_of_40_px(browser, site):
    """Issue 19: on a phone a side-8 board's cells were 22x26 px.  Zoom board draws the board
    larger in a box that pans (centred at first); a cell is then at least 40 px each way, and
    a tap (a preview) and a second tap place a stone.  Issue 29, item 7: such a board now
    opens zoomed on a phone; Zoom board shows it whole, and again zoomed."""
    context = browser.new_context(
        viewport={"width": 375, "height": 812}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    outside, errors = guard(page), []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_page(page, site + "/index.html#stigmergy/1/size=8,komi=3/")
    cell = "#board [data-cell='h8']"  # the middle
    assert page.get_attribute("#panel [data-action='zoom']", "aria-pressed") == "true"
    box = page.locator(cell).bounding_box()
    assert box["width"] >= 40 and box["height"] >= 40, box
    board = page.locator("#board").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 375  # the page does not widen
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert board["x"] < middle[0] < board["x"] + board["width"]  # shown, not scrolled off
    assert board["y"] < middle[1] < board["y"] + board["height"]
    expect(page.locator("#panel [data-action='zoom']")).to_be_in_viewport()  # and its way out
    shot(page, "stigmergy-phone-opens-zoomed", full_page=False)
    page.locator(cell).scroll_into_view_if_needed()
    page.tap(cell)
    assert "Tap again to place on h8" in page.text_content("#status")  # issue 24
    page.tap(cell)
    page.wait_for_function("location.hash.endsWith('/h8')")
    page.wait_for_selector(cell + " .stone.black")
    shot(page, "stigmergy-phone-zoomed")
    box = page.locator("#board [data-cell='a1']").bounding_box()  # still zoomed
    assert box["width"] >= 40 and box["height"] >= 40, box
    page.tap("#panel [data-action='zoom']")  # the whole board
    assert page.get_attribute("#panel [data-action='zoom']", "aria-pressed") == "false"
    assert page.locator(cell).bounding_box()["width"] < 40
    whole = page.locator("#board svg").bounding_box()
    assert whole["x"] >= 0 and whole["x"] + whole["width"] <= 375, whole
    shot(page, "stigmergy-phone-whole")
    page.tap("#panel [data-action='zoom']")
    assert page.locator(cell).bounding_box()["width"] >= 40
    context.close()
    assert outside == [] and errors == []


@pytest.mark.parametrize("size", [4, 8])
def test_a_board_opens_whole_where_its_cells_are_big_enough(page, site, size):
    """Issue 29, item 7: a side-4 board on a phone (46 px cells), and any board on a desktop,
    opens whole, not zoomed.  So does a side-4 board on a small phone held sideways (35 px
    cells: zoomed to 44 px they would grow too little to be worth cropping its edges)."""
    phones = ({"width": 375, "height": 812}, {"width": 640, "height": 360})
    for viewport in (*phones, {"width": 1280, "height": 800}):
        if size == 8 and viewport in phones:
            continue  # the test above
        page.set_viewport_size(viewport)
        open_page(page, site + f"/index.html#stigmergy/1/size={size},komi=3/")
        expect(page.locator("#board svg.stig-board")).not_to_have_class(re.compile("zoomed"))
        if viewport in phones:
            box = page.locator("#board [data-cell='a1']").bounding_box()
            assert box["width"] >= (40 if viewport["width"] == 375 else 30), box
            shot(page, f"stigmergy-phone-{viewport['width']}-size-{size}", full_page=False)
        else:
            shot(page, f"stigmergy-desktop-size-{size}")
    assert page.errors == []


def test_phone_prompts_say_tap_from_the_first_screen(browser, site):
    """Issue 24: on a touch screen the status said "click" and, after a first tap showed a
    ghost stone, "Click to place on m4" (ten taps placed nothing).  Every prompt says tap."""
    context = browser.new_context(
        viewport={"width": 375, "height": 812}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    outside = guard(page)
    open_page(page, site + "/index.html#stigmergy/1/size=4,komi=0/")
    status = page.text_content("#status")
    assert status == (
        "Black to move: tap an empty cell to place, or an enemy stone on a cell you control "
        "to flip it."
    ), status
    page.tap("#board [data-cell='c3']")
    page.wait_for_selector("#board .ghost.black")  # a ghost stone only
    assert page.text_content("#status") == "Black to move. Tap again to place on c3."
    assert page.evaluate("location.hash").endswith("/")
    page.tap("#board [data-cell='c3']")
    page.wait_for_function("location.hash.endsWith('/c3')")
    assert "tap an empty cell" in page.text_content("#status")
    shot(page, "stigmergy-phone-tap-prompt")
    context.close()
    assert outside == []
