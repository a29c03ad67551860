"""The strength table: arena matches for every game at its default size, and the
search's playouts per second in CPython, written to lab/notebook.md (docs/strength.md copies
the table).

    python lab/strength.py                       # everything (hours at full budgets)
    python lab/strength.py --games 20 --scale 0.25 --only rugpile wythe
    python lab/strength.py --write-only          # rebuild the page from saved results
    python lab/strength.py --only rugpile --pairs hard:medium --scale 0.1 --seed 2 --add

Each finished match is saved at once, as JSON in a comment at the end of
lab/notebook.md, so a long run can be stopped and resumed, or split across
several processes (one --only each), and the page is rebuilt from everything
saved so far; the page's sections after the table and rates are written by hand and
kept as they are (from HAND_MARK to the results).  Budgets are playout
counts (reproducible): THINK_SECONDS of the level times the game's nominal
CPython rate (its knowledge's arena_rate, engine/games/<game>/knowledge.py), times --scale.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import json
import os
import random
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine import games
from engine.ai import THINK_SECONDS, Search
from engine.ai.arena import MatchResult, play_match
from engine.ai.knowledge import for_game

PAIRINGS = (
    ("medium", "random", "score at least 95%", lambda m: m["score"] >= 0.95),
    ("medium", "greedy", "score at least 75%", lambda m: m["score"] >= 0.75),
    ("hard", "medium", "interval above 50%", lambda m: m["low"] > 0.5),
)
ROOT = os.path.join(os.path.dirname(__file__), "..")
PAGE = os.path.join(ROOT, "lab", "notebook.md")
DATA_MARK = "<!-- results (read back by lab/strength.py):"
# The page's sections from here to the results are written by hand (the matches of
# lab/duel.py and lab/stigmergy_hard.py, their traces, the notes): kept as they are.
HAND_MARK = "<!-- written by hand from here to the results; lab/strength.py keeps it -->"


def _page_text() -> str:
    if not os.path.exists(PAGE):
        return ""
    with open(PAGE) as f:
        return f.read()


def load() -> dict:
    """The results saved in the page so far."""
    text = _page_text()
    if DATA_MARK in text:
        return json.loads(text.split(DATA_MARK, 1)[1].rsplit("-->", 1)[0])
    return {"matches": {}, "rates": {}}


def hand_written() -> str:
    """The page's sections written by hand (between HAND_MARK and the results), or ""."""
    text = _page_text()
    if HAND_MARK not in text:
        return ""
    return text.split(HAND_MARK, 1)[1].split(DATA_MARK, 1)[0].strip()


@contextlib.contextmanager
def locked():
    """Hold a lock while reading, changing and writing the page (runs may be parallel)."""
    with open(os.path.join(tempfile.gettempdir(), "strength-md.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def record(section: str, key: str, value, add: bool = False) -> None:
    """Save one result; with `add`, fold it into a saved run at the same budgets."""
    with locked():
        data = load()
        old = data[section].get(key)
        if add and old is not None and old["budgets"] == value["budgets"]:
            value = combine(old, value)
        data[section][key] = value
        save(data)


def save(data: dict) -> None:
    tmp = PAGE + f".{os.getpid()}.tmp"
    with open(tmp, "w") as f:
        f.write(page(data, hand_written()))
    os.replace(tmp, PAGE)


def measure_rate(game_id: str, seconds: float) -> dict:
    """Playouts per CPU second of the search from the start and from a mid-game position
    (process time, so that other work on a shared machine does not count)."""
    game = games.get(game_id)
    start = game.new()
    rng = random.Random(1)
    middle = start
    for _ in range(12):
        moves = game.legal_moves(middle)
        if not moves:
            break
        middle = game.apply(middle, moves[rng.randrange(len(moves))])
    rates = {}
    for label, state in (("start", start), ("middle", middle)):
        search = Search(game, state, seed=1)
        began = time.process_time()
        search.run(seconds)
        rates[label] = round(search.playouts / (time.process_time() - began))
    return rates


def combine(old: dict, new: dict) -> dict:
    """Two runs of one pairing at the same budgets as one (the seeds differ)."""
    merged = dict(new)
    for key in ("wins", "draws", "losses", "games", "seconds"):
        merged[key] = old[key] + new[key]
    if "by_seat" in old:
        merged["by_seat"] = {
            seat: [
                x + y
                for x, y in zip(
                    old["by_seat"].get(seat, [0] * 3),
                    new["by_seat"].get(seat, [0] * 3),
                    strict=True,
                )
            ]
            for seat in set(old["by_seat"]) | set(new["by_seat"])
        }
    else:
        merged.pop("by_seat", None)
    merged["plies"] = round(
        (old["plies"] * old["games"] + new["plies"] * new["games"]) / merged["games"]
    )
    merged["seed"] = f"{old['seed']},{new['seed']}"
    both = MatchResult("", "", "", merged["wins"], merged["draws"], merged["losses"])
    low, high = both.interval
    merged.update(score=both.score, low=low, high=high)
    return merged


def run_match(game_id, a, b, n, scale, seed) -> dict:
    began = time.perf_counter()
    by_seat: dict[str, list[int]] = {}  # player A's seat -> [wins, draws, losses]

    def tally(_, seat, outcome, __):
        counts = by_seat.setdefault(str(seat), [0, 0, 0])
        counts[0 if outcome.winners == (seat,) else 1 if seat in outcome.winners else 2] += 1

    match = play_match(game_id, a, b, games=n, seed=seed, scale=scale, progress=tally)
    low, high = match.interval
    return {
        "wins": match.wins,
        "draws": match.draws,
        "losses": match.losses,
        "by_seat": by_seat,
        "games": match.games,
        "score": match.score,
        "low": low,
        "high": high,
        "scale": scale,
        "seed": seed,
        "seconds": round(time.perf_counter() - began),
        "budgets": match.budgets,
        "plies": round(sum(match.plies) / len(match.plies)),
        "seats": match.seats,
    }


def seat_split(match: dict) -> str:
    if "by_seat" not in match:
        return "not recorded"
    return " / ".join(
        "/".join(map(str, match["by_seat"].get(str(seat), [0, 0, 0])))
        for seat in range(match["seats"])
    )


def page(data: dict, by_hand: str = "") -> str:
    """The page: the table and rates from `data`, then the sections `by_hand`."""
    lines = [
        "# Strength of the computer players: the lab's notebook",
        "",
        "The summary, for reading: docs/strength.md. This page's table and rates are written",
        "by `lab/strength.py`; the runs after them by hand.",
        "",
        "Written by `lab/strength.py` from arena matches (`python -m engine arena`) on a",
        "small shared machine (2 cores, shared with other work), CPython 3.11.",
        "Every game at its default size; seats alternate (player A moves first in half the",
        "games). Score s = (W + D/2)/M with a 95% interval of ±1.96·√(s(1−s)/M) (this",
        "normal approximation has no width at a perfect score: there the Wilson interval's",
        "lower bound is 72% for M = 10 and 81% for M = 16).",
        "",
        "**Budgets.** For reproducible matches the search levels get a playout budget, not",
        "wall time: the level's think time (easy 0.3 s, medium 1 s, hard 4 s) times the",
        "game's nominal CPython playout rate, times the scale shown. A scale below 1 means",
        "proportionally scaled-down budgets (hard keeps 4× medium's), to afford more games.",
        "",
        "| Game | Pairing | M | W/D/L (for A) | Score | 95% interval | Target | Met | "
        "Playouts a move (A / B) | Scale | Plies a game | A first / A second (W/D/L) |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for game_id in games.ids():
        for a, b, target, met in PAIRINGS:
            m = data["matches"].get(f"{game_id}:{a}:{b}")
            if m is None:
                lines.append(f"| {game_id} | {a} vs {b} | – | not run | | | {target} | | | | | |")
                continue
            budget = " / ".join(str(m["budgets"].get(p, {}).get("playouts", "–")) for p in (a, b))
            lines.append(
                f"| {game_id} | {a} vs {b} | {m['games']} | "
                f"{m['wins']}/{m['draws']}/{m['losses']} | {m['score']:.1%} | "
                f"{m['low']:.1%}–{m['high']:.1%} | {target} | {'yes' if met(m) else '**no**'} | "
                f"{budget} | {m['scale']:g} | {m['plies']} | {seat_split(m)} |"
            )
    lines += [
        "",
        "## Playouts per second of the search (CPython)",
        "",
        "`Search.run` for a few seconds from the start position and from a position 12 random",
        "plies in, counted per CPU second (process time: other work on the shared machine",
        "does not count). One playout is one iteration: selection, expansion, the playout",
        "(cut short at the game's depth limit, where its evaluation judges; Stigmergy uses",
        "the evaluation alone), back-up. The nominal arena rates are the figures the budgets",
        "above are computed from.",
        "",
        "| Game | From the start | Mid-game | Nominal arena rate |",
        "|---|---|---|---|",
    ]
    for game_id in games.ids():
        r = data["rates"].get(game_id)
        nominal = for_game(games.get(game_id)).arena_rate
        if r is None:
            lines.append(f"| {game_id} | not measured | | {nominal} |")
        else:
            lines.append(f"| {game_id} | {r['start']} | {r['middle']} | {nominal} |")
    lines += [
        "",
        "Stigmergy's start position is the komi bid (a few bids, then the side choice, "
        "before any stone), so its mid-game figure is the one that counts.",
        "",
        "Think times at the levels: "
        + ", ".join(f"{k} {v:g} s" for k, v in THINK_SECONDS.items())
        + ".",
        "",
    ]
    lines += [HAND_MARK, "", by_hand, ""]
    lines += [DATA_MARK, json.dumps(data, indent=1, sort_keys=True), "-->", ""]
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing (M)")
    parser.add_argument("--scale", type=float, default=1.0, help="budget scale for the search")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", nargs="*", default=None, help="game ids (default: all)")
    parser.add_argument(
        "--pairs", nargs="*", default=None, help="pairings like medium:random (default: all three)"
    )
    parser.add_argument("--rate-seconds", type=float, default=3.0)
    parser.add_argument("--no-rates", action="store_true")
    parser.add_argument("--write-only", action="store_true")
    parser.add_argument(
        "--add",
        action="store_true",
        help="add these games to a saved run at the same budgets (use a new seed)",
    )
    args = parser.parse_args(argv)

    if not args.write_only:
        for game_id in args.only or games.ids():
            if not args.no_rates:
                rates = measure_rate(game_id, args.rate_seconds)
                record("rates", game_id, rates)
                print(f"{game_id}: {rates} playouts/s", flush=True)
            for a, b, _, _ in PAIRINGS:
                if args.pairs is not None and f"{a}:{b}" not in args.pairs:
                    continue
                result = run_match(game_id, a, b, args.games, args.scale, args.seed)
                record("matches", f"{game_id}:{a}:{b}", result, add=args.add)
                print(f"{game_id} {a} vs {b}: {result}", flush=True)
    with locked():
        save(load())
    return 0


if __name__ == "__main__":
    sys.exit(main())
