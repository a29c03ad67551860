"""Links, records and saved games, without the browser: what a saved game, a text record or a
click on an offer opens, and what the page says when one cannot be opened: what is wrong and
where, with offers of what can be played (the legal part of the game, a fresh game, the
player's newest saved game).

Nothing here touches the page: what the page does next comes back as an `Opening`, which
web/browser/page.py carries out (web/logic/navigation.py decides what a link, this tab's
history and the saved games open).  web/browser/sharing_controls.py is the DOM side: Copy
link, the Record dialog and the offers' buttons.  Pure Python, tested in CPython
(tests/test_navigation.py).

Text that came from a link, a save, a file or the clipboard is only ever put in a message
escaped, never as markup.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from html import escape
from typing import Any

from engine import EngineError, games
from engine.formats.record import Record, encode, legal_part
from engine.formats.record_text import legal_part_of_text, load_tree_text, tree_to_text
from web.logic.seats import SeatKind
from web.logic.session import DEFAULT_GAME, Session
from web.storage import recent

# The saved game a game opened continues: a stored entry, or this tab's history entry
# (entry id, rev, fragment, seats).  None: a game of its own.
Continues = recent.Entry | tuple[str, str | None, str, Sequence[str]] | None


@dataclass(frozen=True)
class Offers:
    """What a problem's buttons open: the legal part of the bad game (None when nothing of it
    could be read; "Open the game up to move n" when it has moves), and the game to start
    afresh, (game id, options)."""

    legal: Record | None = None
    fresh: tuple[str, dict] = (DEFAULT_GAME, {})

    @property
    def legal_part(self) -> Record | None:
        """The legal part to offer: only one with moves."""
        return self.legal if self.legal is not None and self.legal.moves else None


@dataclass(frozen=True)
class Opening:
    """What the page does next.

    session:   the game to open (None: the game shown stays), with its `seats` (None: a person
               in each) and the saved game it `continues` (None: a game of its own, which
               replaces none).
    set_aside: a saved game that could not be opened, to keep apart from the others.
    offers:    what the buttons of the problem in the message open (None: as they were).
    message:   the page's message as HTML ('' clears it, None leaves it), an `error` or not,
               for `lasts` seconds (0: until replaced); `announce` is said to screen readers,
               and the element with id `focus` is focused and selected.
    steps:     after opening, step on this many moves, so the move arriving is animated.
    invitation: the game is a friend's invitation to a game by link (web/logic/
               link_opening.py): its offered seat is taken by a move or Play, and nothing of
               it is kept until then.
    """

    session: Session | None = None
    seats: list[SeatKind] | None = None
    continues: Continues = None
    set_aside: recent.Entry | None = None
    offers: Offers | None = None
    message: str | None = None
    error: bool = False
    announce: str = ""
    lasts: float = 0
    focus: str = ""
    steps: int = 0  # then step on this many moves (a friend's move by link, animated)
    invitation: bool = False

    @property
    def opens(self) -> bool:
        return self.session is not None

    def cleared(self) -> Opening:
        """This opening, clearing the message when it opens a game (one that cannot be
        opened keeps its problem's message)."""
        return replace(self, message="") if self.opens else self

    def or_fresh(self) -> Opening:
        """This opening, or when it opens nothing, the fresh game its problem offers (the
        default game when there is none), its message kept."""
        if self.opens:
            return self
        return replace(self, session=Session(*(self.offers or Offers()).fresh))


@dataclass(frozen=True)
class Problem:
    """What the page says of a link, record or save that cannot be opened: `html` for the
    message (escaped, with the offers' buttons), `said` for screen readers, and the `offers`
    its buttons open."""

    html: str
    said: str
    offers: Offers = field(default_factory=Offers)
    error: bool = True

    def opening(self) -> Opening:
        """The problem in the page's message; nothing opens."""
        return Opening(offers=self.offers, message=self.html, error=self.error, announce=self.said)


def reason(err: BaseException) -> str:
    """What went wrong, for a player: our own errors say it; anything else is a bug,
    named briefly (never a traceback)."""
    if isinstance(err, EngineError):
        return str(err)
    return f"it could not be read ({type(err).__name__})"


def salvage(finder: Callable[[str], Record | None], text: Any) -> Record | None:
    """What `finder` can save of a bad link or record (its legal part), or None."""
    if text is None:
        return None
    try:
        return finder(text)
    except Exception:
        return None


def problem(
    what: str,
    err: BaseException,
    legal: Record | None,
    offer_fresh: bool = True,
    saved: recent.Entry | None = None,
    current: str | None = None,
) -> Problem:
    """Say what is wrong (escaped) and offer the legal part, a fresh game (of the legal
    part's game, else of `current`, else the default) and the `saved` game; an error when
    a fresh game is offered (a save set aside is a note)."""
    fresh = (
        (legal.game, legal.options_dict) if legal is not None else (current or DEFAULT_GAME, {})
    )
    offers = Offers(legal, fresh)
    buttons = []
    if offers.legal_part is not None:
        n = len(offers.legal_part.moves)
        buttons.append(
            f'<button type="button" data-action="legal-part" data-ply="{n}">'
            f"Open the game up to move {n}</button>"
        )
    if offer_fresh:
        buttons.append(
            f'<button type="button" data-action="fresh">Start a fresh game of '
            f"{escape(games.name(fresh[0]))}</button>"
        )
    if saved is not None:
        buttons.append(
            f'<button type="button" data-action="resume" '
            f'data-entry="{escape(saved.id, quote=True)}">Go back to your game '
            f"({escape(recent.title(saved))})</button>"
        )
    html = f"{escape(what)}: {escape(reason(err))}. {' '.join(buttons)}".strip()
    return Problem(html, f"{what}: {reason(err)}.", offers, offer_fresh)


def resume(entry: recent.Entry, kinds: Collection[str], current: str | None) -> Opening:
    """A saved game, opened with its seats; one that cannot be played is set aside and the
    message offers its legal part (and nothing opens)."""
    try:
        session, seats = recent.opened(entry, kinds)
    except Exception as err:
        said = problem(
            "Your saved game could not be opened, so it was set aside",
            err,
            salvage(legal_part, entry.fragment),
            offer_fresh=False,
            current=current,
        )
        return replace(said.opening(), set_aside=entry)
    return Opening(session=session, seats=seats, continues=entry)


def take_offer(
    action: str | None,
    entry: recent.Entry | None,
    offers: Offers,
    kinds: Collection[str],
    current: str | None,
) -> Opening | None:
    """A click on an offer of a problem's message (`action`: its data-action; `entry`: the
    saved game a "resume" offer names, as stored now): the game it opens, or None.  The legal
    part opens once."""
    if action == "resume":
        return None if entry is None else resume(entry, kinds, current).cleared()
    if action == "legal-part" and offers.legal_part is not None:
        session = Session.from_fragment(encode(offers.legal_part))
    elif action == "fresh":
        session = Session(*offers.fresh)
    else:
        return None
    return Opening(session=session, offers=replace(offers, legal=None), message="")


def read_record(text: Any) -> Opening | Problem:
    """A record (or a link) pasted or read from a file: the game it opens, with a note of its
    moves, or the problem (for the Record dialog's status) when it does not open one."""
    try:
        read = load_tree_text(text if isinstance(text, str) else "")
        session = Session.from_tree(read.record, read.tree, read.path)
    except Exception as err:
        return problem("This record does not open a game", err, salvage(legal_part_of_text, text))
    n = len(read.record.moves)
    sides = len(read.tree.rows()) - n
    return Opening(
        session=session,
        message=f"Opened a game of {escape(session.game.name)} with "
        f"{n} move{'' if n == 1 else 's'}" + (f" and {sides} in side lines." if sides else "."),
    )


def record_text(session: Session) -> str:
    """The whole game as text, with its side lines, the position shown on display."""
    return tree_to_text(
        session.current_record(),
        session.tree,
        session.path,
        session.known,
        date.today().isoformat(),
    )
