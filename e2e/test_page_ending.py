"""Resign, draw offers and Rematch in the browser (issue 19, items 2 and 3): hot-seat and
against the computer, kept in the link, the text record and a reload."""

from helpers import SECOND_WINS, answer_next_dialog, computer_idle, new_game, open_page, shot
from playwright.sync_api import expect


def test_resign_in_hot_seat_is_kept_in_the_link_the_record_and_a_reload(page, site):
    open_page(page, site + "/index.html#gwyddbwyll/1//e3e4")
    expect(page.locator("#resign")).to_be_visible()
    expect(page.locator("#offer-draw")).to_be_visible()
    expect(page.locator("#after-game")).to_be_hidden()
    shot(page, "ending-buttons")
    asked = answer_next_dialog(page, accept=False)  # changing one's mind: nothing
    page.click("#resign")
    assert asked == ["Resign this game? Black loses."]
    expect(page.locator("#result")).to_be_hidden()
    answer_next_dialog(page, accept=True)
    page.click("#resign")
    expect(page.locator("#result")).to_have_text("White wins: Black resigned.")
    expect(page.locator("#status")).to_have_text("Game over.")  # the result once, in #result
    assert page.evaluate("location.hash") == "#gwyddbwyll/1//e3e4.black-resigns"
    expect(page.locator("#resign")).to_be_hidden()
    expect(page.locator("#rematch")).to_be_visible()
    shot(page, "ending-resigned")
    page.click("#record-open")
    record = page.input_value("#record-text")
    assert '[Result "White wins: Black resigned."]' in record
    assert record.rstrip().endswith("black-resigns")
    page.click("#record-close")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#result")).to_have_text("White wins: Black resigned.")
    page.click("#undo")  # takes back the resignation
    expect(page.locator("#result")).to_be_hidden()
    assert page.evaluate("location.hash") == "#gwyddbwyll/1//e3e4"
    expect(page.locator("#status")).to_contain_text("Black")
    assert page.errors == []


def test_a_draw_offered_at_one_screen(page, site):
    open_page(page, site + "/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3")
    asked = answer_next_dialog(page, accept=False)
    page.click("#offer-draw")  # the offer is made just after the click
    expect(page.locator("#message")).to_have_text("Red declines the draw.")
    assert asked == ["Blue offers a draw. Red, do you accept?"]
    expect(page.locator("#result")).to_be_hidden()
    answer_next_dialog(page, accept=True)
    page.click("#offer-draw")
    expect(page.locator("#result")).to_have_text("A draw, agreed by the players.")
    assert page.evaluate("location.hash").endswith("/3x3a3.draw-agreed")
    expect(page.locator("#offer-draw")).to_be_hidden()
    # three players cannot agree a draw; Wythe has no draws at all
    page.goto(site + "/index.html#rugpile/1/players=3/")
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#resign")).to_be_visible()
    expect(page.locator("#offer-draw")).to_be_hidden()
    page.click(".pick[data-game='wythe']")
    expect(page.locator("#offer-draw")).to_be_hidden()
    assert page.errors == []


def test_the_computer_judges_a_draw_offer(page, site):
    open_page(page, site + "/index.html" + SECOND_WINS)
    new_game(page, ["human", "easy"])  # the computer, second, is sure to win
    page.click("#offer-draw")
    expect(page.locator("#message")).to_have_text(
        "Blue (computer) declines the draw: it rates its chance to win at 100%.", timeout=30_000
    )
    expect(page.locator("#result")).to_be_hidden()
    new_game(page, ["easy", "human"])  # now the computer, first, is sure to lose
    expect(page.locator("#status")).to_contain_text("Blue", timeout=30_000)
    page.click("#offer-draw")
    expect(page.locator("#message")).to_have_text(
        "Red (computer) accepts the draw.", timeout=30_000
    )
    expect(page.locator("#result")).to_have_text("A draw, agreed by the players.")
    assert page.errors == []


def test_resign_against_the_computer_then_rematch_with_sides_swapped(page, site):
    open_page(page, site + "/index.html#gwyddbwyll/1//")
    new_game(page, ["human", "easy"])
    page.locator("#board [data-cell='e3']").click()
    page.locator("#board [data-cell='e4']").click()
    expect(page.locator("#status")).to_contain_text("thinking")
    answer_next_dialog(page, accept=True)
    page.click("#resign")  # while the computer thinks: White resigns
    expect(page.locator("#result")).to_have_text("Black wins: White resigned.")
    assert page.evaluate("location.hash").endswith(".white-resigns")
    computer_idle(page)  # its turn is over: its move, if it came, was dropped
    assert page.evaluate("location.hash").endswith(".white-resigns")
    expect(page.locator("#moves button")).to_have_count(1)  # White's e3e4 alone
    page.set_viewport_size({"width": 375, "height": 812})
    shot(page, "ending-rematch-phone")
    page.click("#rematch")
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#moves button")).to_have_count(1, timeout=30_000)  # White: computer
    expect(page.locator("#status")).to_contain_text("Black")
    page.click("#new-game")  # the form keeps the swapped seats
    expect(page.locator("select[name='seat-0']")).to_have_value("easy")
    expect(page.locator("select[name='seat-1']")).to_have_value("human")
    page.click("#newgame-cancel")
    assert page.errors == []
