"""Wythe's board renderer, in CPython: dominoes, heights, frozen halves, the two-click
placement with its cancel, Swap/Pass buttons, the score breakdown and group hovering.

The renderer is a pure Board; `Driven` plays it as the page's controller does (each
event's ui settled by the engine, tests/board_driver.py), and one test goes through the
page's adapter."""

import re
import xml.dom.minidom

from board_driver import BoardDriver

from engine import games
from engine.contract.core import PASS, SWAP, parse_square, replay
from engine.games.wythe.rules import Placement
from web.boards.base import Ui
from web.boards.wythe import WytheBoard, WythePick
from web.logic import screen
from web.logic.session import Session
from web.logic.table import Table

GAME = games.get("wythe")
BOARD = WytheBoard(GAME)


def at(*moves, size=8):
    return replay(GAME, GAME.new(size=size), moves)[-1]


def placement(text, size=8):
    """The Placement written `text` (black square then white, one-digit ranks), e.g. c3d3."""
    (bc, br), (wc, wr) = (parse_square(text[i : i + 2], size) for i in (0, 2))
    return Placement(br * size + bc, wr * size + wc)


class Driven(BoardDriver):
    """Wythe's board on one position, driven as the page drives it (tests/board_driver.py)."""

    def __init__(self, state, flipped=False):
        super().__init__("wythe", state, Ui(live=True, flipped=flipped))

    @property
    def selected(self):
        return self.ui.pick.black if isinstance(self.ui.pick, WythePick) else None


def cell(name, size=8):
    col, row = ord(name[0]) - ord("a"), int(name[1:]) - 1
    return {"cell": name, "col": str(col), "row": str(row)}


# After c3d3, e4e5, d4c4, d3d4 (8×8): d3d4 put black on d3 (white top of c3d3) and white on
# d4 (black top of d4c4), so pieces c3d3 and d4c4 are half-covered: c3 and c4 are frozen.
STACKED = ("c3d3", "e4e5", "d4c4", "d3d4")

# 6×6, every rank B W W B B W: no placement is left (see tests/test_wythe.py).
TIE = [
    m for rank in range(1, 7) for m in (f"a{rank}b{rank}", f"d{rank}c{rank}", f"e{rank}f{rank}")
]


def test_svg_is_well_formed_with_a_cell_per_square():
    svg = Driven(GAME.new()).svg()
    doc = xml.dom.minidom.parseString(svg)
    cells = [r for r in doc.getElementsByTagName("rect") if r.getAttribute("data-cell")]
    assert len(cells) == 64
    assert {c.getAttribute("data-cell") for c in cells} >= {"a1", "h8", "c3"}
    assert 'class="wythe-board"' in svg


def test_each_top_piece_is_one_domino_and_frozen_halves_differ():
    svg = Driven(at(*STACKED)).svg()
    xml.dom.minidom.parseString(svg)
    # Top pieces: e4e5 (whole), d3d4 (whole), c3d3 (only c3 shows), d4c4 (only c4 shows).
    assert svg.count('class="wy-piece"') == 2
    assert svg.count('class="wy-piece wy-frozen"') == 2
    assert svg.count('class="wy-half ') == 6  # 2 + 2 + 1 + 1 halves
    assert "d3: black top, height 2" in svg and "c3: black top, height 1, frozen" in svg
    assert "c4: white top, height 1, frozen" in svg and "a1: empty" in svg
    heights = re.findall(r'class="wy-height (\w+)"[^>]*>(\d+)<', svg)
    assert sorted(h for _, h in heights) == ["1", "1", "1", "1", "2", "2"]


def test_two_clicks_place_black_then_white():
    board = Driven(GAME.new())
    assert board.click(cell("c3")) is None
    assert board.ui.pick == WythePick(black=2 * 8 + 2)
    svg = board.svg()
    assert svg.count('class="wy-target"') == 4  # c3's four empty neighbours
    assert "black half on c3" in board.prompt()
    move = board.click(cell("d3"))
    assert move == placement("c3d3") and type(move) is Placement
    assert GAME.notation(board.state, move) == "c3d3"


def test_only_legal_partners_are_offered_and_others_explained():
    board = Driven(at(*STACKED))
    # Black to move.  e5 (white top, height 1): d5, f5 and e6 are empty (other height) and
    # e4 is its own piece, so nothing can go with it; each neighbour fails differently.
    assert board.click(cell("e5")) is None
    assert board.selected is None and "no square next to e5" in board.prompt()
    board.ui = board.ui.cleared()
    board.click(cell("a1"))  # empty: a2 and b1 offered
    assert board.svg().count('class="wy-target"') == 2
    assert board.click(cell("e5")) is None  # not a partner of a1
    # The engine's verdict on a1e5 says why, and the prompt quotes it.
    assert board.ui.refused.code == "not-adjacent" and board.selected == 0
    assert board.prompt() == (
        "Black (Player 1) to move. The white half cannot go on e5: "
        "a1 and e5 are not adjacent: a piece covers two orthogonally "
        "adjacent squares."
    )
    assert board.click(cell("b1")) == placement("a1b1")
    assert board.ui.refused is None


def test_a_stack_of_another_height_is_refused_for_the_white_half():
    board = Driven(at(*STACKED))
    board.click(cell("f5"))  # empty; g5 is empty too
    assert board.click(cell("e5")) is None  # e5: a stack, 1 high
    assert board.ui.refused.code == "unequal-heights"
    assert "The white half cannot go on e5: f5 is empty but e5 holds a stack" in board.prompt()
    assert board.hover(cell("g5"))  # the pointer moves on:
    assert board.ui.refused is None and board.selected == 4 * 8 + 5  # the reason goes


def test_a_frozen_square_is_refused_with_the_reason():
    board = Driven(at(*STACKED))
    assert board.click(cell("c4")) is None
    assert board.selected is None and "c4 is frozen" in board.prompt()
    assert board.key("Escape") and "frozen" not in board.prompt()  # Escape clears it


def test_a_black_top_is_refused_for_the_black_half():
    board = Driven(at(*STACKED))
    assert board.click(cell("d3")) is None  # d3: black top
    assert board.prompt() == (
        "Black (Player 1) to move. d3 already shows a black top, so the "
        "black half cannot go on it."
    )


def test_cancel_by_button_by_second_click_and_by_escape():
    board = Driven(GAME.new())
    board.click(cell("c3"))
    assert 'data-action="cancel"' in board.panel()
    board.click({"action": "cancel"})
    assert board.selected is None and 'class="wy-target"' not in board.svg()
    board.click(cell("c3"))
    board.click(cell("c3"))  # the same square again
    assert board.selected is None
    board.click(cell("c3"))
    assert board.key("Escape") and board.selected is None
    assert not board.key("Escape")  # nothing left to cancel
    assert not board.key("r")  # no other key means anything


def test_a_new_black_square_replaces_the_first_choice():
    board = Driven(GAME.new())
    board.click(cell("c3"))
    board.click(cell("f6"))  # not next to c3: reselect
    assert board.selected == 5 * 8 + 5
    assert board.click(cell("f7")) == placement("f6f7")


def test_a_drop_or_a_click_off_the_squares_changes_nothing():
    board = Driven(GAME.new())
    board.click(cell("c3"))
    ui = board.ui
    assert BOARD.hit(board.view, ui, cell("d3"), "drop", cell("c3")) == (ui, None)
    assert BOARD.hit(board.view, ui, None, "click") == (ui, None)
    assert BOARD.hit(board.view, ui, {"action": "other"}, "click") == (ui, None)


def test_swap_button_with_its_sentence_and_the_seats_after():
    view = GAME.view(at("c3d3"))
    [(move, label, tip)] = BOARD.actions(view)
    assert move == SWAP and "Swap" in label and "play Black from now on" in tip
    assert "play Black from now on" in BOARD.panel(view, Ui(live=True))
    swapped = GAME.view(at("c3d3", "swap"))
    assert BOARD.actions(swapped) == []
    assert BOARD.swatch(swapped, 0) == "wy-c-white" and BOARD.swatch(swapped, 1) == "wy-c-black"
    panel = BOARD.panel(swapped, Ui(live=True))
    assert "Player 1: <strong>White</strong>" in panel and "After the swap" in panel
    assert BOARD.actions(GAME.view(GAME.new())) == []
    assert BOARD.swatch(GAME.view(GAME.new()), 0) == "wy-c-black"


def test_forced_pass_button_says_why():
    board = Driven(at(*TIE, size=6))
    [(move, label, _tip)] = BOARD.actions(board.view)
    assert move == PASS and "no legal placement" in label
    assert "must pass" in board.prompt()


def test_score_breakdown_marks_the_deciding_sizes():
    # a1 a2 black (2), b1 b2 c1 white (3), d1 black (1): Black {2,1}, White {3}:
    # Black scores 2, White 3 (tests/test_wythe.py derives it).
    panel = Driven(at("a1b1", "a2b2", "d1c1")).panel()
    xml.dom.minidom.parseString(f"<div>{panel}</div>")
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>(.*?)</tr>', panel)
    assert [size for size, _ in rows] == ["3", "2", "1"]
    assert 'title="White&#39;s score">1</td>' in rows[0][1]  # size 3: White 1 > 0
    assert 'title="Black&#39;s score">1</td>' in rows[1][1]  # size 2: Black 1 > 0
    assert "decides" not in rows[2][1]  # size 1: Black's, but not top
    assert "Black scores 2" in panel and "White scores 3" in panel
    empty = Driven(GAME.new()).panel()
    assert "No groups yet" in empty and "Black scores 0: at no size" in empty


def test_hovering_a_stack_outlines_its_group():
    board = Driven(at("a1b1", "a2b2", "d1c1"))
    assert board.hover(cell("c1"))
    svg = board.svg()
    # The white group b1 b2 c1: its border has 8 unit edges.
    [path] = re.findall(r'class="wy-group" d="([^"]*)"', svg)
    assert path.count("M") == 8
    assert "white group of 3" in board.prompt()
    assert not board.hover(cell("c1"))  # no change, no redraw
    assert board.hover(cell("h8"))  # empty: no group
    assert 'class="wy-group"' not in board.svg()
    assert board.hover(None)  # off the board


def test_no_hints_when_not_interactive():
    board = Driven(GAME.new())
    board.click(cell("c3"))
    svg = board.svg(live=False)
    assert 'class="wy-target"' not in svg and 'class="wy-selected"' not in svg
    assert 'data-action="cancel"' not in board.panel(live=False)


def test_the_page_plays_through_the_board():
    # The page drives the board through its table (web/logic/table.py), with move values.
    table = Table(Session("wythe", {"size": 8}, STACKED))
    xml.dom.minidom.parseString(screen.board_svg(table))
    assert table.hit(cell("c4")) is None
    assert "c4 is frozen" in screen.prompt(table)
    assert table.hit(cell("a1")) is None and table.hit(cell("c4")) is None
    assert "white half cannot go on c4" in screen.prompt(table)
    move = table.hit(cell("b1"))
    assert move is not None and GAME.notation(table.state, move) == "a1b1"
    table.escape()
    assert "cannot go on" not in screen.prompt(table)


# ---- the board turned round (the Flip button)


def rects(svg, skip=("wy-layer",)):
    """(class, x, y, width, height) of every rect, less the ones drawn off-centre on purpose
    (the layered edges of a stack always step down-right)."""
    doc = xml.dom.minidom.parseString(svg)
    return sorted(
        (
            r.getAttribute("class"),
            float(r.getAttribute("x")),
            float(r.getAttribute("y")),
            float(r.getAttribute("width")),
            float(r.getAttribute("height")),
        )
        for r in doc.getElementsByTagName("rect")
        if r.getAttribute("class") not in skip
    )


def segments(path):
    """The unit strokes of an 'M x y h/v n' path, as sorted end-point pairs."""
    out = []
    for x, y, kind, n in re.findall(r"M([-\d.]+) ([-\d.]+)([hv])([-\d.]+)", path):
        x, y, n = float(x), float(y), float(n)
        if abs(n) != 100:
            continue  # the board's frame, the same either way
        end = (x + n, y) if kind == "h" else (x, y + n)
        out.append(tuple(sorted([(x, y), end])))
    return sorted(out)


def turned(point, size=8):
    centre = 44 + size * 100 / 2
    return (2 * centre - point[0], 2 * centre - point[1])


def cell_box(svg, name):
    match = re.search(
        rf'<rect class="sq[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*data-cell="{name}"', svg
    )
    return float(match[1]), float(match[2])


def test_flipping_turns_the_board_round():
    assert BOARD.can_flip
    state = at(*STACKED)
    plain = Driven(state).svg()
    flipped = Driven(state, flipped=True).svg()
    xml.dom.minidom.parseString(flipped)
    assert cell_box(flipped, "a1") == cell_box(plain, "h8")  # a1 where h8 was: top right
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
    assert segments(edges_flipped) == sorted(
        tuple(sorted(map(turned, s))) for s in segments(edges)
    )


def test_flipped_labels_read_upright_and_relabelled():
    svg = Driven(GAME.new(), flipped=True).svg(live=False)
    assert "rotate(180" not in svg and "<text transform" not in svg  # no text upside down
    letters = re.findall(r'<text class="coord" x="([\d.]+)" y="876">(\w)</text>', svg)
    assert [c for _, c in sorted(letters, key=lambda t: float(t[0]))] == list("hgfedcba")
    numbers = re.findall(r'<text class="coord" x="22.0" y="([\d.]+)">(\d+)</text>', svg)
    assert [n for _, n in sorted(numbers, key=lambda t: float(t[0]))] == [
        str(i) for i in range(1, 9)
    ]


def test_flipped_hints_line_up_and_clicks_give_the_same_move():
    board = Driven(GAME.new(), flipped=True)
    assert board.click(cell("a1")) is None
    board.hover(cell("a2"))
    svg = board.svg()
    x, y = cell_box(svg, "a1")
    [sel] = re.findall(r'class="wy-selected" x="([\d.]+)" y="([\d.]+)"', svg)
    assert (float(sel[0]) - 3, float(sel[1]) - 3) == (x, y)  # the ring sits on a1
    targets = {
        (float(a) - 14, float(b) - 14)
        for a, b in re.findall(r'class="wy-target" x="([\d.]+)" y="([\d.]+)"', svg)
    }
    assert targets == {cell_box(svg, "a2"), cell_box(svg, "b1")}
    assert board.click(cell("a2")) == placement("a1a2")


def test_a_flipped_domino_joins_its_halves():
    svg = Driven(at("c3d3"), flipped=True).svg()
    halves = re.findall(r'class="wy-half (\w+)" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', svg)
    (cb, xb, _, _wb), (cw, xw, _, ww) = sorted(halves)
    assert (cb, cw) == ("black", "white")
    # Flipped, c3 (black) is right of d3 (white): the white half reaches the black one.
    assert float(xw) + float(ww) == float(xb)


def test_every_square_is_labelled_for_screen_readers():
    svg = Driven(at(*STACKED)).svg()
    labels = dict(re.findall(r'data-cell="(\w+)"[^>]*aria-label="([^"]*)"', svg))
    assert len(labels) == 64
    assert labels["a1"] == "a1: empty"
    assert labels["d3"] == "d3: black top, height 2; in a black group of 2"
    assert labels["c4"].startswith("c4: white top, height 1, frozen")


# --------------------------------------------------------------------------- issue 19, item 8

FROZEN_C3 = (
    "Black (Player 1) to move. c3 is frozen: its top piece is half-covered, so "
    "nothing can ever be placed on it."
)


def test_a_frozen_square_says_so_whatever_its_top_colour():
    board = Driven(at(*STACKED))
    assert board.view.cells[2 * 8 + 2].frozen  # c3: black top, frozen
    assert board.click(cell("c3")) is None
    assert board.selected is None and board.prompt() == FROZEN_C3
    board.ui = board.ui.cleared()
    board.click(cell("c5"))  # a black half on c5 ...
    assert board.click(cell("c4")) is None  # ... then the frozen c4:
    # the engine finds the heights first (c5 empty, c4 a stack), but the square is frozen.
    assert board.ui.refused.code == "unequal-heights" and board.selected == 4 * 8 + 2
    assert board.prompt() == (
        "Black (Player 1) to move. The white half cannot go on c4: c4 is "
        "frozen: its top piece is half-covered, so nothing can ever be "
        "placed on it."
    )


def test_the_engines_frozen_verdict_is_said_as_frozen():
    # 6×6: c3 (white top) can take a piece, but c4 next to it is frozen (c4c5 is half-covered
    # by c5d5); the engine refuses c3c4 with its "frozen" code.
    board = Driven(at("c2c3", "a1a2", "d5d4", "c4c5", "b3a3", "c5d5", size=6))
    board.click(cell("c3"))
    assert board.selected == 2 * 6 + 2
    assert board.click(cell("c4")) is None and board.ui.refused.code == "frozen"
    assert board.prompt().endswith(
        "The white half cannot go on c4: c4 is frozen: its top "
        "piece is half-covered, so nothing can ever be placed on it."
    )


HOW = "click a square for the black half."


def test_the_prompt_says_how_to_place_and_why_white_places_a_black_half_too():
    assert Driven(GAME.new()).prompt() == f"Black (Player 1) to move: {HOW}"
    white = Driven(at("c3d3", "e4e5", "a1a2"))
    assert white.prompt() == (
        f"White (Player 2) to move: both players lay black-and-white pieces — {HOW}"
    )
    first = Driven(at("c3d3"))  # White may swap
    assert first.prompt() == (
        "White (Player 2) to move: both players lay black-and-white "
        "pieces — click a square for the black half, or swap colours."
    )
    swapped = Driven(at("c3d3", "swap"))  # the opener now plays White
    assert swapped.prompt().startswith("White (Player 1) to move: both players lay black-and")
    assert Driven(at("c3d3", "swap", "d4c4")).prompt() == f"Black (Player 2) to move: {HOW}"


def shape(markup):
    """Markup with its numbers and pattern names left out: what is drawn, not where."""
    return re.sub(r"#wy(-key)?-hatch-", "#H-", re.sub(r'"[-\d. ]+"', '"#"', markup))


def test_the_panel_has_a_legend_drawn_with_the_boards_own_marks():
    board = Driven(at(*STACKED))
    panel = board.panel()
    xml.dom.minidom.parseString(f"<div>{panel}</div>")
    items = dict(re.findall(r'<li data-key="(\w+)">(.*?)</li>', panel))
    assert list(items) == ["piece", "frozen"]
    assert "Frozen: the other half of its piece is covered" in items["frozen"]
    assert "nothing can be placed here" in items["frozen"]
    # The legend's frozen halves are the board's: the same elements and classes, hatched
    # with patterns of their own (the same hatching) so the legend stands alone.
    frozen = re.findall(r'<g class="wy-piece wy-frozen".*?</g>', items["frozen"])
    on_board = dict(
        zip(
            ("black", "white"),
            re.findall(r'<g class="wy-piece wy-frozen".*?</g>', board.svg()),
            strict=True,
        )
    )
    assert len(frozen) == 2 and "wy-half black" in frozen[0] and "wy-half white" in frozen[1]
    assert [shape(g) for g in frozen] == [shape(on_board["black"]), shape(on_board["white"])]
    assert all(f'id="wy-key-hatch-{c}"' in items["frozen"] for c in ("black", "white"))
    assert re.search(r"<defs>.*?</defs>", items["frozen"])[0] == re.search(
        r"<defs>.*?</defs>", board.svg()
    )[0].replace('id="wy-hatch-', 'id="wy-key-hatch-')
    assert '<g class="wy-piece" ' in items["piece"] and "wy-frozen" not in items["piece"]
    assert "Legend" in Driven(GAME.new()).panel()  # there from the start


def test_the_rules_figure_draws_frozen_squares_as_the_board_does():
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "web/rules/wythe.html").read_text()
    xml.dom.minidom.parseString(re.search(r"<svg.*?</svg>", text, re.S)[0])
    frozen = re.findall(r'<g class="wy-rules-frozen">(.*?)</g>', text, re.S)
    assert len(frozen) == 2  # a1 and a2
    for colour, group in zip(("black", "white"), frozen, strict=True):
        assert f'fill="url(#wy-rules-hatch-{colour})"' in group  # hatched ...
        assert "stroke: var(--illegal" in group and "stroke-dasharray" in group  # red dashes
    # the board's frozen rim: the same colour, and its hatching: the same strokes
    stylesheet = (Path(__file__).resolve().parent.parent / "web/boards/wythe.css").read_text()

    assert "wy-frozen .wy-rim { stroke: var(--illegal); stroke-dasharray" in stylesheet
    for colour, (stroke, opacity) in (
        ("black", ("#ffffff", ".45")),
        ("white", ("#000000", ".28")),
    ):
        [pattern] = re.findall(rf'<pattern id="wy-rules-hatch-{colour}".*?</pattern>', text)
        assert "rotate(45)" in pattern and f'stroke="{stroke}"' in pattern
        assert f'stroke-opacity="{opacity}"' in pattern
        assert f"stroke: {stroke}; stroke-opacity: {opacity}" in stylesheet
