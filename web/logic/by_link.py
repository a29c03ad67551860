"""A game played by exchanging links, as one device keeps it: what a friend's link does to the
device's game, what it asks the player, and the link the device sends (pure; tested in
CPython, and as people play it in tests/test_link_model.py).

Each device plays its own seats (web/logic/seats.py: HUMAN); the others are FRIEND seats,
whose moves come only by link.  Besides its tree of moves, the session of a game by link
carries its `link` (engine/formats/by_link.py's `ByLink`: the game's id, `to` this device's seat,
and the draw offer this device makes) and its `exchange` (`Exchange`): the line of the link
this device sent last, the line of the friend's last link, and what a friend's link asks
the player until they answer: TAKEBACK (accept or decline the friend's takeback) or
CONFLICT (the link changes this device's own move, or plays its side: continue the friend's
line, or keep one's own).

The game is the tree's main line, and a device always sends its main line.  Nothing is ever
dropped: every line a link brings is added to the tree, as the main line or as a side line.
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
A move this device makes from a past position makes its line the game's main line; when that
changes a move of its own that the friend has (in either line exchanged), the link sent next
asks the friend to accept the takeback (`takeback_from`).  The page's words for all this
are web/logic/link_words.py's.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from enum import Enum

from engine import EngineError
from engine.contract.ending import Ending, can_agree_draw
from engine.formats.by_link import ByLink
from engine.formats.record import Record, encode, read_ending
from web.logic.link_exchange import CONFLICT, TAKEBACK, Exchange, LinkLine, shared_start
from web.logic.seats import (
    FRIEND,
    HUMAN,
    by_link,
    decided_by_move,
    decided_by_send,
    invited_seats,
    own_seats,
    undecided,
)
from web.logic.session import Session

COMPACT_FROM = 1500  # a sent link longer than this goes with its moves packed in one word


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


# ---- the game and the line the friend has


def main_line(session: Session) -> tuple[str, ...]:
    return session.tree.main_line()


def main_end(session: Session) -> tuple[int, ...]:
    """The path of the main line's last position."""
    return (0,) * len(main_line(session))


def current(session: Session) -> LinkLine:
    """The game as this device would send it now: its main line, its ending, its offer."""
    offer = session.link.offer if session.link is not None else ""
    return LinkLine(main_line(session), session.tree.ending(main_end(session)), offer)


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


def same_game(a: LinkLine, b: LinkLine) -> bool:
    """Two lines of links carry the same game (moves and ending)."""
    return a.moves == b.moves and a.ending == b.ending


def mark_sent(session: Session, seats: Sequence[str]) -> None:
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


def asked(session: Session) -> str:
    """What the friend's link asks the player ('' nothing, TAKEBACK or CONFLICT)."""
    return session.exchange.question


def movers(session: Session, path: Sequence[int]) -> list[int]:
    """The seat that made each move of the line to `path` in the session's tree."""
    game, known = session.game, session.known
    return [game.to_move(known[tuple(path[:ply])]) for ply in range(len(path))]


def main_movers(session: Session) -> list[int]:
    return movers(session, main_end(session))


def takeback_from(session: Session, seats: Sequence[str]) -> int | None:
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


def declining(session: Session, seats: Sequence[str]) -> bool:
    """This device keeps its game against the friend's takeback, or line, not yet sent."""
    theirs = session.exchange.theirs
    if theirs is None or asked(session) or takeback_from(session, seats) is not None:
        return False
    mine = main_line(session)
    ply = shared_start(mine, theirs.moves)
    return ply < len(theirs.moves) and ply < len(mine) and not sent(session)


def takes_back(session: Session, seats: Sequence[str]) -> int:
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


# ---- adding a friend's line to the tree


def add_line(session: Session, moves: Sequence[str], ending: Ending | None, adopt: bool) -> None:
    """Add the line `moves` (from the start, ended by `ending` or not) to the session's tree:
    as its main line when `adopt`, else as a side line; the main line's end is shown after.
    Where the line goes on from a resignation or an agreed draw in the tree (a friend's moves
    crossed it), that ending is put back at the line's end: a resignation stands, whatever
    moves crossed it."""
    common = shared_start(main_line(session), moves)
    session.goto_path(main_end(session))
    session.goto(common)
    crossed: Ending | None = None
    for text in moves[common:]:
        if session.live and session.ending is not None:
            crossed = session.ending
            session.take_back_ending()
        session.play_text(text)
    path = session.path
    if not session.tree.children(path):  # the line's end: it may end there
        for end in (ending, crossed):
            if end is not None and session.ending is None:
                with suppress(EngineError):  # the game ended on the board first
                    session.end(end)
    if adopt and any(path):
        session.goto_path(path)
        session.promote()
    session.goto_path(main_end(session))


def promote_line(session: Session, moves: Sequence[str]) -> None:
    """Make the line `moves` (already in the tree) the main line; show its end."""
    path = session.find(tuple(moves))
    if path is None:
        raise EngineError("that line is not in this game")
    session.goto_path(path)
    session.promote()
    session.goto_path(main_end(session))


def merge(ours: Session, theirs: Session) -> None:
    """Add every line of `theirs` (the same game, kept by another tab or entry) to `ours`,
    whose main line stays the game (unless one of theirs goes on from its end)."""
    tree = theirs.tree
    for row in tree.rows():
        if tree.children(row.path):
            continue
        word = tree.ending(row.path)
        ending = read_ending(theirs.game, theirs.known[row.path], word) if word else None
        add_line(ours, tree.moves(row.path), ending, adopt=False)


# ---- a friend's link arrives


def arrive(held: Session, seats: Sequence[str], link: Session) -> Arrival:
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


def own_link(held: Session, seats: Sequence[str], link: Session) -> bool:
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


def seat_clash(seats: Sequence[str], link: Session) -> bool:
    """A two-player game's link hands this device the seat it does not play: the friend
    plays this device's side too (both chose to begin, or both to let the other begin)."""
    to = link.link.to if link.link is not None else None
    return (
        len(seats) == 2 and not undecided(seats) and to is not None and to not in own_seats(seats)
    )


def clashing(session: Session, seats: Sequence[str]) -> bool:
    """The question asked is a seat clash (`seat_clash`) the friend's last link made."""
    theirs = session.exchange.theirs
    to = theirs.to if theirs is not None else None
    return len(seats) == 2 and to is not None and to not in own_seats(seats)


def over(session: Session) -> bool:
    """The game (the main line) has ended, on the board or off it."""
    end = main_end(session)
    return session.tree.ending(end) != "" or session.game.result(session.known[end]) is not None


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


def answer(session: Session, seats: Sequence[str], theirs: bool) -> list[str]:
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


# ---- the link this device sends


def next_seat(session: Session, seats: Sequence[str]) -> int:
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


def main_states(session: Session) -> list:
    """The positions of the game's main line."""
    known, end = session.known, main_end(session)
    return [known[end[:ply]] for ply in range(len(end) + 1)]


def sent_record(session: Session, seats: Sequence[str]):
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


def sent_fragment(session: Session, seats: Sequence[str]) -> str:
    """The fragment of the link this device sends (its moves packed when the plain link
    would be long): what Send shares and the address bar always holds."""
    record = sent_record(session, seats)
    plain = encode(record)
    return plain if len(plain) <= COMPACT_FROM else encode(record, compact=True)


# ---- offers and seats


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


def help_allowed(session: Session) -> bool:
    """Analyse and Hint are on: not a game by link the players started without help."""
    return session.link is None or session.link.help


def start(
    session: Session, seats: Sequence[str], help: bool, game_id: str, device: str = ""
) -> None:
    """A new game with `seats`: a game by link (its id `game_id`, this device's seat the
    first Human, or seat 0 until an undecided game's first move or Send decides; `device`
    this device's id in it) when a friend plays a seat."""
    if by_link(seats):
        mine = list(seats).index(HUMAN) if HUMAN in seats else 0
        session.link = ByLink(game_id, mine, help)
        session.exchange = Exchange(me=device)


def decide(session: Session, seats: Sequence[str], mover: int | None) -> list[str]:
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


def rematch_link(
    old: Session, new: Session, seats: Sequence[str], game_id: str, device: str = ""
) -> None:
    """Rematch by link: the new game (sides swapped, `seats`) is a new game by link."""
    if old.link is not None:
        start(new, seats, old.link.help, game_id, device)


def link_game_id(fragment: str) -> str | None:
    """The `game=` id of a link (its fragment), or None when it has none; read without
    decoding the whole link (Recent finds a game's entry by it)."""
    for field in fragment.rsplit("/", 1)[-1].split(","):
        name, _, value = field.partition("=")
        if name == "game" and value:
            return value
    return None


def find_entry(entries, game_id: str):
    """The newest saved entry (web/storage/recent.py) of the game by link `game_id`."""
    found = [e for e in entries if link_game_id(e.fragment) == game_id]
    return max(found, key=lambda e: e.updated) if found else None
