"""Resignations and agreed draws (engine/contract/ending.py): what they mean, and how links and
text records carry them (engine/formats/record.py, engine/formats/record_text.py).  Expected
results are worked out by hand from the rules pages (web/rules/<game>.html: Gwyddbwyll's "Check and
the end of the game", Rug Pile's "The end") and the positions built here."""

from __future__ import annotations

import pytest

from engine import EngineError, Termination, games
from engine.contract.ending import (
    AGREED_DRAW,
    Ending,
    can_agree_draw,
    ending_result,
    ending_text,
    resignation,
)
from engine.contract.fixtures import fixtures
from engine.formats.record import (
    RecordError,
    decode,
    encode,
    ending_word,
    is_ending_word,
    legal_part,
    read_ending,
    replay_canonical,
    replay_record,
)
from engine.formats.record_text import load_text, read_text, to_text

GW = games.get("gwyddbwyll")
RUG = games.get("rugpile")


def ended(game, state, word: str) -> Ending:
    """The ending a link's `word` writes at `state`."""
    return read_ending(game, state, word)


def test_the_ending_words():
    assert (
        is_ending_word("white-resigns")
        and is_ending_word("yellow-resigns")
        and is_ending_word("draw-agreed")
    )
    assert (
        not is_ending_word("e3e4") and not is_ending_word("resigns") and not is_ending_word("draw")
    )
    assert resignation(GW, GW.new(), 1) == Ending(Termination.RESIGNATION, 1)
    assert ending_word(GW, GW.new(), resignation(GW, GW.new(), 1)) == "black-resigns"
    assert ending_word(GW, GW.new(), AGREED_DRAW) == "draw-agreed"
    assert ended(GW, GW.new(), "white-resigns") == Ending(Termination.RESIGNATION, 0)
    assert ended(GW, GW.new(), "draw-agreed") == AGREED_DRAW
    with pytest.raises(EngineError, match="there is no seat 2 to resign"):
        resignation(GW, GW.new(), 2)
    with pytest.raises(EngineError, match="a str is not a resignation or an agreed draw"):
        ending_result(GW, GW.new(), "black-resigns")  # a word is read by read_ending


@pytest.mark.parametrize(
    "kind, seat",
    [
        (Termination.RESIGNATION, None),
        (Termination.RESIGNATION, -1),
        (Termination.RESIGNATION, True),
        (Termination.AGREED_DRAW, 0),
        (Termination.NO_MOVES, None),
    ],
)
def test_an_ending_is_a_resignation_by_a_seat_or_an_agreed_draw(kind, seat):
    with pytest.raises(EngineError):
        Ending(kind, seat)


def test_a_two_player_resignation_gives_the_other_player_the_win():
    state = GW.play(GW.new(), GW.parse(GW.new(), "e3e4"))  # Black to move
    result = ending_result(GW, state, ended(GW, state, "black-resigns"))
    assert result.winners == (0,) and result.reason == "Black resigned"
    assert result.termination is Termination.RESIGNATION
    assert (
        ending_text(GW, state, ended(GW, state, "black-resigns")) == "White wins: Black resigned."
    )
    # a player may resign when it is not their turn (against the computer, while it thinks)
    assert ending_result(GW, state, ended(GW, state, "white-resigns")).winners == (1,)


def test_with_more_players_the_leaders_among_the_others_win():
    start = RUG.new(players=3)
    # nobody has a square: Blue and Green tie at 0 and share the win
    red_resigns = ended(RUG, start, "red-resigns")
    assert ending_result(RUG, start, red_resigns).winners == (1, 2)
    assert ending_text(RUG, start, red_resigns) == "Blue and Green share the win: Red resigned."
    after = RUG.play(start, RUG.parse(start, "3x3a1"))  # Red shows 9 squares
    assert ending_result(RUG, after, ended(RUG, after, "blue-resigns")).winners == (0,)
    assert ending_text(RUG, after, ended(RUG, after, "blue-resigns")) == "Red wins: Blue resigned."


def test_an_agreed_draw_only_where_two_players_may_draw():
    assert can_agree_draw(GW, GW.new()) and can_agree_draw(RUG, RUG.new(players=2))
    assert not can_agree_draw(RUG, RUG.new(players=3))
    for game_id in ("wythe", "petrify", "stigmergy"):  # their tie-breaks leave no draw
        game = games.get(game_id)
        assert not can_agree_draw(game, game.new())
        with pytest.raises(EngineError, match="cannot end in an agreed draw"):
            ending_result(game, game.new(), AGREED_DRAW)
        with pytest.raises(EngineError, match="cannot end in an agreed draw"):
            read_ending(game, game.new(), "draw-agreed")
    with pytest.raises(EngineError, match="Rug Pile cannot end in an agreed draw with more"):
        ending_result(RUG, RUG.new(players=3), AGREED_DRAW)
    result = ending_result(GW, GW.new(), AGREED_DRAW)
    assert (
        result.winners == (0, 1)
        and ending_text(GW, GW.new(), AGREED_DRAW) == "A draw, agreed by the players."
    )
    assert result.termination is Termination.AGREED_DRAW


def test_no_ending_after_the_game_is_over():
    # one 2x2 tile each on a 4x4 board: after both are placed Red has none, and it is over
    game_over = "rugpile/1/players=2,size=4,tiles=1-0-0/2x2a1.2x2c3"
    for ending in ("red-resigns", "draw-agreed"):
        with pytest.raises(RecordError, match="follows the end of the game") as caught:
            replay_canonical(decode(f"{game_over}.{ending}")[0])
        assert caught.value.ply == 2 and caught.value.move == ending
    _, states = replay_canonical(decode(game_over)[0])
    with pytest.raises(EngineError, match="the game is over: nobody can resign"):
        resignation(RUG, states[-1], 0)
    with pytest.raises(EngineError, match="the game is over: it cannot end again"):
        ending_result(RUG, states[-1], AGREED_DRAW)


def test_a_link_carries_the_ending_after_the_moves():
    link = "gwyddbwyll/1//e3e4.black-resigns"
    record, ply = decode(link)
    assert record.moves == ("e3e4",) and record.ending == "black-resigns" and ply == 1
    assert encode(record) == link
    record, ply = decode(link + "/ply=0")  # shown at the start, still ended later
    assert ply == 0 and record.ending == "black-resigns"
    assert encode(record, ply) == link + "/ply=0"


def test_a_bad_ending_is_named_and_the_legal_part_drops_it():
    link = "gwyddbwyll/1//e3e4.green-resigns"
    with pytest.raises(RecordError, match="no player is called 'green'"):
        replay_canonical(decode(link)[0])
    part = legal_part(link)
    assert part is not None and part.moves == ("e3e4",) and part.ending == ""
    # an ending before a move is named as a misplaced ending, not as a bad move
    with pytest.raises(RecordError, match=r"move 1 \('draw-agreed'\) ends the game, so it can"):
        decode("gwyddbwyll/1//draw-agreed.e3e4")
    with pytest.raises(RecordError, match=r"move 2 \('white-resigns'\) ends the game, so it"):
        decode("wythe/1/size=8/d4e4.white-resigns.c5c6")
    part = legal_part("wythe/1/size=8/d4e4.white-resigns.c5c6")
    assert part is not None and part.moves == ("d4e4",) and part.ending == ""
    with pytest.raises(RecordError, match="line 2: 'white-resigns' ends the game, so it can only"):
        load_text('[Game "wythe"]\n1. d4e4 white-resigns 2. c5c6\n')


def test_either_player_may_resign_at_any_turn_even_before_the_swap():
    """Our reading (the rules say nothing of resigning): a player may resign whoever is to
    move, as over a board; in Wythe after one move White (Player 2, who may still swap) is
    a player of the game and may resign, and Black may resign while White is to move."""
    for word, loser in (
        ("white-resigns", "White"),
        ("black-resigns", "Black"),
    ):
        record, states = replay_canonical(decode(f"wythe/1/size=8/d4e4.{word}")[0])
        wythe = games.get("wythe")
        result = ending_result(wythe, states[-1], read_ending(wythe, states[-1], word))
        assert result.reason == f"{loser} resigned" and record.ending == word


def test_a_text_record_writes_and_reads_the_ending():
    record, states = replay_canonical(decode("gwyddbwyll/1//e3e4.black-resigns")[0])
    text = to_text(record, None, states)
    assert '[Result "White wins: Black resigned."]' in text
    assert text.rstrip().splitlines()[-1] == "black-resigns"
    again, ply, _ = load_text(text)
    assert again == record and ply == 1
    read = read_text('[Game "gwyddbwyll"]\n[Ply "1"]\n1. e3e4 2. e6e5\ndraw-agreed\n')
    assert read.record.moves == ("e3e4", "e6e5") and read.record.ending == "draw-agreed"
    assert read.ply == 1
    with pytest.raises(RecordError, match="line 2, the ending 'draw-agreed': Wythe cannot"):
        load_text('[Game "wythe"]\ndraw-agreed\n')


def test_before_stigmergy_has_colours_a_seat_resigns_by_its_first_word():
    stig = games.get("stigmergy")
    bid = stig.play(stig.new(), stig.parse(stig.new(), "komi3"))  # Second player to choose
    assert ending_word(stig, bid, resignation(stig, bid, 1)) == "second-resigns"
    assert (
        ending_text(stig, bid, ended(stig, bid, "second-resigns"))
        == "First player wins: Second player resigned."
    )
    record, _ = replay_canonical(decode("stigmergy/1/size=4,komi=bid/komi3.second-resigns")[0])
    assert record.ending == "second-resigns"


@pytest.mark.parametrize(
    "link, termination, detail, winners",
    [
        (
            "rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3.3x3b2.2x2d1",
            "NO_MOVES",
            "no-placement",
            (0,),
        ),
        ("gwyddbwyll/1//e3e4.black-resigns", "RESIGNATION", "", (0,)),
        ("gwyddbwyll/1//e3e4.draw-agreed", "AGREED_DRAW", "", (0, 1)),
    ],
)
def test_links_stored_before_the_terminations_became_generic_read_back_the_same_end(
    link, termination, detail, winners
):
    # Nothing stores a Termination: links, text records and saved games keep the moves and
    # the ending's word, and the result is worked out again from them.  So links written
    # when Termination had game-named members (NO_PLACEMENT, CHECKMATE, ...) read back to
    # the same winners, with the generic member and the game's own detail.
    record, _ = decode(link)
    game, states = games.get(record.game), replay_record(record)
    if record.ending:
        result = ending_result(game, states[-1], read_ending(game, states[-1], record.ending))
    else:
        result = game.result(states[-1])
    assert result is not None and result.winners == winners
    assert result.termination is Termination[termination] and result.detail == detail


def test_gwyddbwylls_ends_are_generic_terminations_with_its_own_detail():
    mate = fixtures("gwyddbwyll").win_in_one()
    result = GW.result(GW.play(mate, GW.parse(mate, "a1a8")))
    assert result.termination is Termination.NO_MOVES and result.detail == "checkmate"
    assert GW.result_text(("White", "Black"), result).startswith("White wins by checkmate: ")
    assert {t.name for t in Termination} == {
        "NO_MOVES",
        "BOTH_PASSED",
        "GOAL_REACHED",
        "ELIMINATION",
        "MOVE_LIMIT",
        "RESIGNATION",
        "AGREED_DRAW",
    }  # what every game shares: a game's own word is its result's detail
