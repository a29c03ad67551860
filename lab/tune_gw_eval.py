"""Fit the hard Gwyddbwyll player's evaluation weights to game results (Texel's method).

Issue 27: the evaluation's weights (engine/games/gwyddbwyll/evaluation.py) were set by hand, and
along the drawn match games its value stood well ahead early and wore away.  This fits them to what
happened: each quiet position of a set of recorded games is labelled with the game's end for
White (1, 1/2 or 0), and the weights are those under which the logistic of the evaluation,
sigmoid(K * value), best predicts those labels (least log loss; K is fitted first, on the
weights as they are).

    python lab/tune_gw_eval.py play --first 10000 --games 400 --out games.jsonl
    python lab/tune_gw_eval.py fit games.jsonl [more.jsonl ...] --save fitted.json
    python lab/tune_gw_eval.py match fitted.json --pairs 30 --nodes 3000

`play` makes the games: the hard level's search against itself at a budget of nodes a move
(each side's search taking over its last one's table, as in the page), after a few random
plies (OPENING, plus the seed modulo 5) so that the games differ, stopped as drawn at CAP
plies.  A game file holds a JSON line a game, with its moves in notation and either "white"
(White's reward, as `play` writes) or "reward" and "search_seat" (the match records of
lab/records/).  A position is quiet when its side to move is not in check and
neither the move before it nor the move after it took a piece.  The games whose number
(their line, from 0) is a multiple of HOLD_OUT are kept out of the fit and report the loss
on games it has not seen.

The evaluation is nearly linear in its weights, so the fit works on the change of each
position's value with each weight (by finite differences, `slopes`) and takes Newton steps of
the logistic regression, pulled toward the weights as they are (`PULL`); then it evaluates
again with the new weights, which also counts the terms that are not linear (the trade
bonus).  Prints the loss before and after and the weights to write into gw_eval.py.

`match` then plays the saved weights against the weights as they are, both sides the hard
level's search at a budget of nodes a move, two games a seed (the same random opening, either
side to each), and prints the saved weights' wins, draws and losses.  A better fit of the
results is not a stronger player: lab/notebook.md (seventh run) has the fits and matches
so far.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Iterable, Sequence
from typing import cast

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine import games
from engine.games.gwyddbwyll import evaluation as gw_eval
from engine.games.gwyddbwyll.kernel import (
    BISHOP,
    EMPTY,
    JUMPER,
    KING,
    KNIGHT,
    QUEEN,
    ROOK,
    WHITE,
    Step,
    attacked,
    is_en_passant,
    piece,
)
from engine.games.gwyddbwyll.rules import GwState
from engine.games.gwyddbwyll.search import GwSearch

OPENING = 6  # random plies at the start of a self-play game, plus its seed modulo 5
CAP = 400  # plies after which a self-play game is drawn
HOLD_OUT = 5  # every HOLD_OUT-th game is kept out of the fit
SKIP = 10  # plies at the start of a game left out (the self-play's random openings)
PULL = 20.0  # the weight of the squared change of the weights, against the summed log loss
STEP = 0.01  # the finite difference of a weight
NEWTON_STEPS = 8


class Weight:
    """One weight of gw_eval: a module constant, or an entry of one of its dicts or tuples."""

    def __init__(self, name: str, key: int | None = None, label: str = "") -> None:
        self.name, self.key = name, key
        self.label = label or name

    def get(self) -> float:
        value = getattr(gw_eval, self.name)
        return value if self.key is None else value[self.key]

    def set(self, value: float) -> None:
        if self.key is None:
            setattr(gw_eval, self.name, value)
            return
        held = getattr(gw_eval, self.name)
        if isinstance(held, dict):
            held[self.key] = value
        else:
            setattr(gw_eval, self.name, (*held[: self.key], value, *held[self.key + 1 :]))


KINDS = {KNIGHT: "knight", BISHOP: "bishop", ROOK: "rook", QUEEN: "fers", JUMPER: "new fers"}
WEIGHTS = (
    [Weight("MATERIAL", kind, f"MATERIAL[{name}]") for kind, name in KINDS.items()]
    + [Weight("CENTRE", kind, f"CENTRE[{name}]") for kind, name in KINDS.items()]
    + [Weight("PAWN_ADVANCE", row, f"PAWN_ADVANCE[{row}]") for row in range(1, 5)]
    + [
        Weight(name)
        for name in (
            "PAWN_CENTRE",
            "KING_HOME",
            "KING_CENTRE",
            "FEW",
            "ROOK_FREE",
            "ROOK_OPEN",
            "BOXED",
            "TRADE",
            "HUNT_EDGE",
            "HUNT_NEAR",
            "BACK_RANK",
        )
    ]
)


def current() -> dict[str, float]:
    """The weights as they now are, by label."""
    return {weight.label: weight.get() for weight in WEIGHTS}


def use(weights: dict[str, float]) -> None:
    """Set the weights (by label, as `current` gives them) and rebuild the tables."""
    for weight in WEIGHTS:
        weight.set(weights[weight.label])
    gw_eval.retune()


def play(seed: int, nodes: int, sides: Sequence[dict[str, float]] | None = None) -> dict:
    """One game of the hard level's search against itself, `nodes` a move (see `main`);
    with `sides`, White searches with the first weights and Black with the second."""
    game = games.get("gwyddbwyll")
    state = game.new()
    rng = random.Random(seed)
    moves: list[str] = []
    earlier: list[GwState] = []
    last: list[GwSearch | None] = [None, None]  # each side's search of its last move
    while game.result(state) is None and len(moves) < CAP:
        if len(moves) < OPENING + seed % 5:
            move = rng.choice(game.legal_moves(state))
        else:
            side = state.turn
            if sides is not None:
                use(sides[side])
            search = GwSearch(
                state, seed=rng.randrange(2**32), earlier=earlier, previous=last[side]
            )
            search.run(nodes=nodes)
            last[side] = search
            move = search.best()
        moves.append(game.notation(state, move))
        earlier.append(state)
        state = game.play(state, move)
    result = game.result(state)
    white = 0.5 if result is None else result.reward(WHITE)
    return {"seed": seed, "nodes": nodes, "white": white, "moves": moves}


def white_reward(record: dict) -> float:
    """White's reward in a recorded game, from either kind of record."""
    if "white" in record:
        return float(record["white"])
    reward = float(record["reward"])
    return reward if record["search_seat"] == WHITE else 1.0 - reward


def quiet_positions(moves: Sequence[str], skip: int = SKIP) -> Iterable[tuple[int, ...]]:
    """The boards of a game's quiet positions from ply `skip` on (see the module's text)."""
    game = games.get("gwyddbwyll")
    state = game.new()
    took_before = False
    for ply, text in enumerate(moves):
        move = cast(Step, game.parse(state, text))
        board = state.board
        takes = board[move[1]] != EMPTY or is_en_passant(board, move[0], move[1], state.ep)
        king = board.index(piece(state.turn, KING))
        if (
            ply >= skip
            and not takes
            and not took_before
            and not attacked(board, king, 1 - state.turn)
        ):
            yield board
        took_before = takes
        state = game.play(state, move)


def load(paths: Iterable[str]) -> tuple[list, list]:
    """(board, White's reward) of every quiet position: those to fit on, those held out."""
    fit: list[tuple[tuple[int, ...], float]] = []
    held: list[tuple[tuple[int, ...], float]] = []
    number = 0
    for path in paths:
        with open(path) as f:
            for line in f:
                record = json.loads(line)
                reward = white_reward(record)
                into = held if number % HOLD_OUT == 0 else fit
                into.extend((board, reward) for board in quiet_positions(record["moves"]))
                number += 1
    return fit, held


def values(boards: Sequence[tuple[int, ...]]) -> list[float]:
    """The evaluation of each board for White, with the weights as they now are."""
    gw_eval.retune()
    return [gw_eval.evaluate(b, gw_eval.score(b), WHITE) for b in boards]


def slopes(
    boards: Sequence[tuple[int, ...]], base: Sequence[float], weights: Sequence[Weight]
) -> list[list[float]]:
    """For each of `weights`, how each board's value changes with it (a column a weight)."""
    columns = []
    for weight in weights:
        held = weight.get()
        weight.set(held + STEP)
        columns.append([(v - b) / STEP for v, b in zip(values(boards), base, strict=True)])
        weight.set(held)
    gw_eval.retune()
    return columns


def sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


def log_loss(scale: float, vals: Sequence[float], labels: Sequence[float]) -> float:
    """The mean log loss of sigmoid(scale * value) against the labels."""
    total = 0.0
    for v, y in zip(vals, labels, strict=True):
        p = min(max(sigmoid(scale * v), 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(vals)


def fit_scale(vals: Sequence[float], labels: Sequence[float]) -> float:
    """The K of least log loss (golden-section search between 0.01 and 5)."""
    lo, hi = 0.01, 5.0
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(40):
        a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if log_loss(a, vals, labels) < log_loss(b, vals, labels):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """x with matrix @ x = rhs (Gaussian elimination with partial pivoting)."""
    n = len(rhs)
    rows = [[*row, r] for row, r in zip(matrix, rhs, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, n + 1):
                rows[r][c] -= factor * rows[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (rows[r][n] - sum(rows[r][c] * x[c] for c in range(r + 1, n))) / rows[r][r]
    return x


def newton(
    scale: float,
    base: Sequence[float],
    columns: list[list[float]],
    labels: Sequence[float],
    pull: float = PULL,
) -> list[float]:
    """The change of the weights that minimises the summed log loss of the linearised values
    base + columns . change, plus `pull` times the squared change."""
    size = len(columns)
    change = [0.0] * size
    rows = list(zip(*columns, strict=True))
    for _ in range(NEWTON_STEPS):
        grad = [2 * pull * c for c in change]
        hess = [[2 * pull if i == j else 0.0 for j in range(size)] for i in range(size)]
        for row, b, y in zip(rows, base, labels, strict=True):
            z = scale * (b + sum(r * c for r, c in zip(row, change, strict=True)))
            p = sigmoid(z)
            g, h = scale * (p - y), scale * scale * p * (1 - p)
            for i in range(size):
                ri = row[i]
                if ri:
                    grad[i] += g * ri
                    hi = h * ri
                    line = hess[i]
                    for j in range(i, size):
                        line[j] += hi * row[j]
        for i in range(size):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, [-g for g in grad])
        change = [c + s for c, s in zip(change, step, strict=True)]
        if max(abs(s) for s in step) < 1e-4:
            break
    return change


def report(scale: float, fit: list, held: list) -> None:
    """Print the log loss of the weights as they now are, on the fit's positions and held
    out."""
    for name, part in (("fit", fit), ("held out", held)):
        vals = values([b for b, _ in part])
        print(f"  {name}: log loss {log_loss(scale, vals, [y for _, y in part]):.5f}")


def make_games(first: int, count: int, nodes: int, out: str) -> None:
    """Play the self-play games of seeds first, first + 1, ... and append each to `out`."""
    for seed in range(first, first + count):
        began = time.process_time()
        record = play(seed, nodes)
        with open(out, "a") as f:
            f.write(json.dumps(record) + "\n")
        print(
            f"seed {seed}: White {record['white']} in {len(record['moves'])} plies, "
            f"{time.process_time() - began:.1f} s",
            flush=True,
        )


def match(path: str, first: int, pairs: int, nodes: int) -> None:
    """The weights saved in `path` against the weights as they are: two games a seed, the
    same random opening with either side to each, `nodes` a move; prints the tally of the
    saved weights as wins, draws and losses."""
    with open(path) as f:
        fitted = json.load(f)
    mine = current()
    missing = sorted(set(mine) - set(fitted))
    if missing:
        raise SystemExit(f"{path} lacks the weights {', '.join(missing)} (fit --save writes all)")
    tally = [0, 0, 0]
    for seed in range(first, first + pairs):
        for sides, seat in (((fitted, mine), WHITE), ((mine, fitted), 1 - WHITE)):
            white = play(seed, nodes, sides)["white"]
            reward = white if seat == WHITE else 1.0 - white
            tally[0 if reward == 1 else 1 if reward == 0.5 else 2] += 1
        print(f"seed {seed}: fitted weights W/D/L {'/'.join(map(str, tally))}", flush=True)
    use(mine)


def tune(paths: Sequence[str], save: str | None, keep: Sequence[str] = ()) -> None:
    """Fit the weights to the games of `paths`, print the loss and the weights, and write
    them, by label, as JSON into `save`; the weights whose label starts with one of `keep`
    stay as they are."""
    fit, held = load(paths)
    print(f"{len(fit)} quiet positions to fit on, {len(held)} held out")
    boards, labels = [b for b, _ in fit], [y for _, y in fit]
    base = values(boards)
    scale = fit_scale(base, labels)
    print(f"K = {scale:.4f}; the weights as they are:")
    report(scale, fit, held)
    free = [w for w in WEIGHTS if not w.label.startswith(tuple(keep))]
    before = [w.get() for w in WEIGHTS]
    change = newton(scale, base, slopes(boards, base, free), labels)
    for weight, delta in zip(free, change, strict=True):
        weight.set(round(weight.get() + delta, 3))
    print("fitted:")
    report(scale, fit, held)
    for weight, was in zip(WEIGHTS, before, strict=True):
        print(f"  {weight.label:24} {was:7.3f} -> {weight.get():7.3f}")
    if save:
        with open(save, "w") as f:
            json.dump(current(), f, indent=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    make = commands.add_parser("play", help="play self-play games to fit on")
    make.add_argument("--first", type=int, default=10000, help="the first game's seed")
    make.add_argument("--games", type=int, default=100)
    make.add_argument("--nodes", type=int, default=2000, help="the search's nodes a move")
    make.add_argument("--out", required=True, help="append the games here, a JSON line each")
    fit = commands.add_parser("fit", help="fit the weights to recorded games")
    fit.add_argument("games", nargs="+", help="JSON-lines game records")
    fit.add_argument("--save", help="write the fitted weights here (JSON, by label)")
    fit.add_argument(
        "--keep",
        action="append",
        default=[],
        metavar="LABEL",
        help="leave the weights whose label starts so as they are (e.g. MATERIAL)",
    )
    duel = commands.add_parser("match", help="fitted weights against the weights as they are")
    duel.add_argument("weights", help="the fitted weights (as fit --save writes them)")
    duel.add_argument("--first", type=int, default=20000, help="the first pair's seed")
    duel.add_argument("--pairs", type=int, default=50, help="seeds, each played twice")
    duel.add_argument("--nodes", type=int, default=5000, help="the search's nodes a move")
    args = parser.parse_args()
    if args.command == "play":
        make_games(args.first, args.games, args.nodes, args.out)
    elif args.command == "fit":
        tune(args.games, args.save, args.keep)
    else:
        match(args.weights, args.first, args.pairs, args.nodes)


if __name__ == "__main__":
    main()
