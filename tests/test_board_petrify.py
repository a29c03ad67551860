"""Petrify's board renderer: clicks become moves, capture hints, refusals, the panel.

The board is pure: each test threads the player's `Ui` through `hit` (and `settle`, as the
controller does, tests/board_driver.py) and draws from the engine's view.
Positions are hand-built pictures (top rank first: '.' empty, 'B' Blue, 'O' Orange,
'#' block); the facts checked against them are derived by hand in the comments.
"""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape
from xml.etree import ElementTree

from board_driver import answer

from engine import games
from engine.contract.core import PASS, SWAP
from engine.games.petrify.rules import BLOCK, BLUE, EMPTY, ORANGE, Capture, PetrifyState
from web.boards.base import Ui
from web.boards.petrify import PetrifyBoard, Pick

GAME = games.get("petrify")
BOARD = PetrifyBoard(GAME)
CELL = {".": EMPTY, "B": BLUE, "O": ORANGE, "#": BLOCK}
LIVE = Ui(live=True)  # the board takes moves (a person to move, the latest position)


def position(picture: str, turn: int = BLUE, **fields) -> PetrifyState:
    rows = picture.split()
    size = len(rows)
    board = [EMPTY] * (size * size)
    for i, line in enumerate(rows):
        for col, ch in enumerate(line):
            board[(size - 1 - i) * size + col] = CELL[ch]
    values = {
        "blue_seat": 0,
        "ply": 20,
        "passes": 0,
        "last_mover": BLUE + ORANGE - turn,
        "last": None,
        **fields,
    }
    return PetrifyState(size, tuple(board), turn, **values)


def cell(name: str, size: int = 6) -> dict:
    col, row = "abcdefghij".index(name[0]), int(name[1:]) - 1
    return {"cell": name, "col": str(col), "row": str(row)}


def sq(name: str, size: int = 6) -> int:
    return (int(name[1:]) - 1) * size + "abcdefghij".index(name[0])


def click(state, ui: Ui, name_or_target) -> tuple[Ui, object]:
    """A click on a square (by name) or a target, answered as the controller does: the
    board's new ui and move, the move only if the engine allows it."""
    target = (
        cell(name_or_target, state.size) if isinstance(name_or_target, str) else name_or_target
    )
    return answer("petrify", state, ui, target)


def clicks(state, *names, ui: Ui = LIVE) -> Ui:
    """The ui after clicking `names` in turn (none of them making a move)."""
    for name in names:
        ui, move = click(state, ui, name)
        assert move is None
    return ui


def draw(state, ui: Ui = LIVE) -> str:
    return BOARD.draw(GAME.view(state), ui)


def prompt(state, ui: Ui) -> str:
    return BOARD.prompt(GAME.view(state), ui)


def panel(state, ui: Ui = LIVE) -> str:
    return BOARD.panel(GAME.view(state), ui)


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
    svg = draw(position(SCENE))
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
    state = position(SCENE)
    _, move = click(state, LIVE, "d5")
    assert move == sq("d5") and GAME.notation(state, move) == "d5"


def test_click_own_disk_lights_its_targets_and_previews_the_block():
    state = position(SCENE)
    ui, move = click(state, LIVE, "c3")
    assert move is None and ui.pick == Pick(disk=sq("c3"))
    svg = draw(state, ui)
    # c3 reaches f6, f3, c1 and a3 (see test_blue_moves_in_scene).
    assert sorted(t.get("data-target") for t in drawn(svg, "pf-target")) == [
        "a3",
        "c1",
        "f3",
        "f6",
    ]
    assert len(drawn(svg, "pf-ghost")) == 1
    assert "capture from c3" in prompt(state, ui)
    ui, move = click(state, ui, "f6")
    assert move == Capture(sq("c3"), sq("f6")) and GAME.notation(state, move) == "c3xf6"


def test_capture_hints_only_when_interactive():
    state = position(SCENE)
    ui = clicks(state, "c3")
    assert drawn(draw(state, ui), "pf-target")
    assert drawn(draw(state, replace(ui, live=False)), "pf-target") == []


def test_refused_capture_names_the_formation():
    state = position(CORNER)
    ui = clicks(state, "a1")
    svg = draw(state, ui)
    assert [t.get("data-target") for t in drawn(svg, "pf-refused")] == ["a4"]
    assert len(drawn(svg, "pf-ring")) == 3  # the mound's three ring squares are shown
    assert "mound" in prompt(state, ui)
    ui, move = click(state, ui, "a4")
    assert move is None  # nothing is played: the engine refused it
    assert ui.refused is not None and ui.refused.code == "mound"
    assert ui.pick == Pick(disk=sq("a1"))  # the disk stays chosen
    assert "refused" in prompt(state, ui) and "mound" in prompt(state, ui)
    ui = clicks(state, "a1", ui=ui)  # the next click forgets the refusal
    assert ui.refused is None and "refused" not in prompt(state, ui)


def test_with_a_disk_chosen_an_empty_square_still_places():
    # Issue 19: a click is never swallowed; an empty square places, as on a fresh board.
    state = position(SCENE)
    ui = clicks(state, "c3")
    ui, move = click(state, ui, "e5")
    assert move == sq("e5") and ui.pick == Pick()
    ui = clicks(state, "c3", "c3")  # the chosen disk again: chosen no more
    assert ui.pick == Pick() and drawn(draw(state, ui), "pf-target") == []
    ui = clicks(state, "c3", "c5")  # a block: said so, and the choice dropped
    assert "c5 holds a block" in prompt(state, ui) and ui.pick.disk is None


def test_after_a_refused_capture_the_next_click_counts():
    # Issue 19, at #petrify/1/size=8/a1.a5: a1 (a corner) cannot capture a5; the next
    # click places or chooses as on a fresh board.
    state = GAME.play(GAME.play(GAME.new(size=8), sq("a1", 8)), sq("a5", 8))
    ui = clicks(state, "a1")
    assert "mound" in prompt(state, ui) and "empty square to place" in prompt(state, ui)
    assert click(state, ui, "c6")[1] == sq("c6", 8)
    ui, move = click(state, ui, "a5")  # the engine refuses the capture itself
    assert move is None and ui.refused is not None
    assert click(state, ui, "c6")[1] == sq("c6", 8)
    # With a second Blue disk on a2, a click on it chooses it at once.
    state = GAME.play(GAME.play(state, sq("a2", 8)), sq("h8", 8))
    ui, move = click(state, clicks(state, "a1"), "a5")
    assert move is None and ui.refused is not None
    ui = clicks(state, "a2", ui=ui)
    assert ui.refused is None and ui.pick == Pick(disk=sq("a2", 8))
    assert "capture from a2" in prompt(state, ui)


def test_clicking_an_enemy_disk_first_explains():
    state = position(SCENE)
    ui = clicks(state, "f3")
    assert "click one of your disks first" in prompt(state, ui)
    ui = clicks(state, "c5")
    assert "c5 holds a block" in prompt(state, ui)
    ui = clicks(state, "c3", "a6")  # c3 does not reach a6 (see above)
    assert "out of reach" in prompt(state, ui) and ui.pick == Pick(note=ui.pick.note)


def test_escape_forgets_the_choice_and_other_keys_mean_nothing():
    state = position(SCENE)
    ui = clicks(state, "c3")
    view = GAME.view(state)
    assert BOARD.key(view, ui, "Escape") == replace(ui, pick=None)
    assert BOARD.key(view, ui, "r") is None
    assert BOARD.key(view, LIVE, "Escape") is None  # nothing chosen: nothing to forget


def test_hover_and_drop_do_nothing():
    state = position(SCENE)
    ui = clicks(state, "c3")
    view = GAME.view(state)
    assert BOARD.hit(view, ui, cell("f6"), "hover") == (ui, None)
    assert BOARD.hit(view, ui, cell("f6"), "drop", cell("c3")) == (ui, None)
    assert BOARD.hit(view, ui, None, "click") == (ui, None)


def test_the_board_keeps_no_state():
    state = position(SCENE)
    draw(state, clicks(state, "c3", "a6"))
    assert vars(BOARD) == {"game": GAME}


def test_swap_and_pass_buttons():
    state = GAME.play(GAME.new(size=6), 14)  # Blue c3
    assert [a[0] for a in BOARD.actions(GAME.view(state))] == [SWAP]
    assert "Swap" in prompt(state, LIVE)
    # Blocks fill files c and e; Orange's one disk is on a corner: Orange must pass.
    full = position("BB#B#B BB#B#B BB#B#B BB#B#B BB#B#B OB#B#B", ORANGE)
    assert [a[0] for a in BOARD.actions(GAME.view(full))] == [PASS]
    assert "must pass" in prompt(full, LIVE)


def test_panel_shows_scores_and_each_patchs_reckoning():
    # Blocks fill rank 3: top 18 squares (Orange owns: 3s and 1s cancel, an Orange 1 left),
    # bottom 12 squares (everything cancels: nobody).
    state = position("BBB.OO ....O. O.B..O ###### BB.OO. ..O..B")
    text = panel(state)
    parses(f"<div>{text}</div>")
    assert "18 squares · Orange" in text and "12 squares · nobody" in text
    assert "1 pair of size 3 cancel" in text
    top = next(i for i, p in enumerate(GAME.view(state).patches) if p.size == 18)
    ui, move = click(state, LIVE, {"action": "patch", "patch": str(top)})
    assert move is None and ui.pick == Pick(patch=top)
    assert f'data-patch="{top}" aria-pressed="true"' in panel(state, ui)
    svg = draw(state, ui)
    # Cancelled: Blue 3 + Orange 3 + Blue 1 + one Orange 1 = 8 disks faded; 1 Orange disk wins.
    assert len(drawn(svg, "pf-cancelled")) == 8 and len(drawn(svg, "pf-winner")) == 1
    ui, _ = click(state, ui, {"action": "patch", "patch": str(top)})  # again: hidden
    assert ui.pick == Pick() and drawn(draw(state, ui), "pf-cancelled") == []


def test_panel_says_which_leftover_wins():
    # One patch of 36: Blue a6-b6-c6 (3) and a2 (1); Orange a4-b4-c4 (3) and e2-f2 (2).
    # The 3s cancel; Blue 1 and Orange 2 are left; the bigger is Orange's: Orange 36.
    text = unescape(panel(position("BBB... ...... OOO... ...... B...OO ......")))
    assert (
        "1 pair of size 3 cancel; Orange's group of 2 is the biggest left: "
        "Orange owns these 36 squares"
    ) in text


def test_panel_after_a_swap_says_who_plays_what():
    state = GAME.play(GAME.play(GAME.new(size=6), 14), SWAP)
    text = panel(state)
    assert "player 1" in text and "swapped" in text
    view = GAME.view(state)
    assert (BOARD.swatch(view, 0), BOARD.swatch(view, 1)) == ("pf-c-orange", "pf-c-blue")
    # Issue 19: the panel's score lines in seat order, as the score list beside the board.
    rows = re.findall(
        r'<li><span class="pf-dot (\w+)"></span>(\w+) <small>\([^)]*player (\d)', text
    )
    assert rows == [("orange", "Orange", "1"), ("blue", "Blue", "2")]
    assert list(view.seat_names) == ["Orange", "Blue"]
    unswapped = panel(GAME.play(GAME.new(size=6), 14))
    assert unswapped.index("Blue <small>") < unswapped.index("Orange <small>")


def test_an_ended_game_shows_every_reckoning():
    # The same split board, ended: top patch 8 faded disks and 1 winner (see above); the
    # bottom patch: Blue 2 and 1, Orange 2 and 1 all cancel: 6 more faded disks.
    state = position("BBB.OO ....O. O.B..O ###### BB.OO. ..O..B", passes=2)
    svg = draw(state, Ui())
    assert len(drawn(svg, "pf-cancelled")) == 14 and len(drawn(svg, "pf-winner")) == 1
    assert drawn(svg, "pf-focus") == []
    text = panel(state, Ui())
    assert 'data-action="patch"' not in text and "18 squares · Orange" in text


# ---- the board turned round (the Flip button)

FAR = 2 * 44 + 6 * 100  # a 6×6 board's drawing is FAR units square


def shapes(svg: str) -> list:
    """Every rect (class, box) and circle (class, centre), less the block's lit top, which
    always sits towards the top of the screen."""
    out = []
    for el in parses(svg).iter():
        tag, cls = el.tag.split("}")[-1], el.get("class") or ""
        if tag == "rect" and cls != "pf-block-top":
            out.append(
                (
                    cls,
                    float(el.get("x")),
                    float(el.get("y")),
                    float(el.get("width")),
                    float(el.get("height")),
                )
            )
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
        for x, y, kind, n in re.findall(
            r"M([-\d.]+) ([-\d.]+)([hv])(-?100)(?![\d.])", el.get("d")
        ):
            x, y, n = float(x), float(y), float(n)
            end = (x + n, y) if kind == "h" else (x, y + n)
            out.append(tuple(sorted([(x, y), end])))
    return sorted(out)


def turned_stroke(stroke) -> tuple:
    return tuple(sorted((FAR - x, FAR - y) for x, y in stroke))


def square_at(svg: str, name: str) -> tuple:
    [el] = [el for el in parses(svg).iter() if el.get("data-cell") == name]
    return float(el.get("x")), float(el.get("y"))


def both_ways(state, names=(), patch=None):
    ui = clicks(state, *names)
    if patch is not None:
        ui = clicks(state, {"action": "patch", "patch": str(patch)}, ui=ui)
    return draw(state, ui), draw(state, replace(ui, flipped=True))


def test_flipping_turns_squares_disks_blocks_and_hints_round():
    assert BOARD.can_flip
    split = position("BBB.OO ....O. O.B..O ###### BB.OO. ..O..B")
    for state, names, patch in (
        (position(SCENE), ["c3"], None),
        (position(CORNER), ["a1"], None),
        (split, [], 0),
    ):
        plain, flipped = both_ways(state, names, patch)
        assert square_at(flipped, "a1") == square_at(plain, "f6")  # a1 top right, f6 bottom left
        assert square_at(flipped, "f1") == square_at(plain, "a6")
        assert shapes(flipped) == sorted(turned(s) for s in shapes(plain))
        for cls in ("pf-patch-edge", "pf-focus"):
            assert strokes(flipped, cls) == sorted(turned_stroke(s) for s in strokes(plain, cls))


def test_flipped_coordinates_are_upright_and_relabelled():
    svg = draw(GAME.new(size=6), Ui(flipped=True))
    assert "rotate(" not in svg
    texts = [(el.text, float(el.get("x")), float(el.get("y"))) for el in drawn(svg, "coord")]
    files = [t for t in texts if t[0].isalpha()]
    ranks = [t for t in texts if t[0].isdigit()]
    assert [t[0] for t in sorted(files, key=lambda t: t[1])] == list("fedcba")
    assert [t[0] for t in sorted(ranks, key=lambda t: t[2])] == list("123456")  # 1 at the top


def test_flipped_clicks_give_the_same_moves():
    state, turned_round = position(SCENE), Ui(live=True, flipped=True)
    assert click(state, turned_round, "d5")[1] == sq("d5")
    ui = clicks(state, "c3", ui=turned_round)
    svg = draw(state, ui)
    x, y = square_at(svg, "f6")
    [ring] = [t for t in drawn(svg, "pf-target") if t.get("data-target") == "f6"]
    assert (float(ring.get("cx")), float(ring.get("cy"))) == (x + 50, y + 50)
    assert click(state, ui, "f6")[1] == Capture(sq("c3"), sq("f6"))


def test_every_square_is_labelled_for_screen_readers():
    svg = draw(position(SCENE))
    labels = {
        el.get("data-cell"): el.get("aria-label")
        for el in parses(svg).iter()
        if el.get("data-cell")
    }
    assert len(labels) == 36 and all(labels.values())
    # One patch of 35 squares (the block on c5 splits nothing); Orange's five single disks
    # cancel nothing of Blue's pair, so Blue's group of 2 is the biggest left: Blue holds it.
    assert labels["c5"] == "c5: a block"
    assert (
        labels["c3"]
        == "c3: a Blue disk (group of 2); in a patch of 35 squares that Blue holds now"
    )
    assert labels["a6"].startswith("a6: an Orange disk (group of 1)")
    assert labels["e5"] == "e5: empty; in a patch of 35 squares that Blue holds now"
