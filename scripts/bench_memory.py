"""How much memory a tab of the site holds: a benchmark (not a test), for the record issue 56
asks for.  The built site is served as GitHub Pages serves it (scripts/bench_firstvisit.py's
server) and headless Chromium opens it in a fresh context per run; beside it, in the same runs,
the plain PyScript page on the same runtime (bench_firstvisit.PLAIN_PAGE).

Measured per run, once the page is playable (`<body data-ready="1">`) and has sat for a
second: the resident memory (VmRSS) of the browser's renderer processes, summed, and of all
its processes.  For the site, again after the Analyse panel has judged the first position
(the lazily imported analysis and graph loaded, the worker's search run).  Renderers are found
as the processes below this Python process whose command line says `--type=renderer`; one
context is open at a time, so they are the page's (and a spare renderer Chromium may keep,
the same for both pages).

    python -m scripts.bench_memory SITE_DIR [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
from pathlib import Path

from scripts.bench_firstvisit import PLAIN_PAGE, serve_like_pages

SETTLE_MS = 1000


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                parent = int(f.read().rsplit(")", 1)[1].split()[1])
        except OSError:
            continue  # the process ended meanwhile
        tree.setdefault(parent, []).append(int(entry))
    return tree


def _descendants(root: int) -> list[int]:
    tree, found, todo = _children(), [], [root]
    while todo:
        for child in tree.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            line = next(x for x in f if x.startswith("VmRSS:"))
    except (OSError, StopIteration):
        return 0.0
    return int(line.split()[1]) / 1024


def _is_renderer(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"--type=renderer" in f.read()
    except OSError:
        return False


def resident() -> dict[str, float]:
    """MB resident: {renderers, all} over the browser processes below this one."""
    pids = _descendants(os.getpid())
    return {
        "renderers": sum(_rss_mb(p) for p in pids if _is_renderer(p)),
        "all": sum(_rss_mb(p) for p in pids),
    }


def measure(browser, url: str, analyse: bool) -> dict[str, dict[str, float]]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=180_000)
    page.wait_for_timeout(SETTLE_MS)
    out = {"ready": resident()}
    if analyse:
        page.click("#analyse")
        page.wait_for_selector("body[data-analysis='done']", state="attached", timeout=120_000)
        page.wait_for_timeout(SETTLE_MS)
        out["analysed"] = resident()
    context.close()
    return out


def main(argv=None) -> int:
    from playwright.sync_api import sync_playwright

    from scripts.bench import launch

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="the built site (scripts/build_site.sh)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    server, base = serve_like_pages(args.site)
    rows: dict[str, list[dict[str, float]]] = {}
    try:
        with sync_playwright() as pw:
            browser = launch(pw)
            for run in range(args.runs):
                for kind, url, analyse in (
                    ("site", base + "/", True),
                    ("plain", base + PLAIN_PAGE, False),
                ):
                    for moment, mb in measure(browser, url, analyse).items():
                        rows.setdefault(f"{kind}, {moment}", []).append(mb)
                        print(
                            f"run {run + 1} {kind:5s} {moment:8s}: renderers "
                            f"{mb['renderers']:.0f} MB, all {mb['all']:.0f} MB",
                            flush=True,
                        )
            browser.close()
    finally:
        server.shutdown()
    print("\n| | renderers, MB (median) | all processes, MB (median) |\n|---|---|---|")
    for name, values in rows.items():
        renderers = statistics.median(v["renderers"] for v in values)
        everything = statistics.median(v["all"] for v in values)
        print(f"| {name} | {renderers:.0f} | {everything:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
