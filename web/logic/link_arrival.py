"""A friend's link compared with this device's game, and what it does to it (pure; tested
in CPython, and as people play it in tests/test_link_model.py).

A friend's link, compared with the device's main line (`arrive`), is
    SAME      the same game: nothing new
    AHEAD     the device's game and more: the friend's moves, the new main line (ACCEPTED
              when it goes on from this device's takeback)
    BEHIND    an older link: the game stays as it is
    BRANCH    it changes one of the friend's own moves, unasked (the friend answered an old
              link twice): the latest line, the link's, becomes the main line on both devices
    DECLINED  it keeps a move this device asked to take back: the friend's line is the game
    ASKED     it asks to take back the friend's moves (`takeback=` in the link): accept
              (the link's line becomes the game) or decline (the game stays)
    CONFLICT  it changes one of this device's own moves, unasked (an old tab, an old version
              of the page, a move taken back that was sent): the player chooses which line
              the game goes on with
The link's line is always added to the tree (web/logic/link_lines.py); what it asks waits in
the session's exchange until the player answers (`answer`) or moves (`moved`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from web.logic.link_exchange import CONFLICT, TAKEBACK, LinkLine, shared_start
from web.logic.link_lines import add_line, asked, main_end, main_line, over, promote_line
from web.logic.link_sending import takeback_from
from web.logic.seats import SeatKind, Seats, invited_seats, own_seats, undecided
from web.logic.session import Session


class Continuation(Enum):
    SAME = "same"
    AHEAD = "ahead"
    ACCEPTED = "accepted"
    BEHIND = "behind"
    BRANCH = "branch"
    DECLINED = "declined"
    ASKED = "asked"
    CONFLICT = "conflict"


ADOPTED = (Continuation.AHEAD, Continuation.ACCEPTED, Continuation.BRANCH, Continuation.DECLINED)


ASKING = (Continuation.ASKED, Continuation.CONFLICT)


@dataclass(frozen=True)
class Arrival:
    """What a friend's link did to this device's game.

    kind:     how the link's line stands to the device's game (Continuation).
    common:   how many moves the two share from the start.
    new:      the link's moves after those (its moves the device did not have).
    replaced: the device's moves after those (which the link leaves out or changes).
    ended:    the link ended the game (a resignation, an agreed draw).
    mine:     plies of the link's line where a move of this device's seat was made
              elsewhere (AHEAD: another tab or device of the same player).
    """

    kind: Continuation
    common: int
    new: tuple[str, ...] = ()
    replaced: tuple[str, ...] = ()
    ended: bool = False
    mine: tuple[int, ...] = ()


def arrive(held: Session, seats: Seats, link: Session) -> Arrival:
    """A friend's link (`link`, as its record describes it) of the game `held` (this device's,
    played with `seats`) arrives: the link's line is added to the game, which goes on as the
    `Continuation` says; nothing either side made is lost."""
    own = own_seats(seats)
    mine, theirs = main_line(held), tuple(link.moves)
    common = shared_start(mine, theirs)
    n = link.link.n if link.link is not None else None
    if n is not None and n < held.exchange.clock and theirs != mine:
        return older(held, link, common)
    kind, adopt = classify(held, link, own, takeback_from(held, seats))
    if own_link(held, seats, link):  # this device's own link, opened here: shown, no more
        held.goto_path(main_end(held))
        return Arrival(kind if kind is Continuation.SAME else Continuation.BEHIND, common)
    if seat_clash(seats, link) and kind is not Continuation.BEHIND:
        kind, adopt = Continuation.CONFLICT, False
    over_before = over(held)
    add_line(held, mine if kind is Continuation.BEHIND else theirs, link.ending, adopt)
    exchange = held.exchange
    theirs_before = exchange.theirs
    if not (
        kind is Continuation.BEHIND
        and theirs_before is not None
        and theirs_before.moves[: len(theirs)] == theirs
    ):  # not an older link than the friend's last
        to = link.link.to if link.link is not None else None
        theirs_before = LinkLine(theirs, link.tree.ending(link.end_path), to=to, n=n or 0)
    question = {Continuation.ASKED: TAKEBACK, Continuation.CONFLICT: CONFLICT}.get(kind, "")
    clock = max(exchange.clock, n or 0)
    held.exchange = replace(
        exchange, theirs=theirs_before, question=question, replaced=None, clock=clock
    )
    if held.link is not None:
        held.link = replace(held.link, offer="")  # an offer this device sent was answered
    elsewhere = tuple(
        ply
        for ply in range(len(mine), len(theirs))
        if kind is Continuation.AHEAD and link.game.to_move(link.states[ply]) in own
    )
    return Arrival(
        kind, common, theirs[common:], mine[common:], over(held) and not over_before, elsewhere
    )


def older(held: Session, link: Session, common: int) -> Arrival:
    """A friend's link older than one this device has sent or opened (its `n` is smaller):
    its line is kept, as a side line unless it is a start of the game, and nothing else
    changes."""
    mine, theirs = main_line(held), tuple(link.moves)
    if common < len(theirs):
        add_line(held, theirs, link.ending, adopt=False)
    held.goto_path(main_end(held))
    return Arrival(Continuation.BEHIND, common, theirs[common:], mine[common:])


def own_link(held: Session, seats: Seats, link: Session) -> bool:
    """A link this device made, opened on it: by its `by=`; for a link of an older page,
    with two players, one that hands the game to the other seat, whose line is one of this
    device's game, and that is not the friend's last link."""
    to = link.link.to if link.link is not None else None
    by = link.link.by if link.link is not None else None
    if by is not None and held.exchange.me:
        return by == held.exchange.me
    theirs = held.exchange.theirs
    seen = theirs is not None and theirs.moves == tuple(link.moves) and theirs.to == to
    return (
        len(seats) == 2
        and not undecided(seats)
        and to is not None
        and to not in own_seats(seats)
        and held.find(tuple(link.moves)) is not None
        and not seen  # the friend's own last link, opened again
    )


def seat_clash(seats: Seats, link: Session) -> bool:
    """A two-player game's link hands this device the seat it does not play: the friend
    plays this device's side too (both chose to begin, or both to let the other begin)."""
    to = link.link.to if link.link is not None else None
    return (
        len(seats) == 2 and not undecided(seats) and to is not None and to not in own_seats(seats)
    )


def clashing(session: Session, seats: Seats) -> bool:
    """The question asked is a seat clash (`seat_clash`) the friend's last link made."""
    theirs = session.exchange.theirs
    to = theirs.to if theirs is not None else None
    return len(seats) == 2 and to is not None and to not in own_seats(seats)


def classify(
    held: Session, link: Session, own: frozenset[int], asked_back: int | None
) -> tuple[Continuation, bool]:
    """(how the link's line stands to this device's game, whether it becomes the game's main
    line); `asked_back`: the ply of the takeback this device asks for, if any."""
    mine, theirs = main_line(held), tuple(link.moves)
    common = shared_start(mine, theirs)
    if theirs == mine:
        return Continuation.SAME, True
    if common == len(theirs):
        return Continuation.BEHIND, True  # the game (mine) stays the main line
    if common == len(mine):
        accepted = asked_back is not None
        return (Continuation.ACCEPTED if accepted else Continuation.AHEAD), True
    if link.game.to_move(link.states[common]) not in own:
        takeback = link.link.takeback if link.link is not None else None
        if takeback is not None and common >= takeback:
            return Continuation.ASKED, False
        return Continuation.BRANCH, True
    kept = any(line.moves[: common + 1] == theirs[: common + 1] for line in held.exchange.lines())
    if asked_back == common and kept:
        return Continuation.DECLINED, True
    return Continuation.CONFLICT, False


def answer(session: Session, seats: Seats, theirs: bool) -> list[SeatKind]:
    """The player answers the link's question: the friend's line (`theirs`: the takeback
    accepted, or their line continued, as the seat their link hands this device) becomes the
    game, or this device's stays (the takeback declined, or its own line kept, which the
    next link asks the friend to take).  The device's seats after it."""
    line = session.exchange.theirs
    if not asked(session) or line is None:
        return list(seats)
    session.exchange = replace(session.exchange, question="")
    if not theirs:
        session.goto_path(main_end(session))
        return list(seats)
    mine = main_line(session)
    if line.moves[: len(mine)] == mine or not line.moves:
        add_line(session, line.moves, None, adopt=True)
    else:
        promote_line(session, line.moves)
    if line.to is None or line.to in own_seats(seats) or len(seats) != 2:
        return list(seats)
    if session.link is not None:  # the friend played this device's seat: it takes the other
        session.link = replace(session.link, to=line.to)
    return invited_seats(len(seats), line.to)


def moved(session: Session) -> None:
    """This device made a move in the game: any question is answered by it (the line it was
    made on is the game)."""
    session.exchange = replace(session.exchange, question="")
