"""How far the analysis's win chances mean what they say: the side to move's lean, the change
from ply to ply, and calibration (reliability tables, ECE, Brier), per game.

    python lab/judgement.py values --game wythe      # judge every saved position (cached)
    python lab/judgement.py report                   # the tables, and the fitted curves

The positions are those of the self-play games of lab/selfplay.py (the hard level against
itself; lab/judgement_data/<game>.jsonl).  `values` searches each position once at the
graph's budget (GRAPH_PLAYOUTS: 0.12 s of search at the browser's speed, in playouts, seeded)
and keeps, per position: the seat to move, the value the graph showed before issue 27 (the best
move's mean), the search's value now (engine.ai.analysis.value, uncalibrated), the knowledge's
evaluation (what `glance` shows) and, in Stigmergy, the expected margin at the end of the
principal line; saved in lab/judgement_data/<game>.values.json.

`report` prints, per game: the side-to-move bias (the mean, over consecutive plies, of the
mover's chance minus the same seat's chance one ply later: positive when the side to move is
favoured) and the median change of the shown chance between consecutive plies, before and
after; the reliability table of the mover's chance against the game's result, with the
expected calibration error (ECE, 10 equal-width bins, in points) and the Brier score; and the
fitted curves for engine/ai/calibration.py.  The curves are fitted on all games; the "after"
figures are out-of-fold (the curve fitted on the games of the other parity of seed), so the
fit is not judged on the games it was fitted to.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine import games
from engine.ai import Search, calibration
from engine.ai.analysis import LINE_PLIES, LINE_VISITS, estimate, value
from engine.ai.calibration import Curve
from engine.ai.knowledge import for_game
from engine.ai.mcts import preference
from engine.contract.fixtures import fixtures
from lab.selfplay import DATA, load_games

GAMES = games.ids()
# The graph's budget, 0.12 s a position in the browser, in playouts: each game's fixtures
# (GRAPH_PLAYOUTS: the browser's search rate times 0.12 s, adjusted to mid-game positions).
GRAPH_PLAYOUTS = {game_id: fixtures(game_id).GRAPH_PLAYOUTS for game_id in games.ids()}
BINS = 10


# --times: a multiple of the graph's budget; --games: how many of the saved games
BUDGET: dict[str, Any] = {"times": 1, "games": None}


def values_path(game_id: str) -> str:
    times = BUDGET["times"]
    suffix = "" if times == 1 else f".x{times}"
    return os.path.join(DATA, f"{game_id}{suffix}.values.json")


def judge_position(game, state, playouts: int, seed: int) -> dict:
    """One position's record: who moves, the old shown value, the new raw value, the
    evaluation, the margin estimate (first seat's chances / points)."""
    know = for_game(game)
    search = Search(game, state, seed=seed)
    if not search.done:
        search.run(playouts=playouts)
    root = search.root
    old = None
    if root.exact is not None:
        old = list(root.exact)
    elif root.children:
        best = max(root.children, key=preference(root.to_move))
        if best.visits or best.exact is not None:
            old = [best.mean(s) for s in range(2)]
    if old is None:
        old = list(know.rewards(state))
    node = root
    for _ in range(LINE_PLIES):  # the principal line, as analysis._line follows it
        if not node.children:
            break
        child = max(node.children, key=preference(node.to_move))
        if child.visits < LINE_VISITS and child.exact is None:
            break
        node = child
    end = node.state
    margin = know.margin(end)
    return {
        "to_move": game.to_move(state),
        "end_to_move": game.to_move(end) if game.result(end) is None else -1,
        "old": old[0],
        "raw": value(search)[0],
        "exact": root.exact is not None,
        "eval": know.rewards(state)[0],
        "margin": margin,
        "forced": len(root.moves or ()) <= 1,
    }


def judge_all(game_id: str) -> None:
    game = games.get(game_id)
    path = values_path(game_id)
    saved = load_values(game_id)
    playouts = GRAPH_PLAYOUTS[game_id] * BUDGET["times"]
    for record in load_games(game_id)[: BUDGET["games"]]:
        key = str(record["seed"])
        if key in saved:
            continue
        began = time.process_time()
        state = game.new()
        rows = []
        for ply, text in enumerate(record["moves"]):
            rows.append(judge_position(game, state, playouts, seed=ply))
            state = game.play(state, game.parse(state, text))
        first, second = game.scores(state) if game_id == "stigmergy" else (0, 0)
        saved[key] = {
            "rewards": record["rewards"],
            "final_margin": first - second,
            "rows": rows,
        }
        with open(path, "w") as f:
            json.dump(saved, f)
        print(f"{game_id} {key}: {len(rows)} positions, {time.process_time() - began:.0f} s")


# --------------------------------------------------------------------------- measures


def mover_view(first: float, mover: int) -> float:
    return first if mover == 0 else 1.0 - first


def lean_and_change(series: list[list[tuple[int, float]]]) -> tuple[float, float, int]:
    """(mean side-to-move lean, median |change| between consecutive plies, pairs) of games'
    series of (seat to move, first seat's chance); pairs where the same seat moves twice
    (a pass or swap is still a move; Stigmergy's bid then side) count for the change only."""
    leans, changes = [], []
    for points in series:
        for (mover, a), (after, b) in itertools.pairwise(points):
            changes.append(abs(a - b))
            if mover in (0, 1) and after == 1 - mover:
                leans.append(a - b if mover == 0 else b - a)
    return statistics.mean(leans), statistics.median(changes), len(leans)


def logit(p: float) -> float:
    p = min(max(p, 0.005), 0.995)
    return math.log(p / (1 - p))


def sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z)) if z > -30 else math.exp(z)


MAX_SLOPE = 4.0  # a steeper curve is nearly a step: no chance would be shown between 1% and 99%
RIDGE = 1.0  # a weak pull of the slope towards 0, so a separable set cannot diverge


def fit_curve(pairs: list[tuple[float, float]]) -> Curve:
    """Logistic regression of the outcome (0, 0.5, 1) on logit(value): Newton's method, with a
    weak ridge on the slope; a slope outside [0, MAX_SLOPE] is held at the nearer end and the
    shift refitted."""
    a, b = _newton(pairs, 1.0, 0.0, fit_slope=True)
    if not 0.0 <= a <= MAX_SLOPE:  # a falling curve would not keep the values' order
        a = min(max(a, 0.0), MAX_SLOPE)
        a, b = _newton(pairs, a, 0.0, fit_slope=False)
    return Curve(round(a, 3), round(b, 3))


def _loss(pairs, a: float, b: float) -> float:
    """The negative log-likelihood of the outcomes under the curve (a, b), with the ridge."""
    total = 0.5 * RIDGE * a * a
    for v, y in pairs:
        p = min(max(sigmoid(a * logit(v) + b), 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total


def _newton(pairs, a: float, b: float, fit_slope: bool) -> tuple[float, float]:
    """Newton's method with step halving (a full step can overshoot when values pile up at
    the edges, as a saturated evaluation's do)."""
    loss = _loss(pairs, a, b)
    for _ in range(100):
        ga, gb, haa, hab, hbb = -RIDGE * a, 0.0, RIDGE, 0.0, 0.0
        for v, y in pairs:
            x = logit(v)
            p = sigmoid(a * x + b)
            w = p * (1 - p)
            ga += (y - p) * x
            gb += y - p
            haa += w * x * x
            hab += w * x
            hbb += w
        if fit_slope:
            det = haa * hbb - hab * hab
            if det <= 1e-12:
                break
            da = (hbb * ga - hab * gb) / det
            db = (haa * gb - hab * ga) / det
        else:
            da, db = 0.0, gb / max(hbb, 1e-9)
        step = 1.0
        while step > 1e-4:
            trial = _loss(pairs, a + step * da, b + step * db)
            if trial <= loss:
                break
            step /= 2
        else:
            break
        a, b, gained = a + step * da, b + step * db, loss - trial
        loss = trial
        if gained < 1e-9:
            break
    return a, b


def reliability(pairs: list[tuple[float, float]]) -> tuple[list[tuple], float, float]:
    """(table rows (bin, n, mean chance, mean result), ECE in points, Brier score)."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(BINS)]
    for p, y in pairs:
        bins[min(int(p * BINS), BINS - 1)].append((p, y))
    rows, ece = [], 0.0
    for i, members in enumerate(bins):
        if not members:
            continue
        mp = statistics.mean(p for p, _ in members)
        my = statistics.mean(y for _, y in members)
        rows.append((i, len(members), mp, my))
        ece += len(members) / len(pairs) * abs(mp - my)
    brier = statistics.mean((p - y) ** 2 for p, y in pairs)
    return rows, 100 * ece, brier


def load_values(game_id: str) -> dict:
    path = values_path(game_id)
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return json.load(f)


def usable(row: dict) -> bool:
    return row["to_move"] in (0, 1) and not row["exact"] and not row["forced"]


def pairs_of(saved: dict, keys, field: str, curve: Curve | None = None) -> list:
    """(mover's chance, mover's result) of every usable position of the games `keys`."""
    out = []
    for key in keys:
        game = saved[key]
        for row in game["rows"]:
            if not usable(row):
                continue
            mover = row["to_move"]
            v = mover_view(row[field], mover)
            out.append((curve(v) if curve else v, game["rewards"][mover]))
    return out


def folds(saved: dict) -> tuple[list[str], list[str]]:
    keys = sorted(saved, key=int)
    return [k for k in keys if int(k) % 2 == 0], [k for k in keys if int(k) % 2 == 1]


def out_of_fold(saved: dict, field: str) -> list:
    even, odd = folds(saved)
    on_odd = fit_curve(pairs_of(saved, odd, field))
    on_even = fit_curve(pairs_of(saved, even, field))
    return pairs_of(saved, even, field, on_odd) + pairs_of(saved, odd, field, on_even)


def shown_series(saved: dict, field: str, curve: Curve | None) -> list:
    series = []
    for game in saved.values():
        points = []
        for row in game["rows"]:
            mover, v = row["to_move"], row[field]
            if curve is not None and mover in (0, 1) and not row["exact"]:
                c = curve(mover_view(v, mover))
                v = c if mover == 0 else 1 - c
            points.append((mover, v))
        series.append(points)
    return series


def table_text(rows) -> str:
    lines = ["| chance shown | positions | mean shown | won |", "|---|---|---|---|"]
    for i, n, mp, my in rows:
        lines.append(f"| {10 * i}–{10 * (i + 1)}% | {n} | {100 * mp:.1f}% | {100 * my:.1f}% |")
    return "\n".join(lines)


def margin_report(saved: dict) -> str:
    """Stigmergy: the margin estimate against the final margin, before and after a fitted
    line (scale, tempo to the side to move), out-of-fold."""

    def rows(keys):
        out = []
        for key in keys:
            game = saved[key]
            for row in game["rows"]:
                if row["margin"] is None or row["end_to_move"] not in (0, 1):
                    continue
                out.append((row["margin"], row["end_to_move"], game["final_margin"]))
        return out

    def fit(data):
        # least squares of final on (estimate, +-1 for the side to move), no intercept
        sxx = sum(m * m for m, _, _ in data)
        sxt = sum(m * (1 if t == 0 else -1) for m, t, _ in data)
        stt = len(data)
        sxy = sum(m * y for m, _, y in data)
        sty = sum((1 if t == 0 else -1) * y for _, t, y in data)
        det = sxx * stt - sxt * sxt
        return ((stt * sxy - sxt * sty) / det, (sxx * sty - sxt * sxy) / det)

    even, odd = folds(saved)
    fits = {"even": fit(rows(odd)), "odd": fit(rows(even))}
    before = [(m, y) for m, _, y in rows(even) + rows(odd)]
    after = [
        (fits[part][0] * m + fits[part][1] * (1 if t == 0 else -1), y)
        for part, keys in (("even", even), ("odd", odd))
        for m, t, y in rows(keys)
    ]
    scale, tempo = fit(rows(even + odd))
    out = [f"margin line on all games: scale {scale:.3f}, tempo {tempo:.3f}"]
    for name, data in (("before", before), ("after (out of fold)", after)):
        mae = statistics.mean(abs(m - y) for m, y in data)
        bias = statistics.mean(y - m for m, y in data)
        out.append(f"{name}: mean |error| {mae:.2f} points, mean error {bias:+.2f}, n={len(data)}")
        edges = (-math.inf, -20, -10, -5, 0, 5, 10, 20, math.inf)
        out.append("| margin shown | positions | mean shown | final |")
        out.append("|---|---|---|---|")
        for lo, hi in itertools.pairwise(edges):
            members = [(m, y) for m, y in data if lo <= m < hi]
            if members:
                out.append(
                    f"| {lo:g} to {hi:g} | {len(members)} | "
                    f"{statistics.mean(m for m, _ in members):+.1f} | "
                    f"{statistics.mean(y for _, y in members):+.1f} |"
                )
    return "\n".join(out)


def report(game_ids) -> None:
    for game_id in game_ids:
        saved = load_values(game_id)
        if not saved:
            continue
        positions = sum(len(g["rows"]) for g in saved.values())
        print(
            f"\n## {game_id}: {len(saved)} games, {positions} positions, "
            f"{GRAPH_PLAYOUTS[game_id] * BUDGET['times']} playouts a position\n"
        )
        search_curve = fit_curve(pairs_of(saved, saved, "raw"))
        if BUDGET["times"] != 1:
            print(
                f"at {BUDGET['times']}x the graph's budget; the curve in use: "
                f"{for_game(games.get(game_id)).search_curve}"
            )
            pairs = pairs_of(saved, saved, "raw", for_game(games.get(game_id)).search_curve)
            rows, ece, brier = reliability(pairs)
            print(f"calibrated by the graph's curve: ECE {ece:.1f} points, Brier {brier:.3f}")
            print(table_text(rows))
        glance_curve = fit_curve(pairs_of(saved, saved, "eval"))
        print(f"SEARCH curve {search_curve}; GLANCE curve {glance_curve}")
        for name, field, curve in (
            ("before (best move's mean)", "old", None),
            ("root value, uncalibrated", "raw", None),
            ("after (calibrated)", "raw", search_curve),
            ("glance before", "eval", None),
            ("glance after", "eval", glance_curve),
        ):
            lean, change, n = lean_and_change(shown_series(saved, field, curve))
            print(
                f"{name}: side-to-move lean {100 * lean:+.1f} points, median change "
                f"{100 * change:.1f} points ({n} pairs)"
            )
        for name, pairs in (
            ("before", pairs_of(saved, saved, "old")),
            ("raw", pairs_of(saved, saved, "raw")),
            ("after (out of fold)", out_of_fold(saved, "raw")),
            ("glance before", pairs_of(saved, saved, "eval")),
            ("glance after (out of fold)", out_of_fold(saved, "eval")),
        ):
            rows, ece, brier = reliability(pairs)
            print(f"\n{name}: ECE {ece:.1f} points, Brier {brier:.3f}, n={len(pairs)}")
            print(table_text(rows))
        if game_id == "stigmergy":
            print("\n" + margin_report(saved))


PAGE = os.path.join(os.path.dirname(__file__), "..", "docs", "judgement.md")
BEGIN = "<!-- BEGIN generated by lab/judgement.py write: edit outside these markers -->"
END = "<!-- END generated by lab/judgement.py -->"


def measures(game_id: str, saved: dict) -> dict:
    """The page's figures for one game: lean and change (before, after), reliability
    (before, after out of fold) of the search and of the glance, and the fitted curves."""
    search_curve = fit_curve(pairs_of(saved, saved, "raw"))
    glance_curve = fit_curve(pairs_of(saved, saved, "eval"))
    shipped = for_game(games.get(game_id)).search_curve != calibration.IDENTITY
    if not shipped:  # no curve in use: the values as they are
        search_curve = glance_curve = calibration.IDENTITY
    out: dict = {"curves": (search_curve, glance_curve), "shipped": shipped}
    for key, field, curve in (
        ("lean_before", "old", None),
        ("lean_after", "raw", search_curve),
        ("glance_lean_before", "eval", None),
        ("glance_lean_after", "eval", glance_curve),
    ):
        out[key] = lean_and_change(shown_series(saved, field, curve))
    out["before"] = reliability(pairs_of(saved, saved, "old"))
    out["after"] = reliability(
        out_of_fold(saved, "raw") if shipped else pairs_of(saved, saved, "raw")
    )
    out["glance_before"] = reliability(pairs_of(saved, saved, "eval"))
    out["glance_after"] = reliability(
        out_of_fold(saved, "eval") if shipped else pairs_of(saved, saved, "eval")
    )
    return out


def markdown(game_ids) -> str:
    """The generated part of docs/judgement.md: the summary table, then each game's
    reliability tables (and Stigmergy's margin)."""
    figures = {g: measures(g, load_values(g)) for g in game_ids if load_values(g)}
    lines = [
        "| Game | games / positions | playouts | lean before → after | median change before"
        " → after | ECE before → after | Brier before → after | glance: lean, ECE before"
        " → after | curves (search; glance) |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for game_id, f in figures.items():
        saved = load_values(game_id)
        positions = sum(len(g["rows"]) for g in saved.values())
        (lb, cb, _), (la, ca, _) = f["lean_before"], f["lean_after"]
        (glb, _, _), (gla, _, _) = f["glance_lean_before"], f["glance_lean_after"]
        search_curve, glance_curve = f["curves"]
        lines.append(
            f"| {game_id} | {len(saved)} / {positions} | {GRAPH_PLAYOUTS[game_id]} | "
            f"{100 * lb:+.1f} → {100 * la:+.1f} | {100 * cb:.1f} → {100 * ca:.1f} | "
            f"{f['before'][1]:.1f} → {f['after'][1]:.1f} | "
            f"{f['before'][2]:.3f} → {f['after'][2]:.3f} | "
            f"{100 * glb:+.1f} → {100 * gla:+.1f}, {f['glance_before'][1]:.1f} → "
            f"{f['glance_after'][1]:.1f} | "
            + (
                f"{search_curve.slope:g}, {search_curve.shift:+g}; "
                f"{glance_curve.slope:g}, {glance_curve.shift:+g} |"
                if f["shipped"]
                else "none (the values as they are) |"
            )
        )
    for game_id, f in figures.items():
        lines += [
            "",
            f"### {game_id}",
            "",
            "Before (the best move's mean, as the graph showed it):",
            "",
        ]
        lines.append(table_text(f["before"][0]))
        lines += [
            "",
            "After (the root's value through the game's curve; out of fold):"
            if f["shipped"]
            else "After (its values as they are: no curve; the same as before):",
            "",
        ]
        lines.append(table_text(f["after"][0]))
        if game_id == "stigmergy":
            lines += ["", "The expected margin (first seat's points; out of fold after):", ""]
            lines.append(margin_report(load_values(game_id)))
    return "\n".join(lines)


def write_page(game_ids) -> None:
    with open(PAGE) as f:
        text = f.read()
    head, rest = text.split(BEGIN)
    _, tail = rest.split(END)
    with open(PAGE, "w") as f:
        f.write(head + BEGIN + "\n" + markdown(game_ids) + "\n" + END + tail)
    print(f"{PAGE}: written")


NOISE_GAMES = 6  # the first games of each set ...
NOISE_STEP = 4  # ... every this many plies ...
NOISE_SEEDS = 6  # ... each judged with this many seeds


def noise(game_ids) -> None:
    """The graph's noise per game: the pooled standard deviation of `estimate` (calibrated, at
    the graph's budget) over NOISE_SEEDS seeds, in positions of the saved games; and the
    least swing it sets (web/logic/graph.py: 3 * sqrt(2) of it, at least 15 points)."""
    for game_id in game_ids:
        game = games.get(game_id)
        variances = []
        for record in load_games(game_id)[:NOISE_GAMES]:
            state = game.new()
            for ply, text in enumerate(record["moves"]):
                if ply % NOISE_STEP == 0 and game.num_seats(state) == 2:
                    firsts = [
                        estimate(game, state, GRAPH_PLAYOUTS[game_id], seed=seed)[0]
                        for seed in range(NOISE_SEEDS)
                    ]
                    variances.append(statistics.variance(firsts))
                state = game.play(state, game.parse(state, text))
        sd = math.sqrt(statistics.mean(variances))
        print(
            f"{game_id}: noise {100 * sd:.1f} points (sd over {NOISE_SEEDS} seeds, "
            f"{len(variances)} positions); 3·√2 of it: {300 * math.sqrt(2) * sd:.1f} points"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("values", "report", "noise", "write"))
    parser.add_argument("--game", nargs="*", default=list(GAMES))
    parser.add_argument(
        "--times",
        type=int,
        default=1,
        help="search at this multiple of the graph's budget (values kept apart; the report "
        "then judges engine/ai/calibration.py's curves, fitted at the graph's budget, there)",
    )
    parser.add_argument("--games", type=int, help="only the first this many saved games")
    args = parser.parse_args()
    BUDGET["times"], BUDGET["games"] = args.times, args.games
    if args.command == "values":
        for game_id in args.game:
            judge_all(game_id)
    elif args.command == "noise":
        noise(args.game)
    elif args.command == "write":
        write_page(args.game)
    else:
        report(args.game)


if __name__ == "__main__":
    main()
