"""The game's graph tells mistakes from noise, in the seats' colours (issue 27, item 3): in every
game, the graph of a seeded self-play game lists as swings only moves whose mover's chance fell
by more than the game's noise allows (web/logic/graph.py: swing_threshold), and each seat's key
and line are drawn in the colour that seat plays, the colour beside its name in the score list
(Petrify's Blue in blue), made to stand out where it is faint on the graph (White's)."""

import random
import re

import pytest
from helpers import open_page, shot
from playwright.sync_api import expect

from engine import ai, games
from web.logic.contrast import css, parse, seen, standing_out
from web.logic.graph import swing_threshold
from web.logic.session import Session

PLIES = 24  # the self-play line judged, in plies (Rug Pile's game is shorter)
GAMES = games.ids()
SWING_TEXT = re.compile(r"move (\d+) \((.+)\): win chance (\d+)% → (\d+)%")


def self_play(game_id: str, seed: int) -> Session:
    """The first PLIES plies of a game of the easy level against itself (100 playouts a move,
    seeded), as the page's session."""
    game, session, rng = games.get(game_id), Session(game_id), random.Random(seed)
    while len(session.states) <= PLIES and game.result(session.state) is None:
        move = ai.choose_move(game, session.state, "easy", seed=rng.randrange(2**32), playouts=100)
        session.play(move)
    return session


def colour_of(page, selector: str, prop: str) -> str:
    return page.evaluate(
        "([sel, prop]) => getComputedStyle(document.querySelector(sel))[prop]", [selector, prop]
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_the_graph_lists_only_real_mistakes_in_the_seats_colours(page, site, game_id):
    session = self_play(game_id, seed=27)
    positions = len(session.states)
    open_page(page, f"{site}/index.html#{session.fragment()}")
    page.click("#analyse")
    page.click("#graph-open")
    expect(page.locator("#graph-progress")).to_contain_text(
        f"All {positions} positions judged", timeout=120_000
    )
    least = 100 * swing_threshold(game_id)
    for text in page.locator("#graph-swings button[data-ply]").all_text_contents():
        found = SWING_TEXT.search(text)
        assert found, text
        before, after = int(found.group(3)), int(found.group(4))
        assert before - after >= least - 1, (text, least)  # -1: the page rounds to whole %
    names = page.locator("#scores .name").all_text_contents()
    plot = seen(colour_of(page, "#graph-body svg.graph", "backgroundColor"))
    expect(page.locator("#graph-body .graph-key li")).to_have_count(len(names))
    for seat, name in enumerate(names):
        key = f"#graph-body .graph-key li[data-seat='{seat}']"
        expect(page.locator(key)).to_have_text(name)
        seat_colour = colour_of(
            page, f"#scores li:nth-child({seat + 1}) .swatch", "backgroundColor"
        )
        assert colour_of(page, f"{key} .swatch", "backgroundColor") == seat_colour, name
        # the line, and the key's piece of it, in that colour, or where it is too faint on
        # the graph (White's on a light page), darkened just enough to stand out (issue 29)
        line = css(standing_out(parse(seat_colour)[0], plot))
        assert colour_of(page, f"{key} .key", "backgroundColor") == line, name
        assert colour_of(page, f"#graph-body polyline.g{seat}", "stroke") == line, name
    shot(page, f"graph-judgement-{game_id}")
    assert page.errors == []
