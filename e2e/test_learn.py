"""Learn in the browser (issue 29): the first-visit offer on a link, beside the link's game; a
course taken on the real board (a wrong move and its message, a step done by clicking, the
rest by Show me); progress kept after a reload; the end's game against the easy computer;
the Learn button in the Rules dialog.  Screenshots at desktop and phone size."""

from __future__ import annotations

import json

from helpers import ROOT, guard, lesson_said, open_page, reach, shot

WYTHE = json.loads((ROOT / "web/lessons/wythe.json").read_text())
PETRIFY = json.loads((ROOT / "web/lessons/petrify.json").read_text())
STIGMERGY = json.loads((ROOT / "web/lessons/stigmergy.json").read_text())
GWYDDBWYLL = json.loads((ROOT / "web/lessons/gwyddbwyll.json").read_text())
RUGPILE = json.loads((ROOT / "web/lessons/rugpile.json").read_text())
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 812}


def click_square(page, name):
    page.click(f"#board [data-cell='{name}']")


def bar_says(page, text: str):
    page.wait_for_function(
        "text => document.querySelector('#lesson').textContent.includes(text)", arg=text
    )


def at_step(page, course, number: int):
    step = course["steps"][number - 1]
    bar_says(page, f"step {number} of {len(course['steps'])}, {step['title']}")
    bar_says(page, step["goal"])
    page.wait_for_selector(f"body[data-lesson='{step['id']}']")


def show_me(page, course, number: int):
    """Show me on step `number`: its solution played, the step done."""
    at_step(page, course, number)
    page.click("#lesson [data-lesson='show']")
    page.wait_for_selector("#lesson[data-status='done']")
    step = course["steps"][number - 1]
    bar_says(page, lesson_said(course["game"], step["id"], *step["solution"]))
    page.wait_for_selector(".motion-layer", state="detached")  # the move's animation over


def test_a_link_offers_the_course_and_a_course_is_played_through(page, site):
    page.set_viewport_size(DESKTOP)
    open_page(page, site + "/index.html#wythe/1/size=8/c3d3")
    offer_beside_the_links_game(page)
    page.click("#learn-offer [data-learn='wythe']")
    first_step_wrong_then_right(page)
    page.click("#lesson [data-lesson='next']")
    at_step(page, WYTHE, 2)
    assert page.evaluate("document.activeElement.id") == "board"  # play on by keyboard
    show_me(page, WYTHE, 2)
    assert page.locator("#board .wy-frozen").count() == 2  # b1b2 froze a1 and a2
    shot(page, "learn-wythe-shown-desktop")
    the_rest_after_a_reload(page)
    assert page.errors == []


def offer_beside_the_links_game(page):
    offer = page.locator("#learn-offer")
    offer.wait_for(state="visible")
    assert offer.text_content() == "New to Wythe? Learn it in three minutes"
    assert page.text_content("#title") == "Wythe"  # the link's game, on the board
    assert page.locator("#board .wy-piece").count() == 1
    assert page.locator("#board [data-cell='h8']").count() == 1  # its 8×8 board
    shot(page, "learn-offer-desktop")


def first_step_wrong_then_right(page):
    at_step(page, WYTHE, 1)
    assert page.locator("#learn-offer").is_hidden()
    assert page.locator("#board .wy-piece").count() == 0  # the step's empty 6×6 board
    assert page.locator("#board [data-cell='f6']").count() == 1
    assert page.locator("#board [data-cell='g7']").count() == 0
    assert "Goal: " + WYTHE["steps"][0]["goal"] in page.text_content("#announce")
    click_square(page, "d3")  # wrong: the black half on d3, the white on c3
    click_square(page, "c3")
    page.wait_for_selector("#lesson[data-status='missed']")
    missed = lesson_said("wythe", "first-piece", "d3c3")
    bar_says(page, missed)
    assert missed in page.text_content("#announce")
    assert page.locator("#board .wy-piece").count() == 1
    for tool in ("#undo", "#redo", "#resign"):  # Try again, not these, in a lesson
        assert page.locator(tool).is_hidden(), tool
    shot(page, "learn-wythe-missed-desktop")
    page.click("#lesson [data-lesson='retry']")
    page.wait_for_selector("#lesson[data-status='playing']")
    assert page.locator("#board .wy-piece").count() == 0
    click_square(page, "c3")  # right: black on c3
    click_square(page, "d3")
    page.wait_for_selector("#lesson[data-status='done']")
    bar_says(page, lesson_said("wythe", "first-piece", "c3d3"))
    assert "c3d3" in location_hash(page)  # the link's game stays in the address


def the_rest_after_a_reload(page):
    """Reload: the link's game comes back, no offer again, and Learn picks up at step 3;
    the course's end offers the easy computer, which then answers the player's move."""
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.text_content("#title") == "Wythe"
    assert page.locator("#board .wy-piece").count() == 1
    assert page.locator("#learn-offer").is_hidden()
    assert page.locator("#lesson").is_hidden()
    page.click("#learn-open")
    for number in range(3, len(WYTHE["steps"]) + 1):
        show_me(page, WYTHE, number)
        if number < len(WYTHE["steps"]):
            page.click("#lesson [data-lesson='next']")
    bar_says(page, WYTHE["done"])
    shot(page, "learn-wythe-end-desktop")
    page.click("#lesson [data-lesson='play-easy']")
    page.wait_for_selector("#lesson", state="hidden")
    page.wait_for_function("!document.body.dataset.lesson")
    assert page.text_content("#title") == "Wythe"
    assert page.locator("#board .wy-piece").count() == 0
    assert page.locator("#undo").is_visible()
    click_square(page, "c3")  # the player opens as Black ...
    click_square(page, "d3")
    # ... and the easy computer answers as White
    page.wait_for_function("location.hash.split('/')[3].startsWith('c3d3.')", timeout=60_000)


def test_rug_pile_course_on_a_phone_from_the_rules_dialog(page, site):
    page.set_viewport_size(PHONE)
    open_page(page, site + "/index.html")  # a first visit: Rug Pile
    page.locator("#learn-offer").wait_for(state="visible")
    shot(page, "learn-offer-phone")
    reach(page, "#rules-open").click()
    page.click("#rules-learn")
    at_step(page, RUGPILE, 1)
    shot(page, "learn-rugpile-step-phone")
    # wrong: a 2x2 rug (the supply's first) at a1..b2, its top left pointed at, far from c3
    page.click("#panel [data-action='kind'][data-kind='0']")
    page.hover("#board [data-cell='a2']")
    click_square(page, "a2")
    page.wait_for_selector("#lesson[data-status='missed']")
    bar_says(page, RUGPILE["steps"][0]["try_again"])
    page.click("#lesson [data-lesson='retry']")
    at_step(page, RUGPILE, 1)
    for number in range(1, len(RUGPILE["steps"]) + 1):
        show_me(page, RUGPILE, number)
        if number == 3:
            shot(page, "learn-rugpile-done-phone")
        if number < len(RUGPILE["steps"]):
            page.click("#lesson [data-lesson='next']")
    bar_says(page, RUGPILE["done"])
    figure = page.locator("#lesson .lesson-figure svg")  # the fool's mate, small
    assert figure.is_visible() and figure.bounding_box()["width"] <= 120
    shot(page, "learn-rugpile-figure-phone")
    progress = page.evaluate("localStorage.getItem('learn-progress-rugpile')")
    assert sorted(json.loads(progress)) == sorted(step["id"] for step in RUGPILE["steps"])
    page.click("#lesson [data-lesson='leave']")
    page.wait_for_selector("#lesson", state="hidden")
    assert page.locator("#board .rp-tile, #board [data-on]").count() == 0  # a fresh game back
    assert page.errors == []


def test_petrify_course_a_wrong_placement_then_every_step_shown(page, site):
    page.set_viewport_size(DESKTOP)
    open_page(page, site + "/index.html#petrify/1/size=8/")
    page.locator("#learn-offer").wait_for(state="visible")
    page.click("#learn-open")
    at_step(page, PETRIFY, 1)
    click_square(page, "d4")  # wrong: the disk on d4, not c3
    page.wait_for_selector("#lesson[data-status='missed']")
    bar_says(page, lesson_said("petrify", "place", "d4"))
    shot(page, "learn-petrify-missed-desktop")
    for number in range(1, len(PETRIFY["steps"]) + 1):
        show_me(page, PETRIFY, number)
        if PETRIFY["steps"][number - 1]["id"] == "capture":  # the rules page's figure of it
            assert page.locator("#lesson .lesson-figure svg").is_visible()
            assert page.locator("#lesson .lesson-figure figcaption").count() == 0
            shot(page, "learn-petrify-figure-desktop")
        if number < len(PETRIFY["steps"]):
            page.click("#lesson [data-lesson='next']")
    bar_says(page, PETRIFY["done"])
    shot(page, "learn-petrify-patch-desktop")  # the wall closed on c1: the corner is Blue's
    assert page.locator("#lesson [data-lesson='play-easy']").count() == 1
    assert page.errors == []


def test_stigmergy_course_a_wrong_stone_then_every_step_shown(page, site):
    page.set_viewport_size(PHONE)
    open_page(page, site + "/index.html#stigmergy/1/size=4,komi=0/")
    page.locator("#learn-offer").wait_for(state="visible")
    page.click("#learn-offer [data-learn='stigmergy']")
    at_step(page, STIGMERGY, 1)
    click_square(page, "c3")  # wrong: the stone on c3, not d4
    page.wait_for_selector("#lesson[data-status='missed']")
    bar_says(page, lesson_said("stigmergy", "place", "c3"))
    shot(page, "learn-stigmergy-missed-phone")
    for number in range(1, len(STIGMERGY["steps"])):
        show_me(page, STIGMERGY, number)
        page.click("#lesson [data-lesson='next']")
    the_end_with_whites_scripted_pass(page)
    bar_says(page, STIGMERGY["done"])
    assert page.errors == []


def the_end_with_whites_scripted_pass(page):
    """Stigmergy's last step, played by hand: no pass yet (c6 is controlled by nobody), the
    stone on c6, White's scripted reply (a pass) played by the lesson, and Black's pass ends
    the game, won."""
    number = len(STIGMERGY["steps"])
    step = STIGMERGY["steps"][number - 1]
    assert step["id"] == "end" and step["replies"] == ["pass"]
    at_step(page, STIGMERGY, number)
    assert page.locator("#panel [data-move='pass']").is_disabled()  # c6: nobody controls it
    click_square(page, "c6")
    page.wait_for_selector("#board [data-cell='c6'] .stone.black")
    page.wait_for_function("document.querySelector('#moves').textContent.includes('pass')")
    assert page.get_attribute("#lesson", "data-status") == "playing"
    shot(page, "learn-stigmergy-reply-phone")
    page.click("#panel [data-move='pass']")
    page.wait_for_selector("#lesson[data-status='done']")
    bar_says(page, lesson_said("stigmergy", "end", "c6", "pass"))
    assert "19" in page.text_content("#result")


def test_gwyddbwyll_course_a_wrong_step_then_every_step_shown(page, site):
    page.set_viewport_size(DESKTOP)
    open_page(page, site + "/index.html#gwyddbwyll/1//")
    page.locator("#learn-offer").wait_for(state="visible")
    page.click("#learn-open")
    at_step(page, GWYDDBWYLL, 1)
    click_square(page, "e3")  # wrong: one step, e3e4
    click_square(page, "e4")
    page.wait_for_selector("#lesson[data-status='missed']")
    bar_says(page, lesson_said("gwyddbwyll", "pawn", "e3e4"))
    for number in range(1, len(GWYDDBWYLL["steps"]) + 1):
        show_me(page, GWYDDBWYLL, number)
        step_id = GWYDDBWYLL["steps"][number - 1]["id"]
        if step_id in ("mate", "stalemate", "bare-king"):
            shot(page, f"learn-gwyddbwyll-{step_id}-desktop")
        if number < len(GWYDDBWYLL["steps"]):
            page.click("#lesson [data-lesson='next']")
    bar_says(page, GWYDDBWYLL["done"])
    assert page.errors == []


def test_on_a_phone_the_lesson_says_tap_never_click(browser, site):
    """On a touch screen the bar says tap where the course wrote click (its messages, as the
    board's prompts do)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    outside, errors = guard(page), []
    page.on("pageerror", lambda err: errors.append(str(err)))
    open_page(page, site + "/index.html#petrify/1/size=8/")
    page.tap("#learn-offer [data-learn='petrify']")
    at_step(page, PETRIFY, 1)
    page.tap("#board [data-cell='d4']")  # wrong: the disk on d4, not c3
    page.wait_for_selector("#lesson[data-status='missed']")
    assert PETRIFY["steps"][0]["try_again"].endswith(". Click the empty square c3.")
    bar_says(page, "Your disk went to d4. Tap the empty square c3.")
    assert "Tap the empty square c3." in page.text_content("#announce")
    shot(page, "learn-petrify-missed-touch-phone")
    clipped = page.evaluate(
        "[...document.querySelectorAll('.bar > button')].filter(b => b.offsetParent)"
        ".filter(b => b.scrollWidth > b.clientWidth).map(b => b.id)"
    )
    assert clipped == []  # the bar's buttons share its row without ← and →
    page.tap("#lesson [data-lesson='retry']")
    page.tap("#lesson [data-lesson='show']")
    page.wait_for_selector("#lesson[data-status='done']")
    page.tap("#lesson [data-lesson='next']")
    at_step(page, PETRIFY, 2)
    page.tap("#board [data-cell='e5']")  # wrong: a placement, not a capture
    page.wait_for_selector("#lesson[data-status='missed']")
    bar_says(page, "then tap d4.")
    for text in (page.text_content("#lesson"), page.text_content("#announce")):
        assert "click" not in text.lower(), text
    context.close()
    assert outside == [] and errors == []


def test_a_step_is_not_stepped_back_through(page, site):
    """During a lesson ←, Home, the move list, Undo and Redo do not step through the step's
    moves (a move made from an earlier position would be judged there): the step's position
    stays, and its solution played after them meets the goal."""
    page.set_viewport_size(DESKTOP)
    open_page(page, site + "/index.html#petrify/1/size=8/")
    page.evaluate("localStorage.setItem('learn-progress-petrify', '[\"place\"]')")
    page.click("#learn-open")
    at_step(page, PETRIFY, 2)  # capture: b2 d4 c3 f6 played, Blue to move
    before = page.locator("#board").inner_html()
    page.click("#lesson h3")  # the keys pressed away from the board (where ← moves its cursor)
    for key in ("ArrowLeft", "Home", "ArrowLeft"):
        page.keyboard.press(key)
    page.evaluate("document.querySelector('#moves [data-row]').click()")  # as Enter on a row
    assert page.locator("#board").inner_html() == before
    assert "Viewing move" not in page.text_content("#status")
    for tool in ("#back", "#forward", "#undo", "#redo"):
        assert page.locator(tool).is_hidden(), tool
    click_square(page, "b2")
    click_square(page, "d4")
    page.wait_for_selector("#lesson[data-status='done']")
    bar_says(page, lesson_said("petrify", "capture", "b2xd4"))
    assert page.errors == []


def location_hash(page) -> str:
    return page.evaluate("location.hash")


def test_a_course_that_cannot_be_read_says_so_and_learn_goes(browser, site):
    # no service worker: its fetches would pass the routes by (Playwright routes the page's)
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    outside, errors = guard(page), []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.route("**/web/lessons/rugpile.json", lambda route: route.fulfill(body='{"steps": ['))
    page.route("**/web/lessons/petrify.json", lambda route: route.fulfill(status=404))
    open_page(page, site + "/index.html#rugpile")
    page.wait_for_selector("#learn-offer:not([hidden]) [data-learn]")  # the file is there
    page.click("#learn-offer [data-learn]")
    page.wait_for_function(
        "document.querySelector('#learn-offer').textContent"
        '.includes("Rug Pile\'s course could not be read.")'
    )
    assert page.locator("#learn-open").is_hidden() and page.locator("#lesson").is_hidden()
    assert page.locator("#announce").text_content() == "Rug Pile's course could not be read."
    assert page.evaluate("document.body.dataset.game") == "rugpile"  # the game stays
    reach(page, "button.pick[data-game='petrify']").click()  # no course file: no Learn
    page.wait_for_selector("body[data-game='petrify']")
    page.wait_for_function("document.querySelector('#learn-offer').hidden")  # its offer went
    assert page.locator("#learn-open").is_hidden()
    assert outside == [] and errors == []
    context.close()
