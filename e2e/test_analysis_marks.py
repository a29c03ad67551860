"""The best moves' marks on the board (issue 24, item 8): a Rug Pile tile is one outline per
move, the outlines of overlapping moves never coincide, each rank has its colour and its
label; Wythe's hint shows which square takes the black half."""

from helpers import POSITIONS, SEARCHED, fitted_to, open_page, shot
from playwright.sync_api import expect

OUTLINES = """() => [...document.querySelectorAll('#board .best-marks .best-cell')].map(e => {
    const b = e.getBBox();
    return [e.getAttribute('class'), Math.round(b.x), Math.round(b.y), Math.round(b.width),
            Math.round(b.height), getComputedStyle(e).stroke];
})"""


def test_rug_pile_best_moves_are_one_outline_each_and_never_coincide(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, f"{site}/index.html#{POSITIONS['rugpile'][0]}")
    page.click("#analyse")
    page.wait_for_function(SEARCHED, timeout=60_000)
    expect(page.locator("#analysis .best button")).to_have_count(3)
    # the marks follow each estimate: three outlines, one per move (a tile drawn as one)
    expect(page.locator("#board .best-marks .best-cell")).to_have_count(3)
    outlines = page.evaluate(OUTLINES)
    assert len(outlines) == 3, outlines  # a tile is one outline, not one per square
    edges = [tuple(o[1:5]) for o in outlines]
    assert len(set(edges)) == 3  # no two outlines on the same lines
    lefts, tops = [o[1] for o in outlines], [o[2] for o in outlines]
    for i in range(3):
        for j in range(i + 1, 3):  # no two share an edge: each outline is its own
            assert lefts[i] != lefts[j] or tops[i] != tops[j], outlines
    assert len({o[5] for o in outlines}) == 3  # a colour per rank
    labels = page.locator("#board .best-marks .best-label").all_text_contents()
    assert len(labels) == 3 and all(t.endswith("%") for t in labels)
    shot(page, "analysis-rugpile-marks-desktop")
    page.set_viewport_size({"width": 375, "height": 812})
    fitted_to(page, 375)
    page.click("#analyse")
    page.click("#analyse")  # drawn again at the phone's size
    page.wait_for_function(SEARCHED, timeout=60_000)
    shot(page, "analysis-rugpile-marks-phone")
    assert page.errors == []


def test_wythes_hint_shows_where_the_black_half_goes(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, f"{site}/index.html#{POSITIONS['wythe'][0]}")
    page.click("#hint")
    expect(page.locator("#message")).to_contain_text("Hint for ", timeout=30_000)
    move = page.text_content("#message").split(": ", 1)[1].split(" ", 1)[0]  # e.g. c3d3
    black = move[:2]  # the notation names the black half's square first
    dark = page.locator("#board .best-marks .best-dark")
    expect(dark).to_have_count(1)
    where = page.evaluate(
        """(cell) => {
        const c = document.querySelector(`#board [data-cell="${cell}"]`).getBBox();
        const d = document.querySelector('#board .best-marks .best-dark').getBBox();
        return [c.x <= d.x && d.x + d.width <= c.x + c.width,
                c.y <= d.y && d.y + d.height <= c.y + c.height];
    }""",
        black,
    )
    assert where == [True, True], (move, where)
    assert page.locator("#board .best-marks .best-cell").count() == 1  # one domino
    shot(page, "hint-wythe-black-half")
    assert page.errors == []
