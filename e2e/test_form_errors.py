"""The New game form refuses a bad value beside its field (tied to it by aria-describedby,
role alert), quoted briefly, with the dialog left open and every value kept, and no Python
traceback on the page (issue 16 item 12); a good value then starts the game."""

from helpers import open_page, shot

SUBMIT = "#newgame-form button[type='submit']"


def field(name):
    return f"#option-fields [name='opt-{name}']"


def submit_and_wait_for(page, option):
    page.click(SUBMIT)
    page.wait_for_selector(f"#opt-{option}-error:not(:empty)")
    return page.text_content(f"#opt-{option}-error")


def no_traceback(page):
    assert page.locator(".py-error, [class*='py-error']").count() == 0
    assert "Traceback" not in page.inner_text("body")
    assert page.errors == []


def test_a_refused_value_is_named_beside_its_field(page, site):
    page.set_viewport_size({"width": 1000, "height": 900})
    open_page(page, site + "/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/")
    page.click("#new-game")

    page.fill(field("tiles"), "²-3-2")
    message = submit_and_wait_for(page, "tiles")
    assert "tiles must be three counts like 4-3-2" in message and "not '²-3-2'" in message
    tiles = page.locator(field("tiles"))
    assert tiles.get_attribute("aria-describedby") == "opt-tiles-error"
    assert tiles.get_attribute("aria-invalid") == "true"
    assert page.get_attribute("#opt-tiles-error", "role") == "alert"
    assert page.evaluate("document.getElementById('newgame').open")
    assert page.input_value(field("size")) == "5" and page.input_value(field("players")) == "2"
    assert page.input_value(field("tiles")) == "²-3-2"
    no_traceback(page)

    page.fill(field("tiles"), "4-3-2")
    page.fill(field("size"), "1" * 5000)
    message = submit_and_wait_for(page, "size")
    # quoted as its first 20 characters and an ellipsis, not 5,000 digits
    assert message == "option size must be a whole number, not '" + "1" * 20 + "…'"
    assert page.text_content("#opt-tiles-error") == ""
    assert page.locator(field("tiles")).get_attribute("aria-invalid") is None
    assert page.evaluate("document.getElementById('newgame').open")
    no_traceback(page)
    shot(page, "newgame-refused-size")

    page.fill(field("size"), "6")
    page.click(SUBMIT)
    page.wait_for_function("location.hash.startsWith('#rugpile/1/players=2,size=6,tiles=4-3-2/')")
    assert not page.evaluate("document.getElementById('newgame').open")
    assert page.locator("#board [data-cell='f6']").count() == 1
    no_traceback(page)
