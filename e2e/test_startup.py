"""Start-up, on the built site as players get it (e2e/conftest.py's `site`) and on the repo
root as `make play` serves it: Python starts before PyScript has loaded (PyScript then takes
that interpreter), from the site's own standard library (python_stdlib_app.zip) with
PyScript's modules already compiled, without the snapshot on a first visit; and only the main
thread's interpreter starts at page load (the computer's worker waits until a computer seat
needs it); and the modules of Learn and of the search wait for their first use."""

import json
from pathlib import Path

from helpers import new_tab, open_page, play_any_rug, run_python

ROOT = Path(__file__).resolve().parent.parent
OFFLINE_READY = "html[data-offline='ready']"

# Run in the page's Python: for each .pyc shipped, was it the one Python used?  Python takes a
# checked .pyc only if its hash is the source's; on a mismatch it compiles the source and
# writes a new .pyc over ours, so "used" means: still our bytes, and the hash matches.
CHECK_BYTECODE = """
import base64, importlib.util, json, sys
shipped = json.loads(SHIPPED)
used = []
for name, module in sorted(sys.modules.items()):
    path = getattr(module, "__file__", None) or ""    # some pyscript.* names are JS modules
    if (name == "pyscript" or name.startswith("pyscript.")) and path.endswith(".py"):
        cached = importlib.util.cache_from_source(path)
        with open(path, "rb") as source, open(cached, "rb") as code:
            pyc = code.read()
            same_source = pyc[8:16] == importlib.util.source_hash(source.read())
        used.append([name, cached in shipped and base64.b64decode(shipped[cached]) == pyc
                     and same_source])
json.dumps(used)
"""


def test_a_first_visit_starts_python_without_the_snapshot_and_the_worker_waits(page, site):
    requested = []
    page.on("request", lambda r: requested.append(r.url.rsplit("/", 1)[-1]))
    open_page(page, site + "/index.html")
    # Judge once start-up has run to its last step: once ready, the page registers the
    # service worker, hands it the files it loaded and, when the worker says they are cached,
    # marks itself data-offline="ready".  Anything the page asks for at start-up it has asked
    # for by then.  (The worker's own downloads, the snapshot among them, are not the page's
    # requests.)
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=60_000)
    # the snapshot costs more to download than it saves: only a repeat visit uses it, from
    # the service worker's cache (test_offline.py)
    assert page.evaluate("globalThis.pyodideSnapshot") == "not cached"
    assert "snapshot.bin.gz" not in requested
    assert "python_stdlib_app.zip" in requested and "python_stdlib.zip" not in requested
    assert run_python(page, "import stdlib_fallback; str(stdlib_fallback.missing())") == "[]"
    # no worker yet (its script is added on first need); the wasm's requests cannot tell,
    # since Pyodide's fetch may or may not be served by index.html's preload
    assert page.locator("script[name='ai']").count() == 0
    assert "ai_worker.py" not in requested
    assert page.errors == []


def test_the_sources_as_make_play_serves_them_start_play_and_are_kept_offline(page, dev_site):
    open_page(page, dev_site + "/index.html#rugpile")
    # each module from its own source file, as pyscript.toml's [files] list them (no app.zip)
    where = run_python(page, "import web.browser.page as m; m.__file__")
    assert where.endswith("/web/browser/page.py") and "app.zip" not in where, where
    play_any_rug(page)
    assert page.evaluate("location.hash").startswith("#rugpile/1/")
    # the unstamped service worker caches what the start-up loaded
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=60_000)
    assert page.evaluate("caches.keys()") == ["abstract-games-dev"]
    assert page.errors == []


def test_pyscripts_modules_run_from_the_bytecode_made_at_build_time(page, site):
    shipped = (ROOT / "vendor" / "pyscript" / "python-bytecode.json").read_text()
    assert len(json.loads(shipped)) >= 10  # scripts/make_pyscript_bytecode.mjs found them
    open_page(page, site + "/index.html")
    used = json.loads(run_python(page, CHECK_BYTECODE, SHIPPED=shipped))
    assert len(used) >= 10 and all(ok for _, ok in used), used
    assert page.errors == []


# Modules that opening the page does not need: a course's judge and its run (Learn), and the
# search's (the graph's swing threshold reads the search's knowledge).
LATER = [
    "engine.learning.lessons",
    "engine.learning.lesson_goals",
    "engine.learning.lesson_words",
    "web.logic.lesson",
    "engine.ai.knowledge",
]
IMPORTED = "import json, sys; json.dumps([name in sys.modules for name in NAMES])"


def test_learns_modules_are_imported_when_a_course_is_first_opened(page, site):
    open_page(page, site + "/index.html#rugpile")
    assert json.loads(run_python(page, IMPORTED, NAMES=LATER)) == [False] * len(LATER)
    page.click("#learn-open")
    page.wait_for_selector("#lesson:not([hidden]) .lesson-goal")
    assert json.loads(run_python(page, IMPORTED, NAMES=LATER[:4])) == [True] * 4
    assert page.errors == []


# Run in a tab's Python: the id of the game the tab shows, a new id, and a random number.
DRAWN = """
import random
from web.storage.store import new_id
" ".join([PAGE.keeper.entry_id, new_id(), f"{random.getrandbits(64):016x}"])
"""
KEPT = "' '.join(sorted(e.fragment.rsplit('/', 1)[-1] for e in PAGE.keeper.entries()))"


def a_tab_from_the_snapshot(page, site):
    tab = open_page(new_tab(page.context), site + "/index.html")
    assert tab.evaluate("globalThis.pyodideSnapshot") == "used"
    return tab


def move(tab, text: str) -> None:
    run_python(tab, "PAGE.play(MOVE, text=True)", MOVE=text)
    tab.wait_for_function("m => location.hash.endsWith(m)", arg=text)


def test_tabs_started_from_the_snapshot_draw_random_numbers_of_their_own(page, site):
    """The memory snapshot holds the random module as it was when the site was built, the
    same for every visitor: a tab started from it must draw ids and seeds of its own.  When
    two tabs drew the same, a move made in one of two tabs on one game was lost: both tabs'
    saves carried the same rev, so the other tab's next save overwrote it unseen."""
    open_page(page, site + "/index.html")
    page.wait_for_selector(OFFLINE_READY, state="attached", timeout=60_000)
    one, two = a_tab_from_the_snapshot(page, site), a_tab_from_the_snapshot(page, site)
    drawn = [run_python(tab, DRAWN).split() for tab in (one, two)]
    for first, second in zip(*drawn, strict=True):
        assert first != second, drawn

    one.close()
    two.close()
    first = a_tab_from_the_snapshot(page, site)
    move(first, "2x2a1")
    second = a_tab_from_the_snapshot(page, site)  # opens the game saved last, the first tab's
    assert second.evaluate("location.hash").endswith("/2x2a1")
    move(second, "2x2c3")
    move(first, "2x2b1")  # the other tab saved since: a game of its own
    assert run_python(first, KEPT) == "2x2a1.2x2b1 2x2a1.2x2c3"
    assert page.errors == first.errors == second.errors == []
