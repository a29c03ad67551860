"""Command line for the engine: list games, show legal moves, random games, perft, matches.

    python -m engine list                     # or `abstract-games list`, once pip-installed
    python -m engine moves rugpile --opt players=3 3x3a3 3x3b2
    python -m engine random wythe --games 5 --seed 1 --opt size=6
    python -m engine perft rugpile 3
    python -m engine arena rugpile medium random --games 40 --seed 1 --opt size=5

Errors (unknown game, bad option, illegal move, a bad count or scale) print one line and
exit 2.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Callable
from typing import NoReturn

from . import games
from .contract.core import Game, State
from .contract.errors import EngineError
from .contract.replay import replay
from .contract.result import Result
from .contract.user_text import shown

MAX_SCALE = 1000.0  # an arena budget scale past this would think for days a move


def parse_opts(game: Game, pairs: list[str]) -> dict:
    """`--opt name=value` pairs to the options of `game.new` (each option once, as in links)."""
    options = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep:
            raise EngineError(f"option '{shown(pair)}' should be name=value")
        if name in options:
            raise EngineError(f"option {shown(name)} is given twice")
        options[name] = game.parse_option(name, text)
    return options


def count(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least `least`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{shown(text)}' is not a whole number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is less than {least}")
        return value

    return parse


def scale(text: str) -> float:
    """An argparse type: a budget scale, a number above 0 and at most MAX_SCALE."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{shown(text)}' is not a number") from None
    if not (math.isfinite(value) and 0 < value <= MAX_SCALE):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not above 0 and at most {MAX_SCALE:g}")
    return value


class Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line (no usage block) and exit 2, like the engine's own."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


def start(args: argparse.Namespace) -> tuple[Game, State]:
    game = games.get(args.game)
    return game, game.new(**parse_opts(game, args.opt))


def perft(game: Game, state: State, depth: int) -> int:
    """Number of move sequences of length `depth` (a finished game counts once)."""
    if depth == 0:
        return 1
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(game, game.apply(state, m), depth - 1) for m in moves)


def cmd_list(args: argparse.Namespace) -> None:
    for game_id in games.ids():
        game = games.get(game_id)
        opts = ", ".join(f"{o.name}" for o in game.options_spec) or "no options"
        print(f"{game_id:12} {game.name} ({game.min_seats}-{game.max_seats} players; {opts})")


def cmd_moves(args: argparse.Namespace) -> None:
    game, state = start(args)
    state = replay(game, state, args.moves)[-1]
    result = game.result(state)
    if result is not None:
        print(
            f"game over: {result.reason}; scores {list(result.scores)}; "
            f"winners {[game.seat_names(state)[w] for w in result.winners]}"
        )
        return
    names = sorted(game.notation(state, m) for m in game.legal_moves(state))
    count = "1 legal move" if len(names) == 1 else f"{len(names)} legal moves"
    print(f"{game.seat_names(state)[game.to_move(state)]} to move, {count}:")
    print(" ".join(names))


def cmd_random(args: argparse.Namespace) -> None:
    game, first = start(args)
    rng = random.Random(args.seed)
    for n in range(args.games):
        state, plies = first, 0
        while (result := game.result(state)) is None:
            moves = game.legal_moves(state)
            state = game.apply(state, rng.choice(moves))
            plies += 1
        names = game.seat_names(state)
        print(
            f"game {n + 1}: {plies} plies; scores {list(result.scores)}; "
            f"winners {', '.join(names[w] for w in result.winners)}; {result.reason}"
        )


def cmd_perft(args: argparse.Namespace) -> None:
    game, state = start(args)
    state = replay(game, state, args.moves)[-1]
    for depth in range(1, args.depth + 1):
        began = time.perf_counter()
        count = perft(game, state, depth)
        print(f"depth {depth}: {count} ({time.perf_counter() - began:.2f} s)")


def cmd_arena(args: argparse.Namespace) -> None:
    from .ai import LEVELS
    from .ai.arena import play_match

    game = games.get(args.game)
    for level in (args.player_a, args.player_b):
        if level not in LEVELS:
            raise EngineError(f"unknown player '{level}' (players: {', '.join(LEVELS)})")
    options = parse_opts(game, args.opt)

    def progress(n: int, seat_a: int, outcome: Result, plies: int) -> None:
        if args.verbose:
            print(
                f"game {n + 1}: {args.player_a} in seat {seat_a + 1}; {plies} plies; "
                f"scores {list(outcome.scores)}; winners {list(outcome.winners)}",
                flush=True,
            )

    began = time.perf_counter()
    match = play_match(
        args.game,
        args.player_a,
        args.player_b,
        games=args.games,
        options=options,
        seed=args.seed,
        budget=args.budget,
        scale=args.scale,
        progress=progress,
    )
    print(match.describe())
    if args.budget == "playouts" and any(match.budgets.values()):
        print(
            "  search levels get a playout budget instead of wall time (reproducible): "
            f"think time x the game's nominal playouts/s x scale {args.scale:g}"
        )
    for level, budget in match.budgets.items():
        if budget:
            what = (
                f"{budget['playouts']} playouts a move"
                if "playouts" in budget
                else f"{budget['seconds']:g} s a move"
            )
            print(f"  {level}: {what}")
    print(
        f"  {time.perf_counter() - began:.0f} s in all; "
        f"{sum(match.plies) / max(1, len(match.plies)):.0f} plies a game on average"
    )


def program() -> str:
    """How the command line was called, for its messages: `python -m engine`, or the name of
    the script pip installed (pyproject.toml: abstract-games)."""
    name = os.path.basename(sys.argv[0])
    return "python -m engine" if name in ("__main__.py", "-c", "") else name


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog=program(), description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    sub.add_parser("list", help="list the games and their options").set_defaults(func=cmd_list)

    def game_command(
        name: str, func: Callable[[argparse.Namespace], None], help_text: str
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text)
        p.add_argument("game", help="game id (see list)")
        p.add_argument(
            "--opt",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a game option, e.g. size=6 (repeatable)",
        )
        p.set_defaults(func=func)
        return p

    p = game_command("moves", cmd_moves, "show the legal moves after a list of moves")
    p.add_argument("moves", nargs="*", default=[], help="moves in the game's notation")
    p = game_command("random", cmd_random, "play random games to the end")
    p.add_argument("--games", type=count(1), default=1)
    p.add_argument("--seed", type=int, default=None)
    p = game_command("perft", cmd_perft, "count move sequences to a depth")
    p.add_argument("depth", type=count(1))
    p.add_argument("moves", nargs="*", help="moves to play first")
    p = game_command("arena", cmd_arena, "play two players against each other, seats alternating")
    p.add_argument("player_a", help="random, greedy, easy, medium or hard")
    p.add_argument("player_b", help="random, greedy, easy, medium or hard")
    p.add_argument("--games", type=count(1), default=20)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument(
        "--budget",
        choices=("playouts", "time"),
        default="playouts",
        help="search budget: a fixed playout count (reproducible) or wall time",
    )
    p.add_argument(
        "--scale",
        type=scale,
        default=1.0,
        help="multiply every search budget by this (e.g. 0.25 on a slow machine)",
    )
    p.add_argument("--verbose", "-v", action="store_true", help="print every game")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    # argparse leaves moves written after an option (`--opt size=4 c3d3`) unmatched.
    if extra and hasattr(args, "moves") and not any(e.startswith("-") for e in extra):
        args.moves += extra
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        args.func(args)
    except EngineError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
