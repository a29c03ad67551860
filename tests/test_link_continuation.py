"""A game by link as one device keeps it (web/logic/by_link.py): how a friend's link stands
to the device's line, what it does to the device's game, and the page's words for it."""

from __future__ import annotations

import random

import pytest

from engine import EngineError
from engine.by_link import ByLink
from engine.ending import AGREED_DRAW, resignation
from engine.record import decode, encode
from web.logic.by_link import (
    ACCEPT_DRAW,
    COMPACT_FROM,
    DEFAULT_TITLE,
    FRIEND,
    HUMAN,
    Continuation,
    arrive,
    compare,
    copied_address,
    draw_offered,
    find_entry,
    help_allowed,
    invitation,
    invited_seats,
    link_game_id,
    offer_draw,
    recent_note,
    rematch_link,
    seats_problem,
    sent_fragment,
    share_text,
    show_link_position,
    start,
    status_text,
    tab_title,
)
from web.logic.computer import Computer
from web.logic.link_opening import take_seat
from web.logic.navigation import Place, navigate
from web.logic.screen import screen_of
from web.logic.session import Session, side_lines_text
from web.logic.table import SEAT_KINDS, Table
from web.storage.recent import Entry

FOOLS = ["3x3a3", "3x3b2", "2x2d1"]  # Rug Pile's fool's mate (its rules page): over after 3
RED = [HUMAN, FRIEND]  # the device that plays Red (seat 0), moving first
BLUE = [FRIEND, HUMAN]
GAME = ByLink("k3f9x2qa", 0)


def rug(moves, to: int = 0, **link) -> Session:
    session = Session("rugpile", {}, moves)
    session.link = ByLink("k3f9x2qa", to, **link)
    return session


# ---- compare: plain lines, seats alternate 0, 1, 0, 1 ...

ALT = [0, 1, 0, 1, 0, 1]


@pytest.mark.parametrize(
    "mine,theirs,own,expected",
    [
        (["a", "b"], ["a", "b"], {0}, (Continuation.SAME, 2, 0, (), None)),
        (["a"], ["a", "b"], {0}, (Continuation.AHEAD, 1, 0, ("b",), None)),
        ([], ["a", "b"], {1}, (Continuation.CONFLICT, 0, 0, ("a", "b"), 1)),
        (["a", "b", "c"], ["a"], {0}, (Continuation.BEHIND, 1, 2, (), None)),
        # the friend (seat 1) answered move 1 twice: b, then x
        (["a", "b", "c"], ["a", "x"], {0}, (Continuation.BRANCH, 1, 2, ("x",), None)),
        # the link changes this device's own move 3
        (["a", "b", "c"], ["a", "b", "z", "d"], {0}, (Continuation.CONFLICT, 2, 1, ("z", "d"), 2)),
        # the link makes this device's move (a friend who played both sides)
        (["a", "b"], ["a", "b", "c"], {0}, (Continuation.CONFLICT, 2, 0, ("c",), 2)),
    ],
)
def test_compare_names_every_kind_of_link(mine, theirs, own, expected):
    """expected: (kind, common, behind, new, ply)."""
    found = compare(mine, theirs, ALT[: len(theirs)], frozenset(own))
    assert (found.kind, found.common, found.behind, found.new, found.ply) == expected


def test_three_seats_each_device_its_own():
    """Rug Pile with three: seats 0, 1, 2 in turn; the device of seat 2 takes a link with
    the moves of seats 0 and 1 after its own."""
    movers = [0, 1, 2, 0, 1]
    found = compare(["a", "b", "c"], ["a", "b", "c", "d", "e"], movers, frozenset({2}))
    assert found.kind is Continuation.AHEAD and found.new == ("d", "e")


# ---- arrive: what a link does to the device's game


def test_a_link_ahead_adds_the_friends_move_and_names_it():
    held = rug(FOOLS[:1], to=0)
    came = arrive(held, RED, rug(FOOLS[:2], to=0))
    assert came.kind is Continuation.AHEAD
    assert came.session.moves == FOOLS[:2] and came.session.live
    assert came.message == "Blue played 3x3b2. Your move."


def test_the_same_link_twice_changes_nothing():
    held = rug(FOOLS[:2], to=0)
    came = arrive(held, RED, rug(FOOLS[:2], to=0))
    assert came.kind is Continuation.SAME and came.session.moves == FOOLS[:2]
    assert came.message == "This link shows your game as it is: nothing new."


def test_an_old_link_is_behind_and_the_game_is_kept():
    held = rug(FOOLS[:2], to=0)
    came = arrive(held, RED, rug([], to=0))
    assert came.kind is Continuation.BEHIND
    assert came.session.moves == FOOLS[:2] and came.session.ply == 2
    assert came.message.startswith("This link is 2 moves behind your game")


def test_a_branch_keeps_both_replies_the_latest_as_the_game():
    """Red played 3x3a3 and sent it; Blue answered 3x3b2, then (from the same link, on a
    second tab) 2x2a1.  Red holds the first answer and its own next move: both are kept."""
    held = rug(FOOLS, to=0)
    came = arrive(held, RED, rug(["3x3a3", "2x2a1"], to=0))
    session = came.session
    assert came.kind is Continuation.BRANCH
    assert session.moves == ["3x3a3", "2x2a1"] and session.live
    assert session.tree.children((0,)) == ("2x2a1", "3x3b2")  # the latest first: main line
    assert session.find(tuple(FOOLS)) is not None  # the earlier reply and Red's move kept
    assert "answered an earlier link differently" in came.message
    assert came.message.endswith("Blue played 2x2a1. Your move.")


def test_a_link_that_changes_the_devices_own_move_is_refused():
    held = rug(FOOLS[:2], to=1)  # Blue's device
    came = arrive(held, BLUE, rug(["3x3a3", "2x2a1"], to=1))
    assert came.kind is Continuation.CONFLICT
    assert came.session.moves == FOOLS[:2] and len(came.session.tree.nodes) == 3
    assert came.message == (
        "This link was refused: it changes your move 2 (3x3b2) to 2x2a1. "
        "Your game is kept as it was."
    )


def test_a_link_that_makes_the_devices_move_is_refused():
    held = rug(FOOLS[:1], to=1)
    came = arrive(held, BLUE, rug(FOOLS, to=1))
    assert came.kind is Continuation.CONFLICT
    assert came.message.startswith("This link was refused: it makes your move 2 for you")


def test_the_last_move_ends_the_game_on_the_other_device_too():
    held = rug(FOOLS[:2], to=1)
    came = arrive(held, BLUE, rug(FOOLS, to=1))
    assert came.session.over
    assert came.message.startswith("Red played 2x2d1.") and "Your move" not in came.message


def test_a_resignation_travels_in_the_next_link():
    sender = rug(FOOLS[:2], to=0)
    resigns = resignation(sender.game, sender.state, 0)
    sender.end(resigns)
    link = Session.from_fragment(sent_fragment(sender, RED))
    assert link.link == ByLink("k3f9x2qa", 1)
    came = arrive(rug(FOOLS[:2], to=1), BLUE, link)
    assert came.kind is Continuation.SAME
    assert came.session.ending == resigns
    assert came.message == "Blue wins: Red resigned."


def test_a_draw_offer_goes_by_link_and_is_said():
    sender = rug(FOOLS[:1], to=1)  # Blue offers a draw with its reply
    sender.play_text("3x3b2")
    sender.sent = True
    assert offer_draw(sender) == "Your draw offer goes with the link: send it to your friend."
    assert not sender.sent  # to send again, with the offer
    fragment = sent_fragment(sender, BLUE)
    assert fragment.endswith("/3x3a3.3x3b2/game=k3f9x2qa,to=1,offer=draw")
    link = Session.from_fragment(fragment)
    held = rug(FOOLS[:1], to=0)
    came = arrive(held, RED, link)
    assert came.message == (
        "Blue played 3x3b2. Your move. Your friend offers a draw: accept it, or play on to "
        "decline."
    )
    assert draw_offered(link, came.session)
    assert not draw_offered(rug(FOOLS[:2], to=0), came.session)  # no offer in that link
    opened = navigate(
        Place("#" + fragment, saved=[entry("r", held.fragment(), RED, 1)], kinds=KINDS)
    ).opening
    assert opened.message.endswith(ACCEPT_DRAW)
    sender.end(AGREED_DRAW)  # accepted: the draw travels, the offer does not
    assert sent_fragment(sender, BLUE).endswith("/3x3a3.3x3b2.draw-agreed/game=k3f9x2qa,to=1")


def test_an_offer_this_device_sent_is_answered_by_the_next_link():
    held = rug(FOOLS[:1], to=0, offer="draw")
    came = arrive(held, RED, rug(FOOLS[:2], to=0))
    assert came.session.link.offer == ""


# ---- the link sent, its words, the status and the title


def test_the_sent_link_hands_the_game_to_the_friend():
    session = rug(FOOLS[:1], to=0)
    fragment = sent_fragment(session, RED)
    assert fragment == "rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3/game=k3f9x2qa,to=2"
    assert session.fragment().endswith("game=k3f9x2qa,to=1")  # the device's own seat
    assert copied_address(session, RED) == "#" + fragment  # Copy link: the friend's too
    session.goto(0)
    assert copied_address(session, [HUMAN, HUMAN]) == "#" + session.fragment()
    assert share_text(session, RED) == "Rug Pile, move 2: your turn (Blue) — I played 3x3a3"


def test_the_first_link_is_an_invitation():
    session = rug([], to=1)
    assert share_text(session, BLUE) == (
        "Your friend invites you to a game of Rug Pile: you play Red"
    )
    assert invitation(rug([], to=0), 0).startswith(
        "Your friend invites you to play Red in this Rug Pile game: accept to play that side"
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
    "seats,moves,sent,text",
    [
        (RED, [], False, "Your move (Red)"),
        (RED, FOOLS[:1], False, "Your move is made: send it to your friend (Blue)"),
        (RED, FOOLS[:1], True, "Waiting for Blue's reply"),
        (BLUE, FOOLS[:1], False, "Your move (Blue)"),
        (BLUE, [], False, "Send the invitation to your friend: Red moves first"),
        (BLUE, [], True, "Waiting for Red's first move"),
        (RED, FOOLS, False, None),  # over: the usual result line
        ([HUMAN, HUMAN], [], False, None),  # not a game by link
    ],
)
def test_the_status_says_whose_move_it_is(seats, moves, sent, text):
    session = rug(moves, to=0)
    session.sent = sent
    assert status_text(session, seats, sent) == text


def test_an_earlier_position_says_who_was_to_move():
    session = rug(FOOLS[:2], to=0)
    session.goto(1)
    assert status_text(session, RED, False) == "Viewing move 1. Blue (your friend) to move."
    session.goto(0)
    assert status_text(session, RED, False) is None  # the board's own prompt


def test_the_tab_title_says_your_move():
    assert tab_title(rug([], 0), RED) == "Your move — Rug Pile"
    assert tab_title(rug(FOOLS[:1], 0), RED) == DEFAULT_TITLE
    assert tab_title(rug([], 0), [HUMAN, HUMAN]) == DEFAULT_TITLE


def test_a_move_made_after_sending_asks_to_send_again():
    session = rug([], to=0)
    session.sent = True
    session.play_text("3x3a3")
    assert not session.sent


# ---- Recent: one entry per game by link


def entry(id, fragment, seats, updated):
    return Entry(id, "r", fragment, tuple(seats), "rugpile", 0, False, updated)


def test_recent_finds_a_game_by_its_link_id():
    fragment = rug(FOOLS[:1], 0).fragment()
    assert link_game_id(fragment) == "k3f9x2qa"
    assert link_game_id("rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3/ply=0") is None
    assert link_game_id("rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3") is None
    entries = [
        entry("a", fragment, RED, 5),
        entry("b", "rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3", RED, 9),
        entry("c", rug(FOOLS[:2], 0).fragment(), RED, 7),
        entry("d", fragment.replace("k3f9x2qa", "zzzzzzzz"), RED, 8),
    ]
    assert find_entry(entries, "k3f9x2qa").id == "c"
    assert find_entry(entries, "qqqqqqqq") is None


def test_recent_says_whose_move_it_is():
    fragment = rug(FOOLS[:1], 0).fragment()
    assert recent_note(fragment, RED, False) == "waiting for Blue"
    assert recent_note(fragment, BLUE, False) == "your move"
    assert recent_note(fragment, BLUE, True) == ""
    assert recent_note(fragment, [HUMAN, HUMAN], False) == ""


def test_invited_seats():
    assert invited_seats(3, 2) == [FRIEND, FRIEND, HUMAN]


# ---- what a link opens (web/logic/link_opening.py, through navigation)

KINDS = ("human", "easy", FRIEND)


def test_the_first_link_of_a_game_is_an_invitation_and_later_ones_continue_it():
    sent = sent_fragment(rug(FOOLS[:1], to=0), RED)
    first = navigate(Place("#" + sent, kinds=KINDS)).opening
    assert first.seats is None and first.continues is None  # just looking, no seat taken
    assert first.session.link is None  # nothing kept as a game by link
    assert first.message.startswith(
        "Your friend invites you to play Blue in this Rug Pile game: accept to play that "
        "side, or just look."
    )
    assert 'data-action="just-look">Just look</button>' in first.message
    assert f'data-action="take-seat" data-fragment="{sent}">Play Blue</button>' in first.message
    here = ("look-entry", "r1", first.session.fragment(), ("human", "human"))
    taken = take_seat(sent, here)
    assert taken.seats == BLUE and taken.continues == here  # the look's entry becomes it
    assert taken.session.link == ByLink("k3f9x2qa", 1) and taken.session.moves == FOOLS[:1]
    assert taken.message.startswith("You play Blue.")
    looked = [entry("look-entry", first.session.fragment(), ("human", "human"), 5)]
    again = navigate(Place("#" + sent, saved=looked, kinds=KINDS)).opening
    assert again.continues == looked[0] and again.seats is None  # the same look, one entry
    kept = [entry("blue-game", rug(FOOLS[:2], to=1).fragment(), BLUE, 5)]
    again = navigate(Place("#" + sent, saved=kept, kinds=KINDS)).opening
    assert again.continues == kept[0] and again.seats == BLUE
    assert again.session.moves == FOOLS[:2]  # Blue's reply kept
    assert again.message.startswith("This link is 1 move behind your game")
    assert again.steps == 0 and again.session.live  # nothing arrives
    assert again.message.endswith(show_link_position(1))


def test_taking_a_seat_needs_a_game_by_link():
    with pytest.raises(EngineError):
        take_seat("rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3")


def test_a_link_without_a_game_id_opens_as_before():
    plain = "rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3"
    opened = navigate(Place("#" + plain, kinds=KINDS)).opening
    assert opened.seats is None and opened.session.link is None


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
    assert status_text(session, BLUE, False) == (
        "Send the invitation to your friend: Red moves first"
    )
    again = Session("rugpile")
    rematch_link(session, again, RED, "zzzzzzzz")
    assert again.link == ByLink("zzzzzzzz", 0, help=False)
    plain = Session("rugpile")
    start(plain, [HUMAN, HUMAN], True, "abcdefgh")
    assert plain.link is None and help_allowed(plain)


def test_a_kept_side_line_survives_the_next_link():
    """Red's device holds the branch (Blue's latest answer 2x2a1 as the game, the earlier
    3x3b2 and Red's 2x2d1 as a side line); Blue's next move comes by link: the side line is
    still there (kept in storage by the game's id, web/storage/store.py)."""
    held = arrive(rug(FOOLS, to=0), RED, rug(["3x3a3", "2x2a1"], to=0)).session
    held.play_text("2x2d4")
    kept = [entry("red-game", held.fragment(), RED, 5)]
    lines = {"k3f9x2qa": side_lines_text(held)}
    bob = rug(["3x3a3", "2x2a1", "2x2d4", "2x2c1"], to=1)
    link = "#" + sent_fragment(bob, BLUE)
    came = navigate(Place(link, saved=kept, kinds=KINDS, link_lines=lines.get)).opening
    assert came.session.moves == ["3x3a3", "2x2a1", "2x2d4", "2x2c1"]
    assert came.session.find(tuple(FOOLS)) is not None
    assert came.message == "Blue played 2x2c1. Your move."
    assert came.steps == 1 and came.session.ply == 3  # shown before it, then animated
    forgot = navigate(Place(link, saved=kept, kinds=KINDS)).opening
    assert forgot.session.find(tuple(FOOLS)) is None  # without them: only the line


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

    assert sent_fragment(device(moves[:1], 0), red).endswith("/2x2a1/game=k3f9x2qa,to=2")
    assert sent_fragment(device(moves[:2], 1), blue).endswith(",to=3")
    green = device(moves[:3], 2)
    sent = sent_fragment(green, [FRIEND, FRIEND, HUMAN])
    assert sent.endswith(",to=1")
    came = arrive(device(moves[:1], 0), red, Session.from_fragment(sent))
    assert came.kind is Continuation.AHEAD
    assert came.message == "Blue played 2x2c1. Green played 2x2e1. Your move."
    came.session.play_text(moves[3])
    assert sent_fragment(came.session, red).endswith(",to=2")  # Blue again


def test_the_friends_seat_is_not_the_computers_nor_playable_here():
    session = rug(FOOLS[:1], to=0)
    table = Table(session, RED)
    assert not table.against_computer() and not table.human_turn()
    assert Computer(table).start_turn() is None  # the friend's move comes by link
    assert table.hit({"cell": "c3"}) is None
    assert screen_of(table).status == "Your move is made: send it to your friend (Blue)"
    assert "Friend, by link" in dict(SEAT_KINDS).values()


def test_the_scores_name_the_friend_not_the_computer():
    """The friend's seat is marked "(friend)", never "(computer, friend)"; this device's seat
    "(you)"."""
    table = Table(rug([], to=0), ["human", "friend"])
    scores = screen_of(table).scores
    assert '<span class="seat-kind">(friend)</span>' in scores
    assert '<span class="seat-kind">(you)</span>' in scores
    assert "computer" not in scores
