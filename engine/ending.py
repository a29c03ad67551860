"""How a game ends off the board: a player resigns, or the two players agree a draw.

Neither is a move: the position stays as it was.  Links and text records write the ending
after the moves, as one word:

    white-resigns   that seat resigned (named by its colour at the end, after any swap; by
                    the first word of its name before it has a colour: first-resigns)
    draw-agreed     the two players agreed a draw

A resignation loses.  In a two-player game the other player wins; with more players the game
ends there, and of the others those with the highest score win (sharing a tie).  A draw may be
agreed only in a two-player game whose results include a draw (`Game.draws`: Gwyddbwyll, Rug
Pile).  Either ending needs the game still on at the position it follows.
"""

from __future__ import annotations

import re
from typing import Any

from .core import Game
from .errors import EngineError
from .result import Result, Termination
from .user_text import shown

DRAW_AGREED = "draw-agreed"
RESIGNS = "-resigns"
ENDING = re.compile(r"^(?:[a-z]+-resigns|draw-agreed)$")  # what may end a link's moves


def is_ending(text: str) -> bool:
    """True when a word after the moves is an ending (checked against the game later)."""
    return bool(ENDING.match(text))


def can_agree_draw(game: Game, state: Any) -> bool:
    """The two players may agree a draw here."""
    return game.draws and game.num_seats(state) == 2 and game.result(state) is None


def resignation(game: Game, state: Any, seat: int) -> str:
    """The ending word of `seat` resigning at `state`; EngineError when it cannot."""
    if game.result(state) is not None:
        raise EngineError("the game is over: nobody can resign")
    names = _words(game, state)
    if not 0 <= seat < len(names):
        raise EngineError(f"there is no seat {seat} to resign")
    return names[seat] + RESIGNS


def ending_result(game: Game, state: Any, ending: str) -> Result:
    """How the game ends when `ending` follows `state`; EngineError says why it cannot."""
    if game.result(state) is not None:
        raise EngineError(f"'{shown(ending)}' follows the end of the game")
    scores = game.scores(state)
    if ending == DRAW_AGREED:
        if not can_agree_draw(game, state):
            raise EngineError(
                f"{game.name} cannot end in an agreed draw"
                + (" with more than two players" if game.draws else "")
            )
        return Result((0, 1), scores, Termination.AGREED_DRAW, "the players agreed a draw")
    names = _words(game, state)
    name = ending[: -len(RESIGNS)] if ending.endswith(RESIGNS) else ""
    if name not in names:
        raise EngineError(
            f"no player is called '{shown(name or ending)}' (the players: {', '.join(names)})"
        )
    loser = names.index(name)
    others = [seat for seat in range(len(names)) if seat != loser]
    best = max(scores[seat] for seat in others)
    winners = tuple(seat for seat in others if scores[seat] == best)
    return Result(
        winners, scores, Termination.RESIGNATION, f"{game.seat_names(state)[loser]} resigned"
    )


def _words(game: Game, state: Any) -> list[str]:
    """Each seat as its ending word names it: the first word of its name, in lower case."""
    return [name.split()[0].lower() for name in game.seat_names(state)]


def ending_text(game: Game, state: Any, ending: str) -> str:
    """The sentence that says how the game ended: "Black wins: White resigned."."""
    result = ending_result(game, state, ending)
    if ending == DRAW_AGREED:
        return "A draw, agreed by the players."
    names = game.seat_names(state)
    winners = [names[seat] for seat in result.winners]
    head = f"{winners[0]} wins" if len(winners) == 1 else " and ".join(winners) + " share the win"
    return f"{head}: {result.reason}."
