"""Move animations and move sounds in the browser: a move slides (a person's at 200 ms), a
capture fades the piece taken, the computer's reply and a step through the moves are quicker
(120 ms), a placement drops in, a tile lands as one piece, a flip turns the stone over,
nothing moves under prefers-reduced-motion, and the Sound toggle is off at first, kept across
a reload, and makes its tones in the page (no sound file is fetched)."""

import pytest
from helpers import ROOT, open_page, run_python, shot

from engine.contract.plugins import plugin
from engine.learning.puzzles import load

# Counts what the page asks the browser to animate and to sound, from before it loads; while
# __hold is set, each animation waits at its start for the test to move it on (half_way).
SPY = """
window.__animated = [];
window.__hold = false;
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, timing) {
  window.__animated.push({ frames: JSON.stringify(frames), duration: timing.duration,
                           delay: timing.delay || 0, cls: this.getAttribute("class"),
                           on: this.getAttribute("data-on"),
                           layer: this.closest(".motion-layer") !== null });
  const animation = animate.call(this, frames, timing);
  if (window.__hold) animation.pause();
  return animation;
};
window.__tones = [];
const oscillator = BaseAudioContext.prototype.createOscillator;
BaseAudioContext.prototype.createOscillator = function () {
  const node = oscillator.call(this);
  window.__tones.push(node);
  return node;
};
"""


def spied(page):
    page.add_init_script(SPY)
    return page


def taken_out(page, layer: bool) -> list[dict]:
    """The animations recorded in the motion layer (or else on the board), taken out of
    the record."""
    return page.evaluate(
        """layer => {
        const out = window.__animated.filter(a => a.layer === layer);
        window.__animated = window.__animated.filter(a => a.layer !== layer);
        return out;
    }""",
        layer,
    )


def animated(page) -> list[dict]:
    """What the page has moved in its motion layer since the last call."""
    return taken_out(page, True)


def hidden(page) -> list[dict]:
    """The board's own pieces made transparent (while their copies move) since the last
    call: nothing else on the board is animated."""
    out = taken_out(page, False)
    assert all(a["frames"] == '[{"opacity":0},{"opacity":0}]' for a in out), out
    return out


def forget(page):
    page.evaluate("window.__animated = []")


def running(page) -> int:
    return page.evaluate("document.getAnimations().length")


def settle(page):
    """Wait until no animation runs; the board is then exactly as drawn."""
    page.wait_for_function("document.getAnimations().length === 0")
    assert page.locator(".motion-layer").count() == 0


def hold(page):
    """The next animations wait at their start (see SPY) until `half_way`."""
    page.evaluate("window.__hold = true")


def half_way(page, ms: float):
    """Every animation held at `ms` into it (for a look at it under way)."""
    page.evaluate(f"document.getAnimations().forEach(a => {{ a.pause(); a.currentTime = {ms}; }})")


def settle_all(page):
    """Animations run on again, to their end."""
    page.evaluate("window.__hold = false; document.getAnimations().forEach(a => a.play())")
    settle(page)


def move(page, *cells: str, then: str):
    """Click the cells in turn, and wait for the link to hold the moves `then`."""
    for cell in cells:
        page.click(f"#board [data-cell='{cell}']")
    page.wait_for_function(f"location.hash.split('/')[3] === '{then}'")


def test_a_move_slides_a_capture_fades_and_a_step_back_slides_home(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(spied(page), site + "/index.html#gwyddbwyll/1//")
    assert animated(page) == []  # opening a game animates nothing
    page.click("#board [data-cell='e3']")
    assert animated(page) == []  # choosing a piece is not a move
    hold(page)  # (its first frame, however slow CI is)
    move(page, "e5", then="e3e5")
    assert running(page) == 2  # under way just after the move
    assert (
        page.evaluate(
            "getComputedStyle(document.querySelector('.motion-layer .moving')).transform"
        )
        != "none"
    )  # the pawn's copy set back towards e3
    [pawn] = hidden(page)
    assert pawn["on"] == "36" and pawn["duration"] == 200  # e5's pawn, while its copy
    [slide] = animated(page)  # slides there
    assert slide["duration"] == 200 and slide["cls"] == "moving"
    assert '"transform":"translate(0px, 0px)"' in slide["frames"]
    # It starts on e3: as far below e5 on screen as square e3 is below square e5.
    start = slide["frames"].split('"translate(')[1].split(")")[0]
    dx, dy = (float(v.rstrip("px")) for v in start.split(", "))
    gap = page.evaluate("""() => {
        const box = name => document.querySelector(`#board [data-cell='${name}']`)
            .getBoundingClientRect();
        return [box('e3').x - box('e5').x, box('e3').y - box('e5').y];
    }""")
    assert abs(dx - gap[0]) < 1 and abs(dy - gap[1]) < 1 and gap[1] > 100
    settle_all(page)
    assert page.locator("#board .pc").count() == 30
    # Black a6a4, then White's pawn takes on f6: it slides while the pawn taken fades.
    move(page, "a6", "a4", then="e3e5.a6a4")
    settle(page)
    forget(page)
    hold(page)
    move(page, "e5", "f6", then="e3e5.a6a4.e5f6")
    half_way(page, 90)  # for the screenshot: the pawn between e5 and f6, the one taken fading
    assert page.locator(".motion-layer .moving").count() == 2
    assert page.locator(".motion-layer [style*='opacity:0']").count() == 0  # copies show
    assert page.locator("#board .pc").count() == 29  # the board as drawn: no copy
    drawn = page.inner_html("#board svg")
    shot(page, "motion-capture-half-way")
    settle_all(page)
    assert page.inner_html("#board svg") == drawn  # the animation left no trace
    fade, slide = animated(page)
    assert '"opacity":0' in fade["frames"] and fade["duration"] == 200
    assert "translate(" in slide["frames"] and slide["duration"] == 200
    assert page.locator("#board .pc").count() == 29  # the copy of the pawn taken is gone
    # A step back in the move list: the pawn slides home (quicker), the one taken comes back.
    page.click("#moves [data-ply='2']")
    back = animated(page)
    assert sorted(a["duration"] for a in back) == [120, 120]
    assert any('"opacity":0,' in a["frames"] and "scale(1.3)" in a["frames"] for a in back)
    settle(page)
    assert page.locator("#board .pc").count() == 30
    assert page.errors == []


def test_a_placement_drops_in_and_a_capture_move_slides_and_leaves_a_block(page, site):
    page.set_viewport_size({"width": 375, "height": 812})
    open_page(spied(page), site + "/index.html#petrify/1/size=6/c3")
    forget(page)
    hold(page)
    move(page, "c5", then="c3.c5")
    [drop] = animated(page)
    assert drop["duration"] == 200 and "scale(1.3)" in drop["frames"]
    half_way(page, 100)
    # The disk on c5 (square 4 * 6 + 2) and its mark grow together, in one group, while
    # the board's own disk and mark are transparent.
    assert [a["on"] for a in hidden(page)] == ["26", "26"]
    assert page.locator(".motion-layer .moving").count() == 1
    radii = page.locator(".motion-layer .moving circle").evaluate_all(
        "els => els.map(e => e.getAttribute('r'))"
    )
    assert radii == ["36", "10"]  # Orange's disk, and its mark: a dot
    shot(page, "motion-placement-phone")
    settle_all(page)
    # The capture move c3xc5: the disk slides, the block grows, Orange's disk fades.
    move(page, "c3", "c5", then="c3.c5.c3xc5")
    frames = [a["frames"] for a in animated(page)]
    assert len(frames) == 3
    assert sum("translate(" in f for f in frames) == 1  # the disk, c3 to c5
    assert sum("scale(1.3)" in f for f in frames) == 1  # the block left on c3
    assert sum("scale(.6)" in f for f in frames) == 1  # the disk taken on c5
    settle(page)
    assert page.errors == []


def test_the_computers_reply_is_quicker(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(spied(page), site + "/index.html#gwyddbwyll/1//")
    page.click("#new-game")
    page.select_option("select[name='seat-1']", "random")
    page.click("#newgame-form button[type='submit']")
    forget(page)
    move(page, "e3", "e4", then="e3e4")
    page.wait_for_function("location.hash.split('/')[3].split('.').length === 2", timeout=60_000)
    mine, reply = animated(page)
    assert mine["duration"] == 200 and reply["duration"] == 120
    assert "translate(" in reply["frames"]
    settle(page)
    assert page.errors == []


def test_nothing_moves_when_the_browser_asks_for_reduced_motion(page, site):
    page.emulate_media(reduced_motion="reduce")
    open_page(spied(page), site + "/index.html#gwyddbwyll/1//")
    move(page, "e3", "e5", then="e3e5")
    assert running(page) == 0 and page.evaluate("window.__animated.length") == 0
    assert page.locator(".motion-layer").count() == 0
    page.click("#undo")  # back to the start: one ply
    page.wait_for_function("document.querySelector('#board .pc[data-on=\"20\"]') !== null")
    assert running(page) == 0 and page.evaluate("window.__animated.length") == 0
    assert page.errors == []


def test_the_sound_toggle_is_off_at_first_kept_across_a_reload_and_made_in_the_page(page, site):
    requested = []
    page.on("request", lambda r: requested.append(r.url))
    open_page(spied(page), site + "/index.html#gwyddbwyll/1//")
    sound = page.locator("#sound")
    assert sound.text_content() == "Sound" and sound.get_attribute("aria-pressed") == "false"
    move(page, "e3", "e5", then="e3e5")
    assert page.evaluate("window.__tones.length") == 0  # off: not a sound
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    assert page.evaluate("window.__tones.length") == 1  # a sample as it turns on
    move(page, "a6", "a4", then="e3e5.a6a4")
    assert page.evaluate("window.__tones.length") == 2  # a move: one tone
    move(page, "e5", "f6", then="e3e5.a6a4.e5f6")
    assert page.evaluate("window.__tones.length") == 4  # a capture: two
    assert page.evaluate("window.__tones.map(t => t.type)")[-2:] == ["square", "triangle"]
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#sound").get_attribute("aria-pressed") == "true"
    page.click("#sound")
    assert page.locator("#sound").get_attribute("aria-pressed") == "false"
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#sound").get_attribute("aria-pressed") == "false"
    shot(page, "motion-sound-toggle")
    assert all(url.startswith("http://127.0.0.1") for url in requested)
    assert not any(url.endswith((".mp3", ".ogg", ".wav", ".m4a")) for url in requested)
    assert page.errors == []


def test_a_rug_tile_lands_as_one_piece(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(spied(page), site + "/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/")
    page.click("#panel [data-action='kind'][data-kind='0']")
    forget(page)
    hold(page)
    page.click("#board [data-cell='b2']")
    page.wait_for_function("location.hash.split('/')[3] !== ''")
    [drop] = animated(page)
    assert "scale(1.3)" in drop["frames"] and drop["duration"] == 200
    half_way(page, 60)
    # One group: the tile's four squares and their four marks (Red's are dots).
    assert len(hidden(page)) == 8
    assert page.locator(".motion-layer .moving").count() == 1
    assert page.locator(".motion-layer .moving rect").count() == 4
    assert page.locator(".motion-layer .moving circle").count() == 4
    shot(page, "motion-rug-tile")
    settle_all(page)
    assert page.errors == []


def test_a_stigmergy_flip_turns_the_stone_over(page, site):
    page.set_viewport_size({"width": 1200, "height": 900})
    # Size 4: White to flip Black's stone on g1 (cell 33: rows a to f hold 33 cells).
    open_page(
        spied(page),
        site + "/index.html#stigmergy/1/size=4,komi=0/"
        "d1.g3.b5.e5.g1.e3.d6.a3.e4.a2.d7.c4.f1.c3.c6.f3.g4",
    )
    assert page.locator("#board .stone.black[data-on='33']").count() == 1
    forget(page)
    hold(page)
    page.click("#board [data-cell='g1']")
    page.wait_for_function("location.hash.endsWith('.g1x')")
    away, back = animated(page)
    assert "scaleX(0)" in away["frames"] and away["duration"] == 100 and away["delay"] == 0
    assert "scaleX(0)" in back["frames"] and back["delay"] == 100
    assert [a["on"] for a in hidden(page)] == ["33"]  # the board's stone, meanwhile
    # The pointer moves on to another cell, whose preview redraws the board: the flip goes
    # on, on the new drawing.
    page.evaluate("document.querySelector('#board svg').dataset.before = '1'")
    page.hover("#board [data-cell='d2']")
    page.wait_for_function("!document.querySelector('#board svg').dataset.before")
    assert len(animated(page)) == 2 and [a["on"] for a in hidden(page)] == ["33"]
    half_way(page, 50)  # the black face half turned away, the white one not yet
    # Two copies turn, black then white, each looking like a stone of its colour; the
    # board's own stone, already white, is transparent meanwhile.
    assert page.locator("#board .stone.white[data-on='33']").count() == 1
    assert page.locator(".motion-layer .moving").count() == 2
    assert page.evaluate("""() => {
        const fill = e => getComputedStyle(e).fill;
        const [away, into] = document.querySelectorAll(".motion-layer .moving circle");
        return fill(away) === fill(document.querySelector("#board .stone.black"))
            && fill(into) === fill(document.querySelector("#board .stone.white"))
            && away.getAttribute("r") === into.getAttribute("r");
    }""")
    shot(page, "motion-stigmergy-flip")
    settle_all(page)
    assert page.locator("#board .stone.white[data-on='33']").count() == 1
    assert page.errors == []


def test_the_last_move_lands_where_the_board_is_once_the_result_shows(page, site):
    # the rules page's fool's mate: 2x2d1 ends the game, and the result shown over the board
    # moves the board; the move's copy must move over the board where it then stands
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(spied(page), site + "/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3.3x3b2")
    hold(page)
    run_python(page, "PAGE.play('2x2d1', text=True)")
    page.wait_for_selector("#result:not([hidden])")
    box = (
        "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }"
    )
    layer, board = (page.locator(s).evaluate(box) for s in (".motion-layer", "#board svg"))
    assert layer == pytest.approx(board, abs=1), (layer, board)
    shot(page, "motion-last-move-with-the-result")
    settle_all(page)
    assert page.errors == []


def test_a_puzzles_answer_lands_where_the_board_is_once_the_bar_says_solved(page, site):
    # on a desktop the puzzle's bar stands over the board: "Solved! …" makes it taller and
    # the board smaller, and the game's result shows too (the answer wins at once)
    puzzles = load("rugpile", (ROOT / plugin("rugpile").puzzles).read_text())
    puzzle = next(p for p in puzzles if len(p.solution) == 1 and p.goal == "win")
    page.set_viewport_size({"width": 1200, "height": 900})
    open_page(spied(page), f"{site}/index.html#rugpile")
    page.evaluate("address => { location.hash = address; }", f"#puzzle/rugpile/{puzzle.id}")
    page.wait_for_selector(f"body[data-puzzle='{puzzle.id}'] #puzzle:not([hidden])")
    hold(page)
    run_python(page, "PAGE.play(MOVE, text=True)", MOVE=puzzle.solution[0])
    page.wait_for_selector("#puzzle[data-status='solved']")
    box = (
        "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }"
    )
    layer, board = (page.locator(s).evaluate(box) for s in (".motion-layer", "#board svg"))
    assert layer == pytest.approx(board, abs=1), (layer, board)
    settle_all(page)
    assert page.errors == []
