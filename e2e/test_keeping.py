"""Games are never lost (web/browser/keeper.py, web/storage/recent.py): switching games keeps
each one and Recent lists them; Back and Forward move between the games opened; reload and
history keep who plays each seat; a bad link offers the saved game; a failed save stays
visible until one succeeds; two tabs keep their own games; a stored value that cannot be read
is set aside and the page still starts."""

import json

import pytest
from helpers import guard, new_game, new_page, open_page, place_until, play_any_rug, reach, shot
from playwright.sync_api import expect

RECENT = "abstract-games/recent"
OLD = "abstract-games/saved-game"
ASIDE = "abstract-games/unreadable"
WYTHE = "wythe/1/size=8/d4e4.c5c6.e5f5.b2b3"
RUG = "rugpile/1/players=2,size=5,tiles=4-3-2"


def stored(page) -> list:
    """The recent games in storage: [(fragment, seats), ...], newest first."""
    text = page.evaluate(f"localStorage.getItem({RECENT!r})")
    return [(g["fragment"], g["seats"]) for g in json.loads(text)["games"]] if text else []


def tab(page):
    """Another tab in the same browser (the same storage), guarded."""
    other = page.context.new_page()
    other.outside = guard(other)
    other.errors = []
    other.on("pageerror", lambda err: other.errors.append(str(err)))
    return other


def one_move_played(browser, site):
    """A new browser with one Rug Pile move played (and so saved); (page, the site's page)."""
    page = new_page(browser)
    home = site + "/index.html"
    open_page(page, home)
    place_until(page, 0, "a1", "/2x2a1")
    return page, home


def moves(page) -> list:
    return page.locator("#moves button").all_text_contents()


def pick(page, game_id):
    page.click(f"#picker [data-game='{game_id}']")
    expect(page.locator("body")).to_have_attribute("data-game", game_id)


def wythe_move(page, black, white, hash_end):
    page.click(f"#board [data-cell='{black}']")
    page.click(f"#board [data-cell='{white}']")
    page.wait_for_function(f"location.hash.endsWith({hash_end!r})")


def test_switching_games_keeps_each_game_and_history_moves_between_them(browser, site):
    page = new_page(browser)
    home = site + "/index.html"
    open_page(page, home + "#" + WYTHE)
    pick(page, "petrify")
    assert moves(page) == []
    pick(page, "wythe")  # the game in progress is back
    assert moves(page) == ["d4e4", "c5c6", "e5f5", "b2b3"]
    pick(page, "wythe")  # the same game again: nothing lost
    assert len(moves(page)) == 4

    # Back and Forward: Wythe, Petrify, Wythe; no entry per move.
    wythe_move(page, "a1", "a2", ".b2b3.a1a2")
    wythe_move(page, "h8", "h7", ".a1a2.h8h7")
    page.go_back()
    expect(page.locator("#title")).to_have_text("Petrify")
    page.go_back()
    expect(page.locator("#title")).to_have_text("Wythe")
    assert len(moves(page)) == 4 and page.evaluate("location.hash") == "#" + WYTHE
    page.go_forward()
    expect(page.locator("#title")).to_have_text("Petrify")
    page.go_forward()
    expect(page.locator("#title")).to_have_text("Wythe")
    assert len(moves(page)) == 6

    # New game starts another Wythe game; the first stays in Recent, and comes back from it.
    page.click("#new-game")
    page.click("#newgame-form button[type='submit']")
    page.wait_for_function("location.hash === '#wythe/1/size=8/'")
    wythe_move(page, "c3", "d3", "/c3d3")
    page.click("#recent-open")
    items = page.locator("#recent-list button")
    expect(items).to_have_count(2)
    assert "1 move" in items.nth(0).text_content() and "(on screen)" in items.nth(0).text_content()
    assert "6 moves, last h8h7 · Human v Human" in items.nth(1).text_content()
    shot(page, "recent-games")
    page.keyboard.press("Tab")  # keyboard: to the older game, Enter
    page.keyboard.press("Enter")
    expect(page.locator("#recent")).to_be_hidden()
    page.wait_for_function("location.hash.endsWith('.a1a2.h8h7')")
    assert len(moves(page)) == 6
    page.go_back()  # Back: the new game
    page.wait_for_function("location.hash === '#wythe/1/size=8/c3d3'")
    page.set_viewport_size({"width": 375, "height": 812})
    reach(page, "#recent-open").click()  # in the games menu
    shot(page, "recent-games-phone")
    page.click("#recent-close")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"the page scrolls sideways on a phone ({width}px)"
    shot(page, "tools-phone")
    assert page.errors == []
    page.context.close()


def test_back_from_the_first_game_leaves_the_site(browser, site):
    page = new_page(browser)
    page.goto("about:blank")
    open_page(page, site + "/index.html#" + WYTHE)
    pick(page, "stigmergy")
    page.go_back()
    expect(page.locator("#title")).to_have_text("Wythe")
    page.go_back()
    page.wait_for_url("about:blank")
    page.go_forward()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#title")).to_have_text("Wythe")
    assert len(moves(page)) == 4
    page.context.close()


def test_seats_survive_reload_and_back_and_forward(browser, site):
    page = new_page(browser)
    home = site + "/index.html"
    open_page(page, home)
    new_game(page, ["human", "random"], size=4)
    play_any_rug(page)
    page.wait_for_function("location.hash.split('/')[3].split('.').length === 2")  # it replied
    expect(page.locator("#pause")).to_be_visible()
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#pause")).to_be_visible()  # still a computer at Blue's seat
    assert stored(page)[0][1] == ["human", "random"]
    pick(page, "wythe")
    expect(page.locator("#pause")).to_be_hidden()
    page.go_back()
    expect(page.locator("#pause")).to_be_visible()
    page.go_forward()
    expect(page.locator("#title")).to_have_text("Wythe")
    page.go_back()
    expect(page.locator("#pause")).to_be_visible()
    page.click("#new-game")
    expect(page.locator("select[name='seat-1']")).to_have_value("random")
    page.click("#newgame-cancel")
    play_any_rug(page)  # the computer still answers
    page.wait_for_function("location.hash.split('/')[3].split('.').length === 4")

    # A link opened fresh in another tab: a game of its own, between people; the saved seats
    # stay as they were.  The link of the saved game itself opens it, with its seats.
    fragment = page.evaluate("location.hash")
    start = ".".join(fragment.split(".")[:2])
    other = tab(page)
    open_page(other, home + start)
    expect(other.locator("#pause")).to_be_hidden()
    assert sorted(stored(other)) == sorted(
        [(fragment[1:], ["human", "random"]), (start[1:], ["human", "human"])]
    )
    open_page(other, home + fragment)  # (typed into the address bar)
    expect(other.locator("#pause")).to_be_visible()
    assert page.errors == [] and other.errors == []
    page.context.close()


def test_a_bad_link_offers_the_saved_game_and_a_good_link_replaces_none(browser, site):
    page, home = one_move_played(browser, site)
    bad = tab(page)
    open_page(bad, home + "#chess/1//e2e4")
    message = bad.locator("#message")
    expect(message).to_contain_text("unknown game 'chess'")
    offer = message.locator("[data-action='resume']")
    expect(offer).to_have_text("Go back to your game (Rug Pile, 1 move)")
    shot(bad, "bad-link-offers-saved-game")
    offer.click()
    expect(message).to_be_hidden()
    assert moves(bad) == ["2x2a1"]

    # A saved game that is only partly good: offered, then its good part.
    bad.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [
            OLD,
            json.dumps(
                {"format": 1, "fragment": f"{RUG}/3x3a3.3x3a3", "seats": ["human", "human"]}
            ),
        ],
    )
    bad.goto(home + "#chess/1//e2e4")
    bad.reload()
    bad.wait_for_selector("body[data-ready='1']")
    expect(message.locator("[data-action='resume']")).to_have_text(
        "Go back to your game (Rug Pile, 2 moves)"
    )
    message.locator("[data-action='resume']").click()
    expect(message).to_contain_text(
        "Your saved game could not be opened, so it was set aside: move 2 ('3x3a3')"
    )
    message.locator("[data-action='legal-part']").click()
    bad.wait_for_function(f"location.hash === {('#' + RUG + '/3x3a3')!r}")

    # A good link adds a game and replaces none.
    good = tab(page)
    open_page(good, home + "#" + WYTHE)
    assert sorted(f for f, _ in stored(good)) == sorted([f"{RUG}/2x2a1", f"{RUG}/3x3a3", WYTHE])
    for p in (page, bad, good):
        assert p.errors == []
    page.context.close()


FULL = """
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        if (window.__full) {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return setItem.call(this, key, value);
    };
"""


def test_a_failed_save_stays_visible_until_a_save_succeeds(browser, site):
    page = new_page(browser)
    page.add_init_script(FULL)
    open_page(page, site + "/index.html")
    note = page.locator("#storage-note")
    expect(note).to_be_hidden()
    page.evaluate("window.__full = true")
    place_until(page, 0, "a1", "/2x2a1")
    expect(note).to_contain_text("This game is not saved in this browser: its storage is full.")
    place_until(page, 0, "d1", "/2x2a1.2x2d1")  # the next move clears the message line
    expect(page.locator("#message")).to_be_hidden()
    expect(note).to_be_visible()
    page.click("#copy-link")  # another message: the note stays
    expect(page.locator("#message")).to_be_visible()
    expect(note).to_be_visible()
    shot(page, "storage-full")
    page.evaluate("window.__full = false")
    place_until(page, 0, "a5", "/2x2a1.2x2d1.2x2a4")  # a 2x2 grows right and down from there
    expect(note).to_be_hidden()
    assert len(stored(page)[0][0].split("/")[3].split(".")) == 3
    assert page.errors == []
    page.context.close()


def test_two_tabs_keep_their_own_games(browser, site):
    page, home = one_move_played(browser, site)
    other = tab(page)
    open_page(other, home)  # the game saved last: the first tab's
    assert moves(other) == ["2x2a1"]
    other.click("#new-game")
    other.click("#newgame-form button[type='submit']")
    place_until(other, 0, "d1", "/2x2d1")
    place_until(page, 0, "d1", "/2x2a1.2x2d1")  # the first tab plays on
    first = f"{RUG}/2x2a1.2x2d1"
    assert sorted(f for f, _ in stored(page)) == sorted([first, f"{RUG}/2x2d1"])

    # Both tabs on one game: each tab's moves are kept (the second line as a game of its own).
    third = tab(page)
    open_page(third, home + "#" + first)
    place_until(third, 0, "a5", "/2x2a1.2x2d1.2x2a4")
    place_until(page, 0, "c1", "/2x2a1.2x2d1.2x2c1")
    assert sorted(f for f, _ in stored(page)) == sorted(
        [f"{first}.2x2a4", f"{first}.2x2c1", f"{RUG}/2x2d1"]
    )
    for p in (page, other, third):
        assert p.errors == []
    page.context.close()


@pytest.mark.parametrize("key", [OLD, RECENT])
@pytest.mark.parametrize("value", ["[" * 7000, '{"a":' * 20_000], ids=["brackets", "objects"])
def test_a_deeply_nested_value_is_set_aside_and_the_page_starts(browser, site, key, value):
    page = new_page(browser)
    page.goto(site + "/manifest.webmanifest")  # the origin, without starting the page
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
    open_page(page, site + "/index.html")
    note = page.locator("#storage-note")
    expect(note).to_contain_text(
        "could not be read (it is nested more than 16 levels deep), so they were set aside"
        if key == RECENT
        else "could not be read (it is nested more than 16 levels deep), so it was set aside"
    )
    assert page.evaluate(f"localStorage.getItem({key!r})") is None
    assert page.evaluate(f"localStorage.getItem({ASIDE!r})") == value
    if key == OLD and value.startswith("["):
        shot(page, "set-aside")
        page.set_viewport_size({"width": 375, "height": 812})
        shot(page, "set-aside-phone")
    place_until(page, 0, "a1", "/2x2a1")  # the page plays
    expect(note).to_be_visible()  # until the player dismisses it
    note.locator("[data-action='dismiss']").click()
    expect(note).to_be_hidden()
    assert page.errors == []
    page.context.close()


def test_a_save_of_the_old_format_moves_into_recent_games(browser, site):
    page = new_page(browser)
    page.goto(site + "/manifest.webmanifest")
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [
            OLD,
            json.dumps(
                {"format": 1, "fragment": f"{RUG}/2x2a1.2x2d1", "seats": ["human", "random"]}
            ),
        ],
    )
    open_page(page, site + "/index.html")
    assert moves(page) == ["2x2a1", "2x2d1"]
    expect(page.locator("#pause")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem({OLD!r})") is None
    assert stored(page) == [(f"{RUG}/2x2a1.2x2d1", ["human", "random"])]
    page.context.close()


def test_one_bad_recent_game_costs_only_itself_and_two_bad_values_are_both_kept(browser, site):
    page = new_page(browser)
    page.goto(site + "/manifest.webmanifest")  # the origin, without starting the page
    good = [
        {
            "id": f"g{n}",
            "rev": "r",
            "fragment": f"{RUG}/{move}",
            "seats": ["human", "human"],
            "game": "rugpile",
            "moves": 1,
            "finished": False,
            "updated": n + 1,
        }
        for n, move in enumerate(["2x2a1", "2x2d1", "2x2a4"])
    ]
    deep = '{"id":"deep","x":' + "[" * 21 + "]" * 21 + "}"
    items = [json.dumps(good[0]), deep, json.dumps(good[1]), json.dumps(good[2])]
    recent_text = '{"format":2,"games":[' + ",".join(items) + "]}"
    page.evaluate(
        "([k, v, o]) => { localStorage.setItem(k, v); localStorage.setItem(o, '{bad'); }",
        [RECENT, recent_text, OLD],
    )
    open_page(page, site + "/index.html")
    note = page.locator("#storage-note p")
    expect(note).to_have_count(2)  # each value set aside is said
    expect(note.nth(0)).to_contain_text("Your saved game could not be read (it is not valid JSON)")
    expect(note.nth(1)).to_contain_text("1 of your recent games could not be read")
    expect(note.nth(1)).to_contain_text(f"“{ASIDE}/2”")
    assert page.evaluate(f"localStorage.getItem({ASIDE!r})") == "{bad"
    assert page.evaluate(f"localStorage.getItem({ASIDE + '/2'!r})") == deep
    page.click("#recent-open")
    expect(page.locator("#recent-list button")).to_have_count(3)  # the good games, all kept
    shot(page, "set-aside-one-entry")


# The page's storage full (a quota) while this tab's storage has room, and so across a reload:
# the tab says so by a flag in its own storage.
FULL_ACROSS_RELOADS = """
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        if (this === window.localStorage && sessionStorage.getItem('test-full') === '1') {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return setItem.call(this, key, value);
    };
"""


def test_an_unsaved_game_stays_warned_and_is_the_one_the_picker_reopens(browser, site):
    page = new_page(browser)
    page.add_init_script(FULL_ACROSS_RELOADS)
    open_page(page, site + "/index.html")
    place_until(page, 0, "a1", "/2x2a1")
    place_until(page, 0, "d1", "/2x2a1.2x2d1")  # saved with 2 moves
    page.evaluate("sessionStorage.setItem('test-full', '1')")
    place_until(page, 0, "a5", "/2x2a1.2x2d1.2x2a4")
    place_until(page, 0, "c4", "/2x2a1.2x2d1.2x2a4.2x2c3")  # 4 moves, not saved
    note = page.locator("#storage-note")
    expect(note).to_contain_text("This game is not saved in this browser: its storage is full.")
    assert len(stored(page)[0][0].split("/")[3].split(".")) == 2
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    expect(page.locator("#moves button")).to_have_count(4)
    expect(note).to_contain_text("This game is not saved in this browser: its storage is full.")
    pick(page, "wythe")
    pick(page, "rugpile")  # the picker reopens the 4-move game, not the stored 2-move copy
    expect(page.locator("#moves button")).to_have_count(4)
    expect(note).to_be_visible()
    page.click("#recent-open")
    expect(page.locator("#recent-list")).to_contain_text("4 moves")
    shot(page, "unsaved-recent")
    page.click("#recent-close")
    page.evaluate("sessionStorage.removeItem('test-full')")
    place_until(page, 0, "c2", "/2x2a1.2x2d1.2x2a4.2x2c3.2x2c1")  # room again: saved
    expect(note).to_be_hidden()
    assert len(stored(page)[0][0].split("/")[3].split(".")) == 5
    assert page.evaluate("sessionStorage.getItem('abstract-games/unsaved')") is None
    assert page.errors == []
    page.context.close()


def test_a_tab_closed_on_a_side_line_keeps_the_main_line_in_recent(browser, site):
    page, home = one_move_played(browser, site)
    place_until(page, 0, "d1", "/2x2a1.2x2d1")
    place_until(page, 0, "a5", "/2x2a1.2x2d1.2x2a4")
    page.click("#moves [data-ply='2']")
    place_until(page, 0, "c4", "/2x2a1.2x2d1.2x2c3")  # another third move: a side line, shown
    expect(page.locator("#moves li.side button")).to_have_count(1)
    later = page.context.new_page()
    page.close()  # the tab closes on the side line
    open_page(later, home)  # a new tab: the newest saved game, with its whole tree
    expect(later.locator("#moves button")).to_have_count(4)
    expect(later.locator("#moves li.side button")).to_have_count(1)
    assert later.evaluate("location.hash").endswith("/2x2a1.2x2d1.2x2c3")
    later.context.close()
