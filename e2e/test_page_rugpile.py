"""Rug Pile in the browser: load with nothing fetched from outside, play the fool's mate by
clicking, see the result; the new-game form; screenshots at desktop and phone sizes."""

import itertools

from helpers import SHOTS, guard, open_page, shot
from playwright.sync_api import expect


def click_square(page, name):
    page.click(f"#board [data-cell='{name}']")


def place(page, tile_kind, turned, bottom_left_square_target):
    """Choose a tile in the supply, then click the board where it centres on the target."""
    page.click(f"#panel [data-action='kind'][data-kind='{tile_kind}']")
    if turned:
        page.click("#panel [data-action='rotate']")
    click_square(page, bottom_left_square_target)


def test_fools_mate_by_clicking(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(page, site + "/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/")
    assert page.text_content("#title") == "Rug Pile"
    # A 3x3 tile is centred on the square pointed at: b4 puts its bottom-left on a3.
    page.click("#panel [data-action='kind'][data-kind='2']")
    page.hover("#board [data-cell='b4']")
    page.wait_for_selector("#board .preview.p0")
    click_square(page, "b4")
    page.wait_for_function("location.hash.endsWith('/3x3a3')")
    # Blue: a 3x3 at b2..d4 is centred on c3.
    page.click("#panel [data-action='kind'][data-kind='2']")
    page.hover("#board [data-cell='c3']")
    click_square(page, "c3")
    page.wait_for_function("location.hash.endsWith('/3x3a3.3x3b2')")
    # Red: a 2x2 has the square pointed at top left, kept on the board: d1 gives d1..e2.
    page.click("#panel [data-action='kind'][data-kind='0']")
    page.hover("#board [data-cell='d1']")
    click_square(page, "d1")
    page.wait_for_selector("#result:not([hidden])")
    assert "Red wins 9–8" in page.text_content("#result")
    assert "Blue cannot place a tile" in page.text_content("#result")
    assert [t.strip() for t in page.locator("#moves button").all_text_contents()] == [
        "3x3a3",
        "3x3b2",
        "2x2d1",
    ]
    shot(page, "rugpile-desktop-end")
    assert page.errors == []


def test_illegal_placement_is_explained(page, site):
    open_page(page, site + "/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3")
    page.click("#panel [data-action='kind'][data-kind='2']")
    page.hover("#board [data-cell='b4']")  # Blue's 3x3 exactly over Red's area
    page.wait_for_selector("#board .preview.illegal")
    assert "completely cover the Red area" in page.text_content("#status")
    click_square(page, "b4")
    assert page.evaluate("location.hash").endswith("/3x3a3")  # nothing was played


def test_new_game_form_and_phone_layout(browser, site):
    context = browser.new_context(
        viewport={"width": 375, "height": 740},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
    )
    page = context.new_page()
    outside = guard(page)
    open_page(page, site + "/index.html")
    page.tap("#new-game")
    page.fill("#option-fields input[name='opt-players']", "3")
    page.dispatch_event("#option-fields [name='opt-players']", "change")
    assert page.input_value("#option-fields [name='opt-size']") == "6"
    page.tap("#newgame-form button[type='submit']")
    page.wait_for_function("location.hash.startsWith('#rugpile/1/players=3,size=6,tiles=4-3-3/')")
    assert page.locator("#scores li").count() == 3
    page.tap("#panel [data-action='kind'][data-kind='1']")
    page.tap("#board [data-cell='c3']")  # the first tap previews
    page.wait_for_selector("#board .preview.p0")
    assert page.evaluate("location.hash").endswith("/")
    page.tap("#board [data-cell='c3']")  # the second tap places
    # A 2-wide, 3-tall tile centred on c3: col c - (2-1)//2 = c, row 3 - (3-1)//2 = 2.
    page.wait_for_function("location.hash.endsWith('/2x3c2')")
    assert "Blue to move" in page.text_content("#status")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page scrolls sideways on a phone ({width}px)"
    shot(page, "rugpile-phone")
    context.close()
    assert outside == []


def phone(browser):
    context = browser.new_context(
        viewport={"width": 375, "height": 812},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
    )
    page = context.new_page()
    page.outside = guard(page)
    return context, page


def box_in_viewport(page, selector):
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box, box["y"] >= 0 and box["y"] + box["height"] <= 812


def test_phone_turn_tile_button_is_on_screen_and_a_tap_says_tap_again(browser, site):
    # Red first in a 2-player game; Yellow, the last row of a 4-player supply, after 3 moves.
    for players, moves, name, seat, after in (
        (2, "", "Red", 0, "Blue"),
        (4, "2x2a1.2x2c1.2x2e1", "Yellow", 3, "Red"),
    ):
        context, page = phone(browser)
        open_page(page, site + f"/index.html#rugpile/1/players={players}/{moves}")
        page.tap("#panel [data-action='kind'][data-kind='1']")  # the 2x3: it turns
        page.evaluate("window.scrollTo(0, 0)")  # as loaded
        box, seen = box_in_viewport(page, "#panel [data-action='rotate']")
        assert seen, f"{players} players: the Turn tile button is off the screen at {box}"
        assert box["height"] >= 40
        page.locator("#board").scroll_into_view_if_needed()
        box, seen = box_in_viewport(page, "#panel [data-action='rotate']")
        assert seen, f"{players} players, board in view: Turn tile at {box}"
        shot(page, f"rugpile-phone-{players}p")
        # The first tap shows the tile and says how to place it.
        page.tap("#board [data-cell='c3']")
        page.wait_for_selector(f"#board .preview.p{seat}")
        assert (
            page.text_content("#status")
            == f"{name}: tap again (or Place tile) to place the 2×3 tile at c2; "
            "tap another square to move it."
        )
        page.tap("#panel [data-action='rotate']")
        page.tap("#board [data-cell='b4']")  # 3 wide: a..c, rows 3-4
        assert "to place the 3×2 tile at a3" in page.text_content("#status")
        page.tap("#board [data-cell='a3']")  # its anchor square places it
        page.wait_for_function("location.hash.endsWith('3x2a3')")
        assert f"{after} to move" in page.text_content("#status")
        context.close()
        assert page.outside == []


def test_phone_a_tap_beside_the_tile_nudges_it_and_place_tile_places_it(browser, site):
    """Issue 24: a 2x2 tapped at a1, then a tap on b2 (inside it) moves it, never places."""
    context, page = phone(browser)
    open_page(page, site + "/index.html#rugpile/1/players=2/")
    page.tap("#board [data-cell='a1']")  # a 2x2 at a1..b2
    page.wait_for_selector("#board .preview.p0")
    page.tap("#board [data-cell='b2']")  # a 2x2 spreads right and down: b1..c2
    page.wait_for_function("document.querySelector('#status').textContent.includes('at b1')")
    assert page.evaluate("location.hash").endswith("/")  # nothing placed
    assert page.locator("#board rect.sq.p0").count() == 0
    shot(page, "rugpile-phone-nudged")
    page.tap("#panel [data-action='place']")
    page.wait_for_function("location.hash.endsWith('/2x2b1')")
    assert "Blue to move" in page.text_content("#status")
    context.close()
    assert page.outside == []


def test_phone_a_tap_on_a_refused_tiles_anchor_nudges_it(browser, site):
    """A refused tile, tapped on its anchor square, moves there as a mouse pointing there
    would move it (it only said "You cannot place there"); a tap again places it."""
    context, page = phone(browser)
    open_page(page, site + "/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3")
    page.tap("#panel [data-action='kind'][data-kind='2']")  # Blue's 3x3
    page.tap("#board [data-cell='b4']")  # a3..c5: exactly on Red's area
    page.wait_for_selector("#board .preview.illegal")
    expect(page.locator("#status")).to_contain_text("cannot go there")
    shot(page, "rugpile-phone-refused")
    page.tap("#board [data-cell='a3']")  # its anchor: the tile moves to a2..c4
    page.wait_for_selector("#board .preview.p1")
    expect(page.locator("#status")).to_contain_text("3×3 tile at a2")
    assert page.evaluate("location.hash").endswith("/3x3a3")  # nothing placed
    shot(page, "rugpile-phone-refused-nudged")
    page.set_viewport_size({"width": 1280, "height": 800})
    shot(page, "rugpile-desktop-refused-nudged")
    page.tap("#board [data-cell='a3']")  # a tap again places it
    page.wait_for_function("location.hash.endsWith('/3x3a3.3x3a2')")
    context.close()
    assert page.outside == []


def test_the_new_game_form_names_the_number_of_players_and_who_plays_apart(page, site):
    open_page(page, site + "/index.html#rugpile/1/players=2/")
    for size, name in (((375, 812), "phone"), ((1280, 800), "desktop")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.click("#new-game")
        field = page.locator("#option-fields label.field:has([name='opt-players']) > span")
        expect(field).to_have_text("Number of players")
        expect(page.locator("#newgame-form legend")).to_have_text("Players")
        shot(page, f"rugpile-newgame-{name}")
        page.click("#newgame-cancel")
    assert page.errors == []


def test_three_player_move_list_says_who_moved(page, site):
    open_page(page, site + "/index.html#rugpile/1/players=3/2x2a1.2x2c1.2x2e1.2x2a3")
    items = page.locator("#moves li")
    assert items.count() == 4
    swatches = [items.nth(i).locator(".swatch").get_attribute("class") for i in range(4)]
    assert swatches == ["swatch p0", "swatch p1", "swatch p2", "swatch p0"]
    assert items.nth(1).locator(".swatch").get_attribute("title") == "Blue"
    assert items.nth(2).inner_text().strip().endswith("2x2e1")
    # each move's number (drawn left of its item) clears the move before it in its row
    boxes = [
        (items.nth(i).bounding_box(), items.nth(i).locator("button").bounding_box())
        for i in range(4)
    ]
    for (_, before), (item, _) in itertools.pairwise(boxes):
        if abs(item["y"] - before["y"]) < 5:
            assert before["x"] + before["width"] + 18 <= item["x"], (before, item)
    shot(page, "rugpile-desktop-3p-moves")
    # two players: the list stays as it was
    open_page(page, site + "/index.html#rugpile/1/players=2/2x2a1")
    page.wait_for_function("document.querySelectorAll('#moves li').length == 1")
    assert page.locator("#moves .swatch").count() == 0
    assert page.errors == []


def test_last_tile_marker_is_no_players_colour_in_light_and_dark(browser, site):
    link = "/index.html#rugpile/1/players=4/2x2a1.2x2c1.2x2e1.3x3b2"
    for scheme in ("light", "dark"):
        for width, height, name in ((1280, 800, "desktop"), (375, 812, "phone")):
            context = browser.new_context(
                viewport={"width": width, "height": height}, color_scheme=scheme
            )
            page = context.new_page()
            outside = guard(page)
            open_page(page, site + link)
            players = page.evaluate("""() => [0, 1, 2, 3].map(i => getComputedStyle(
                document.querySelector('#scores .swatch.p' + i)).backgroundColor)""")
            strokes = page.evaluate("""() => [...document.querySelectorAll('#board .rug-last')]
                .map(e => getComputedStyle(e).stroke)""")
            assert strokes == ["rgb(17, 17, 17)", "rgb(255, 255, 255)"], strokes
            assert not set(strokes) & set(players)
            page.locator("#board").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"rugpile-last-{name}-{scheme}.png"))
            context.close()
            assert outside == []


def test_red_is_drawn_red_not_orange(page, site):
    """Issue 24, item 9: Rug Pile's Red seat was drawn orange (#d55e00): its squares, its
    swatch and its supply's tiles are red (green and blue well under red), Petrify's Orange
    stays orange."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, site + "/index.html#rugpile/1/players=2/2x2a1")
    colours = page.evaluate("""() => ['#board rect.sq.p0', '#scores .swatch.p0',
        '#panel .tile-icon rect.p0'].map(s => {
            const style = getComputedStyle(document.querySelector(s));
            return s.includes('swatch') ? style.backgroundColor : style.fill; })""")
    for colour in colours:
        r, g, b = (int(v) for v in colour[colour.index("(") + 1 : -1].split(","))
        assert r > 180 and g < r * 0.3 and b < r * 0.3, colours  # red: no orange's green
    shot(page, "rugpile-red-desktop")
    open_page(page, site + "/index.html#petrify/1/size=6/")
    orange = page.evaluate(
        "getComputedStyle(document.querySelector('#scores .swatch.pf-c-orange')).backgroundColor"
    )
    assert orange == "rgb(213, 94, 0)"  # #d55e00
    assert page.errors == []
