"""How a game ends off the board: a player resigns, or the two players agree a draw.

Neither is a move: the position stays as it was.  An ending is a value, `Ending(kind, seat)`:
a resignation names the seat that resigned (`resignation`), an agreed draw names none
(`AGREED_DRAW`).  Links and text records write an ending as one word after the moves
(`white-resigns`, `draw-agreed`); those words are read and written in engine/formats/record.py.

A resignation loses.  In a two-player game the other player wins; with more players the game
ends there, and of the others those with the highest score win (sharing a tie).  A draw may be
agreed only in a two-player game whose results include a draw (`Game.draws`: Gwyddbwyll, Rug
Pile).  Either ending needs the game still on at the position it follows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .core import Game
from .errors import EngineError
from .result import Result, Termination


@dataclass(frozen=True)
class Ending:
    """A game's end off the board.

    kind: Termination.RESIGNATION or Termination.AGREED_DRAW.
    seat: the seat that resigned; None for an agreed draw.
    """

    kind: Termination
    seat: int | None = None

    def __post_init__(self) -> None:
        resigns = self.kind is Termination.RESIGNATION
        if resigns and not (type(self.seat) is int and self.seat >= 0):
            raise EngineError("a resignation names the seat that resigns")
        if not resigns and (self.kind is not Termination.AGREED_DRAW or self.seat is not None):
            raise EngineError("an ending is a resignation or an agreed draw")


AGREED_DRAW = Ending(Termination.AGREED_DRAW)


def can_agree_draw(game: Game, state: Any) -> bool:
    """The two players may agree a draw here."""
    return game.draws and game.num_seats(state) == 2 and game.result(state) is None


def resignation(game: Game, state: Any, seat: int) -> Ending:
    """`seat` resigning at `state`; EngineError when it cannot."""
    if game.result(state) is not None:
        raise EngineError("the game is over: nobody can resign")
    if not (type(seat) is int and 0 <= seat < game.num_seats(state)):
        raise EngineError(f"there is no seat {seat} to resign")
    return Ending(Termination.RESIGNATION, seat)


def ending_result(game: Game, state: Any, ending: Ending) -> Result:
    """How the game ends when `ending` follows `state`; EngineError says why it cannot."""
    if not isinstance(ending, Ending):
        raise EngineError(f"a {type(ending).__name__} is not a resignation or an agreed draw")
    if game.result(state) is not None:
        raise EngineError("the game is over: it cannot end again")
    scores = game.scores(state)
    if ending.kind is Termination.AGREED_DRAW:
        if not can_agree_draw(game, state):
            raise EngineError(
                f"{game.name} cannot end in an agreed draw"
                + (" with more than two players" if game.draws else "")
            )
        return Result((0, 1), scores, Termination.AGREED_DRAW, "the players agreed a draw")
    loser = ending.seat
    names = game.seat_names(state)
    if loser is None or loser >= len(names):
        raise EngineError(f"there is no seat {loser} to resign")
    others = [seat for seat in range(len(names)) if seat != loser]
    best = max(scores[seat] for seat in others)
    winners = tuple(seat for seat in others if scores[seat] == best)
    return Result(winners, scores, Termination.RESIGNATION, f"{names[loser]} resigned")


def ending_text(game: Game, state: Any, ending: Ending) -> str:
    """The sentence that says how the game ended: "Black wins: White resigned."."""
    result = ending_result(game, state, ending)
    if ending.kind is Termination.AGREED_DRAW:
        return "A draw, agreed by the players."
    names = game.seat_names(state)
    winners = [names[seat] for seat in result.winners]
    head = f"{winners[0]} wins" if len(winners) == 1 else " and ".join(winners) + " share the win"
    return f"{head}: {result.reason}."
