"""Game records as plain text: the format, reading it back, and errors that say what and where."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import EngineError, games
from engine.contract.ending import resignation
from engine.contract.fixtures import fixtures
from engine.formats.move_tree import MoveTree
from engine.formats.record import (
    Record,
    RecordError,
    decode,
    encode,
    ending_word,
    is_ending_word,
    make_record,
    replay_record,
)
from engine.formats.record_text import (
    legal_part_of_text,
    load_text,
    load_tree_text,
    read_text,
    to_text,
    tree_to_text,
)
from web.logic.session import Session

RUG = games.get("rugpile")
MOVES = ["3x3a3", "3x3b2", "2x2d1"]


def test_the_text_has_a_header_and_numbered_moves_with_who_played():
    record = make_record(RUG, {}, MOVES)
    text = to_text(record, 1, replay_record(record), "2026-11-22")
    assert text.splitlines()[:7] == [
        '[Game "rugpile"]',
        '[Name "Rug Pile"]',
        '[Rules "1"]',
        '[Options "players=2,size=5,tiles=4-3-2"]',
        '[Date "2026-11-22"]',
        '[Result "Red wins 9–8. Blue cannot place a tile."]',
        '[Ply "1"]',
    ]
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
    for text in [
        "https://example.org/games/#rugpile/1//3x3a3.3x3b2/ply=1\n",
        "rugpile/1//3x3a3.3x3b2/ply=1",
        "#rugpile/1//3x3a3.3x3b2/ply=1",
    ]:
        back = read_text(text)
        assert back.record.moves == ("3x3a3", "3x3b2") and back.ply == 1


BAD_RECORDS = [
    ("1. 3x3a3", 'no \\[Game "..."\\] line'),
    ('[Game "chess"]', "line 1: unknown game 'chess'"),
    ('[Game "rugpile"]\n[Rules "2"]', "line 2: unknown rules version '2'"),
    (
        '[Game "rugpile"]\n\n[Options "players=9"]',
        "line 3: bad option: option players must be from 2 to 4",
    ),
    ('[Game "rugpile"]\n[Game "wythe"]', "line 2: a second Game line"),
    ("[Game rugpile]", "line 1: a header line should look like"),
    ('[Game "rugpile"]\n1. 3x3a3\n2. <script>', "line 3, move 2: '<script>' is not a move"),
    ('[Game "rugpile"]\n1. 3x3a3\n2. 3x3a3', "line 3, move 2 \\('3x3a3'\\): '3x3a3' is illegal"),
    ('[Game "rugpile"]\n1. 3x3a3 {open', "never closed"),
    # an unclosed comment would swallow the moves after it: named by its line
    (
        '[Game "wythe"]\n1. a1b1 {Black}\n2. a2b2 {White\n3. c1d1 {Black}\n4. c2d2',
        "line 3: a '{' comment is not closed with '}' before the next '{' \\(line 4\\)",
    ),
    (
        '[Game "wythe"]\n1. a1b1\n2. a2b2 {White\n3. c1d1\n4. c2d2',
        "line 3: a '{' comment is never closed",
    ),
    ('[Game "wythe"]\n1. a1b1\n\ufeff2. a2b2', "line 3: a byte-order mark \\(U\\+FEFF"),
    ('[Game "wythe"]\n1. a1b1 a2\ufeffb2', "line 2: a byte-order mark"),
    ('[Game "rugpile"]\n1. 3x3a3 }', "line 2: a '}' with no '{'"),
    ('[Game "rugpile"]\n[Ply "4"]\n1. 3x3a3', "line 2: Ply should be a number from 0 to 1"),
    ('[Game "rugpile"]\n1. 3x3a3\n[Date "x"]', "line 3: a header line after the moves"),
    ("x" * 1_000_001, "too long"),
]


@pytest.mark.parametrize("text,message", BAD_RECORDS)
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
@given(
    st.text(
        alphabet='[]"{};.#/ \n\t0123456789abcdegiklprsuwxyz=,-GameOptionsRulPy\u202e\x00é',
        max_size=120,
    )
)
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
@given(
    st.sampled_from(
        [
            '[Game "rugpile"]\n',
            '[Game "wythe"]\n[Options "size=6"]\n',
            '[Game "stigmergy"]\n[Options "size=4"]\n',
        ]
    ),
    st.text(max_size=60),
)
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


# --------------------------------------------------------------------------- side lines
# Each game's short opening, with its side lines (its fixtures' RECORD_TREE).


def trees(game_id):
    return fixtures(game_id).RECORD_TREE


def tree_of(game_id):
    fixed = trees(game_id)
    tree = MoveTree.from_line(fixed.main)
    tree, path = tree.add((0,), fixed.side[0])
    tree, path = tree.add(path, fixed.side[1])
    tree, path = tree.add(path[:-1], fixed.nested)
    if fixed.ending:
        at = tree.line_end(()) if fixed.ending_at is None else fixed.ending_at
        tree = tree.with_ending(at, fixed.ending)
    return tree


@pytest.mark.parametrize("game_id", games.ids())
def test_side_lines_round_trip_through_the_text_in_every_game(game_id):
    game = games.get(game_id)
    fixed = trees(game_id)
    main, side, nested, moves_text = fixed.main, fixed.side, fixed.nested, fixed.text
    tree = tree_of(game_id)
    assert tree.main_line() == main and tree.moves((0, 1, 1)) == (main[0], side[0], nested)
    record = make_record(game, {}, main)
    text = tree_to_text(record, tree, (0, 1, 1))
    head = to_text(record).split("\n\n")[0]
    assert text == f'{head}\n[Path "0.1.1"]\n\n{moves_text}'
    back = load_tree_text(text)
    assert back.tree == tree and back.path == (0, 1, 1)
    assert back.record.moves == main and back.record.options == record.options
    assert back.record.ending == tree.ending((0, 0, 0))
    assert back.states == tree.states(game, game.new(), (0, 1, 1))
    # with the positions: who played each move, and the ply on the main line
    states = tree.all_states(game, game.new())
    again = load_tree_text(tree_to_text(record, tree, (0,), states, "2026-11-24"))
    assert again.tree == tree and again.path == (0,) and len(again.states) == 4


@pytest.mark.parametrize("game_id", games.ids())
def test_a_link_carries_the_line_on_display_in_every_game(game_id):
    game = games.get(game_id)
    fixed = trees(game_id)
    main, side = fixed.main, fixed.side
    tree = tree_of(game_id)
    line = tree.record_line((0, 1))  # the side line, shown after its move 2
    assert line.moves == (main[0], side[0], side[1]) and line.ply == 2
    fragment = encode(
        Record(
            game.id, game.rules_version, make_record(game, {}).options, line.moves, line.ending
        ),
        line.ply,
    )
    assert fragment.endswith(
        "/" + ".".join(line.moves + ((line.ending,) if line.ending else ())) + "/ply=2"
    )
    record, ply = decode(fragment)
    assert (record.moves, record.ending, ply) == line
    back = load_tree_text(fragment)
    assert back.tree == MoveTree.from_line(line.moves, line.ending) and back.path == (0, 0)
    assert back.tree.record_line(back.path) == line


def test_the_text_of_a_tree_with_who_played_each_move():
    tree = tree_of("rugpile")
    states = tree.all_states(RUG, RUG.new())
    text = tree_to_text(make_record(RUG, {}, MOVES), tree, (0, 0, 0), states)
    assert (
        text.split("\n\n")[1]
        == """\
1. 3x3a3      {Red}
2. 3x3b2      {Blue}
  (2. 3x3c3      {Blue}
   3. 2x2a1      {Red}
    (3. 2x2d1      {Red}) blue-resigns)
3. 2x2d1      {Red}
"""
    )
    assert '[Result "Red wins 9–8. Blue cannot place a tile."]' in text
    assert "Ply" not in text and "Path" not in text  # the end of the main line


def test_load_text_still_reads_the_main_line_of_a_record_with_side_lines():
    text = tree_to_text(make_record(RUG, {}, MOVES), tree_of("rugpile"), (0, 0))
    record, ply, states = load_text(text)
    assert record.moves == tuple(MOVES) and ply == 2 and len(states) == 4
    assert read_text(text).lines == (7, 8, 12)  # after 5 header lines and a blank


def test_a_side_line_written_another_way_joins_the_same_move():
    # Gwyddbwyll reads b3xa4 as b3a4: the side line after it goes on from the same move
    text = '[Game "gwyddbwyll"]\n1. e3e4 2. a6a4 3. b3xa4 (3. b3a4 4. h6h5) 4. e6e5\n'
    back = load_tree_text(text)
    assert back.tree.main_line() == ("e3e4", "a6a4", "b3a4", "e6e5")
    assert back.tree.children((0, 0, 0)) == ("e6e5", "h6h5")


@pytest.mark.parametrize("text,message", BAD_RECORDS)
def test_reading_the_tree_of_a_record_without_side_lines_says_the_same(text, message):
    with pytest.raises(RecordError, match=message) as err:
        load_tree_text(text)
    with pytest.raises(RecordError) as same:
        load_text(text)
    assert (str(err.value), err.value.ply) == (str(same.value), same.value.ply)


@pytest.mark.parametrize(
    "text,message,ply",
    [
        # Red covering its own colour (a3 still shows red): illegal
        (
            '[Game "rugpile"]\n1. 3x3a3\n2. 3x3b2\n  (2. 3x3c3\n   3. 3x3a3)\n3. 2x2d1',
            "line 5, in a side line, move 3 \\('3x3a3'\\): ",
            2,
        ),
        # Wythe: b1a1 lies exactly on the piece a1b1
        (
            '[Game "wythe"]\n1. c3d3\n  (1. a1b1\n   2. b1a1)',
            "line 4, in a side line, move 2 \\('b1a1'\\)",
            1,
        ),
        # the first bad move in the text: the side line's 9x9 (no such tile) on line 2 comes
        # before the main line's Blue 3x3a3 (it would cover Red's whole area) on line 3
        (
            '[Game "rugpile"]\n1. 3x3a3 (1. 9x9a1)\n2. 3x3a3',
            "line 2, in a side line, move 1 \\('9x9a1'\\)",
            0,
        ),
        ('[Game "rugpile"]\n1. 3x3a3 (1. 3x3c3)\n2. 3x3a3', "line 3, move 2 \\('3x3a3'\\)", 1),
        (
            '[Game "wythe"]\n1. c3d3\n  (1. a1a2 draw-agreed)',
            "line 3, in a side line, the ending 'draw-agreed': Wythe cannot end in an agreed draw",
            1,
        ),
        (
            '[Game "rugpile"]\n1. 3x3a3 (1. 3x3c3 red-resigns) (1. 3x3c3 2. 2x2a1)',
            "line 2: no move can follow 'red-resigns'",
            None,
        ),
        ('[Game "rugpile"]\n1. 3x3a3 )', "line 2: a '\\)' with no '\\(' before it", None),
        ('[Game "rugpile"]\n(1. 3x3a3)', "line 2: a '\\(' with no move before it", None),
        ('[Game "rugpile"]\n1. 3x3a3\n  (1. 3x3c3', "line 3: a '\\(' is never closed", None),
        ('[Game "rugpile"]\n1. 3x3a3 ()', "line 2: an empty side line", None),
        ('[Game "rugpile"]\n1. 3x3a3 (1. <b>)', "line 2, move 1: '<b>' is not a move", 0),
        (
            '[Game "rugpile"]\n[Path "2"]\n1. 3x3a3 (1. 3x3c3)',
            "line 2: Path: there is no position 2: after the start the moves are numbered 0 to 1",
            None,
        ),
        (
            '[Game "rugpile"]\n[Path "0.0"]\n1. 3x3a3 (1. 3x3c3)',
            "line 2: Path: there is no position 0.0: no move follows 0",
            None,
        ),
        (
            '[Game "rugpile"]\n[Path "1.x"]\n1. 3x3a3 (1. 3x3c3)',
            "line 2: Path: '1.x' should be",
            None,
        ),
    ],
)
def test_bad_side_lines_say_what_and_where(text, message, ply):
    with pytest.raises(RecordError, match=message) as err:
        load_tree_text(text)
    assert err.value.ply == ply


def test_the_position_on_display_in_a_side_line():
    text = '[Game "rugpile"]\n[Path "1"]\n1. 3x3a3 (1. 3x3c3 2. 3x3a1)'
    back = load_tree_text(text)
    assert back.path == (1,) and back.tree.record_line(back.path).moves == ("3x3c3", "3x3a1")
    assert len(back.states) == 3  # the start, and both moves of its line
    assert load_tree_text('[Game "rugpile"]\n[Ply "0"]\n1. 3x3a3').path == ()
    assert load_tree_text('[Game "rugpile"]\n[Path ""]\n1. 3x3a3').path == ()


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='()[]"{};. \n0123456789abcdegiklprsuwx-', max_size=100))
def test_fuzz_reading_side_lines_raises_only_named_errors(tail):
    try:
        back = load_tree_text('[Game "rugpile"]\n' + tail)
    except RecordError as err:
        assert str(err)
    else:
        assert back.tree.main_line() == back.record.moves
        assert len(back.states) == len(back.tree.record_line(back.path).moves) + 1


@pytest.mark.parametrize("game_id", games.ids())
def test_random_trees_of_legal_moves_round_trip_through_the_text(game_id):
    game, rng = games.get(game_id), random.Random(game_id)
    record = make_record(game, {})
    for _ in range(15):
        tree, states = MoveTree(), {(): game.new()}
        for _ in range(25):
            path = rng.choice(sorted(states))
            legal = game.legal_moves(states[path])
            if not legal or tree.ending(path):
                continue
            move = rng.choice(legal)
            tree, path2 = tree.add(path, game.notation(states[path], move))
            states[path2] = game.play(states[path], move)
        ends = [p for p in states if not tree.children(p) and game.result(states[p]) is None]
        # (in Stigmergy's bid the seats are "First player" and "Second player": no word)
        if ends and is_ending_word(
            word := ending_word(game, states[ends[0]], resignation(game, states[ends[0]], 1))
        ):
            tree = tree.with_ending(ends[0], word)
        shown = rng.choice(sorted(states))
        back = load_tree_text(tree_to_text(record, tree, shown, states))
        assert (back.tree, back.path) == (tree, shown)
        assert back.states == tree.states(game, game.new(), tree.line_end(shown))
