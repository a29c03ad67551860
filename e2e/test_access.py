"""Reach: keyboard play, the shortcuts sheet, an axe-core audit of every game's page, and
screenshots of every game at desktop and phone sizes in light and dark themes."""

import json

import pytest
from helpers import ROOT, guard, open_page, reach, shot

from engine import games

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GAMES = games.ids()


def pick(page, game_id):
    reach(page, f"#picker [data-game='{game_id}']").click()  # on a phone, in the games menu
    page.wait_for_function(f"location.hash.startsWith('#{game_id}/')")
    page.wait_for_selector("#board svg [data-cell]")


def test_rug_pile_played_from_the_keyboard(page, site):
    open_page(page, site + "/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/")
    page.focus("#panel [data-action='kind'][data-kind='0']")
    page.keyboard.press("Enter")  # choose the 2x2 tile
    page.focus("#board")
    page.wait_for_selector("#board .kbd-cursor")  # the cursor starts on a middle square
    assert page.text_content("#announce").startswith("c3")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")  # a3
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # a1
    assert page.text_content("#announce") == "a1: blank"
    page.keyboard.press("Enter")  # the 2x2 centred on a1 lies a1-b2
    page.wait_for_function("location.hash.endsWith('/2x2a1')")
    assert page.text_content("#announce") == "Red played 2x2a1."
    page.keyboard.press("Escape")
    page.locator("body").press("?")
    assert page.evaluate("document.getElementById('shortcuts').open")
    page.click("#shortcuts-close")
    # On the flipped board the cursor's ring still sits on the square it names.
    page.click("#flip")
    page.focus("#board")
    page.keyboard.press("ArrowUp")
    name = page.text_content("#announce").split(":")[0]
    ring = page.locator("#board .kbd-cursor").bounding_box()
    cell = page.locator(f"#board [data-cell='{name}']").bounding_box()

    def centre(box):
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    (rx, ry), (cx, cy) = centre(ring), centre(cell)  # the ring's stroke makes its box larger
    assert abs(rx - cx) < 2 and abs(ry - cy) < 2, (name, ring, cell)


def axe_audit(page) -> list:
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
                 .map(v => ({id: v.id, impact: v.impact, help: v.help,
                             nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_game_passes_axe_and_is_photographed(browser, site, scheme):
    for width, height, label in [(1280, 900, "desktop"), (375, 760, "phone")]:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            color_scheme=scheme,
            has_touch=label == "phone",
        )
        page = context.new_page()
        outside = guard(page)
        open_page(page, site + "/index.html")
        for game_id in GAMES:
            pick(page, game_id)
            if label == "desktop":
                problems = axe_audit(page)
                assert problems == [], f"{game_id} ({scheme}): {json.dumps(problems, indent=1)}"
                page.click("#rules-open")  # the rules dialog, with its figures
                page.wait_for_selector("#rules-body h3")
                problems = axe_audit(page)
                assert problems == [], (
                    f"{game_id} rules ({scheme}): {json.dumps(problems, indent=1)}"
                )
                page.click("#rules-close")
            shot(page, f"{game_id}-{label}-{scheme}")
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"{game_id} scrolls sideways at {width}px ({scroll}px)"
        context.close()
        assert outside == []
