"""Replaying a list of moves written in notation: every position along the way, each move
in the game's canonical notation, and `ReplayError` naming the first move that does not
play (its ply and text).  Links, text records, the move tree and the command line use it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from .errors import EngineError
from .user_text import shown

if TYPE_CHECKING:
    from .core import Game, State


class ReplayError(EngineError):
    """A list of moves that stops replaying at `ply` (0-based) with `message`."""

    def __init__(self, ply: int, move: str, message: str):
        super().__init__(f"move {ply + 1} ('{shown(str(move))}'): {message}")
        self.ply, self.move, self.message = ply, move, message


def replay(game: Game, state: State, moves: Iterable[str]) -> list:
    """Every state from `state` through the moves (given as notation)."""
    return replay_notated(game, state, moves)[0]


def replay_notated(game: Game, state: State, moves: Iterable[str]) -> tuple[list, list[str]]:
    """Every state from `state` through the moves, and each move in the game's canonical
    notation (a move may be written otherwise, e.g. Gwyddbwyll's e3xe4 for e3e4)."""
    states: list = [state]
    notated: list[str] = []
    for _ in replay_stepwise(game, moves, states, notated):
        pass
    return states, notated


def replay_stepwise(
    game: Game, moves: Iterable[str], states: list, notated: list[str]
) -> Iterator[int]:
    """`replay_notated` a move at a time, so a caller can pause between moves (the page
    opening a long game in slices): plays each move from `states[-1]`, appends its position to
    `states` and its canonical notation to `notated`, and yields its ply (1 for the first)."""
    for ply, text in enumerate(moves):
        try:
            move = game.parse(states[-1], text)
        except EngineError as err:
            raise ReplayError(ply, text, str(err)) from None
        notated.append(game.notation(states[-1], move))
        states.append(game.apply(states[-1], move))
        yield ply + 1
