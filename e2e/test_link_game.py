"""A game with a friend by link, on two devices (two browser contexts, one a phone with touch):
Rug Pile's fool's mate played by exchanging the links Send gives (navigator.share stubbed
only to capture what it is given); an old link opened again changes nothing and keeps one
Recent entry; a friend's second answer to an old link, older than the game, is kept as a side
line; a link that changes this device's own move asks which line goes on; a resignation
travels by link.  Screenshots of the invitation, the waiting state and Recent at
desktop and phone size.  The slips players make are e2e/test_link_slips.py's."""

from __future__ import annotations

import re

from helpers import (
    device,
    moves_of,
    new_tab,
    opened,
    place,
    reach,
    recent_entries,
    send,
    shot,
    start_by_link,
    your_move,
)
from playwright.sync_api import expect


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
    assert re.search(r"/3x3a3/game=[a-z0-9]{8},to=2,n=1,by=[a-z0-9]{8}$", first["url"]), first[
        "url"
    ]
    expect(alice.locator("#status")).to_contain_text("Waiting for Blue's reply")
    shot(alice, "link-desktop-waiting")
    return first


def bob_accepts(bob, first) -> dict:
    """Bob's phone: the invitation; only Blue's moves are his."""
    opened(bob, first["url"])
    expect(bob.locator("#message")).to_contain_text(
        "Your friend invites you to play Blue in this Rug Pile game: make your move to accept"
    )
    expect(bob.locator("#send-link")).to_be_hidden()  # offered: no seat taken yet
    your_move(bob, "Blue")  # a move here takes the seat
    shot(bob, "link-phone-invitation")
    bob.tap("#message [data-action='take-seat']")
    expect(bob.locator("#message")).to_contain_text("You play Blue: your move.")
    your_move(bob, "Blue")
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


def alice_wins(alice, bob, second) -> dict:
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
    return third


def branch_and_conflict(alice, bob2, first) -> None:
    """Bob's second device answers the first link differently (moving on the invitation takes
    its seat), after Alice's mate: his answer is older than her game, and kept as a side
    line.  A newer link changing Alice's own move asks her which line goes on, and keeps
    every line."""
    opened(bob2, first["url"])
    place(bob2, 0, "a1", 2, touch=True)
    expect(bob2.locator("#message")).to_contain_text("You play Blue: send your move")
    branch = send(bob2)
    opened(alice, branch["url"])
    expect(alice.locator("#message")).to_contain_text(
        "This link is older than your game: its line is kept as a side line"
    )
    assert moves_of(alice) == ["3x3a3", "3x3b2", "2x2d1"]
    assert "2x2a1" in alice.text_content("#moves")  # Bob's second answer, a side line
    assert len(recent_entries(alice)) == 1
    newer = re.sub(r",n=\d+,", ",n=9,", branch["url"])  # as if sent after her mate
    changed = re.sub(r"/3x3a3\.2x2a1/", "/2x2d4.2x2a1/", newer)
    opened(alice, changed)
    expect(alice.locator("#message")).to_contain_text(
        "Your friend's link goes on from move 1 (2x2d4) where you played 3x3a3: continue "
        "their line, or keep yours"
    )
    assert moves_of(alice) == ["3x3a3", "3x3b2", "2x2d1"]  # hers until she chooses
    side = alice.text_content("#moves")
    assert "2x2a1" in side and "2x2d4" in side, side
    shot(alice, "link-desktop-conflict")
    alice.click("#message [data-action='keep-line']")
    expect(alice.locator("#message")).to_contain_text("You kept your game")
    assert moves_of(alice) == ["3x3a3", "3x3b2", "2x2d1"]


def bob2_catches_up(bob2, third) -> None:
    """Bob's second device opens Alice's mate: it changes his answer there, so he is asked,
    and continuing her line, he sees her win; Recent shots at phone size."""
    opened(bob2, third["url"])
    expect(bob2.locator("#message")).to_contain_text(
        "Your friend's link goes on from move 2 (3x3b2) where you played 2x2a1"
    )
    bob2.tap("#message [data-action='accept-takeback']")
    expect(bob2.locator("#result")).to_contain_text("Red wins 9–8")
    reach(bob2, "#recent-open").click()
    shot(bob2, "link-phone-recent")
    bob2.click("#recent-close")


def resigns_by_link(carol, alice) -> None:
    """Carol resigns; the resignation travels in her next link."""
    carol.once("dialog", lambda dialog: dialog.accept())
    reach(carol, "#resign").click()
    expect(carol.locator("#result")).to_contain_text("Blue resigned")
    resigned = send(carol)
    opened(alice, resigned["url"])
    expect(alice.locator("#result")).to_contain_text("Red wins: Blue resigned")
    reach(alice, "#recent-open").click()
    shot(alice, "link-phone-recent-resigned")
    alice.click("#recent-close")


def test_a_whole_game_by_link_on_two_devices(browser, site):
    contexts = [device(browser, False), device(browser, True), device(browser, True)]
    alice, bob, bob2 = (new_tab(context) for context in contexts)
    first = alice_invites(alice, site)
    second = bob_accepts(bob, first)
    old_link_again(contexts[1], first)
    third = alice_wins(alice, bob, second)
    branch_and_conflict(alice, bob2, first)
    bob2_catches_up(bob2, third)
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
    expect(carol.locator("#message")).to_contain_text("An analysis copy of your friend's game")
    expect(carol.locator("#send-link")).to_be_hidden()
    assert carol.title() != "Your move — Rug Pile"
    assert "game=" not in carol.url  # an ordinary link: not a game by link
    [looked] = recent_entries(carol)
    assert "Friend, by link" not in looked, looked
    opened(carol, first["url"])  # the invitation again: this time, Play
    carol.click("#message [data-action='take-seat']")
    your_move(carol, "Blue")
    place(carol, 2, "c3", 2)
    kept, looked_again = recent_entries(carol)  # the game by link, and the analysis copy
    assert "waiting for Red" in kept and "Friend, by link" in kept, kept
    assert looked_again == looked.replace(" (on screen)", ""), looked_again
    resigns_by_link(carol, alice)
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
    assert re.search(r",to=2,help=off,n=1,by=[a-z0-9]{8}$", first["url"]), first["url"]
    opened(bob, first["url"])
    expect(bob.locator("#message")).to_contain_text("(without help)")
    bob.tap("#message [data-action='take-seat']")
    expect(bob.locator("#analyse")).to_be_hidden()
    expect(bob.locator("#hint")).to_be_hidden()
    place(bob, 2, "c3", 2, touch=True)
    reach(bob, "#offer-draw").click()
    expect(bob.locator("#message")).to_contain_text("Your draw offer goes with the link")
    offer = send(bob)
    assert ",offer=draw," in offer["url"], offer["url"]
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
    assert re.search(r",to=1,help=off,n=1,by=[a-z0-9]{8}$", rematch["url"]), rematch["url"]
    opened(bob, rematch["url"])
    bob.tap("#message [data-action='take-seat']")
    your_move(bob, "Red")
    shot(bob, "link-phone-rematch-invitation")
    place(bob, 2, "b4", 1, touch=True)  # a game is kept once it has a move
    entries = recent_entries(bob)
    assert len(entries) == 2 and "waiting for Blue" in entries[0], entries
    for page in (alice, bob):
        assert page.errors == [] and page.outside == []
    for context in contexts:
        context.close()
