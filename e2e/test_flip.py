"""The Flip button on every board whose fixtures say how to play on it flipped (FLIP): one
page load, each game picked from the picker, flipped, one move played by clicking the flipped
board (it must land on the cell clicked), the keyboard cursor checked against its cell, and a
screenshot of each flipped board (e2e/screenshots/<game>-flipped.png)."""

from helpers import open_page, shot

from engine import games
from engine.contract.fixtures import fixtures

# game id -> (the corner cell, the cell opposite it, the cells to click, the move they make):
# each game's fixtures' FLIP (None where the test does not play on its board; they say why).
GAMES = {g: fixtures(g).FLIP for g in games.ids() if fixtures(g).FLIP is not None}


def centre(page, name):
    box = page.locator(f"#board [data-cell='{name}']").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def pick(page, game_id):
    page.click(f"#picker [data-game='{game_id}']")
    page.wait_for_function(f"location.hash.startsWith('#{game_id}/')")
    page.wait_for_selector("#board svg [data-cell]")


def moves(page):
    return page.evaluate("location.hash.split('/')[3] || ''")


def test_flip_each_board_and_play_on_it(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(page, site + "/index.html")
    for game_id, (corner, opposite, clicks, move) in GAMES.items():
        pick(page, game_id)
        if opposite is None:  # the hexhex: the last cell of the top row
            opposite = page.evaluate("""() => {
                const names = [...document.querySelectorAll('#board [data-cell]')]
                    .map(e => e.dataset.cell);
                const top = names.map(n => n[0]).sort().pop();
                return names.filter(n => n[0] === top)
                    .sort((a, b) => +a.slice(1) - +b.slice(1)).pop();
            }""")
        assert page.is_visible("#flip"), game_id
        plain = centre(page, corner), centre(page, opposite)
        assert plain[0][0] < plain[1][0] and plain[0][1] > plain[1][1]  # a1 bottom left
        page.click("#flip")
        page.wait_for_selector("#flip[aria-pressed='true']")
        flipped = centre(page, corner), centre(page, opposite)
        # Turned round: a1 is now top right, the opposite corner bottom left, where a1 was.
        assert flipped[0][0] > flipped[1][0] and flipped[0][1] < flipped[1][1], game_id
        assert abs(flipped[1][0] - plain[0][0]) < 40 and abs(flipped[1][1] - plain[0][1]) < 40
        # The keyboard cursor: its ring sits on the cell it names, and reads its label.
        page.focus("#board")  # after mouse clicks: no ring until a key
        assert page.locator("#board .kbd-cursor").count() == 0
        page.keyboard.press("ArrowUp")
        page.wait_for_selector("#board .kbd-cursor")
        ring = page.locator("#board .kbd-cursor").bounding_box()
        name = page.evaluate("document.querySelector('#announce').textContent.split(':')[0]")
        cell = page.locator(f"#board [data-cell='{name}']").bounding_box()
        assert (
            abs(ring["x"] + ring["width"] / 2 - cell["x"] - cell["width"] / 2) < 2
            and abs(ring["y"] + ring["height"] / 2 - cell["y"] - cell["height"] / 2) < 2
        ), (game_id, name)
        assert page.get_attribute(f"#board [data-cell='{name}']", "aria-label").startswith(name)
        page.keyboard.press("Escape")
        if game_id == "stigmergy" and page.locator("#panel [data-action='komi']").count():
            before = moves(page)
            page.click("#panel [data-action='komi']")  # offer komi 0 ...
            page.wait_for_function(f"location.hash.split('/')[3] !== '{before}'")
            page.click("#panel [data-action='side'][data-colour='white']")  # ... take White
            page.wait_for_function("location.hash.endsWith('.white')")
        for name in clicks:
            page.click(f"#board [data-cell='{name}']")
        page.wait_for_function(f"/[/.]{move}$/.test(location.hash)")
        assert moves(page).split(".")[-1] == move, game_id
        shot(page, f"{game_id}-flipped")
    assert page.errors == []
