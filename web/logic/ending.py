"""Ending a game off the board, and playing it again: who may resign or offer a draw now, how
the computer answers a draw offer, and the seats of a rematch.

The engine says what a resignation or an agreed draw means (engine/contract/ending.py); this module
says who at the screen does it.  `people` marks the seats a person plays (the others are the
computer).  Pure Python, tested in CPython (tests/test_game_end.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.contract.ending import can_agree_draw
from web.logic.seats import SeatKind, Seats
from web.logic.session import Session

# The computer agrees a draw when it rates its own chance to win at most this: when it
# thinks it is no better than even (a margin for the noise of a short search).
ACCEPTS_DRAW_AT = 0.45
DRAW_THINK_SECONDS = 1.0  # how long it thinks about a draw offer


def resigner(session: Session, people: Sequence[bool]) -> int | None:
    """The seat that resigns when Resign is pressed: the person to move, else (the computer
    to move) the person who moved last, else the first person.  None when nobody can: the
    game is over, an earlier position is on screen, or no person plays."""
    if session.over or not session.live or not any(people):
        return None
    game = session.game
    for state in reversed(session.states):
        seat = game.to_move(state)
        if people[seat]:
            return seat
    return list(people).index(True)


def draw_offer(session: Session, people: Sequence[bool]) -> tuple[int, int] | None:
    """(the seat that offers, the seat asked) when Offer draw may be pressed: a two-player
    game that may end drawn, still on, at its latest position, with a person to offer."""
    if session.over or not session.live or not can_agree_draw(session.game, session.state):
        return None
    offers = resigner(session, people)
    return None if offers is None else (offers, 1 - offers)


def computer_accepts_draw(chances: Sequence[float], seat: int) -> bool:
    """The computer at `seat`, judging each seat's chances so, agrees a draw."""
    return chances[seat] <= ACCEPTS_DRAW_AT


def draw_answer(name: str, accepts: bool, chance: float) -> str:
    """What the page says of the computer's answer to a draw offer."""
    if accepts:
        return f"{name} (computer) accepts the draw."
    return (
        f"{name} (computer) declines the draw: it rates its chance to win at "
        f"{round(chance * 100)}%."
    )


def rematch(session: Session, seats: Seats) -> tuple[Session, list[SeatKind]]:
    """A new game with the same options, everyone one seat on (two players swap sides)."""
    return Session(session.game.id, session.options), list(seats[1:]) + list(seats[:1])
