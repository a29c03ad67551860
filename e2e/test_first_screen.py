"""The built site's first screen (the board drawn before Python runs) hands over to the live
board without a trace: a position opened by a link, reached by play, or reloaded shows the
same board, markup, classes and pixels, in every game."""

import pytest
from helpers import LOAD_TIMEOUT, READY, pointer_off_board, run_python, shot

from engine import games
from engine.contract.fixtures import fixtures

BOARD = """() => {
    const board = document.getElementById("board");
    return {classes: board.className, markup: board.innerHTML};
}"""


@pytest.fixture
def calm_pages(browser):
    """Pages of new browser profiles with no motion (nothing animates, so two drawings can be
    compared)."""
    contexts = []

    def make():
        context = browser.new_context(
            reduced_motion="reduce", viewport={"width": 1280, "height": 800}
        )
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda err: page.errors.append(str(err)))
        return page

    yield make
    for context in contexts:
        context.close()


def board_now(page) -> tuple[dict, bytes]:
    pointer_off_board(page)
    return page.evaluate(BOARD), page.locator("#board").screenshot()


def open_ready(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT)


@pytest.mark.parametrize("game_id", games.ids())
def test_a_link_a_reload_and_play_draw_the_same_board(calm_pages, site, game_id):
    moves = ".".join(fixtures(game_id).SAMPLE_LINE)  # a few plies of the game
    linked = calm_pages()
    open_ready(linked, f"{site}/#{game_id}/1//{moves}")
    by_link = board_now(linked)
    assert by_link[0]["classes"] == "board"
    if game_id == "gwyddbwyll":
        shot(linked, "first-screen-link-gwyddbwyll")
    assert linked.errors == []

    page = calm_pages()  # another browser: the start, then the moves played
    open_ready(page, f"{site}/#{game_id}/1//")
    for move in moves.split("."):
        run_python(page, "PAGE.play(MOVE, text=True)", MOVE=move)
    page.wait_for_function(f"location.hash.endsWith('{moves}')")
    by_play = board_now(page)
    assert by_play[0] == by_link[0]
    assert by_play[1] == by_link[1], f"{game_id}: the board by link and by play differ in pixels"

    page.reload()  # a reload of the game in progress
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT)
    reloaded = board_now(page)
    assert reloaded[0] == by_play[0]
    assert reloaded[1] == by_play[1], f"{game_id}: the board after a reload differs in pixels"
    assert page.errors == []
