"""A game with a friend by link, on two devices (two browser contexts, one a phone with touch):
Rug Pile's fool's mate played by exchanging the links Send gives (navigator.share stubbed
only to capture what it is given); an old link opened again changes nothing and keeps one
Recent entry; a friend's second answer to an old link is a branch, both kept; a link that
changes this device's own move is refused; a resignation travels by link.  Screenshots of the
invitation, the waiting state and Recent at desktop and phone size."""

from __future__ import annotations

import re

from conftest import guard, open_page, reach, shot
from playwright.sync_api import expect

GAME_START = "/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/"
CAPTURE = """
navigator.share = async (data) => { window.__shared = data; };
"""


def device(browser, phone: bool):
    size = {"width": 375, "height": 812} if phone else {"width": 1280, "height": 800}
    extra = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2} if phone else {}
    context = browser.new_context(viewport=size, **extra)
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
    places it on a phone)."""
    act = page.tap if touch else page.click
    act(f"#panel [data-action='kind'][data-kind='{kind}']")
    if touch:
        page.tap(f"#board [data-cell='{square}']")
        page.wait_for_selector("#board .preview")
        page.tap(f"#board [data-cell='{square}']")
    else:
        page.hover(f"#board [data-cell='{square}']")
        page.click(f"#board [data-cell='{square}']")
    expect(page.locator("#moves button")).to_have_count(moves)


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
    return [t.strip() for t in page.locator("#moves button").all_text_contents()]


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
    expect(page.locator("#status")).to_have_text("Your move (Red)")


def alice_invites(alice, site) -> dict:
    start_by_link(alice, site)
    expect(alice.locator("#send-link")).to_be_visible()
    assert alice.title() == "Your move — Rug Pile"
    place(alice, 2, "b4", 1)
    expect(alice.locator("#status")).to_have_text(
        "Your move is made: send it to your friend (Blue)"
    )
    assert alice.title() != "Your move — Rug Pile"
    first = send(alice)
    assert first["text"] == "Rug Pile, move 2: your turn (Blue) — I played 3x3a3"
    assert re.search(r"/3x3a3/game=[a-z0-9]{8},to=2$", first["url"]), first["url"]
    expect(alice.locator("#status")).to_contain_text("Waiting for Blue's reply")
    shot(alice, "link-desktop-waiting")
    return first


def bob_accepts(bob, first) -> dict:
    """Bob's phone: the invitation; only Blue's moves are his."""
    opened(bob, first["url"])
    expect(bob.locator("#message")).to_contain_text(
        "Your friend invites you to play Blue in this Rug Pile game: accept to play that side"
    )
    expect(bob.locator("#send-link")).to_be_hidden()  # only looking: no seat taken yet
    expect(bob.locator("#status")).not_to_contain_text("Your move")
    shot(bob, "link-phone-invitation")
    bob.tap("#message [data-action='take-seat']")
    expect(bob.locator("#message")).to_contain_text("You play Blue.")
    expect(bob.locator("#status")).to_have_text("Your move (Blue)")
    assert bob.title() == "Your move — Rug Pile"
    place(bob, 2, "c3", 2, touch=True)
    second = send(bob)
    assert second["text"] == "Rug Pile, move 3: your turn (Red) — I played 3x3b2"
    expect(bob.locator("#status")).to_contain_text("Waiting for Red's reply")
    [entry] = recent_entries(bob)
    assert entry.startswith("Rug Pile (on screen) waiting for Red · 2 moves"), entry
    shot(bob, "link-phone-waiting")
    return second


def old_link_again(context, first):
    """Bob opens the first link again, in another tab: nothing changes, nothing is lost."""
    again = new_tab(context)
    opened(again, first["url"])
    expect(again.locator("#message")).to_contain_text("This link is 1 move behind your game")
    assert moves_of(again) == ["3x3a3", "3x3b2"]
    again.click("#message [data-action='link-ply']")  # the link's position, the game kept
    expect(again.locator("#status")).to_contain_text("Viewing move 1.")
    assert moves_of(again) == ["3x3a3", "3x3b2"]
    assert len(recent_entries(again)) == 1
    assert again.errors == []
    again.close()


def alice_wins(alice, bob, second):
    """Alice gets Bob's reply in her tab, and ends the game; Bob sees the end."""
    opened(alice, second["url"])
    expect(alice.locator("#message")).to_have_text("Blue played 3x3b2. Your move.")
    assert moves_of(alice) == ["3x3a3", "3x3b2"]
    place(alice, 0, "d1", 3)
    expect(alice.locator("#result")).to_contain_text("Red wins 9–8")
    third = send(alice)
    assert third["text"].startswith("Rug Pile, move 3: Red wins 9–8")
    opened(bob, third["url"])
    expect(bob.locator("#message")).to_contain_text("Red played 2x2d1. Red wins 9–8")
    expect(bob.locator("#result")).to_contain_text("Red wins 9–8")
    entries = recent_entries(bob)
    assert len(entries) == 1 and "Friend, by link v Human" in entries[0], entries
    assert len(recent_entries(alice)) == 1


def branch_and_conflict(alice, bob2, first) -> None:
    """Bob's second device answers the first link differently: Alice keeps both lines; a
    link changing Alice's own move is refused, and keeps them too."""
    opened(bob2, first["url"])
    bob2.tap("#message [data-action='take-seat']")
    place(bob2, 0, "a1", 2, touch=True)
    branch = send(bob2)
    opened(alice, branch["url"])
    expect(alice.locator("#message")).to_contain_text(
        "Your friend answered an earlier link differently"
    )
    expect(alice.locator("#message")).to_contain_text("Blue played 2x2a1. Your move.")
    assert moves_of(alice)[:2] == ["3x3a3", "2x2a1"]
    side = alice.text_content("#moves")  # the earlier line, a side line
    assert "3x3b2" in side and "2x2d1" in side, side
    assert len(recent_entries(alice)) == 1
    changed = re.sub(r"/3x3a3\.2x2a1/", "/2x2d4.2x2a1/", branch["url"])
    opened(alice, changed)
    expect(alice.locator("#message")).to_contain_text(
        "This link was refused: it changes your move 1 (3x3a3) to 2x2d4"
    )
    assert moves_of(alice)[:2] == ["3x3a3", "2x2a1"]
    side = alice.text_content("#moves")
    assert "3x3b2" in side and "2x2d1" in side, side


def alice_resigns(alice, bob2):
    alice.once("dialog", lambda dialog: dialog.accept())
    reach(alice, "#resign").click()
    expect(alice.locator("#result")).to_contain_text("Red resigned")
    resigned = send(alice)
    opened(bob2, resigned["url"])
    expect(bob2.locator("#result")).to_contain_text("Blue wins: Red resigned")
    reach(bob2, "#recent-open").click()
    shot(bob2, "link-phone-recent")
    bob2.click("#recent-close")
    reach(alice, "#recent-open").click()
    shot(alice, "link-desktop-recent")
    alice.click("#recent-close")


def test_a_whole_game_by_link_on_two_devices(browser, site):
    contexts = [device(browser, False), device(browser, True), device(browser, True)]
    alice, bob, bob2 = (new_tab(context) for context in contexts)
    first = alice_invites(alice, site)
    second = bob_accepts(bob, first)
    old_link_again(contexts[1], first)
    alice_wins(alice, bob, second)
    branch_and_conflict(alice, bob2, first)
    alice_resigns(alice, bob2)
    for page in (alice, bob, bob2):
        assert page.errors == [] and page.outside == []
    for context in contexts:
        context.close()


def test_an_invitation_just_looked_at_takes_no_seat(browser, site):
    """Carol, at her desktop, only looks at a friend's invitation: no seat, no game by link
    kept; a later Play takes the seat, and Recent holds the one game."""
    alice_context, carol_context = device(browser, True), device(browser, False)
    alice, carol = new_tab(alice_context), new_tab(carol_context)
    start_by_link(alice, site)
    place(alice, 2, "b4", 1, touch=True)
    first = send(alice)
    opened(carol, first["url"])
    expect(carol.locator("#message")).to_contain_text("Your friend invites you to play Blue")
    shot(carol, "link-desktop-invitation")
    carol.click("#message [data-action='just-look']")
    expect(carol.locator("#message")).to_be_empty()
    expect(carol.locator("#send-link")).to_be_hidden()
    assert carol.title() != "Your move — Rug Pile"
    assert "game=" not in carol.url  # an ordinary link: not a game by link
    [looked] = recent_entries(carol)
    assert "Friend, by link" not in looked, looked
    opened(carol, first["url"])  # the invitation again: this time, Play
    carol.click("#message [data-action='take-seat']")
    expect(carol.locator("#status")).to_have_text("Your move (Blue)")
    place(carol, 2, "c3", 2)
    [kept] = recent_entries(carol)
    assert "waiting for Red" in kept, kept
    for page in (alice, carol):
        assert page.errors == [] and page.outside == []
    for context in (alice_context, carol_context):
        context.close()


def test_a_draw_by_link_without_help_and_a_rematch(browser, site):
    contexts = [device(browser, False), device(browser, True)]
    alice, bob = (new_tab(context) for context in contexts)
    start_by_link(alice, site, help=False)
    expect(alice.locator("#analyse")).to_be_hidden()
    expect(alice.locator("#hint")).to_be_hidden()
    place(alice, 2, "b4", 1)
    first = send(alice)
    assert first["url"].endswith(",to=2,help=off")
    opened(bob, first["url"])
    expect(bob.locator("#message")).to_contain_text("(without help)")
    bob.tap("#message [data-action='take-seat']")
    expect(bob.locator("#analyse")).to_be_hidden()
    expect(bob.locator("#hint")).to_be_hidden()
    place(bob, 2, "c3", 2, touch=True)
    reach(bob, "#offer-draw").click()
    expect(bob.locator("#message")).to_contain_text("Your draw offer goes with the link")
    offer = send(bob)
    assert offer["url"].endswith(",offer=draw")
    opened(alice, offer["url"])
    expect(alice.locator("#message")).to_contain_text("Your friend offers a draw")
    shot(alice, "link-desktop-draw-offer")
    alice.click("#message [data-action='accept-draw']")
    expect(alice.locator("#result")).to_contain_text("draw")
    agreed = send(alice)
    assert "draw-agreed" in agreed["url"]
    opened(bob, agreed["url"])
    expect(bob.locator("#result")).to_contain_text("draw")
    alice.click("#rematch")  # sides swapped: Alice now Blue, Bob moves first
    expect(alice.locator("#status")).to_have_text(
        "Send the invitation to your friend: Red moves first"
    )
    rematch = send(alice)
    assert rematch["text"] == "Your friend invites you to a game of Rug Pile: you play Red"
    assert rematch["url"].endswith(",to=1,help=off")
    opened(bob, rematch["url"])
    bob.tap("#message [data-action='take-seat']")
    expect(bob.locator("#status")).to_have_text("Your move (Red)")
    shot(bob, "link-phone-rematch-invitation")
    place(bob, 2, "b4", 1, touch=True)  # a game is kept once it has a move
    entries = recent_entries(bob)
    assert len(entries) == 2 and "waiting for Blue" in entries[0], entries
    for page in (alice, bob):
        assert page.errors == [] and page.outside == []
    for context in contexts:
        context.close()
