"""Wythe in the browser: place pieces by clicking (and cancel one), the swap and who then
plays which colour, group hovering, a forced pass with its reason, and an ended game's
result; screenshots of each."""

from helpers import SHOTS, guard, open_page, shot

# 6×6, every rank B W W B B W (see tests/test_wythe.py): after these 18 placements neither
# side can place, the score is 0–0, and White made the last placement.
TIE = ".".join(
    m for rank in range(1, 7) for m in (f"a{rank}b{rank}", f"d{rank}c{rank}", f"e{rank}f{rank}")
)


def click_square(page, name):
    page.click(f"#board [data-cell='{name}']")


def wait_for_moves(page, moves: str):
    page.wait_for_function(f"location.hash.split('/')[3] === '{moves}'")


def test_place_cancel_swap_and_stack_by_clicking(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(page, site + "/index.html#wythe/1/size=8/")
    assert page.text_content("#title") == "Wythe"
    click_square(page, "c3")  # the black half ...
    page.wait_for_selector("#board .wy-selected")
    assert page.locator("#board .wy-target").count() == 4  # c3's four empty neighbours
    click_square(page, "d3")  # ... then the white half
    wait_for_moves(page, "c3d3")
    assert page.locator("#board .wy-piece").count() == 1
    swap = page.locator("#actions [data-move='swap']")
    assert "play Black from now on" in swap.get_attribute("title")
    assert "play Black from now on" in page.text_content("#panel")
    swap.click()
    wait_for_moves(page, "c3d3.swap")
    assert page.locator("#scores li .name").all_text_contents() == ["White", "Black"]
    assert "Player 1 (who opened) plays White" in page.text_content("#panel")
    assert page.locator("#actions [data-move='swap']").count() == 0
    click_square(page, "c4")  # White's player changes mind:
    page.wait_for_selector("#board .wy-selected")
    page.click("#panel [data-action='cancel']")  # Cancel clears the choice
    page.wait_for_selector("#board .wy-selected", state="detached")
    click_square(page, "d4")  # black on d4, white on c4
    click_square(page, "c4")
    wait_for_moves(page, "c3d3.swap.d4c4")
    # Black stacks across the two pieces: black onto the white d3, white onto the black d4.
    click_square(page, "d3")
    page.wait_for_selector("#board .wy-target")
    click_square(page, "d4")
    wait_for_moves(page, "c3d3.swap.d4c4.d3d4")
    assert "d3: black top, height 2" in page.text_content("#board [data-cell='d3'] title")
    assert page.locator("#board .wy-frozen").count() == 2  # c3 and c4 are frozen now
    click_square(page, "c4")  # a frozen square is refused
    assert "c4 is frozen" in page.text_content("#status")
    page.hover("#board [data-cell='d3']")  # c3 and d3: a black group of 2
    page.wait_for_selector("#board .wy-group")
    assert "black group of 2" in page.text_content("#status")
    shot(page, "wythe-stacked")
    assert page.errors == []


def test_forced_pass_and_the_result(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(page, site + f"/index.html#wythe/1/size=6/{TIE}")
    button = page.locator("#actions [data-move='pass']")
    assert "no legal placement" in button.text_content()
    assert "must pass" in page.text_content("#status")
    button.click()
    wait_for_moves(page, TIE + ".pass")
    page.click("#actions [data-move='pass']")
    page.wait_for_selector("#result:not([hidden])")
    result = page.text_content("#result")
    assert "Black wins" in result and "White made the last placement" in result
    shot(page, "wythe-ended")
    assert page.errors == []


def test_phone_layout(page, site):
    page.set_viewport_size({"width": 375, "height": 740})
    open_page(page, site + "/index.html#wythe/1/size=8/c3d3.e4e5.d4c4.d3d4")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page scrolls sideways on a phone ({width}px)"
    shot(page, "wythe-phone")
    assert page.errors == []


def check_frozen_legend_and_click(page, name):
    """The panel's legend draws the frozen marks as the board does; a click (or tap) on the
    frozen c3, a black top, says it is frozen."""
    open_page(page, page.url.split("#")[0] + "#wythe/1/size=8/c3d3.e4e5.d4c4.d3d4")
    legend = page.locator("#panel .wy-legend [data-key='frozen']")
    assert "Frozen" in legend.text_content()
    assert legend.locator(".wy-frozen").count() == 2
    rim = legend.locator(".wy-frozen .wy-rim").first
    board_rim = page.locator("#board .wy-frozen .wy-rim").first
    style = "e => [getComputedStyle(e).stroke, getComputedStyle(e).strokeDasharray]"
    assert rim.evaluate(style) == board_rim.evaluate(style)  # the board's red dashes
    assert "for the black half" in page.text_content("#status")
    if name == "phone":
        page.tap("#board [data-cell='c3']")
    else:
        click_square(page, "c3")
    page.wait_for_function(
        "document.querySelector('#status').textContent"
        ".includes('c3 is frozen: its top piece is half-covered')"
    )
    shot(page, f"wythe-frozen-{name}")


def test_frozen_squares_have_a_legend_and_say_so_when_clicked(page, site):
    """Issue 19, item 8, at 1280×800 with a mouse: the legend and a click on a frozen square;
    White's prompt says why it starts with a black half; the rules figure hatches its frozen
    squares as the board does."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, site + "/index.html")
    check_frozen_legend_and_click(page, "desktop")
    page.keyboard.press("Escape")  # clears the refusal
    page.wait_for_function("!document.querySelector('#status').textContent.includes('frozen')")
    click_square(page, "a1")  # Black places a1a2 ...
    click_square(page, "a2")
    wait_for_moves(page, "c3d3.e4e5.d4c4.d3d4.a1a2")
    page.wait_for_function(
        "document.querySelector('#status').textContent.includes('both players lay')"
    )  # ... and White is told why
    assert "White (Player 2) to move" in page.text_content("#status")
    page.click("#rules-open")
    page.wait_for_selector("#rules-body .wy-rules-frozen")
    figure = page.locator("#rules-body .wy-rules-frozen rect[stroke-dasharray]").first
    assert figure.evaluate("e => getComputedStyle(e).stroke") == "rgb(192, 57, 43)"
    page.locator("#rules-body .rules-figure").first.screenshot(
        path=str(SHOTS / "wythe-rules-frozen.png")
    )
    assert page.errors == []


def test_a_tap_on_a_frozen_square_says_so_on_a_phone(browser, site):
    context = browser.new_context(
        viewport={"width": 375, "height": 812}, has_touch=True, is_mobile=True, color_scheme="dark"
    )
    page = context.new_page()
    outside = guard(page)
    open_page(page, site + "/index.html")
    check_frozen_legend_and_click(page, "phone")
    context.close()
    assert outside == []
