"""The arena: many games between two players, seats alternating, with a confidence interval.

A player is a level name from engine.ai.LEVELS.  For reproducible matches the
search levels get a playout budget instead of wall time: THINK_SECONDS of the
level times the game's nominal playout rate (its knowledge's `arena_rate`, playouts per second
measured in CPython), times `scale` (below 1 to afford more games on a slow
machine).  Pass budget="time" to think for wall time instead.

With three or four seats (Rug Pile), player_a takes one seat, rotating, and
player_b every other seat; a win shared with a player_b seat counts as a draw.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import games as registry
from ..contract.core import Game, Result, State
from . import THINK_SECONDS, choose_move
from .knowledge import for_game


@dataclass
class MatchResult:
    game_id: str
    player_a: str
    player_b: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    seats: int = 2
    budgets: dict = field(default_factory=dict)
    plies: list = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of the score (normal approximation)."""
        if not self.games:
            return (0.0, 1.0)
        s, m = self.score, self.games
        half = 1.96 * math.sqrt(s * (1 - s) / m)
        return (max(0.0, s - half), min(1.0, s + half))

    def describe(self) -> str:
        low, high = self.interval
        text = (
            f"{self.player_a} vs {self.player_b} in {self.game_id}: "
            f"{self.games} games, W/D/L {self.wins}/{self.draws}/{self.losses} "
            f"for {self.player_a}, score {self.score:.1%} "
            f"(95% interval {low:.1%} to {high:.1%})"
        )
        if self.seats > 2:
            text += (
                f"; {self.seats} seats: {self.player_a} in one seat (rotating), "
                f"{self.player_b} in the other {self.seats - 1}"
            )
        return text


def budget_for(game_id: str, level: str, budget: str = "playouts", scale: float = 1.0) -> dict:
    """The keyword budget choose_move gets for `level` in the arena."""
    if level not in THINK_SECONDS:
        return {}
    if budget == "time":
        return {"seconds": THINK_SECONDS[level] * scale}
    rate = for_game(registry.get(game_id)).arena_rate
    return {"playouts": max(10, round(THINK_SECONDS[level] * rate * scale))}


def play_game(
    game: Game, state: State, players: list[str], budgets: list[dict], rng: random.Random
) -> tuple[Result, int]:
    """Play one game, seat i played by players[i]; returns (its result, plies)."""
    plies = 0
    while (outcome := game.result(state)) is None:
        seat = game.to_move(state)
        move = choose_move(game, state, players[seat], seed=rng.randrange(2**32), **budgets[seat])
        state = game.play(state, move)
        plies += 1
    return outcome, plies


def play_match(  # noqa: PLR0913 (a match's settings, each with a default, by keyword)
    game_id: str,
    player_a: str,
    player_b: str,
    *,
    games: int = 10,
    options: dict | None = None,
    seed=None,
    budget: str = "playouts",
    scale: float = 1.0,
    progress: Callable[[int, int, Result, int], object] | None = None,
) -> MatchResult:
    """Play `games` games of player_a against player_b, player_a's seat rotating."""
    game = registry.get(game_id)
    first = game.new(**(options or {}))
    seats = game.num_seats(first)
    rng = random.Random(seed)
    result = MatchResult(
        game_id,
        player_a,
        player_b,
        seats=seats,
        budgets={
            player_a: budget_for(game_id, player_a, budget, scale),
            player_b: budget_for(game_id, player_b, budget, scale),
        },
    )
    for n in range(games):
        seat_a = n % seats
        players = [player_a if seat == seat_a else player_b for seat in range(seats)]
        budgets = [result.budgets[p] for p in players]
        outcome, plies = play_game(game, first, players, budgets, random.Random(rng.random()))
        if outcome.winners == (seat_a,):
            result.wins += 1
        elif seat_a in outcome.winners:
            result.draws += 1
        else:
            result.losses += 1
        result.plies.append(plies)
        if progress is not None:
            progress(n, seat_a, outcome, plies)
    return result
