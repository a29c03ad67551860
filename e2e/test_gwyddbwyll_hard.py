"""Gwyddbwyll's hard level in the browser's worker (its alpha-beta,
engine/games/gwyddbwyll/search.py, issue 27): a person plays White by clicking, the computer
answers each move within its thinking time, showing the depth it reached; the time of each reply is
printed."""

from helpers import click_square, marks, new_game, open_page, shot

# White's moves, tried in this order each turn: the first one the board marks as legal is
# played (Black's replies may block a pawn or take it).
CANDIDATES = (
    ("a3", "a4"), ("h3", "h4"), ("b3", "b4"), ("g3", "g4"), ("c3", "c4"), ("f3", "f4"),
    ("e3", "e4"), ("d2", "b1"), ("e2", "g1"),
)  # fmt: skip
TURNS = 3


def play_a_legal_move(page) -> str:
    """Select each candidate's piece in turn and play the first move the board marks."""
    for frm, to in CANDIDATES:
        click_square(page, frm)
        if to in marks(page, "gw-dot") | marks(page, "gw-ring"):
            click_square(page, to)
            return frm + to
    raise AssertionError("none of the candidate moves was marked legal")


PLIES = "location.hash.split('/').pop().split('.').filter(Boolean).length"  # in the link


def test_the_hard_level_answers_a_person_in_its_time(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(page, site + "/index.html#gwyddbwyll/1//")
    new_game(page, ["human", "hard"])
    replies, depths = [], []
    for number in range(TURNS):
        play_a_legal_move(page)
        began = page.evaluate("performance.now()")
        page.wait_for_function(
            "document.querySelector('#status').textContent.includes('depth')", timeout=30_000
        )
        depths.append(page.text_content("#status"))
        page.wait_for_function(f"{PLIES} >= {2 * number + 2}", timeout=60_000)
        replies.append(page.evaluate("performance.now()") - began)
        page.wait_for_function(
            "document.querySelector('#status').textContent.startsWith('White, your move')",
            timeout=10_000,
        )
    assert page.evaluate(PLIES) == 2 * TURNS
    assert page.locator("#moves button").count() == 2 * TURNS
    shot(page, "gwyddbwyll-hard")
    print("\nHard's replies (ms):", [round(r) for r in replies], "while thinking:", depths)
    assert page.errors == []
