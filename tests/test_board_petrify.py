"""Petrify's board renderer: clicks become moves, capture hints, refusals, the panel.

Positions are hand-built pictures (top rank first: '.' empty, 'B' Blue, 'O' Orange,
'#' block); the facts checked against them are derived by hand in the comments.
"""

from __future__ import annotations

from xml.etree import ElementTree

from engine import games
from engine.games.petrify import BLOCK, BLUE, EMPTY, ORANGE, PetrifyState
from web.boards.petrify import PetrifyBoard

GAME = games.get("petrify")
CELL = {".": EMPTY, "B": BLUE, "O": ORANGE, "#": BLOCK}


def position(picture: str, turn: int = BLUE, **fields) -> PetrifyState:
    rows = picture.split()
    size = len(rows)
    board = [EMPTY] * (size * size)
    for i, line in enumerate(rows):
        for col, ch in enumerate(line):
            board[(size - 1 - i) * size + col] = CELL[ch]
    values = {"blue_seat": 0, "ply": 20, "passes": 0, "last_mover": BLUE + ORANGE - turn,
              "last": None, **fields}
    return PetrifyState(size, tuple(board), turn, **values)


def cell(name: str, size: int = 6) -> dict:
    col, row = "abcdefghij".index(name[0]), int(name[1:]) - 1
    return {"cell": name, "col": str(col), "row": str(row)}


def board():
    return PetrifyBoard(GAME)


def parses(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def drawn(svg: str, cls: str) -> list:
    """The SVG elements carrying the class `cls` (the <style> text does not count)."""
    return [el for el in parses(svg).iter() if cls in (el.get("class") or "").split()]


# Blue c3, d3; Orange a6, f6, a3, f3, c1; a block on c5 (the SCENE of test_petrify.py).
SCENE = "O....O ..#... ...... O.BB.O ...... ..O..."
# Blue a1 in a corner, Orange a4 above it.
CORNER = "...... ...... O..... ...... ...... B....."


def test_svg_is_well_formed_with_one_clickable_square_each():
    svg = board().svg(position(SCENE), True)
    root = parses(svg)
    cells = [el for el in root.iter() if el.get("data-cell")]
    assert len(cells) == 36
    assert 'class="petrify"' in svg
    # 2 Blue + 5 Orange disks; 1 block.
    disks = drawn(svg, "pf-disk")
    assert sum("blue" in d.get("class") for d in disks) == 2
    assert sum("orange" in d.get("class") for d in disks) == 5
    assert len(drawn(svg, "pf-block")) == 1


def test_click_empty_square_places():
    assert board().click(position(SCENE), cell("d5")) == "d5"


def test_click_own_disk_lights_its_targets_and_previews_the_block():
    b, state = board(), position(SCENE)
    assert b.click(state, cell("c3")) is None
    svg = b.svg(state, True)
    # c3 reaches f6, f3, c1 and a3 (see test_blue_moves_in_scene).
    assert sorted(t.get("data-target") for t in drawn(svg, "pf-target")) == ["a3", "c1", "f3", "f6"]
    assert len(drawn(svg, "pf-ghost")) == 1
    assert "capture from c3" in b.prompt(state)
    assert b.click(state, cell("f6")) == "c3xf6"


def test_capture_hints_only_when_interactive():
    b, state = board(), position(SCENE)
    b.click(state, cell("c3"))
    assert drawn(b.svg(state, True), "pf-target")
    assert drawn(b.svg(state, False), "pf-target") == []


def test_refused_capture_names_the_formation():
    b, state = board(), position(CORNER)
    b.click(state, cell("a1"))
    svg = b.svg(state, True)
    assert [t.get("data-target") for t in drawn(svg, "pf-refused")] == ["a4"]
    assert len(drawn(svg, "pf-ring")) == 3       # the mound's three ring squares are shown
    assert "mound" in b.prompt(state)
    assert b.click(state, cell("a4")) is None     # nothing is played
    assert "refused" in b.prompt(state) and "mound" in b.prompt(state)


def test_clicking_elsewhere_cancels_a_selection():
    b, state = board(), position(SCENE)
    b.click(state, cell("c3"))
    assert b.click(state, cell("e5")) is None     # an empty square cancels, it does not place
    assert drawn(b.svg(state, True), "pf-target") == []
    assert b.click(state, cell("e5")) == "e5"


def test_clicking_an_enemy_disk_first_explains():
    b, state = board(), position(SCENE)
    assert b.click(state, cell("f3")) is None
    assert "click one of your disks first" in b.prompt(state)


def test_swap_and_pass_buttons():
    b = board()
    state = GAME.play(GAME.new(size=6), 14)                         # Blue c3
    assert [a[0] for a in b.actions(state)] == ["swap"]
    assert "Swap" in b.prompt(state)
    # Blocks fill files c and e; Orange's one disk is on a corner: Orange must pass.
    full = position("BB#B#B BB#B#B BB#B#B BB#B#B BB#B#B OB#B#B", ORANGE)
    assert [a[0] for a in b.actions(full)] == ["pass"]
    assert "must pass" in b.prompt(full)


def test_panel_shows_scores_and_each_patchs_reckoning():
    # Blocks fill rank 3: top 18 squares (Orange owns: 3s and 1s cancel, an Orange 1 left),
    # bottom 12 squares (everything cancels: nobody).
    state = position("BBB.OO ....O. O.B..O ###### BB.OO. ..O..B")
    b = board()
    panel = b.panel(state, True)
    parses(f"<div>{panel}</div>")
    assert "18 squares · Orange" in panel and "12 squares · nobody" in panel
    assert "1 pair of size 3 cancel" in panel
    top = next(i for i, p in enumerate(GAME.view(state)["patches"]) if p["size"] == 18)
    assert b.click(state, {"action": "patch", "patch": str(top)}) is None
    svg = b.svg(state, True)
    # Cancelled: Blue 3 + Orange 3 + Blue 1 + one Orange 1 = 8 disks faded; 1 Orange disk wins.
    assert len(drawn(svg, "pf-cancelled")) == 8 and len(drawn(svg, "pf-winner")) == 1


def test_panel_after_a_swap_says_who_plays_what():
    state = GAME.play(GAME.play(GAME.new(size=6), 14), "swap")
    b = board()
    panel = b.panel(state, True)
    assert "player 1" in panel and "swapped" in panel
    assert (b.swatch(state, 0), b.swatch(state, 1)) == ("pf-c-orange", "pf-c-blue")


def test_an_ended_game_shows_every_reckoning():
    # The same split board, ended: top patch 8 faded disks and 1 winner (see above); the
    # bottom patch: Blue 2 and 1, Orange 2 and 1 all cancel: 6 more faded disks.
    state = position("BBB.OO ....O. O.B..O ###### BB.OO. ..O..B", passes=2)
    svg = board().svg(state, False)
    assert len(drawn(svg, "pf-cancelled")) == 14 and len(drawn(svg, "pf-winner")) == 1
    assert drawn(svg, "pf-focus") == []
    panel = board().panel(state, False)
    assert 'data-action="patch"' not in panel and "18 squares · Orange" in panel
