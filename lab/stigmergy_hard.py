"""Screening matches of Stigmergy's hard level against its medium with the hard level's search
settings changed: is a candidate search clearly stronger than medium?

    python lab/stigmergy_hard.py --games 24 --seed 201 --scale 0.25 --size 6 \
        --set '{"exploration": 0.16}'

The arena's protocol (engine/ai/arena.py): seats alternate (hard first in the even games),
playout budgets of THINK_SECONDS times the knowledge's arena_rate times --scale.  --set gives
knowledge attributes (JSON) that only the hard level's search plays with; medium, and hard
without --set, play as the site does.  Prints each game (the hard level's seat, win or loss,
plies, the CPU and wall seconds it took) and the total as wins and losses for hard.

To compare searches whose playouts cost differently, --hard-seconds gives the hard level CPU
seconds a move instead (time.process_time; the site's hard level took a mean 0.34 s a move at
scale 0.25 on the side-6 board, 2100 playouts).  --ordered: the settings change
engine/games/stigmergy/hard_search.py's search (every node's moves in evaluation order, the site's
hard level since it won this screening) instead of the shared one.
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
from engine.ai import Search
from engine.ai.arena import budget_for, play_game
from engine.ai.knowledge import for_game
from engine.games.stigmergy.hard_search import OrderedKnowledge


def hard_player(game, settings: dict, ordered: bool = False):
    """A `player` hook (engine/ai/knowledge.py) giving the hard level a search with the shared
    knowledge's class changed by `settings`, and every other level the site's player.
    `ordered`: the settings change engine/games/stigmergy/hard_search.py's OrderedKnowledge instead
    (every node's moves in evaluation order)."""
    shared = for_game(game)
    site_player = shared.player
    parent = OrderedKnowledge if ordered else type(shared)
    variant = type("HardVariant", (parent,), dict(settings))(game)

    def player(state, level, seed, clock, earlier=()):
        if level == "hard":
            # CPU time, not wall time: a budget in seconds (--hard-seconds) should not
            # depend on the other work on the machine.
            return Search(game, state, seed=seed, knowledge=variant, clock=time.process_time)
        return site_player(state, level, seed, clock, earlier)

    return player


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scale", type=float, default=0.25)
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--set", default="", help="JSON: the hard level's knowledge settings")
    parser.add_argument(
        "--hard-seconds",
        type=float,
        default=0.0,
        help="the hard level's budget in CPU seconds a move instead of playouts",
    )
    parser.add_argument(
        "--ordered",
        action="store_true",
        help="hard's knowledge: engine/games/stigmergy/hard_search.py's OrderedKnowledge",
    )
    args = parser.parse_args()
    game = games.get("stigmergy")
    if args.set or args.hard_seconds or args.ordered:
        # the knowledge's player hook, swapped for this run's
        knowledge = for_game(game)
        knowledge.player = hard_player(  # type: ignore[method-assign]
            game, json.loads(args.set or "{}"), args.ordered
        )
    first = game.new(size=args.size)
    budgets = {level: budget_for(game.id, level, scale=args.scale) for level in ("hard", "medium")}
    if args.hard_seconds:
        budgets["hard"] = {"seconds": args.hard_seconds}
    print(
        f"budgets {budgets}, size {args.size}, seed {args.seed}, hard set {args.set or '-'}, "
        f"ordered {args.ordered}"
    )
    rng = random.Random(args.seed)
    wins = losses = 0
    for n in range(args.games):
        seat = n % 2
        players = ["hard" if s == seat else "medium" for s in (0, 1)]
        cpu, wall = time.process_time(), time.time()
        outcome, plies = play_game(
            game, first, players, [budgets[p] for p in players], random.Random(rng.random())
        )
        won = outcome.winners == (seat,)
        wins, losses = wins + won, losses + (not won)
        print(
            f"game {n}: hard seat {seat} {'W' if won else 'L'}, {plies} plies, "
            f"cpu {time.process_time() - cpu:.0f} s, wall {time.time() - wall:.0f} s; "
            f"hard {wins}/{losses}",
            flush=True,
        )
    print(f"hard {wins} wins, {losses} losses")


if __name__ == "__main__":
    main()
