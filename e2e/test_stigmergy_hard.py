"""Stigmergy's hard level in the browser's worker (engine/games/stigmergy/hard_search.py,
issue 27): on the default side-8 board it thinks in slices, saying how far it has got, and its
answers arrive as moves on the board; the time of each reply is printed (measured, not
asserted)."""

from helpers import computer_idle, new_game, open_page, shot
from playwright.sync_api import expect

PLIES = "location.hash.split('/').pop().split('.').filter(Boolean).length"  # in the link


def test_the_hard_level_thinks_in_slices_and_its_answers_arrive(page, site):
    open_page(page, site + "/index.html#stigmergy/1/size=8,komi=-1/")
    new_game(page, ["hard", "hard"])
    replies, progress = [], []
    for plies in (1, 2, 3):
        began = page.evaluate("performance.now()")
        # a slice's progress: "Black (computer, hard) is thinking… 0.3 s, depth 2"
        page.wait_for_function(
            "/is thinking… [0-9.]+ s, /.test(document.getElementById('status').textContent)"
            f" || {PLIES} >= {plies}",
            timeout=60_000,
        )
        progress.append(page.text_content("#status"))
        page.wait_for_function(f"{PLIES} >= {plies}", timeout=60_000)
        replies.append(page.evaluate("performance.now()") - began)
    page.click("#pause")  # stop the watched game
    computer_idle(page)
    answered = page.evaluate(PLIES)
    assert answered >= 3
    expect(page.locator("#moves button")).to_have_count(answered)  # each answer a move
    assert any("is thinking…" in p and " s, " in p for p in progress), progress
    expect(page.locator("#message.error")).to_have_count(0)  # the worker never failed
    shot(page, "stigmergy-hard")
    print("\nHard's replies on side 8 (ms):", [round(r) for r in replies])
    assert page.errors == []
