"""A game with a friend by link whose sides are not chosen (both seats "Friend, by link" in
New game): the first move made on a device takes its seat, or Send before any move hands the
first seat to the friend (two browser contexts, the friend's a phone).  Screenshots of the
undecided status at desktop and phone size."""

from __future__ import annotations

import re

from helpers import (
    GAME_START,
    device,
    new_tab,
    open_page,
    opened,
    place,
    reload,
    send,
    shot,
    your_move,
)
from playwright.sync_api import expect

UNDECIDED = "Make the first move to play Red, or Send the link to let your friend begin"


def start_undecided(page, site, name: str):
    """New game of Rug Pile, both seats a friend's: neither side chosen."""
    open_page(page, site + GAME_START)
    page.click("#new-game")
    page.select_option("#option-fields select[name='seat-0']", "friend")
    page.select_option("#option-fields select[name='seat-1']", "friend")
    page.locator("#newgame fieldset.seats").screenshot(path=f"/tmp/{name}-form.png")
    page.click("#newgame-form button[type='submit']")
    expect(page.locator("#status")).to_have_text(UNDECIDED)
    expect(page.locator("#send-link")).to_be_visible()
    shot(page, name)


def test_send_first_lets_the_friend_begin(browser, site):
    contexts = [device(browser, False), device(browser, True)]
    alice, bob = (new_tab(context) for context in contexts)
    start_undecided(alice, site, "link-undecided-desktop")
    first = send(alice)
    assert first["text"] == "Your friend invites you to a game of Rug Pile: you play Red"
    assert re.search(r"/game=[a-z0-9]{8},to=1,n=1,by=[a-z0-9]{8}$", first["url"]), first["url"]
    expect(alice.locator("#status")).to_have_text("Waiting for Red's first move")
    opened(bob, first["url"])
    expect(bob.locator("#message")).to_contain_text("Your friend invites you to play Red")
    bob.tap("#message [data-action='take-seat']")
    your_move(bob, "Red")
    place(bob, 2, "b4", 1, touch=True)
    second = send(bob)
    opened(alice, second["url"])
    expect(alice.locator("#message")).to_have_text("Red played 3x3a3. Your move.")
    your_move(alice, "Blue")
    reload(alice)  # the side taken by Send was kept
    your_move(alice, "Blue")
    for page in (alice, bob):
        assert page.errors == [] and page.outside == []
    for context in contexts:
        context.close()


def test_the_first_move_takes_its_side(browser, site):
    contexts = [device(browser, True), device(browser, False)]
    alice, bob = (new_tab(context) for context in contexts)
    start_undecided(alice, site, "link-undecided-phone")
    place(alice, 2, "b4", 1, touch=True)
    expect(alice.locator("#status")).to_have_text(
        "Your move is made: send it to your friend (Blue)"
    )
    first = send(alice)
    assert re.search(r"/3x3a3/game=[a-z0-9]{8},to=2,n=1,by=[a-z0-9]{8}$", first["url"]), first[
        "url"
    ]
    opened(bob, first["url"])
    expect(bob.locator("#message")).to_contain_text("Your friend invites you to play Blue")
    for page in (alice, bob):
        assert page.errors == [] and page.outside == []
    for context in contexts:
        context.close()
