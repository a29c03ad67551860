"""Petrify's board renderer: clicks become moves, capture hints, refusals, the panel.

Positions are hand-built pictures (top rank first: '.' empty, 'B' Blue, 'O' Orange,
'#' block); the facts checked against them are derived by hand in the comments.
"""

from __future__ import annotations

import re
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


# ---- the board turned round (the Flip button)

FAR = 2 * 44 + 6 * 100            # a 6×6 board's drawing is FAR units square


def shapes(svg: str) -> list:
    """Every rect (class, box) and circle (class, centre), less the block's lit top, which
    always sits towards the top of the screen."""
    out = []
    for el in parses(svg).iter():
        tag, cls = el.tag.split("}")[-1], el.get("class") or ""
        if tag == "rect" and cls != "pf-block-top":
            out.append((cls, float(el.get("x")), float(el.get("y")),
                        float(el.get("width")), float(el.get("height"))))
        elif tag == "circle":
            out.append((cls, float(el.get("cx")), float(el.get("cy"))))
    return sorted(out)


def turned(shape) -> tuple:
    if len(shape) == 5:
        cls, x, y, w, h = shape
        return (cls, FAR - x - w, FAR - y - h, w, h)
    cls, x, y = shape
    return (cls, FAR - x, FAR - y)


def strokes(svg: str, cls: str) -> list:
    """The unit strokes ('M x y h/v 100') of the paths of one class, as end-point pairs."""
    out = []
    for el in drawn(svg, cls):
        for x, y, kind, n in re.findall(r"M([-\d.]+) ([-\d.]+)([hv])(-?100)(?![\d.])", el.get("d")):
            x, y, n = float(x), float(y), float(n)
            end = (x + n, y) if kind == "h" else (x, y + n)
            out.append(tuple(sorted([(x, y), end])))
    return sorted(out)


def turned_stroke(stroke) -> tuple:
    return tuple(sorted((FAR - x, FAR - y) for x, y in stroke))


def square_at(svg: str, name: str) -> tuple:
    [el] = [el for el in parses(svg).iter() if el.get("data-cell") == name]
    return float(el.get("x")), float(el.get("y"))


def both_ways(state, clicks=(), patch=None):
    b = board()
    for name in clicks:
        b.click(state, cell(name))
    if patch is not None:
        b.click(state, {"action": "patch", "patch": str(patch)})
    plain = b.svg(state, True)
    b.flipped = True
    return plain, b.svg(state, True)


def test_flipping_turns_squares_disks_blocks_and_hints_round():
    assert board().can_flip
    split = position("BBB.OO ....O. O.B..O ###### BB.OO. ..O..B")
    for state, clicks, patch in ((position(SCENE), ["c3"], None), (position(CORNER), ["a1"], None),
                                 (split, [], 0)):
        plain, flipped = both_ways(state, clicks, patch)
        assert square_at(flipped, "a1") == square_at(plain, "f6")   # a1 top right, f6 bottom left
        assert square_at(flipped, "f1") == square_at(plain, "a6")
        assert shapes(flipped) == sorted(turned(s) for s in shapes(plain))
        for cls in ("pf-patch-edge", "pf-focus"):
            assert strokes(flipped, cls) == sorted(turned_stroke(s) for s in strokes(plain, cls))


def test_flipped_coordinates_are_upright_and_relabelled():
    b = board()
    b.flipped = True
    svg = b.svg(GAME.new(size=6), False)
    assert "rotate(" not in svg
    texts = [(el.text, float(el.get("x")), float(el.get("y"))) for el in drawn(svg, "coord")]
    files = [t for t in texts if t[0].isalpha()]
    ranks = [t for t in texts if t[0].isdigit()]
    assert [t[0] for t in sorted(files, key=lambda t: t[1])] == list("fedcba")
    assert [t[0] for t in sorted(ranks, key=lambda t: t[2])] == list("123456")   # 1 at the top


def test_flipped_clicks_give_the_same_moves():
    b, state = board(), position(SCENE)
    b.flipped = True
    assert b.click(state, cell("d5")) == "d5"
    b.click(state, cell("c3"))
    svg = b.svg(state, True)
    x, y = square_at(svg, "f6")
    [ring] = [t for t in drawn(svg, "pf-target") if t.get("data-target") == "f6"]
    assert (float(ring.get("cx")), float(ring.get("cy"))) == (x + 50, y + 50)
    assert b.click(state, cell("f6")) == "c3xf6"


def test_every_square_is_labelled_for_screen_readers():
    svg = board().svg(position(SCENE), True)
    labels = {el.get("data-cell"): el.get("aria-label") for el in parses(svg).iter()
              if el.get("data-cell")}
    assert len(labels) == 36 and all(labels.values())
    # One patch of 35 squares (the block on c5 splits nothing); Orange's five single disks
    # cancel nothing of Blue's pair, so Blue's group of 2 is the biggest left: Blue holds it.
    assert labels["c5"] == "c5: a block"
    assert labels["c3"] == "c3: a Blue disk (group of 2); in a patch of 35 squares that Blue holds now"
    assert labels["a6"].startswith("a6: an Orange disk (group of 1)")
    assert labels["e5"] == "e5: empty; in a patch of 35 squares that Blue holds now"
