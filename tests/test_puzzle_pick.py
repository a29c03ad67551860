"""The player's puzzle records and the next puzzle (web/logic/puzzle_pick.py): each game's
Elo against its puzzles' difficulty, the streak, puzzles played not picked again until all
are (missed ones first then), a puzzle played again not rated again, the puzzle of the day,
and stored records read forgivingly (the first pages' one record for all games too).  The
numbers are worked by hand in comments."""

import random
from datetime import date

from engine.learning.puzzles import Puzzle
from web.logic.puzzle_pick import (
    Record,
    choose,
    daily_index,
    expected,
    fnv1a,
    next_puzzle,
    rated,
    read,
    record_of,
    write,
)


def puzzle(name: str, difficulty: int) -> Puzzle:
    return Puzzle("petrify", name, ("a1",), ("h8",), "won", "middle", (), difficulty, (0.4, 0.9))


def test_elo_against_the_difficulty():
    assert expected(1500, 1500) == 0.5
    assert round(expected(1500, 1900), 4) == round(1 / 11, 4)  # 10^(400/400) = 10
    first = rated(Record(rating=1500), "a", 1500, solved=True)
    assert (first.rating, first.played, first.streak, first.best) == (1520, 1, 1, 1)  # +40 × ½
    assert first.solved == ("a",)
    missed = rated(first, "b", 1520, solved=False)
    assert (missed.rating, missed.streak, missed.best) == (1500, 0, 1)  # -40 × ½
    assert (missed.solved, missed.missed) == (("a",), ("b",))  # a missed puzzle is not solved


def test_the_rating_settles_after_the_first_puzzles():
    settled = Record(rating=1500, played=10)
    assert rated(settled, "a", 1500, solved=True).rating == 1510  # K 20 × ½


def test_a_new_player_starts_in_the_middle_of_the_collections():
    assert Record().rating == 1000
    # shaped as the shipped files are: most found on sight (550), a few hard
    difficulties = [550] * 20 + [700, 850, 1000, 1150, 1300, 1600, 2200]
    puzzles = [puzzle(f"p{i}-{d}", d) for i, d in enumerate(difficulties)]
    picks = {next_puzzle(puzzles, Record(), random.Random(s)).difficulty for s in range(40)}
    # the five nearest 1000: 1000, then 850 and 1150 (150 away), then 700 and 1300 (300)
    assert picks == {700, 850, 1000, 1150, 1300}


def test_a_streak_counts_puzzles_solved_in_a_row():
    record = Record()
    for name in "abc":
        record = rated(record, name, 1500, solved=True)
    assert (record.streak, record.best) == (3, 3)
    record = rated(record, "d", 1500, solved=False)
    assert (record.streak, record.best) == (0, 3)


def test_the_next_puzzle_is_near_the_rating_and_not_solved():
    puzzles = [puzzle(f"p{d}", d) for d in (900, 1000, 1100, 1200, 1300, 1500, 2000, 2100)]
    record = Record(rating=2050)
    picks = {next_puzzle(puzzles, record, random.Random(seed)).id for seed in range(40)}
    # the five nearest 2050: 2000, 2100 (50 away), 1500, 1300, 1200
    assert picks == {"p2000", "p2100", "p1500", "p1300", "p1200"}
    record = Record(rating=2050, solved=("p2000", "p2100"))
    picks = {next_puzzle(puzzles, record, random.Random(seed)).id for seed in range(40)}
    assert picks == {"p1500", "p1300", "p1200", "p1100", "p1000"}


def test_once_all_are_solved_any_comes_again_but_not_the_one_just_played():
    puzzles = [puzzle("a", 1500), puzzle("b", 1500)]
    record = Record(solved=("a", "b"))
    picks = {next_puzzle(puzzles, record, random.Random(s), after="a").id for s in range(20)}
    assert picks == {"b"}
    assert next_puzzle(puzzles[:1], record, random.Random(0), after="a").id == "a"  # the only one


def test_a_missed_puzzle_comes_again_only_once_all_are_played():
    puzzles = [puzzle("a", 1000), puzzle("b", 1000), puzzle("c", 1000)]
    record = rated(Record(), "a", 1000, solved=False)
    assert record.missed == ("a",)
    picks = {next_puzzle(puzzles, record, random.Random(s)).id for s in range(20)}
    assert picks == {"b", "c"}  # not "a", whose answer the player may have been shown
    record = rated(rated(record, "b", 1000, True), "c", 1000, True)
    picks = {next_puzzle(puzzles, record, random.Random(s), after="c").id for s in range(20)}
    assert picks == {"a"}  # all played: the one missed, before those solved


def test_a_puzzle_played_before_counts_once():
    missed = rated(Record(), "a", 1000, solved=False)
    assert (missed.rating, missed.played, missed.streak) == (980, 1, 0)  # -40 × ½
    again = rated(missed, "a", 1000, solved=True)  # its answer may have been shown
    assert (again.rating, again.played, again.streak, again.best) == (980, 1, 0, 0)
    assert (again.solved, again.missed) == (("a",), ())  # solved now
    # solved, then missed when opened again by its link: still solved, nothing moves
    assert rated(again, "a", 1000, solved=False) == again


def test_the_puzzle_of_the_day_is_the_same_all_day_and_changes_with_the_day():
    day = date(2026, 12, 1)
    assert daily_index(day, "petrify", 300) == daily_index(date(2026, 12, 1), "petrify", 300)
    days = {daily_index(date(2026, 12, d), "petrify", 300) for d in range(1, 31)}
    assert len(days) > 20  # thirty days, hardly a repeat among 300
    assert all(0 <= i < 300 for i in days)
    assert daily_index(day, "petrify", 1) == 0


def test_a_page_shows_the_puzzle_its_link_names_else_the_days_else_the_next():
    puzzles = [puzzle("a", 550), puzzle("b", 1000), puzzle("c", 2200)]
    record, rng = Record(rating=2200), random.Random(0)
    assert choose(puzzles, record, rng, puzzle_id="a", day=date(2026, 12, 1)).id == "a"
    assert choose(puzzles, record, rng, puzzle_id="zzzzz") is None  # not in this collection
    day = date(2026, 12, 1)
    assert choose(puzzles, record, rng, day=day) is puzzles[daily_index(day, "petrify", 3)]
    # no link, no day: the next for the rating, of the three all within the nearest five
    assert choose(puzzles, Record(rating=2200, solved=("a", "b")), rng).id == "c"


def test_fnv1a_gives_the_published_test_values():
    # the FNV authors' test vectors for 32-bit FNV-1a
    assert fnv1a(b"") == 0x811C9DC5
    assert fnv1a(b"a") == 0xE40C292C
    assert fnv1a(b"foobar") == 0xBF9CF968


def test_each_games_record_is_kept_and_read_back():
    records = {
        "petrify": rated(Record(), "a", 1000, solved=True),
        "wythe": rated(Record(), "b", 1000, solved=False),
    }
    # from 1000 each, a puzzle of 1000: ±40 × ½, in its own game only
    assert records["petrify"].rating == 1020 and records["wythe"].rating == 980
    assert read(write(records)) == records
    assert record_of(records, "rugpile") == Record()  # a game not yet played: afresh


def test_the_first_pages_one_record_for_all_games_is_each_game_it_names():
    kept = (
        '{"rating": 1040, "played": 2, "streak": 2, "best": 2,'
        ' "solved": {"petrify": ["a"], "wythe": ["c", "b"]}}'
    )
    assert read(kept) == {
        "petrify": Record(1040, 2, 2, 2, ("a",)),
        "wythe": Record(1040, 2, 2, 2, ("b", "c")),
    }


def test_records_that_cannot_be_read_start_afresh():
    for text in (
        None,
        "",
        "not json",
        "[1, 2]",
        "[" * 5000,
        '{"games": []}',
        '{"games": {"petrify": {"rating": -5, "played": 0, "streak": 0, "best": 0}}}',
        '{"games": {"petrify": {"rating": true, "played": 0, "streak": 0, "best": 0}}}',
        '{"games": {"petrify": {"rating": 9, "played": 0, "streak": 0, "best": 0,'
        ' "solved": [3]}}}',
        '{"games": {"petrify": {"rating": 9, "played": 0, "streak": 0, "best": 0, "missed": {}}}}',
        '{"games": {"petrify": {"rating": 1500}}}',
        '{"rating": 1500, "played": 0, "streak": 0, "best": 0, "solved": {"petrify": [3]}}',
        '{"rating": 1500}',
    ):
        assert read(text) == {}, text
