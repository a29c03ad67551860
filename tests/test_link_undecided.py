"""A game by link whose sides are not chosen yet (every seat "Friend, by link"): the first
move made here, or Send before it, decides which seat this device plays
(web/logic/link_seats.py's `decide`, web/logic/table.py's `Table.decide`)."""

from __future__ import annotations

from engine.formats.by_link import ByLink
from web.logic.link_seats import start
from web.logic.link_sending import sent_fragment
from web.logic.link_words import recent_note, share_text, status_text, tab_title
from web.logic.new_game import form
from web.logic.screen import screen_of
from web.logic.seats import (
    FRIEND,
    HUMAN,
    decided_by_move,
    decided_by_send,
    seats_problem,
    undecided,
)
from web.logic.session import Session
from web.logic.table import Table

OPEN = [FRIEND, FRIEND]


def open_game(players: int = 2) -> Table:
    options = {} if players == 2 else {"players": players}
    session = Session("rugpile", options)
    seats = [FRIEND] * players
    start(session, seats, True, "abcdefgh")
    return Table(session, seats)


def test_every_seat_a_friend_is_an_undecided_game_by_link():
    assert undecided(OPEN) and undecided([FRIEND] * 3)
    assert not undecided([HUMAN, FRIEND]) and not undecided([])
    assert seats_problem(OPEN) is None
    assert seats_problem([FRIEND, "easy"]).startswith("A game by link needs you")


def test_before_the_first_move_the_status_offers_both():
    table = open_game()
    assert table.session.link == ByLink("abcdefgh", 0)
    assert table.human_turn()  # this device may make the first move
    assert status_text(table.session, table.seats, "") == (
        "Make the first move to play Red, or Send the link to let your friend begin"
    )
    assert screen_of(table).status == status_text(table.session, table.seats, "")
    # the address names no seat: whoever opens it may begin, or let this device begin
    assert table.address().endswith("//game=abcdefgh,n=1")
    assert tab_title(table.session, table.seats) == "Your move — Rug Pile"
    assert recent_note(table.session.fragment(), table.seats, False) == "your move"


def test_the_first_move_takes_the_seat_that_moved():
    table = open_game()
    said = table.play_text("3x3a3")
    assert said.played
    assert table.seats == [HUMAN, FRIEND]
    assert table.session.link == ByLink("abcdefgh", 0)
    assert not table.human_turn() and not table.ui.flipped
    assert screen_of(table).status == "Your move is made: send it to your friend (Blue)"
    assert sent_fragment(table.session, table.seats).endswith("/3x3a3/game=abcdefgh,to=2,n=1")


def test_send_first_hands_the_first_seat_to_the_friend():
    table = open_game()
    assert table.decide(None)
    assert table.seats == [FRIEND, HUMAN]
    assert table.session.link == ByLink("abcdefgh", 1)
    assert not table.human_turn() and table.ui.flipped  # Blue's side faces this device
    assert sent_fragment(table.session, table.seats).endswith("game=abcdefgh,to=1,n=1")
    assert share_text(table.session, table.seats) == (
        "Your friend invites you to a game of Rug Pile: you play Red"
    )
    assert not table.decide(None)  # decided once: a second Send changes nothing
    assert table.seats == [FRIEND, HUMAN]


def test_a_chosen_side_is_not_decided_again():
    session = Session("rugpile")
    start(session, [FRIEND, HUMAN], True, "abcdefgh")
    table = Table(session, [FRIEND, HUMAN])
    assert not table.decide(None) and table.seats == [FRIEND, HUMAN]


def test_rug_pile_for_three_first_move_takes_seat_0():
    table = open_game(3)
    table.play_text("2x2a1")
    assert table.seats == [HUMAN, FRIEND, FRIEND]
    assert sent_fragment(table.session, table.seats).endswith(",to=2,n=1")  # to Blue


def test_rug_pile_for_three_send_first_takes_the_next_seat():
    """Send first: the friend gets seat 0 (Red), this device seat 1 (Blue), the seat that
    answers Red's first move; Green stays a friend's, the link going on to whoever moves."""
    table = open_game(3)
    table.decide(None)
    assert table.seats == [FRIEND, HUMAN, FRIEND]
    assert table.session.link == ByLink("abcdefgh", 1)
    assert sent_fragment(table.session, table.seats).endswith("game=abcdefgh,to=1,n=1")
    assert decided_by_send([FRIEND] * 4, 0) == [FRIEND, HUMAN, FRIEND, FRIEND]
    assert decided_by_move([FRIEND] * 4, 0) == [HUMAN, FRIEND, FRIEND, FRIEND]


def test_the_new_game_form_says_how_to_leave_the_sides_undecided():
    _, html = form(*open_game().new_game_choices())
    assert "Friend for every seat to let the first move decide" in html
