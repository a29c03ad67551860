"""The link this device sends in a game by link (pure; tested in CPython): whether the friend
has the game as it is (`sent`), a link marked sent, its place `n` among the links, the
takeback it asks the friend to accept, the seat it hands the game to, its record and its
fragment; a draw offer goes with the next link, and one that came may be accepted.
"""

from __future__ import annotations

from dataclasses import replace

from engine import EngineError
from engine.contract.ending import can_agree_draw
from engine.formats.record import Record, encode
from web.logic.link_exchange import shared_start
from web.logic.link_lines import (
    asked,
    current,
    main_line,
    main_movers,
    main_states,
    same_game,
)
from web.logic.seats import FRIEND, Seats, own_seats, undecided
from web.logic.session import Session

COMPACT_FROM = 1500  # a sent link longer than this goes with its moves packed in one word


def sent(session: Session) -> bool:
    """The friend has this device's game as it is: its latest link was sent, or the game is
    the friend's last link's (and this device offers nothing new)."""
    if session.link is None:
        return False
    game, exchange = current(session), session.exchange
    theirs, lines = exchange.theirs, exchange.lines()
    if exchange.sent in lines and same_game(exchange.sent, game):  # not left by the friend's
        return exchange.sent.offer == game.offer
    return theirs is not None and same_game(theirs, game) and not game.offer


def mark_sent(session: Session, seats: Seats) -> None:
    """The link of the game as it is (`sent_record`) was sent (Send, Copy link): it is the
    line the friend has, its place the device's clock, and a takeback it asks for keeps the
    line it replaces until the friend answers."""
    if session.link is None:
        return
    exchange = session.exchange
    replaced = exchange.replaced
    ply = takeback_from(session, seats)
    if ply is not None and replaced is None:
        mine = main_line(session)
        replaced = next(
            (line for line in exchange.lines() if shared_start(mine, line.moves) == ply), None
        )
    n = next_place(session)
    session.exchange = replace(
        exchange,
        sent=replace(current(session), n=n),
        replaced=replaced,
        clock=max(n, exchange.clock),
    )


def next_place(session: Session) -> int:
    """The place (`n`) of the link this device sends now: the last one's again when it sends
    the same game and has seen nothing newer since, else one more than the largest it sent
    or opened."""
    exchange, game = session.exchange, current(session)
    sent_line = exchange.sent
    if (
        sent_line is not None
        and sent_line.n == exchange.clock
        and same_game(sent_line, game)
        and sent_line.offer == game.offer
    ):
        return sent_line.n
    return exchange.clock + 1


def takeback_from(session: Session, seats: Seats) -> int | None:
    """The ply from which this device's game changes moves of its own that the friend has
    (in a line this device sent, or the friend's): the takeback its next link asks the
    friend to accept (None: none)."""
    if asked(session):
        return None
    mine, own, movers_of = main_line(session), own_seats(seats), main_movers(session)
    plies = [
        ply
        for line in session.exchange.lines()
        if (ply := shared_start(mine, line.moves)) < min(len(mine), len(line.moves))
        and movers_of[ply] in own
    ]
    return min(plies, default=None)


def declining(session: Session, seats: Seats) -> bool:
    """This device keeps its game against the friend's takeback, or line, not yet sent."""
    theirs = session.exchange.theirs
    if theirs is None or asked(session) or takeback_from(session, seats) is not None:
        return False
    mine = main_line(session)
    ply = shared_start(mine, theirs.moves)
    return ply < len(theirs.moves) and ply < len(mine) and not sent(session)


def takes_back(session: Session, seats: Seats) -> int:
    """How many moves the friend has would a move at the position shown take back (0: none;
    the position shown is on the main line, this device's seat to move there)."""
    if any(session.path):
        return 0
    mine = main_line(session)
    known = [
        len(line.moves)
        for line in session.exchange.lines()
        if shared_start(mine, line.moves) >= session.ply
    ]
    return max(0, max(known, default=0) - session.ply)


def next_seat(session: Session, seats: Seats) -> int:
    """The seat the link this device sends hands the game to: the seat to move at the end of
    the game, when a friend's, else (the game over, or this device to move) the first
    friend's seat after this device's."""
    states = main_states(session)
    if session.game.result(states[-1]) is None and not current(session).ending:
        seat = session.game.to_move(states[-1])
        if seats[seat] == FRIEND:
            return seat
    count = len(seats)
    mine = min(own_seats(seats), default=0)
    return next(
        (seat for step in range(1, count + 1) if seats[seat := (mine + step) % count] == FRIEND),
        0,
    )


def sent_record(session: Session, seats: Seats):
    """The record of the link this device sends: its game's main line, handed to the friend
    to move, with its draw offer and the takeback it asks for."""
    link = session.link
    if link is None:
        raise EngineError("this game is not played by link")
    game = current(session)
    return Record(
        session.record.game,
        session.record.version,
        session.record.options,
        game.moves,
        game.ending,
        replace(
            link,
            to=None if undecided(seats) else next_seat(session, seats),
            offer="" if game.ending else link.offer,
            takeback=takeback_from(session, seats),
            n=next_place(session),
            by=session.exchange.me or None,
        ),
    )


def sent_fragment(session: Session, seats: Seats) -> str:
    """The fragment of the link this device sends (its moves packed when the plain link
    would be long): what Send shares and the address bar always holds."""
    record = sent_record(session, seats)
    plain = encode(record)
    return plain if len(plain) <= COMPACT_FROM else encode(record, compact=True)


def offer_draw(session: Session) -> None:
    """Offer draw in a game by link: the offer goes with the next link sent."""
    if session.link is not None:
        session.link = replace(session.link, offer="draw")


def draw_offered(link: Session, held: Session) -> bool:
    """The link offers a draw that this device may accept now."""
    return (
        link.link is not None
        and link.link.offer == "draw"
        and not held.over
        and held.live
        and not asked(held)
        and can_agree_draw(held.game, held.state)
    )
