"""A game played by exchanging links, as this device keeps it (pure; tested in CPython).

Each device of a game by link plays one seat (or, in a game of three or four players, the
seats its player took): its seats are HUMAN, the others FRIEND, whose moves come only by link.
The session carries the game's `ByLink` (engine/by_link.py) with `to` the device's own seat;
the link the device sends hands the game `to` the seat to move.

A link of a game this device keeps (found by its `game=` id among the saved games) can be,
against the line this device holds:

    same       the same moves: nothing new
    ahead      this device's line and more: the friend's moves (named)
    behind     a start of this device's line: an older link ("N moves behind your game")
    branch     it leaves this device's line at one of the friend's moves (the friend answered
               an old link twice): both lines are kept, the link's, which came last, as the
               game's main line
    conflict   it would change or make one of this device's own moves: refused

`compare` decides which, from the two lines of moves (in canonical notation) and the seat
that made each move of the link's line; `arrive` carries it out on this device's session.
The page's words for a game by link are here too: the status line, the tab's title, the
text that goes with a sent link, and what Recent says of the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from enum import Enum

from engine import EngineError
from engine.by_link import ByLink
from engine.ending import can_agree_draw
from engine.record import encode
from web.logic.session import Session

HUMAN = "human"  # web/logic/table.py's
FRIEND = "friend"  # a seat played on the friend's device: its moves come by link
FRIEND_LABEL = "Friend, by link"
COMPACT_FROM = 1500  # a sent link longer than this goes with its moves packed in one word
DEFAULT_TITLE = "Abstract games: Wythe, Petrify, Stigmergy, Rug Pile, Gwyddbwyll"


class Continuation(Enum):
    SAME = "same"
    AHEAD = "ahead"
    BEHIND = "behind"
    BRANCH = "branch"
    CONFLICT = "conflict"


@dataclass(frozen=True)
class Comparison:
    """What a link does to this device's game.

    kind:    how the link's line stands to the device's (Continuation).
    common:  how many moves the two lines share from the start.
    behind:  how many of the device's moves the link lacks (BEHIND, BRANCH, CONFLICT).
    new:     the link's moves past what the two share (AHEAD, BRANCH, CONFLICT).
    ply:     CONFLICT: the ply (from 0) of the device's own move the link changes or makes.
    """

    kind: Continuation
    common: int
    behind: int = 0
    new: tuple[str, ...] = ()
    ply: int | None = None


def shared_start(mine: Sequence[str], theirs: Sequence[str]) -> int:
    """How many moves two lines share from the start."""
    common = 0
    for a, b in zip(mine, theirs, strict=False):
        if a != b:
            break
        common += 1
    return common


def compare(
    mine: Sequence[str], theirs: Sequence[str], movers: Sequence[int], own: frozenset[int]
) -> Comparison:
    """How the link's line `theirs` (whose move i was made by seat movers[i]) stands to this
    device's line `mine`, when this device plays the seats `own`."""
    common = shared_start(mine, theirs)
    new = tuple(theirs[common:])
    behind = len(mine) - common
    own_move = next((ply for ply in range(common, len(theirs)) if movers[ply] in own), None)
    if own_move is not None:
        return Comparison(Continuation.CONFLICT, common, behind, new, own_move)
    if not new:
        kind = Continuation.BEHIND if behind else Continuation.SAME
        return Comparison(kind, common, behind)
    if not behind:
        return Comparison(Continuation.AHEAD, common, 0, new)
    return Comparison(Continuation.BRANCH, common, behind, new)


# ---- seats


def own_seats(seats: Sequence[str]) -> frozenset[int]:
    """The seats this device plays in a game by link."""
    return frozenset(seat for seat, kind in enumerate(seats) if kind == HUMAN)


def by_link(seats: Sequence[str]) -> bool:
    """The seats are those of a game by link (a friend plays one of them)."""
    return FRIEND in seats


def undecided(seats: Sequence[str]) -> bool:
    """A game by link whose sides are not chosen yet (every seat 'Friend, by link' in the
    New game form): the first move, or Send, decides which seat this device plays."""
    return bool(seats) and all(kind == FRIEND for kind in seats)


def decided_by_move(seats: Sequence[str], mover: int) -> list[str]:
    """The seats once this device made the first move of an undecided game: it plays the
    seat that moved, a friend every other."""
    return invited_seats(len(seats), mover)


def decided_by_send(seats: Sequence[str], first: int) -> list[str]:
    """The seats once this device pressed Send before any move of an undecided game: the
    friend gets the seat that moves first (`first`), and this device the next seat in turn
    (with three or four players every other seat stays a friend's, each link going on to
    the seat to move)."""
    return invited_seats(len(seats), (first + 1) % len(seats))


def invited_seats(count: int, to: int) -> list[str]:
    """The seats of a device a link hands seat `to` of a game of `count` seats."""
    return [HUMAN if seat == to else FRIEND for seat in range(count)]


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


# ---- a link arrives


@dataclass(frozen=True)
class Arrival:
    """What a link of a kept game did: the kind, this device's session after it, and the
    page's message (text)."""

    kind: Continuation
    session: Session
    message: str


def movers(session: Session) -> list[int]:
    """The seat that made each move of the session's line on display."""
    return [session.game.to_move(state) for state in session.states[:-1]]


def named_moves(session: Session, start: int) -> str:
    """'White played c5c6.' for each move of the line on display from `start`."""
    names = session.game.seat_names(session.states[0])
    seats = movers(session)
    return " ".join(
        f"{names[seats[ply]]} played {session.moves[ply]}."
        for ply in range(start, len(session.moves))
    )


def arrive(held: Session, seats: Sequence[str], link: Session) -> Arrival:
    """A link of the game `held` (this device's, played with `seats`) arrives: `held`
    continued as the link says, never losing a move either side made."""
    own = own_seats(seats)
    found = compare(held.moves, link.moves, movers(link), own)
    if held.link is not None and found.kind is not Continuation.CONFLICT:
        held.link = replace(held.link, offer="")  # an offer this device sent was answered
    if found.kind in (Continuation.CONFLICT, Continuation.BEHIND):
        held.goto(len(held.moves))
        return Arrival(found.kind, held, refusal(found, held.moves, link.moves))
    if found.kind in (Continuation.AHEAD, Continuation.BRANCH):
        held.goto(found.common)
        for ply, text in enumerate(found.new):
            held.play_text(text, main=found.kind is Continuation.BRANCH and ply == 0)
    ended = link.ending is not None and held.ending is None and held.live
    if ended:
        with suppress(EngineError):
            held.end(link.ending)  # type: ignore[arg-type]
    return Arrival(found.kind, held, news(found, held, own, ended, link.link))


def refusal(found: Comparison, mine: Sequence[str], theirs: Sequence[str]) -> str:
    """What the page says of a link that is behind the device's game or changes its moves."""
    if found.kind is Continuation.BEHIND:
        n = found.behind
        return (
            f"This link is {n} move{'' if n == 1 else 's'} behind your game: your game is "
            f"kept as it is (the link's position is move {found.common} in the move list)."
        )
    ply = found.ply or 0
    if ply < len(mine):
        what = f"it changes your move {ply + 1} ({mine[ply]}) to {theirs[ply]}"
    else:
        what = f"it makes your move {ply + 1} for you ({theirs[ply]})"
    return f"This link was refused: {what}. Your game is kept as it was."


def news(
    found: Comparison, held: Session, own: frozenset[int], ended: bool, link: ByLink | None
) -> str:
    """What the page says of a link that brought the friend's moves (or nothing new)."""
    said = named_moves(held, found.common)
    over = held.result_text() if held.over and held.live else None
    if found.kind is Continuation.BRANCH:
        said = (
            "Your friend answered an earlier link differently: their latest line is now "
            f"the game, and the line you had is kept as a side line. {said}"
        )
    elif found.kind is Continuation.SAME and not ended:
        said = "This link shows your game as it is: nothing new."
    if over:
        said = f"{said} {over}"
    elif found.kind is not Continuation.SAME and held.game.to_move(held.state) in own:
        said += " Your move."
    if link is not None and link.offer == "draw" and not held.over:
        said += " Your friend offers a draw: accept it, or play on to decline."
    return said.strip()


# ---- the page's words


def seat_name(session: Session, seat: int) -> str:
    return session.game.seat_names(session.states[0])[seat]


def status_text(session: Session, seats: Sequence[str], sent: bool) -> str | None:
    """The status line of a game by link at its latest position, or None when it is over
    or not a game by link (the usual status then)."""
    if not by_link(seats) or session.result is not None:
        return None
    seat = session.game.to_move(session.state)
    name = seat_name(session, seat)
    if undecided(seats):
        return f"Make the first move to play {name}, or Send the link to let your friend begin"
    if not session.live:  # an earlier position: the board's prompt, or the friend's turn
        return (
            f"Viewing move {session.ply}. {name} (your friend) to move."
            if seats[seat] == FRIEND
            else None
        )
    if seats[seat] == HUMAN:
        return f"Your move ({name})"
    if not session.moves:
        if sent:
            return f"Waiting for {name}'s first move"
        return f"Send the invitation to your friend: {name} moves first"
    if sent:
        return f"Waiting for {name}'s reply"
    return f"Your move is made: send it to your friend ({name})"


def my_turn(session: Session, seats: Sequence[str]) -> bool:
    """A game by link whose latest position waits for this device's move."""
    return (
        by_link(seats)
        and not session.over
        and (seats[session.game.to_move(session.states[-1])] == HUMAN or undecided(seats))
    )


def tab_title(session: Session, seats: Sequence[str]) -> str:
    """The tab's title: 'Your move — Wythe' while a game by link waits for this device."""
    if my_turn(session, seats):
        return f"Your move — {session.game.name}"
    return DEFAULT_TITLE


def next_seat(session: Session, seats: Sequence[str]) -> int:
    """The seat the link this device sends hands the game to: the seat to move at the end
    of the line, else (the game over, or this device to move) the first friend's."""
    if not session.over:
        seat = session.game.to_move(session.states[-1])
        if seats[seat] == FRIEND:
            return seat
    return seats.index(FRIEND) if FRIEND in seats else 0


def sent_fragment(session: Session, seats: Sequence[str]) -> str:
    """The fragment of the link this device sends: the whole line, handed to the friend to
    move (with this device's draw offer, if it made one), its moves packed when the plain
    link would be long."""
    link = session.link
    if link is None:
        raise EngineError("this game is not played by link")
    record = replace(
        session.current_record(),
        link=replace(link, to=next_seat(session, seats), offer="" if session.over else link.offer),
    )
    plain = encode(record)
    return plain if len(plain) <= COMPACT_FROM else encode(record, compact=True)


def copied_address(session: Session, seats: Sequence[str]) -> str:
    """The location.hash Copy link copies: in a game by link the link Send sends (handed to
    the friend), else the game's own at the ply shown."""
    if by_link(seats) and session.link is not None:
        return "#" + sent_fragment(session, seats)
    return "#" + session.fragment()


def share_text(session: Session, seats: Sequence[str]) -> str:
    """The line that goes with a sent link: 'Wythe, move 12: your turn — I played d4e4', or
    the invitation when no move is made."""
    game, moves = session.game.name, session.moves
    to = seat_name(session, next_seat(session, seats))
    if not moves:
        return f"Your friend invites you to a game of {game}: you play {to}"
    last = moves[-1]
    if session.over:
        return f"{game}, move {len(moves)}: {session.result_text()}"
    return f"{game}, move {len(moves) + 1}: your turn ({to}) — I played {last}"


def invitation(session: Session, to: int) -> str:
    """What a device says when a friend's link of a game new to it opens."""
    name = seat_name(session, to)
    help_note = "" if session.link is None or session.link.help else " (without help)"
    return (
        f"Your friend invites you to play {name} in this {session.game.name} game"
        f"{help_note}: accept to play that side, or just look."
    )


def recent_note(fragment: str, seats: Sequence[str], finished: bool) -> str:
    """What Recent says of a game by link beside its moves: whose move it is."""
    if finished or not by_link(seats):
        return ""
    try:
        session = Session.from_fragment(fragment)
    except EngineError:
        return ""
    seat = session.game.to_move(session.states[-1])
    if seats[seat] == HUMAN or undecided(seats):
        return "your move"
    return f"waiting for {seat_name(session, seat)}"


def help_allowed(session: Session) -> bool:
    """Analyse and Hint are on: not a game by link the players started without help."""
    return session.link is None or session.link.help


def offer_draw(session: Session) -> str:
    """Offer draw in a game by link: the offer goes with the next link sent; what the page
    says."""
    if session.link is not None:
        session.link = replace(session.link, offer="draw")
        session.sent = False
    return "Your draw offer goes with the link: send it to your friend."


def draw_offered(link: Session, held: Session) -> bool:
    """The link offers a draw that this device may accept now."""
    return (
        link.link is not None
        and link.link.offer == "draw"
        and not held.over
        and held.live
        and can_agree_draw(held.game, held.state)
    )


ACCEPT_DRAW = '<button type="button" data-action="accept-draw">Accept the draw</button>'


def show_link_position(ply: int) -> str:
    """The button that shows an old link's position in this device's game (nothing lost:
    the game stays as it is)."""
    return (
        f'<button type="button" data-action="link-ply" data-ply="{int(ply)}">'
        f"Show the link's position (move {int(ply)})</button>"
    )


# ---- starting one


def seats_problem(seats: Sequence[str]) -> str | None:
    """What is wrong with the seats of a new game by link, or None (or not a game by link)."""
    if not by_link(seats):
        return None
    if HUMAN not in seats and not undecided(seats):
        return "A game by link needs you in one seat: choose Human for your side."
    if any(kind not in (HUMAN, FRIEND) for kind in seats):
        return "A game by link is between people: choose Human or Friend for each seat."
    return None


def start(session: Session, seats: Sequence[str], help: bool, game_id: str) -> None:
    """A new game with `seats`: a game by link (its id `game_id`, this device's seat the
    first Human, or seat 0 until an undecided game's first move or Send decides) when a
    friend plays a seat."""
    if by_link(seats):
        mine = list(seats).index(HUMAN) if HUMAN in seats else 0
        session.link = ByLink(game_id, mine, help)


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


def rematch_link(old: Session, new: Session, seats: Sequence[str], game_id: str) -> None:
    """Rematch by link: the new game (sides swapped, `seats`) is a new game by link."""
    if old.link is not None:
        start(new, seats, old.link.help, game_id)


def help_field() -> str:
    """The New game form's switch for a game by link without help."""
    return (
        '<label class="field check"><input type="checkbox" name="link-help" checked>'
        "<span>Analysis allowed in a game with a friend by link</span>"
        "<small>Unticked, Analyse is off on both devices, and the link says so.</small>"
        "</label>"
    )
