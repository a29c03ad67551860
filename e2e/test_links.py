"""Links, the saved game and text records in the browser: copy a link and open it in another
browser; every kind of bad link says what is wrong (one page, a hashchange per link); a link
that names only a game opens it; the saved game comes back, a link replaces none, and a
corrupt one is set aside with a note; the Record dialog exports, downloads and imports (paste
and file), with errors that say where."""

import json
import random
import re
from pathlib import Path

from helpers import ROOT, new_page, open_page, place_until, shot
from playwright.sync_api import expect

from engine import games
from engine.formats.record import make_record
from engine.formats.record_text import to_text

RUG = "rugpile/1/players=2,size=5,tiles=4-3-2"
KEY = "abstract-games/saved-game"  # the old single saved game (format 1)
RECENT = "abstract-games/recent"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def axe_problems(page) -> list:
    """Serious and critical axe-core findings on the page as it is now."""
    if not AXE.exists():
        return []
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
                 .map(v => ({id: v.id, help: v.help,
                             nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
    }""")


def test_copy_link_and_open_it_in_another_browser(browser, site):
    page = new_page(browser, permissions=["clipboard-read", "clipboard-write"])
    open_page(page, site + "/index.html")
    place_until(page, 0, "a1", "/2x2a1")
    place_until(page, 0, "d1", "/2x2a1.2x2d1")
    page.click("#moves [data-ply='1']")  # show move 1: the link keeps the ply
    page.wait_for_function("location.hash.endsWith('/2x2a1.2x2d1/ply=1')")
    page.click("#copy-link")
    expect(page.locator("#message")).to_have_text("Link copied.")
    expect(page.locator("#announce")).to_have_text("Link copied.")  # for screen readers
    url = page.evaluate("navigator.clipboard.readText()")
    assert url == page.evaluate("location.href") and url.endswith(f"#{RUG}/2x2a1.2x2d1/ply=1")
    board = page.inner_html("#board svg")

    other = new_page(browser)  # no storage, no history: a new browser
    open_page(other, url)
    assert other.locator("#moves button").all_text_contents() == ["2x2a1", "2x2d1"]
    expect(other.locator("#moves [data-ply='1']")).to_have_attribute("aria-current", "true")
    assert other.text_content("#status").startswith("Viewing move 1.")
    assert other.inner_html("#board svg") == board  # the same position, drawn the same
    other.click("#redo")
    other.wait_for_function("location.hash.endsWith('/2x2a1.2x2d1')")
    shot(other, "link-opened-elsewhere")

    # No clipboard (refused, insecure page ...): the link is selected in a read-only field.
    page.evaluate(
        "() => { navigator.clipboard.writeText = () => Promise.reject(new Error('refused')); }"
    )
    page.click("#copy-link")
    field = page.locator("#message #link-copy")
    expect(field).to_have_value(url)
    assert "Press Ctrl+C" in page.text_content("#message")
    assert page.evaluate("document.activeElement.id") == "link-copy"
    assert page.evaluate(
        "[document.activeElement.selectionStart, document.activeElement.selectionEnd]"
    ) == [0, len(url)]
    assert field.get_attribute("readonly") is not None
    shot(page, "copy-link-fallback")
    for p in (page, other):
        assert p.errors == [] and p.outside == []
        p.context.close()


BAD_LINKS = [
    # (fragment, what the message says, the legal part offered: moves or None)
    ("#chess/1//e2e4", "unknown game 'chess'", None),
    ("#rugpile/7/players=2/3x3a3", "unknown rules version '7' for Rug Pile", None),
    ("#rugpile/1/players=9/", "option players must be from 2 to 4", None),
    ("#rugpile/1/colour=red/", "has no option 'colour'", None),
    (f"#{RUG}/3x3a3.zz!z.3x3b2", "move 2 ('zz!z') is not a move", 1),
    (f"#{RUG}/3x3a3.3x3b2.3x3b2", "move 3 ('3x3b2'): '3x3b2' is illegal", 2),
    (f"#{RUG}/3x3a3.3x", "move 2 ('3x')", 1),  # cut short in a move
    ("#rugpile/1/players=2,si", "it may have been cut short", None),  # cut short in the options
    (f"#{RUG}/3x3a3/ply=7", "ply 7 is past the last move (1)", 1),
    ("#" + RUG + "/" + ".".join(["3x3a3"] * 20_000), "the link is too long", 1),  # its own game
    (f"#{RUG}/%E0%A4%A", "percent-escapes that are not UTF-8 text", None),
    (f"#{RUG}/3x3a3.%zz", "'%' not followed by two hex digits", 1),
    ("#rug\u202epile/1//", "unknown game 'rug\\u202epile'", None),  # invisible text is shown
    (f"#{RUG}/\uff13x\uff13a\uff13", "move 1 ('３x３a３') is not a move", None),
    ("#<script>window.__pwned=1</script>/1//", "unknown game '<script>window.__pwned=1<'", None),
    (
        f"#{RUG}/3x3a3.<img src=x onerror=window.__pwned=1>",
        "move 2 ('<img src=x onerror=window') is not a move",
        1,
    ),
    ("#rugpile/1//3x3a3/<b>bold", "'<b>bold' should be ply=<number>", 1),
]


def test_every_kind_of_bad_link_says_what_is_wrong(page, site):
    open_page(page, site + "/index.html")
    message = page.locator("#message")
    for fragment, says, legal in BAD_LINKS:
        page.evaluate("h => { location.hash = h }", fragment)
        expect(message).to_contain_text(says, timeout=10_000)
        expect(message).to_have_class("error")
        assert message.text_content().startswith("This link does not open a game: ")
        assert page.locator("#message img, #message script, #message b").count() == 0, fragment
        offer = page.locator("#message [data-action='legal-part']")
        if legal is None:
            assert offer.count() == 0, fragment
        else:
            expect(offer).to_have_text(f"Open the game up to move {legal}")
        expect(page.locator("#message [data-action='fresh']")).to_be_visible()
        if "zz!z" in fragment:
            shot(page, "bad-link-not-a-move")
            assert axe_problems(page) == []
    assert page.evaluate("window.__pwned") is None
    # The last link with a legal part: open it.
    page.evaluate("h => { location.hash = h }", BAD_LINKS[5][0])
    expect(message).to_contain_text("move 3 ('3x3b2')")
    page.click("#message [data-action='legal-part']")
    page.wait_for_function(f"location.hash === {('#' + RUG + '/3x3a3.3x3b2')!r}")
    expect(message).to_be_hidden()
    assert page.locator("#moves button").all_text_contents() == ["3x3a3", "3x3b2"]
    # A bad link's fresh game is of the link's game and options when those were good.
    page.evaluate("h => { location.hash = h }", "#rugpile/1/players=3/2x2a1.2x2a1")
    expect(message).to_contain_text("move 2 ('2x2a1')")
    page.click("#message [data-action='fresh']")
    page.wait_for_function("location.hash === '#rugpile/1/players=3,size=6,tiles=4-3-3/'")
    assert page.errors == []


def test_a_link_that_names_only_a_game_opens_that_game(browser, site):
    page = new_page(browser)
    open_page(page, site + "/index.html#gwyddbwyll")
    expect(page.locator("#title")).to_have_text("Gwyddbwyll")
    page.wait_for_function("location.hash === '#gwyddbwyll/1//'")  # written out in full
    expect(page.locator("#message")).to_be_hidden()
    assert page.locator("#board .pc").count() == 30
    # Typed in later, a link to a game with a bad rules version shows that game's board too.
    page.evaluate("h => { location.hash = h }", "#wythe/9//a1a2")
    expect(page.locator("#message")).to_contain_text("unknown rules version '9' for Wythe")
    expect(page.locator("#title")).to_have_text("Wythe")
    expect(page.locator("#message [data-action='fresh']")).to_have_text(
        "Start a fresh game of Wythe"
    )
    assert page.errors == [] and page.outside == []


def saved(page):
    """The newest of the recent games in storage (web/storage/recent.py), as {fragment, seats}."""
    text = page.evaluate(f"localStorage.getItem({RECENT!r})")
    games_ = json.loads(text)["games"] if text else []
    return {"fragment": games_[0]["fragment"], "seats": games_[0]["seats"]} if games_ else None


def test_the_saved_game_comes_back_and_a_link_replaces_none(browser, site):
    page = new_page(browser)
    home = site + "/index.html"
    open_page(page, home)
    place_until(page, 0, "a1", "/2x2a1")
    assert saved(page) == {"fragment": f"{RUG}/2x2a1", "seats": ["human", "human"]}

    open_page(page, home)  # a visit with no link: the save
    page.wait_for_function("location.hash.endsWith('/2x2a1')")
    assert page.locator("#moves button").all_text_contents() == ["2x2a1"]
    expect(page.locator("#message")).to_be_hidden()

    # The seats come back too (a computer at Blue's seat; Red, a person, is to move), from a
    # save of the old format, which moves into the recent games.
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [
            KEY,
            json.dumps(
                {"format": 1, "fragment": f"{RUG}/2x2a1.2x2d1", "seats": ["human", "random"]}
            ),
        ],
    )
    open_page(page, home)
    assert page.locator("#moves button").count() == 2
    expect(page.locator("#pause")).to_be_visible()  # shown only when a computer plays
    page.click("#new-game")
    expect(page.locator("select[name='seat-1']")).to_have_value("random")
    page.click("#newgame-cancel")

    open_page(page, home + "#wythe/1/size=6/a1a2")  # a link opens its own game ...
    assert page.text_content("#title") == "Wythe"
    assert saved(page)["fragment"] == "wythe/1/size=6/a1a2"
    fragments = page.evaluate(
        f"JSON.parse(localStorage.getItem({RECENT!r})).games.map(g => g.fragment)"
    )
    assert sorted(fragments) == sorted(
        [f"{RUG}/2x2a1", f"{RUG}/2x2a1.2x2d1", "wythe/1/size=6/a1a2"]
    )
    expect(page.locator("#message")).to_be_hidden()  # ... and replaces none

    # Corrupt saves: set aside with a note, never blocking the page.
    page.evaluate("k => localStorage.setItem(k, '{not json')", KEY)
    open_page(page, home)
    expect(page.locator("#storage-note")).to_contain_text(
        "Your saved game could not be read (it is not valid JSON), so it was set aside."
    )
    assert page.text_content("#title") == "Wythe"  # the newest game comes back
    shot(page, "corrupt-save")

    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [
            KEY,
            json.dumps(
                {"format": 1, "fragment": f"{RUG}/3x3a3.3x3a3", "seats": ["human", "human"]}
            ),
        ],
    )
    open_page(page, home)
    expect(page.locator("#message")).to_contain_text("move 2 ('3x3a3')")
    expect(page.locator("#message")).to_have_class("note")  # a note: the page is fine
    page.click("#message [data-action='legal-part']")
    page.wait_for_function("location.hash.endsWith('/3x3a3')")
    assert saved(page)["fragment"] == f"{RUG}/3x3a3"

    assert page.errors == [] and page.outside == []
    page.context.close()


def test_storage_that_throws_never_blocks_the_page(browser, site):
    page = new_page(browser)
    page.add_init_script("""
        Storage.prototype.getItem = () => { throw new DOMException('denied', 'SecurityError'); };
        Storage.prototype.setItem = () => {
            throw new DOMException('full', 'QuotaExceededError');
        };
    """)
    open_page(page, site + "/index.html")
    expect(page.locator("#message")).to_contain_text(
        "This browser does not let the page use its storage, so games are not kept"
    )
    place_until(page, 0, "a1", "/2x2a1")  # play on; saving fails quietly after one note
    assert page.errors == [] and page.outside == []
    page.context.close()


def random_wythe_record(path: Path) -> tuple[Path, list[str]]:
    """A text record of nine random moves of Wythe on a 6×6 board, written to `path`; its
    moves."""
    wythe = games.get("wythe")
    state, moves, rng = wythe.new(size=6), [], random.Random(5)
    for _ in range(9):
        move = rng.choice(wythe.legal_moves(state))
        moves.append(wythe.notation(state, move))
        state = wythe.apply(state, move)
    path.write_text(to_text(make_record(wythe, {"size": 6}, moves)), encoding="utf-8")
    return path, moves


def test_the_record_dialog_exports_downloads_and_imports(browser, site, tmp_path):
    page = new_page(
        browser, permissions=["clipboard-read", "clipboard-write"], accept_downloads=True
    )
    open_page(page, site + f"/index.html#{RUG}/3x3a3.3x3b2.2x2d1")
    page.click("#record-open")
    area = page.locator("#record-text")
    expect(page.locator("#record")).to_be_visible()
    text = area.input_value()
    assert text.startswith(
        '[Game "rugpile"]\n[Name "Rug Pile"]\n[Rules "1"]\n'
        '[Options "players=2,size=5,tiles=4-3-2"]\n'
    )
    assert '[Result "Red wins 9–8. Blue cannot place a tile."]' in text
    assert re.search(r"^1\. 3x3a3 +\{Red\}$", text, re.M) and re.search(
        r"^3\. 2x2d1 +\{Red\}$", text, re.M
    )
    shot(page, "record-dialog")
    assert axe_problems(page) == []

    with page.expect_download() as download:
        page.click("#record-download")
    assert re.fullmatch(r"rugpile-\d{4}-\d\d-\d\d\.txt", download.value.suggested_filename)
    assert Path(download.value.path()).read_text(encoding="utf-8") == text

    page.click("#record-copy")
    expect(page.locator("#record-status")).to_have_text("Record copied.")
    assert page.evaluate("navigator.clipboard.readText()") == text

    # A bad record: what and where, and its legal part.
    area.fill('[Game "rugpile"]\n\n1. 3x3a3\n2. 3x3b2\n3. 3x3b2\n')
    page.click("#record-import")
    status = page.locator("#record-status")
    expect(status).to_contain_text("This record does not open a game: line 5, move 3 ('3x3b2')")
    shot(page, "record-import-error")
    assert axe_problems(page) == []
    page.click("#record-status [data-action='legal-part']")
    expect(page.locator("#record")).to_be_hidden()
    page.wait_for_function(f"location.hash === {('#' + RUG + '/3x3a3.3x3b2')!r}")

    # Markup in a record is shown as text.
    page.click("#record-open")
    area.fill('[Game "<img src=x onerror=window.__pwned=1>"]\n1. a1')
    page.click("#record-import")
    expect(status).to_contain_text("line 1: unknown game '<img src=x onerror=window.__pwned=1>'")
    assert page.locator("#record-status img").count() == 0

    # A file: a random Wythe game.
    record_file, moves = random_wythe_record(tmp_path / "wythe.txt")
    page.set_input_files("#record-file", str(record_file))
    expect(page.locator("#record")).to_be_hidden()
    expect(page.locator("#title")).to_have_text("Wythe")
    assert page.locator("#moves button").all_text_contents() == moves
    expect(page.locator("#message")).to_have_text(
        f"Opened a game of Wythe with {len(moves)} moves."
    )

    # A pasted link opens too.
    page.click("#record-open")
    area.fill(site + f"/index.html#{RUG}/3x3a3")
    page.click("#record-import")
    page.wait_for_function(f"location.hash === {('#' + RUG + '/3x3a3')!r}")
    assert page.evaluate("window.__pwned") is None
    assert page.errors == [] and page.outside == []
    page.context.close()
