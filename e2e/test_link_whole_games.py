"""Whole games by link of the other kinds, each played between two devices (a desktop and a
phone with touch) by exchanging the links Send gives, every link after the first opened in
the same tab by changing its hash: both sides reach the result and Recent holds one entry
each.  (Rug Pile's whole game by link is e2e/test_link_game.py's.)"""

from __future__ import annotations

from helpers import device, new_tab, open_page, opened, recent_entries, send
from playwright.sync_api import expect

# Gwyddbwyll at its default options: a legal game (tests/test_gwyddbwyll.py's seed 471, as in
# e2e/test_page_gwyddbwyll.py) that Black ends by checkmate with its 32nd ply, Re6-e1.
GWYDDBWYLL_MATE = [
    "f3f4",
    "b6b5",
    "e3e5",
    "g6g5",
    "f4f5",
    "d7e5",
    "f5e6",
    "c6c5",
    "f2g2",
    "e5c6",
    "b3b4",
    "c6b8",
    "h3h4",
    "g5g4",
    "g2f2",
    "e7c6",
    "e1d1",
    "f7g7",
    "d3c4",
    "c7e7",
    "f2f6",
    "g7g6",
    "c4b5",
    "b8d7",
    "e2d4",
    "e8d8",
    "b5a4",
    "g6f6",
    "b4b5",
    "f6e6",
    "b5c6",
    "e6e1",
]


# Wythe on a 6x6 board: every rank B W W B B W (tests/test_wythe.py): after these 18
# placements neither side can place; both pass; White made the last placement.
WYTHE_TIE = [
    m for rank in range(1, 7) for m in (f"a{rank}b{rank}", f"d{rank}c{rank}", f"e{rank}f{rank}")
] + ["pass", "pass"]


# Petrify on a 6x6 board (its smallest; 8 by default): a legal random game (seed 54, the
# shortest of seeds 0-199) that ends with both players passing, Blue winning 13-12.
PETRIFY_GAME = " ".join(
    (
        "c2 f5 c4 d6 f6 c5 d3 e6 a5 a6 c3 b3 d1 d6xf6 c4xb3 b4 e5 c1 d5 e3 d5xf5 a3 a5xa6 f2",
        "c2xf2 a2 f1 d4 e4 a3xb3 d3xd4 b1 f2xe3 c6 a1 a4 f3 e1 f4 b2 c3xe1 c1xd1 e2 b5 b6 d2",
        "f4xd2 pass pass",
    )
).split()


def petrify_move(page, move: str, count: int) -> None:
    """Play a placement (a square), a capture (its disk's square, then the target's) or a
    pass, by clicking."""
    if move == "pass":
        page.click("#actions [data-move='pass']")
    else:
        for square in move.split("x"):
            page.click(f"#board [data-cell='{square}']")
    expect(page.locator("#moves button")).to_have_count(count)


# Stigmergy with side 4 (its default is 8) and a fixed komi of 1 (the default is a bid): a
# legal random game (seed 30, the shortest of seeds 0-299 whose turns alternate) to two
# passes; Black wins 21-17.5.
STIGMERGY_GAME = " ".join(
    (
        "g2 d4 a2 c6 d6 b1 d5 d1 f3 b3 b4 e3 a3 f1 d2 a1 b5 d3 f5 button f2 e1 e6 c1 f4 b2 d7",
        "pass pass",
    )
).split()


def stigmergy_move(page, move: str, count: int) -> None:
    """Play a placement (a cell) by clicking it, or take the button or pass in the panel."""
    if move in ("button", "pass"):
        page.click(f"#panel [data-move='{move}']")
    else:
        page.click(f"#board [data-cell='{move}']")
    expect(page.locator("#moves button")).to_have_count(count)


def gwyddbwyll_move(page, move: str, count: int) -> None:
    """Play `move` (from and to squares) by clicking them."""
    page.click(f"#board [data-cell='{move[:2]}']")
    page.click(f"#board [data-cell='{move[2:]}']")
    expect(page.locator("#moves button")).to_have_count(count)


def wythe_move(page, move: str, count: int) -> None:
    """Play a placement (black half's square, then white half's) by clicking, or a pass."""
    if move == "pass":
        page.click("#actions [data-move='pass']")
    else:
        page.click(f"#board [data-cell='{move[:2]}']")
        page.click(f"#board [data-cell='{move[2:]}']")
    expect(page.locator("#moves button")).to_have_count(count)


def play_by_link(browser, site, start: str, first: str, moves, play, result: str) -> None:
    """Alice (desktop) starts a game by link from the address `start` (its options), playing
    the first seat (`first` its name); Bob (a phone) takes the other from her first link;
    they play `moves` (each by `play`), exchanging links; both see `result`."""
    contexts = [device(browser, False), device(browser, True)]
    alice, bob = (new_tab(context) for context in contexts)
    open_page(alice, site + start)
    alice.click("#new-game")  # the form starts from the options of the game shown
    alice.select_option("#option-fields select[name='seat-1']", "friend")
    alice.click("#newgame-form button[type='submit']")
    expect(alice.locator("#status")).to_contain_text(f"{first}, your move")
    players = [alice, bob]
    for ply, move in enumerate(moves):
        mover, other = players[ply % 2], players[(ply + 1) % 2]
        play(mover, move, ply + 1)
        link = send(mover)
        opened(other, link["url"])  # after Bob's first, a hashchange in the same tab
        if ply == 0:
            bob.click("#message [data-action='take-seat']")
        expect(other.locator("#moves button")).to_have_count(ply + 1)
    for page in players:
        expect(page.locator("#result")).to_contain_text(result)
        entries = recent_entries(page)
        assert len(entries) == 1, entries
    for page in players:
        assert page.errors == [] and page.outside == []
    for context in contexts:
        context.close()


def test_a_whole_gwyddbwyll_game_by_link(browser, site):
    mate = "Black wins by checkmate: White is in check and has no legal move."
    start = "/index.html#gwyddbwyll/1//"
    play_by_link(browser, site, start, "White", GWYDDBWYLL_MATE, gwyddbwyll_move, mate)


def test_a_whole_wythe_game_by_link_on_a_6x6_board(browser, site):
    """The smallest board Wythe allows, size 6: every rank B W W B B W (e2e/test_page_wythe.py,
    tests/test_wythe.py), 18 placements; then neither side can place, both pass, 0-0, and
    Black wins because White made the last placement."""
    start = "/index.html#wythe/1/size=6/"
    result = "Black wins"
    play_by_link(browser, site, start, "Black", WYTHE_TIE, wythe_move, result)


def test_a_whole_petrify_game_by_link_on_a_6x6_board(browser, site):
    start = "/index.html#petrify/1/size=6/"
    result = "Blue wins 13–12. Both players passed."
    play_by_link(browser, site, start, "Blue", PETRIFY_GAME, petrify_move, result)


def test_a_whole_stigmergy_game_by_link_with_side_4_and_komi_1(browser, site):
    start = "/index.html#stigmergy/1/size=4,komi=1/"
    result = "Black wins 21–17.5. Both players passed."
    play_by_link(browser, site, start, "Black", STIGMERGY_GAME, stigmergy_move, result)
