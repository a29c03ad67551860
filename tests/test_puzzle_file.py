"""engine/learning/puzzles.py: a game's puzzle file is read and checked, and a move is judged
against the solution."""

from __future__ import annotations

import json

import pytest

from engine import games
from engine.contract.errors import BadNotation, IllegalMove
from engine.learning.puzzles import BadPuzzles, Puzzle, dump, load

# Petrify from its start (web/rules/petrify.html): Blue places first, on any empty square.
ENTRY = {
    "id": "t1",
    "moves": ["a1"],
    "solution": ["b1"],
    "goal": "won",
    "phase": "opening",
    "motifs": [],
    "difficulty": 1500,
    "chance": [0.5, 0.9],
}


def text(*entries: dict, game: str = "petrify", fmt: int = 1) -> str:
    return json.dumps({"format": fmt, "game": game, "puzzles": list(entries)})


def test_a_file_reads_back_as_it_was_written() -> None:
    puzzles = load("petrify", text(ENTRY))
    assert puzzles[0].id == "t1" and puzzles[0].solution == ("b1",)
    assert load("petrify", dump("petrify", puzzles)) == puzzles


def test_a_line_proven_to_the_end_says_so_and_others_say_nothing() -> None:
    plain, proven = load("petrify", text(ENTRY, {**ENTRY, "id": "t2", "proven": True}))
    assert not plain.proven and proven.proven
    assert "proven" not in plain.to_json() and proven.to_json()["proven"] is True
    assert load("petrify", dump("petrify", (plain, proven))) == (plain, proven)


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("not json", "not JSON"),
        (text(ENTRY, fmt=2), "format 1"),
        (text(ENTRY, game="wythe"), "for 'wythe', not 'petrify'"),
        (text(ENTRY, ENTRY), "share an id"),
        (text({**ENTRY, "id": "a b"}), "id is not letters"),
        (text({**ENTRY, "solution": ["b1", "c1"]}), "end with the solver's move"),
        (text({**ENTRY, "moves": "a1"}), "moves is not a list"),
        (text({**ENTRY, "goal": "draw"}), "goal 'draw'"),
        (text({**ENTRY, "phase": "late"}), "phase 'late'"),
        (text({**ENTRY, "difficulty": True}), "difficulty"),
        (text({**ENTRY, "chance": [0.5, 1.5]}), "chance"),
        (text({**ENTRY, "proven": "yes"}), "proven is not true or false"),
        (text({**ENTRY, "options": ["size", 6]}), "options is not an object"),
        (text({**ENTRY, "options": {"size": True}}), "options is not an object"),
        (json.dumps({"format": 1, "game": "petrify"}), "no list of puzzles"),
    ],
)
def test_a_bad_file_is_refused_with_what_is_wrong(bad: str, words: str) -> None:
    with pytest.raises(BadPuzzles, match=words):
        load("petrify", bad)


def test_a_puzzle_on_a_board_of_other_options_starts_on_it() -> None:
    game = games.get("petrify")
    small, plain = load("petrify", text({**ENTRY, "options": {"size": 6}}, {**ENTRY, "id": "t2"}))
    assert game.options(small.start(game))["size"] == 6
    assert game.options(plain.start(game))["size"] == 8  # no options: the game's defaults
    assert small.to_json()["options"] == {"size": 6} and "options" not in plain.to_json()
    assert load("petrify", dump("petrify", (small, plain))) == (small, plain)
    too_big = load("petrify", text({**ENTRY, "options": {"size": 11}}))[0]
    with pytest.raises(BadPuzzles, match="its options: option size must be from 6 to 10"):
        too_big.start(game)


def test_a_game_so_far_that_does_not_replay_is_a_bad_puzzle() -> None:
    puzzle = load("petrify", text({**ENTRY, "moves": ["a1", "a1"]}))[0]
    with pytest.raises(BadPuzzles, match="does not replay"):
        puzzle.start(games.get("petrify"))


def test_the_solutions_move_is_right_and_another_is_not() -> None:
    game = games.get("petrify")
    puzzle: Puzzle = load("petrify", text(ENTRY))[0]
    start = puzzle.start(game)
    assert puzzle.solver(game) == 1  # after Blue's a1, Orange solves
    assert puzzle.judge(game, start, 0, "b1")
    assert not puzzle.judge(game, start, 0, "c1")  # legal, no win at once: wrong
    with pytest.raises(IllegalMove):
        puzzle.judge(game, start, 0, "a1")  # taken
    with pytest.raises(BadNotation):
        puzzle.judge(game, start, 0, "zz")
