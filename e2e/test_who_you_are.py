"""Knowing who you are against the computer (issue 24, item 5): the status says "your move",
the scores say which seat is the computer's, and its choice of colour after a Stigmergy komi
bid is said."""

from helpers import new_game, open_page, shot


def test_the_computers_seat_and_its_colour_choice_are_said(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, f"{site}/index.html#stigmergy/1/size=4/")
    new_game(page, ["human", "easy"])
    page.wait_for_function("document.querySelector('#status').textContent.includes('your move')")
    assert page.text_content("#status").startswith("First player, your move: choose the komi")
    names = [n.strip() for n in page.locator("#scores .name").all_text_contents()]
    assert names == ["First player (you)", "Second player (computer, easy)"]
    page.click("#panel [data-action='komi']")  # bid the komi shown; the computer picks a side
    page.wait_for_function(
        "document.querySelector('#message').textContent.startsWith('The computer chose')",
        timeout=60_000,
    )
    message = page.text_content("#message")
    mine = "Black" if message.endswith("you play Black.") else "White"
    assert message == (
        f"The computer chose to play {'White' if mine == 'Black' else 'Black'}: you play {mine}."
    )
    names = [n.strip() for n in page.locator("#scores .name").all_text_contents()]
    assert f"{mine} (you)" in names
    shot(page, "who-you-are-desktop")
    assert page.errors == []


def test_redo_restores_what_undo_took_back_against_the_computer(page, site):
    """Issue 24, item 6: Undo took back two plies, Redo restored one, and the page then said
    "White (computer) is paused" while the button read Pause."""
    open_page(page, f"{site}/index.html#stigmergy/1/size=4,komi=0/")
    new_game(page, ["human", "random"])
    page.click("#board [data-cell='c3']")  # a click with no hover first shows it: again
    page.click("#board [data-cell='c3']")
    page.wait_for_function("location.hash.split('/')[3].split('.').length === 2")  # it replied
    page.wait_for_function("document.querySelector('#status').textContent.includes('your')")
    moves = page.evaluate("location.hash.split('/')[3]")
    page.click("#undo")
    page.wait_for_function("location.hash.includes('ply=0')")  # both plies taken back
    assert page.text_content("#status").startswith("Viewing move 0. Black, your move")
    page.click("#redo")
    page.wait_for_function("!location.hash.includes('ply=')")  # both restored: the last move
    assert page.evaluate("location.hash.split('/')[3]") == moves
    assert page.text_content("#status").startswith("Black, your move")
    assert page.text_content("#pause") == "Pause"
    page.locator("#moves button").first.click()  # after c3: the computer to move, not "paused"
    page.wait_for_function("location.hash.includes('ply=1')")
    assert "to move; it plays at the last move" in page.text_content("#status")
    assert page.errors == []
