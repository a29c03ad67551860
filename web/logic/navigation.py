"""Which game the page opens, without the browser: at start-up, on Back and Forward, for a link
typed into the address bar, and for a game picked at the top; and what a bad link or a save
that cannot be opened falls back to.

`navigate(place, shown)` decides from plain values: where the browser is (`Place`: the
address, this tab's history entry and the side lines kept for it, the saved games) and what
the page shows now (`Shown`; None at start-up).  Its `Decision` holds an `Opening`
(web/logic/sharing.py) for the page to carry out, or none to leave the page as it is.
`pick` decides the same for a game picked at the top.

At start-up the page always opens a game: this tab's after a reload (its history entry), else
the link's (the saved game it shows exactly, with its seats, else a new game of its own), else
the newest saved game, else a fresh one.  A link that names only a game ('#wythe') opens
that game's page, as picking it at the top does.  A link or a save that does not open says
why, and the page opens a fresh game of its game (the default game when it names none of
ours).

Later, Back and Forward reopen the game of their history entry.  A link typed in opens as at
start-up, once (a link tried already is not tried again until another game shows); a bad
one says why, and shows a fresh board of its game when it names one, else leaves the game
shown.

Pure Python, tested in CPython (tests/test_navigation.py); web/browser/page.py gathers the
inputs from the browser and carries the decision out.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace

from engine.contract.plugins import registered
from engine.formats.record import Record, legal_part, unquote_link
from web.logic import replay_ahead
from web.logic.link_lines import find_entry
from web.logic.seats import seat_kinds
from web.logic.session import DEFAULT_GAME, Session, with_side_lines
from web.logic.sharing import Opening, problem, resume, salvage
from web.storage import recent

SIDE_LINES_LOST = (
    "The side lines kept in this tab for this game could not be read, so only the line "
    "shown was opened."
)

# This tab's history entry, as web/storage/recent.py reads it: (entry id, rev, seats).
HistoryEntry = tuple[str, str | None, list[str]]


@dataclass(frozen=True)
class Place:
    """Where the browser is.

    address:    location.hash ('' or '#' for none).
    history:    this tab's history entry, None when it holds none of the page's.
    side_lines: the side lines kept for that entry, as a text record ('' for none).
    saved:      the saved games, newest first.
    kinds:      the seat kinds a saved game may name.
    """

    address: str
    history: HistoryEntry | None = None
    side_lines: str = ""
    saved: Sequence[recent.Entry] = ()
    kinds: Collection[str] = ()


@dataclass(frozen=True)
class Shown:
    """What the page shows: its address, a link tried since that did not open (None for
    none), the id of the saved-game entry it continues, and its game's id."""

    address: str
    tried: str | None
    entry_id: str
    game: str


@dataclass(frozen=True)
class Decision:
    """What the page does: carry out `opening` (None: leave the page as it is), and remember
    `tried`, a link tried that is not to be tried again while nothing else shows."""

    opening: Opening | None = None
    tried: str | None = None


def navigate(place: Place, shown: Shown | None = None) -> Decision:
    """The game the page opens at start-up (`shown` is None) or after Back, Forward or a
    link typed into the address bar."""
    if shown is None:
        return Decision(starting(place))
    if place.history is not None:
        if place.address == shown.address and place.history[0] == shown.entry_id:
            return Decision()  # the game shown (hashchange after popstate)
        opening = reopened(place)
        if opening is not None:
            return Decision(replace(opening, message=opening.message or ""))
    if place.address in (shown.address, shown.tried):
        return Decision()
    if not place.address.lstrip("#"):
        return Decision(tried=place.address)
    opening, bad = linked(place, shown.game)
    if bad and named_game(place.address) is not None:
        opening = opening.or_fresh()  # a bad link to a game we have: its board, as at start
    return Decision(opening, tried=place.address)


def starting(place: Place) -> Opening:
    """The game the page opens at start-up: always one."""
    opening = reopened(place)
    if opening is not None:
        return opening
    if place.address.lstrip("#"):
        return linked(place, DEFAULT_GAME)[0].or_fresh()
    newest = recent.newest(place.saved)
    if newest is None:
        return Opening(session=Session(DEFAULT_GAME))
    return resume(newest, place.kinds, DEFAULT_GAME).or_fresh()


def start_link(place: Place) -> str:
    """The link whose moves `starting` replays: the address (a reload's or a link's; for a
    link that names only a game, its saved game's), else the newest saved game's; '' for a
    fresh game.  The page replays a long one ahead, in slices (web/logic/replay_ahead.py),
    and `starting` then finds its positions there."""
    alone = game_alone(place.address)
    if alone is not None:
        entry = picked(alone, place.saved)
        return entry.fragment if entry is not None else ""
    if place.address.lstrip("#"):
        return place.address
    newest = recent.newest(place.saved)
    return newest.fragment if newest is not None else ""


def reopened(place: Place) -> Opening | None:
    """The game of this tab's history entry (after a reload, Back or Forward) at the address,
    with the side lines kept for it and its seats, continuing its saved game; a game of its
    own when the seats are not that game's.  None when there is no entry or the address does
    not open a game."""
    if place.history is None:
        return None
    entry_id, rev, seats = place.history
    try:
        linked = Session.from_fragment(unquote_link(place.address))
    except Exception:
        return None
    if linked.link is not None:  # a game by link: as this device keeps it
        entry = find_entry(place.saved, linked.link.id)
        if entry is not None:
            return resume(entry, place.kinds, linked.game.id)
    session = with_side_lines(linked, place.side_lines)
    note = SIDE_LINES_LOST if place.side_lines and session is linked else None
    if len(seats) != session.game.num_seats(session.states[0]):
        return Opening(session=session, message=note)
    return Opening(
        session=session,
        seats=seat_kinds(seats),
        continues=(entry_id, rev, session.fragment(), seats),
        message=note,
    )


def linked(place: Place, current: str) -> tuple[Opening, bool]:
    """(what the link in the address opens, whether the link is bad).  A good link opens the
    saved game it shows exactly (with its seats), else a new game of its own; a link of a game
    by link continues this device's game (web/logic/link_opening.py).  A bad one opens
    nothing: the message says why and where, and offers its legal part, a fresh game (of its
    game, else `current`) and the player's unfinished game saved last.  A link that names only
    a game opens that game's page (`game_page`)."""
    alone = game_alone(place.address)
    if alone is not None:
        return game_page(alone, place.saved, place.kinds, alone), False
    try:
        session = Session.from_fragment(unquote_link(place.address))
    except Exception as err:
        said = problem(
            "This link does not open a game",
            err,
            salvage(found_legal_part, place.address),
            saved=recent.newest(place.saved, unfinished=True),
            current=named_game(place.address) or current,
        )
        return said.opening(), True
    if session.link is not None:  # a game by link: its module only when one opens
        from web.logic.link_opening import link_opening

        by_link = link_opening(session, place.saved, place.kinds)
        if by_link is not None:
            return by_link, False
    fragment = session.fragment()
    entry = next((e for e in place.saved if e.fragment == fragment), None)
    if entry is not None:
        return resume(entry, place.kinds, current).cleared(), False
    return Opening(session=session, message=""), False


def named_game(address: str) -> str | None:
    """The id of the game a link names first ('wythe' in '#wythe/1//a1a2'), when it is one
    of ours; case and spaces around it do not matter."""
    return _our_game(unquote_link(address, strict=False).split("/", 1)[0])


def game_alone(address: str) -> str | None:
    """The id of the game a link names when it names nothing more ('#wythe', '#Wythe/'): the
    link of a game's page, as a player would write it."""
    text = unquote_link(address, strict=False).strip().rstrip("/")
    return None if "/" in text else _our_game(text)


def _our_game(word: str) -> str | None:
    """`word` (an unquoted part of a link) as the id of one of our games, or None."""
    game_id = word.strip().lower()
    return game_id if registered(game_id) else None


def found_legal_part(address: str) -> Record | None:
    """The legal part of a bad link: kept from its replay in slices when it was a long one
    (not replayed again), else found the usual way."""
    return replay_ahead.legal_part(address) or legal_part(unquote_link(address, strict=False))


def picked(game_id: str, saved: Sequence[recent.Entry]) -> recent.Entry | None:
    """The saved game a pick of `game_id` at the top resumes: its unfinished game saved last."""
    return recent.newest(saved, game_id, unfinished=True)


def pick(
    game_id: str, saved: Sequence[recent.Entry], kinds: Collection[str], shown_game: str
) -> Opening | None:
    """A game picked at the top, given the saved games: its unfinished game saved last, else a
    fresh one; None for the game shown.  A saved game that cannot be opened is set aside (the
    message says so) and a fresh game opens."""
    if game_id == shown_game:
        return None
    return game_page(game_id, saved, kinds, shown_game)


def game_page(
    game_id: str, saved: Sequence[recent.Entry], kinds: Collection[str], current: str
) -> Opening:
    """A game's page: its unfinished game saved last, else a fresh one.  A saved game that
    cannot be opened is set aside (the message says so, offering a fresh game of `current`)
    and a fresh game opens."""
    entry = picked(game_id, saved)
    if entry is None:
        return Opening(session=Session(game_id), message="")
    opening = resume(entry, kinds, current).cleared()
    return opening if opening.opens else replace(opening, session=Session(game_id))
