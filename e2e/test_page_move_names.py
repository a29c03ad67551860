"""One notation for a player (issue item 9), on a Gwyddbwyll game: the move list numbers full
moves ("1. e3e4 Rc7b7 2. ..."), and the announcement after a move, Recent and the Analyse
panel name moves as the list does ("e4xf5"), while the link keeps the engine's notation
("e4f5").  Screenshots: e2e/screenshots/move-names-*.png, at 1280×800 and 375×812."""

from helpers import open_page, reach, shot
from playwright.sync_api import expect

LINE = "e3e4.c7b7.c2b2.f6f5"  # then e4 takes f5: e4xf5


def rows(page):
    """The list's moves as laid out: [(its text, its row's top, its column's left)]."""
    return page.evaluate("""() => [...document.querySelectorAll('#moves li:not(.side) button')]
        .map(b => [b.textContent, Math.round(b.getBoundingClientRect().top),
                   Math.round(b.getBoundingClientRect().left)])""")


def test_a_gwyddbwyll_game_speaks_one_notation(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, site + "/index.html#gwyddbwyll/1//" + LINE)
    page.click("#board [data-cell='e4']")
    page.click("#board [data-cell='f5']")
    page.wait_for_function(f"location.hash.endsWith('/{LINE}.e4f5')")  # the link: e4f5
    expect(page.locator("#announce")).to_have_text("White played e4xf5.")
    expect(page.locator("#moves")).to_have_class("moves pairs")
    laid = rows(page)
    assert [text for text, _, _ in laid] == ["e3e4", "Rc7b7", "Rc2b2", "f6f5", "e4xf5"]
    (_, top1, white), (_, top1b, black), (_, top2, white2), (_, top2b, black2) = laid[:4]
    assert top1 == top1b < top2 == top2b < laid[4][1]  # a row per full move: three rows
    assert white == white2 == laid[4][2] < black == black2  # White's column, then Black's
    numbers = page.eval_on_selector_all("#moves .n", "ns => ns.map(n => n.textContent)")
    assert numbers == ["1.", "2.", "3."]  # each row's number, before White's move
    shot(page, "move-names-desktop")
    page.click("#recent-open")
    expect(page.locator("#recent-list button").first).to_contain_text("5 moves, last e4xf5")
    page.click("#recent-close")
    page.click("#analyse")  # its best moves and line in the list's notation too
    expect(page.locator("#analysis-body")).to_contain_text(
        "xf5", timeout=30_000
    )  # "e6xf5", not "e6f5"
    page.click("#analyse")
    # another White move at move 2: a side line under Rc2b2, and Black's f6f5 after it in a
    # row of its own, "2. …"
    page.click("#moves [data-ply='2']")
    expect(page.locator("#status")).to_contain_text("Viewing move 1 (Black's). White to move")
    page.click("#board [data-cell='d2']")
    page.click("#board [data-cell='c4']")
    expect(page.locator("#moves li.side")).to_have_text(
        "2.side line: Nd2c4"
    )  # "side line: " for screen readers
    expect(page.locator("#moves li.gap")).to_have_count(1)
    gap, black = (
        page.locator(selector).bounding_box()
        for selector in ("#moves li.gap", "#moves li:has(> [data-ply='4'])")
    )
    assert abs(gap["y"] - black["y"]) < 2 and gap["x"] < black["x"]  # one row: "2. …  f6f5"
    expect(page.locator("#moves li.gap")).to_have_text("2.…")
    shot(page, "move-names-side-line-desktop")
    page.set_viewport_size({"width": 375, "height": 812})
    reach(page, "#moves button[data-ply='5']")
    shot(page, "move-names-phone")
    assert page.errors == []
