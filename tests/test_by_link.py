"""Links of a game played by exchanging them (engine/formats/by_link.py) and compact moves
(engine/formats/compact_moves.py): what they carry, that they read back, and what they refuse."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine import games
from engine.formats.by_link import ByLink, LinkTailError, new_id, read_tail, write_tail
from engine.formats.compact_moves import CompactError, pack, unpack
from engine.formats.record import RecordError, decode, encode, make_record, replay_canonical

WYTHE = games.get("wythe")


def random_game(game_id: str, seed: int, **options) -> list[str]:
    game = games.get(game_id)
    rng, state, moves = random.Random(seed), game.new(**options), []
    while game.result(state) is None:
        move = rng.choice(game.legal_moves(state))
        moves.append(game.notation(state, move))
        state = game.play(state, move)
    return moves


def test_a_game_by_link_carries_its_id_and_the_seat_it_hands_over():
    record = replace(make_record(WYTHE, {}, ["d4e4"]), link=ByLink("k3f9x2qa", 0))
    link = encode(record)
    assert link == "wythe/1/size=8/d4e4/game=k3f9x2qa,to=1"
    assert decode(link) == (record, 1)
    helpless = replace(record, link=ByLink("k3f9x2qa", 1, help=False, offer="draw"))
    assert (
        encode(helpless, ply=0)
        == "wythe/1/size=8/d4e4/ply=0,game=k3f9x2qa,to=2,help=off,offer=draw"
    )
    assert decode(encode(helpless, ply=0)) == (helpless, 0)


def test_a_game_whose_sides_are_not_chosen_hands_over_no_seat():
    """`to=` left out: the first move on either device chooses (an undecided game's address);
    `takeback=` names how many moves stay as they were."""
    assert read_tail("game=abcdefgh", 2) == (None, ByLink("abcdefgh", None))
    assert write_tail(None, ByLink("abcdefgh", None)) == "game=abcdefgh"
    asked = ByLink("abcdefgh", 1, takeback=12)
    assert write_tail(3, asked) == "ply=3,game=abcdefgh,to=2,takeback=12"
    assert read_tail("ply=3,game=abcdefgh,to=2,takeback=12", 2) == (3, asked)


def test_links_without_a_game_read_as_before():
    record, ply = decode("wythe/1/size=8/d4e4.c5c6/ply=1")
    assert record.link is None and ply == 1 and record.moves == ("d4e4", "c5c6")
    assert read_tail("ply=4", 2) == (4, None)
    assert write_tail(None, None) == ""


def test_rug_pile_hands_a_link_to_any_of_its_four_seats():
    rug = games.get("rugpile")
    record = replace(make_record(rug, {"players": 4}, ["3x3a3"]), link=ByLink("abcdef12", 3))
    assert decode(encode(record))[0].link == ByLink("abcdef12", 3)
    with pytest.raises(RecordError, match="'to=5' should name a seat from 1 to 4"):
        decode("rugpile/1/players=4,size=5,tiles=4-3-2/3x3a3/game=abcdef12,to=5")


@pytest.mark.parametrize(
    "tail,message",
    [
        ("game=abcdefgh,to=", "'to=' should name a seat from 1 to 2"),
        ("game=abcdefgh,to=0", "'to=0' should name a seat from 1 to 2"),
        ("game=abcdefgh,to=1,takeback=x", "'takeback=x' should be takeback=<number>"),
        ("game=abc,to=1", "a game's id is 6 to 16 letters and digits, not 'abc'"),
        ("game=ABCDEFGH,to=1", "not 'ABCDEFGH'"),
        ("game=abcdefgh,to=1,help=maybe", "'help=maybe' should be help=off"),
        ("game=abcdefgh,to=1,offer=peace", "unknown offer 'peace' (offers: draw)"),
        ("to=1", "a link that hands a game over names it (game=…)"),
        ("game=abcdefgh,to=1,to=2", "'to' is given twice"),
        ("colour=red", "'colour=red' should be ply=<number>"),
        ("ply", "'ply' should be ply=<number> or name=value"),
    ],
)
def test_a_bad_link_tail_says_what_is_wrong(tail, message):
    with pytest.raises(LinkTailError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_tail(tail, 2)
    with pytest.raises(RecordError):
        decode(f"wythe/1/size=8/d4e4/{tail}")


def test_new_ids_are_eight_letters_and_digits_and_differ():
    ids = {new_id(random.Random(seed)) for seed in range(50)}
    assert len(ids) == 50 and all(len(i) == 8 and i.isalnum() and i.islower() for i in ids)
    assert ByLink(new_id(), 0).id  # a fresh one is valid


@pytest.mark.parametrize("game_id", games.ids())
def test_compact_moves_read_back_whole_games(game_id):
    game = games.get(game_id)
    for seed in range(3):
        moves = random_game(game_id, seed)
        word = pack(game, game.new(), moves)
        assert unpack(game, game.new(), word) == moves
        record = make_record(game, {}, moves)
        link = encode(record, compact=True)
        assert link.split("/")[1] == "1c"
        assert decode(link)[0] == replay_canonical(record)[0]
        assert len(link) < len(encode(record))


def test_a_long_gwyddbwyll_game_fits_a_message_compactly():
    moves = random_game("gwyddbwyll", 5)  # 533 plies of random moves
    gw = games.get("gwyddbwyll")
    plain, compact = (
        encode(make_record(gw, {}, moves)),
        encode(make_record(gw, {}, moves), compact=True),
    )
    assert len(moves) == 533 and len(plain) > 2000 and len(compact) < 1000


def test_the_first_rug_pile_move_packs_as_worked_out_by_hand():
    """25 moves on an empty 4×4 board; 3x3a2 is number 22 in the order of names (nine 2x2,
    six 2x3, six 3x2, then 3x3a1, 3x3a2, ...): one byte 0x16, 'Fg' in base 64."""
    rug = games.get("rugpile")
    assert pack(rug, rug.new(size=4), ["3x3a2"]) == "1~Fg"
    assert pack(rug, rug.new(size=4), []) == "0~"


@pytest.mark.parametrize(
    "word,message",
    [
        ("d4e4", "should be <plies>~<letters>"),
        ("2~!!", "should be <plies>~<letters>"),
        ("1~A", "not base 64"),
        ("1~_____w", "hold more than their plies"),
    ],
)
def test_a_compact_word_that_is_no_game_is_refused(word, message):
    with pytest.raises(CompactError, match=message):
        unpack(WYTHE, WYTHE.new(), word)
    with pytest.raises(RecordError, match="the link's moves cannot be read"):
        decode(f"wythe/1c/size=8/{word}")


def test_a_compact_game_past_its_end_is_refused():
    rug = games.get("rugpile")
    fools = ["3x3a3", "3x3b2", "2x2d1"]  # the rules page's fool's mate: over after 3 plies
    word = pack(rug, rug.new(), fools)
    plies, letters = word.split("~")
    with pytest.raises(CompactError, match="the game is over after 3 of its 4 plies"):
        unpack(rug, rug.new(), f"4~{letters}")
    assert plies == "3"


def test_a_compact_link_keeps_its_ending_and_its_game():
    gw = games.get("gwyddbwyll")
    record = replace(
        make_record(gw, {}, ["e3e4"]), ending="black-resigns", link=ByLink("abcdef12", 0)
    )
    link = encode(record, compact=True)
    assert link.endswith(".black-resigns/game=abcdef12,to=1")
    assert decode(link)[0] == record
