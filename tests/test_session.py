"""The page's game session: history, going back and forward, playing from an earlier ply, links."""

import pytest

from engine import IllegalMove
from web.logic.session import Session


def test_play_and_goto():
    s = Session("rugpile")
    for m in ["3x3a3", "3x3b2", "2x2d1"]:
        s.play_text(m)
    assert s.ply == 3 and s.live and s.game.result(s.state) is not None
    s.goto(2)
    assert s.ply == 2 and not s.live and s.game.result(s.state) is None
    s.goto(3)
    assert s.ply == 3
    s.goto(0)
    assert s.state == s.game.new()
    s.goto(99)
    assert s.ply == 3


def test_playing_from_an_earlier_ply_drops_the_later_moves():
    s = Session("rugpile", moves=["3x3a3", "3x3b2"])
    s.goto(1)
    s.play_text("2x2d1")
    assert s.moves == ["3x3a3", "2x2d1"] and s.ply == 2 and len(s.states) == 3


def test_an_illegal_move_changes_nothing():
    s = Session("rugpile", moves=["3x3a3"])
    with pytest.raises(IllegalMove):
        s.play_text("3x3a3")
    assert s.moves == ["3x3a3"] and s.ply == 1


def test_fragment_round_trip_keeps_history_and_ply():
    s = Session("rugpile", {"players": 3}, ["2x2a1", "2x2c1", "2x2e1"])
    s.goto(2)
    back = Session.from_fragment("#" + s.fragment())
    assert back.moves == s.moves and back.ply == 2 and back.state == s.state
    assert back.options == s.options
