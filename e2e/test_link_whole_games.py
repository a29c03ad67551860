"""Whole games by link of the other kinds, each played between two devices (a desktop and a
phone with touch) by exchanging the links Send gives, every link after the first opened in
the same tab by changing its hash: both sides reach the result and Recent holds one entry
each.  (Rug Pile's whole game by link is e2e/test_link_game.py's.)"""

from __future__ import annotations

from conftest import open_page
from playwright.sync_api import expect
from test_link_game import device, new_tab, opened, recent_entries, send

# Gwyddbwyll at its default options: a legal game (tests/test_gwyddbwyll.py's seed 471, as in
# e2e/test_page_gwyddbwyll.py) that Black ends by checkmate with its 32nd ply, Re6-e1.
GWYDDBWYLL_MATE = ["f3f4", "b6b5", "e3e5", "g6g5", "f4f5", "d7e5", "f5e6", "c6c5", "f2g2", "e5c6", "b3b4", "c6b8", "h3h4", "g5g4", "g2f2", "e7c6", "e1d1", "f7g7", "d3c4", "c7e7", "f2f6", "g7g6", "c4b5", "b8d7", "e2d4", "e8d8", "b5a4", "g6f6", "b4b5", "f6e6", "b5c6", "e6e1"]


def gwyddbwyll_move(page, move: str, count: int) -> None:
    """Play `move` (from and to squares) by clicking them."""
    page.click(f"#board [data-cell='{move[:2]}']")
    page.click(f"#board [data-cell='{move[2:]}']")
    expect(page.locator("#moves button")).to_have_count(count)


def test_a_whole_gwyddbwyll_game_by_link(browser, site):
    contexts = [device(browser, False), device(browser, True)]
    alice, bob = (new_tab(context) for context in contexts)
    open_page(alice, site + "/index.html#gwyddbwyll/1//")
    alice.click("#new-game")
    alice.select_option("#option-fields select[name='seat-1']", "friend")
    alice.click("#newgame-form button[type='submit']")
    expect(alice.locator("#status")).to_have_text("Your move (White)")
    players = [alice, bob]
    for ply, move in enumerate(GWYDDBWYLL_MATE):
        mover, other = players[ply % 2], players[(ply + 1) % 2]
        gwyddbwyll_move(mover, move, ply + 1)
        link = send(mover)
        opened(other, link["url"])
        if ply == 0:
            bob.click("#message [data-action='take-seat']")
        expect(other.locator("#moves button")).to_have_count(ply + 1)
    mate = "Black wins by checkmate: White is in check and has no legal move."
    for page in players:
        expect(page.locator("#result")).to_have_text(mate)
        entries = recent_entries(page)
        assert len(entries) == 1, entries
    for page in players:
        assert page.errors == [] and page.outside == []
    for context in contexts:
        context.close()
