"""The first screen at a desktop's sizes and on a phone (issue 24, items 3 and 4), measured with
bounding boxes: at 1280x800 and 1366x768 the board, the status, a hint's notice and (after
Resign) the result and Rematch all share the screen in every game; on a phone (375x812) the
board and the status come first, a bar fixed at the foot holds back, forward, Undo and
Analyse, the move list and the menus are one tap away, and the New game form fits; a tablet
held upright has the phone's layout, and a phone held sideways the board as tall as its
screen beside everything else."""

import pytest
from helpers import SHOTS, open_page, puzzles_of, random_game, run_python, wrong_move
from playwright.sync_api import expect

from engine import games

DESKTOPS = [{"width": 1280, "height": 800}, {"width": 1366, "height": 768}]
PHONE = {"width": 375, "height": 812}
PLIES = 6


def box(page, selector: str) -> dict:
    """The element's box in the viewport (it must be shown)."""
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def bottom(b: dict) -> float:
    return b["y"] + b["height"]


def within(page, selector: str, top: float, foot: float, width: float, where: str) -> dict:
    """The element lies between `top` and `foot` and inside the screen's width."""
    b = box(page, selector)
    assert b["y"] >= top - 0.5 and bottom(b) <= foot + 0.5, (
        f"{where}: {selector} runs from y={b['y']:.0f} to {bottom(b):.0f}, "
        f"outside {top:.0f}..{foot:.0f}"
    )
    assert b["x"] >= -0.5 and b["x"] + b["width"] <= width + 0.5, (
        f"{where}: {selector} runs from x={b['x']:.0f} to {b['x'] + b['width']:.0f}"
    )
    return b


def overlap(a: dict, b: dict) -> bool:
    """The two boxes share more than a pixel's edge."""
    return (
        a["x"] < b["x"] + b["width"] - 1
        and b["x"] < a["x"] + a["width"] - 1
        and a["y"] < bottom(b) - 1
        and b["y"] < bottom(a) - 1
    )


def one_screen(page, where: str):
    """The page does not scroll: everything is on its first screen."""
    tall, high = page.evaluate("[document.documentElement.scrollHeight, innerHeight]")
    assert tall <= high, f"{where}: the page is {tall} px tall on a {high} px screen"


def screenshot(page, name: str):
    """The screen as a player sees it (the viewport, not the whole page)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def resign(page):
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign")
    expect(page.locator("#result")).to_be_visible()


@pytest.mark.parametrize("viewport", DESKTOPS, ids=["1280x800", "1366x768"])
def test_on_a_desktop_the_board_status_hint_and_result_share_the_first_screen(
    browser, site, viewport
):
    width, height = viewport["width"], viewport["height"]
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    for game_id in games.ids():
        where = f"{game_id} at {width}x{height}"
        open_page(page, f"{site}/index.html#{random_game(game_id, PLIES)}")
        one_screen(page, where)
        board = within(page, "#board", 0, height, width, where)
        within(page, "#status", 0, height, width, where)
        # The hint's notice: on the screen, never over the board.
        page.click("#hint")
        expect(page.locator("#message")).to_contain_text("Hint for", timeout=60_000)
        notice = within(page, "#message", 0, height, width, f"{where}, the hint")
        assert not overlap(notice, board), f"{where}: the hint's notice covers the board"
        assert box(page, "#board") == board, f"{where}: the hint's notice moved the board"
        screenshot(page, f"screen-{width}-{game_id}")
        resign(page)
        one_screen(page, f"{where}, resigned")
        within(page, "#board", 0, height, width, f"{where}, resigned")
        result = within(page, "#result", 0, height, width, f"{where}, resigned")
        within(page, "#rematch", 0, height, width, f"{where}, resigned")
        assert bottom(result) <= box(page, "#board")["y"] + 1, (
            f"{where}: the result is under the board"
        )
        screenshot(page, f"screen-{width}-{game_id}-resigned")
    # Against the computer, with hints allowed: Pause and Hint both show, the board still fits.
    for game_id in ["gwyddbwyll", "rugpile"]:
        where = f"{game_id} against the computer at {width}x{height}"
        open_page(page, f"{site}/index.html#{random_game(game_id, 0)}")
        page.click("#new-game")
        page.select_option("select[name='seat-1']", "easy")
        page.check("#option-fields [name='hints']")
        page.click("#newgame-form button[type='submit']")
        expect(page.locator("#pause")).to_be_visible()
        expect(page.locator("#hint")).to_be_visible()
        one_screen(page, where)
        within(page, "#board", 0, height, width, where)
        within(page, "#status", 0, height, width, where)
        screenshot(page, f"screen-{width}-{game_id}-computer")
    assert page.errors == []
    context.close()


def phone_first_screen(page, game_id: str) -> dict:
    """The bar fixed at the foot with its controls; the board, then the status (and Rug
    Pile's score) above it.  Returns the bar's box."""
    width, height, where = PHONE["width"], PHONE["height"], f"{game_id} on a phone"
    assert page.evaluate("document.documentElement.scrollWidth") <= width, (
        f"{where}: the page scrolls sideways"
    )
    bar = within(page, ".bar", 0, height, width, where)
    assert abs(bottom(bar) - height) <= 1, f"{where}: the bar ends at y={bottom(bar):.0f}"
    assert page.evaluate("getComputedStyle(document.querySelector('.bar')).position") == "fixed"
    for control in ["#back", "#forward", "#undo", "#analyse", "#moves-open", "#more-open"]:
        within(page, control, bar["y"], height, width, f"{where}, the bar")
    board = within(page, "#board", 0, bar["y"], width, where)
    status = within(page, "#status", 0, bar["y"], width, where)
    assert status["y"] >= bottom(board) - 1, f"{where}: the status is not under the board"
    if game_id == "rugpile":
        within(page, "#scores", 0, bar["y"], width, f"{where}, the score")
    screenshot(page, f"screen-phone-{game_id}")
    page.evaluate("scrollTo(0, 400)")
    assert box(page, ".bar") == bar, f"{where}: the bar moved when the page scrolled"
    page.evaluate("scrollTo(0, 0)")
    return bar


def phone_one_tap(page, game_id: str, bar: dict):
    """Undo, back, forward, Analyse and the move list, one tap each; the list never over
    the board."""
    width, where = PHONE["width"], f"{game_id} on a phone"
    page.tap("#undo")
    expect(page.locator("#moves [aria-current='true']")).to_have_attribute(
        "data-ply", str(PLIES - 1)
    )
    page.tap("#forward")
    expect(page.locator("#moves [aria-current='true']")).to_have_attribute("data-ply", str(PLIES))
    page.tap("#back")
    expect(page.locator("#moves [aria-current='true']")).to_have_attribute(
        "data-ply", str(PLIES - 1)
    )
    page.tap("#analyse")
    expect(page.locator("#analysis")).to_be_visible()
    assert box(page, "#analysis")["y"] < bar["y"] - 40, f"{where}: the analysis is off screen"
    page.tap("#analyse")
    expect(page.locator("#analysis")).to_be_hidden()
    page.tap("#moves-open")
    expect(page.locator("#moves")).to_be_visible()
    moves = within(page, "#history", 0, bar["y"], width, f"{where}, the move list")
    assert not overlap(moves, box(page, "#board")), f"{where}: the move list covers the board"
    within(page, f"#moves [data-ply='{PLIES - 1}']", 0, bar["y"], width, f"{where}, a move")
    if game_id == "gwyddbwyll":
        screenshot(page, "screen-phone-moves")
    page.tap("#moves-close")
    expect(page.locator("#moves")).to_be_hidden()
    page.tap("#forward")  # back to the game's last move, where a player may resign
    expect(page.locator("#moves [aria-current='true']")).to_have_attribute("data-ply", str(PLIES))


def phone_resign(page, game_id: str, bar: dict):
    """Resign from More; the result and Rematch (and Rug Pile's score) then on the screen."""
    width, where = PHONE["width"], f"{game_id} on a phone, resigned"
    page.tap("#more-open")
    expect(page.locator("#resign")).to_be_visible()
    if game_id == "gwyddbwyll":
        screenshot(page, "screen-phone-more")
    resign(page)
    expect(page.locator("#more")).to_be_hidden()
    within(page, "#result", 0, bar["y"], width, where)
    within(page, "#rematch", 0, bar["y"], width, where)
    if game_id == "rugpile":
        within(page, "#scores", 0, bar["y"], width, f"{where}, the score")
    screenshot(page, f"screen-phone-{game_id}-resigned")


CLIPPED = """() => [...document.querySelectorAll('#newgame, #newgame *')]
    .filter(e => e.clientWidth > 0 && e.scrollWidth > e.clientWidth)
    .map(e => `${e.tagName}#${e.id} ${e.scrollWidth} > ${e.clientWidth}`)"""


def phone_new_game_form(page, game_id: str):
    """Nothing in the New game form is clipped or wider than the dialog."""
    where = f"{game_id} on a phone"
    page.tap("#new-game")
    expect(page.locator("#newgame")).to_be_visible()
    clipped = page.evaluate(CLIPPED)
    assert clipped == [], f"{where}: the New game form is clipped: {clipped}"
    dialog = box(page, "#newgame")
    for field in page.locator("#newgame select, #newgame input:not([type=hidden])").all():
        b = field.bounding_box()  # None: a field not shown (the game's options hide it)
        assert b is None or b["x"] + b["width"] <= dialog["x"] + dialog["width"], (
            f"{where}: a field of the New game form sticks out of it"
        )
    if game_id == "gwyddbwyll":
        screenshot(page, "screen-phone-new-game")
    page.keyboard.press("Escape")
    expect(page.locator("#newgame")).to_be_hidden()


def test_on_a_phone_the_board_and_status_come_first_with_a_bar_of_controls_at_the_foot(
    browser, site
):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    for game_id in games.ids():
        open_page(page, f"{site}/index.html#{random_game(game_id, PLIES)}")
        bar = phone_first_screen(page, game_id)
        phone_one_tap(page, game_id, bar)
        phone_resign(page, game_id, bar)
        phone_new_game_form(page, game_id)
    # The games: one control at the top, one tap away.
    page.tap("#games-open")
    expect(page.locator("#picker")).to_be_visible()
    screenshot(page, "screen-phone-games")
    page.tap("#picker [data-game='wythe']")
    expect(page.locator("body")).to_have_attribute("data-game", "wythe")
    expect(page.locator("#picker")).to_be_hidden()
    expect(page.locator("#games-open")).to_have_text("Wythe")
    assert page.errors == []
    context.close()


@pytest.mark.parametrize(
    "size",
    [{"width": 810, "height": 1080}, {"width": 1080, "height": 810}],
    ids=["upright", "turned"],
)
def test_a_tablet_held_upright_has_the_phones_layout(browser, site, size):
    """Held upright (810 x 1080), a tablet had the desktop's two columns: the board some 440
    px wide beside the side column, the screen's lower half empty.  Upright it has the
    phone's layout now, the board across the screen and the bar at the foot; turned, the
    desktop's.  A tap plays on either."""
    width, height = size["width"], size["height"]
    upright = height > width
    context = browser.new_context(viewport=size, has_touch=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    open_page(page, f"{site}/index.html#petrify")
    board, bar = box(page, "#board"), box(page, ".bar")
    fixed = page.evaluate("getComputedStyle(document.querySelector('.bar')).position") == "fixed"
    if upright:
        assert board["width"] > 0.9 * width, board
        assert fixed and abs(bottom(bar) - height) <= 1, bar
        expect(page.locator("#moves-open")).to_be_visible()
    else:
        assert not fixed and bar["x"] >= board["x"] + board["width"], (board, bar)
        expect(page.locator("#history")).to_be_visible()  # the moves, in the side column
    page.tap("#board [data-cell='d4']")
    expect(page.locator("#moves [data-ply='1']")).to_have_count(1)
    screenshot(page, f"screen-tablet-{'upright' if upright else 'turned'}")
    assert page.errors == []
    context.close()


CLIPPED_BAR = """() => [...document.querySelectorAll('.bar > button')]
    .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth).map(b => b.id)"""


@pytest.mark.parametrize(
    "size", [{"width": 844, "height": 390}, {"width": 640, "height": 360}], ids=["844", "640"]
)
def test_a_phone_held_sideways_has_the_board_as_tall_as_the_screen(browser, site, size):
    """Held sideways, a phone had the desktop's layout under a top bar two rows tall (the
    board 216 px of 390, the panel cut off), or at 740 px and narrower the phone's (the board
    taller than the screen).  Now the board is as tall as the screen, at the left; the menus,
    the status line, a puzzle and the side column with its bar stand at the right, and the
    games, the move list and More open there, never over the board.  Nothing scrolls, no
    button's name is cut, and a tap plays."""
    width, height = size["width"], size["height"]
    where = f"a phone held sideways, {width}x{height}"
    context = browser.new_context(viewport=size, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    open_page(page, f"{site}/index.html#petrify")
    for ply, cell in enumerate(["d4", "e5"], start=1):
        page.tap(f"#board [data-cell='{cell}']")
        expect(page.locator(f"#moves [data-ply='{ply}']")).to_have_count(1)
    one_screen(page, where)
    board = within(page, "#board", 0, height, width, where)
    assert board["height"] >= 0.75 * height, f"{where}: the board is {board['height']:.0f} px tall"
    right = board["x"] + board["width"]
    bar = within(page, ".bar", 0, height, width, where)
    assert bar["x"] >= right and abs(bottom(bar) - height) <= 1, f"{where}: the bar at {bar}"
    for control in ["#games-open", "#new-game", "#status", "#scores"]:
        assert within(page, control, 0, height, width, where)["x"] >= right, control
    for control in ["#back", "#forward", "#undo", "#analyse", "#moves-open", "#more-open"]:
        within(page, control, bar["y"], height, width, f"{where}, the bar")
    assert page.evaluate(CLIPPED_BAR) == [], f"{where}: a button's name is cut"
    screenshot(page, f"screen-sideways-{width}")
    for opener, shown, closer in [
        ("#games-open", "#games", "#games-open"),
        ("#moves-open", "#history", "#moves-close"),
        ("#more-open", "#more", "#more-open"),
    ]:
        page.tap(opener)
        expect(page.locator(shown)).to_be_visible()
        opened = within(page, shown, 0, height, width, f"{where}, {shown}")
        assert not overlap(opened, board), f"{where}: {shown} covers the board"
        page.tap(closer)
        expect(page.locator(shown)).to_be_hidden()
    assert box(page, "#board") == board, f"{where}: the board moved"
    puzzle = puzzles_of("gwyddbwyll")[0]  # its reasons name moves and chances: long
    page.evaluate("address => { location.hash = address; }", f"#puzzle/gwyddbwyll/{puzzle.id}")
    expect(page.locator("#puzzle")).to_be_visible()
    one_screen(page, f"{where}, a puzzle")
    assert box(page, "#board")["height"] >= 0.75 * height, f"{where}: the puzzle's board shrank"
    assert within(page, "#puzzle", 0, height, width, where)["x"] >= right
    # A wrong answer's reason makes the puzzle taller: the page may scroll, the bar stays in
    # view, and at the page's foot the puzzle's last line is above it.
    run_python(page, "PAGE.play(MOVE, text=True)", MOVE=wrong_move(puzzle))
    page.wait_for_selector("#puzzle[data-status='wrong']", timeout=120_000)
    bar = within(page, ".bar", 0, height, width, f"{where}, a wrong answer")
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    within(page, ".puzzle-link", 0, bar["y"], width, f"{where}, a wrong answer, scrolled")
    screenshot(page, f"screen-sideways-{width}-puzzle")
    assert page.errors == []
    context.close()
