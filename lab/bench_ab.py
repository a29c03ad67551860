"""Playouts per second of two checkouts side by side (say, before and after a change), in
CPython and in the browser, interleaved so that a noisy machine weighs on both alike.

    python -m lab.bench_ab ../old-checkout . --rounds 5 --seconds 1
    python -m lab.bench_ab OLD NEW --games petrify --kinds search --where browser

Each checkout needs its vendor/ built (`make vendor`).  Per round every game and kind is
measured in both checkouts in turn, the order of the two alternating by round; it prints
the median of each and the ratio new / old.  Measured:
  fast    the computer's random playout from the start, to the end: `Knowledge.random_playout`
          where the checkout has it, else a `know_<game>.fast_playout`, else
          `game.random_playout`;
  search  `ai.Search(game, game.new(), seed).run(seconds)`, playouts / elapsed;
  hard    Gwyddbwyll only: the hard level's alpha-beta (engine/games/gwyddbwyll/search.py), nodes /
          elapsed over four positions of a game it plays against itself at 300 nodes a move (plies
          10, 20, 30 and 40), each searched a quarter of `--seconds`.
CPython runs a fresh process per measurement; the browser uses scripts/bench.py's playout
page, served from each checkout.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

from engine import games
from scripts import bench

GAMES = games.ids()  # this checkout's games; the other checkout must have them too
KINDS = ("fast", "search", "hard")
HARD_GAMES = ("gwyddbwyll",)  # the games whose hard level is an alpha-beta of its own

FAST = """\
from engine import games
game = games.get(G)
from engine.ai import knowledge
try:
    play = knowledge.for_game(game).random_playout
except AttributeError:          # before Knowledge.random_playout: a know_<game>.fast_playout
    import importlib            # (Rug Pile's), else the game's own
    try:
        fast = importlib.import_module(f"engine.games.{G}.knowledge").fast_playout
        play = lambda state, rng: fast(state, rng, 100_000)
    except (ImportError, AttributeError):
        play = game.random_playout
import random, time
state = game.new()
rng = random.Random(SEED)
play(state, rng)
count, began = 0, time.perf_counter()
while True:
    play(state, rng)
    count += 1
    elapsed = time.perf_counter() - began
    if elapsed >= SECONDS:
        break
result = count / elapsed
"""

SEARCH = """\
from engine import ai, games
game = games.get(G)
search = ai.Search(game, game.new(), seed=SEED)
search.run(seconds=SECONDS)
result = search.playouts / search.elapsed
"""


HARD = """\
from engine import games
from engine.games.gwyddbwyll.search import GwSearch
game = games.get(G)
state, positions = game.new(), []
for ply in range(1, 41):
    if game.result(state) is not None:
        break
    chooser = GwSearch(state, seed=SEED)
    chooser.run(nodes=300)
    state = game.play(state, chooser.best())
    if ply % 10 == 0:
        positions.append(state)
nodes = elapsed = 0
for position in positions:
    search = GwSearch(position, seed=SEED)
    search.run(seconds=SECONDS / 4)
    nodes, elapsed = nodes + search.playouts, elapsed + search.elapsed
result = nodes / elapsed
"""
SOURCES = {"fast": FAST, "search": SEARCH, "hard": HARD}


def code(game_id: str, kind: str, seed: int, seconds: float) -> str:
    return f"G = {game_id!r}\nSEED = {seed}\nSECONDS = {seconds}\n" + SOURCES[kind]


def pairs(args) -> list[tuple[str, str]]:
    """The (game, kind) pairs measured: `hard` only for the games in HARD_GAMES."""
    return [
        (game_id, kind)
        for game_id in args.games
        for kind in args.kinds
        if kind != "hard" or game_id in HARD_GAMES
    ]


def in_cpython(checkout: Path, source: str) -> float:
    done = subprocess.run(
        [sys.executable, "-c", source + "\nprint(result)"],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=KINDS)
    parser.add_argument(
        "--where", nargs="+", default=["cpython", "browser"], choices=("cpython", "browser")
    )
    args = parser.parse_args(argv)
    trees = {"old": args.old.resolve(), "new": args.new.resolve()}
    pages = {}
    playwright = None
    if "browser" in args.where:
        from playwright.sync_api import sync_playwright

        playwright = sync_playwright().start()
        browser = bench.launch(playwright)
        for name, tree in trees.items():
            _, base = bench.serve(tree)
            _, pages[name] = bench.bench_page(browser, base, [])
    report(args, measure(args, trees, pages))
    if playwright is not None:
        playwright.stop()
    return 0


def measure(args, trees: dict, pages: dict) -> dict:
    """(where, kind, game, tree) -> its rate in each round, the trees taking turns first."""
    rates: dict = {}
    for round_ in range(args.rounds):
        order = list(trees) if round_ % 2 == 0 else list(reversed(trees))
        for game_id, kind in pairs(args):
            for name in order:
                source = code(game_id, kind, round_ + 1, args.seconds)
                if "cpython" in args.where:
                    rates.setdefault(("cpython", kind, game_id, name), []).append(
                        in_cpython(trees[name], source)
                    )
                if "browser" in args.where:
                    rates.setdefault(("browser", kind, game_id, name), []).append(
                        float(pages[name].evaluate("code => window.benchRun(code)", source))
                    )
        print(f"round {round_ + 1} of {args.rounds} done", flush=True)
    return rates


def report(args, rates: dict) -> None:
    """The median rate of each tree, and new/old, per place, kind and game."""
    for where in args.where:
        for game_id, kind in pairs(args):
            old, new = (
                statistics.median(rates[(where, kind, game_id, name)]) for name in ("old", "new")
            )
            print(
                f"{where:8s} {kind:6s} {game_id:11s} old {old:9.1f}  new {new:9.1f}  "
                f"new/old {new / old:.3f}"
            )


if __name__ == "__main__":
    sys.exit(main())
