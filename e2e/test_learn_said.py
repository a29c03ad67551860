"""What the courses say on the page, for the stumbles of issue 5's course items: a message
made from the move played (not the step's own solution), halfway through a step of two moves
what to do now and no Try again (on a phone, by touch), the komi bid explained by a step of
its own, and the reworded steps.  Screenshots at 375×812 and 1280×800 of each."""

from __future__ import annotations

import json

import pytest
from helpers import guard, lesson_said, open_page, shot

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 812}


def bar_says(page, text: str):
    page.wait_for_function(
        "text => document.querySelector('#lesson').textContent.includes(text)", arg=text
    )


def open_game(page, url: str):
    """A fresh page load on `url` (a new hash alone would not load the page again)."""
    page.goto("about:blank")
    open_page(page, url)


def learn_from(page, game_id: str, done: list[str], touch: bool = False):
    """Open the game's course at the first step not in `done`, from the offer a game's first
    visit shows above the board."""
    page.evaluate(
        "([key, ids]) => localStorage.setItem(key, ids)",
        [f"learn-progress-{game_id}", json.dumps(done)],
    )
    offer = page.locator(f"#learn-offer [data-learn='{game_id}']")  # a first visit's
    offer.tap() if touch else offer.click()
    page.wait_for_selector("#lesson[data-status='playing']")


def at(page, step_id: str):
    page.wait_for_selector(f"body[data-lesson='{step_id}']")
    page.wait_for_selector("#lesson[data-status='playing']")


def show_me(page, game_id: str, step_id: str, solution: list[str]):
    at(page, step_id)
    page.click("#lesson [data-lesson='show']")
    page.wait_for_selector("#lesson[data-status='done']")
    bar_says(page, lesson_said(game_id, step_id, *solution))
    page.wait_for_selector(".motion-layer", state="detached")


def next_step(page):
    page.click("#lesson [data-lesson='next']")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_each_message_is_true_of_the_move_played(page, site, size):
    page.set_viewport_size(PHONE if size == "phone" else DESKTOP)
    for course in (petrify, rug_pile, stigmergy, wythe):
        course(page, site, size)
    assert page.errors == []


def petrify(page, site, size):
    """Petrify's scoring: a3 makes a 3 that cancels Orange's, and the bar says so; the
    corner walled by blocks that touch at corners."""
    open_game(page, site + "/index.html#petrify/1/size=6/")
    learn_from(page, "petrify", ["place", "capture", "mound", "swap"])
    at(page, "score")
    page.click("#board [data-cell='a3']")
    page.wait_for_selector("#lesson[data-status='done']")
    said = lesson_said("petrify", "score", "a3")
    assert "1 pair of size 3 cancel; Blue's group of 1 is the biggest left" in said
    bar_says(page, said)
    shot(page, f"learn-said-petrify-a3-{size}")
    next_step(page)
    show_me(page, "petrify", "patch", ["c1xe3"])  # the corner, walled by blocks at corners
    bar_says(page, "touch only at their corners")
    shot(page, f"learn-said-petrify-corner-{size}")


def rug_pile(page, site, size):
    """The first rug: a 2×2 at c2 is written 2x2c2; the turned rug needs turning."""
    open_game(page, site + "/index.html#rugpile/1//")
    learn_from(page, "rugpile", [])
    at(page, "first-rug")
    page.click("#panel [data-action='kind'][data-kind='0']")
    page.hover("#board [data-cell='c3']")  # the rug's top-left square
    page.click("#board [data-cell='c3']")
    page.wait_for_selector("#lesson[data-status='done']")
    bar_says(page, lesson_said("rugpile", "first-rug", "2x2c2"))
    bar_says(page, "writes this move 2x2c2")
    shot(page, f"learn-said-rugpile-2x2c2-{size}")
    next_step(page)
    at(page, "turn-tile")
    bar_says(page, "three squares wide and two tall")
    show_me(page, "rugpile", "turn-tile", ["3x2b4"])
    shot(page, f"learn-said-rugpile-turned-{size}")


def stigmergy(page, site, size):
    """A stone on a1 itself, the komi bid's own step, the button a whole turn."""
    open_game(page, site + "/index.html#stigmergy/1/size=4,komi=0/")
    learn_from(page, "stigmergy", ["place"])
    at(page, "control")
    page.click("#board [data-cell='a1']")
    page.wait_for_selector("#lesson[data-status='missed']")
    said = lesson_said("stigmergy", "control", "a1")
    assert "cannot see e1" not in said and "a1 sees 1 Black stone and 1 White" in said
    bar_says(page, said)
    shot(page, f"learn-said-stigmergy-a1-{size}")
    page.click("#lesson [data-lesson='retry']")
    show_me(page, "stigmergy", "control", ["a2"])
    next_step(page)
    show_me(page, "stigmergy", "flip", ["g4x"])
    next_step(page)
    at(page, "bid")
    assert page.locator("#panel [data-action='komi']").is_visible()  # Offer komi
    shot(page, f"learn-said-stigmergy-bid-{size}")
    show_me(page, "stigmergy", "bid", ["komi4"])
    shot(page, f"learn-said-stigmergy-bid-done-{size}")
    next_step(page)
    show_me(page, "stigmergy", "komi", ["white"])
    next_step(page)
    show_me(page, "stigmergy", "button", ["button"])
    bar_says(page, "Taking it is your whole turn")
    shot(page, f"learn-said-stigmergy-button-{size}")


def wythe(page, site, size):
    """Whose stacks, Swap colours, the score on the board, the covered board."""
    open_game(page, site + "/index.html#wythe/1/size=6/")
    learn_from(page, "wythe", [])
    show_me(page, "wythe", "first-piece", ["c3d3"])
    bar_says(page, "You play Black: every stack with a black top is yours")
    shot(page, f"learn-said-wythe-yours-{size}")
    next_step(page)
    show_me(page, "wythe", "stack", ["b1b2"])
    next_step(page)
    show_me(page, "wythe", "frozen", ["e1e2"])
    next_step(page)
    at(page, "swap")
    page.click("#board [data-cell='a1']")
    page.click("#board [data-cell='b1']")
    page.wait_for_selector("#lesson[data-status='missed']")
    bar_says(page, lesson_said("wythe", "swap", "a1b1"))
    shot(page, f"learn-said-wythe-swap-{size}")
    page.click("#lesson [data-lesson='retry']")
    at(page, "swap")
    assert page.locator("#actions button", has_text="Swap colours").is_visible()
    show_me(page, "wythe", "swap", ["swap"])
    next_step(page)
    show_me(page, "wythe", "score", ["c1c2"])
    assert page.locator("#lesson .lesson-figure").count() == 0  # no rules example, 3–1
    shot(page, f"learn-said-wythe-score-{size}")
    next_step(page)
    show_me(page, "wythe", "the-end", ["f6e6"])
    bar_says(page, "Black can still lay a piece in 3 ways")
    shot(page, f"learn-said-wythe-end-{size}")


def test_halfway_through_a_step_of_two_moves_on_a_phone_by_touch(browser, site):
    """Gwyddbwyll's promotion and Stigmergy's end, tapped on a phone: after the first move and
    the reply, the bar says what to do now and offers no Try again; a first move that puts
    the goal out of reach is missed at once."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    outside, errors = guard(page), []
    page.on("pageerror", lambda err: errors.append(str(err)))

    open_game(page, site + "/index.html#gwyddbwyll/1//")
    learn_from(page, "gwyddbwyll", ["pawn", "bishop", "en-passant"], touch=True)
    at(page, "promotion")
    page.tap("#board [data-cell='g7']")
    page.tap("#board [data-cell='g8']")
    then = lesson_said("gwyddbwyll", "promotion", "g7g8", touch=True)
    bar_says(page, then)
    halfway(page)
    shot(page, "learn-halfway-gwyddbwyll-touch-phone")
    page.tap("#board [data-cell='g8']")
    page.tap("#board [data-cell='e6']")
    page.wait_for_selector("#lesson[data-status='done']")
    bar_says(page, lesson_said("gwyddbwyll", "promotion", "g7g8", "g8e6", touch=True))

    open_game(page, site + "/index.html#stigmergy/1/size=4,komi=0/")
    learn_from(page, "stigmergy", ["place", "control", "flip", "bid", "komi", "button"], True)
    at(page, "end")
    tap_twice(page, "d3")  # c6 stays open: no pass after White's reply
    page.wait_for_selector("#lesson[data-status='missed']")
    bar_says(page, lesson_said("stigmergy", "end", "d3", touch=True))
    assert page.locator("#lesson [data-lesson='retry']").text_content() == "Try again"
    shot(page, "learn-halfway-stigmergy-missed-touch-phone")
    page.tap("#lesson [data-lesson='retry']")
    at(page, "end")
    tap_twice(page, "c6")
    bar_says(page, lesson_said("stigmergy", "end", "c6", touch=True))
    halfway(page)
    shot(page, "learn-halfway-stigmergy-touch-phone")
    page.tap("#panel [data-move='pass']")
    page.wait_for_selector("#lesson[data-status='done']")
    bar_says(page, lesson_said("stigmergy", "end", "c6", "pass", touch=True))
    context.close()
    assert outside == [] and errors == []


def tap_twice(page, cell: str):
    """A Stigmergy cell tapped: the first tap previews the move, the second plays it."""
    page.tap(f"#board [data-cell='{cell}']")
    page.tap(f"#board [data-cell='{cell}']")


def halfway(page):
    """The bar halfway through a step, the goal still in reach: no Try again."""
    assert page.get_attribute("#lesson", "data-status") == "playing"
    assert "Try again" not in page.text_content("#lesson")
    assert page.locator("#lesson [data-lesson='retry']").text_content() == "Start the step over"
