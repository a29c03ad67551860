"""Playing the computer in the browser: a whole game on a small board, take-backs, and the
page answering clicks while the computer thinks in its worker."""

from helpers import new_game, open_page, play_any_rug, shot


def test_a_game_against_the_computer_to_the_end(page, site):
    requested = []
    page.on("request", lambda r: requested.append(r.url.rsplit("/", 1)[-1]))
    open_page(page, site + "/index.html")
    new_game(page, ["human", "easy"], size=4)
    while page.locator("#result").is_hidden():
        status = page.text_content("#status")
        if status.startswith("Red, your move"):
            play_any_rug(page)
        page.wait_for_function(
            "document.querySelector('#status').textContent.startsWith('Red, your move') || "
            "!document.querySelector('#result').hidden",
            timeout=60_000,
        )
    text = page.text_content("#result")
    ends = ("cannot place a tile", "has no tiles left", "every tile has been placed")
    assert any(end in text for end in ends), text
    assert page.evaluate("document.body.dataset.aiReady") == "1"
    moves = page.locator("#moves button").all_text_contents()
    assert len(moves) >= 2
    shot(page, "computer-game-end")
    # neither interpreter (page, worker) needed a module outside the site's standard library
    assert "python_stdlib.zip" not in requested
    # Take back: returns to the last position where the person (Red) is to move.
    page.click("#undo")
    assert page.text_content("#status").startswith("Viewing move")
    assert "Red, your move" in page.text_content("#status")
    assert page.errors == []


def test_the_page_answers_clicks_while_the_computer_thinks(page, site):
    open_page(page, site + "/index.html")
    new_game(page, ["hard", "hard"])
    page.wait_for_function(
        "document.querySelector('#status').textContent.includes('playouts')", timeout=60_000
    )
    latency = page.evaluate("""() => {
        const began = performance.now();
        document.getElementById('rules-open').click();
        return document.getElementById('rules').open ? performance.now() - began : -1;
    }""")
    assert latency >= 0, "the Rules dialog did not open"
    assert "thinking" in page.text_content("#status")  # the computer was still thinking
    print(f"click answered in {latency:.0f} ms while the computer thought")
    page.click("#rules-close")
    page.click("#pause")  # stop the watched game
    assert page.text_content("#pause") == "Resume"
