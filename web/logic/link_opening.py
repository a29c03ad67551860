"""What a friend's link of a game by link opens on this device (pure; tested in CPython).

The first link of a game on this device is an invitation: the game opens as an ordinary link
(no seat taken) with two choices, to play the seat the link hands over (`take_seat`: then
that seat is this device's, the others the friend's) or just to look.  A later link of the
same game (its `game=` id matches a saved game) continues that saved game, one Recent entry
per game: web/logic/by_link.py's `arrive` says what the link adds, and the message says it.
web/logic/navigation.py asks this first for every link that names a game by link.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from html import escape

from engine import EngineError
from web.logic.by_link import (
    ACCEPT_DRAW,
    Continuation,
    arrive,
    draw_offered,
    find_entry,
    invitation,
    invited_seats,
    seat_name,
    show_link_position,
)
from web.logic.session import Session, with_side_lines
from web.logic.sharing import Continues, Opening
from web.storage import recent


def link_opening(
    session: Session,
    saved: Sequence[recent.Entry],
    kinds: Collection[str],
    link_lines: Callable[[str], str] = lambda game_id: "",
) -> Opening | None:
    """The opening of a link of a game by link (`session`, as the link describes it), given
    the saved games and the side lines kept for a game by link; None when the link is not
    of a game by link."""
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
            held.link = link if held.link is None else held.link
            held = with_side_lines(held, link_lines(link.id))
            came = arrive(held, seats, session)
            accept = f" {ACCEPT_DRAW}" if draw_offered(session, came.session) else ""
            if came.kind is Continuation.BEHIND:
                accept = " " + show_link_position(len(session.moves))
            steps = last_move_shown_arriving(came.session, came.kind)
            return Opening(
                session=came.session,
                seats=seats,
                continues=entry,
                message=escape(came.message) + accept,
                steps=steps,
                announce=came.message,
            )
    return invited(session, saved)


def invited(session: Session, saved: Sequence[recent.Entry] = ()) -> Opening:
    """The first link of a game by link on this device: the game shown as an ordinary link
    (no seat taken, nothing kept as a game by link; the saved game it shows exactly, if one
    is), with the invitation's two choices: play the seat the link hands over, or just look."""
    link = session.link
    assert link is not None
    fragment = session.fragment()
    name = seat_name(session, link.to)
    said = invitation(session, link.to)
    session.link = None  # just looking: an ordinary link until the seat is taken
    looked = session.fragment()
    entry = next((e for e in saved if e.fragment == looked), None)
    buttons = (
        f'<button type="button" class="primary" data-action="take-seat" '
        f'data-fragment="{escape(fragment, quote=True)}">Play {escape(name)}</button> '
        '<button type="button" data-action="just-look">Just look</button>'
    )
    return Opening(
        session=session, continues=entry, message=f"{escape(said)} {buttons}", announce=said
    )


def take_seat(fragment: str, continues: Continues = None) -> Opening:
    """Play the seat an invitation (the link `fragment`) hands over: the game by link opens
    with that seat this device's and the others the friend's, in place of the game looked at
    (`continues`, this tab's entry, so Recent keeps one entry)."""
    session = Session.from_fragment(fragment)
    link = session.link
    if link is None:
        raise EngineError("this link is not of a game by link")
    count = session.game.num_seats(session.states[0])
    said = (
        f"You play {seat_name(session, link.to)}. Make your move when it is your turn, "
        "then send the link back."
    )
    return Opening(
        session=session,
        seats=invited_seats(count, link.to),
        continues=continues,
        message=escape(said),
        announce=said,
    )


def last_move_shown_arriving(session: Session, kind: Continuation) -> int:
    """For a link that brought the friend's moves: show the position before the last of
    them, and say to step on one move (the page animates it); 0 for any other link."""
    if kind not in (Continuation.AHEAD, Continuation.BRANCH) or not session.live:
        return 0
    if not session.moves or session.ending is not None:
        return 0
    session.goto(len(session.moves) - 1)
    return 1
