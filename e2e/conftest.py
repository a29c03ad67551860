"""Playwright fixtures: the site served from 127.0.0.1 (also under a sub-path), Debian's
Chromium, and a route guard that fails any request leaving 127.0.0.1."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import ClassVar

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "e2e" / "screenshots"
PREFIX = "/games/sub/"
CHROME_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
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


@pytest.fixture(scope="session")
def site():
    with serve(ROOT) as base:
        yield base


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROME_ARGS}


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


@pytest.fixture
def page(page):
    page.outside = guard(page)
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    yield page
    assert page.outside == [], f"requests left 127.0.0.1: {page.outside}"


def open_page(page, url: str):
    page.goto(url)
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


def run_python(page, code: str, **values) -> str:
    """Run code in the page's interpreter (the one PyScript runs main.py in)."""
    return page.evaluate(
        """async ([code, values]) => {
        const assets = document.documentElement.dataset.assets || "./";   // the built site's
        const { whenDefined } = await import(assets + "vendor/pyscript/core.js");
        const python = await (await whenDefined("py")).interpreter;
        for (const [name, value] of Object.entries(values)) python.globals.set(name, value);
        return python.runPython(code);
    }""",
        [code, values],
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
