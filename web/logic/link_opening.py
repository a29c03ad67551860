"""What a friend's link of a game by link opens on this device (pure; tested in CPython).

The first link of a game on this device is an invitation: the game opens with the seat the
link hands over offered to this device (`invited`), which a move on the board or Play takes;
Just look makes it an analysis copy of the game, an ordinary game that is not sent.  Nothing
of an invitation is kept until it is taken.  A later link of the same game (its `game=` id
matches a saved game) continues that game, one saved game an id: web/logic/link_arrival.py's
`arrive` says what the link does, and web/logic/link_words.py says it.
web/logic/navigation.py asks this first for every link that names a game by link.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from html import escape

from engine.formats.by_link import new_id
from web.logic.link_arrival import ASKING, Continuation, arrive
from web.logic.link_exchange import Exchange, LinkLine
from web.logic.link_lines import find_entry
from web.logic.link_sending import draw_offered
from web.logic.link_words import (
    ACCEPT_DRAW,
    arrival_text,
    invitation,
    question_html,
    seat_name,
    show_link_position,
)
from web.logic.seats import FRIEND, SeatKind, invited_seats, undecided
from web.logic.session import Session
from web.logic.sharing import Opening
from web.storage import recent


def link_opening(
    session: Session, saved: Sequence[recent.Entry], kinds: Collection[str]
) -> Opening | None:
    """The opening of a link of a game by link (`session`, as the link describes it), given
    the saved games; None when the link is not of a game by link."""
    link = session.link
    if link is None:
        return None
    entry = find_entry(saved, link.id)
    if entry is not None:
        try:
            held, seats = recent.opened(entry, kinds)
        except Exception:
            entry = None  # a saved game that no longer opens: the link opens afresh
        else:
            return arrived(held, seats, session, entry)
    return invited(session)


def arrived(held: Session, seats: list[SeatKind], link: Session, entry: recent.Entry) -> Opening:
    """A link of the game by link `held`, kept on this device with `seats`."""
    to = link.link.to if link.link is not None else None
    if undecided(seats) and to is not None:  # the friend's link decides an undecided game
        seats = invited_seats(len(seats), to)
    if held.link is None or undecided(seats) or (to is not None and undecided(entry.seats)):
        held.link = replace(link.link, offer="", takeback=None) if link.link else held.link
    came = arrive(held, seats, link)
    text = arrival_text(came, held, seats, link.link)
    html = escape(text)
    if came.kind in ASKING:
        html = question_html(held, seats)
    elif came.kind is Continuation.BEHIND and not came.new:
        html += " " + show_link_position(len(link.moves))
    elif draw_offered(link, held):
        html += " " + ACCEPT_DRAW
    return Opening(
        session=held,
        seats=seats,
        continues=entry,
        message=html,
        steps=last_move_shown_arriving(held, came.kind),
        announce=text,
    )


def invited(session: Session) -> Opening:
    """The first link of a game by link on this device: the game, with the seat the link
    hands over offered (a move takes it, as Play does), or just look.  A link of a game whose
    sides are not chosen yet offers none: the first move here, or Send, chooses."""
    link = session.link
    assert link is not None
    line = LinkLine(tuple(session.moves), session.tree.ending(session.end_path), to=link.to)
    session.exchange = Exchange(theirs=line, me=new_id())  # the friend has the game as it came
    session.link = replace(link, offer="", takeback=None)
    said = invitation(session, link.to)
    play = ""
    if link.to is not None:
        name = escape(seat_name(session, link.to))
        play = (
            f'<button type="button" class="primary" data-action="take-seat">Play {name}</button> '
        )
    buttons = f'{play}<button type="button" data-action="just-look">Just look</button>'
    count = session.game.num_seats(session.states[0])
    return Opening(
        session=session,
        seats=[FRIEND] * count if link.to is None else invited_seats(count, link.to),
        message=f"{escape(said)} {buttons}",
        announce=said,
        invitation=True,
    )


def last_move_shown_arriving(session: Session, kind: Continuation) -> int:
    """For a link that brought the friend's moves: show the position before the last of
    them, and say to step on one move (the page animates it); 0 for any other link."""
    if kind not in (Continuation.AHEAD, Continuation.ACCEPTED, Continuation.BRANCH):
        return 0
    if not session.moves or session.ending is not None or not session.live:
        return 0
    session.goto(len(session.moves) - 1)
    return 1
