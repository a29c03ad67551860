"""A 2,500-ply Gwyddbwyll game in the browser (issue 25, item 5): the link opens with every
move in the list, each button short (no path of thousands of characters), and Home, End, the
arrows and a click on a move each mark one move current without rewriting the list.  The
times (the Performance API, long tasks) are printed, never asserted: scripts/bench_long_record.py
measures them properly (docs/benchmarks.md)."""

from helpers import LOAD_TIMEOUT, READY, open_page, shot
from playwright.sync_api import expect

PLIES = 2500  # the game's move limit: the link is the longest game there can be
# Each side's knight hops out and back (e2-g1, e7-g8): legal, and never an end before the limit.
SHUFFLE = ["e2g1", "e7g8", "g1e2", "g8e7"]
LINK = "#gwyddbwyll/1//" + ".".join(SHUFFLE[k % 4] for k in range(PLIES))

OBSERVE = """
    window.__long = [];
    window.__longObserver = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
    });
    window.__longObserver.observe({ type: "longtask", buffered: true });
"""
# The long tasks so far: those delivered, and those recorded but not yet handed to the observer
# (its callback runs later, in a task of its own): every task that has ended, no wait needed.
LONG_TASKS = """() => {
    for (const e of window.__longObserver.takeRecords()) {
        window.__long.push([e.startTime, e.duration]);
    }
    return window.__long;
}"""

# When a long link's slices began (the status first says "Opening the game") and when the page
# ended them (`data-opening` gone), as the ends of those tasks, for the long tasks.
WATCH_OPENING = """
    window.__opening = [];
    new MutationObserver(() => {
        const status = document.getElementById("status");
        const counting = status && status.textContent.startsWith("Opening the game");
        const opening = document.body && document.body.dataset.opening === "1";
        const marks = window.__opening;
        if (marks.length === 0 && counting) marks.push(performance.now());
        if (marks.length === 1 && counting) {  // what the status says, the board inert or not
            const inert = document.getElementById("board").inert;
            window.__counted = (window.__counted || []).concat([[status.textContent, inert]]);
        }
        if (marks.length === 1 && !opening && !counting) marks.push(performance.now());
    }).observe(document, {
        attributes: true, subtree: true, childList: true, characterData: true,
    });
"""

# What the status says while a game opens after start-up, with whether the board is inert.
WATCH_AGAIN = """() => {
    window.__again = [];
    new MutationObserver(() => {
        const status = document.getElementById("status").textContent;
        if (status.startsWith("Opening the game")) {
            window.__again.push([status, document.getElementById("board").inert]);
        }
    }).observe(document.getElementById("status"), {
        childList: true, subtree: true, characterData: true,
    });
}"""

# Home pressed while the page says it is opening the game and the board is inert, pressed by
# an observer of the page's changes as soon as it sees both, so that no slice can pass unseen
# (polling on animation frames missed the whole opening once, on a loaded machine): refused,
# it is neither the old game's step nor the new one's.  What the status said then is kept.
PRESS_HOME_WHILE_OPENING = """() => {
    window.__homePressed = null;
    const observer = new MutationObserver(() => {
        const status = document.getElementById("status").textContent;
        const opening = /Opening the game: move .* of 2,500/.test(status);
        if (!opening || !document.getElementById("board").inert) return;
        observer.disconnect();
        document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "Home", bubbles: true }));
        window.__homePressed = status;
    });
    observer.observe(document.body, {
        attributes: true, subtree: true, childList: true, characterData: true,
    });
}"""

STEP = """async (key) => {
    const began = performance.now();
    if (key.startsWith("ply ")) {
        document.querySelector(`#moves [data-ply='${key.slice(4)}']`).click();
    } else {
        document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
    }
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    return performance.now() - began;
}"""


def current(page) -> list:
    return page.eval_on_selector_all(
        "#moves [aria-current='true']", "items => items.map(b => b.dataset.ply)"
    )


def test_a_2500_ply_game_opens_and_steps_without_rewriting_its_move_list(page, site):
    page.add_init_script(OBSERVE)
    open_page(page, site + "/index.html")
    began = page.evaluate("performance.now()")
    page.evaluate(PRESS_HOME_WHILE_OPENING)
    page.evaluate("link => { location.hash = link; }", LINK)
    # Opened in slices: the page says how far it has got and refuses the keys meanwhile.
    page.wait_for_function("window.__homePressed !== null")
    assert page.evaluate("window.__homePressed").startswith("Opening the game: move ")
    page.wait_for_function(
        f"document.querySelectorAll('#moves [data-ply]').length == {PLIES}", timeout=300_000
    )
    opened = page.evaluate("performance.now()") - began
    tasks = [d for s, d in page.evaluate(LONG_TASKS) if s >= began]
    markup = page.evaluate("document.getElementById('moves').innerHTML.length")
    assert markup < 100 * PLIES  # a path per button made it 6.5 MB
    assert current(page) == [str(PLIES)]
    starts = page.eval_on_selector_all("#moves > li.part > ol", "lists => lists.map(l => l.start)")
    assert starts == list(range(1, PLIES, 100))  # in parts of 100 moves, numbered from their first
    expect(page.locator(f"#moves [data-ply='{PLIES}']")).to_be_in_viewport()
    shot(page, "long-record-end")
    assert page.evaluate("document.getElementById('board').inert") is False
    assert page.evaluate("document.body.dataset.opening") is None
    page.evaluate("document.getElementById('moves').dataset.kept = 'yes'")  # gone if rewritten
    times = {}
    for key, ply in (("Home", None), ("ArrowRight", "1"), ("End", str(PLIES))):
        times[key] = page.evaluate(STEP, key)
        assert current(page) == ([ply] if ply else [])
    times["ArrowLeft"] = page.evaluate(STEP, "ArrowLeft")
    assert current(page) == [str(PLIES - 1)]
    times["click"] = page.evaluate(STEP, "ply 1250")
    assert current(page) == ["1250"]
    expect(page.locator("#moves [data-ply='1250']")).to_be_in_viewport()
    shot(page, "long-record-middle")
    assert page.evaluate("location.hash") == LINK + "/ply=1250"
    assert page.evaluate("document.getElementById('moves').dataset.kept") == "yes"
    assert page.evaluate("document.getElementById('moves').innerHTML.length") == markup
    print(
        f"\n2,500 plies: opened in {opened:.0f} ms, longest task {max(tasks, default=0):.0f} ms"
        f" ({len(tasks)} tasks over 50 ms: {', '.join(f'{t:.0f}' for t in tasks)}),"
        f" move list {markup:,} characters; steps (ms): "
        + ", ".join(f"{k} {v:.0f}" for k, v in times.items())
    )
    shot(page, "long-record")
    page.set_viewport_size({"width": 375, "height": 812})
    shot(page, "long-record-phone")


def test_a_move_at_the_end_of_a_long_game_adds_one_item_to_its_list(page, site):
    plies = 1000  # long enough to open in slices; white's knight hops out next (e2-g1)
    open_page(page, site + "/index.html")
    page.evaluate(
        "link => { location.hash = link; }",
        "#gwyddbwyll/1//" + ".".join(SHUFFLE[k % 4] for k in range(plies)),
    )
    page.wait_for_function(
        f"document.querySelectorAll('#moves [data-ply]').length == {plies}", timeout=300_000
    )
    expect(page.locator("#board")).not_to_have_attribute("inert", "")
    markup = page.evaluate("document.getElementById('moves').innerHTML.length")
    page.evaluate("document.getElementById('moves').dataset.kept = 'yes'")  # gone if rewritten
    page.click("#board [data-cell='e2']")
    page.click("#board [data-cell='g1']")
    page.wait_for_function(f"document.querySelectorAll('#moves [data-ply]').length == {plies + 1}")
    assert current(page) == [str(plies + 1)]
    assert page.evaluate("document.getElementById('moves').dataset.kept") == "yes"
    assert page.evaluate("document.getElementById('moves').innerHTML.length") > markup
    assert page.locator(f"#moves [data-ply='{plies + 1}']").inner_text() == "Ne2g1"


def opened_at_start(page, ply: str, plies: int = PLIES) -> str:
    """The page, loading with the long link in its address, opens it in slices: the status
    counts, the board inert meanwhile; then the game at `ply`, its list complete.  Its long
    tasks since the slices began, as a line."""
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT)
    counted = page.evaluate("window.__counted") or []  # seen as the page changed, not raced
    assert [f"Opening the game: move 1,200 of {plies:,}", True] in counted
    assert all(inert for _, inert in counted)
    assert page.evaluate("document.querySelectorAll('#moves [data-ply]').length") == plies
    assert current(page) == [ply]
    assert page.evaluate("document.getElementById('board').inert") is False
    assert page.evaluate("document.body.dataset.opening") is None
    expect(page.locator("#status")).not_to_contain_text("Opening the game")
    began, ended = page.evaluate("window.__opening")
    tasks = [(s, d) for s, d in page.evaluate(LONG_TASKS) if s + d > began]
    slices = [d for s, d in tasks if s + d < ended - 1]
    opening = [d for s, d in tasks if s + d >= ended - 1]
    longest = max(slices, default=0)
    then = ", ".join(f"{d:.0f}" for d in opening)
    return (
        f"slices over {ended - began:.0f} ms, their longest task {longest:.0f} ms;"
        f" then the game's opening and first drawing: tasks of {then} ms"
    )


def test_a_page_loaded_or_reloaded_with_a_2500_ply_link_opens_it_in_slices(page, site):
    page.add_init_script(OBSERVE)
    page.add_init_script(WATCH_OPENING)
    page.goto(site + "/index.html" + LINK + "/ply=1250")
    loaded = opened_at_start(page, "1250")
    shot(page, "long-record-loaded")
    page.reload()
    reloaded = opened_at_start(page, "1250")
    assert page.evaluate("location.hash") == LINK + "/ply=1250"
    print(f"\n2,500 plies at start-up: loaded: {loaded}\nreloaded: {reloaded}")


def test_a_new_tab_reopening_a_saved_2499_ply_game_replays_it_in_slices(page, site):
    """No link: the newest saved game is the one a new tab opens, replayed as a link is; and
    as it is when Recent, or a bad link's message, resumes it.  (One move short of the limit,
    the game is not over: the message offers only an unfinished game.)"""
    unfinished, plies = LINK[: LINK.rindex(".")], PLIES - 1
    page.goto(site + "/index.html" + unfinished + "/ply=1250")
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("#moves [data-ply]")).to_have_count(plies)  # and so saved
    tab = page.context.new_page()
    tab.add_init_script(OBSERVE)
    tab.add_init_script(WATCH_OPENING)
    tab.goto(site + "/index.html")
    reopened = opened_at_start(tab, "1250", plies)
    assert tab.evaluate("location.hash") == unfinished + "/ply=1250"
    print(f"\n2,499 plies reopened at start-up with no link: {reopened}")
    sliced = [f"Opening the game: move 1,200 of {plies:,}", True]
    # Wythe picked at the top, then the long game from Recent: it resumes in slices too.
    tab.click("button.pick[data-game='wythe']")
    tab.wait_for_selector("body[data-game='wythe']")
    tab.evaluate(WATCH_AGAIN)
    tab.click("#recent-open")
    tab.locator("#recent-list button", has_text=f"{plies} moves").click()
    expect(tab.locator("#moves [data-ply]")).to_have_count(plies)
    assert sliced in tab.evaluate("window.__again") and current(tab) == ["1250"]
    # A bad link's message offers to go back to it: in slices again.
    tab.evaluate("() => { location.hash = '#gwyddbwyll/1//zz'; }")
    expect(tab.locator("#message")).to_contain_text("This link does not open a game")
    tab.evaluate(WATCH_AGAIN)
    tab.click("#message [data-action='resume']")
    expect(tab.locator("#moves [data-ply]")).to_have_count(plies)
    assert sliced in tab.evaluate("window.__again")
    tab.close()


def test_a_page_loaded_with_a_2500_ply_link_failing_at_its_end_says_why_after_its_slices(
    page, site
):
    page.add_init_script(OBSERVE)
    page.add_init_script(WATCH_OPENING)
    bad = LINK[: LINK.rindex(".")] + ".g8g8"  # the 2,500th move: black's knight stays put
    page.goto(site + "/index.html" + bad)
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT)
    counted = page.evaluate("window.__counted")
    assert ["Opening the game: move 2,400 of 2,500", True] in counted
    expect(page.locator("#message")).to_contain_text("This link does not open a game")
    expect(page.locator("#message")).to_contain_text("move 2500 ('g8g8')")
    offer = page.locator("#message [data-action='legal-part']")
    expect(offer).to_have_attribute("data-ply", str(PLIES - 1))
    began = page.evaluate("window.__opening")[0]
    tasks = [round(d) for s, d in page.evaluate(LONG_TASKS) if s + d > began]
    shot(page, "long-record-bad")
    offer.click()
    page.wait_for_function(
        f"document.querySelectorAll('#moves [data-ply]').length == {PLIES - 1}", timeout=300_000
    )
    assert current(page) == [str(PLIES - 1)]
    print(f"\nA 2,500-ply link failing at its end, at start-up: tasks over 50 ms (ms) {tasks}")
