"""What the e2e tests share (e2e/conftest.py keeps the fixtures): the site served from
127.0.0.1 (also under a sub-path, as GitHub Pages serves it) and opened in a guarded tab;
waits on the state the page shows in data attributes (the computer idle, the analysis done,
the board fitted to a width: the page sets them, web/browser/); screenshots; the games and
positions several tests play; games by link on two or three devices; what a course's bar
says; whether a failure tells of a crashed tab, and how Chromium says a tab died.

The page's states, on <body> unless said: data-ready="1" (Python ran and the first game is
open), data-computer="idle"|"thinking", data-analysis="off"|"starting"|"judging"|"done",
data-opening="1" (a long link is being replayed), data-ai-ready="1" (the worker started);
on #board: data-fitted-to (the window width the board was last fitted to), data-pointed (the
cell under the mouse, "" for none).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import random
import re
import subprocess
import threading
from pathlib import Path
from typing import ClassVar

from playwright.sync_api import Error, expect

from engine import games
from engine.contract.fixtures import fixtures
from engine.contract.plugins import plugin
from engine.formats.record import encode, make_record
from engine.learning.lessons import GOES_ON, load, replied, start
from engine.learning.lessons import judge as judge_move
from engine.learning.puzzles import Puzzle
from engine.learning.puzzles import load as load_puzzles
from web.logic.wording import for_touch

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "e2e" / "screenshots"
PREFIX = "/games/sub/"
READY = "body[data-ready='1']"
LOAD_TIMEOUT = 90_000


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, with the MIME types Pyodide needs; also serves the site under PREFIX
    (as GitHub Pages serves a project at /<repo>/)."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "text/plain",
    }

    def translate_path(self, path):
        if path.startswith(PREFIX):
            path = "/" + path[len(PREFIX) :]
        elif path.startswith("/games/"):
            path = "/__not_under_the_prefix__"
        return super().translate_path(path)

    def log_message(self, *args):
        pass


class PagesCacheHandler(SiteHandler):
    """As GitHub Pages sends files: fresh for ten minutes in the browser's HTTP cache."""

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()


@contextlib.contextmanager
def serve(directory, handler=SiteHandler):
    """An HTTP server for `directory` on a free loopback port; yields its base URL."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(directory))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


@contextlib.contextmanager
def built_site(tmp_path_factory, name: str, handler=SiteHandler):
    """scripts/build_site.sh's output (what GitHub Pages gets) in a fresh folder, served
    under the sub-path PREFIX; yields (folder, URL of the site)."""
    dest = tmp_path_factory.mktemp(name) / "site"
    subprocess.run(
        [str(ROOT / "scripts" / "build_site.sh"), str(dest)], check=True, capture_output=True
    )
    with serve(dest, handler) as base:
        yield dest, base + PREFIX


def guard(page) -> list:
    """Abort and record every request that does not go to 127.0.0.1."""
    outside: list = []

    def route(route):
        url = route.request.url
        if url.startswith(("http://127.0.0.1", "blob:", "data:")):
            return route.continue_()
        outside.append(url)
        return route.abort()

    page.route("**/*", route)
    return outside


def tells_of_a_crash(failure: str, config) -> bool:
    """Whether a failure's text is Playwright's word for a crashed tab: the patterns the
    rerun is allowed for (pytest.ini's --only-rerun), so that what e2e/conftest.py reruns and
    what it records as a crash never differ."""
    patterns = config.getoption("only_rerun") or config.getini("only_rerun")
    return any(re.search(pattern, failure) for pattern in patterns)


class TabDeaths:
    """How Chromium says each of a browser's tabs died, as DevTools tells it
    (Target.targetCrashed): "crashed" with the signal (11, a segmentation fault), "killed"
    (by SIGKILL from outside: the kernel's out-of-memory killer does that) or "oom" (Chromium
    found itself out of memory)."""

    def __init__(self, browser) -> None:
        self.session = browser.new_browser_cdp_session()
        self.deaths: list[str] = []
        self.told = 0
        self.session.on("Target.targetCrashed", self.died)
        self.session.send("Target.setDiscoverTargets", {"discover": True})

    def died(self, event) -> None:
        self.deaths.append(f"{event['status']} (exit code or signal {event['errorCode']})")

    def since_last_asked(self) -> list[str]:
        with contextlib.suppress(Error):  # the browser itself may be gone
            self.session.send("Target.getTargets")  # lets the events already sent arrive
        told, self.told = self.told, len(self.deaths)
        return self.deaths[told:]


def open_page(page, url: str):
    page.goto(url)
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT)
    return page


def reload(page):
    """Reload the page and wait until Python has run and the game is open again."""
    page.reload()
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT)
    return page


class HeldEngine:
    """Holds back the request for Pyodide's WebAssembly until `release`, so that a test can
    look at the page as it is before Python runs however quickly this machine would
    otherwise start it."""

    def __init__(self, page) -> None:
        self.released = False
        self.held: list = []
        page.route("**/pyodide.asm.wasm", self._route)

    def _route(self, route) -> None:
        if self.released:
            route.fallback()
        else:
            self.held.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.held:
            route.fallback()
        self.held.clear()


# The page's interpreter (the one PyScript runs main.py in), as a script's `python`.
INTERPRETER = """
    const assets = document.documentElement.dataset.assets || "./";   // the built site's
    const { whenDefined } = await import(assets + "vendor/pyscript/core.js");
    const python = await (await whenDefined("py")).interpreter;
"""


def puzzles_of(game_id: str) -> tuple[Puzzle, ...]:
    """A game's puzzle collection, as the page loads it."""
    return load_puzzles(game_id, (ROOT / plugin(game_id).puzzles).read_text())


def wrong_move(puzzle: Puzzle) -> str:
    """A legal move that is not an answer of the puzzle's first move."""
    game = games.get(puzzle.game_id)
    state = puzzle.start(game)
    for move in game.legal_moves(state):
        text = game.notation(state, move)
        if not puzzle.judge(game, state, 0, text):
            return text
    raise AssertionError(f"every move solves puzzle {puzzle.id}")


def run_python(page, code: str, **values) -> str:
    """Run code in the page's interpreter (the one PyScript runs main.py in)."""
    return page.evaluate(
        f"""async ([code, values]) => {{{INTERPRETER}
        for (const [name, value] of Object.entries(values)) python.globals.set(name, value);
        return python.runPython(code);
    }}""",
        [code, values],
    )


def wait_for_python(page, condition: str, timeout: float = 30_000) -> None:
    """Wait until `condition`, a Python expression in the page's interpreter, is true: the
    browser evaluates it as it polls (the interpreter kept on `window.e2ePython`)."""
    page.evaluate(f"async () => {{{INTERPRETER} window.e2ePython = python; }}")
    page.wait_for_function(
        "condition => window.e2ePython.runPython(condition) === true",
        arg=condition,
        polling=100,
        timeout=timeout,
    )


def shot(page, name: str, full_page: bool = True):
    """Save the whole page (or, `full_page` False, the screen as the player sees it: a sheet
    fixed at its foot stays there) as SHOTS/name.png, with any move still animating taken to
    its end (Playwright finishes finite animations for the screenshot), so a shot shows the
    position the test reached rather than a tile or piece half-way there."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page, animations="disabled")


def reach(page, selector: str):
    """Bring a control into view as a player would: on a phone, open the menu that holds it
    (the games menu, More, the move list) if it is not on the screen; at a desktop's size
    every control stands on the page and nothing is opened.  Returns its locator."""
    control = page.locator(selector).first
    if not control.is_visible():
        menu = control.evaluate("e => { const m = e.closest('[popover]'); return m && m.id; }")
        if menu:
            page.click(f"[popovertarget='{menu}']:not([popovertargetaction='hide'])")
            expect(control).to_be_visible()
    return control


# ---- waiting on the page's state


def computer_idle(page, timeout: float = 60_000) -> None:
    """Wait until no computer turn is under way: its reply played, or dropped."""
    page.wait_for_selector("body[data-computer='idle']", state="attached", timeout=timeout)


def analysis_started(page) -> None:
    """Wait until the Analyse panel's judging loop has started on the position shown (it
    may have ended since)."""
    page.wait_for_selector(
        "body[data-analysis='judging'], body[data-analysis='done']", state="attached"
    )


def fitted_to(page, width: int) -> None:
    """Wait until the page has handled a resize to `width` (the board fitted to it)."""
    page.wait_for_selector(f"#board[data-fitted-to='{width}']", state="attached")


def pointer_off_board(page) -> None:
    """Move the mouse to a corner of the window the board does not cover (on a phone the
    board may fill the top of the screen) and wait until the board has handled it."""
    box, size = page.locator("#board").bounding_box(), page.viewport_size
    above = box is None or box["y"] >= 2
    page.mouse.move(1, 1 if above else size["height"] - 1)
    page.wait_for_function("!document.getElementById('board').dataset.pointed")


def point_at(page, cell: str) -> None:
    """Hover the mouse over `cell` and wait until the board has drawn what it shows there."""
    page.hover(f"#board [data-cell='{cell}']")
    page.wait_for_selector(f"#board[data-pointed='{cell}']", state="attached")


# ---- games the tests play


def new_game(page, seats, **options):
    page.click("#new-game")
    for name, value in options.items():
        page.fill(f"#option-fields [name='opt-{name}']", str(value))
    for seat, kind in enumerate(seats):
        page.select_option(f"select[name='seat-{seat}']", kind)
    page.click("#newgame-form button[type='submit']")


def play_any_rug(page):
    """Place the first tile, either way round, in the first spot that the board previews as
    legal."""
    for kind in range(3):
        button = page.locator(f"#panel [data-action='kind'][data-kind='{kind}']")
        if button.count() == 0 or button.is_disabled():
            continue
        button.click()
        for turn in range(2 if kind == 1 else 1):  # only the 2x3 tile has two ways round
            if turn:
                page.click("#panel [data-action='rotate']")
            for cell in page.locator("#board rect[data-cell]").all():
                cell.hover()
                if page.locator("#board .preview.p0").count():
                    before = page.evaluate("location.hash")
                    cell.click()
                    page.wait_for_function(f"location.hash !== {before!r}")
                    return
    raise AssertionError("no legal placement was previewed")


def new_page(browser, **context_args):
    """A page in a fresh context (another browser, as far as storage goes), guarded."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, **context_args)
    page = context.new_page()
    page.outside = guard(page)
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    return page


def place_until(page, kind, square, hash_end):
    """Place a Rug Pile tile of the supply's `kind` on `square` with the mouse; wait until
    the address ends with `hash_end`."""
    page.click(f"#panel [data-action='kind'][data-kind='{kind}']")
    page.hover(f"#board [data-cell='{square}']")
    page.click(f"#board [data-cell='{square}']")
    page.wait_for_function(f"location.hash.endsWith({hash_end!r})")


def random_game(game_id: str, plies: int, seed: int = 1) -> str:
    """The fragment of a game of `plies` random legal moves (a seed that plays that long)."""
    game = games.get(game_id)
    for attempt in range(50):
        rng = random.Random(seed + attempt)
        state, moves = game.new(), []
        while len(moves) < plies and game.result(state) is None:
            move = rng.choice(game.legal_moves(state))
            moves.append(game.notation(state, move))
            state = game.play(state, move)
        if len(moves) == plies:
            return encode(make_record(game, {}, moves))
    raise AssertionError(f"no random {game_id} game of {plies} plies")


# Each game's mid-game position and its number of players (its fixtures' ANALYSIS_POSITION).
POSITIONS = {game_id: fixtures(game_id).ANALYSIS_POSITION for game_id in games.ids()}


SEARCHED = (
    "document.querySelector('#analysis .effort') && "
    "document.querySelector('#analysis .effort').textContent.includes('playouts')"
)


def click_square(page, name):
    page.click(f"#board [data-cell='{name}']")


def marks(page, kind):
    return set(
        page.locator(f"#board .{kind}").evaluate_all(
            "els => els.map(e => e.getAttribute('data-target'))"
        )
    )


# One 3x3 tile each on a 4x4 board: any two 3x3 tiles there overlap by at least 2x2, so the
# second player ends with 9 squares to the first's 5 at most: the second player always wins.
SECOND_WINS = "#rugpile/1/players=2,size=4,tiles=0-0-1/"


def answer_next_dialog(page, accept: bool) -> list:
    """Accept or dismiss the next confirm(); returns the list its message is put in."""
    asked: list = []

    def handle(dialog):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", handle)
    return asked


# ---- games by link: devices, Send, opening a friend's link

GAME_START = "/index.html#rugpile/1/players=2,size=5,tiles=4-3-2/"
CAPTURE = """
navigator.share = async (data) => { window.__shared = data; };
"""


def device(browser, phone: bool, share: bool = True):
    """A desktop (1280×800) or a phone (375×812, touch); `share`: its share sheet stubbed to
    capture what Send gives it, else none (Send copies the link to the clipboard)."""
    size = {"width": 375, "height": 812} if phone else {"width": 1280, "height": 800}
    extra = {"has_touch": True, "is_mobile": True, "device_scale_factor": 2} if phone else {}
    if not share:
        extra["permissions"] = ["clipboard-read", "clipboard-write"]
    context = browser.new_context(viewport=size, **extra)
    if share:
        context.add_init_script(CAPTURE)
    return context


def new_tab(context):
    page = context.new_page()
    page.outside = guard(page)
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    return page


def place(page, kind: int, square: str, moves: int, touch: bool = False):
    """Place a tile of the supply's `kind` centred on `square` (a tap previews, the second
    places it on a phone); the game's line then has `moves` moves (side lines aside)."""
    act = page.tap if touch else page.click
    act(f"#panel [data-action='kind'][data-kind='{kind}']")
    if touch:
        page.tap(f"#board [data-cell='{square}']")
        page.wait_for_selector("#board .preview")
        page.tap(f"#board [data-cell='{square}']")
    else:
        page.hover(f"#board [data-cell='{square}']")
        page.click(f"#board [data-cell='{square}']")
    page.wait_for_function(
        """n => [...document.querySelectorAll('#moves button')]
            .filter(b => !b.textContent.trim().startsWith('side line:')).length === n""",
        arg=moves,
    )


def send(page) -> dict:
    """Press Send: what the share sheet was given ({title, text, url})."""
    page.evaluate("window.__shared = null")
    page.click("#send-link")
    page.wait_for_function("window.__shared !== null")
    return page.evaluate("window.__shared")


def opened(page, url: str):
    """Open a friend's link: a full load in a new tab, or a hashchange in the tab shown
    (the message that follows says when it is done)."""
    if page.url.split("#")[0] == url.split("#")[0] and page.url != "about:blank":
        page.evaluate("u => { location.hash = u.split('#')[1]; }", url)
    else:
        open_page(page, url)


def moves_of(page) -> list[str]:
    """The main line's moves in the move list (side lines left out)."""
    texts = [t.strip() for t in page.locator("#moves button").all_text_contents()]
    return [t for t in texts if not t.startswith("side line:")]


def recent_entries(page) -> list[str]:
    reach(page, "#recent-open").click()
    items = [t.strip() for t in page.locator("#recent-list li").all_text_contents()]
    page.click("#recent-close")
    return items


def start_by_link(page, site, help: bool = True):
    """New game of Rug Pile with a friend by link, this device playing Red."""
    open_page(page, site + GAME_START)
    page.click("#new-game")
    page.select_option("#option-fields select[name='seat-1']", "friend")
    if not help:
        page.uncheck("#option-fields input[name='link-help']")
    page.click("#newgame-form button[type='submit']")
    expect(page.locator("#status")).to_contain_text("Red, your move: choose a tile")


def your_move(page, seat: str):
    """The status says it is this device's move, and how to make it (the board's prompt)."""
    expect(page.locator("#status")).to_contain_text(f"{seat}, your move: choose a tile")


# ---- what a course's bar says (engine/learning/lessons.py, as the page runs it)


def lesson_said(game_id: str, step_id: str, *moves: str, touch: bool = False) -> str:
    """The message after the player's `moves` in the step (the opponent's replies played
    between them); after a move the opponent answers, what is said once the reply is on the
    board."""
    game = games.get(game_id)
    step = load((ROOT / plugin(game_id).lessons).read_text(), game_id).step(step_id)
    state, played, verdict = start(game, step), (), None
    for text in moves:
        if verdict is not None and verdict.reply is not None:
            state = game.play(state, game.parse(state, verdict.reply))
        move = game.parse(state, text)
        verdict = judge_move(game, step, state, played, move)
        state, played = game.play(state, move), verdict.played
    assert verdict is not None, "name at least one move"
    message = verdict.message
    if verdict.outcome == GOES_ON and verdict.reply is not None:
        state = game.play(state, game.parse(state, verdict.reply))
        message = replied(game, step, state, played).message
    return for_touch(message) if touch else message
