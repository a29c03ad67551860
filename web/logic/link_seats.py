"""Who plays which seat of a game by link, as its link keeps it (pure; tested in CPython):
a new game by link's seat for this device (the first Human), an undecided game's sides
decided by its first move or by Send, a rematch by link, and whether help is on.  The seat
kinds themselves are web/logic/seats.py's.
"""

from __future__ import annotations

from dataclasses import replace

from engine.formats.by_link import ByLink
from web.logic.link_exchange import Exchange
from web.logic.seats import (
    HUMAN,
    SeatKind,
    Seats,
    by_link,
    decided_by_move,
    decided_by_send,
    undecided,
)
from web.logic.session import Session


def help_allowed(session: Session) -> bool:
    """Analyse and Hint are on: not a game by link the players started without help."""
    return session.link is None or session.link.help


def start(session: Session, seats: Seats, help: bool, game_id: str, device: str = "") -> None:
    """A new game with `seats`: a game by link (its id `game_id`, this device's seat the
    first Human, or seat 0 until an undecided game's first move or Send decides; `device`
    this device's id in it) when a friend plays a seat."""
    if by_link(seats):
        mine = list(seats).index(HUMAN) if HUMAN in seats else 0
        session.link = ByLink(game_id, mine, help)
        session.exchange = Exchange(me=device)


def decide(session: Session, seats: Seats, mover: int | None) -> list[SeatKind]:
    """An undecided game by link's seats once decided: by the first move, made by seat
    `mover`, or by Send (`mover` None) before any move; the session's link then names this
    device's seat.  Other seats are returned as they are."""
    if not undecided(seats):
        return list(seats)
    if mover is None:
        after = decided_by_send(seats, session.game.to_move(session.states[0]))
    else:
        after = decided_by_move(seats, mover)
    if session.link is not None:
        session.link = replace(session.link, to=after.index(HUMAN))
    return after


def rematch_link(old: Session, new: Session, seats: Seats, game_id: str, device: str = "") -> None:
    """Rematch by link: the new game (sides swapped, `seats`) is a new game by link."""
    if old.link is not None:
        start(new, seats, old.link.help, game_id, device)
