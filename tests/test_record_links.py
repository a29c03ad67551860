"""Links: every game and size round-trips through its fragment and text record; bad links
(broken percent-escapes, odd unicode, truncation, huge ones) fail only with RecordError or
ReplayError saying what and where; the legal part of a bad link is found by the engine."""

import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import EngineError, ReplayError, games
from engine.formats.record import (
    MAX_FRAGMENT,
    Record,
    RecordError,
    decode,
    encode,
    legal_part,
    make_record,
    replay_record,
    unquote_link,
)
from engine.formats.record_text import legal_part_of_text, load_text, read_text, to_text
from web.logic.session import Session


def sizes(game):
    """Every board size (and player count) the game offers."""
    spec = {o.name: o for o in game.options_spec}
    size_values = range(spec["size"].lo, spec["size"].hi + 1) if "size" in spec else [None]
    player_values = (
        range(spec["players"].lo, spec["players"].hi + 1) if "players" in spec else [None]
    )
    for players in player_values:
        for size in size_values:
            options = {}
            if players is not None:
                options["players"] = players
            if size is not None:
                options["size"] = size
            yield options


def random_game(game, options, rng, max_plies):
    state, moves = game.new(**options), []
    states = [state]
    while game.result(state) is None and len(moves) < max_plies:
        move = rng.choice(game.legal_moves(state))
        moves.append(game.notation(state, move))
        state = game.apply(state, move)
        states.append(state)
    return moves, states


@pytest.mark.parametrize("game_id", games.ids())
def test_every_size_round_trips_through_the_link_and_the_text(game_id):
    game = games.get(game_id)
    rng = random.Random(game_id)
    for options in sizes(game):
        moves, states = random_game(game, options, rng, 40 if game_id != "gwyddbwyll" else 60)
        record = make_record(game, options, moves)
        ply = rng.randrange(len(moves) + 1)
        back, back_ply = decode(encode(record, ply))
        assert back == record and back_ply == ply, options
        assert replay_record(back)[-1] == states[-1]
        text = read_text(to_text(record, ply, states, "2026-01-01"))
        assert text.record == record and text.ply == ply, options
        assert legal_part(encode(record)) == record


@pytest.mark.parametrize("game_id", games.ids())
def test_a_finished_random_game_round_trips(game_id):
    game = games.get(game_id)
    moves, states = random_game(game, {}, random.Random(3), 2_000)
    record = make_record(game, {}, moves)
    assert replay_record(decode(encode(record))[0])[-1] == states[-1]
    assert read_text(to_text(record, None, states)).record == record


# ---- percent-encoding, as a browser's location.hash carries it


def test_unquote_undoes_the_browsers_encoding():
    assert unquote_link("#rugpile/1//3x3a3") == "rugpile/1//3x3a3"
    assert unquote_link("#caf%C3%A9/%3Cb%3E") == "café/<b>"


@pytest.mark.parametrize(
    "raw,message",
    [
        ("#rugpile/1//%E0%A4%A", "not UTF-8 text at character 12"),
        ("#rugpile/1//%zz", "'%' not followed by two hex digits at character 12"),
        ("#%FF", "not UTF-8"),
        ("#" + "a" * (MAX_FRAGMENT + 1), "too long"),
    ],
)
def test_broken_percent_escapes_say_where(raw, message):
    with pytest.raises(RecordError, match=message):
        unquote_link(raw)


@pytest.mark.parametrize(
    "fragment,message",
    [
        ("rug\u202epile/1//", r"unknown game 'rug\\u202epile'"),  # shown, not hidden
        ("rugpile/\u0661/players=2/", "unknown rules version"),  # Arabic-Indic one
        ("rugpile/\u00b2/players=2/", "unknown rules version"),  # superscript two
        ("rugpile/1/players=\uff12/", "a value is written"),
        ("rugpile/1//\uff13x\uff13a\uff13", "move 1 .* is not a move"),  # fullwidth digits
        ("rugpile/1//3x3a3/ply=\u0661", "should be ply=<number>"),
        ("rugpile/1/players=2,players=3/", "given twice"),
        ("rugpile/1/players=2", "cut short"),
        ("rugpile/" + "1" * 5000 + "//", "unknown rules version"),
        ("rugpile/1/players=" + "9" * 5000 + "/", "bad option"),
        ("rugpile/1/tiles=" + "9" * 5000 + "-1-1/", "bad option"),
        ("stigmergy/1/komi=" + "9" * 5000 + "/", "bad option"),
    ],
)
def test_odd_unicode_and_huge_numbers_are_named(fragment, message):
    with pytest.raises(RecordError, match=message):
        decode(fragment)


# ---- the legal part of a bad link


def test_legal_part_stops_before_the_first_bad_move():
    rug = "rugpile/1/players=2,size=5,tiles=4-3-2"
    record = legal_part(rug + "/3x3a3.3x3a3.2x2d1")
    assert record.moves == ("3x3a3",) and record.options_dict["players"] == 2
    assert legal_part(rug + "/3x3a3.3x3b2.<b>").moves == ("3x3a3", "3x3b2")
    assert legal_part(rug + "/3x3a3.3x").moves == ("3x3a3",)  # cut short in a move
    assert legal_part(rug + "/3x3a3/ply=99").moves == ("3x3a3",)  # a bad ply is let go
    assert legal_part(rug).moves == ()  # cut short before moves
    assert legal_part("rugpile/1/players=3/2x2a1").options_dict["size"] == 6


def test_legal_part_before_a_broken_percent_escape():
    raw = "#rugpile/1//3x3a3.3x3b2%E0%A4%A.2x2d1"
    with pytest.raises(RecordError):
        unquote_link(raw)
    assert legal_part(unquote_link(raw, strict=False)).moves == ("3x3a3",)
    assert legal_part(unquote_link("#rugpile/1//3x3a3.%zz", strict=False)).moves == ("3x3a3",)


def test_an_over_long_link_offers_its_own_games_start():
    wythe = Record("wythe", 1, (("size", 6),), ("a1b1", "c3d3"))
    assert legal_part("wythe/1/size=6/a1b1.c3d3." + "x" * MAX_FRAGMENT) == wythe
    assert legal_part("wythe/1/size=6/a1b1.c3d3/ply=" + "1" * MAX_FRAGMENT) == wythe
    # what the page does with a link it cannot open: the same game, not a fresh Rug Pile
    raw = "#wythe/1/size=6/a1b1.c3d3." + "a1b1." * (MAX_FRAGMENT // 5)
    with pytest.raises(RecordError, match="too long"):
        unquote_link(raw)
    assert legal_part(unquote_link(raw, strict=False)) == wythe


def test_gwyddbwyll_moves_are_kept_in_canonical_notation():
    # e3xe4 and e3-e4 are read (web/rules/gwyddbwyll.html, "Notation", writes e3e4) and
    # stored as e3e4
    assert (
        Session.from_fragment("gwyddbwyll/1//e3xe4.e6-e5").fragment() == "gwyddbwyll/1//e3e4.e6e5"
    )
    assert legal_part("gwyddbwyll/1//e3-e4.e6xe5.zz").moves == ("e3e4", "e6e5")
    record, _, _ = load_text('[Game "gwyddbwyll"]\n1. e3xe4 2. E6-E5\n')
    assert record.moves == ("e3e4", "e6e5")
    assert legal_part_of_text('[Game "gwyddbwyll"]\n1. e3-e4 2. e6xe5 3. e4e4').moves == (
        "e3e4",
        "e6e5",
    )


def test_a_byte_order_mark_inside_a_link_is_named():
    with pytest.raises(RecordError, match=r"byte-order mark .U.FEFF.* at character 15"):
        decode("wythe/1//a1b1.\ufeffc3d3")


@pytest.mark.parametrize(
    "fragment",
    [
        "chess/1//e2e4",
        "rugpile/2//",
        "rugpile/1/players=9/3x3a3",
        "rugpile",
        "",
        "x" * (MAX_FRAGMENT + 1),
    ],
)
def test_no_legal_part_when_the_head_is_bad(fragment):
    assert legal_part(fragment) is None


def test_an_illegal_move_is_a_replay_error_with_its_ply():
    record, _ = decode("rugpile/1//3x3a3.3x3b2.3x3b2")
    with pytest.raises(ReplayError) as err:
        replay_record(record)
    assert (err.value.ply, err.value.move) == (2, "3x3b2")


def test_a_bad_move_names_its_number_and_text():
    with pytest.raises(RecordError) as err:
        decode("rugpile/1//3x3a3.<img src=x>")
    assert err.value.ply == 1 and err.value.move == "<img src=x>"
    assert "move 2 ('<img src=x>') is not a move" in str(err.value)


# ---- fuzz: the decoder raises only its own errors, always with a message

ALPHABET = string.ascii_letters + string.digits + "/.=,-#%<>&\"' ;\u202e\u0661\uff13é\x00\n"
GOOD = [encode(make_record(games.get(g), {}, [])) for g in games.ids()] + [
    "rugpile/1/players=2,size=5,tiles=4-3-2/3x3a3.3x3b2.2x2d1/ply=2",
    "stigmergy/1/size=4,komi=bid/",
    "wythe/1/size=6/",
]


fragments = st.one_of(
    st.text(alphabet=ALPHABET, max_size=80),
    st.text(max_size=60),
    st.builds(
        lambda base, cut, junk: base[:cut] + junk,
        st.sampled_from(GOOD),
        st.integers(0, 70),
        st.text(alphabet=ALPHABET, max_size=20),
    ),
    st.builds(
        lambda base, at, junk: base[:at] + junk + base[at:],
        st.sampled_from(GOOD),
        st.integers(0, 70),
        st.text(alphabet=ALPHABET, max_size=6),
    ),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fragments)
def test_fuzz_decode_raises_only_named_errors(fragment):
    for text in (fragment, "#" + fragment):
        try:
            unquoted = unquote_link(text)
        except RecordError as err:
            assert str(err)
            if len(text) <= MAX_FRAGMENT:
                part = legal_part(unquote_link(text, strict=False))
                assert part is None or len(replay_record(part)) == len(part.moves) + 1
            continue
        try:
            record, ply = decode(unquoted)
        except RecordError as err:
            assert str(err)
        else:
            assert 0 <= ply <= len(record.moves)
            try:
                states = replay_record(record)
            except ReplayError as err:
                assert str(err) and 0 <= err.ply < len(record.moves)
            else:
                assert len(states) == len(record.moves) + 1
        part = legal_part(unquoted)
        assert part is None or isinstance(part, Record)
        if part is not None:
            replay_record(part)  # the legal part always replays


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(games.ids()),
    st.lists(
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=8),
        max_size=4,
    ),
)
def test_fuzz_move_text_never_escapes_as_another_error(game_id, moves):
    """Moves that pass the syntax filter but mean nothing: only EngineErrors from replay."""
    game = games.get(game_id)
    record = make_record(game, {}, moves)
    try:
        replay_record(record)
    except EngineError as err:
        assert str(err)
