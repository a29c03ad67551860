"""Resign, agreed draws and rematches on the page (web/logic/ending.py, web/logic/table.py,
web/logic/session.py): who may, what the screen then shows, Undo, and the link."""

from __future__ import annotations

import json

from engine.contract.ending import AGREED_DRAW, resignation
from web.logic import ending
from web.logic.computer import Computer
from web.logic.screen import screen_of
from web.logic.seats import people
from web.logic.session import Session
from web.logic.table import Table
from web.storage.recent import entry_for
from web.worker.thinker import Thinker

HUMAN, HARD = "human", "hard"


def test_the_person_to_move_resigns_else_the_person_who_moved_last():
    session = Session("gwyddbwyll", moves=["e3e4"])  # Black to move
    assert ending.resigner(session, [True, True]) == 1  # hot-seat: the mover
    assert ending.resigner(session, [True, False]) == 0  # the computer thinks: White
    assert ending.resigner(session, [False, True]) == 1
    assert ending.resigner(session, [False, False]) is None  # two computers: nobody
    start = Session("gwyddbwyll")  # White (computer) to move
    assert ending.resigner(start, [False, True]) == 1  # nobody has moved yet
    session.goto(0)
    assert ending.resigner(session, [True, True]) is None  # an earlier position shown


def test_rug_pile_with_three_people_the_seat_to_move_resigns():
    session = Session("rugpile", {"players": 3}, ["2x2a1"])  # Blue to move
    assert ending.resigner(session, [True, True, True]) == 1
    assert ending.resigner(session, [True, False, False]) == 0
    assert ending.draw_offer(session, [True, True, True]) is None  # three players


def test_a_draw_may_be_offered_in_two_player_games_that_can_draw():
    assert ending.draw_offer(Session("gwyddbwyll", moves=["e3e4"]), [True, True]) == (1, 0)
    assert ending.draw_offer(Session("gwyddbwyll", moves=["e3e4"]), [True, False]) == (0, 1)
    assert ending.draw_offer(Session("rugpile"), [True, True]) == (0, 1)
    for game_id in ("wythe", "petrify", "stigmergy"):
        assert ending.draw_offer(Session(game_id), [True, True]) is None


def test_the_computer_accepts_a_draw_only_when_no_better_than_even():
    assert ending.computer_accepts_draw([0.6, 0.4], 1)
    assert ending.computer_accepts_draw([0.55, 0.45], 1)
    assert not ending.computer_accepts_draw([0.4, 0.6], 1)
    assert (
        ending.draw_answer("Black", False, 0.62)
        == "Black (computer) declines the draw: it rates its chance to win at 62%."
    )
    assert ending.draw_answer("Black", True, 0.3) == "Black (computer) accepts the draw."


def test_a_rematch_keeps_the_options_and_moves_everyone_one_seat_on():
    session = Session("stigmergy", {"size": 4, "komi": 3}, ["a1"])
    again, seats = ending.rematch(session, [HUMAN, HARD])
    assert again.options == session.options and again.moves == [] and seats == [HARD, HUMAN]
    _, seats = ending.rematch(Session("rugpile", {"players": 3}), ["easy", HUMAN, HARD])
    assert seats == [HUMAN, HARD, "easy"]


def test_resigning_ends_the_game_on_screen_and_undo_takes_it_back():
    table = Table(Session("gwyddbwyll", moves=["e3e4"]), [HUMAN, HUMAN])
    before = screen_of(table)
    assert not before.resign_hidden and not before.draw_hidden and before.rematch_hidden
    said = table.end(resignation(table.game, table.state, 1))  # Black
    assert said.played and said.announce == "White wins: Black resigned."
    screen = screen_of(table)
    assert screen.status == "Game over."  # not the result again: the banner under it says it
    assert screen.result == "White wins: Black resigned." and screen.actions == ""
    assert screen.resign_hidden and screen.draw_hidden and not screen.rematch_hidden
    assert screen.address == "#gwyddbwyll/1//e3e4.black-resigns"
    assert (
        table.seat_to_move() == -1 and not table.human_turn() and table.view.result.winners == (0,)
    )
    table.goto(0)  # an earlier position: the game goes on there
    assert table.view.result is None and screen_of(table).rematch_hidden
    table.goto(1)
    table.take_back()  # Undo takes back the resignation only
    assert table.session.ending is None and table.session.ply == 1 and table.seat_to_move() == 1


def test_against_the_computer_an_ended_game_stops_its_thinking():
    table = Table(Session("gwyddbwyll", moves=["e3e4"]), [HUMAN, HARD])  # Black: computer
    computer = Computer(table)
    job = computer.start_turn()
    assert job is not None
    table.end(resignation(table.game, table.state, 0))  # White
    assert not computer.current(job) and computer.start_turn() is None
    assert table.result_text() == "Black wins: White resigned."


def test_an_agreed_draw_and_a_refused_one():
    table = Table(Session("rugpile"), [HUMAN, HUMAN])
    assert table.end(AGREED_DRAW).played
    assert screen_of(table).result == "A draw, agreed by the players."
    scores = screen_of(table).scores  # both seats share the result: each marked drawn
    assert scores.count('class=" drawn"') == 2 and "winner" not in scores
    won = Table(Session("rugpile"), [HUMAN, HUMAN])
    won.end(resignation(won.game, won.session.state, 0))
    assert won.view.result is not None and won.view.result.winners == (1,)
    assert screen_of(won).scores.count("winner") == 1 and "drawn" not in screen_of(won).scores
    wythe = Table(Session("wythe"), [HUMAN, HUMAN])
    said = wythe.end(AGREED_DRAW)
    assert said.error and "cannot end in an agreed draw" in (said.message or "")
    assert wythe.session.ending is None and wythe.view.result is None


def test_a_move_after_the_ending_is_refused_and_an_earlier_move_drops_it():
    session = Session.from_fragment("gwyddbwyll/1//e3e4.black-resigns")
    assert session.over and session.result is not None
    table = Table(session, [HUMAN, HUMAN])
    assert table.play_text("e6e5").error  # the game is over
    table.goto(0)
    assert table.play_text("c3c4").played  # a new line: no ending
    assert table.session.ending is None and not table.session.over


def test_the_saved_game_of_a_resigned_game_is_finished():
    session = Session.from_fragment("gwyddbwyll/1//e3e4.black-resigns")
    entry = entry_for(session, [HUMAN, HUMAN], "id", "rev", 0)
    assert entry.finished and entry.fragment.endswith(".black-resigns")
    assert not entry_for(
        Session("gwyddbwyll", moves=["e3e4"]), [HUMAN, HUMAN], "id", "rev", 0
    ).finished
    assert people([HUMAN, HARD]) == [True, False]


def test_judging_a_draw_offer_keeps_the_computers_search_for_its_move():
    fragment = Session("gwyddbwyll", moves=["e3e4"]).fragment()
    thinker = Thinker()
    thinker.think(fragment, "easy", 0.02, 7)
    search = thinker.searches["move"][1]
    judged = json.loads(thinker.judge(fragment, 0.02, 3))
    assert judged["to_move"] == 1 and judged["playouts"] > 0
    assert abs(sum(judged["chances"]) - 1) < 0.01
    thinker.think(fragment, "easy", 0.02, 7)
    assert thinker.searches["move"][1] is search
