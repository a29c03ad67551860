"""The player's games in the browser's storage (web/storage/store.py) in CPython, over storage
objects that behave as the browser's do, full or blocked ones included: a tab's game saved
after each change and only its own, two tabs keeping both games, saving that fails saying so
until it works again, unreadable values set aside with a note, the old single save moved
in, and a tab's side lines kept for a reload."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from browser_stand_ins import Storage

from engine.formats.by_link import ByLink
from web.logic.link_exchange import TAKEBACK, Exchange, LinkLine
from web.logic.link_lines import link_game_id
from web.logic.session import Session
from web.storage import aside, recent, saved
from web.storage.store import LINK_LINES, SIDE_LINES, UNSAVED, GameStore, old_link_lines

KINDS = ("human", "easy", "friend")
SEATS = ["human", "easy"]
LINKED = ["human", "friend"]


class Store(GameStore):
    """A store that counts its notes (the page redraws its note box on each)."""

    def __init__(self, local: Storage, tab: Storage | None = None):
        tab = tab or Storage()
        super().__init__(KINDS, lambda: local, lambda: tab, lambda: 1000)
        self.noted_times = 0

    def noted(self):
        self.noted_times += 1


def stored(local: Storage) -> list[recent.Entry]:
    return recent.parse(local.items[recent.KEY], KINDS)[0]


def game(*moves: str) -> Session:
    return Session("rugpile", {}, list(moves))


def test_a_game_is_saved_once_it_has_a_move_and_only_when_it_changed():
    local = Storage()
    store = Store(local)
    assert store.start() and store.list == []
    store.save(game(), SEATS)
    assert recent.KEY not in local.items  # no moves: nothing kept
    store.save(game("3x3a3"), SEATS)
    [entry] = stored(local)
    assert entry.id == store.entry_id and entry.fragment == game("3x3a3").fragment()
    writes = local.writes
    store.save(game("3x3a3"), SEATS)  # the same game and seats: nothing written
    assert local.writes == writes
    store.save(game("3x3a3", "3x3b2"), SEATS)  # the same entry, updated
    assert [e.id for e in stored(local)] == [entry.id] and stored(local)[0].moves == 2


def test_a_game_by_link_is_saved_before_its_first_move():
    """Send before any move (the friend moves first): the device's reply arrives to a game
    it keeps, found by its id."""
    local = Storage()
    store = Store(local)
    store.start()
    session = game()
    session.link = ByLink("abcdefgh", 1)
    store.save(session, ["human", "human"])
    [entry] = stored(local)
    assert link_game_id(entry.fragment) == "abcdefgh" and entry.moves == 0


def test_a_new_game_is_a_new_entry_and_a_resumed_one_its_own():
    local = Storage()
    store = Store(local)
    store.save(game("3x3a3"), SEATS)
    first = store.entry_id
    store.begin()  # a new game
    store.save(game("2x2a1"), SEATS)
    assert len(stored(local)) == 2 and store.entry_id != first
    store.begin(recent.find(stored(local), first))  # resumed
    store.save(game("3x3a3", "3x3b2"), SEATS)
    assert len(stored(local)) == 2 and recent.find(stored(local), first).moves == 2


def test_two_tabs_on_one_game_keep_both_games():
    local = Storage()
    one, two = Store(local), Store(local)
    one.save(game("3x3a3"), SEATS)
    two.begin(stored(local)[0])  # the other tab opens the same saved game
    one.save(game("3x3a3", "3x3b2"), SEATS)  # the first tab moves on
    two.save(game("3x3a3", "2x2a1"), SEATS)  # the second saved it since: a game of its own
    assert len(stored(local)) == 2 and two.entry_id != one.entry_id


def test_tabs_holding_the_same_random_state_draw_different_ids():
    """Tabs started from one memory snapshot hold the random module in the same state (the
    page seeds it again, web/interpreter.mjs): a game's id, and each save's, must not come
    from it, or two tabs' games and saves would carry the same ids."""
    local = Storage()
    random.seed(7)
    one = Store(local)
    random.seed(7)
    two = Store(local)
    assert one.entry_id != two.entry_id
    random.seed(7)
    one.save(game("3x3a3"), SEATS)
    random.seed(7)
    two.save(game("2x2a1"), SEATS)
    entries = stored(local)
    assert len(entries) == 2 and entries[0].rev != entries[1].rev


def test_a_history_entry_continues_its_saved_game():
    local = Storage()
    store = Store(local)
    store.save(game("3x3a3"), SEATS)
    entry = stored(local)[0]
    again = Store(local)  # a reload: the tab's history entry names the game
    again.begin((entry.id, entry.rev, entry.fragment, SEATS))
    writes = local.writes
    again.save(game("3x3a3"), SEATS)
    assert local.writes == writes and again.entry_id == entry.id


def test_back_to_an_earlier_history_entry_of_a_game_writes_nothing():
    """Back to the tab's entry of two moves ago: the game shown is the entry's as it was
    then, which is no change to keep (and no second game beside it)."""
    local = Storage()
    store = Store(local)
    store.save(game("3x3a3"), SEATS)
    earlier = store.here()
    store.save(game("3x3a3", "3x3b2"), SEATS)
    store.begin(earlier)  # Back
    writes = local.writes
    store.save(game("3x3a3"), SEATS)
    assert local.writes == writes and [e.id for e in stored(local)] == [earlier[0]]


def test_this_tabs_game_as_history_takes_it_continues_it():
    """here() is what begin() takes from history (an invitation's Play passes it on): the
    same entry, even once the entry keeps its side lines."""
    local = Storage()
    store = Store(local)
    store.save(game("3x3a3"), SEATS)
    here = store.here()
    assert here == (store.entry_id, store.rev, game("3x3a3").fragment(), tuple(SEATS))
    again = Store(local)
    again.begin(here)
    writes = local.writes
    again.save(game("3x3a3"), SEATS)
    assert local.writes == writes and again.entry_id == store.entry_id


def test_full_storage_says_so_until_a_save_works():
    local = Storage()
    store = Store(local)
    local.full = True
    store.save(game("3x3a3"), SEATS)
    assert store.failed.startswith("This game is not saved in this browser: its storage is full.")
    assert store.noted_times == 1
    local.full = False
    store.save(game("3x3a3", "3x3b2"), SEATS)
    assert store.failed == "" and store.noted_times == 2 and len(stored(local)) == 1


def test_blocked_storage_never_stops_the_page():
    local = Storage()
    local.blocked = True
    store = Store(local, tab=local)
    assert not store.start()
    store.save(game("3x3a3"), SEATS)
    assert "its storage is not available to the page" in store.failed
    # only this tab's game, unsaved, kept for the tab (its picker reopens it)
    assert [e.fragment for e in store.saved()] == [game("3x3a3").fragment()]
    assert store.find("x") is None
    store.keep_side_lines(game("3x3a3"))
    assert store.side_lines(store.entry_id) == ""


def test_an_unsaved_game_stays_the_one_this_tab_reopens_and_is_saved_again_after_a_reload():
    local, tab = Storage(), Storage()
    store = Store(local, tab)
    store.start()
    store.save(game("3x3a3", "2x2d4"), SEATS)  # saved: 2 moves
    id, rev = store.entry_id, store.rev
    local.full = True
    four = game("3x3a3", "2x2d4", "2x2a1", "2x2d1")
    store.save(four, SEATS)  # not saved: the stored copy has 2 moves
    assert store.failed and stored(local)[0].moves == 2
    [entry] = store.saved()  # the picker and Recent see this tab's game, not the old copy
    assert (entry.id, entry.rev, entry.fragment) == (id, rev, four.fragment())
    # a reload: a new store in the same tab, reopening the game of its history entry
    again = Store(local, tab)
    again.start()
    assert again.failed == "" and again.saved()[0].fragment == four.fragment()
    again.begin((id, rev, four.fragment(), SEATS))
    again.save(four, SEATS)  # tried again: still full, still said
    assert again.failed.startswith("This game is not saved in this browser: its storage is full")
    local.full = False
    again.save(four, SEATS)  # room again: saved over its stored copy, and nothing unsaved
    assert again.failed == "" and [e.moves for e in stored(local)] == [4]
    assert stored(local)[0].id == id and again.unsaved == [] and UNSAVED not in tab.items
    assert Store(local, tab).saved() == stored(local)


def test_a_change_to_the_side_lines_alone_is_saved():
    local = Storage()
    store = Store(local)
    session = game("3x3a3", "3x3b2")
    session.goto(1)
    session.play_text("2x2d4")
    session.goto(1)  # the main line's move shown: the link is the same as without the side line
    store.save(session, SEATS)
    assert "(2. 2x2d4" in stored(local)[0].tree
    session.goto_path((0, 1))
    session.delete()  # the side line goes; the line shown and its link are as before
    session.goto(1)
    store.save(session, SEATS)
    assert stored(local)[0].tree == "" and stored(local)[0].fragment == session.fragment()


def test_an_unreadable_list_is_set_aside_with_a_note():
    local = Storage()
    local.items[recent.KEY] = "{not json"
    store = Store(local)
    assert store.start() and store.list == []
    assert local.items[aside.KEY] == "{not json" and recent.KEY not in local.items
    [note] = store.notes
    assert note.startswith("Your recent games could not be read (it is not valid JSON)")
    assert note.endswith(f"kept apart in this browser's storage as “{aside.KEY}”.")


def test_unreadable_entries_are_set_aside_and_the_rest_kept():
    local = Storage()
    good = recent.entry_for(game("3x3a3"), SEATS, "good", "r", 1)
    bad = {**good.as_json(), "id": "bad", "game": "chess"}
    local.items[recent.KEY] = json.dumps({"format": 2, "games": [good.as_json(), bad]})
    store = Store(local)
    assert store.start() and store.list == [good]
    assert json.loads(local.items[aside.KEY])["id"] == "bad"
    assert stored(local) == [good]
    assert store.notes[0].startswith("1 of your recent games could not be read")


def test_an_unreadable_value_too_large_to_keep_is_dropped():
    local = Storage()
    local.items[recent.KEY] = "x" * (aside.MAX_EACH + 1)
    store = Store(local)
    store.start()
    assert aside.KEY not in local.items and recent.KEY not in local.items
    assert store.notes[0].endswith("It was too large to keep, so it was dropped.")


def three_good_and(bad_text: str) -> str:
    """A stored list of three good games with `bad_text` as its second item."""
    good = [recent.entry_for(game("3x3a3"), SEATS, f"g{n}", "r", n).as_json() for n in range(3)]
    items = [json.dumps(good[0]), bad_text, json.dumps(good[1]), json.dumps(good[2])]
    return '{"format":2,"games":[' + ",".join(items) + "]}"


@pytest.mark.parametrize("depth", [21, 100_000])
def test_one_entry_nested_too_deep_costs_only_itself(depth):
    local = Storage()
    bad = '{"id":"deep","x":' + "[" * depth + "]" * depth + "}"
    local.items[recent.KEY] = three_good_and(bad)
    store = Store(local)
    assert store.start() and [e.id for e in store.list] == ["g2", "g1", "g0"]
    assert [e.id for e in stored(local)] == ["g2", "g1", "g0"]
    [note] = store.notes
    assert note.startswith("1 of your recent games could not be read, so it was set aside.")
    if len(bad) <= aside.MAX_EACH:
        assert local.items[aside.KEY] == bad
    else:  # 200,018 characters: bounded, so dropped, and said
        assert aside.KEY not in local.items and note.endswith(
            "too large to keep, so it was dropped."
        )


def test_several_bad_entries_are_kept_together_and_said_so():
    local = Storage()
    local.items[recent.KEY] = three_good_and('{"id":"x"},7')
    store = Store(local)
    assert store.start() and len(store.list) == 3
    assert local.items[aside.KEY] == '{"id":"x"}\n7'
    assert store.notes == [
        "2 of your recent games could not be read, so they were set aside. They are kept "
        f"apart in this browser's storage as “{aside.KEY}”."
    ]


def test_two_values_set_aside_at_once_are_both_kept_and_both_said():
    local = Storage()
    local.items[saved.KEY] = '{"format": 1}'
    local.items[recent.KEY] = "{not json"
    store = Store(local)
    assert store.start() and store.list == []
    assert local.items[aside.KEY] == '{"format": 1}'
    assert local.items[aside.KEY + "/2"] == "{not json"
    assert len(store.notes) == 2 and store.notes[1].endswith(f"as “{aside.KEY}/2”.")


def test_set_aside_values_are_bounded_and_a_value_with_no_room_is_said_dropped():
    local = Storage()
    for key in aside.all_keys():
        local.items[key] = "old"
    local.items[recent.KEY] = "{not json"
    store = Store(local)
    assert store.start() and recent.KEY not in local.items
    assert all(local.items[key] == "old" for key in aside.all_keys())  # none overwritten
    assert store.notes[0].endswith("There was no room left to keep it apart, so it was dropped.")


def test_set_aside_values_stay_within_the_total_bound():
    local = Storage()
    local.items[aside.KEY] = "x" * (aside.MAX_TOTAL - 10)
    assert aside.keep(local, "y" * 11) == (None, "no room")
    assert aside.keep(local, "y" * 10) == (aside.KEY + "/2", "")
    assert aside.keep(local, "y" * 10) == (aside.KEY + "/2", "")  # the same value: kept once


def test_set_aside_into_blocked_storage_says_it_was_dropped():
    local = Storage()
    local.blocked = True
    assert aside.keep(local, "x") == (None, "no room")


def test_the_old_single_save_moves_into_the_recent_games():
    local = Storage()
    local.items[saved.KEY] = saved.dump(game("3x3a3").fragment(), SEATS)
    store = Store(local)
    assert store.start()
    [entry] = store.list
    assert entry.fragment == game("3x3a3").fragment() and entry.seats == tuple(SEATS)
    assert saved.KEY not in local.items and stored(local) == [entry]


def test_an_unreadable_old_save_is_set_aside():
    local = Storage()
    local.items[saved.KEY] = '{"format": 1}'
    store = Store(local)
    assert store.start() and store.list == []
    assert local.items[aside.KEY] == '{"format": 1}' and saved.KEY not in local.items
    assert store.notes[0].startswith("Your saved game could not be read (it has no game record)")


def test_a_saved_game_that_cannot_be_opened_is_set_aside_without_a_note():
    local = Storage()
    store = Store(local)
    store.save(game("3x3a3"), SEATS)
    [entry] = stored(local)
    store.drop(entry)
    assert stored(local) == [] and json.loads(local.items[aside.KEY])["id"] == entry.id
    assert store.notes == []  # the page's message says why


@pytest.mark.parametrize("blocked", [False, True])
def test_a_tabs_side_lines_are_kept_for_a_reload(blocked):
    tab = Storage()
    store = Store(Storage(), tab)
    session = game("3x3a3", "3x3b2")
    session.goto(1)
    session.play_text("2x2a1")  # a side line after the first move
    tab.blocked = blocked
    store.keep_side_lines(session)
    kept = store.side_lines(store.entry_id)
    if blocked:
        assert kept == ""  # only the side lines are lost
        return
    assert kept.startswith('[Game "rugpile"]') and "2x2a1" in kept
    assert store.side_lines("another-tab") == ""
    session.delete()  # the side line's move (shown) deleted: the kept lines go
    store.keep_side_lines(session)
    assert SIDE_LINES + store.entry_id not in tab.items


def by_link_game(game_id: str) -> Session:
    """A game by link with a side line (Blue's earlier answer 3x3b2) besides its line."""
    session = game("3x3a3", "3x3b2")
    session.link = ByLink(game_id, 0)
    session.goto(1)
    session.play_text("2x2a1")
    return session


def test_a_game_by_link_is_kept_whole_in_one_entry_named_by_its_id():
    """Its side lines and what was exchanged are in its entry, read back as they were."""
    local = Storage()
    store = Store(local)
    session = by_link_game("k3f9x2qa")
    sent_line = LinkLine(("3x3a3",), to=1)
    session.exchange = Exchange(sent_line, LinkLine(("3x3a3", "2x2a1")), TAKEBACK)
    store.save(session, LINKED)
    [entry] = stored(local)
    assert entry.id == "link-k3f9x2qa" == recent.link_entry_id("k3f9x2qa")
    assert "3x3b2" in entry.tree
    again, seats = recent.opened(entry, KINDS)
    assert seats == LINKED and again.find(("3x3a3", "3x3b2")) is not None
    assert again.exchange == session.exchange


def test_a_game_by_link_saved_by_two_tabs_stays_one_entry_with_both_lines():
    """Tab 1 saves Blue's reply 3x3b2; tab 2, which had not read it, saves 2x2a1: one
    entry, both lines (tab 2's the main line, its latest change), and tab 2 is told."""
    local = Storage()
    first, second = Store(local), Store(local)
    one = game("3x3a3", "3x3b2")
    one.link = ByLink("k3f9x2qa", 0)
    other = game("3x3a3")
    other.link = ByLink("k3f9x2qa", 0)
    second.save(other, LINKED)  # both tabs begin with the game as stored
    first.begin(stored(local)[0])
    first.save(one, LINKED)
    assert second.changed_elsewhere("k3f9x2qa") is not None  # the storage event's question
    assert first.changed_elsewhere("k3f9x2qa") is None
    other.play_text("2x2a1")
    second.save(other, LINKED)
    [entry] = stored(local)
    merged, _ = recent.opened(entry, KINDS)
    assert merged.tree.main_line() == ("3x3a3", "2x2a1")
    assert merged.find(("3x3a3", "3x3b2")) is not None
    assert second.merged == entry


def test_an_older_pages_two_entries_of_one_game_by_link_become_one():
    """Older pages kept a game by link under a random id, twice after a second tab saved
    it, and its side lines apart (LINK_LINES): read now, they are one entry, whose tree
    holds every line (the newest entry's line the main one), and the side lines' key goes."""
    local = Storage()
    older = game("3x3a3", "3x3b2")
    older.link = ByLink("k3f9x2qa", 0)
    newer = game("3x3a3", "2x2a1")
    newer.link = ByLink("k3f9x2qa", 0)
    entries = [
        recent.entry_for(older, LINKED, "e1", "r1", 5),
        recent.entry_for(newer, LINKED, "e2", "r2", 9),
    ]
    entries = [replace(e, id=id) for e, id in zip(entries, ("e1", "e2"), strict=True)]
    local.setItem(recent.KEY, recent.dump(entries))
    local.setItem(LINK_LINES + "k3f9x2qa", "side lines as older pages kept them")
    store = Store(local)
    store.start()
    [entry] = stored(local)
    assert entry.id == "link-k3f9x2qa"
    merged, _ = recent.opened(entry, KINDS)
    assert merged.tree.main_line() == ("3x3a3", "2x2a1")
    assert merged.find(("3x3a3", "3x3b2")) is not None
    store.save(game("3x3a3"), SEATS)  # any write removes the older pages' side lines
    assert LINK_LINES + "k3f9x2qa" not in local.items


def test_old_link_lines_are_only_the_older_pages_keys():
    keys = [LINK_LINES + "aaaaaaaa", recent.KEY, SIDE_LINES + "e1", None]
    assert old_link_lines(keys) == [LINK_LINES + "aaaaaaaa"]
