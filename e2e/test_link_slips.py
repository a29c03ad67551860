"""A game by link survives the slips real players make (two or three browser contexts, a
desktop and phones with touch, Rug Pile): Undo after Send asks the friend for a takeback; the
address bar copied instead of Send invites the friend to the right side; a move on an
invitation takes its seat; Sent is remembered across reloads and tabs, and an older tab
follows another's change; after a double answer both devices play the same line; Send before
one's own first move says what it did; the status keeps how to move, and the copy notice
covers neither the board nor the scores.  Screenshots at phone size."""

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
    reload,
    send,
    shot,
    start_by_link,
    your_move,
)
from playwright.sync_api import expect


def close(*contexts) -> None:
    for context in contexts:
        for page in context.pages:
            assert page.errors == [] and page.outside == [], (page.errors, page.outside)
        context.close()


def test_undo_after_send_asks_the_friend_to_take_it_back(browser, site):
    """Alice sends 3x3a3, Bob answers 3x3b2; Alice, before opening his answer, takes her move
    back and plays 2x2a1: her link asks Bob, who accepts; his next move reaches her game,
    and both keep the lines that were taken back."""
    alice_context, bob_context = device(browser, False), device(browser, True)
    alice, bob = new_tab(alice_context), new_tab(bob_context)
    start_by_link(alice, site)
    place(alice, 2, "b4", 1)
    first = send(alice)
    opened(bob, first["url"])
    place(bob, 2, "c3", 2, touch=True)  # a move takes the seat offered
    answer = send(bob)
    alice.click("#undo")
    expect(alice.locator("#status")).to_contain_text(
        "A move here takes back 1 move your friend has: they are asked to accept it."
    )
    place(alice, 0, "a1", 1)  # 2x2a1 in place of 3x3a3 (the old line a side line)
    expect(alice.locator("#status")).to_have_text(
        "Your takeback is made: send it to your friend (Blue), who is asked to accept it"
    )
    request = send(alice)
    game_id = first["url"].split("game=")[1][:8]
    assert re.search(f"/2x2a1/game={game_id},to=2,takeback=0,n=2,by=", request["url"]), request[
        "url"
    ]
    assert request["text"] == "Rug Pile: I ask to take back my move 1 and play 2x2a1 instead"
    opened(bob, request["url"])
    expect(bob.locator("#message")).to_contain_text(
        "Your friend asks to take back moves 1–2 (3x3a3 and 3x3b2) and play 2x2a1 instead"
    )
    expect(bob.locator("#send-link")).to_be_hidden()  # answer first
    shot(bob, "link-phone-takeback-asked")
    bob.tap("#message [data-action='accept-takeback']")
    assert moves_of(bob) == ["2x2a1"]
    place(bob, 2, "c3", 2, touch=True)
    after = send(bob)
    opened(alice, after["url"])
    expect(alice.locator("#message")).to_contain_text(
        "Your friend accepted your takeback. Blue played 3x3b2. Your move."
    )
    assert moves_of(alice) == ["2x2a1", "3x3b2"] == moves_of(bob)
    for page in (alice, bob):  # the moves taken back, kept as side lines on both devices
        assert "3x3a3" in page.text_content("#moves")
    opened(alice, answer["url"])  # Bob's first answer, opened late: an old line, kept
    assert moves_of(alice) == ["2x2a1", "3x3b2"]
    assert len(recent_entries(alice)) == 1 and len(recent_entries(bob)) == 1
    close(alice_context, bob_context)


def test_a_declined_takeback_from_an_older_tab(browser, site):
    """Alice's second tab follows her first one's changes; from it she takes back two moves;
    Bob declines, and her game goes on from his line, in both her tabs."""
    alice_context, bob_context = device(browser, True), device(browser, False)
    alice, bob = new_tab(alice_context), new_tab(bob_context)
    start_by_link(alice, site)
    place(alice, 2, "b4", 1, touch=True)
    first = send(alice)
    older = new_tab(alice_context)
    opened(older, first["url"])  # the same game in a second tab
    opened(bob, first["url"])
    place(bob, 2, "c3", 2)
    opened(alice, send(bob)["url"])
    expect(older.locator("#moves button")).to_have_count(2)  # it followed the first tab
    older.tap("#undo")  # back to Red's last turn, before both moves
    expect(older.locator("#status")).to_contain_text("A move here takes back 2 moves")
    place(older, 0, "a1", 1, touch=True)
    request = send(older)
    opened(bob, request["url"])
    expect(bob.locator("#message")).to_contain_text("Your friend asks to take back moves 1–2")
    bob.click("#message [data-action='keep-line']")
    expect(bob.locator("#status")).to_have_text("You kept your game: send it to your friend (Red)")
    kept = send(bob)
    opened(alice, kept["url"])
    expect(alice.locator("#message")).to_contain_text(
        "Your friend kept move 1 (3x3a3): your takeback is kept as a side line."
    )
    assert moves_of(alice) == ["3x3a3", "3x3b2"] == moves_of(bob)
    expect(older.locator("#moves")).to_contain_text("2x2a1")  # the takeback, a side line
    assert moves_of(older) == ["3x3a3", "3x3b2"]
    shot(alice, "link-phone-takeback-declined")
    close(alice_context, bob_context)


def test_the_address_bar_is_a_link_to_send(browser, site):
    """Alice copies her address bar instead of pressing Send, before and after moving: Bob is
    invited to Blue, never to her Red, and the game goes on."""
    alice_context, bob_context = device(browser, False), device(browser, True)
    alice, bob = new_tab(alice_context), new_tab(bob_context)
    start_by_link(alice, site)
    before_moving = alice.url
    opened(bob, before_moving)
    expect(bob.locator("#message")).to_contain_text("Your friend invites you to play Blue")
    bob.tap("#message [data-action='take-seat']")
    expect(bob.locator("#status")).to_have_text("Waiting for Red's first move")
    place(alice, 2, "b4", 1)
    opened(bob, alice.url)  # the address bar again, after her move
    expect(bob.locator("#message")).to_contain_text("Red played 3x3a3. Your move.")
    your_move(bob, "Blue")
    place(bob, 2, "c3", 2, touch=True)
    opened(alice, bob.url)  # Bob copies his address bar too
    expect(alice.locator("#message")).to_contain_text("Blue played 3x3b2. Your move.")
    your_move(alice, "Red")
    close(alice_context, bob_context)


def test_a_move_on_an_invitation_takes_its_seat(browser, site):
    """Bob moves without pressing Play: he plays Blue, Send is there, and Alice's next link
    reaches his game (one Recent entry, a game by link)."""
    alice_context, bob_context = device(browser, False), device(browser, True)
    alice, bob = new_tab(alice_context), new_tab(bob_context)
    start_by_link(alice, site)
    place(alice, 2, "b4", 1)
    opened(bob, send(alice)["url"])
    place(bob, 2, "c3", 2, touch=True)
    expect(bob.locator("#message")).to_contain_text(
        "You play Blue: send your move to your friend."
    )
    expect(bob.locator("#status")).to_have_text("Your move is made: send it to your friend (Red)")
    expect(bob.locator("#send-link")).to_be_visible()
    shot(bob, "link-phone-moved-on-invitation")
    opened(alice, send(bob)["url"])
    place(alice, 0, "d1", 3)
    opened(bob, send(alice)["url"])
    expect(bob.locator("#result")).to_contain_text("Red wins")
    [entry] = recent_entries(bob)
    assert "Friend, by link v Human" in entry, entry
    close(alice_context, bob_context)


def test_sent_is_remembered_and_every_tab_follows(browser, site):
    """After Send, a reload and the link reopened still say Waiting; a second tab on the game
    follows Bob's answer opened in the first (its moves and Recent alike)."""
    alice_context, bob_context = device(browser, True), device(browser, False)
    alice, bob = new_tab(alice_context), new_tab(bob_context)
    start_by_link(alice, site)
    place(alice, 2, "b4", 1, touch=True)
    first = send(alice)
    second_tab = new_tab(alice_context)
    opened(second_tab, first["url"])  # her own link, in another tab: her game
    for page in (alice, second_tab):
        expect(page.locator("#status")).to_have_text("Waiting for Blue's reply")
    reload(alice)
    expect(alice.locator("#status")).to_have_text("Waiting for Blue's reply")
    expect(alice.locator("#send-link")).not_to_have_class("primary")
    opened(bob, first["url"])
    place(bob, 2, "c3", 2)
    opened(alice, send(bob)["url"])
    expect(second_tab.locator("#moves button")).to_have_count(2)  # followed, unasked
    your_move(second_tab, "Red")
    [entry] = recent_entries(second_tab)
    assert "2 moves" in entry and "your move" in entry, entry
    shot(second_tab, "link-phone-tab-followed")
    close(alice_context, bob_context)


def test_after_a_double_answer_both_devices_play_the_latest_line(browser, site):
    """Bob answers Alice's link on his phone, then again on his laptop: Alice's game and the
    laptop's go on with the latest answer.  The phone, opening Alice's next link (which
    changes its own answer), asks; continuing her line, all three play the same line, the
    earlier answer a side line everywhere."""
    contexts = [device(browser, False), device(browser, True), device(browser, False)]
    alice, phone, laptop = (new_tab(context) for context in contexts)
    start_by_link(alice, site)
    place(alice, 2, "b4", 1)
    first = send(alice)
    for page, kind, square in ((phone, 2, "c3"), (laptop, 0, "a1")):
        opened(page, first["url"])
        place(page, kind, square, 2, touch=page is phone)
        opened(alice, send(page)["url"])
    assert moves_of(alice) == ["3x3a3", "2x2a1"] == moves_of(laptop)
    expect(alice.locator("#message")).to_contain_text("answered an earlier link differently")
    place(alice, 0, "d1", 3)
    opened(phone, send(alice)["url"])
    expect(phone.locator("#message")).to_contain_text(
        "Your friend's link goes on from move 2 (2x2a1) where you played 3x3b2"
    )
    shot(phone, "link-phone-double-answer")
    phone.tap("#message [data-action='accept-takeback']")
    assert moves_of(phone) == ["3x3a3", "2x2a1", "2x2d1"] == moves_of(alice)
    for page in (alice, phone):
        expect(page.locator("#moves")).to_contain_text("3x3b2")  # the phone's answer, kept
    close(*contexts)


def test_an_answer_changed_on_the_same_device_is_a_takeback(browser, site):
    """Bob answers, then opens Alice's link again and answers it differently from its
    position: his first answer was sent, so Alice is asked; accepting, both play the new
    answer, the first a side line on both."""
    contexts = [device(browser, False), device(browser, True)]
    alice, bob = (new_tab(context) for context in contexts)
    start_by_link(alice, site)
    place(alice, 2, "b4", 1)
    first = send(alice)
    opened(bob, first["url"])
    place(bob, 2, "c3", 2, touch=True)
    opened(alice, send(bob)["url"])
    opened(bob, first["url"])  # the old link: nothing changes, its position offered
    bob.tap("#message [data-action='link-ply']")
    expect(bob.locator("#status")).to_contain_text("A move here takes back 1 move")
    place(bob, 0, "a1", 2, touch=True)
    opened(alice, send(bob)["url"])
    alice.click("#message [data-action='accept-takeback']")
    assert moves_of(alice) == ["3x3a3", "2x2a1"] == moves_of(bob)
    for page in (alice, bob):
        expect(page.locator("#moves")).to_contain_text("3x3b2")
    close(*contexts)


def test_send_before_ones_own_first_move_says_what_it_does(browser, site):
    """Red, to move first, presses Send: the invitation goes, and the notice says it is still
    Red's move; the copy notice covers neither the board nor the scores (desktop and phone)."""
    for phone in (False, True):
        context = device(browser, phone, share=False)
        page = new_tab(context)
        start_by_link(page, site)
        reach(page, "#send-link").click()
        notice = page.locator("#message")
        expect(notice).to_contain_text(
            "Link copied: your friend plays Blue. Your move: make it, then send it."
        )
        your_move(page, "Red")  # the how-to text stays in the status
        box = notice.bounding_box()
        for covered in ("#board", "#scores"):
            other = page.locator(covered).bounding_box()
            assert not overlaps(box, other), (covered, box, other)
        shot(page, f"link-{'phone' if phone else 'desktop'}-sent-before-moving")
        close(context)


def overlaps(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )
