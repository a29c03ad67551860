"""Wythe's board renderer, in CPython: dominoes, heights, frozen halves, the two-click
placement with its cancel, Swap/Pass buttons, the score breakdown and group hovering."""

import re
import xml.dom.minidom

from engine import games
from engine.core import replay
from web.boards import get as board_for

GAME = games.get("wythe")


def fresh_board():
    board = board_for("wythe")
    board.reset()
    return board


def at(*moves, size=8):
    return replay(GAME, GAME.new(size=size), moves)[-1]


def cell(name, size=8):
    col, row = ord(name[0]) - ord("a"), int(name[1:]) - 1
    return {"cell": name, "col": str(col), "row": str(row)}


# After c3d3, e4e5, d4c4, d3d4 (8×8): d3d4 put black on d3 (white top of c3d3) and white on
# d4 (black top of d4c4), so pieces c3d3 and d4c4 are half-covered: c3 and c4 are frozen.
STACKED = ("c3d3", "e4e5", "d4c4", "d3d4")

# 6×6, every rank B W W B B W: no placement is left (see tests/test_wythe.py).
TIE = [m for rank in range(1, 7) for m in (f"a{rank}b{rank}", f"d{rank}c{rank}", f"e{rank}f{rank}")]


def test_svg_is_well_formed_with_a_cell_per_square():
    svg = fresh_board().svg(GAME.new(), interactive=True)
    doc = xml.dom.minidom.parseString(svg)
    cells = [r for r in doc.getElementsByTagName("rect") if r.getAttribute("data-cell")]
    assert len(cells) == 64
    assert {c.getAttribute("data-cell") for c in cells} >= {"a1", "h8", "c3"}
    assert 'class="wythe-board"' in svg


def test_each_top_piece_is_one_domino_and_frozen_halves_differ():
    state = at(*STACKED)
    svg = fresh_board().svg(state, True)
    xml.dom.minidom.parseString(svg)
    # Top pieces: e4e5 (whole), d3d4 (whole), c3d3 (only c3 shows), d4c4 (only c4 shows).
    assert svg.count('class="wy-piece"') == 2
    assert svg.count('class="wy-piece wy-frozen"') == 2
    assert svg.count('class="wy-half ') == 6                      # 2 + 2 + 1 + 1 halves
    assert "d3: black top, height 2" in svg and "c3: black top, height 1, frozen" in svg
    assert "c4: white top, height 1, frozen" in svg and "a1: empty" in svg
    heights = re.findall(r'class="wy-height (\w+)"[^>]*>(\d+)<', svg)
    assert sorted(h for _, h in heights) == ["1", "1", "1", "1", "2", "2"]


def test_two_clicks_place_black_then_white():
    state, board = GAME.new(), fresh_board()
    assert board.click(state, cell("c3")) is None
    svg = board.svg(state, True)
    assert svg.count('class="wy-target"') == 4                    # c3's four empty neighbours
    assert "black half on c3" in board.prompt(state)
    assert board.click(state, cell("d3")) == "c3d3"


def test_only_legal_partners_are_offered_and_others_explained():
    state, board = at(*STACKED), fresh_board()
    # White to move.  e5 (white top, height 1): d5, f5 and e6 are empty (other height) and
    # e4 is its own piece, so nothing can go with it; each neighbour fails differently.
    assert board.click(state, cell("e5")) is None
    assert board.selected is None and "no square next to e5" in board.prompt(state)
    board.reset()
    board.click(state, cell("a1"))                                 # empty: a2 and b1 offered
    assert board.svg(state, True).count('class="wy-target"') == 2
    assert board.click(state, cell("c4")) is None                  # not a partner of a1
    assert "white half cannot go on c4" in board.prompt(state)
    assert board.click(state, cell("b1")) == "a1b1"


def test_a_frozen_square_is_refused_with_the_reason():
    state, board = at(*STACKED), fresh_board()
    assert board.click(state, cell("c4")) is None
    assert board.selected is None and "c4 is frozen" in board.prompt(state)


def test_cancel_by_button_by_second_click_and_by_escape():
    state, board = GAME.new(), fresh_board()
    board.click(state, cell("c3"))
    assert 'data-action="cancel"' in board.panel(state, True)
    board.click(state, {"action": "cancel"})
    assert board.selected is None and 'class="wy-target"' not in board.svg(state, True)
    board.click(state, cell("c3"))
    board.click(state, cell("c3"))                                  # the same square again
    assert board.selected is None
    board.click(state, cell("c3"))
    assert board.key(state, "Escape") and board.selected is None
    assert not board.key(state, "Escape")                           # nothing left to cancel


def test_a_new_black_square_replaces_the_first_choice():
    state, board = GAME.new(), fresh_board()
    board.click(state, cell("c3"))
    board.click(state, cell("f6"))                                  # not next to c3: reselect
    assert board.selected == 5 * 8 + 5
    assert board.click(state, cell("f7")) == "f6f7"


def test_swap_button_with_its_sentence_and_the_seats_after():
    board = fresh_board()
    state = at("c3d3")
    [(move, label, tip)] = board.actions(state)
    assert move == "swap" and "Swap" in label and "play Black from now on" in tip
    assert "play Black from now on" in board.panel(state, True)
    swapped = at("c3d3", "swap")
    assert board.actions(swapped) == []
    assert board.swatch(swapped, 0) == "wy-c-white" and board.swatch(swapped, 1) == "wy-c-black"
    panel = board.panel(swapped, True)
    assert "Player 1: <strong>White</strong>" in panel and "After the swap" in panel
    assert board.actions(GAME.new()) == []


def test_forced_pass_button_says_why():
    state, board = at(*TIE, size=6), fresh_board()
    [(move, label, tip)] = board.actions(state)
    assert move == "pass" and "no legal placement" in label
    assert "must pass" in board.prompt(state)


def test_score_breakdown_marks_the_deciding_sizes():
    # a1 a2 black (2), b1 b2 c1 white (3), d1 black (1): Black {2,1}, White {3}:
    # Black scores 2, White 3 (tests/test_wythe.py derives it).
    panel = fresh_board().panel(at("a1b1", "a2b2", "d1c1"), True)
    xml.dom.minidom.parseString(f"<div>{panel}</div>")
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>(.*?)</tr>', panel)
    assert [size for size, _ in rows] == ["3", "2", "1"]
    assert 'title="White&#39;s score">1</td>' in rows[0][1]         # size 3: White 1 > 0
    assert 'title="Black&#39;s score">1</td>' in rows[1][1]         # size 2: Black 1 > 0
    assert "decides" not in rows[2][1]                               # size 1: Black's, but not top
    assert "Black scores 2" in panel and "White scores 3" in panel


def test_hovering_a_stack_outlines_its_group():
    state, board = at("a1b1", "a2b2", "d1c1"), fresh_board()
    assert board.hover(state, cell("c1"))
    svg = board.svg(state, True)
    # The white group b1 b2 c1: its border has 8 unit edges.
    [path] = re.findall(r'class="wy-group" d="([^"]*)"', svg)
    assert path.count("M") == 8
    assert "white group of 3" in board.prompt(state)
    assert not board.hover(state, cell("c1"))                        # no change, no redraw
    assert board.hover(state, cell("h8"))                            # empty: no group
    assert 'class="wy-group"' not in board.svg(state, True)


def test_no_hints_when_not_interactive():
    state, board = GAME.new(), fresh_board()
    board.click(state, cell("c3"))
    svg = board.svg(state, False)
    assert 'class="wy-target"' not in svg and 'class="wy-selected"' not in svg


# ---- the board turned round (the Flip button)

def rects(svg, skip=("wy-layer",)):
    """(class, x, y, width, height) of every rect, less the ones drawn off-centre on purpose
    (the layered edges of a stack always step down-right)."""
    doc = xml.dom.minidom.parseString(svg)
    return sorted((r.getAttribute("class"), float(r.getAttribute("x")), float(r.getAttribute("y")),
                   float(r.getAttribute("width")), float(r.getAttribute("height")))
                  for r in doc.getElementsByTagName("rect")
                  if r.getAttribute("class") not in skip)


def segments(path):
    """The unit strokes of an 'M x y h/v n' path, as sorted end-point pairs."""
    out = []
    for x, y, kind, n in re.findall(r"M([-\d.]+) ([-\d.]+)([hv])([-\d.]+)", path):
        x, y, n = float(x), float(y), float(n)
        if abs(n) != 100:
            continue                          # the board's frame, the same either way
        end = (x + n, y) if kind == "h" else (x, y + n)
        out.append(tuple(sorted([(x, y), end])))
    return sorted(out)


def turned(point, size=8):
    centre = 44 + size * 100 / 2
    return (2 * centre - point[0], 2 * centre - point[1])


def cell_box(svg, name):
    match = re.search(rf'<rect class="sq[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*data-cell="{name}"',
                      svg)
    return float(match[1]), float(match[2])


def test_flipping_turns_the_board_round():
    board = fresh_board()
    assert board.can_flip
    state = at(*STACKED)
    plain = board.svg(state, True)
    board.flipped = True
    flipped = board.svg(state, True)
    xml.dom.minidom.parseString(flipped)
    assert cell_box(flipped, "a1") == cell_box(plain, "h8")        # a1 where h8 was: top right
    assert cell_box(flipped, "h8") == cell_box(plain, "a1")
    assert cell_box(flipped, "c3") == cell_box(plain, "f6")
    # Every square, half, hatch, mark and outline is the plain one turned 180° about the centre.
    centre = 44 + 400

    def turn(r):
        cls, x, y, w, h = r
        return (cls, 2 * centre - x - w, 2 * centre - y - h, w, h)
    assert rects(flipped) == sorted(turn(r) for r in rects(plain))
    # The group borders too.
    [edges] = re.findall(r'class="area-edge" d="([^"]*)"', plain)
    [edges_flipped] = re.findall(r'class="area-edge" d="([^"]*)"', flipped)
    assert segments(edges_flipped) == sorted(tuple(sorted(map(turned, s)))
                                             for s in segments(edges))


def test_flipped_labels_read_upright_and_relabelled():
    board = fresh_board()
    board.flipped = True
    svg = board.svg(GAME.new(), False)
    assert "rotate(180" not in svg and "<text transform" not in svg  # no text upside down
    letters = re.findall(r'<text class="coord" x="([\d.]+)" y="876">(\w)</text>', svg)
    assert [l for _, l in sorted(letters, key=lambda t: float(t[0]))] == list("hgfedcba")
    numbers = re.findall(r'<text class="coord" x="22.0" y="([\d.]+)">(\d+)</text>', svg)
    assert [n for _, n in sorted(numbers, key=lambda t: float(t[0]))] == [str(i) for i in range(1, 9)]


def test_flipped_hints_line_up_and_clicks_give_the_same_move():
    board = fresh_board()
    board.flipped = True
    state = GAME.new()
    assert board.click(state, cell("a1")) is None
    board.hover(state, cell("a2"))
    svg = board.svg(state, True)
    x, y = cell_box(svg, "a1")
    [sel] = re.findall(r'class="wy-selected" x="([\d.]+)" y="([\d.]+)"', svg)
    assert (float(sel[0]) - 3, float(sel[1]) - 3) == (x, y)          # the ring sits on a1
    targets = {(float(a) - 14, float(b) - 14)
               for a, b in re.findall(r'class="wy-target" x="([\d.]+)" y="([\d.]+)"', svg)}
    assert targets == {cell_box(svg, "a2"), cell_box(svg, "b1")}
    assert board.click(state, cell("a2")) == "a1a2"


def test_a_flipped_domino_joins_its_halves():
    board = fresh_board()
    board.flipped = True
    svg = board.svg(at("c3d3"), True)
    halves = re.findall(r'class="wy-half (\w+)" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', svg)
    (cb, xb, _, wb), (cw, xw, _, ww) = sorted(halves)
    assert (cb, cw) == ("black", "white")
    # Flipped, c3 (black) is right of d3 (white): the white half reaches the black one.
    assert float(xw) + float(ww) == float(xb)


def test_every_square_is_labelled_for_screen_readers():
    svg = fresh_board().svg(at(*STACKED), True)
    labels = dict(re.findall(r'data-cell="(\w+)"[^>]*aria-label="([^"]*)"', svg))
    assert len(labels) == 64
    assert labels["a1"] == "a1: empty"
    assert labels["d3"] == "d3: black top, height 2; in a black group of 2"
    assert labels["c4"].startswith("c4: white top, height 1, frozen")
