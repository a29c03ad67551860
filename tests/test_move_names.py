"""A move as a player reads it (web/logic/move_names.py): the move list's notation in every
message that names a move, while links and records keep the engine's notation.  Gwyddbwyll
names its moves its own way ("Rc2b2", "e4xf5"); the other games write the engine's."""

from __future__ import annotations

from engine import games
from engine.formats.by_link import ByLink
from web.logic.link_arrival import arrive
from web.logic.link_exchange import Exchange, LinkLine
from web.logic.link_words import arrival_text, question_text, share_text
from web.logic.move_names import (
    last_name,
    line_names,
    move_number,
    move_word,
    move_words,
    numbered_line,
)
from web.logic.screen import status
from web.logic.seats import FRIEND, HUMAN
from web.logic.session import Session
from web.logic.table import Table
from web.storage import recent
from web.storage.recent import Entry

GW = games.get("gwyddbwyll")
# White's pawn e3e4, Black's rook c7b7, White's rook c2b2, Black's pawn f6f5, e4 takes f5
LINE = ["e3e4", "c7b7", "c2b2", "f6f5", "e4f5"]
NAMED = ["e3e4", "Rc7b7", "Rc2b2", "f6f5", "e4xf5"]


def test_a_line_is_named_as_the_move_list_names_it():
    assert move_words(GW, GW.new(), LINE) == NAMED
    assert move_word(GW, GW.new(), "c7b7") is None  # Black's move at White's turn
    # a move that does not replay keeps its notation, and so do the moves after it
    assert line_names(GW, GW.new(), ["c2b2", "zz", "e3e4"]) == ["Rc2b2", "zz", "e3e4"]
    assert last_name(GW, GW.new(), LINE) == "e4xf5"
    assert last_name(GW, GW.new(), ["zz", "e3e4"]) == "e3e4"  # not replayed: as written
    wythe = games.get("wythe")
    assert last_name(wythe, wythe.new(), ["a1a2", "zz"]) == "zz"  # the engine's notation
    assert last_name(GW, GW.new(), []) == ""


def test_the_message_after_a_move_names_it_as_the_list_does():
    table = Table(Session("gwyddbwyll", moves=LINE[:4]), [HUMAN, HUMAN])
    said = table.play_text("e4f5")
    assert said.played and said.announce == "White played e4xf5."
    assert table.address().endswith("/e3e4.c7b7.c2b2.f6f5.e4f5")  # the link: the engine's
    said = table.play_text("b7c7")
    assert said.announce == "Black played Rb7c7."


def by_link(moves, to: int, shared=None) -> Session:
    session = Session("gwyddbwyll", {}, moves)
    session.link = ByLink("k3f9x2qa", to)
    session.exchange = Exchange(None, None if shared is None else LinkLine(tuple(shared)))
    return session


def test_a_game_by_link_names_moves_as_the_list_does():
    held = by_link(LINE[:3], 0, shared=LINE[:3])  # White's device, after Rc2b2
    friend = by_link(LINE[:4], 0)
    arrival = arrive(held, [HUMAN, FRIEND], friend)
    assert arrival_text(arrival, held, [HUMAN, FRIEND], friend.link).startswith(
        "Black played f6f5."
    )
    held.play_text("e4f5")
    assert share_text(held, [HUMAN, FRIEND]) == (
        "Gwyddbwyll, move 3: your turn (Black) — I played e4xf5"  # full move 3, Black's turn
    )
    # Black's device took back Rc7b7 for another move, and White's answer to Rc7b7 comes
    black = by_link(["e3e4", "e6e5"], 1, shared=LINE[:1])
    arrive(black, [FRIEND, HUMAN], by_link(LINE[:3], 1))
    assert question_text(black, [FRIEND, HUMAN]).startswith(
        "Your friend's link goes on from 1… Rc7b7 where you played e6e5:"
    )


def test_recent_names_the_last_move_as_the_list_does():
    fragment = "gwyddbwyll/1//" + ".".join(LINE)
    entry = Entry("i", "r", fragment, ("human", "hard"), "gwyddbwyll", 5, False, 0)
    labels = {"human": "Human", "hard": "Computer: hard"}
    assert recent.summary(entry, labels) == "5 moves, last e4xf5 · Human v Computer: hard"


def test_the_position_shown_is_numbered_as_the_list_numbers_it():
    table = Table(Session("gwyddbwyll", moves=LINE), [HUMAN, HUMAN])
    table.goto(4)  # after f6f5, Black's move in full move 2
    assert status(table).startswith("Viewing move 2 (Black's). White to move")
    table.goto(3)  # after Rc2b2, White's
    assert status(table).startswith("Viewing move 2 (White's). Black to move")
    table.goto(0)
    assert status(table).startswith("Viewing move 0.")
    wythe = Table(Session("wythe", {"size": 6}, ["c2d2", "b5a5", "f5f4"]), [HUMAN, HUMAN])
    wythe.goto(2)  # the other games number every move
    assert status(wythe).startswith("Viewing move 2.")


def test_moves_named_in_words_are_numbered_as_the_list_numbers_them():
    assert numbered_line(GW, 1, NAMED[1:4]) == "1… Rc7b7 2. Rc2b2 f6f5"
    assert numbered_line(GW, 2, NAMED[2:3]) == "2. Rc2b2"
    after = GW.play(GW.new(), GW.parse(GW.new(), "e3e4"))
    assert move_number(GW, after, 2) == "1 (Black's)" and move_number(GW, after, 2, False) == "1"
    wythe = games.get("wythe")
    assert move_number(wythe, wythe.new(), 7) == "7"  # every move numbered
