"""The analysis's speed in the browser for two checkouts (before and after a change),
interleaved: the first estimate on opening Analyse and the graph of a 100-ply game.

    python -m lab.bench_judgement OLD NEW --rounds 2

Each checkout needs its vendor/ built (`make vendor`).  In headless Chromium, per round and
checkout (the order alternating by round): on each game's mid-game position of
e2e/test_page_analysis.py, the milliseconds from the click on Analyse to the first chances
drawn (the glance) and to the search's first estimate; and the seconds from the click on
"Graph of the game" to "All 101 positions judged" on a 100-ply Gwyddbwyll game (random legal
moves, seed 0), the worker already running.  Prints the medians per checkout.
"""

from __future__ import annotations

import argparse
import random
import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright

from scripts import bench

POSITIONS = {
    "wythe": "wythe/1/size=6/c2d2.b5a5.f5f4.f1f2.d4c4.d6e6.a4b4.e3f3",
    "petrify": "petrify/1/size=6/d3.f6.c2.b5.d6.e1.a1.e1xa1",
    "stigmergy": "stigmergy/1/size=4,komi=2/d1.g3.b5.e5.g1.e3.d6.a3",
    "rugpile": "rugpile/1/players=2,size=5,tiles=4-3-2/2x2d4.3x3a1.2x2a3.2x2c4",
    "gwyddbwyll": "gwyddbwyll/1//e2g1.d7e5.d3e4.e5d7.a3a4.e7g8.c3c5.f7h7.g3g4.b6b4",
}
SEARCHED = (
    "document.querySelector('#analysis .effort') && "
    "document.querySelector('#analysis .effort').textContent.includes('playouts')"
)


def hundred_plies() -> str:
    from engine import games
    from web.logic.session import Session

    game, session, rng = games.get("gwyddbwyll"), Session("gwyddbwyll"), random.Random(0)
    for _ in range(100):
        session.play(rng.choice(game.legal_moves(session.state)))
    return session.fragment()


def open_ready(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(bench.READY, timeout=120_000)


def first_estimates(page, base: str) -> dict[str, tuple[float, float]]:
    out = {}
    for game_id, fragment in POSITIONS.items():
        open_ready(page, f"{base}/index.html#{fragment}")
        page.wait_for_timeout(500)
        began = page.evaluate("performance.now()")
        page.click("#analyse")
        page.wait_for_function(
            "document.querySelectorAll('#analysis .chances li').length > 0", timeout=60_000
        )
        glanced = page.evaluate("performance.now()") - began
        page.wait_for_function(SEARCHED, timeout=60_000)
        out[game_id] = (glanced, page.evaluate("performance.now()") - began)
        page.click("#analyse")  # closed again
    return out


def graph_seconds(page, base: str, fragment: str) -> float:
    open_ready(page, f"{base}/index.html#{fragment}")
    page.click("#analyse")
    page.wait_for_function(SEARCHED, timeout=60_000)  # the worker is running
    began = page.evaluate("performance.now()")
    page.click("#graph-open")
    page.wait_for_function(
        "document.querySelector('#graph-progress').textContent.includes("
        "'All 101 positions judged')",
        timeout=300_000,
    )
    return (page.evaluate("performance.now()") - began) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    fragment = hundred_plies()
    results: dict[str, dict[str, list]] = {"old": {}, "new": {}}
    servers = {
        name: bench.serve(path.resolve()) for name, path in (("old", args.old), ("new", args.new))
    }
    with sync_playwright() as playwright:
        browser = bench.launch(playwright)
        for round_ in range(args.rounds):
            order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
            for name in order:
                base = servers[name][1]
                page = browser.new_context().new_page()
                for game_id, (glance, first) in first_estimates(page, base).items():
                    results[name].setdefault(f"{game_id} glance ms", []).append(glance)
                    results[name].setdefault(f"{game_id} first search ms", []).append(first)
                results[name].setdefault("graph s", []).append(graph_seconds(page, base, fragment))
                page.context.close()
                print(
                    f"round {round_} {name}: graph {results[name]['graph s'][-1]:.1f} s",
                    flush=True,
                )
        browser.close()
    for key in results["old"]:
        old, new = (statistics.median(results[n][key]) for n in ("old", "new"))
        print(
            f"{key}: old {old:.1f} (runs {results['old'][key]}), new {new:.1f} "
            f"(runs {[round(v, 1) for v in results['new'][key]]})"
        )


if __name__ == "__main__":
    main()
