"""Game records as plain text: the format, reading it back, and errors that say what and where."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import EngineError, games
from engine.record import RecordError, make_record, replay_record
from engine.record_text import legal_part_of_text, load_text, read_text, to_text
from web.session import Session

RUG = games.get("rugpile")
MOVES = ["3x3a3", "3x3b2", "2x2d1"]


def test_the_text_has_a_header_and_numbered_moves_with_who_played():
    record = make_record(RUG, {}, MOVES)
    text = to_text(record, 1, replay_record(record), "2026-11-22")
    assert text.splitlines()[:7] == [
        '[Game "rugpile"]', '[Name "Rug Pile"]', '[Rules "1"]',
        '[Options "players=2,size=5,tiles=4-3-2"]', '[Date "2026-11-22"]',
        '[Result "Red wins 9–8. Blue cannot place a tile."]', '[Ply "1"]']
    assert text.splitlines()[8].split() == ["1.", "3x3a3", "{Red}"]
    assert text.splitlines()[9].split() == ["2.", "3x3b2", "{Blue}"]
    back = read_text(text)
    assert back.record == record and back.ply == 1 and back.lines == (9, 10, 11)


def test_reading_is_lenient_about_layout():
    text = """; a game from the club
[game "Rug Pile"]
[Options "players=3, size=6"]
1.2x2a1 2. 2x2C1 {a comment
over two lines} 3... 2x2e1
"""
    record, ply, states = load_text(text)
    assert record.moves == ("2x2a1", "2x2c1", "2x2e1") and ply == 3
    assert record.options_dict == {"players": 3, "size": 6, "tiles": (4, 3, 3)}
    assert len(states) == 4


def test_a_pasted_link_or_fragment_reads_as_a_record():
    for text in ["https://example.org/games/#rugpile/1//3x3a3.3x3b2/ply=1\n",
                 "rugpile/1//3x3a3.3x3b2/ply=1", "#rugpile/1//3x3a3.3x3b2/ply=1"]:
        back = read_text(text)
        assert back.record.moves == ("3x3a3", "3x3b2") and back.ply == 1


@pytest.mark.parametrize("text,message", [
    ("1. 3x3a3", 'no \\[Game "..."\\] line'),
    ('[Game "chess"]', "line 1: unknown game 'chess'"),
    ('[Game "rugpile"]\n[Rules "2"]', "line 2: unknown rules version '2'"),
    ('[Game "rugpile"]\n\n[Options "players=9"]', "line 3: bad option: option players must be from 2 to 4"),
    ('[Game "rugpile"]\n[Game "wythe"]', "line 2: a second Game line"),
    ('[Game rugpile]', "line 1: a header line should look like"),
    ('[Game "rugpile"]\n1. 3x3a3\n2. <script>', "line 3, move 2: '<script>' is not a move"),
    ('[Game "rugpile"]\n1. 3x3a3\n2. 3x3a3', "line 3, move 2 \\('3x3a3'\\): '3x3a3' is illegal"),
    ('[Game "rugpile"]\n1. 3x3a3 {open', "never closed"),
    # an unclosed comment would swallow the moves after it: named by its line
    ('[Game "wythe"]\n1. a1b1 {Black}\n2. a2b2 {White\n3. c1d1 {Black}\n4. c2d2',
     "line 3: a '{' comment is not closed with '}' before the next '{' \\(line 4\\)"),
    ('[Game "wythe"]\n1. a1b1\n2. a2b2 {White\n3. c1d1\n4. c2d2',
     "line 3: a '{' comment is never closed"),
    ('[Game "wythe"]\n1. a1b1\n\ufeff2. a2b2', "line 3: a byte-order mark \\(U\\+FEFF"),
    ('[Game "wythe"]\n1. a1b1 a2\ufeffb2', "line 2: a byte-order mark"),
    ('[Game "rugpile"]\n1. 3x3a3 }', "line 2: a '}' with no '{'"),
    ('[Game "rugpile"]\n[Ply "4"]\n1. 3x3a3', "line 2: Ply should be a number from 0 to 1"),
    ('[Game "rugpile"]\n1. 3x3a3\n[Date "x"]', "line 3: a header line after the moves"),
    ("x" * 1_000_001, "too long"),
])
def test_bad_records_say_what_and_where(text, message):
    with pytest.raises(RecordError, match=message):
        load_text(text)


def test_the_legal_part_of_a_bad_record():
    head = '[Game "rugpile"]\n'
    assert legal_part_of_text(head + "1. 3x3a3 2. 3x3b2 3. 3x3b2").moves == ("3x3a3", "3x3b2")
    assert legal_part_of_text(head + "1. 3x3a3 2. ??? 3. 3x3b2").moves == ("3x3a3",)
    assert legal_part_of_text(head + "1. 3x3a3 {cut").moves == ("3x3a3",)
    assert legal_part_of_text('[Game "chess"]\n1. e4') is None


@pytest.mark.parametrize("game_id", games.ids())
def test_an_illegal_move_in_text_names_line_move_and_ply(game_id):
    game = games.get(game_id)
    state = game.new()
    first = game.notation(state, game.legal_moves(state)[0])
    text = to_text(make_record(game, {}, [first])) + f"2. {first}\n"
    with pytest.raises(RecordError) as err:
        load_text(text)
    assert err.value.ply == 1 and f"move 2 ('{first}')" in str(err.value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='[]"{};.#/ \n\t0123456789abcdegiklprsuwxyz=,-GameOptionsRulPy\u202e\x00é',
               max_size=120))
def test_fuzz_reading_text_raises_only_named_errors(text):
    try:
        record, ply, states = load_text(text)
    except RecordError as err:
        assert str(err)
    else:
        assert len(states) == len(record.moves) + 1 and 0 <= ply <= len(record.moves)
    part = legal_part_of_text(text)
    if part is not None:
        replay_record(part)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(['[Game "rugpile"]\n', '[Game "wythe"]\n[Options "size=6"]\n',
                        '[Game "stigmergy"]\n[Options "size=4"]\n']),
       st.text(max_size=60))
def test_fuzz_any_unicode_after_a_good_header(head, tail):
    try:
        load_text(head + tail)
    except EngineError as err:
        assert isinstance(err, RecordError) and str(err)


def test_a_loaded_record_becomes_a_session_at_its_ply():
    record = make_record(RUG, {"players": 3}, ["2x2a1", "2x2c1", "2x2e1"])
    loaded, ply, states = load_text(to_text(record, 2, replay_record(record)))
    session = Session.from_record(loaded, ply, states)
    assert session.moves == list(record.moves) and session.ply == 2
    assert session.state == Session("rugpile", {"players": 3}, record.moves[:2]).state
    assert Session.from_record(loaded).ply == 3 and Session.from_record(loaded).states == states
