"""Who sits in each seat of the game on the page: a person at this screen, the computer at a
level, or (in a game by link) a friend on another device, whose moves come only by link.

A table's seats are a list of `SeatKind`s, one per seat; they are kept with each saved game
and in the tab's history as their plain words ("human", "easy", "friend"), which a
`SeatKind` is.  Pure Python, tested in CPython.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum


class SeatKind(StrEnum):
    """Who plays a seat (its value is the word kept in storage and history)."""

    HUMAN = "human"
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    GREEDY = "greedy"
    RANDOM = "random"
    FRIEND = "friend"  # a game by link: this seat is played on the friend's device


HUMAN = SeatKind.HUMAN
FRIEND = SeatKind.FRIEND
Seats = Sequence[SeatKind]  # a table's seats, one kind each, in seat order
FRIEND_LABEL = "Friend, by link"

# Who can sit in a seat, as the New game form offers them (the computer's levels are
# engine.ai.LEVELS and the test players).
SEAT_KINDS: tuple[tuple[str, str], ...] = (
    (HUMAN, "Human"),
    (SeatKind.EASY, "Computer: easy"),
    (SeatKind.MEDIUM, "Computer: medium"),
    (SeatKind.HARD, "Computer: hard"),
    (SeatKind.GREEDY, "Computer: greedy (weak)"),
    (SeatKind.RANDOM, "Computer: random moves"),
    (FRIEND, FRIEND_LABEL),
)
KINDS: tuple[str, ...] = tuple(kind for kind, _ in SEAT_KINDS)


def seat_kinds(words: Iterable[str]) -> list[SeatKind]:
    """Seats read back as words (from storage, the tab's history, the New game form), each
    already one of KINDS."""
    return [SeatKind(word) for word in words]


def people(seats: Seats) -> list[bool]:
    """Which seats a person at this screen plays."""
    return [kind == HUMAN for kind in seats]


def computer(kind: str) -> bool:
    """The computer plays a seat of this kind."""
    return kind not in (HUMAN, FRIEND)


# ---- a game by link


def by_link(seats: Seats) -> bool:
    """The seats are those of a game by link (a friend plays one of them)."""
    return FRIEND in seats


def own_seats(seats: Seats) -> frozenset[int]:
    """The seats this device plays in a game by link."""
    return frozenset(seat for seat, kind in enumerate(seats) if kind == HUMAN)


def undecided(seats: Seats) -> bool:
    """A game by link whose sides are not chosen yet (every seat 'Friend, by link' in the
    New game form): the first move, or Send, decides which seat this device plays."""
    return bool(seats) and all(kind == FRIEND for kind in seats)


def invited_seats(count: int, to: int) -> list[SeatKind]:
    """The seats of a device a link hands seat `to` of a game of `count` seats."""
    return [HUMAN if seat == to else FRIEND for seat in range(count)]


def decided_by_move(seats: Seats, mover: int) -> list[SeatKind]:
    """The seats once this device made the first move of an undecided game: it plays the
    seat that moved, a friend every other."""
    return invited_seats(len(seats), mover)


def decided_by_send(seats: Seats, first: int) -> list[SeatKind]:
    """The seats once this device sent an undecided game before any move: the friend gets
    the seat that moves first (`first`), and this device the next seat in turn (with three
    or four players every other seat stays a friend's, each link going on to the seat to
    move)."""
    return invited_seats(len(seats), (first + 1) % len(seats))


def seats_problem(seats: Seats) -> str | None:
    """What is wrong with the seats of a new game by link, or None (or not a game by link)."""
    if not by_link(seats):
        return None
    if HUMAN not in seats and not undecided(seats):
        return "A game by link needs you in one seat: choose Human for your side."
    if any(kind not in (HUMAN, FRIEND) for kind in seats):
        return "A game by link is between people: choose Human or Friend for each seat."
    return None
