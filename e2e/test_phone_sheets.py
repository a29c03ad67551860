"""Analyse's panel and the graph where the player looks (issue 29, items 5 and 6).  On a phone
with touch, at the end of a game scrolled down to the panels, Analyse opens its panel as a
sheet over the bar at the foot of the screen, under the board, which it brings into view; so
does Graph of the game, and a tap on the graph or on a swing brings the changed board into
view; each sheet has its Close.  On a desktop both stay in the side column.  The graph labels
its axes (0-100%, move numbers) and every seat's line stands out on it, light or dark."""

import pytest
from helpers import guard, open_page, shot
from playwright.sync_api import expect

from web.logic.contrast import LEAST_CONTRAST, contrast, parse, seen

# Gwyddbwyll: ten moves, then White resigns (White's line is the one that was faint)
ENDED = "gwyddbwyll/1//e2g1.d7e5.d3e4.e5d7.a3a4.e7g8.c3c5.f7h7.g3g4.b6b4.white-resigns"
PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 800}


def box(page, selector: str) -> dict:
    return page.locator(selector).bounding_box()


def scroll_down(page) -> None:
    """Scroll to the foot of the page, as a player reading the panels under the board."""
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")


def board_in_view_above(page, sheet: str) -> None:
    """The whole board is on the screen, and the sheet starts under it, ending at the bar."""
    board, panel, bar = box(page, "#board"), box(page, sheet), box(page, "nav.bar")
    assert board["y"] >= 0, board
    assert board["y"] + board["height"] <= panel["y"] + 1, (board, panel)
    assert panel["y"] + panel["height"] <= bar["y"] + 1, (panel, bar)
    assert panel["height"] >= 200, panel  # room to read it


def judged(page) -> None:
    expect(page.locator("#graph-progress")).to_contain_text(
        "All 11 positions judged", timeout=60_000
    )


def test_analyse_and_the_graph_open_where_a_phone_player_looks(browser, site):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    outside, errors = guard(page), []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_page(page, f"{site}/index.html#{ENDED}")
    expect(page.locator("#result")).to_be_visible()
    scroll_down(page)
    assert box(page, "#board")["y"] < 0  # scrolled off the top: the old panel opened lower
    page.tap("#analyse")
    expect(page.locator("#analysis")).to_be_visible()
    expect(page.locator("#analysis .chances li")).to_have_count(2)
    board_in_view_above(page, "#analysis")
    expect(page.locator("#analysis-close")).to_be_visible()
    shot(page, "phone-sheet-analysis", full_page=False)

    page.tap("#graph-open")
    expect(page.locator("#graph")).to_be_visible()
    judged(page)
    board_in_view_above(page, "#graph")
    expect(page.locator("#graph-close")).to_be_visible()
    expect(page.locator("#graph .graph-y span")).to_have_text(["100%", "50%", "0%"])
    # ten plies of Gwyddbwyll: full moves 1-5, as its move list numbers them
    expect(page.locator("#graph .graph-x span")).to_have_text(["1", "2", "3", "4", "5"])
    shot(page, "phone-sheet-graph", full_page=False)

    # a tap on the graph, the page scrolled down: that position, and the board in view
    scroll_down(page)
    page.tap("#graph-body .hit[data-ply='2']", force=True)
    expect(page.locator("#moves [data-ply='2']")).to_have_attribute("aria-current", "true")
    assert page.evaluate("location.hash").endswith("/ply=2")
    board_in_view_above(page, "#graph")
    swings = page.locator("#graph-swings button[data-ply]")
    if swings.count():  # a swing too
        ply = swings.first.get_attribute("data-ply")
        scroll_down(page)
        swings.first.tap()
        expect(page.locator(f"#moves [data-ply='{ply}']")).to_have_attribute(
            "aria-current", "true"
        )
        board_in_view_above(page, "#graph")
    shot(page, "phone-sheet-graph-tapped", full_page=False)

    # Close: the graph goes, the panel is back; its Close ends the analysis, as Analyse does
    page.tap("#graph-close")
    expect(page.locator("#graph")).to_be_hidden()
    expect(page.locator("#analysis")).to_be_visible()
    page.tap("#analysis-close")
    expect(page.locator("#analysis")).to_be_hidden()
    expect(page.locator("#analyse")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#board .best-marks")).to_have_count(0)
    context.close()
    assert outside == [] and errors == []


def test_what_a_sheet_covers_can_be_scrolled_above_it(browser, site):
    """Analyse on, Rug Pile's tiles and the status are under the sheet: the page scrolls far
    enough to bring them above it, to choose a tile."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    outside, errors = guard(page), []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_page(page, f"{site}/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/2x2d4.3x3a1")
    page.tap("#analyse")
    expect(page.locator("#analysis")).to_be_visible()
    sheet = box(page, "#analysis")["y"]
    assert box(page, "#panel")["y"] + box(page, "#panel")["height"] > sheet  # covered
    scroll_down(page)
    for covered in ("#status", "#panel", "#scores"):
        shown = box(page, covered)
        assert shown["y"] >= 0 and shown["y"] + shown["height"] <= sheet, (covered, shown)
    shot(page, "phone-sheet-scrolled-rugpile", full_page=False)
    context.close()
    assert outside == [] and errors == []


def test_on_a_desktop_the_panel_and_the_graph_stay_in_the_side_column(page, site):
    page.set_viewport_size(DESKTOP)
    open_page(page, f"{site}/index.html#{ENDED}")
    page.click("#analyse")
    expect(page.locator("#analysis")).to_be_visible()
    expect(page.locator("#analysis-close")).to_be_hidden()  # Analyse is beside it
    page.click("#graph-open")
    judged(page)
    side = box(page, "aside.side")
    for sheet in ("#analysis", "#graph"):
        assert page.eval_on_selector(sheet, "e => getComputedStyle(e).position") == "static"
        panel = box(page, sheet)
        assert panel["x"] >= side["x"] and panel["x"] + panel["width"] <= side["x"] + side["width"]
    expect(page.locator("#graph .graph-y span")).to_have_text(["100%", "50%", "0%"])
    # ten plies of Gwyddbwyll: full moves 1-5, as its move list numbers them
    expect(page.locator("#graph .graph-x span")).to_have_text(["1", "2", "3", "4", "5"])
    page.locator("#graph-body .hit[data-ply='4']").click(force=True)
    expect(page.locator("#moves [data-ply='4']")).to_have_attribute("aria-current", "true")
    shot(page, "desktop-graph-axes")
    assert page.errors == []


# Stigmergy: a dark page draws its Black stone's swatch as a gradient, its colour transparent
STIGMERGY = "stigmergy/1/size=4,komi=2/d1.g3.b5.e5.g1.e3.d6.a3.b2.f4"


@pytest.mark.parametrize(
    ("fragment", "scheme", "viewport"),
    [
        (ENDED, "light", DESKTOP),
        (ENDED, "dark", DESKTOP),
        (ENDED, "light", PHONE),
        (ENDED, "dark", PHONE),
        (STIGMERGY, "light", DESKTOP),
        (STIGMERGY, "dark", DESKTOP),
    ],
    ids=["desktop-light", "desktop-dark", "phone-light", "phone-dark", "st-light", "st-dark"],
)
def test_every_line_stands_out_on_the_graph(page, site, fragment, scheme, viewport):
    """White's line was a faint outline on a light page (Black's was lost on a dark one):
    each line now stands out on the graph's background by WCAG's 3:1 for graphics, and the
    two lines from each other, and each key is drawn as its line is."""
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size(viewport)
    open_page(page, f"{site}/index.html#{fragment}")
    page.click("#analyse")
    page.click("#graph-open")
    judged(page)
    background = seen(
        page.eval_on_selector("svg.graph", "e => getComputedStyle(e).backgroundColor")
    )
    lines = []
    for seat in (0, 1):
        stroke = page.eval_on_selector(f"polyline.g{seat}", "e => getComputedStyle(e).stroke")
        key = page.eval_on_selector(
            f".graph-key li[data-seat='{seat}'] .key", "e => getComputedStyle(e).backgroundColor"
        )
        assert key == stroke
        assert page.eval_on_selector(f"polyline.g{seat}", "e => e.style.filter") == ""
        colour = parse(stroke)[0]
        assert contrast(colour, background) >= LEAST_CONTRAST, (seat, stroke, background)
        lines.append(colour)
    assert contrast(*lines) >= LEAST_CONTRAST, lines
    label = ("phone" if viewport is PHONE else "desktop") + (
        "-stigmergy" * (fragment == STIGMERGY)
    )
    shot(page, f"graph-lines-{scheme}-{label}", full_page=viewport is DESKTOP)
    assert page.errors == []
