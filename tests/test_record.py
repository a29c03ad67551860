"""Records and URL fragments: round trips, and clear errors for bad links."""

import random

import pytest

from engine import ReplayError, games
from engine.formats.record import Record, RecordError, decode, encode, make_record, replay_record

RUG = games.get("rugpile")


def test_fragment_shape_is_readable():
    record = make_record(RUG, {}, ["3x3a3", "3x3b2"])
    assert encode(record) == "rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3.3x3b2"
    assert encode(record, ply=1) == "rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3.3x3b2/ply=1"


def test_decode_fills_defaults_and_reads_the_ply():
    record, ply = decode("#rugpile/1/players=3/2x2a1/ply=0")
    assert record.options_dict == {"players": 3, "size": 6, "tiles": (4, 3, 3)}
    assert record.moves == ("2x2a1",) and ply == 0


@pytest.mark.parametrize("game_id", games.ids())
def test_random_games_round_trip_through_the_fragment(game_id):
    game = games.get(game_id)
    rng = random.Random(7)
    for _ in range(3):
        state, moves = game.new(), []
        while game.result(state) is None and len(moves) < 60:
            move = rng.choice(game.legal_moves(state))
            moves.append(game.notation(state, move))
            state = game.apply(state, move)
        record = make_record(game, game.options(game.new()), moves)
        back, ply = decode(encode(record))
        assert back == record and ply == len(moves)
        assert replay_record(back)[-1] == state


@pytest.mark.parametrize(
    "fragment,message",
    [
        ("chess/1//e2e4", "unknown game 'chess'"),
        ("rugpile/9/players=2/", "unknown rules version '9'"),
        ("rugpile/1/players=7/", "option players must be from 2 to 4"),
        ("rugpile/1/colour=red/", "has no option 'colour'"),
        ("rugpile/1/players/", "should be name=value"),
        ("rugpile/1//3x3a3/ply=5", "past the last move"),
        ("rugpile/1//3x3a3/page=1", "should be ply=<number>"),
        ("rugpile", "does not have the shape"),
        ("rugpile/1//<script>alert(1)</script>", "is not a move"),
        ("x" * 100_001, "too long"),
    ],
)
def test_bad_fragments_say_what_is_wrong(fragment, message):
    with pytest.raises(RecordError, match=message):
        decode(fragment)


def test_an_illegal_move_names_its_ply():
    record, _ = decode("rugpile/1//3x3a3.3x3a3.2x2d1")
    with pytest.raises(ReplayError) as err:
        replay_record(record)
    assert err.value.ply == 1 and err.value.move == "3x3a3"
    assert "move 2 ('3x3a3')" in str(err.value) and "completely cover" in str(err.value)


def test_record_is_a_value():
    a = Record("rugpile", 1, (("players", 2),), ("2x2a1",))
    assert a == Record("rugpile", 1, (("players", 2),), ("2x2a1",)) and hash(a)


def test_result_sentence_puts_the_winners_score_first():
    from engine.contract.core import Result, Termination, result_sentence

    no_tile = Termination.NO_MOVES
    assert (
        result_sentence(("Red", "Blue"), Result((1,), (6, 8), no_tile, "red cannot place a tile"))
        == "Blue wins 8–6. Red cannot place a tile."
    )
    assert (
        result_sentence(("Red", "Blue", "Green"), Result((0, 2), (5, 3, 5), no_tile, "x"))
        == "Red and Green share the win (Red 5, Blue 3, Green 5). X."
    )
