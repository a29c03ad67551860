"""Stigmergy's hard level in the browser's worker (engine/games/stigmergy/hard_search.py, issue
27): on the default side-8 board it thinks in slices and plays; the time of each reply is
printed."""

from conftest import open_page, shot
from test_computer import new_game


def test_the_hard_level_answers_in_its_time(page, site):
    open_page(page, site + "/index.html#stigmergy/1/size=8,komi=-1/")
    new_game(page, ["hard", "hard"])
    replies = []
    for plies in (1, 2, 3):
        began = page.evaluate("performance.now()")
        page.wait_for_function(
            f"location.hash.split('/').pop().split('.').filter(Boolean).length >= {plies}",
            timeout=60_000,
        )
        replies.append(page.evaluate("performance.now()") - began)
    page.click("#pause")  # stop the watched game
    shot(page, "stigmergy-hard")
    print("\nHard's replies on side 8 (ms):", [round(r) for r in replies])
    assert page.errors == []
