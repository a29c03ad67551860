"""A quiet measure of the hard Gwyddbwyll search's choices (issue 27): positions from
recorded matches, each judged by a long search, against which a short search's moves are
scored.

A match of 40 games cannot tell apart two searches whose scores differ by less than about
ten points (lab/notebook.md, seventeenth run): the same opening replayed gives another
result a quarter of the time.  Here every position is searched by a node budget, so a
search's choices are reproducible, and two searches are compared position by position.

    python lab/gw_positions.py build RECORDS... --out FILE [--count 240] [--nodes 150000]
    python lab/gw_positions.py score FILE [--nodes 15000] [--label NAME] [--set M.NAME=V]

`build` draws positions where the hard level was to move (plies 10-99, from games it did
not win first: their middle games are where it lost material) and searches each with
`--nodes` for its best move, which it judges as below.  `score` searches each position with
the short budget (about the nodes of 0.5 s of CPU time in CPython) and judges every move it
chooses by a long search of the position after it (kept in FILE, so later runs reuse it).
A move's loss is the best judged move's score less its own, in pawns; the summary counts
the moves that lose half a pawn or more and a pawn or more.  The long search is the same
search with ten times the nodes: it finds what deeper search finds, not the truth, so the
measure suits changes of search (pruning, quiescence, move order) better than changes of
evaluation, which it judges by the old evaluation.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
from multiprocessing import Pool

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine import games
from engine.games.gwyddbwyll.rules import GwState
from engine.games.gwyddbwyll.search import GwSearch

GAME = games.get("gwyddbwyll")
LOSS_CAP = 5.0  # pawns: the most one move's loss adds to the mean
WIN_NOW = 1000.0  # the judged score of a move that ends the game in the mover's favour


def _replay(moves: list[str]) -> tuple[list[GwState], GwState]:
    """The positions before each of `moves`, and the position after the last."""
    state: GwState = GAME.new()
    states = []
    for text in moves:
        states.append(state)
        state = GAME.play(state, GAME.parse(state, text))
    return states, state


def _position(record: dict, ply: int) -> dict:
    return {"seed": record["seed"], "ply": ply, "moves": record["moves"][:ply], "judged": {}}


def draw_positions(paths: list[str], count: int, seed: int) -> list[dict]:
    """`count` positions where the hard level was to move, plies 10-99 of games it did not
    win first, then of the others, at random."""
    first: list[dict] = []
    rest: list[dict] = []
    for path in paths:
        with open(path) as f:
            for line in f:
                record = json.loads(line)
                plies = range(10, min(100, len(record["moves"])))
                mine = [p for p in plies if p % 2 == record["search_seat"]]
                bucket = first if record["reward"] < 1 else rest
                bucket.extend(_position(record, p) for p in mine)
    rng = random.Random(seed)
    rng.shuffle(first)
    rng.shuffle(rest)
    return (first + rest)[:count]


def search(moves: list[str], nodes: int) -> tuple[str, float]:
    """The move a search of `nodes` chooses after `moves`, and its score (side to move)."""
    states, state = _replay(moves)
    found = GwSearch(state, seed=1, earlier=states)
    found.run(nodes=nodes)
    return GAME.notation(state, found.best()), found.value


def judge(job: tuple[list[str], str, int]) -> float:
    """The score of playing `move` after `moves`, by a search of `nodes` of the position
    after it, for the side that plays it."""
    moves, move, nodes = job
    if GAME.result(_replay([*moves, move])[1]) is not None:
        return WIN_NOW  # no position is left to search (a move never loses its own game)
    return -search([*moves, move], nodes)[1]


def build(args) -> None:
    positions = draw_positions(args.records, args.count, args.seed)
    with Pool(args.workers) as pool:
        best = [m for m, _ in pool.starmap(search, [(p["moves"], args.nodes) for p in positions])]
        values = pool.map(
            judge, [(p["moves"], m, args.nodes) for p, m in zip(positions, best, strict=True)]
        )
    for position, move, value in zip(positions, best, values, strict=True):
        position["best"] = move
        position["judged"][move] = value
    _save(args.out, {"nodes": args.nodes, "positions": positions})
    print(f"{len(positions)} positions searched with {args.nodes} nodes each: {args.out}")


def score(args) -> None:
    with open(args.file) as f:
        data = json.load(f)
    positions = data["positions"]
    with Pool(args.workers) as pool:
        chosen = [
            m for m, _ in pool.starmap(search, [(p["moves"], args.nodes) for p in positions])
        ]
        unjudged = sorted(
            {
                (i, m)
                for i, (p, m) in enumerate(zip(positions, chosen, strict=True))
                if m not in p["judged"]
            }
        )
        values = pool.map(judge, [(positions[i]["moves"], m, data["nodes"]) for i, m in unjudged])
    for (i, move), value in zip(unjudged, values, strict=True):
        positions[i]["judged"][move] = value
    _save(args.file, data)
    lost = losses(positions, chosen)
    same = sum(p["best"] == m for p, m in zip(positions, chosen, strict=True))
    counts = tally(lost)
    print(
        f"{args.label}: {len(positions)} positions at {args.nodes} nodes: the long search's "
        f"move {same}, losing >= 0.5: {counts['half']}, >= 1.0: {counts['whole']}, mean loss "
        f"(each at most {LOSS_CAP:g}) {counts['mean']:.3f}; newly judged {len(unjudged)}"
    )
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"label": args.label, "nodes": args.nodes, "chosen": chosen}, f)


def losses(positions: list[dict], chosen: list[str]) -> list[float]:
    """For each position, what its chosen move loses against the best move judged there (the
    long search's, or another search's that judged better), in pawns."""
    return [
        max(p["judged"].values()) - p["judged"][move]
        for p, move in zip(positions, chosen, strict=True)
    ]


def tally(lost: list[float]) -> dict[str, float]:
    """How many moves lose half a pawn or more (`half`), a pawn or more (`whole`), and the
    mean loss, each counted at most LOSS_CAP (a lost mate would swamp the rest)."""
    return {
        "half": sum(loss >= 0.5 for loss in lost),
        "whole": sum(loss >= 1.0 for loss in lost),
        "mean": sum(min(loss, LOSS_CAP) for loss in lost) / len(lost),
    }


def _save(path: str, data: dict) -> None:
    with open(path + ".tmp", "w") as f:
        json.dump(data, f)
    os.replace(path + ".tmp", path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("build")
    make.add_argument("records", nargs="+")
    make.add_argument("--out", required=True)
    make.add_argument("--count", type=int, default=240)
    make.add_argument("--nodes", type=int, default=150_000)
    make.add_argument("--seed", type=int, default=1)
    test = commands.add_parser("score")
    test.add_argument("file")
    test.add_argument("--nodes", type=int, default=15_000)
    test.add_argument("--label", default="search")
    test.add_argument("--out", help="write the chosen moves here")
    test.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="MODULE.NAME=VALUE",
        help="a constant of engine/ai's modules for this run, e.g. gw_search.LATE_FROM=6",
    )
    args = parser.parse_args()
    for item in getattr(args, "set", []):
        name, value = item.split("=")
        module, constant = name.split(".")
        setattr(
            importlib.import_module(f"engine.ai.{module}"),
            constant,
            float(value) if "." in value else int(value),
        )
    if args.command == "build":
        build(args)
    else:
        score(args)


if __name__ == "__main__":
    main()
