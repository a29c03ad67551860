"""The first screen of the built site, drawn before Python is running: run by build_site.sh.

    python3 scripts/make_first_screens.py SITE_DIR

Draws each game's start position with the page's own renderers (web/boards, pure Python, so
they run here in CPython) and writes them into SITE_DIR/index.html as JSON, with the files
a first visit downloads and their sizes.  index.html's start-up script puts the board of the
game about to open on screen at once and shows the downloads' progress against those sizes;
Python replaces the board with the live one when it is ready.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKER = "<!-- first screens: scripts/make_first_screens.py -->"
WASM = "vendor/pyodide/pyodide.asm.wasm"
LIBRARY = "vendor/pyodide/python_stdlib_app.zip"
# What a first visit downloads before Python runs (the big ones; the rest is a few KB), and
# which must wait for another, so each has the line to itself when it is the one that holds
# Python up: the wasm first (it compiles while the rest arrives), then the standard library
# (Python starts when it is there), then what is needed only once Python runs.  Python
# starts without the optional one (PyScript's bytecode), and not without the others.
DOWNLOADS = {
    WASM: {},
    "vendor/pyodide/pyodide.asm.mjs": {},
    "vendor/pyodide/pyodide-lock.json": {},
    "vendor/pyscript/python-bytecode.json": {"optional": True, "after": LIBRARY},
    LIBRARY: {"after": WASM},
    "app.zip": {"after": LIBRARY},
}
# GitHub Pages gzips these on the wire; .zip goes as it is.
ZIPPED_ON_THE_WIRE = (".wasm", ".mjs", ".js", ".json")


def first_screens() -> dict:
    sys.path.insert(0, str(ROOT))
    from engine import games
    from web import boards
    from web.boards.base import Ui
    from web.logic.screen import scores_html
    from web.logic.session import DEFAULT_GAME, Session

    screens = {}
    for game_id in games.ids():
        session = Session(game_id)
        board = boards.get(game_id)
        view = session.game.view(session.state)
        screens[game_id] = {
            "name": games.name(game_id),
            # what the seats are called, for an invitation's Play button (index.html)
            "seats": list(session.game.seat_names(session.states[0])),
            "options": session.fragment().split("/")[2],
            "board": board.draw(view, Ui()),
            "panel": board.panel(view, Ui()),
            "scores": scores_html(view, board),  # people at one screen: no seat marks
        }
    return {"default": DEFAULT_GAME, "games": screens}


def downloads(site: Path) -> list[dict]:
    """Each start-up file's size as decoded and (about) on the wire, what it waits for, and
    whether Python can start without it."""
    out = []
    for name, how in DOWNLOADS.items():
        data = (site / name).read_bytes()
        wire = len(gzip.compress(data, 6)) if name.endswith(ZIPPED_ON_THE_WIRE) else len(data)
        out.append({"url": name, "bytes": len(data), "wire": wire, **how})
    return out


def script_element(data: dict) -> str:
    text = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return f'<script type="application/json" id="first-screens">{text}</script>'


def main(argv=None) -> int:
    site = Path((argv or sys.argv[1:])[0])
    page = site / "index.html"
    html = page.read_text()
    if html.count(MARKER) != 1:
        print(f"make_first_screens: {page} must hold the marker once", file=sys.stderr)
        return 1
    data = {**first_screens(), "downloads": downloads(site)}
    page.write_text(html.replace(MARKER, script_element(data)))
    print(
        f"first screens: {len(data['games'])} games, "
        f"{sum(d['wire'] for d in data['downloads']):,} bytes of downloads listed"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
