"""Between games (issue item 8) on a phone with touch: Rematch and New game start afresh.
Nothing of the game before stays: not its message, nor Analyse (on, with its best moves
marked on the board), nor the graph's panel; the board faces the one person playing the
computer, and starts unflipped between people at one screen.  Screenshots:
e2e/screenshots/afresh-*.png, at 375×812 and 1280×800."""

from helpers import SECOND_WINS, answer_next_dialog, guard, open_page, reach, shot
from playwright.sync_api import expect

PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 800}


def phone(browser):
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = context.new_page()
    page.outside = guard(page)
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    return context, page


def tap(page, selector):
    reach(page, selector).tap()


def new_game(page, seats):
    tap(page, "#new-game")
    for seat, kind in enumerate(seats):
        page.select_option(f"select[name='seat-{seat}']", kind)
    page.locator("#newgame-form input[name='hints']").set_checked(False)
    page.tap("#newgame-form button[type='submit']")


def advice_on(page, graph):
    """Analyse on (its best moves marked on the board) and the graph's panel open."""
    tap(page, "#analyse")
    expect(page.locator("#analysis")).to_be_visible()
    expect(page.locator("#board .best-marks")).to_have_count(1, timeout=30_000)
    tap(page, graph)
    expect(page.locator("#graph")).to_be_visible()


def assert_afresh(page, flipped):
    expect(page.locator("#message")).to_be_hidden()
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#analyse")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#analysis")).to_be_hidden()
    expect(page.locator("#graph")).to_be_hidden()
    expect(page.locator("#board .best-marks")).to_have_count(0)
    expect(page.locator("#flip")).to_have_attribute("aria-pressed", str(flipped).lower())


def both_sizes(page, name):
    shot(page, f"{name}-phone")
    page.set_viewport_size(DESKTOP)
    shot(page, f"{name}-desktop")
    page.set_viewport_size(PHONE)


def test_a_rematch_against_the_computer_starts_afresh(browser, site):
    context, page = phone(browser)
    open_page(page, site + "/index.html" + SECOND_WINS)
    new_game(page, ["easy", "human"])  # the computer, first, is sure to lose
    expect(page.locator("#flip")).to_have_attribute("aria-pressed", "true")  # Blue's side
    expect(page.locator("#status")).to_contain_text("Blue", timeout=30_000)
    advice_on(page, "#graph-open")
    tap(page, "#offer-draw")
    expect(page.locator("#message")).to_have_text(
        "Red (computer) accepts the draw.", timeout=30_000
    )
    expect(page.locator("#result")).to_have_text("A draw, agreed by the players.")
    expect(page.locator("#status")).to_have_text("Game over.")  # the result once: the banner's
    shot(page, "afresh-before-rematch-phone")
    tap(page, "#rematch")  # the person now plays Red, first
    assert_afresh(page, flipped=False)
    expect(page.locator("#status")).to_contain_text("Red, your move")
    both_sizes(page, "afresh-rematch")
    assert page.errors == [] and page.outside == []
    context.close()


def test_a_rematch_and_a_new_game_after_a_flipped_game_at_one_screen(browser, site):
    context, page = phone(browser)
    open_page(page, site + "/index.html#gwyddbwyll/1//e3e4")
    tap(page, "#flip")
    expect(page.locator("#flip")).to_have_attribute("aria-pressed", "true")
    advice_on(page, "#graph-open")
    answer_next_dialog(page, accept=True)
    tap(page, "#resign")
    expect(page.locator("#result")).to_have_text("White wins: Black resigned.")
    tap(page, "#rematch")  # people at one screen: White at the bottom
    assert_afresh(page, flipped=False)
    expect(page.locator("#moves button")).to_have_count(0)
    tap(page, "#flip")
    advice_on(page, "#graph-open")
    new_game(page, ["easy", "human"])  # hints off: the board faces the person, Black
    assert_afresh(page, flipped=True)
    expect(page.locator("#moves button")).to_have_count(1, timeout=30_000)  # White's move
    expect(page.locator("#status")).to_contain_text("Black, your move")
    expect(page.locator("#board .best-marks")).to_have_count(0)
    both_sizes(page, "afresh-new-game")
    assert page.errors == [] and page.outside == []
    context.close()
