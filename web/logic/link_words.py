"""The page's words for a game by link (pure; tested in CPython): the status line, the tab's
title, what a friend's link did and what it asks (with the answers' buttons), the line that
goes with a sent link, the invitation, and what Recent says of the game.  What happens is
web/logic/link_lines.py's, link_arrival.py's,
link_sending.py's and link_seats.py's; this module only says it.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from engine import EngineError
from engine.formats.by_link import ByLink
from web.logic.link_arrival import Arrival, Continuation, clashing
from web.logic.link_exchange import CONFLICT, TAKEBACK, shared_start
from web.logic.link_lines import asked, main_line, main_movers, main_states
from web.logic.link_sending import declining, next_seat, sent, takeback_from, takes_back
from web.logic.move_names import full_moves, line_names, move_number, numbered_line, viewing
from web.logic.seats import FRIEND, HUMAN, Seats, by_link, own_seats, undecided
from web.logic.session import Session
from web.logic.wording import your_move

DEFAULT_TITLE = "Abstract games: Wythe, Petrify, Stigmergy, Rug Pile, Gwyddbwyll"
ACCEPT_DRAW = '<button type="button" data-action="accept-draw">Accept the draw</button>'


def seat_name(session: Session, seat: int) -> str:
    return session.game.seat_names(session.states[0])[seat]


def moves_text(moves: Sequence[str]) -> str:
    """'c3c4' or 'c3c4, c5c6 and d1d2'."""
    if len(moves) <= 1:
        return "".join(moves)
    return ", ".join(moves[:-1]) + " and " + moves[-1]


def names(session: Session, start: int, moves: Sequence[str]) -> list[str]:
    """`moves` from ply `start` of the game's main line (which the lines compared share up to
    there), named as the player reads them (Gwyddbwyll's "Rc2b2": web/logic/move_names.py)."""
    return line_names(session.game, main_states(session)[start], moves)


def number(session: Session, ply: int, whose: bool = True) -> str:
    """The number of the game's move at `ply` (its main line's) as the move list numbers it
    ("12", or by full moves "6 (Black's)", "6" without `whose`)."""
    states = main_states(session)
    return move_number(session.game, states[ply - 1] if ply else None, ply, whose)


def numbered(session: Session, start: int, moves: Sequence[str]) -> str:
    """'move 13 (c3c4)' or 'moves 13–14 (c3c4 and c5c6)': `moves` from ply `start` of the
    game's main line, named and numbered as the move list does (by full moves, Gwyddbwyll's:
    '7. c3c4 c5c6', '6… c5c6')."""
    moves = names(session, start, moves)
    if full_moves(session.game):
        return numbered_line(session.game, start, moves)
    if len(moves) == 1:
        return f"move {start + 1} ({moves[0]})"
    return f"moves {start + 1}–{start + len(moves)} ({moves_text(moves)})"


def played(session: Session, start: int) -> str:
    """'Blue played c5c6.' for each move of the game from ply `start`."""
    seats, moves = main_movers(session), main_line(session)
    words = names(session, start, moves[start:])
    return " ".join(
        f"{seat_name(session, seats[ply])} played {word}." for ply, word in enumerate(words, start)
    )


# ---- a friend's link arrived


def arrival_text(came: Arrival, session: Session, seats: Seats, link: ByLink | None) -> str:
    """What the page says of a friend's link of a game this device keeps."""
    kind, common = came.kind, came.common
    if kind is Continuation.BEHIND and came.new:
        return (
            "This link is older than your game: its line is kept as a side line, and your "
            "game goes on as it is."
        )
    if kind is Continuation.BEHIND:
        n = len(came.replaced)
        said = (
            f"This link is {n} move{'' if n == 1 else 's'} behind your game: your game is "
            f"kept as it is (the link's position is move {number(session, common)} in the move "
            "list)."
        )
        return f"{said} {ended(session)}".strip() if came.ended else said
    if kind in (Continuation.ASKED, Continuation.CONFLICT):
        return question_text(session, seats)
    said = {
        Continuation.SAME: ""
        if came.ended
        else "This link shows your game as it is: nothing new.",
        Continuation.AHEAD: "",
        Continuation.ACCEPTED: "Your friend accepted your takeback.",
        Continuation.BRANCH: (
            "Your friend answered an earlier link differently: their latest line is now the "
            f"game, and your {numbered(session, common, came.replaced)} "
            f"{'is' if len(came.replaced) == 1 else 'are'} kept as a side line."
        ),
        Continuation.DECLINED: (
            f"Your friend kept {numbered(session, common, came.new[:1])}: your takeback is "
            "kept as a side line."
        ),
    }[kind]
    if kind is not Continuation.SAME:
        said = f"{said} {played(session, common)}"
    if came.mine:
        yours = came.new[came.mine[0] - came.common]
        said += (
            f" This link holds your {numbered(session, came.mine[0], (yours,))}, made on "
            "another device or tab: it is part of your game now."
        )
    if kind is Continuation.SAME and not came.ended:
        return said
    return f"{said} {what_now(session, seats, link)}".strip()


def what_now(session: Session, seats: Seats, link: ByLink | None) -> str:
    """After a link brought news: the result, or whose move it is, and an offered draw."""
    if session.over:
        return ended(session)
    said = "Your move." if to_move(session) in own_seats(seats) else ""
    if link is not None and link.offer == "draw":
        said += " Your friend offers a draw: accept it, or play on to decline."
    return said.strip()


def ended(session: Session) -> str:
    return session.result_text() or ""


def to_move(session: Session) -> int:
    return session.game.to_move(main_states(session)[-1])


def question_text(session: Session, seats: Seats) -> str:
    """What a friend's link asks (a takeback, or a line that changes this device's move), in
    one sentence, or '' when nothing is asked."""
    theirs = session.exchange.theirs
    question = asked(session)
    if not question or theirs is None:
        return ""
    if question == CONFLICT and clashing(session, seats):
        given = seat_name(session, theirs.to or 0)
        kept = seat_name(session, min(own_seats(seats)))
        return (
            f"Your friend's link hands you {given}, and you play {kept}: you both chose the "
            f"same side. Play {given} (their line is the game), or keep {kept} (your friend "
            "is then asked to switch)."
        )
    mine = main_line(session)
    common = shared_start(mine, theirs.moves)
    replaced, new = mine[common:], theirs.moves[common:]
    instead = f" and play {moves_text(names(session, common, new))} instead" if new else ""
    if question == TAKEBACK:
        return (
            f"Your friend asks to take back {numbered(session, common, replaced)}{instead}: "
            "accept, or decline to keep the game as it is."
        )
    yours = names(session, common, replaced[:1])[0]
    return (
        f"Your friend's link goes on from {numbered(session, common, new[:1])} where you "
        f"played {yours}: continue their line, or keep yours (your friend is then asked to "
        "accept it)."
    )


def question_html(session: Session, seats: Seats) -> str:
    """The question (escaped) with its two answers' buttons ('' when nothing is asked)."""
    text = question_text(session, seats)
    if not text:
        return ""
    yes, no = {
        TAKEBACK: ("Accept the takeback", "Decline"),
        CONFLICT: ("Continue your friend's line", "Keep your line"),
    }[asked(session)]
    theirs = session.exchange.theirs
    if asked(session) == CONFLICT and clashing(session, seats) and theirs is not None:
        yes = f"Play {seat_name(session, theirs.to or 0)}"
        no = f"Keep {seat_name(session, min(own_seats(seats)))}"
    return (
        f"{escape(text)} "
        f'<button type="button" class="primary" data-action="accept-takeback">{yes}</button> '
        f'<button type="button" data-action="keep-line">{no}</button>'
    )


def answered(session: Session, theirs: bool) -> str:
    """What the page says once the player answered the question (asked before: `session`
    is the game after the answer; `theirs`: the friend's line taken)."""
    if theirs:
        return f"Your friend's line is the game now. {played_last(session)}".strip()
    return "You kept your game: send it to your friend, who is asked to accept it."


def played_last(session: Session) -> str:
    moves = main_line(session)
    return played(session, len(moves) - 1) if moves else ""


def show_link_position(ply: int) -> str:
    """The button that shows an old link's position in this device's game (nothing lost:
    the game stays as it is)."""
    return (
        f'<button type="button" data-action="link-ply" data-ply="{int(ply)}">'
        f"Show the link's position (move {int(ply)})</button>"
    )


# ---- the status line and the title


def status_text(session: Session, seats: Seats, prompt: str) -> str | None:
    """The status line of a game by link, or None when it is over or not a game by link
    (the usual status then).  `prompt` is what the board says to the person to move."""
    if not by_link(seats) or session.result is not None:
        return None
    seat = session.game.to_move(session.state)
    name = seat_name(session, seat)
    if undecided(seats):
        return f"Make the first move to play {name}, or Send the link to let your friend begin"
    if asked(session) == TAKEBACK:
        return "Your friend asks for a takeback: accept it, or decline"
    if asked(session):
        return "Your friend's link differs from your game: choose which line goes on"
    if not session.live or any(session.path):
        return past_status(session, seats, prompt)
    if seats[seat] == HUMAN:
        return your_move(prompt, name) if prompt else f"Your move ({name})"
    return waiting_status(session, seats, name)


def past_status(session: Session, seats: Seats, prompt: str) -> str:
    """At a position before the game's last: the friend's turn, or what a move here does."""
    seat = session.game.to_move(session.state)
    name = seat_name(session, seat)
    at = viewing(session)
    if seats[seat] == FRIEND:
        return f"{at} {name} (your friend) to move."
    back = takes_back(session, seats)
    if back:
        return (
            f"{at} A move here takes back {back} move{'' if back == 1 else 's'} your friend "
            f"has: they are asked to accept it. {prompt}"
        ).strip()
    return f"{at} {prompt}".strip()


def waiting_status(session: Session, seats: Seats, name: str) -> str:
    """The friend to move at the game's last position: send, or wait."""
    done = sent(session)
    if not session.moves:
        if done:
            return f"Waiting for {name}'s first move"
        return f"Send the invitation to your friend: {name} moves first"
    if takeback_from(session, seats) is not None:
        if done:
            return f"Waiting for {name} to accept your takeback"
        return f"Your takeback is made: send it to your friend ({name}), who is asked to accept it"
    if declining(session, seats) and not done:
        return f"You kept your game: send it to your friend ({name})"
    if done:
        return f"Waiting for {name}'s reply"
    return f"Your move is made: send it to your friend ({name})"


def my_turn(session: Session, seats: Seats) -> bool:
    """A game by link that waits for this device: its move, or an answer."""
    if not by_link(seats) or session.over:
        return False
    if asked(session) or undecided(seats):
        return True
    return seats[session.game.to_move(main_states(session)[-1])] == HUMAN


def tab_title(session: Session, seats: Seats) -> str:
    """The tab's title: 'Your move — Wythe' while a game by link waits for this device."""
    if my_turn(session, seats):
        return f"Your move — {session.game.name}"
    return DEFAULT_TITLE


# ---- sending


def share_text(session: Session, seats: Seats) -> str:
    """The line that goes with a sent link: 'Wythe, move 12: your turn — I played d4e4', the
    invitation when no move is made, or the takeback asked for."""
    game, moves = session.game.name, main_line(session)
    to = seat_name(session, next_seat(session, seats))
    if not moves:
        return f"Your friend invites you to a game of {game}: you play {to}"
    if session.over:
        return f"{game}, move {number(session, len(moves), False)}: {session.result_text()}"
    back = takeback_from(session, seats)
    if back is not None:
        instead = names(session, back, moves[back : back + 1])[0]
        back_to = number(session, back + 1)
        return f"{game}: I ask to take back my move {back_to} and play {instead} instead"
    last = names(session, len(moves) - 1, moves[-1:])[0]
    turn = number(session, len(moves) + 1, False)
    return f"{game}, move {turn}: your turn ({to}) — I played {last}"


def sent_notice(session: Session, seats: Seats, shared_by: str) -> str:
    """What the page says once a link was sent (`shared_by`: 'share' for the share sheet,
    'copy' for the clipboard): short, a passing notice."""
    done = "Sent" if shared_by == "share" else "Link copied"
    seat = session.game.to_move(main_states(session)[-1])
    if not session.over and seats[seat] == HUMAN and not main_line(session):
        name = seat_name(session, next_seat(session, seats))
        return f"{done}: your friend plays {name}. Your move: make it, then send it."
    if shared_by == "share":
        return "Sent. Open your friend's link when it comes."
    return "Link copied: paste it to your friend, and open theirs when it comes."


def invitation(session: Session, to: int | None) -> str:
    """What a device says when a friend's link of a game new to it opens (`to`: the seat it
    offers; None: the sides are not chosen yet)."""
    help_note = "" if session.link is None or session.link.help else " (without help)"
    seat = session.game.to_move(session.states[-1])
    if to is None:
        first = seat_name(session, seat)
        return (
            f"Your friend invites you to a game of {session.game.name}{help_note}: make the "
            f"first move to play {first}, or Send to let your friend begin; or just look."
        )
    name = seat_name(session, to)
    move = (
        "make your move to accept" if seat == to and not session.over else f"accept to play {name}"
    )
    return (
        f"Your friend invites you to play {name} in this {session.game.name} game"
        f"{help_note}: {move}, or just look."
    )


def looking() -> str:
    return "An analysis copy of your friend's game: moves here are yours to try, and are not sent."


def recent_note(fragment: str, seats: Seats, finished: bool, question: str = "") -> str:
    """What Recent says of a game by link beside its moves: whose move it is."""
    if finished or not by_link(seats):
        return ""
    if question:
        return "your friend asks you"
    try:
        session = Session.from_fragment(fragment)
    except EngineError:
        return ""
    seat = session.game.to_move(session.states[-1])
    if seats[seat] == HUMAN or undecided(seats):
        return "your move"
    return f"waiting for {seat_name(session, seat)}"


def help_field() -> str:
    """The New game form's switch for a game by link without help."""
    return (
        '<label class="field check"><input type="checkbox" name="link-help" checked>'
        "<span>Analysis allowed in a game with a friend by link</span>"
        "<small>Unticked, Analyse is off on both devices, and the link says so.</small>"
        "</label>"
    )
