"""Positions of games the hard Gwyddbwyll level drew: found in match records and played on
(issue 27).

Some of the hard level's draws against the yardstick reach the move cap with it well ahead
and the other side down to its king and one piece (lab/notebook.md, nineteenth run): to win
it must take that piece (a bare king loses) or leave the other side no move, and the search
often shuffles instead.  `find` collects, from the records' drawn games, the first position
where the other side had at most one piece besides its king and the hard level led by a
pawn or more of material (engine/games/gwyddbwyll/tactics.py: VALUES).  With `--behind PLY` it
takes instead the position at that ply of each drawn game where the hard level was behind by half
a pawn or more: most such games were a shuffle from there to the cap (lab/notebook.md,
twentieth run).  `play` plays each on, the hard level from its own seat against the
yardstick, for `--plies` more plies, the hard level at `--seconds` of CPU time a move and
the yardstick at `--factor` times that (lab/duel.py: play), and `tally` counts how many
it won.  To compare two searches, run `play` from two work trees and tally both: a game
played on is won or not by chance too, so only large differences count.

    python lab/gw_endings.py find RECORDS... --out FILE [--behind PLY]
    python lab/gw_endings.py play FILE --out RESULTS [--plies 150] [--seconds 0.5]
        [--factor 1] [--first 0] [--count N]
    python lab/gw_endings.py tally RESULTS...
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from engine import games
from engine.games.gwyddbwyll.kernel import KING
from engine.games.gwyddbwyll.rules import LETTERS
from engine.games.gwyddbwyll.tactics import piece_value
from lab import duel

GAME = games.get("gwyddbwyll")
LEAD = 1.0  # pawns of material the hard level must be ahead by
BEHIND = 0.5  # pawns of material the hard level must be behind by (`--behind`)
SEED = 7000  # the seed of the game played on from ending i is SEED + i


def material_lead(board: tuple[int, ...], hard: int) -> float:
    """The material lead of the side `hard`: its pieces' values less the other's."""
    return sum(piece_value(p) if p >> 3 == hard else -piece_value(p) for p in board if p)


def lone_piece_lead(board: tuple[int, ...], hard: int) -> float | None:
    """The material lead of the side `hard` if the other side has at most one piece besides
    its king, else None."""
    if sum(1 for p in board if p and p & 7 != KING and p >> 3 != hard) > 1:
        return None
    return material_lead(board, hard)


def _found(record: dict, ply: int, board: tuple[int, ...], lead: float) -> dict:
    """The position after `ply` plies of `record`, with `board`, as `find` gives it: its
    ply, the lead, the pieces besides the kings (the hard level's in capitals) and the
    moves to it."""
    hard = record["search_seat"]
    letters = sorted(
        LETTERS[p & 7].upper() if p >> 3 == hard else LETTERS[p & 7]
        for p in board
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


def ending(record: dict) -> dict | None:
    """The first position of a recorded game where the side against the hard level had at
    most one piece besides its king and the hard level led by `LEAD` or more of material
    (as `_found` gives it); None if there is none."""
    hard = record["search_seat"]
    state = GAME.new()
    for ply, text in enumerate(record["moves"], 1):
        state = GAME.play(state, GAME.parse(state, text))
        lead = lone_piece_lead(state.board, hard)
        if lead is not None and lead >= LEAD:
            return _found(record, ply, state.board, lead)
    return None


def behind(record: dict, ply: int) -> dict | None:
    """The position after `ply` plies of a recorded game if the hard level was behind there
    by `BEHIND` or more of material (as `_found` gives it); None if it was not, or if the
    game was shorter."""
    if len(record["moves"]) < ply:
        return None
    state = GAME.new()
    for text in record["moves"][:ply]:
        state = GAME.play(state, GAME.parse(state, text))
    lead = material_lead(state.board, record["search_seat"])
    return _found(record, ply, state.board, lead) if lead <= -BEHIND else None


def find(paths: list[str], behind_at: int | None = None) -> list[dict]:
    """`ending` of each drawn game in the records, in their order, or with `behind_at` its
    position at that ply if the hard level was `behind`.  Lines that are not
    lab/duel.py's games (no `search_seat`: this script's own results) are passed over."""
    found = []
    for path in paths:
        with open(path) as f:
            for line in f:
                record = json.loads(line)
                if "search_seat" not in record or record["reward"] != 0.5:
                    continue
                end = ending(record) if behind_at is None else behind(record, behind_at)
                if end is not None:
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
    finding.add_argument("--behind", type=int, help="the position at this ply, if behind")
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
            json.dump(find(args.records, args.behind), f)
    elif args.command == "play":
        play(args)
    else:
        for path in args.results:
            with open(path) as f:
                results = [json.loads(line) for line in f]
            print(path, len(results), tally(results))


if __name__ == "__main__":
    main()
