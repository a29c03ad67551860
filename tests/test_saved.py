"""The saved game: it comes back with its seats; anything corrupt is refused with a reason."""

import json

import pytest

from engine import EngineError
from web.logic.session import Session
from web.storage.saved import SaveError, dump, load

KINDS = ["human", "easy", "random"]


def test_a_save_comes_back_with_history_ply_and_seats():
    s = Session("rugpile", {"players": 3}, ["2x2a1", "2x2c1", "2x2e1"])
    s.goto(2)
    session, seats = load(dump(s.fragment(), ["human", "easy", "random"]), KINDS)
    assert session.moves == s.moves and session.ply == 2 and session.state == s.state
    assert seats == ["human", "easy", "random"]


@pytest.mark.parametrize(
    "text,message",
    [
        ("{not json", "not valid JSON"),
        ("1" * 5000, "not valid JSON"),
        ("[1, 2]", "not a saved game"),
        (
            '{"format": 2, "fragment": "rugpile/1//", "seats": ["human", "human"]}',
            "not a saved game",
        ),
        ('{"format": 1, "seats": ["human", "human"]}', "no game record"),
        ('{"format": 1, "fragment": "chess/1//", "seats": []}', "unknown game 'chess'"),
        (
            '{"format": 1, "fragment": "rugpile/1//3x3a3.3x3a3", "seats": ["human", "human"]}',
            "move 2 \\('3x3a3'\\)",
        ),
        ('{"format": 1, "fragment": "rugpile/1//", "seats": ["human"]}', "players are not 2"),
        (
            '{"format": 1, "fragment": "rugpile/1//", "seats": ["human", "<b>god</b>"]}',
            "players are not 2",
        ),
        (None, "not text"),
    ],
)
def test_a_corrupt_save_is_refused_with_a_reason(text, message):
    with pytest.raises(EngineError, match=message):
        load(text, KINDS)


def test_deeply_nested_text_is_refused_before_json_reads_it():
    with pytest.raises(SaveError, match="nested more than 16 levels deep"):
        load("[" * 7000, KINDS)
    with pytest.raises(EngineError, match="nested"):
        load('{"a":' * 20_000, KINDS)


def test_dump_is_compact_json():
    assert json.loads(dump("wythe/1/size=8/", ["human", "easy"])) == {
        "format": 1,
        "fragment": "wythe/1/size=8/",
        "seats": ["human", "easy"],
    }
    assert issubclass(SaveError, EngineError)
