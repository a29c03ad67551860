"""Matches of Gwyddbwyll's search against the yardstick, an alpha-beta player (lab/alphabeta.py),
at given think times: the measure of the hard level's play against an outside kind of player.

    python lab/duel.py --hard --games 20 --seconds 0.5 --factor 4 --seed 1 --opening 4
    python lab/duel.py --tally RECORD...      # W/D/L, score and 95% Wilson interval of records

Both players think for CPU time (time.process_time, so other work on a shared machine
does not count against either): the search `--seconds` a move, the alpha-beta `--seconds`
times `--factor`.  Seats alternate; a game stops at the rules' end (or at --cap plies, a
draw).  Prints each game and the total as wins, draws and losses for the search.
With --hard the search side is the hard level's own player (Gwyddbwyll's alpha-beta,
engine/games/gwyddbwyll/search.py, given the game's earlier positions) instead of the Monte Carlo
search.

Both players are deterministic or nearly so (the hard level's seed only orders equal root
moves), so games with the same seats from the start position are much alike.  With
--opening N each pair of games (the same seed and seats swapped) starts from N plies drawn
at random from the moves that give no material away (`opening`), so a match samples more
varied games and each opening is played once from either side.  --record appends each
game to a file (a JSON line: its seed, the search's seat and reward, the moves), which
--tally sums up.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Sequence

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine import games
from engine.ai import Search, searcher
from engine.ai.knowledge import for_game
from engine.games.gwyddbwyll.knowledge import GwyddbwyllKnowledge
from lab.alphabeta import AlphaBeta


class PlainRoot(GwyddbwyllKnowledge):
    """The search's knowledge as before issue 27: every legal move at the root."""

    def root_moves(self, state):
        return self.game.legal_moves(state)


QUIESCENCE = [True]  # whether the alpha-beta plays out captures at its horizon (--no-quiescence)
VARIANT: dict = {}  # knowledge attributes the search side plays with (--set)


def variant(game) -> GwyddbwyllKnowledge | None:
    """The search side's knowledge: the game's own, or a copy with --set's attributes."""
    if not VARIANT:
        return None
    know = GwyddbwyllKnowledge(game)
    for name, value in VARIANT.items():
        setattr(know, name, value)
    return know


HARD = [False]  # whether the search side is the hard level's own player (--hard)


def searched(game, state, seconds: float, seed: int, knowledge=None, earlier=(), previous=None):
    """The search that chose the move after `seconds` of CPU time (its `best()`); the hard
    level's takes over `previous`, its search of the last move, as in the page's worker."""
    if HARD[0] and knowledge is None:
        search = searcher(
            game, state, "hard", seed, time.process_time, earlier=earlier, previous=previous
        )
    else:
        search = Search(game, state, seed=seed, knowledge=knowledge, clock=time.process_time)
    search.run(seconds=seconds)
    return search


def opening(plies: int, seed: str) -> list[str]:
    """`plies` moves from the start, each drawn at random from the search's root moves
    (engine/games/gwyddbwyll/tactics.py: sound_moves: none gives away more than 0.9 pawns
    beyond the best by a static exchange, and checks are kept), in notation; fewer if the game
    ends."""
    game = games.get("gwyddbwyll")
    know = GwyddbwyllKnowledge(game)
    rng = random.Random(seed)
    state = game.new()
    moves: list[str] = []
    while len(moves) < plies and game.result(state) is None:
        move = rng.choice(know.root_moves(state))
        moves.append(game.notation(state, move))
        state = game.play(state, move)
    return moves


def play(
    seed: int,
    search_seat: int,
    seconds: float,
    factor: float,
    cap: int,
    opponent: str,
    start: Sequence[str] = (),
) -> tuple:
    """One game, after the moves `start`; returns (the search's reward, plies, the moves,
    `start` included)."""
    game = games.get("gwyddbwyll")
    state = game.new()
    rng = random.Random(seed)
    alphabeta = AlphaBeta(quiescence=QUIESCENCE[0], clock=time.process_time)
    plain = PlainRoot(game)
    mine = variant(game)
    moves = []
    states = []
    for text in start:
        moves.append(text)
        states.append(state)
        state = game.play(state, game.parse(state, text))
    last = None  # the search side's search of its last move
    while game.result(state) is None and len(moves) < cap:
        if game.to_move(state) == search_seat:
            last = searched(game, state, seconds, rng.randrange(2**32), mine, states, last)
            move = last.best()
        elif opponent == "plain":
            move = searched(game, state, seconds * factor, rng.randrange(2**32), plain).best()
        else:
            move = alphabeta.choose(state, seconds * factor)
        moves.append(game.notation(state, move))
        states.append(state)
        state = game.play(state, move)
    result = game.result(state)
    reward = 0.5 if result is None else result.reward(search_seat)
    return reward, len(moves), moves


def outcome(reward: float) -> int:
    """0 for a win, 1 for a draw, 2 for a loss: where a game counts in W/D/L."""
    return 0 if reward == 1 else 1 if reward == 0.5 else 2


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a score (a draw counting half) over `games` games."""
    if not games:
        return (0.0, 1.0)
    spread = z * z / games
    centre = score + spread / 2
    half = z * math.sqrt(score * (1 - score) / games + spread / (4 * games))
    return ((centre - half) / (1 + spread), (centre + half) / (1 + spread))


def tally(paths: Sequence[str]) -> str:
    """The search side's W/D/L, score and 95% Wilson interval over --record's files."""
    counts = [0, 0, 0]
    for path in paths:
        with open(path) as f:
            for line in f:
                counts[outcome(json.loads(line)["reward"])] += 1
    played = sum(counts)
    score = (counts[0] + counts[1] / 2) / played if played else 0.0
    low, high = wilson(score, played)
    return (
        f"{played} games, W/D/L {counts[0]}/{counts[1]}/{counts[2]} for the search, "
        f"score {score:.1%}, 95% Wilson {low:.0%}-{high:.0%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--factor", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="the first game's number (its seed and seats follow from it): to split a match "
        "over processes, e.g. --games 11 and --first 11 --games 10 for one of 21",
    )
    parser.add_argument("--cap", type=int, default=600)
    parser.add_argument(
        "--opening",
        type=int,
        default=0,
        metavar="N",
        help="start each pair of games (seats swapped) from N plies drawn at random from the "
        "moves that give no material away",
    )
    parser.add_argument("--record", help="append each game's moves here, a JSON line each")
    parser.add_argument(
        "--tally", nargs="+", metavar="RECORD", help="sum up these records instead of playing"
    )
    parser.add_argument(
        "--plain-root",
        action="store_true",
        help="the search as before issue 27: every legal move at the root (no static exchange)",
    )
    parser.add_argument(
        "--opponent",
        choices=("alphabeta", "plain"),
        default="alphabeta",
        help="plain: the search as before issue 27 (every legal move at the root)",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a knowledge attribute for the search side (a number), e.g. playout_depth=8",
    )
    parser.add_argument(
        "--no-quiescence",
        action="store_true",
        help="the alpha-beta stops at its depth without playing out captures",
    )
    parser.add_argument(
        "--hard",
        action="store_true",
        help="the search side is the hard level's player (for Gwyddbwyll its alpha-beta, "
        "engine/games/gwyddbwyll/search.py), not the Monte Carlo search",
    )
    args = parser.parse_args()
    if args.tally:
        print(tally(args.tally))
        return
    HARD[0] = args.hard
    QUIESCENCE[0] = not args.no_quiescence
    for item in args.set:
        name, value = item.split("=")
        VARIANT[name] = float(value) if "." in value else int(value)
    if args.plain_root:
        game = games.get("gwyddbwyll")
        for_game(game).root_moves = game.legal_moves  # type: ignore[method-assign]
    counts = [0, 0, 0]
    for n in range(args.first, args.first + args.games):
        seat = n % 2
        start = opening(args.opening, f"{args.seed} opening {n // 2}")
        wall, cpu = time.perf_counter(), time.process_time()
        reward, plies, moves = play(
            args.seed * 1000 + n, seat, args.seconds, args.factor, args.cap, args.opponent, start
        )
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        counts[outcome(reward)] += 1
        if args.record:
            line = {
                "game": n,
                "seed": args.seed * 1000 + n,
                "search_seat": seat,
                "opening": len(start),
                "reward": reward,
                "wall": round(wall, 1),
                "cpu": round(cpu, 1),
                "moves": moves,
            }
            with open(args.record, "a") as f:
                f.write(json.dumps(line) + "\n")
        print(
            f"game {n} search {'White' if seat == 0 else 'Black'}: {reward} in {plies} plies "
            f"({wall:.0f} s wall, {cpu:.0f} s CPU); "
            f"W/D/L {counts[0]}/{counts[1]}/{counts[2]}; {' '.join(moves[:12])} ...",
            flush=True,
        )
    print(f"search vs {args.opponent} x{args.factor:g} at {args.seconds} s: W/D/L {counts}")


if __name__ == "__main__":
    main()
