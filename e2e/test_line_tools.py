"""The move list's line tools (issue 24, item 9): "Make main line" stayed 3 px outside its
panel; every line tool sits inside the panel, at desktop and phone widths."""

from helpers import fitted_to, open_page, reach, shot

EDGES = """() => {
    const panel = document.querySelector('#promote').closest('section, .panel, aside, div.card')
        || document.querySelector('#promote').parentElement.parentElement;
    const p = panel.getBoundingClientRect();
    return [...document.querySelectorAll('.line-tools button:not([hidden])')].map(b => {
        const r = b.getBoundingClientRect();
        return [b.id, r.left - p.left, p.right - r.right];
    });
}"""


def test_make_main_line_stays_inside_its_panel(page, site):
    open_page(page, f"{site}/index.html#stigmergy/1/size=4,komi=0/c3.d4")
    page.locator("#moves button").first.click()  # after c3
    page.click("#board [data-cell='b2']")  # a click with no hover shows the stone: again
    page.click("#board [data-cell='b2']")
    page.wait_for_selector("#promote:not([hidden])")
    for width, height in ((1280, 800), (1366, 768), (375, 812)):
        page.set_viewport_size({"width": width, "height": height})
        fitted_to(page, width)
        reach(page, "#promote")  # a phone's move list is a sheet: opened from Moves
        edges = page.evaluate(EDGES)
        assert edges and all(left >= 0 and right >= 0 for _, left, right in edges), (
            width,
            edges,
        )
        page.locator("#promote").scroll_into_view_if_needed()
        page.screenshot(path=f"e2e/screenshots/line-tools-{width}.png")
    shot(page, "line-tools-phone")
    assert page.errors == []
