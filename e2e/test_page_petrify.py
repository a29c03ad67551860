"""Petrify in the browser: place and capture by clicking, the block left behind, the swap,
a refused capture explained, and an ended game's result; screenshots of each."""

import random
import sys
from pathlib import Path

from helpers import SHOTS, open_page, shot

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from engine import games

GAME = games.get("petrify")


def click_square(page, name):
    page.click(f"#board [data-cell='{name}']")


def wait_for_moves(page, moves: str):
    page.wait_for_function(f"location.hash.split('/')[3] === '{moves}'")


def test_place_swap_and_capture_by_clicking(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(page, site + "/index.html#petrify/1/size=6/")
    assert page.text_content("#title") == "Petrify"
    click_square(page, "c3")  # Blue places
    wait_for_moves(page, "c3")
    page.click("#actions [data-move='swap']")  # Orange takes Blue's side
    wait_for_moves(page, "c3.swap")
    assert page.locator("#scores li .name").all_text_contents() == ["Orange", "Blue"]
    click_square(page, "c5")  # the opener, now Orange
    wait_for_moves(page, "c3.swap.c5")
    click_square(page, "c3")  # Blue picks its disk ...
    page.wait_for_selector("#board .pf-target[data-target='c5']")
    assert page.locator("#board .pf-ghost").count() == 1  # ... and sees the block to come
    assert "capture from c3" in page.text_content("#status")
    click_square(page, "c5")  # ... and takes c5
    wait_for_moves(page, "c3.swap.c5.c3xc5")
    assert page.locator("#board .pf-block").count() == 1
    assert "c3: a block" in page.text_content("#board [data-cell='c3'] title")
    shot(page, "petrify-capture")
    assert page.errors == []


def test_refused_capture_is_explained_on_a_phone(page, site):
    page.set_viewport_size({"width": 375, "height": 740})
    # Blue a1 sits in a corner under Orange a4: a block on a1 would be a mound with the ring.
    open_page(page, site + "/index.html#petrify/1/size=6/a1.a4")
    click_square(page, "a1")
    page.wait_for_selector("#board .pf-refused[data-target='a4']")
    assert "mound" in page.text_content("#status")
    click_square(page, "a4")
    assert "refused" in page.text_content("#status")
    assert page.evaluate("location.hash").endswith("/a1.a4")  # nothing was played
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page scrolls sideways on a phone ({width}px)"
    shot(page, "petrify-refused-phone")
    assert page.errors == []


def test_ended_game_shows_the_result(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    # A random 6×6 game played to its end by the engine; the page gets all but the last
    # pass, and the player clicks Pass.
    rng, state, moves = random.Random(2), GAME.new(size=6), []
    while GAME.result(state) is None:
        legal = GAME.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        moves.append(GAME.notation(state, move))
        state = GAME.apply(state, move)
    assert moves[-2:] == ["pass", "pass"]
    open_page(page, site + "/index.html#petrify/1/size=6/" + ".".join(moves[:-1]))
    assert "must pass" in page.text_content("#status")
    page.click("#actions [data-move='pass']")
    page.wait_for_selector("#result:not([hidden])")
    assert GAME.result(state).reason in page.text_content("#result")
    # Every patch's reckoning is drawn once the game is over.
    fates = [g.fate for p in GAME.view(state).patches for g in p.groups for _ in g.squares]
    assert page.locator("#board .pf-winner").count() == fates.count("wins")
    assert page.locator("#board .pf-cancelled").count() == fates.count("cancelled")
    shot(page, "petrify-end")
    assert page.errors == []


def test_a_click_after_a_refused_capture_is_not_swallowed(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    # Blue a1 in a corner, Orange a5 above it: a1's capture of a5 would leave a block that
    # makes a mound with the ring.
    open_page(page, site + "/index.html#petrify/1/size=8/a1.a5")
    click_square(page, "a1")
    page.wait_for_selector("#board .pf-refused[data-target='a5']")
    click_square(page, "c6")  # places at once, as on a fresh board
    wait_for_moves(page, "a1.a5.c6")
    assert page.locator("#board .pf-selected").count() == 0
    # After the engine itself refuses the capture, the next click still counts.
    open_page(page, site + "/index.html#petrify/1/size=8/a1.a5.a2.h8")
    click_square(page, "a1")
    click_square(page, "a5")  # a1 reaches a5 past its own a2: refused
    page.wait_for_function("document.getElementById('status').textContent.includes('refused')")
    click_square(page, "a2")  # another own disk: chosen at once
    page.wait_for_selector("#board .pf-target[data-target='a5']")
    click_square(page, "d4")  # an empty square: placed at once
    wait_for_moves(page, "a1.a5.a2.h8.d4")
    shot(page, "petrify-after-refusal")
    assert page.errors == []


def test_both_scoreboards_list_the_seats_in_the_same_order_after_a_swap(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, site + "/index.html#petrify/1/size=8/c3.swap")
    scores = page.locator("#scores li .name").all_text_contents()
    panel = [text.split()[0] for text in page.locator("#panel .pf-colours li").all_text_contents()]
    assert scores == panel == ["Orange", "Blue"]


def test_swap_is_in_view_at_1280_by_800_after_the_first_move(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, site + "/index.html#petrify/1/size=8/")
    top = page.locator("#board").bounding_box()["y"]
    click_square(page, "d4")
    wait_for_moves(page, "d4")
    swap = page.locator("#actions [data-move='swap']")
    box = swap.bounding_box()
    assert box is not None and box["y"] >= 0 and box["x"] >= 0
    assert box["y"] + box["height"] <= 800 and box["x"] + box["width"] <= 1280, box
    assert page.evaluate("window.scrollY") == 0
    assert page.locator("#board").bounding_box()["y"] == top  # the board did not move
    page.screenshot(path=str(SHOTS / "petrify-swap-desktop.png"))  # the viewport, not the page
    page.set_viewport_size({"width": 375, "height": 812})
    page.screenshot(path=str(SHOTS / "petrify-swap-phone.png"), full_page=True)
    assert page.errors == []
