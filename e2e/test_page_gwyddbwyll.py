"""Gwyddbwyll in the browser: moves by clicking and by dragging, a capture, the board
flipped for Black, a checkmate's result, the rules panel; screenshots of each."""

from helpers import click_square, marks, open_page, reach, shot

# A random game (seed 471) that Black ends by checkmate with its 32nd ply, Re6-e1: the rook
# on e7 guards e1, and d2, c2, c1 hold White's own pieces.
MATE = (
    "f3f4.b6b5.e3e5.g6g5.f4f5.d7e5.f5e6.c6c5.f2g2.e5c6.b3b4.c6b8.h3h4.g5g4.g2f2.e7c6."
    "e1d1.f7g7.d3c4.c7e7.f2f6.g7g6.c4b5.b8d7.e2d4.e8d8.b5a4.g6f6.b4b5.f6e6.b5c6.e6e1"
)


def wait_for_moves(page, moves: str):
    page.wait_for_function(f"location.hash.split('/')[3] === '{moves}'")


def test_click_drag_and_capture(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(page, site + "/index.html#gwyddbwyll/1//")
    assert page.text_content("#title") == "Gwyddbwyll"
    assert page.locator("#board .pc").count() == 30
    # A bishop boxed in at the start says so.
    click_square(page, "c1")
    assert "has no legal move" in page.text_content("#status")
    # White: the e-pawn's double step, by clicking.
    click_square(page, "e3")
    assert marks(page, "gw-dot") == {"e4", "e5"}
    click_square(page, "e5")
    wait_for_moves(page, "e3e5")
    # Black: a6-a4 by dragging the pawn.
    page.drag_and_drop("#board [data-cell='a6']", "#board [data-cell='a4']")
    wait_for_moves(page, "e3e5.a6a4")
    # White's pawn on e5 may take the queen on d6 or the pawn on f6 (both ringed); e6 blocks it.
    click_square(page, "e5")
    assert marks(page, "gw-ring") == {"d6", "f6"} and marks(page, "gw-dot") == set()
    click_square(page, "f6")
    wait_for_moves(page, "e3e5.a6a4.e5f6")
    assert page.locator("#board .pc").count() == 29
    assert page.locator("#scores .score").all_text_contents() == ["15 pieces", "14 pieces"]
    # The move list shows the capture (the link above keeps e5f6).
    assert page.locator("#moves button").all_text_contents() == ["e3e5", "a6a4", "e5xf6"]
    assert page.locator("#board .gw-last").count() == 2
    # A wrong drag (a knight dropped two squares ahead) plays nothing: once the page has
    # handled the drop (its status gives the engine's reason), the moves are as they were.
    page.drag_and_drop("#board [data-cell='e7']", "#board [data-cell='e5']")
    page.wait_for_function(
        "document.querySelector('#status').textContent"
        ".startsWith('e7e5 is not allowed: a knight leaps')"
    )
    assert page.evaluate("location.hash").endswith("/e3e5.a6a4.e5f6")
    shot(page, "gwyddbwyll-capture")
    assert page.errors == []


def test_checkmate_on_a_flipped_board_and_the_rules(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    moves = MATE.split(".")
    open_page(page, site + "/index.html#gwyddbwyll/1//" + ".".join(moves[:-1]))
    # The toolbar's Flip button, as in every game (the panel has no flip button of its own).
    assert page.locator("#panel button").count() == 0
    page.click("#flip")
    page.wait_for_selector("#flip[aria-pressed='true']")
    # Flipped: h8 is now the bottom-left square.
    box = page.locator("#board [data-cell='h8']").bounding_box()
    a1 = page.locator("#board [data-cell='a1']").bounding_box()
    assert box["x"] < a1["x"] and box["y"] > a1["y"]
    click_square(page, "e6")
    click_square(page, "e1")
    page.wait_for_selector("#result:not([hidden])")
    assert (
        page.text_content("#result")
        == "Black wins by checkmate: White is in check and has no legal move."
    )
    assert page.locator("#scores .score").all_text_contents() == ["12 pieces", "11 pieces"]
    assert page.locator("#moves button").all_text_contents()[-1] == "Re6e1#"
    assert page.locator("#board .gw-check").count() == 1  # White's king, mated
    shot(page, "gwyddbwyll-checkmate")
    page.click("#rules-open")
    page.wait_for_selector("#rules-body h3")
    text = page.text_content("#rules-body")
    assert "only the queen" in text and "toward the opponent" in text
    assert "Gwyddbwyll (Ludii 3)" in text
    assert page.locator("#rules-body .legend svg").count() == 14
    page.locator("#rules-body .legend").scroll_into_view_if_needed()
    shot(page, "gwyddbwyll-rules")
    assert page.errors == []


def test_the_end_the_labelled_scores_the_move_list_and_flip_at_desktop_and_phone(browser, site):
    for width, height, label in [(1280, 800, "desktop"), (375, 812, "phone")]:
        context = browser.new_context(
            viewport={"width": width, "height": height}, has_touch=label == "phone"
        )
        page = context.new_page()
        errors: list = []
        page.on("pageerror", lambda err, errors=errors: errors.append(str(err)))
        open_page(page, site + "/index.html#gwyddbwyll/1//" + MATE)
        assert (
            page.text_content("#result")
            == "Black wins by checkmate: White is in check and has no legal move."
        )
        assert page.locator("#scores .score").all_text_contents() == ["12 pieces", "11 pieces"]
        shown = page.locator("#moves button").all_text_contents()
        assert shown[5] == "Nd7xe5" and shown[6] == "f5xe6" and shown[-1] == "Re6e1#"
        assert page.evaluate("location.hash").endswith("/" + MATE)  # plain notation
        # Flip is the toolbar's button, where every game has it (on a phone, in More).
        reach(page, "#flip")
        assert page.is_visible("#flip") and page.locator("#panel button").count() == 0
        page.click("#flip")
        # (on a phone the menu closes as Flip is pressed: the button is then out of sight)
        page.wait_for_selector("#flip[aria-pressed='true']", state="attached")
        assert page.get_attribute("#board svg", "aria-label").endswith("Black at the bottom")
        shot(page, f"gwyddbwyll-end-{label}")
        assert errors == []
        context.close()


def test_a_dragged_piece_follows_the_pointer(page, site):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, site + "/index.html#gwyddbwyll/1//")

    def centre(selector):
        box = page.locator(selector).bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    (ex, ey), (fx, fy) = centre("#board [data-cell='e3']"), centre("#board [data-cell='e5']")
    x0, y0 = centre("#board [data-drag='e3']")  # the pawn drawn on e3

    def moved_with_the_pointer(x, y):
        px, py = centre("#board [data-drag='e3']")
        return abs(px - x0 - (x - ex)) < 1.5 and abs(py - y0 - (y - ey)) < 1.5

    page.mouse.move(ex, ey)
    page.mouse.down()
    page.mouse.move((ex + fx) / 2, (ey + fy) / 2, steps=4)  # halfway, between e4 and e5
    assert moved_with_the_pointer((ex + fx) / 2, (ey + fy) / 2)
    # The drag chose the pawn: its destinations are marked, as after a click.
    assert marks(page, "gw-dot") == {"e4", "e5"}
    assert "pawn on e3 chosen" in page.text_content("#status")
    page.mouse.move(fx, fy, steps=4)
    assert moved_with_the_pointer(fx, fy)  # over e5, the dot under it
    assert page.locator("#board .gw-hover").count() == 1
    shot(page, "gwyddbwyll-dragging")
    page.mouse.up()
    page.wait_for_function("location.hash.split('/')[3] === 'e3e5'")
    assert page.locator("#board [data-cell='e5']").count() == 1
    # A piece dragged off the squares and let go goes back where it was.
    (ax, ay), a6 = centre("#board [data-cell='a6']"), centre("#board [data-drag='a6']")
    page.mouse.move(ax, ay)
    page.mouse.down()
    page.mouse.move(ax - 60, ay, steps=4)  # onto the rank numbers
    assert page.locator("#board [data-at]").count() == 1
    page.mouse.up()
    page.wait_for_function("!document.querySelector('#board [data-at]')")
    assert centre("#board [data-drag='a6']") == a6
    assert page.evaluate("location.hash").endswith("/e3e5")
    assert page.errors == []
