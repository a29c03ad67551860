"""Self-play games of the hard level, saved for judging the judgement (lab/judgement.py).

    python lab/selfplay.py --game wythe --games 40 --seed 1 --scale 0.05

Each game is played by the hard level against itself with a playout budget (the hard
level's think time times the game's nominal CPython rate, its knowledge's arena_rate,
times --scale, as the arena computes it) and appended at once, as one JSON line (the
moves in notation and each seat's reward), to lab/judgement_data/<game>.jsonl, so a
long run can be stopped and resumed.  The games are the calibration set's source: every
position of a game has been played on from there once by the hard level against itself.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine import games
from engine.ai import choose_move
from engine.ai.arena import budget_for

DATA = os.path.join(os.path.dirname(__file__), "judgement_data")


def games_path(game_id: str) -> str:
    return os.path.join(DATA, f"{game_id}.jsonl")


def load_games(game_id: str) -> list[dict]:
    """The saved self-play games of `game_id` (each: seed, budget, moves, rewards)."""
    path = games_path(game_id)
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def play_one(game_id: str, seed: int, playouts: int) -> dict:
    """One game of the hard level against itself from the default start."""
    game = games.get(game_id)
    state = game.new()
    rng = random.Random(seed)
    moves = []
    while game.result(state) is None:
        move = choose_move(game, state, "hard", seed=rng.randrange(2**32), playouts=playouts)
        moves.append(game.notation(state, move))
        state = game.play(state, move)
    result = game.result(state)
    assert result is not None
    rewards = [result.reward(seat) for seat in range(game.num_seats(state))]
    return {"seed": seed, "playouts": playouts, "moves": moves, "rewards": rewards}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=0.05)
    args = parser.parse_args()
    os.makedirs(DATA, exist_ok=True)
    playouts = budget_for(args.game, "hard", scale=args.scale)["playouts"]
    done = {g["seed"] for g in load_games(args.game)}
    for n in range(args.games):
        seed = args.seed * 1000 + n
        if seed in done:
            continue
        began = time.process_time()
        record = play_one(args.game, seed, playouts)
        with open(games_path(args.game), "a") as f:
            f.write(json.dumps(record) + "\n")
        print(
            f"{args.game} seed {seed}: {len(record['moves'])} plies, rewards "
            f"{record['rewards']}, {time.process_time() - began:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
