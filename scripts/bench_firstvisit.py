"""The first visit on a real connection: a benchmark (not a test) of what a friend who opens a
shared link meets.  The built site is served from 127.0.0.1 as GitHub Pages serves files
(gzip for text types and .wasm, nothing for .zip/.gz/.png/.bin; `Cache-Control: max-age=600`),
and headless Chromium loads it in a fresh context per run (empty HTTP cache, no service
worker) under the DevTools protocol's network emulation and CPU throttling:

    cable          20 Mbit/s down, 20 ms latency
    phone on 4G     9 Mbit/s down, 60 ms latency, CPU 4x slower

Measured per run: bytes on the wire (the sum of the page's responses' encoded lengths, as
the DevTools protocol reports them), *board visible* (the first animation frame with an SVG
board on screen) and *playable* (`<body data-ready="1">`), in ms from navigation start, taken
in the page.  Beside the site, a plain PyScript page on the same vendored runtime (no
start-up work of ours) is measured in the same runs, interleaved.

Run through `python -m scripts.bench --only firstvisit` (writes docs/benchmarks.md) or alone:

    python -m scripts.bench_firstvisit SITE_DIR [--runs 3] [--profiles cable phone]
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import statistics
import threading
from pathlib import Path
from typing import ClassVar

PROFILES = {
    "cable": {"down_mbit": 20, "up_mbit": 5, "latency_ms": 20, "cpu": 1},
    "phone": {"down_mbit": 9, "up_mbit": 3, "latency_ms": 60, "cpu": 4},
}
PLAIN_PAGE = "/__plain_pyscript.html"
# The same vendored runtime with nothing of ours: PyScript, its default start of the plain
# Pyodide, one line of Python.
PLAIN_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>plain PyScript</title>
<link rel="stylesheet" href="./ASSETS/vendor/pyscript/core.css">
<script type="module" src="./ASSETS/vendor/pyscript/core.js"></script></head>
<body>
<script type="py" config='{"interpreter": "./ASSETS/vendor/pyodide/pyodide.mjs"}'>
from pyscript import document
document.body.dataset.ready = "1"
</script></body></html>
"""
# GitHub Pages compresses these types (and leaves .zip, .gz, images and octet streams alone).
GZIP_TYPES = (
    "text/",
    "application/javascript",
    "application/json",
    "application/wasm",
    "application/manifest+json",
    "image/svg+xml",
    "application/toml",
)
WATCH = """
(() => {
  const seen = {};
  const look = () => {
    const board = document.querySelector('#board svg');
    if (!seen.board && board && board.getBoundingClientRect().width > 0)
      seen.board = performance.now();
    if (!seen.ready && document.body && document.body.dataset.ready === '1')
      seen.ready = performance.now();
    if (!(seen.board && seen.ready)) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  window.__firstVisit = seen;
})();
"""


class PagesHandler(http.server.SimpleHTTPRequestHandler):
    """A folder served as GitHub Pages serves it, plus the plain PyScript page."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "application/toml",
        ".webmanifest": "application/manifest+json",
        ".json": "application/json",
    }

    def send_head(self):
        if self.path.split("?")[0] == PLAIN_PAGE:
            # the runtime where the site has it: under its version's folder when built
            found = sorted(Path(self.directory).glob("v/*/vendor"))
            assets = found[0].parent.relative_to(self.directory).as_posix() if found else "."
            html = PLAIN_HTML.replace("./ASSETS/", f"./{assets}/".replace("/./", "/"))
            return self.send_body(html.encode(), "text/html; charset=utf-8")
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()
        return self.send_body(path.read_bytes(), self.guess_type(str(path)))

    def send_body(self, body: bytes, ctype: str):
        zipped = zipped_on_the_wire(ctype) and "gzip" in self.headers.get("Accept-Encoding", "")
        if zipped:
            body = gzip_bytes(body)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        if zipped:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, *args):
        pass


def zipped_on_the_wire(ctype: str) -> bool:
    return ctype.startswith(GZIP_TYPES)


@functools.cache
def gzip_bytes(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=6, mtime=0)


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a browser closing a context mid-download is no news


def serve_like_pages(directory: Path):
    probe = PagesHandler.__new__(PagesHandler)  # for its guess_type, with no request
    for path in directory.rglob("*"):  # compress ahead, as a CDN would have
        if path.is_file() and zipped_on_the_wire(probe.guess_type(str(path))):
            gzip_bytes(path.read_bytes())
    server = QuietServer(
        ("127.0.0.1", 0), functools.partial(PagesHandler, directory=str(directory))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def visit(browser, url: str, profile: dict, outside: list, base: str) -> dict:
    """One first visit in a fresh context: {bytes, board, ready} (ms; board None if never)."""
    context = browser.new_context()
    context.add_init_script(WATCH)
    page = context.new_page()
    page.on(
        "request",
        lambda r: None if r.url.startswith((base, "blob:", "data:")) else outside.append(r.url),
    )
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": profile["latency_ms"],
            "downloadThroughput": profile["down_mbit"] * 1e6 / 8,
            "uploadThroughput": profile["up_mbit"] * 1e6 / 8,
        },
    )
    if profile["cpu"] != 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
    received = {}
    cdp.on(
        "Network.loadingFinished",
        lambda e: received.__setitem__(e["requestId"], e["encodedDataLength"]),
    )
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=180_000)
    page.wait_for_function("window.__firstVisit && window.__firstVisit.ready")
    page.wait_for_timeout(200)  # let the last responses' loadingFinished arrive
    seen = page.evaluate("window.__firstVisit")
    context.close()
    return {"bytes": sum(received.values()), "board": seen.get("board"), "ready": seen["ready"]}


def first_visits(browser, base: str, runs: int, profiles, outside: list) -> dict:
    """Per profile, the site's and the plain page's first visits, interleaved run by run."""
    pages = {"site": base + "/", "plain": base + PLAIN_PAGE}
    out = {}
    for name in profiles:
        profile = PROFILES[name]
        results = {kind: [] for kind in pages}
        for run in range(runs):
            for kind, url in pages.items():
                r = visit(browser, url, profile, outside, base)
                results[kind].append(r)
                board = f"{r['board'] / 1000:.2f} s" if r["board"] else "-"
                print(
                    f"first visit {name:5s} {kind:5s} run {run + 1}: {r['bytes'] / 1e6:.2f} MB,"
                    f" board {board}, playable {r['ready'] / 1000:.2f} s",
                    flush=True,
                )
        out[name] = {"profile": profile, **{kind: summarise(rs) for kind, rs in results.items()}}
    return out


def summarise(results: list[dict]) -> dict:
    def stats(values):
        return {"median": statistics.median(values), "min": min(values), "max": max(values)}

    boards = [r["board"] for r in results if r["board"] is not None]
    return {
        "runs": len(results),
        "bytes": stats([r["bytes"] for r in results]),
        "ready": stats([r["ready"] for r in results]),
        "board": stats(boards) if len(boards) == len(results) else None,
    }


def render(entry: dict) -> list[str]:
    """Markdown lines for one measurement (as scripts/bench.py saves it)."""
    lines = [
        "| Profile | Page | Bytes on the wire | Board visible | Playable | runs |",
        "|---|---|---|---|---|---|",
    ]
    for name, result in entry["result"].items():
        p = result["profile"]
        label = f"{name} ({p['down_mbit']} Mbit/s, {p['latency_ms']} ms" + (
            f", CPU {p['cpu']}x slower)" if p["cpu"] != 1 else ")"
        )
        for kind, title in (("site", "the site"), ("plain", "plain PyScript page")):
            r = result[kind]

            def secs(s):
                return (
                    (
                        f"**{s['median'] / 1000:.2f} s** ({s['min'] / 1000:.2f}–"
                        f"{s['max'] / 1000:.2f})"
                    )
                    if s
                    else "–"
                )

            lines.append(
                f"| {label} | {title} | {r['bytes']['median'] / 1e6:.2f} MB | "
                f"{secs(r['board'])} | {secs(r['ready'])} | {r['runs']} |"
            )
    return lines


def main(argv=None) -> int:
    from playwright.sync_api import sync_playwright

    from scripts.bench import launch

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="the built site (scripts/build_site.sh)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", nargs="+", default=list(PROFILES), choices=PROFILES)
    args = parser.parse_args(argv)
    server, base = serve_like_pages(args.site)
    outside: list = []
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            result = first_visits(browser, base, args.runs, args.profiles, outside)
            browser.close()
    finally:
        server.shutdown()
    print("\n".join(render({"result": result})))
    if outside:
        print(f"WARNING: requests left 127.0.0.1: {sorted(set(outside))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
