"""Recent games (web/storage/recent.py) and reading stored JSON safely
(web/storage/bounded_json.py): entries round-trip, a tab never overwrites another tab's game,
the list stays bounded, and nested or huge values are refused before json.loads."""

import json
from dataclasses import replace

import pytest

from engine import EngineError
from web.logic.session import Session
from web.storage import bounded_json, recent
from web.storage.recent import Entry
from web.storage.saved import SaveError

KINDS = ("human", "easy", "random")
RUG = "rugpile/1/players=2,size=5,tiles=4-3-2"


def entry(id, fragment=f"{RUG}/2x2a1", rev="r", updated=0, finished=False, game="rugpile"):
    return Entry(id, rev, fragment, ("human", "easy"), game, 1, finished, updated)


def test_entries_round_trip_newest_first():
    s = Session("wythe", {"size": 6}, ["a1a2"])
    made = recent.entry_for(s, ["human", "easy"], "id1", "rev1", 5)
    assert made == Entry(
        "id1", "rev1", "wythe/1/size=6/a1a2", ("human", "easy"), "wythe", 1, False, 5
    )
    old = entry("id0", updated=1)
    entries, bad = recent.parse(recent.dump([old, made]), KINDS)
    assert entries == [made, old] and bad == []


def test_an_entry_knows_when_its_game_is_over():
    s = Session.from_fragment(f"{RUG}/3x3a3.3x3b2.2x2d1")
    assert recent.entry_for(s, ["human"] * 2, "i", "r", 0).finished


def test_items_that_are_not_entries_are_returned_for_setting_aside():
    good = entry("a").as_json()
    text = json.dumps(
        {
            "format": 2,
            "games": [
                good,
                {**good, "id": "b", "seats": ["<b>god</b>", "human"]},
                {**good, "id": "c", "game": "chess"},
                {**good, "id": "d", "moves": "3"},
                good,
                7,
                {**good, "id": "e", "moves": 10**3999},  # a 4,000-digit count: not shown
            ],
        }
    )
    entries, bad = recent.parse(text, KINDS)
    assert [e.id for e in entries] == ["a"] and len(bad) == 6  # the duplicate "a" too
    assert json.loads(bad[0])["seats"] == ["<b>god</b>", "human"]


@pytest.mark.parametrize(
    "text,message",
    [
        ("[" * 7000, "nested more than 16 levels deep"),
        ('{"a":' * 20_000, "nested more than 16 levels deep"),
        ("x" * (recent.MAX_CHARS + 1), "too long"),
        ("{not json", "not valid JSON"),
        ('{"format": 1, "games": []}', "not a list of games"),
        ('{"format": 2, "games": {}}', "not a list of games"),
        (None, "not text"),
    ],
)
def test_unreadable_text_is_refused_with_a_reason(text, message):
    with pytest.raises(SaveError, match=message):
        recent.parse(text, KINDS)


def test_an_array_is_split_into_its_items_without_reading_them():
    text = '{"format": 2, "games": [{"a": [1, 2]}, "x,]", [[[[], {}]]]], "z": 3}'
    assert bounded_json.split_array(text, "games") == (
        '{"format": 2, "games": [], "z": 3}',
        ['{"a": [1, 2]}', '"x,]"', "[[[[], {}]]]"],
    )
    assert bounded_json.split_array('{"games": []}', "games") == ('{"games": []}', [])
    assert bounded_json.split_array('{"other": [1], "games": [2]}', "games") == (
        '{"other": [1], "games": []}',
        ["2"],
    )
    assert bounded_json.split_array('{"g": {"games": [1]}}', "games") is None  # not outermost
    assert bounded_json.split_array('["games", [1]]', "games") is None
    assert bounded_json.split_array('{"games": [1]', "games") is None  # unclosed


def test_each_item_is_read_on_its_own():
    good = json.dumps(entry("a").as_json())
    items = [good, "[" * 30 + "]" * 30, '{"id": "b"}', "{x}", '"' + "x" * recent.MAX_ITEM + '"']
    entries, bad = recent.parse('{"format":2,"games":[' + ",".join(items) + "]}", KINDS)
    assert [e.id for e in entries] == ["a"] and bad == items[1:]


def test_depth_is_counted_outside_strings():
    assert not bounded_json.depth_exceeds('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[\\"[[["}', 3)
    assert bounded_json.depth_exceeds("[[[[", 3) and not bounded_json.depth_exceeds("[[[]]]", 3)
    assert not bounded_json.depth_exceeds("[[]]" * 100, 3)  # siblings do not add up
    assert bounded_json.depth_exceeds('"unclosed [[[[', 3)  # not JSON: refused anyway
    # Deep and long texts (their time is a benchmark matter, not a test's)
    assert bounded_json.depth_exceeds("[" * 7000, 16)
    assert bounded_json.depth_exceeds('{"a":' * 20_000, 16)
    assert not bounded_json.depth_exceeds(json.dumps(["x" * 1000] * 1000), 16)


def test_a_save_updates_only_its_own_entry():
    mine, other = (
        entry("mine", rev="r1"),
        entry("other", game="wythe", fragment="wythe/1/size=6/a1a2"),
    )
    moved = Entry("mine", "r2", f"{RUG}/2x2a1.2x2d1", ("human", "easy"), "rugpile", 2, False, 9)
    entries, stored, changed = recent.put([mine, other], moved, "r1", "fresh")
    assert changed and stored == moved and entries == [moved, other]


def test_a_tab_whose_game_another_tab_saved_since_keeps_both():
    theirs = entry("game", rev="their-rev", fragment=f"{RUG}/2x2a1.2x2d1", updated=5)
    mine = Entry("game", "my-rev", f"{RUG}/2x2a1.2x2c1", ("human", "easy"), "rugpile", 2, False, 9)
    entries, stored, changed = recent.put([theirs], mine, "rev-I-read", "fresh")
    assert changed and stored.id == "fresh" and entries == [stored, theirs]


def test_saving_what_is_stored_changes_nothing():
    stored_entry = entry("game", rev="their-rev")
    same = entry("game", rev="new-rev", updated=99)
    _, stored, changed = recent.put([stored_entry], same, "old-rev", "fresh")
    assert not changed and stored is stored_entry


def test_a_full_list_drops_finished_games_first_then_the_oldest():
    entries = [entry(f"g{i}", updated=i, finished=i in (5, 7)) for i in range(recent.MAX_GAMES)]
    new = entry("new", updated=100)
    entries, _, _ = recent.put(entries, new, None, "x")
    assert len(entries) == recent.MAX_GAMES and "g5" not in {e.id for e in entries}
    entries, _, _ = recent.put(entries, entry("newer", updated=101), None, "x")
    entries, _, _ = recent.put(entries, entry("newest", updated=102), None, "x")
    ids = {e.id for e in entries}
    assert "g7" not in ids and "g0" not in ids and {"g1", "new", "newer", "newest"} <= ids


def test_newest_of_a_game_and_unfinished():
    entries = [
        entry("w", game="wythe", fragment="wythe/1/size=6/a1a2", updated=9),
        entry("done", updated=8, finished=True),
        entry("rug", updated=3),
    ]
    assert recent.newest(entries).id == "w"
    assert recent.newest(entries, "rugpile").id == "done"
    assert recent.newest(entries, "rugpile", unfinished=True).id == "rug"
    assert recent.newest(entries, "petrify") is None
    assert recent.newest(entries, besides="w").id == "done"


def test_old_saves_move_in_without_replaying_and_bad_ones_are_refused():
    made = recent.entry_from_fragment(f"{RUG}/3x3a3.3x3a3", ["human", "easy"], KINDS, "i", "r", 4)
    assert (made.game, made.moves, made.seats) == ("rugpile", 2, ("human", "easy"))
    with pytest.raises(EngineError, match=r"move 2 \('3x3a3'\)"):  # opening it says why
        recent.opened(made, KINDS)
    with pytest.raises(SaveError, match="players"):
        recent.entry_from_fragment(f"{RUG}/", ["god"], KINDS, "i", "r", 4)
    with pytest.raises(EngineError, match="unknown game"):
        recent.entry_from_fragment("chess/1//e2e4", ["human"], KINDS, "i", "r", 4)


def test_history_state_round_trips_and_anything_else_is_ignored():
    text = recent.state_text("id", "rev", ["human", "easy"])
    assert recent.read_state(text, KINDS) == ("id", "rev", ["human", "easy"])
    for other in (
        "[" * 7000,
        "null",
        '{"entry": 5}',
        '{"entry": "x", "seats": ["god"]}',
        '{"entry": "", "seats": []}',
    ):
        assert recent.read_state(other, KINDS) is None


def test_what_the_list_shows():
    e = Entry("i", "r", "wythe/1/size=8/", ("human", "hard"), "wythe", 4, True, 0)
    labels = {"human": "Human", "hard": "Computer: hard"}
    assert recent.summary(e, labels) == "4 moves · Human v Computer: hard · finished"
    two = [replace(e, fragment=f"wythe/1/size=8/a1a2.{m}", moves=2) for m in ("a8a7", "b8b7")]
    assert [recent.summary(t, labels) for t in two] == [
        "2 moves, last a8a7 · Human v Computer: hard · finished",
        "2 moves, last b8b7 · Human v Computer: hard · finished",
    ]  # two games of the same length and players, told apart
    bad = replace(e, fragment="wythe/1/size=8/a1a2.zz")
    assert recent.summary(bad, labels).startswith("4 moves, last zz")  # read, not replayed
    assert recent.title(e) == "Wythe, 4 moves"
    assert [
        recent.ago(0, ms) for ms in (5_000, 300_000, 7_200_000, 86_400_000, 3 * 86_400_000)
    ] == ["just now", "5 min ago", "2 h ago", "1 day ago", "3 days ago"]


def test_an_entry_keeps_the_whole_tree_so_a_side_line_shown_loses_no_main_line():
    s = Session("rugpile", moves=["3x3a3", "3x3b2", "2x2d1"])
    s.goto(1)
    s.play_text("2x2d4")  # a side line, shown: the fragment holds only it
    made = recent.entry_for(s, ["human", "easy"], "id1", "rev1", 5)
    assert made.fragment.endswith("/3x3a3.2x2d4") and "(2. 2x2d4" in made.tree
    [back], bad = recent.parse(recent.dump([made]), KINDS)
    assert back == made and bad == []
    session, seats = recent.opened(back, KINDS)
    assert (
        session.tree == s.tree
        and session.moves == ["3x3a3", "2x2d4"]
        and seats == list(made.seats)
    )
    assert session.tree.main_line() == ("3x3a3", "3x3b2", "2x2d1")  # the main line kept
    # one line: no tree stored; a tree that does not fit the line: the line alone
    plain = recent.entry_for(Session.from_fragment(made.fragment), ["human"] * 2, "i", "r", 0)
    assert plain.tree == "" and "tree" not in plain.as_json()
    other = Entry("x", "r", f"{RUG}/2x2a1", ("human", "easy"), "rugpile", 1, False, 0, made.tree)
    assert recent.opened(other, KINDS)[0].tree.main_line() == ("2x2a1",)
    too_long = {**made.as_json(), "tree": "x" * (recent.MAX_TREE + 1)}
    assert recent.parse(json.dumps({"format": 2, "games": [too_long]}), KINDS)[0] == []
