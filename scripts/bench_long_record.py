"""How a very long game weighs on the page (issue 25, item 5): a 2,500-ply Gwyddbwyll game
(the game's move limit) against a 50-ply one, in headless Chromium.  Not a test: it prints
what it measures.

    python -m scripts.bench_long_record                 # this checkout
    python -m scripts.bench_long_record ../old --runs 7  # another checkout (its vendor/ built)
    python -m scripts.bench_long_record ../old --cpython # the page's Python alone, in CPython

The game: random legal moves (seed 1) that do not end it, quiet ones preferred, so it lasts
to the move limit; the short game is its first 50 moves.  Measured, after the page is ready:
- opening: the link put into the address bar (hashchange), until the move list holds every
  move; the longest task the browser reports in that time (PerformanceObserver "longtask",
  tasks over 50 ms), their sum, and the time to the whole list;
- a step: Home, End, ← and → (keydown on the page) and a click on a move halfway down the
  list, from the event to the next frame painted (requestAnimationFrame, then a task).
Medians of the runs.  With --cpython, the page's Python alone, in CPython (a fresh process in
the checkout): opening the link (Session.from_fragment) and writing its move list
(MoveList.update, every part of it), then a move played at its end (the session and the
list), median of the runs.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from engine import games
from engine.formats.record import encode, make_record
from scripts.bench import CHROME_ARGS, READY, serve

ROOT = Path(__file__).resolve().parent.parent

OBSERVE = """
    window.__long = [];
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
"""

STEP = """async ([what, ply]) => {
    const began = performance.now();
    if (what === "click") document.querySelector(`#moves [data-ply='${ply}']`).click();
    else document.body.dispatchEvent(new KeyboardEvent("keydown", { key: what, bubbles: true }));
    const handled = performance.now();
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    return [handled - began, performance.now() - began];
}"""


def long_game(plies: int, seed: int = 1) -> list[str]:
    game = games.get("gwyddbwyll")
    rng, state, moves = random.Random(seed), game.new(), []
    while len(moves) < plies:
        legal = list(game.legal_moves(state))
        rng.shuffle(legal)
        for move in legal:
            after = game.apply(state, move)
            if game.result(after) is None or len(moves) + 1 == plies:
                break
        else:
            raise SystemExit(f"no move that goes on after {len(moves)} plies")
        moves.append(game.notation(state, move))
        state = after
    return moves


def fragment(moves: list[str]) -> str:
    return encode(make_record(games.get("gwyddbwyll"), {}, moves))


def measure(page, link: str, plies: int, runs: int) -> dict:
    page.evaluate("window.__long = window.__long.filter(() => false)")
    began = page.evaluate("performance.now()")
    page.evaluate("link => { location.hash = link; }", "#" + link)
    page.wait_for_function(
        f"document.querySelectorAll('#moves [data-ply]').length >= {plies}", timeout=600_000
    )
    done = page.evaluate("performance.now()") - began
    page.wait_for_timeout(300)  # the observer reports a task after it ends
    tasks = [d for s, d in page.evaluate("window.__long") if s >= began]
    out: dict = {
        "open_ms": done,
        "longest_task_ms": max(tasks, default=0.0),
        "long_tasks_ms": sum(tasks),
    }
    steps: dict[str, list[float]] = {}
    for _ in range(runs):
        for what, ply in (
            ("Home", 0),
            ("ArrowRight", 0),
            ("End", 0),
            ("ArrowLeft", 0),
            ("click", plies // 2),
            ("End", 0),
        ):
            name = f"{what} {ply}" if what == "click" else what
            steps.setdefault(name, []).append(page.evaluate(STEP, [what, ply])[1])
    out["steps"] = {name: statistics.median(times) for name, times in steps.items()}
    out["markup_chars"] = page.evaluate("document.getElementById('moves').innerHTML.length")
    return out


CPYTHON = """
import statistics, sys, time
from web import boards
from web.logic.move_list import MoveList
from web.logic.session import Session
fragment, move, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
opening, playing = [], []
for _ in range(runs):
    began = time.perf_counter()
    session = Session.from_fragment(fragment)
    view, board = session.game.view(session.state), boards.get(session.game.id)
    moves = MoveList()
    update = moves.update(session, view, board)
    "".join(getattr(update, "later", None) or ())  # a list in parts: every part written
    opened = time.perf_counter()
    session.play_text(move)
    moves.update(session, view, board)
    opening.append(opened - began)
    playing.append(time.perf_counter() - opened)
print(f"{statistics.median(opening) * 1000:.0f} {statistics.median(playing) * 1000:.0f}")
"""


def cpython(checkout: Path, runs: int) -> None:
    """The page's Python alone, in CPython, in a fresh process in `checkout`."""
    moves = long_game(2500)
    game = games.get("gwyddbwyll")
    for plies in (50, 2499):
        fragment = encode(make_record(game, {}, moves[:plies]))
        out = subprocess.run(
            [sys.executable, "-c", CPYTHON, fragment, moves[plies], str(runs)],
            cwd=checkout,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        print(
            f"{plies} plies, CPython: open and write the list {out[0]} ms; a move at its end "
            f"{out[1]} ms (median of {runs})",
            flush=True,
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("checkout", nargs="?", default=str(ROOT))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpython", action="store_true", help="the page's Python in CPython")
    args = parser.parse_args(argv)
    if args.cpython:
        cpython(Path(args.checkout), args.runs)
        return
    from playwright.sync_api import sync_playwright

    moves = long_game(2500)
    server, base = serve(Path(args.checkout))
    try:
        with sync_playwright() as pw:
            executable = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
            browser = pw.chromium.launch(executable_path=executable, args=CHROME_ARGS)
            page = browser.new_page()
            page.add_init_script(OBSERVE)
            page.goto(base + "/index.html")
            page.wait_for_selector(READY, timeout=120_000)
            for plies in (50, 2500):
                result = measure(page, fragment(moves[:plies]), plies, args.runs)
                steps = ", ".join(f"{k} {v:.0f}" for k, v in result["steps"].items())
                print(
                    f"{plies} plies: open {result['open_ms']:.0f} ms (longest task "
                    f"{result['longest_task_ms']:.0f} ms, long tasks {result['long_tasks_ms']:.0f}"
                    f" ms); move list {result['markup_chars']:,} chars; steps (ms, median of "
                    f"{args.runs}): {steps}",
                    flush=True,
                )
                page.evaluate("location.hash = '#gwyddbwyll/1//'")
                page.wait_for_function(
                    "document.querySelectorAll('#moves [data-ply]').length == 0"
                )
            browser.close()
    finally:
        server.shutdown()
    print(
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; load average "
        f"{os.getloadavg()[0]:.2f}; Chromium {sys.platform}",
        flush=True,
    )


if __name__ == "__main__":
    main()
