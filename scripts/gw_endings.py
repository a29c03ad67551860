"""Won endings the hard Gwyddbwyll level did not win: found in match records and played on
(issue 27).

Some of the hard level's draws against the yardstick reach the move cap with it well ahead
and the other side down to its king and one piece (docs/strength.md, nineteenth run): to win
it must take that piece (a bare king loses) or leave the other side no move, and the search
often shuffles instead.  `find` collects, from the records' drawn games, the first position
where the other side had at most one piece besides its king and the hard level led by a
pawn or more of material (engine/ai/gw_tactics.py: VALUES).  `play` plays each on, the hard
level from its own seat against the yardstick, for `--plies` more plies, the hard level at
`--seconds` of CPU time a move and the yardstick at `--factor` times that (scripts/duel.py:
play), and `tally` counts how many it won.  To compare two searches, run `play` from two
work trees and tally both: a game played on is won or not by chance too, so only large
differences count.

    python scripts/gw_endings.py find RECORDS... --out FILE
    python scripts/gw_endings.py play FILE --out RESULTS [--plies 150] [--seconds 0.5]
        [--factor 1] [--first 0] [--count N]
    python scripts/gw_endings.py tally RESULTS...
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine import games
from engine.ai.gw_tactics import piece_value
from engine.games.gwyddbwyll import LETTERS
from engine.games.gwyddbwyll_kernel import KING
from scripts import duel

GAME = games.get("gwyddbwyll")
LEAD = 1.0  # pawns of material the hard level must be ahead by
SEED = 7000  # the seed of the game played on from ending i is SEED + i


def lone_piece_lead(board: tuple[int, ...], hard: int) -> float | None:
    """The material lead of the side `hard` (its pieces' values less the other's) if the
    other side has at most one piece besides its king, else None."""
    pieces = [p for p in board if p and p & 7 != KING]
    if sum(p >> 3 != hard for p in pieces) > 1:
        return None
    return sum(piece_value(p) if p >> 3 == hard else -piece_value(p) for p in pieces)


def ending(record: dict) -> dict | None:
    """The first position of a recorded game where the side against the hard level had at
    most one piece besides its king and the hard level led by `LEAD` or more of material:
    its ply, the lead, the pieces besides the kings (the hard level's in capitals) and the
    moves to it; None if there is none."""
    hard = record["search_seat"]
    state = GAME.new()
    for ply, text in enumerate(record["moves"], 1):
        state = GAME.play(state, GAME.parse(state, text))
        lead = lone_piece_lead(state.board, hard)
        if lead is not None and lead >= LEAD:
            letters = sorted(
                LETTERS[p & 7].upper() if p >> 3 == hard else LETTERS[p & 7]
                for p in state.board
                if p and p & 7 != KING
            )
            return {
                "seed": record["seed"],
                "search_seat": hard,
                "ply": ply,
                "lead": lead,
                "pieces": "".join(letters),
                "moves": record["moves"][:ply],
            }
    return None


def find(paths: list[str]) -> list[dict]:
    """`ending` of each drawn game in the records, in their order.  Lines that are not
    scripts/duel.py's games (no `search_seat`: this script's own results) are passed over."""
    found = []
    for path in paths:
        with open(path) as f:
            for line in f:
                record = json.loads(line)
                if "search_seat" not in record or record["reward"] != 0.5:
                    continue
                if (end := ending(record)) is not None:
                    found.append(end | {"record": os.path.basename(path)})
    return found


def play(args) -> None:
    """Play on from the endings of `args.file` (`--first`, `--count` of them), appending each
    game's result and moves after the ending to `args.out`."""
    with open(args.file) as f:
        endings = json.load(f)
    duel.HARD[0] = True
    last = len(endings) if args.count is None else min(len(endings), args.first + args.count)
    for i in range(args.first, last):
        end = endings[i]
        reward, plies, moves = duel.play(
            SEED + i,
            end["search_seat"],
            args.seconds,
            args.factor,
            end["ply"] + args.plies,
            "alphabeta",
            end["moves"],
        )
        result = {
            "ending": i,
            "seed": end["seed"],
            "pieces": end["pieces"],
            "reward": reward,
            "plies": plies - end["ply"],
            "moves": moves[end["ply"] :],
        }
        with open(args.out, "a") as f:
            f.write(json.dumps(result) + "\n")
        print(f"{i} {end['seed']} {end['pieces']}: {reward} in {result['plies']}", flush=True)


def tally(results: list[dict]) -> dict[str, int]:
    """How many endings played on the hard level won, drew and lost."""
    rewards = [r["reward"] for r in results]
    return {"won": rewards.count(1.0), "drawn": rewards.count(0.5), "lost": rewards.count(0.0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    finding = commands.add_parser("find")
    finding.add_argument("records", nargs="+")
    finding.add_argument("--out", required=True)
    playing = commands.add_parser("play")
    playing.add_argument("file")
    playing.add_argument("--out", required=True, help="append each game played on here")
    playing.add_argument("--plies", type=int, default=150)
    playing.add_argument("--seconds", type=float, default=0.5, help="the hard level's")
    playing.add_argument("--factor", type=float, default=1.0, help="the yardstick's time over it")
    playing.add_argument("--first", type=int, default=0)
    playing.add_argument("--count", type=int)
    counting = commands.add_parser("tally")
    counting.add_argument("results", nargs="+")
    args = parser.parse_args()
    if args.command == "find":
        with open(args.out, "w") as f:
            json.dump(find(args.records), f)
    elif args.command == "play":
        play(args)
    else:
        for path in args.results:
            with open(path) as f:
                results = [json.loads(line) for line in f]
            print(path, len(results), tally(results))


if __name__ == "__main__":
    main()
