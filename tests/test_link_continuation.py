"""A game by link as one device keeps it (web/logic/link_*.py): what a friend's link does to
the device's game, the takebacks and conflicts it asks about, the link the device sends, and
the page's words for all of it (web/logic/link_words.py).  Hand-made lines of Rug Pile; the
model of whole exchanges between devices is tests/test_link_model.py."""

from __future__ import annotations

import random

import pytest

from engine.contract.ending import AGREED_DRAW, resignation
from engine.formats.by_link import ByLink
from engine.formats.record import decode, encode
from web.logic.computer import Computer
from web.logic.link_arrival import Arrival, Continuation, answer, arrive, moved
from web.logic.link_exchange import CONFLICT, TAKEBACK, Exchange, LinkLine
from web.logic.link_lines import asked, find_entry, link_game_id, main_line
from web.logic.link_seats import help_allowed, rematch_link, start
from web.logic.link_sending import (
    COMPACT_FROM,
    declining,
    draw_offered,
    mark_sent,
    offer_draw,
    sent,
    sent_fragment,
    takeback_from,
    takes_back,
)
from web.logic.link_words import (
    ACCEPT_DRAW,
    DEFAULT_TITLE,
    arrival_text,
    invitation,
    question_html,
    question_text,
    recent_note,
    sent_notice,
    share_text,
    show_link_position,
    status_text,
    tab_title,
)
from web.logic.navigation import Place, navigate
from web.logic.screen import screen_of
from web.logic.seats import FRIEND, HUMAN, SEAT_KINDS, invited_seats, seats_problem
from web.logic.session import Session
from web.logic.table import Table
from web.storage.recent import Entry, entry_for, link_entry_id

FOOLS = ["3x3a3", "3x3b2", "2x2d1"]  # Rug Pile's fool's mate (its rules page): over after 3
RED = [HUMAN, FRIEND]  # the device that plays Red (seat 0), moving first
BLUE = [FRIEND, HUMAN]
GAME = ByLink("k3f9x2qa", 0)
QUIET = ["2x2a1", "2x2c1", "2x2a3", "2x2c3"]  # Red, Blue, Red, Blue: tiles apart, all legal


def rug(moves, to: int = 0, shared=None, sent=None, **link) -> Session:
    """A device's game: `moves` played; `shared` (moves) the line of the friend's last link,
    `sent` that of the link this device sent last."""
    session = Session("rugpile", {}, moves)
    session.link = ByLink("k3f9x2qa", to, **link)
    session.exchange = Exchange(
        None if sent is None else LinkLine(tuple(sent)),
        None if shared is None else LinkLine(tuple(shared)),
    )
    return session


def link(moves, to: int = 1, **fields) -> Session:
    """A friend's link of the game, handing it to seat `to`."""
    return rug(moves, to, **fields)


def came(held: Session, seats, sent_link: Session) -> tuple[Arrival, str]:
    arrival = arrive(held, seats, sent_link)
    return arrival, arrival_text(arrival, held, seats, sent_link.link)


# ---- a friend's link arrives


def test_a_link_ahead_adds_the_friends_move_and_names_it():
    held = rug(FOOLS[:1], 0, shared=FOOLS[:1])
    arrival, said = came(held, RED, link(FOOLS[:2], to=0))
    assert arrival.kind is Continuation.AHEAD and arrival.new == ("3x3b2",)
    assert held.moves == FOOLS[:2] and held.live
    assert held.exchange.theirs == LinkLine(tuple(FOOLS[:2]), to=0)  # the friend has it
    assert not held.exchange.question
    assert said == "Blue played 3x3b2. Your move."


def test_the_same_link_twice_changes_nothing():
    held = rug(FOOLS[:2], 0)
    arrival, said = came(held, RED, link(FOOLS[:2], to=0))
    assert arrival.kind is Continuation.SAME and held.moves == FOOLS[:2]
    assert said == "This link shows your game as it is: nothing new."


def test_an_old_link_is_behind_and_the_game_is_kept():
    held = rug(FOOLS[:2], 0, shared=FOOLS[:2])
    arrival, said = came(held, RED, link([], to=0))
    assert arrival.kind is Continuation.BEHIND and arrival.replaced == tuple(FOOLS[:2])
    assert held.moves == FOOLS[:2] and held.ply == 2
    assert held.exchange.theirs == LinkLine(tuple(FOOLS[:2]))  # more than the old link
    assert said.startswith("This link is 2 moves behind your game")


def test_a_double_answer_makes_the_latest_line_the_game_and_keeps_the_other():
    """Red sent 3x3a3; Blue answered 3x3b2, then (from the same link, on another device)
    2x2a1.  Red holds the first answer and its own next move: both kept, the latest answer
    the game's main line, as on Blue's device."""
    held = rug(FOOLS, 0, shared=FOOLS)
    arrival, said = came(held, RED, link(["3x3a3", "2x2a1"], to=0))
    assert arrival.kind is Continuation.BRANCH
    assert held.moves == ["3x3a3", "2x2a1"] and held.live
    assert held.tree.children((0,)) == ("2x2a1", "3x3b2")  # the latest first: main line
    assert held.find(tuple(FOOLS)) is not None  # the earlier answer and Red's move kept
    assert said == (
        "Your friend answered an earlier link differently: their latest line is now the "
        "game, and your moves 2–3 (3x3b2 and 2x2d1) are kept as a side line. Blue played "
        "2x2a1. Your move."
    )


def test_a_link_that_changes_the_devices_own_move_asks_which_line_goes_on():
    """Blue took back its sent 3x3b2 (an old tab, an old page) and played 2x2a1; Red's
    reply to 3x3b2 arrives: both lines kept, Blue's main until Blue chooses."""
    held = rug(["3x3a3", "2x2a1"], 1, shared=["3x3a3"])  # Blue's device
    arrival, said = came(held, BLUE, link(FOOLS, to=1))
    assert arrival.kind is Continuation.CONFLICT
    assert asked(held) == CONFLICT and held.moves == ["3x3a3", "2x2a1"]
    assert held.find(tuple(FOOLS)) is not None  # nothing refused into the void
    assert (
        said
        == question_text(held, BLUE)
        == (
            "Your friend's link goes on from move 2 (3x3b2) where you played 2x2a1: continue "
            "their line, or keep yours (your friend is then asked to accept it)."
        )
    )
    html = question_html(held, BLUE)
    assert 'data-action="accept-takeback">Continue your friend\'s line</button>' in html
    assert 'data-action="keep-line">Keep your line</button>' in html


def test_continuing_the_friends_line_makes_it_the_game():
    held = rug(["3x3a3", "2x2a1"], 1, shared=["3x3a3"])
    arrive(held, BLUE, link(FOOLS, to=1))
    assert answer(held, BLUE, theirs=True) == BLUE
    assert held.moves == FOOLS and not asked(held) and held.over
    assert held.find(("3x3a3", "2x2a1")) is not None  # Blue's line kept as a side line


def test_keeping_ones_line_asks_the_friend_to_take_it_back():
    held = rug(["3x3a3", "2x2a1"], 1, shared=["3x3a3"])
    arrive(held, BLUE, link(FOOLS, to=1))
    answer(held, BLUE, theirs=False)
    assert held.moves == ["3x3a3", "2x2a1"] and not asked(held)
    assert takeback_from(held, BLUE) == 1  # Blue's move 2 differs from the friend's
    fragment = sent_fragment(held, BLUE)
    assert fragment.endswith("/3x3a3.2x2a1/game=k3f9x2qa,to=1,takeback=1,n=1")


def test_a_link_that_makes_the_devices_move_elsewhere_is_taken_and_said():
    """The same player moved on another device: the friend's link holds it."""
    held = rug(QUIET[:1], 0, shared=QUIET[:1])
    arrival, said = came(held, RED, link(QUIET[:4], to=0))
    assert arrival.kind is Continuation.AHEAD and arrival.mine == (2,)
    assert held.moves == QUIET[:4]
    assert said == (
        "Blue played 2x2c1. Red played 2x2a3. Blue played 2x2c3. This link holds your move "
        "3 (2x2a3), made on another device or tab: it is part of your game now. Your move."
    )


def test_the_last_move_ends_the_game_on_the_other_device_too():
    held = rug(FOOLS[:2], 1, shared=FOOLS[:2])
    arrival, said = came(held, BLUE, link(FOOLS, to=1))
    assert held.over and arrival.ended
    assert said.startswith("Red played 2x2d1.") and "Your move" not in said


# ---- takebacks


def test_a_move_from_a_past_position_after_a_send_is_a_takeback_to_ask_for():
    session = rug(FOOLS[:2], 0, shared=FOOLS[:2])  # Red: Blue's 3x3b2 came, Red to move
    table = Table(session, RED)
    table.take_back()  # back to Red's last turn: before 3x3a3
    assert session.ply == 0 and takes_back(session, RED) == 2
    assert screen_of(table).status.startswith(
        "Viewing move 0. A move here takes back 2 moves your friend has: they are asked to "
        "accept it."
    )
    table.play_text("2x2a1")
    assert main_line(session) == ("2x2a1",) and session.find(tuple(FOOLS[:2])) is not None
    assert takeback_from(session, RED) == 0 and not sent(session)
    assert screen_of(table).status == (
        "Your takeback is made: send it to your friend (Blue), who is asked to accept it"
    )
    assert sent_fragment(session, RED).endswith("/2x2a1/game=k3f9x2qa,to=2,takeback=0,n=1")
    assert share_text(session, RED) == (
        "Rug Pile: I ask to take back my move 1 and play 2x2a1 instead"
    )
    mark_sent(session, RED)
    assert screen_of(table).status == "Waiting for Blue to accept your takeback"


def test_a_takeback_before_any_send_is_no_takeback():
    session = rug(FOOLS[:1], 0, shared=[])  # the invitation went, 3x3a3 did not
    table = Table(session, RED)
    table.take_back()
    table.play_text("2x2a1")
    assert takeback_from(session, RED) is None
    assert sent_fragment(session, RED).endswith("/2x2a1/game=k3f9x2qa,to=2,n=1")


def test_the_friend_is_asked_to_accept_a_takeback():
    """Blue holds Red's 3x3a3 and its own reply 3x3b2 (sent); Red's link takes 3x3a3 back
    and plays 2x2a1 instead."""
    held = rug(FOOLS[:2], 1, shared=FOOLS[:2])
    arrival, said = came(held, BLUE, link(["2x2a1"], to=1, takeback=0))
    assert arrival.kind is Continuation.ASKED and asked(held) == TAKEBACK
    assert held.moves == FOOLS[:2]  # the game as it was, until Blue answers
    assert said == (
        "Your friend asks to take back moves 1–2 (3x3a3 and 3x3b2) and play 2x2a1 instead: "
        "accept, or decline to keep the game as it is."
    )
    assert 'data-action="accept-takeback">Accept the takeback</button>' in question_html(
        held, BLUE
    )
    assert status_text(held, BLUE, "") == (
        "Your friend asks for a takeback: accept it, or decline"
    )
    assert tab_title(held, BLUE) == "Your move — Rug Pile"


def asking_red() -> Session:
    """Red's device: 3x3a3 and Blue's 3x3b2 shared, then Red's takeback, 2x2a1 at move 1."""
    red = rug(FOOLS[:2], 0, shared=FOOLS[:2])
    table = Table(red, RED)
    table.take_back()
    table.play_text("2x2a1")
    return red


def test_an_accepted_takeback_is_the_game_on_both_devices():
    held = rug(FOOLS[:2], 1, shared=FOOLS[:2])
    arrive(held, BLUE, link(["2x2a1"], to=1, takeback=0))
    answer(held, BLUE, theirs=True)
    assert held.moves == ["2x2a1"] and held.find(tuple(FOOLS[:2])) is not None
    assert status_text(held, BLUE, "") == "Your move (Blue)"
    held.play_text("2x2c1")  # Blue answers; Red's device, asking, gets it
    red = asking_red()
    arrival, said = came(red, RED, Session.from_fragment(sent_fragment(held, BLUE)))
    assert arrival.kind is Continuation.ACCEPTED and red.moves == ["2x2a1", "2x2c1"]
    assert said == "Your friend accepted your takeback. Blue played 2x2c1. Your move."


def test_a_declined_takeback_leaves_the_game_as_it_was_and_says_so():
    held = rug(FOOLS[:2], 1, shared=FOOLS[:2])
    arrive(held, BLUE, link(["2x2a1"], to=1, takeback=0))
    answer(held, BLUE, theirs=False)
    assert held.moves == FOOLS[:2] and declining(held, BLUE)
    assert status_text(held, BLUE, "") == "You kept your game: send it to your friend (Red)"
    red = asking_red()
    arrival, said = came(red, RED, Session.from_fragment(sent_fragment(held, BLUE)))
    assert arrival.kind is Continuation.DECLINED
    assert red.moves == FOOLS[:2] and red.find(("2x2a1",)) is not None
    assert said == (
        "Your friend kept move 1 (3x3a3): your takeback is kept as a side line. Red played "
        "3x3a3. Blue played 3x3b2. Your move."
    )


def test_a_move_answers_a_question():
    """A move on the game declines the takeback asked (the game goes on as it was)."""
    held = rug(FOOLS[:1], 1, shared=FOOLS[:1])
    arrive(held, BLUE, link(["2x2a1"], to=1, takeback=0))
    table = Table(held, BLUE)
    assert asked(held) == TAKEBACK
    table.play_text("3x3b2")
    moved(held)
    assert not asked(held) and held.moves == FOOLS[:2] and declining(held, BLUE)


# ---- endings and offers


def test_a_resignation_travels_in_the_next_link():
    sender = rug(FOOLS[:2], 0, shared=FOOLS[:2])
    resigns = resignation(sender.game, sender.state, 0)
    sender.end(resigns)
    assert not sent(sender)  # the resignation is news to send
    got = Session.from_fragment(sent_fragment(sender, RED))
    assert got.link == ByLink("k3f9x2qa", 1, n=1)
    held = rug(FOOLS[:2], 1, shared=FOOLS[:2])
    arrival, said = came(held, BLUE, got)
    assert arrival.kind is Continuation.SAME and arrival.ended
    assert held.ending == resigns
    assert said == "Blue wins: Red resigned."


def test_a_resignation_crossed_by_the_friends_move_still_stands():
    """Red resigned (not yet sent) while Blue moved: Blue's move is kept, and Red's
    resignation follows it."""
    held = rug(FOOLS[:1], 0, shared=FOOLS[:1])
    held.end(resignation(held.game, held.state, 0))
    arrive(held, RED, link(FOOLS[:2], to=0))
    assert held.moves == FOOLS[:2] and held.ending is not None and held.ending.seat == 0
    assert not sent(held)  # the resignation is still to be sent


def test_a_draw_offer_goes_by_link_and_is_said():
    sender = rug(FOOLS[:1], 1, shared=FOOLS[:1])  # Blue offers a draw with its reply
    sender.play_text("3x3b2")
    mark_sent(sender, BLUE)
    offer_draw(sender)
    assert not sent(sender)  # to send again, with the offer
    fragment = sent_fragment(sender, BLUE)
    assert fragment.endswith("/3x3a3.3x3b2/game=k3f9x2qa,to=1,offer=draw,n=2")
    got = Session.from_fragment(fragment)
    held = rug(FOOLS[:1], 0, shared=FOOLS[:1])
    arrival, said = came(held, RED, got)
    assert arrival.kind is Continuation.AHEAD
    assert said == (
        "Blue played 3x3b2. Your move. Your friend offers a draw: accept it, or play on to "
        "decline."
    )
    assert draw_offered(got, held)
    assert not draw_offered(link(FOOLS[:2], to=0), held)  # no offer in that link
    kept = [entry(held.fragment(), RED, 1)]
    opened = navigate(Place("#" + fragment, saved=kept, kinds=KINDS)).opening
    assert opened.message.endswith(ACCEPT_DRAW)
    sender.end(AGREED_DRAW)  # accepted: the draw travels, the offer does not
    assert sent_fragment(sender, BLUE).endswith("/3x3a3.3x3b2.draw-agreed/game=k3f9x2qa,to=1,n=2")


def test_an_offer_this_device_sent_is_answered_by_the_next_link():
    held = rug(FOOLS[:1], 0, offer="draw")
    arrive(held, RED, link(FOOLS[:2], to=0))
    assert held.link.offer == ""


# ---- the link sent, its words, the status and the title


def test_the_sent_link_and_the_address_hand_the_game_to_the_friend():
    session = rug(FOOLS[:1], 0)
    fragment = sent_fragment(session, RED)
    assert fragment == "rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3/game=k3f9x2qa,to=2,n=1"
    table = Table(session, RED)
    assert table.address() == "#" + fragment  # the address bar: the friend's link too
    session.goto(0)
    assert table.address() == "#" + fragment  # whatever position is on display
    assert Table(session, [HUMAN, HUMAN]).address() == "#" + session.fragment()
    assert share_text(session, RED) == "Rug Pile, move 2: your turn (Blue) — I played 3x3a3"


def test_the_link_before_ones_own_first_move_invites_the_friend_and_says_so():
    """Red, to move first, sends before moving: the friend is invited to Blue, and the page
    says it is Red's move (web/logic/link_words.py's sent_notice)."""
    session = rug([], 0)
    assert sent_fragment(session, RED).endswith("//game=k3f9x2qa,to=2,n=1")
    assert sent_notice(session, RED, "copy") == (
        "Link copied: your friend plays Blue. Your move: make it, then send it."
    )
    session.play_text("3x3a3")
    assert sent_notice(session, RED, "share") == "Sent. Open your friend's link when it comes."


def test_the_first_link_is_an_invitation():
    session = rug([], to=1)
    assert share_text(session, BLUE) == (
        "Your friend invites you to a game of Rug Pile: you play Red"
    )
    assert invitation(rug([], to=0), 0) == (
        "Your friend invites you to play Red in this Rug Pile game: make your move to "
        "accept, or just look."
    )
    assert invitation(rug([], to=0), 1) == (
        "Your friend invites you to play Blue in this Rug Pile game: accept to play Blue, "
        "or just look."
    )
    assert "(without help)" in invitation(rug([], to=0, help=False), 0)


def test_a_long_game_is_sent_with_its_moves_packed():
    """Random Gwyddbwyll moves (seed 5, as in tests/test_by_link.py) until the plain link
    passes COMPACT_FROM characters: the sent link packs them, and reads back."""
    session, rng = Session("gwyddbwyll"), random.Random(5)
    session.link = GAME
    while len(encode(session.current_record())) <= COMPACT_FROM:
        session.play(rng.choice(session.game.legal_moves(session.state)))
    fragment = sent_fragment(session, [HUMAN, FRIEND])
    assert fragment.split("/")[1] == "1c" and len(fragment) < COMPACT_FROM
    assert decode(fragment)[0].moves == tuple(session.moves)
    session.goto(1)
    session.delete()
    assert sent_fragment(session, [HUMAN, FRIEND]).split("/")[1] == "1"  # short: plain


@pytest.mark.parametrize(
    "seats,moves,sent_line,text",
    [
        (RED, [], None, "Red, your move: choose a tile"),
        (RED, FOOLS[:1], None, "Your move is made: send it to your friend (Blue)"),
        (RED, FOOLS[:1], FOOLS[:1], "Waiting for Blue's reply"),
        (BLUE, FOOLS[:1], None, "Blue, your move: choose a tile"),
        (BLUE, [], None, "Send the invitation to your friend: Red moves first"),
        (BLUE, [], [], "Waiting for Red's first move"),
        (RED, FOOLS, None, None),  # over: the usual result line
        ([HUMAN, HUMAN], [], None, None),  # not a game by link
    ],
)
def test_the_status_says_whose_move_it_is_and_how_to_move(seats, moves, sent_line, text):
    """The board's own prompt stays in a game by link (how to move), as against the
    computer."""
    table = Table(rug(moves, 0, sent=sent_line), seats)
    status = screen_of(table).status
    if text is None:
        assert status_text(table.session, seats, "") is None
    else:
        assert status.startswith(text)


def test_an_earlier_position_says_who_was_to_move():
    session = rug(FOOLS[:2], 0)
    session.goto(1)
    assert status_text(session, RED, "") == "Viewing move 1. Blue (your friend) to move."
    session.goto(0)
    assert status_text(session, RED, "Click a tile.") == "Viewing move 0. Click a tile."


def test_the_tab_title_says_your_move():
    assert tab_title(rug([], 0), RED) == "Your move — Rug Pile"
    assert tab_title(rug(FOOLS[:1], 0), RED) == DEFAULT_TITLE
    assert tab_title(rug([], 0), [HUMAN, HUMAN]) == DEFAULT_TITLE


def test_a_move_made_after_sending_is_to_send_again():
    session = rug([], 0)
    mark_sent(session, RED)
    assert sent(session)
    session.play_text("3x3a3")
    assert not sent(session)


def test_in_a_game_by_link_main_line_tools_are_for_side_lines_only():
    """The game is the main line both devices share: no Make main line, and Delete from
    here only in a side line; Undo stays until the game is over and sent."""
    held = rug(FOOLS, 0, shared=FOOLS)
    arrive(held, RED, link(["3x3a3", "2x2a1"], to=0))
    table = Table(held, RED)
    screen = screen_of(table)
    assert not screen.side_line and not screen.deletable and not screen.undo_disabled
    table.goto(path=held.find(tuple(FOOLS)))
    screen = screen_of(table)
    assert not screen.side_line and screen.deletable  # a side line: it may go
    over = rug(FOOLS, 0, sent=FOOLS)
    assert screen_of(Table(over, RED)).undo_disabled  # over, and the friend has it


# ---- Recent: one entry per game by link


def entry(fragment, seats, updated, id=None, **fields) -> Entry:
    game_id = link_game_id(fragment)
    return Entry(
        id or (link_entry_id(game_id) if game_id else "e"),
        "r",
        fragment,
        tuple(seats),
        "rugpile",
        len(decode(fragment)[0].moves),
        False,
        updated,
        **fields,
    )


def test_recent_finds_a_game_by_its_link_id():
    fragment = rug(FOOLS[:1], 0).fragment()
    assert link_game_id(fragment) == "k3f9x2qa"
    assert link_game_id("rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3/ply=0") is None
    assert link_game_id("rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3") is None
    entries = [
        entry(fragment, RED, 5, id="a"),
        entry("rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3", RED, 9, id="b"),
        entry(rug(FOOLS[:2], 0).fragment(), RED, 7, id="c"),
        entry(fragment.replace("k3f9x2qa", "zzzzzzzz"), RED, 8, id="d"),
    ]
    assert find_entry(entries, "k3f9x2qa").id == "c"
    assert find_entry(entries, "qqqqqqqq") is None


def test_recent_says_whose_move_it_is():
    fragment = rug(FOOLS[:1], 0).fragment()
    assert recent_note(fragment, RED, False) == "waiting for Blue"
    assert recent_note(fragment, BLUE, False) == "your move"
    assert recent_note(fragment, BLUE, False, question=TAKEBACK) == "your friend asks you"
    assert recent_note(fragment, BLUE, True) == ""
    assert recent_note(fragment, [HUMAN, HUMAN], False) == ""


def test_invited_seats():
    assert invited_seats(3, 2) == [FRIEND, FRIEND, HUMAN]


# ---- what a link opens (web/logic/link_opening.py, through navigation)

KINDS = ("human", "easy", FRIEND)


def test_the_first_link_of_a_game_is_an_invitation_and_later_ones_continue_it():
    sent_link = sent_fragment(rug(FOOLS[:1], to=0), RED)
    first = navigate(Place("#" + sent_link, kinds=KINDS)).opening
    assert first.invitation and first.seats == BLUE  # offered; kept only once taken
    assert first.session.link == ByLink("k3f9x2qa", 1, n=1)
    assert first.message.startswith(
        "Your friend invites you to play Blue in this Rug Pile game: make your move to "
        "accept, or just look."
    )
    assert 'data-action="just-look">Just look</button>' in first.message
    assert 'data-action="take-seat">Play Blue</button>' in first.message
    kept = [entry(rug(FOOLS[:2], to=1).fragment(), BLUE, 5)]
    again = navigate(Place("#" + sent_link, saved=kept, kinds=KINDS)).opening
    assert again.continues == kept[0] and again.seats == BLUE and not again.invitation
    assert again.session.moves == FOOLS[:2]  # Blue's reply kept
    assert again.message.startswith("This link is 1 move behind your game")
    assert again.steps == 0 and again.session.live  # nothing arrives
    assert again.message.endswith(show_link_position(1))


def test_a_link_of_an_undecided_game_offers_no_seat():
    """The address of a game whose sides are not chosen names no seat: the friend, too, may
    make the first move or let the other begin."""
    session = rug([], 0)
    undecided_link = sent_fragment(session, [FRIEND, FRIEND])
    assert undecided_link.endswith("//game=k3f9x2qa,n=1")
    opened = navigate(Place("#" + undecided_link, kinds=KINDS)).opening
    assert opened.invitation and opened.seats == [FRIEND, FRIEND]
    assert "take-seat" not in opened.message
    assert opened.message.startswith(
        "Your friend invites you to a game of Rug Pile: make the first move to play Red, or "
        "Send to let your friend begin; or just look."
    )


def test_a_link_without_a_game_id_opens_as_before():
    plain = "rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3"
    opened = navigate(Place("#" + plain, kinds=KINDS)).opening
    assert opened.seats is None and opened.session.link is None and not opened.invitation


def test_a_new_game_by_link_and_its_rematch():
    assert seats_problem([HUMAN, FRIEND]) is None
    assert seats_problem([HUMAN, HUMAN]) is None
    assert seats_problem([FRIEND, FRIEND]) is None  # undecided: tests/test_link_undecided.py
    assert seats_problem([FRIEND, "easy"]).startswith("A game by link needs you")
    assert seats_problem([HUMAN, FRIEND, "easy"]).startswith("A game by link is between people")
    session = Session("rugpile")
    start(session, BLUE, False, "abcdefgh")
    assert session.link == ByLink("abcdefgh", 1, help=False)
    assert not help_allowed(session)
    assert status_text(session, BLUE, "") == (
        "Send the invitation to your friend: Red moves first"
    )
    again = Session("rugpile")
    rematch_link(session, again, RED, "zzzzzzzz")
    assert again.link == ByLink("zzzzzzzz", 0, help=False)
    plain = Session("rugpile")
    start(plain, [HUMAN, HUMAN], True, "abcdefgh")
    assert plain.link is None and help_allowed(plain)


def test_a_kept_side_line_survives_the_next_link():
    """Red's device holds the double answer (Blue's latest 2x2a1 as the game, the earlier
    3x3b2 and Red's 2x2d1 as a side line, in its saved game's tree); Blue's next move comes
    by link: the side line is still there."""
    held = rug(FOOLS, 0, shared=FOOLS)
    arrive(held, RED, link(["3x3a3", "2x2a1"], to=0))
    held.play_text("2x2d4")
    kept = [entry_for(held, RED, "x", "r", 5)]
    bob = rug(["3x3a3", "2x2a1", "2x2d4", "2x2c1"], to=1)
    got = navigate(Place("#" + sent_fragment(bob, BLUE), saved=kept, kinds=KINDS)).opening
    assert got.session.moves == ["3x3a3", "2x2a1", "2x2d4", "2x2c1"]
    assert got.session.find(tuple(FOOLS)) is not None
    assert got.message == "Blue played 2x2c1. Your move."
    assert got.steps == 1 and got.session.ply == 3  # shown before it, then animated


def test_rug_pile_for_three_each_device_its_seat():
    """Red (seat 0) sends to Blue, Blue to Green, Green back to Red: Red's device gets both
    friends' moves, named; each link hands the game to the seat to move."""
    moves = ["2x2a1", "2x2c1", "2x2e1", "2x2a3"]  # Red, Blue, Green, Red (hand-placed, apart)
    red, blue = [HUMAN, FRIEND, FRIEND], [FRIEND, HUMAN, FRIEND]
    three = {"players": 3}

    def device(played, seat):
        session = Session("rugpile", three, played)
        session.link = ByLink("k3f9x2qa", seat)
        return session

    assert sent_fragment(device(moves[:1], 0), red).endswith("/2x2a1/game=k3f9x2qa,to=2,n=1")
    assert sent_fragment(device(moves[:2], 1), blue).endswith(",to=3,n=1")
    green = device(moves[:3], 2)
    got = sent_fragment(green, [FRIEND, FRIEND, HUMAN])
    assert got.endswith(",to=1,n=1")
    held = device(moves[:1], 0)
    arrival, said = came(held, red, Session.from_fragment(got))
    assert arrival.kind is Continuation.AHEAD
    assert said == "Blue played 2x2c1. Green played 2x2e1. Your move."
    held.play_text(moves[3])
    assert sent_fragment(held, red).endswith(",to=2,n=2")  # Blue again


def test_two_players_on_one_side_are_asked_which_side_to_play():
    """Both devices made the first move of an undecided game as Red (one had copied its
    address, which names no seat, and the friend moved first there too): the friend's link
    hands this one Blue; the player chooses, and choosing the friend's line takes Blue."""
    held = rug(["2x2a1"], 0)
    arrival, said = came(held, RED, link(["3x3a3"], to=1))
    assert arrival.kind is Continuation.CONFLICT and asked(held) == CONFLICT
    assert said == (
        "Your friend's link hands you Blue, and you play Red: you both chose the same side. "
        "Play Blue (their line is the game), or keep Red (your friend is then asked to "
        "switch)."
    )
    assert 'data-action="accept-takeback">Play Blue</button>' in question_html(held, RED)
    assert 'data-action="keep-line">Keep Red</button>' in question_html(held, RED)
    assert answer(held, RED, theirs=True) == BLUE and held.link.to == 1
    assert held.moves == ["3x3a3"] and held.find(("2x2a1",)) is not None


def test_ones_own_link_opened_again_changes_nothing():
    """Red's own link (it hands Blue the game), opened in another tab or reopened: the game
    stays as it is, and nothing is taken as the friend's."""
    held = rug(FOOLS[:1], 0)
    mark_sent(held, RED)
    before = held.exchange
    for moves in (FOOLS[:1], []):
        arrival = arrive(held, RED, link(moves, to=1))
        assert arrival.kind in (Continuation.SAME, Continuation.BEHIND)
        assert held.exchange == before and held.moves == FOOLS[:1] and not asked(held)


def test_the_friends_seat_is_not_the_computers_nor_playable_here():
    session = rug(FOOLS[:1], to=0)
    table = Table(session, RED)
    assert not table.against_computer() and not table.human_turn()
    assert Computer(table).start_turn() is None  # the friend's move comes by link
    assert table.hit({"cell": "c3"}) is None
    assert screen_of(table).status == "Your move is made: send it to your friend (Blue)"
    assert screen_of(table).send == "primary"
    assert "Friend, by link" in dict(SEAT_KINDS).values()


def test_the_scores_name_the_friend_not_the_computer():
    """The friend's seat is marked "(friend)", never "(computer, friend)"; this device's seat
    "(you)"."""
    table = Table(rug([], to=0), ["human", "friend"])
    scores = screen_of(table).scores
    assert '<span class="seat-kind">(friend)</span>' in scores
    assert '<span class="seat-kind">(you)</span>' in scores
    assert "computer" not in scores
