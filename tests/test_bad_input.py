"""Bad input to every public entry point gets the engine's own error (EngineError, with a
short message a player can read): never TypeError, ValueError, IndexError or RecursionError,
never a hang.  Hand-picked cases from issue 16, then hypothesis throwing random text, bytes,
tuples, None, huge and non-ASCII numbers at each entry point of every game."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import BadNotation, BadOption, EngineError, IllegalMove, games
from engine.formats.record import decode, legal_part, unquote_link
from engine.formats.record_text import legal_part_of_text, load_text, read_text
from web.storage import saved

LONGEST_MESSAGE = 300  # a message quotes input briefly, so it stays short
KEBAB = re.compile(r"[a-z]+(?:-[a-z]+)*")  # the codes of BadOption, BadNotation and Verdict
HUGE = "1" * 5000  # more digits than int() converts (4,300)


def refused(call, *args, **kwargs) -> EngineError:
    """The EngineError that call(*args, **kwargs) raises, checked to be short and readable."""
    with pytest.raises(EngineError) as caught:
        call(*args, **kwargs)
    message = str(caught.value)
    assert message.strip() and len(message) <= LONGEST_MESSAGE, message
    return caught.value


def calm(call, *args, **kwargs) -> None:
    """call(...) either succeeds or raises an EngineError with a short message (and, for a
    bad option or notation, a kebab-case code)."""
    try:
        call(*args, **kwargs)
    except EngineError as err:
        message = str(err)
        assert message.strip() and len(message) <= LONGEST_MESSAGE, message
        if isinstance(err, (BadOption, BadNotation)):
            assert KEBAB.fullmatch(err.code), (err.code, message)


# --------------------------------------------------------------------------- the cases


@pytest.mark.parametrize("game_id", [[], "x" * 5000, b"wythe"])
def test_an_unknown_game_is_refused_briefly(game_id):
    refused(games.get, game_id)


def test_a_superscript_digit_in_a_square_is_bad_notation():
    wythe = games.get("wythe")
    err = refused(wythe.parse, wythe.new(), "a²b1")
    assert isinstance(err, BadNotation)
    assert "a²" in str(err)
    assert err.code == "not-a-square" and str(err).startswith("'a²' is not a square")


# A text longer than any move is refused before it is read, quoted by its first 40 characters.
@pytest.mark.parametrize(
    "text, code, named",
    [
        ("a" + HUGE + "b1", "too-long", "'a" + HUGE[:39] + "…' is not a move (too long)"),
        ("a1b" + HUGE, "too-long", "'a1b" + HUGE[:37] + "…' is not a move (too long)"),
        ("a٣b1", "not-a-square", "'a٣' is not a square"),
    ],
)
def test_a_huge_or_non_ascii_row_is_bad_notation(text, code, named):
    wythe = games.get("wythe")
    err = refused(wythe.parse, wythe.new(), text)
    assert isinstance(err, BadNotation)
    assert err.code == code and str(err).startswith(named)


@pytest.mark.parametrize(
    "game_id, option, value, code",
    [
        ("wythe", "size", "²", "not-a-number"),
        ("wythe", "size", HUGE, "not-a-number"),
        ("wythe", "size", "٣", "not-a-number"),  # int() reads it as 3; no player typed that
        pytest.param("wythe", "size", 10**5000, "out-of-range", id="wythe-size-huge-int"),
        ("petrify", "size", "-" + HUGE, "not-a-number"),
        ("rugpile", "tiles", "²-3-2", "not-three-counts"),
        ("rugpile", "tiles", HUGE + "-3-2", "not-three-counts"),
        ("rugpile", "tiles", {1: 2, "2x2": 1}, "no-such-tile"),
        ("rugpile", "players", "١", "not-a-number"),
        ("stigmergy", "komi", HUGE, "not-a-number"),
        ("stigmergy", "komi", "٣", "not-a-number"),
        ("stigmergy", "komi", [[[]]], "not-a-number"),
    ],
)
def test_a_bad_option_value_names_its_option(game_id, option, value, code):
    game = games.get(game_id)
    err = refused(game.new, **{option: value})
    assert isinstance(err, BadOption)
    assert err.option == option
    assert f"option {option}" in str(err) or str(err).startswith(option)
    assert err.code == code


def test_a_refused_option_value_is_quoted_briefly():
    err = refused(games.get("rugpile").new, tiles=HUGE + "-3-2")
    assert isinstance(err, BadOption) and err.code == "not-three-counts"
    assert "1111111111…" in str(err)
    assert HUGE[:50] not in str(err)


def test_an_unknown_option_has_no_one_field_but_is_still_refused():
    err = refused(games.get("wythe").new, colour="red")
    assert isinstance(err, BadOption) and err.option is None
    assert err.code == "unknown-option" and "no option 'colour'" in str(err)


def stigmergy_in_play():
    game = games.get("stigmergy")
    return game, game.new(komi=7)  # a fixed odd komi: board play, button untaken


@pytest.mark.parametrize(
    "game_id, move",
    [
        ("gwyddbwyll", (100, 100)),
        ("gwyddbwyll", (-1, 8)),
        ("gwyddbwyll", "e3e4"),
        ("rugpile", (0, 0)),
        ("rugpile", (2, 2, -1, 0)),  # would wrap round to the board's far side
        ("rugpile", None),
        ("wythe", (0.0, 1.0, 2.0)),
        pytest.param("petrify", 10**5000, id="petrify-huge-int"),
    ],
)
def test_play_refuses_a_move_of_the_wrong_shape(game_id, move):
    game = games.get(game_id)
    assert isinstance(refused(game.play, game.new(), move), IllegalMove)


@pytest.mark.parametrize(
    "move",
    [("button", 1), ("place",), ("place", 10**30), ("side", 5), ("flip", -1), ("komi",), ()],
)
def test_stigmergy_play_refuses_a_move_of_the_wrong_shape(move):
    game, state = stigmergy_in_play()
    err = refused(game.play, state, move)
    assert isinstance(err, IllegalMove)
    assert "not a Stigmergy move" in str(err)


def test_play_takes_an_equal_move_as_the_legal_one():
    # (0.0, 1.0) == (0, 1), Wythe's legal a1b1; the state must hold ints, as from parse.
    wythe = games.get("wythe")
    state = wythe.new(size=6)
    after = wythe.play(state, (0.0, 1.0))
    assert after == wythe.play(state, wythe.parse(state, "a1b1"))
    assert all(type(sq) is int for sq in after.pieces[0])


# --------------------------------------------------------------------------- hypothesis

NUMBERS = st.one_of(
    st.sampled_from(["²", "٣", "１", "-0", "+1", " 7 ", HUGE, "-" + HUGE, "9" * 20, "0" * 4400]),
    st.integers(min_value=-(10**12), max_value=10**12).map(str),
    st.from_regex(r"[0-9]{1,12}", fullmatch=True),
)
TEMPLATES = [
    "{}",
    "a{}b1",
    "a1b{}",
    "{}x{}a1",
    "3x2a{}",
    "a{}xb2",
    "komi{}",
    "{}-{}-{}",
    "d{}x",
    "e{}e4",
    "size={}",
    "ply={}",
]
TEXT = st.one_of(
    st.text(max_size=40),
    NUMBERS,
    st.builds(lambda template, n: template.format(n, n, n), st.sampled_from(TEMPLATES), NUMBERS),
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.binary(max_size=20),
    TEXT,
    st.builds(pow, st.just(10), st.just(5000)),  # no repr: too many digits
    st.sampled_from(["place", "flip", "button", "pass", "komi", "side", "swap"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.tuples(inner),
        st.tuples(inner, inner),
        st.tuples(inner, inner, inner, inner),
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=4), inner, max_size=3),
    ),
    max_leaves=8,
)

HYPOTHESIS = settings(
    max_examples=150, deadline=5000, suppress_health_check=[HealthCheck.too_slow]
)


def positions(game_id: str) -> list:
    """The start and a position some random moves in (for Stigmergy: after the komi)."""
    game = games.get(game_id)
    start = game.new(komi=7) if game_id == "stigmergy" else game.new()
    rng = random.Random(16)
    later = start
    for _ in range(5):
        moves = game.legal_moves(later)
        if moves:
            later = game.play(later, rng.choice(moves))
    return [game.new(), start, later]


@pytest.mark.parametrize("game_id", games.ids())
@HYPOTHESIS
@given(data=st.data())
def test_parse_and_play_take_anything(game_id, data):
    game = games.get(game_id)
    state = data.draw(st.sampled_from(positions(game_id)))
    calm(game.parse, state, data.draw(st.one_of(TEXT, VALUES)))
    calm(game.play, state, data.draw(VALUES))
    legal = game.legal_moves(state)
    if legal and isinstance(legal[0], tuple):
        # a legal move with one part replaced by anything
        move = list(data.draw(st.sampled_from(legal)))
        move[data.draw(st.integers(0, len(move) - 1))] = data.draw(SCALARS)
        calm(game.play, state, tuple(move))


@HYPOTHESIS
@given(game_id=VALUES)
def test_games_get_takes_anything(game_id):
    calm(games.get, game_id)


@pytest.mark.parametrize("game_id", games.ids())
@HYPOTHESIS
@given(data=st.data())
def test_new_takes_anything(game_id, data):
    game = games.get(game_id)
    names = [o.name for o in game.options_spec] + ["colour"]
    chosen = data.draw(st.dictionaries(st.sampled_from(names), VALUES, max_size=3))
    calm(game.new, **chosen)
    calm(game.parse_option, data.draw(st.sampled_from(names)), data.draw(TEXT))


FRAGMENT = st.builds(
    "/".join,
    st.lists(
        st.one_of(
            TEXT,
            st.sampled_from(
                [
                    *games.ids(),
                    *("1", "size=6", "players=3,tiles=4-3-2", "a1b1.c3d3", "ply=1", "komi=bid"),
                ]
            ),
        ),
        max_size=6,
    ),
)
RECORD = st.builds(
    "\n".join,
    st.lists(
        st.one_of(
            TEXT,
            st.sampled_from(
                [
                    '[Game "wythe"]',
                    '[Game "rugpile"]',
                    '[Options "size=6"]',
                    '[Rules "1"]',
                    '[Ply "1"]',
                    "1. a1b1 {Black",
                    "}",
                    "2. swap",
                    "\ufeff",
                    "; note",
                    "3x3a3 2x2d1",
                ]
            ),
        ),
        max_size=8,
    ),
)


@HYPOTHESIS
@given(raw=st.one_of(FRAGMENT, RECORD, VALUES))
def test_the_record_readers_take_anything(raw):
    for reader in (decode, unquote_link, legal_part, read_text, load_text, legal_part_of_text):
        calm(reader, raw)
    calm(saved.load, raw, ["human", "easy"])
    calm(
        saved.load,
        saved.dump(raw if isinstance(raw, str) else "", ["human", "human"]),
        ["human", "easy"],
    )
