"""A first visit to the built site: the board is on screen before Python runs (the start
positions the build drew), a link says at once what it opens, the loading line counts real
bytes, and a start that fails says so for good."""

import pytest
from helpers import READY, HeldEngine, run_python, shot
from playwright.sync_api import expect

# Every text the status line shows, in order (it changes faster than a test can poll).
RECORD_STATUS = """
window.__statusLines = [];
document.addEventListener("DOMContentLoaded", () => {
  const status = document.getElementById("status");
  window.__statusLines.push(status.textContent);
  new MutationObserver(() => window.__statusLines.push(status.textContent))
    .observe(status, {childList: true, characterData: true, subtree: true});
});
"""


@pytest.fixture(scope="module")
def pages_site(built):
    """The built site's folder URL, as Pages serves it."""
    return built[1]


def test_the_board_is_drawn_before_python_runs(page, pages_site):
    requested = []
    page.on("request", lambda r: requested.append(r.url.rsplit("/", 1)[-1]))
    page.add_init_script(RECORD_STATUS)
    cdp = page.context.new_cdp_session(page)  # a cable line, so downloads take time
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": 20,
            "downloadThroughput": 20e6 / 8,
            "uploadThroughput": 5e6 / 8,
        },
    )
    page.goto(pages_site, wait_until="domcontentloaded")
    # the start-up script has run; Python cannot have (PyScript starts after this event)
    assert page.get_attribute("body", "data-ready") is None
    assert page.text_content("#title") == "Rug Pile"
    assert page.locator("#board svg [data-cell]").count() == 25  # size 5
    assert page.locator("#picker .pick").count() == 5
    assert page.get_attribute("#picker [data-game='rugpile']", "aria-current") == "true"
    assert page.locator("#scores li").count() == 2  # the score box is not empty
    before = page.inner_html("#scores")
    assert page.is_visible("#loading progress")
    page.wait_for_selector(READY, timeout=90_000)
    assert page.is_hidden("#loading")
    assert page.inner_html("#scores") == before  # Python writes the same score box
    lines = page.evaluate("window.__statusLines")
    counted = [line for line in lines if line.startswith("Loading the game engine: ")]
    assert len(counted) >= 3, lines  # "Loading the game engine: 2.1 of 5.6 MB"
    received = [float(line.split(": ")[1].split(" of ")[0]) for line in counted]
    assert received == sorted(received) and received[0] < received[-1], received
    assert "Starting Python…" in lines[lines.index(counted[-1]) :], lines
    # the first visit fetched neither the snapshot nor the whole standard library
    assert "snapshot.bin.gz" not in requested and "python_stdlib.zip" not in requested
    assert run_python(page, "import stdlib_fallback; str(stdlib_fallback.missing())") == "[]"
    page.click("#panel [data-action='kind'][data-kind='0']")  # and it plays
    page.hover("#board [data-cell='a1']")
    page.click("#board [data-cell='a1']")
    page.wait_for_function("location.hash.endsWith('/2x2a1')")
    assert page.errors == []


def test_a_link_says_at_once_what_it_opens(page, pages_site):
    engine = HeldEngine(page)
    page.goto(pages_site + "#wythe/1/size=8/d4e4.c5c6.e5f5.b2b3", wait_until="domcontentloaded")
    assert page.get_attribute("body", "data-ready") is None
    assert page.text_content("#title") == "Wythe"
    assert page.text_content("#status").startswith("Opening a Wythe game after 4 moves.")
    assert page.get_attribute("#board", "data-first-screen") == "stale"  # the start, dimmed
    assert page.locator("#board svg [data-cell]").count() == 64
    # the score box names the seats; their scores and the turn wait for the game's moves
    assert page.get_attribute("#scores", "data-first-screen") == "stale"
    assert page.locator("#scores li").count() == 2
    assert page.locator("#scores li.to-move").count() == 0
    assert page.locator("#scores .score").first.is_hidden()
    shot(page, "first-visit-link-loading")
    engine.release()
    page.wait_for_selector(READY, timeout=90_000)
    assert page.get_attribute("#board", "data-first-screen") is None
    assert page.get_attribute("#scores", "data-first-screen") is None
    assert page.locator("#scores .score").first.is_visible()
    assert page.get_attribute("#board", "class") == "board"
    assert page.locator("#moves button").count() == 4
    assert page.text_content("#status").startswith("Black (Player 1) to move")
    assert page.errors == []


def test_a_link_with_other_options_shows_no_wrong_board(page, pages_site):
    engine = HeldEngine(page)
    page.goto(pages_site + "#wythe/1/size=6/d4e4", wait_until="domcontentloaded")
    assert page.text_content("#status").startswith("Opening a Wythe game after 1 move.")
    assert page.locator("#board svg").count() == 0
    engine.release()
    page.wait_for_selector(READY, timeout=90_000)
    assert page.locator("#board svg [data-cell]").count() == 36


def test_a_failed_start_says_so_and_the_message_stays(page, pages_site):
    page.clock.install()  # the page's timers are Playwright's: the test can jump ahead
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto(pages_site, wait_until="domcontentloaded")
    # Playwright's expect polls from outside the page, so the page's faked clock cannot stall
    # it, and it carries on over the reload a failed first start makes (in case the HTTP
    # cache held a page from before a deploy)
    expect(page.locator("body")).to_have_attribute("data-failed", "1", timeout=60_000)
    failed = page.text_content("#status")
    assert failed.startswith("The game engine could not start.")
    page.clock.fast_forward(60_000)  # no later timer may overwrite it
    assert page.text_content("#status") == failed
    assert page.is_hidden("#loading")
    assert page.get_attribute("body", "data-ready") is None


SAVED = (
    '{"format":2,"games":[{"id":"saved1","rev":"r1","fragment":"wythe/1/size=8/d4e4",'
    '"seats":["human","human"],"game":"wythe","moves":1,"finished":false,'
    '"updated":1700000000000}]}'
)


def test_the_last_saved_game_is_drawn_before_python_runs(page, pages_site):
    page.add_init_script(f"localStorage.setItem('abstract-games/recent', {SAVED!r})")
    engine = HeldEngine(page)
    page.goto(pages_site, wait_until="domcontentloaded")
    assert page.get_attribute("body", "data-ready") is None
    assert page.text_content("#title") == "Wythe"
    assert page.text_content("#status").startswith("Opening your last game, Wythe after 1 move.")
    assert page.locator("#board svg [data-cell]").count() == 64
    engine.release()
    page.wait_for_selector(READY, timeout=90_000)
    assert page.text_content("#title") == "Wythe"  # Python opened the same game
    assert page.locator("#moves button").all_text_contents() == ["d4e4"]
    assert page.errors == []


@pytest.mark.parametrize("name", ["__proto__", "constructor", "hasOwnProperty"])
def test_a_link_naming_an_objects_own_property_is_no_game(page, pages_site, name):
    page.goto(pages_site + f"#{name}/1//", wait_until="domcontentloaded")
    assert "undefined" not in page.text_content("#status")
    assert "undefined" not in page.text_content("#title")
    page.wait_for_selector("#message.error", timeout=90_000)
    assert f"unknown game '{name}'" in page.text_content("#message")


def test_a_move_made_before_python_is_ready_is_played_when_it_is(page, pages_site):
    engine = HeldEngine(page)
    page.goto(pages_site + "#petrify", wait_until="domcontentloaded")
    page.click("#board [data-cell='d4']")  # Python cannot have started: the wasm is held
    expect(page.locator("#status")).to_contain_text("Your move is kept")
    assert page.get_attribute("#board [data-cell='d4']", "class").endswith("first-tap")
    assert page.get_attribute("body", "data-ready") is None
    shot(page, "first-visit-move-kept")
    engine.release()
    page.wait_for_selector(READY, timeout=90_000)
    page.wait_for_function("location.hash.endsWith('/d4')")
    assert page.locator("#moves button").all_text_contents() == ["d4"]
    assert page.locator(".first-tap").count() == 0
    assert page.errors == []


def test_taps_on_a_phone_before_python_is_ready_make_a_move_or_hear_why_not(browser, pages_site):
    def phone():
        context = browser.new_context(
            viewport={"width": 375, "height": 812}, has_touch=True, is_mobile=True
        )
        return context, context.new_page()

    context, page = phone()
    engine = HeldEngine(page)
    page.goto(pages_site + "#gwyddbwyll", wait_until="domcontentloaded")
    page.tap("#board [data-cell='c2']")  # a move of two taps: the piece, then its square
    page.tap("#board [data-cell='b2']")
    expect(page.locator("#board .first-tap")).to_have_count(2)
    shot(page, "first-visit-taps-kept-phone")
    engine.release()
    page.wait_for_selector(READY, timeout=90_000)
    page.wait_for_function("location.hash.endsWith('/c2b2')")
    context.close()

    context, page = phone()  # a tap on an empty square: no move, and the page says why
    engine = HeldEngine(page)
    page.goto(pages_site + "#gwyddbwyll", wait_until="domcontentloaded")
    page.tap("#board [data-cell='d4']")
    engine.release()
    page.wait_for_selector(READY, timeout=90_000)
    assert page.locator("#moves button").count() == 0
    expect(page.locator("#status")).to_have_text("White to move: tap a piece, then where it goes.")
    shot(page, "first-visit-tap-refused-phone")
    context.close()


INVITATION = "#rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3/game=k3f9x2qa,to=2,n=1,by=b7c8d9e0"


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_play_pressed_on_an_invitation_before_python_is_ready_takes_the_seat(
    browser, pages_site, phone
):
    size = {"width": 375, "height": 812} if phone else {"width": 1280, "height": 800}
    touch = {"has_touch": True, "is_mobile": True} if phone else {}
    context = browser.new_context(viewport=size, **touch)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    engine = HeldEngine(page)
    page.goto(pages_site + INVITATION, wait_until="domcontentloaded")
    expect(page.locator("#message")).to_contain_text(
        "Your friend invites you to play Blue in this Rug Pile game."
    )
    (page.tap if phone else page.click)("#message [data-action='take-seat']")
    expect(page.locator("#status")).to_contain_text("Kept: you play Blue as soon as the game")
    assert page.get_attribute("#message [data-action='take-seat']", "aria-pressed") == "true"
    assert page.get_attribute("body", "data-ready") is None  # the wasm is still held
    shot(page, f"first-visit-play-kept-{'phone' if phone else 'desktop'}")
    engine.release()
    page.wait_for_selector(READY, timeout=90_000)
    expect(page.locator("#message")).to_contain_text("You play Blue: your move.")
    expect(page.locator("#status")).to_contain_text("Blue, your move: choose a tile")
    assert page.locator(".first-tap").count() == 0
    # the game goes on: Blue's move, then it is the friend's to answer
    page.click("#panel [data-action='kind'][data-kind='2']")
    page.hover("#board [data-cell='c3']")
    page.click("#board [data-cell='c3']")
    page.wait_for_function("location.hash.includes('/3x3a3.3x3b2/')")
    expect(page.locator("#status")).to_contain_text("send it to your friend (Red)")
    shot(page, f"first-visit-play-kept-then-moved-{'phone' if phone else 'desktop'}")
    assert errors == []
    context.close()


def test_an_answer_kept_for_a_link_that_is_no_invitation_here_is_not_carried_out(page, pages_site):
    """The link's game is saved on this device already (a later link of it): no invitation
    is offered before Python runs, so nothing can be pressed; one kept by hand is dropped
    with a word, as the link continues the saved game."""
    saved = (
        '{"format":2,"games":[{"id":"s1","rev":"r1","fragment":"rugpile/1/players=2,size=5,'
        'tiles=4-3-2/3x3a3/game=k3f9x2qa,to=2,n=1,by=b7c8d9e0","seats":["friend","human"],'
        '"game":"rugpile","moves":1,"finished":false,"updated":1700000000000}]}'
    )
    page.add_init_script(f"localStorage.setItem('abstract-games/recent', {saved!r})")
    engine = HeldEngine(page)
    page.goto(pages_site + INVITATION, wait_until="domcontentloaded")
    assert page.locator("#message [data-action]").count() == 0
    assert page.is_hidden("#message")
    page.evaluate("window.firstAnswer = {action: 'take-seat'}")
    engine.release()
    page.wait_for_selector(READY, timeout=90_000)
    expect(page.locator("#message")).to_contain_text("was not carried out")
    assert page.locator("#moves button").count() == 1
    assert page.errors == []
