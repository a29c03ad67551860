"""What the tests of games by link share: two (or three) devices as browser contexts, a desktop
and phones with touch, whose share sheet is stubbed only to capture what it is given; placing
Rug Pile tiles as a player does; Send; opening a friend's link in a tab; the move list and
Recent as the page shows them."""

from __future__ import annotations

from conftest import guard, open_page, reach
from playwright.sync_api import expect

GAME_START = "/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/"
CAPTURE = """
navigator.share = async (data) => { window.__shared = data; };
"""


def device(browser, phone: bool, share: bool = True):
    """A desktop (1280×800) or a phone (375×812, touch); `share`: its share sheet stubbed to
    capture what Send gives it, else none (Send copies the link to the clipboard)."""
    size = {"width": 375, "height": 812} if phone else {"width": 1280, "height": 800}
    extra = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2} if phone else {}
    if not share:
        extra["permissions"] = ["clipboard-read", "clipboard-write"]
    context = browser.new_context(viewport=size, **extra)
    if share:
        context.add_init_script(CAPTURE)
    return context


def new_tab(context):
    page = context.new_page()
    page.outside = guard(page)
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    return page


def place(page, kind: int, square: str, moves: int, touch: bool = False):
    """Place a tile of the supply's `kind` centred on `square` (a tap previews, the second
    places it on a phone); the game's line then has `moves` moves (side lines aside)."""
    act = page.tap if touch else page.click
    act(f"#panel [data-action='kind'][data-kind='{kind}']")
    if touch:
        page.tap(f"#board [data-cell='{square}']")
        page.wait_for_selector("#board .preview")
        page.tap(f"#board [data-cell='{square}']")
    else:
        page.hover(f"#board [data-cell='{square}']")
        page.click(f"#board [data-cell='{square}']")
    page.wait_for_function(
        """n => [...document.querySelectorAll('#moves button')]
            .filter(b => !b.textContent.trim().startsWith('side line:')).length === n""",
        arg=moves,
    )


def send(page) -> dict:
    """Press Send: what the share sheet was given ({title, text, url})."""
    page.evaluate("window.__shared = null")
    page.click("#send-link")
    page.wait_for_function("window.__shared !== null")
    return page.evaluate("window.__shared")


def opened(page, url: str):
    """Open a friend's link: a full load in a new tab, or a hashchange in the tab shown
    (the message that follows says when it is done)."""
    if page.url.split("#")[0] == url.split("#")[0] and page.url != "about:blank":
        page.evaluate("u => { location.hash = u.split('#')[1]; }", url)
    else:
        open_page(page, url)


def moves_of(page) -> list[str]:
    """The main line's moves in the move list (side lines left out)."""
    texts = [t.strip() for t in page.locator("#moves button").all_text_contents()]
    return [t for t in texts if not t.startswith("side line:")]


def recent_entries(page) -> list[str]:
    reach(page, "#recent-open").click()
    items = [t.strip() for t in page.locator("#recent-list li").all_text_contents()]
    page.click("#recent-close")
    return items


def start_by_link(page, site, help: bool = True):
    """New game of Rug Pile with a friend by link, this device playing Red."""
    open_page(page, site + GAME_START)
    page.click("#new-game")
    page.select_option("#option-fields select[name='seat-1']", "friend")
    if not help:
        page.uncheck("#option-fields input[name='link-help']")
    page.click("#newgame-form button[type='submit']")
    expect(page.locator("#status")).to_contain_text("Red, your move: choose a tile")


def your_move(page, seat: str):
    """The status says it is this device's move, and how to make it (the board's prompt)."""
    expect(page.locator("#status")).to_contain_text(f"{seat}, your move: choose a tile")
