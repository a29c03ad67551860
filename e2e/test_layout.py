"""The page's layout while playing (issue 19): the move list follows the game, the board does
not jump when the status wraps or a notice shows, and every button on a phone is big enough
for a finger."""

import pytest
from helpers import ROOT, new_page, open_page, random_game, reach, run_python, shot
from playwright.sync_api import expect

from engine import games
from engine.contract.plugins import plugin
from engine.learning.puzzles import load

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 812}


def current_in_view(page) -> bool:
    """The move list's current move lies inside the list's visible box."""
    return page.evaluate("""() => {
        const list = document.getElementById('moves');
        const item = list.querySelector("[aria-current='true']");
        if (!item) return null;
        const box = list.getBoundingClientRect(), r = item.getBoundingClientRect();
        return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    }""")


def keys(page, key: str, ply: int):
    page.evaluate("document.activeElement && document.activeElement.blur()")
    page.keyboard.press(key)
    if ply:
        expect(page.locator(f"#moves [data-ply='{ply}']")).to_have_attribute(
            "aria-current", "true"
        )
    else:
        expect(page.locator("#moves [aria-current='true']")).to_have_count(0)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_move_list_keeps_the_current_move_in_view(browser, site, viewport):
    plies = 60
    fragment = random_game("gwyddbwyll", plies)
    page = new_page(browser)
    page.set_viewport_size(viewport)
    open_page(page, f"{site}/index.html#{fragment}")
    expect(page.locator("#moves button")).to_have_count(plies)
    reach(page, "#moves")  # on a phone the move list is a sheet, one tap away
    assert page.evaluate(
        "document.getElementById('moves').scrollHeight > "
        "document.getElementById('moves').clientHeight"
    ), "the list does not scroll"
    expect(page.locator(f"#moves [data-ply='{plies}']")).to_have_attribute("aria-current", "true")
    assert current_in_view(page), "the latest move is out of the list's view"
    scroll_y = page.evaluate("scrollY")

    keys(page, "Home", 0)
    keys(page, "ArrowRight", 1)
    assert current_in_view(page), "move 1 is out of view after Home"
    keys(page, "End", plies)
    assert current_in_view(page), "the latest move is out of view after End"
    for ply in range(plies - 1, plies - 25, -1):  # step back, past the top of the view
        keys(page, "ArrowLeft", ply)
        assert current_in_view(page), f"move {ply} is out of view after stepping back"
    assert page.evaluate("scrollY") == scroll_y, "the page itself scrolled"
    page.click("#undo")  # the buttons too
    expect(page.locator(f"#moves [data-ply='{plies - 25}']")).to_have_attribute(
        "aria-current", "true"
    )
    assert current_in_view(page)
    page.click("#moves [data-ply='2']", force=True)  # a click on a move in the list
    page.locator("#moves").evaluate("list => { list.scrollTop = list.scrollHeight; }")
    reach(page, "#redo").click()  # on a phone, in More (the bar's → does the same)
    expect(page.locator("#moves [data-ply='3']")).to_have_attribute("aria-current", "true")
    assert current_in_view(page), "Redo left the current move out of view"
    shot(page, f"move-list-follows-{'phone' if viewport is PHONE else 'desktop'}")
    assert page.errors == []
    page.context.close()


LAPTOP = {"width": 1366, "height": 768}
# Where the move list's current move and the game's panel stand in the side column's view.
SIDE_VIEW = """() => {
    const column = document.querySelector('.side-panels');
    const view = column.getBoundingClientRect();
    const current = document.querySelector("#moves [aria-current='true']");
    const seen = el => { const r = el.getBoundingClientRect();
                         return r.top >= view.top - 1 && r.bottom <= view.bottom + 1; };
    const panel = document.getElementById('panel').getBoundingClientRect();
    return {scrolled: column.scrollTop, current: seen(current),
            panelTop: panel.top < view.bottom - 40};
}"""


@pytest.mark.parametrize("game_id", ["wythe", "petrify", "stigmergy"])
def test_on_a_laptop_the_moves_share_the_side_column_with_the_panel(browser, site, game_id):
    """On a 1366 x 768 screen the game's panel (Wythe's groups, Petrify's patches, Stigmergy's
    score) filled the side column and the moves fell below it, out of view: the panel gives
    way now, scrolling in itself."""
    plies = 40
    page = new_page(browser)
    page.set_viewport_size(LAPTOP)
    open_page(page, f"{site}/index.html#{random_game(game_id, plies)}")
    expect(page.locator(f"#moves [data-ply='{plies}']")).to_have_attribute("aria-current", "true")
    seen = page.evaluate(SIDE_VIEW)
    assert seen == {"scrolled": 0, "current": True, "panelTop": True}, seen
    assert current_in_view(page), "the latest move is out of the list's view"
    shot(page, f"side-column-laptop-{game_id}", full_page=False)
    assert page.errors == []
    page.context.close()


# The lines of text in the status (the box itself keeps room for two).
LINES = """status => {
    const range = document.createRange();
    range.selectNodeContents(status);
    const line = parseFloat(getComputedStyle(status).lineHeight);
    return Math.round(range.getBoundingClientRect().height / line);
}"""
# The longest status of whole words that takes `lines` lines on this screen (now shown).
WRAP = (
    """(status, lines) => {
    const count = () => ("""
    + LINES
    + """)(status);
    const words = ("Black to move: click a square for the black half, then one beside it"
                   .split(" "));
    let text = "";
    for (let i = 0; ; i++) {
        const longer = (text + " " + words[i % words.length]).trim();
        status.textContent = longer;
        if (count() > lines) break;
        text = longer;
    }
    status.textContent = text;
    if (count() !== lines) throw new Error(`${count()} lines, not ${lines}`);
    return text;
}"""
)


def board_top(page) -> float:
    return page.evaluate("document.getElementById('board').getBoundingClientRect().top")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_board_stays_put_when_the_status_wraps_or_a_notice_shows(browser, site, viewport):
    page = new_page(browser, permissions=["clipboard-read", "clipboard-write"])
    page.set_viewport_size(viewport)
    label = "phone" if viewport is PHONE else "desktop"
    for game_id in games.ids():
        open_page(page, f"{site}/index.html#{random_game(game_id, 3)}")
        top = board_top(page)
        status = page.locator("#status")
        real = status.text_content()
        room = 3 if viewport is PHONE else 2
        assert status.evaluate(LINES) <= room, (
            f"{game_id}: the status {real!r} is over {room} lines"
        )
        # One line, then two (three): the room is kept whatever the status says.
        for lines in range(1, room + 1):
            text = status.evaluate(WRAP, lines)
            assert abs(board_top(page) - top) <= 1, f"{game_id}: the board moved for {text!r}"
        status.evaluate("(s, text) => { s.textContent = text; }", real)

        reach(page, "#copy-link").click()  # on a phone, in More
        expect(page.locator("#message")).to_have_text("Link copied.")
        assert abs(board_top(page) - top) <= 1, f"{game_id}: 'Link copied.' moved the board"
        if game_id == "wythe":
            shot(page, f"link-copied-{label}")
        expect(page.locator("#message")).to_be_hidden(timeout=6000)
        assert abs(board_top(page) - top) <= 1, f"{game_id}: the notice going moved the board"
    assert page.errors == []
    page.context.close()


def test_every_button_on_a_phone_is_big_enough(browser, site):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    small = []

    def measure(where):
        for name, height in page.evaluate("""() => [...document.querySelectorAll(
                'button, .file-button, [role=button]')]
            .filter(b => b.offsetParent !== null || getComputedStyle(b).position === 'fixed')
            .map(b => [b.id || b.textContent.trim().slice(0, 20) || b.className,
                       b.getBoundingClientRect().height])"""):
            if height < 40 - 0.01:
                small.append(f"{where}: {name!r} is {height:.0f} px tall")

    for game_id in games.ids():
        open_page(page, f"{site}/index.html#{random_game(game_id, 3)}")
        measure(game_id)
    for dialog in ["newgame", "record", "recent", "rules", "shortcuts"]:
        reach(page, f"#{dialog}-open" if dialog != "newgame" else "#new-game").click()
        expect(page.locator(f"#{dialog}")).to_be_visible()
        measure(f"the {dialog} dialog")
        if dialog == "shortcuts":
            shot(page, "shortcuts-phone")
        page.keyboard.press("Escape")
        expect(page.locator(f"#{dialog}")).to_be_hidden()
    shot(page, "buttons-phone")
    assert small == []
    assert page.errors == []
    context.close()


@pytest.mark.parametrize("width", [1024, 1280])
def test_the_top_bar_is_one_row_on_a_tablet_and_a_desktop(browser, site, width):
    """The games, Recent, Rules, Learn, the Puzzles count and New game side by side, each
    button's words on one line (at 1024 px they wrapped into two rows, New game into two
    lines, once Puzzles joined them)."""
    page = new_page(browser)
    page.set_viewport_size({"width": width, "height": 768})
    with_puzzles = [g for g in games.ids() if load(g, (ROOT / plugin(g).puzzles).read_text())]
    game_id = max(with_puzzles, key=lambda g: len(games.name(g)))  # the widest picker
    open_page(page, f"{site}/index.html#{game_id}")
    page.wait_for_selector("#puzzles-open:not([hidden])")
    tops = page.evaluate("""() => [...document.querySelectorAll('.top button')]
        .filter(b => b.offsetParent !== null)
        .map(b => [b.textContent.trim(), b.getBoundingClientRect().top,
                   b.getBoundingClientRect().height])""")
    assert len(tops) == len(games.ids()) + 5, tops  # the games, four tools, New game
    assert max(top for _, top, _ in tops) - min(top for _, top, _ in tops) < 8, tops
    assert max(height for _, _, height in tops) < 48, tops  # one line of words each
    shot(page, f"top-bar-{width}", full_page=False)
    assert page.errors == []


@pytest.mark.parametrize("width", [375, 1100])
def test_a_numbered_move_stays_on_one_line(browser, site, width):
    """Gwyddbwyll's list by full moves: "3. a4xb5 e.p." (an en passant capture, the longest
    word a move gets) on one line with its number, as wide as White's column must be (at
    1100 px the move wrapped under its number)."""
    page = new_page(browser)
    page.set_viewport_size({"width": width, "height": 800})
    open_page(page, f"{site}/index.html#gwyddbwyll")
    for text in ("e1d1", "a6a5", "a3a4", "b6b4", "a4b5"):
        run_python(page, "PAGE.play(MOVE, text=True)", MOVE=text)
    reach(page, "#moves [data-ply='5']")  # on a phone, in the move list's sheet
    expect(page.locator("#moves [data-ply='5']")).to_have_text("a4xb5 e.p.")
    heights = page.evaluate("""() => [...document.querySelectorAll('#moves > li')]
        .map(li => [li.textContent.trim(), Math.round(li.getBoundingClientRect().height)])""")
    assert len(heights) == 5 and len({h for _, h in heights}) == 1, heights
    assert heights[0][1] > 0, "the move list is not shown"
    shot(page, f"move-list-numbered-{width}", full_page=False)
    assert page.errors == []


# Each move that runs into the number of the move after it in its row, in the move list: the
# numbers are the list's markers, drawn left of their items, so each is measured as a text of
# its item's font.
RUN_INTO_NUMBERS = """() => {
    const probe = document.createElement('span');
    probe.style.cssText = 'position: absolute; white-space: pre; visibility: hidden';
    document.body.append(probe);
    const found = [];
    let number = 0, before = null;
    for (const item of document.querySelectorAll('#moves > li')) {
        number = item.hasAttribute('value') ? item.value : number + 1;  // the list's counting
        if (item.matches('.side, .part, .gap')) { before = null; continue; }
        const box = item.getBoundingClientRect();
        probe.style.font = getComputedStyle(item).font;
        probe.textContent = `${number}. `;
        const end = before && before.querySelector('button').getBoundingClientRect();
        if (end && Math.abs(before.getBoundingClientRect().top - box.top) < 2
            && end.right > box.left - probe.getBoundingClientRect().width) {
            found.push(`${before.textContent.trim()} | ${number}.`);
        }
        before = item;
    }
    probe.remove();
    return found;
}"""
STIGMERGY_WORDS = ["komi-37", "black", "d4", "a2", "b1", "c2", "d1", "e2", "f1", "g2"]
STIGMERGY_WORDS += ["button", "h1"]  # "button", eleventh, before "12."


@pytest.mark.parametrize("width", [375, 1024, 1366])
def test_no_move_runs_into_the_next_moves_number(browser, site, width):
    """Stigmergy's "komi-37" ran into "2." and "button" into the number after it: a word
    longer than a column holds takes two.  Petrify's five-letter captures fit one."""
    page = new_page(browser)
    page.set_viewport_size({"width": width, "height": 768})
    open_page(page, f"{site}/index.html#stigmergy")
    for text in STIGMERGY_WORDS:
        run_python(page, "PAGE.play(MOVE, text=True)", MOVE=text)
    reach(page, f"#moves [data-ply='{len(STIGMERGY_WORDS)}']")  # on a phone, in its sheet
    assert page.evaluate(RUN_INTO_NUMBERS) == []
    shot(page, f"move-list-words-{width}", full_page=False)
    page.goto("about:blank")
    open_page(page, f"{site}/index.html#{random_game('petrify', 96)}")
    reach(page, "#moves [data-ply='96']")
    assert page.evaluate(RUN_INTO_NUMBERS) == []
    assert page.errors == []
    page.context.close()


def test_a_bad_link_shows_the_board_of_its_own_game(browser, site):
    page = new_page(browser)
    rug = random_game("rugpile", 2)
    open_page(page, f"{site}/index.html#{rug}")
    expect(page.locator("#moves button")).to_have_count(2)
    wythe = random_game("wythe", 2)
    page.evaluate("h => { location.hash = h }", f"#{wythe}.zz9")  # a link typed in
    message = page.locator("#message")
    expect(message).to_contain_text("move 3 ('zz9')")
    expect(message).to_have_class("error")
    expect(page.locator("body")).to_have_attribute("data-game", "wythe")
    expect(page.locator("#title")).to_have_text("Wythe")
    assert page.locator("#board [data-cell='h8']").count() == 1  # Wythe's board, empty
    expect(page.locator("#moves button")).to_have_count(0)
    shot(page, "bad-link-own-board")
    # The offers still stand: the game on screen before, the legal part, a fresh game.
    expect(page.locator("#message [data-action='fresh']")).to_be_visible()
    page.click("#message [data-action='resume']")
    expect(page.locator("body")).to_have_attribute("data-game", "rugpile")
    expect(page.locator("#moves button")).to_have_count(2)
    expect(message).to_be_hidden()
    page.evaluate("h => { location.hash = h }", f"#{wythe}.zz9")
    expect(message).to_contain_text("move 3 ('zz9')")
    page.click("#message [data-action='legal-part']")
    page.wait_for_function(f"location.hash === {('#' + wythe)!r}")
    expect(page.locator("#moves button")).to_have_count(2)
    expect(message).to_be_hidden()
    # A link to no game we know leaves the board as it is.
    page.evaluate("h => { location.hash = h }", "#chess/1//e2e4")
    expect(message).to_contain_text("unknown game 'chess'")
    expect(page.locator("body")).to_have_attribute("data-game", "wythe")
    expect(page.locator("#moves button")).to_have_count(2)
    assert page.errors == []
    page.context.close()
