"""Every game's board, its panel and the score list as a player sees them, at desktop size (in
the light and the dark colour scheme) and phone size: each board's own stylesheet applies, and
the pictures land in e2e/screenshots/boards/ to compare by eye, or pixel for pixel across a
change to the boards' styles (a board's picture is `locator("#board").screenshot()`)."""

from __future__ import annotations

import random

import pytest
from helpers import LOAD_TIMEOUT, READY, SHOTS, point_at, pointer_off_board
from playwright.sync_api import expect

from engine import games
from engine.contract.fixtures import fixtures
from engine.formats.record import encode, make_record

# the board drawn and still: none of its animations running (a picture is of the position)
STILL = """() => document.getElementById('board').getAnimations({subtree: true})
    .every(a => a.playState !== 'running')"""
VIEWPORTS = {
    "desktop": ({"width": 1280, "height": 800}, "light"),
    "desktop-dark": ({"width": 1280, "height": 800}, "dark"),
    "phone": ({"width": 375, "height": 812}, "light"),
}
PARTS = {"board": "#board", "panel": "#panel", "scores": "#scores"}


def positions(game_id: str) -> dict[str, str]:
    """name -> the link's fragment: the start, the opening, and a game well under way (random
    moves from a fixed seed, stopping short of the end)."""
    game = games.get(game_id)
    state, moves = game.new(), []
    for move in fixtures(game_id).SAMPLE_LINE:
        state = game.play(state, game.parse(state, move))
        moves.append(move)
    opening = list(moves)
    rng = random.Random(game_id)
    while len(moves) < 30 and game.result(state) is None:
        move = rng.choice(game.legal_moves(state))
        after = game.play(state, move)
        if game.result(after) is not None:
            break
        moves.append(game.notation(state, move))
        state = after
    record = make_record(game, {}, ())
    return {
        "start": encode(record),
        "opening": encode(make_record(game, {}, opening)),
        "midgame": encode(make_record(game, {}, moves)),
    }


def show(page, fragment: str) -> None:
    """Open a link in the page (as typing it would) and wait for its board."""
    pointer_off_board(page)
    if page.evaluate("location.hash") == f"#{fragment}":
        return
    page.evaluate("document.querySelector('#board svg')?.setAttribute('data-old', '')")
    page.evaluate("(hash) => { location.hash = hash; }", fragment)
    page.wait_for_selector("#board > svg:not([data-old])")
    page.wait_for_function(STILL)
    pointer_off_board(page)  # the board may have moved under the pointer


def pictures(page, folder, name: str) -> None:
    for part, selector in PARTS.items():
        element = page.locator(selector)
        if element.is_visible() and element.bounding_box()["height"] > 0:
            element.screenshot(path=str(folder / f"{name}-{part}.png"))


def point_at_the_middle(page) -> None:
    """The pointer over the board's middle cell (what a move there would do)."""
    cells = page.locator("#board [data-cell]")
    point_at(page, cells.nth(cells.count() // 2).get_attribute("data-cell"))


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("game_id", games.ids())
def test_every_board_in_its_own_styles(browser, site, game_id, viewport):
    size, scheme = VIEWPORTS[viewport]
    context = browser.new_context(viewport=size, color_scheme=scheme, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    folder = SHOTS / "boards" / viewport
    folder.mkdir(parents=True, exist_ok=True)
    try:
        page.goto(f"{site}/#{positions(game_id)['start']}")
        page.wait_for_selector(READY, timeout=LOAD_TIMEOUT)
        for name, fragment in positions(game_id).items():
            show(page, fragment)
            pictures(page, folder, f"{game_id}-{name}")
        selector, prop, value = fixtures(game_id).STYLE_PROBE  # one element its stylesheet styles
        styled = page.evaluate(
            "([s, p]) => getComputedStyle(document.querySelector(s)).getPropertyValue(p)",
            [selector, prop],
        )
        assert styled == value, f"{game_id}: {selector} has {prop} {styled}"
        point_at_the_middle(page)
        pictures(page, folder, f"{game_id}-midgame-pointed")
        if game_id == "stigmergy" and viewport == "phone":
            # the default side 8 opens zoomed on a phone (issue 29, item 7): Zoom board shows
            # it whole
            page.mouse.move(0, 0)
            zoom = page.locator("#panel [data-action='zoom']")
            assert zoom.get_attribute("aria-pressed") == "true"
            zoom.click()
            expect(page.locator("#panel [data-action='zoom']")).to_have_attribute(
                "aria-pressed", "false"
            )
            pictures(page, folder, f"{game_id}-midgame-whole")
        assert errors == []
    finally:
        context.close()
