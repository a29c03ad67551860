"""Puzzles before any is opened (web/logic/puzzle_offer.py): the count on the control, and
puzzle links read from the address."""

import json

from web.logic.puzzle_offer import PuzzleLink, count, count_label, link, read_link


def test_the_count_is_the_files_list_of_puzzles():
    text = json.dumps({"format": 1, "game": "petrify", "puzzles": [{}, {}, {}]})
    assert count(text) == 3
    assert count(None) is None  # no file
    assert count("not json") is None
    assert count('{"puzzles": 3}') is None
    assert count("[]") is None


def test_the_controls_words():
    assert count_label(312) == "312 puzzles"
    assert count_label(1) == "1 puzzle"


def test_a_puzzle_link_names_its_game_and_puzzle():
    assert link("petrify", "k3f9") == "#puzzle/petrify/k3f9"
    assert read_link("#puzzle/petrify/k3f9") == PuzzleLink("petrify", "k3f9")
    assert read_link("#petrify/1//a1") is None  # a game's link, not a puzzle's
    assert read_link("") is None


def test_a_bad_puzzle_link_says_what_is_wrong():
    assert read_link("#puzzle/chess/k3f9") == PuzzleLink(
        "", "", "This puzzle link names no game of this site ('chess')."
    )
    assert read_link("#puzzle/petrify/") == PuzzleLink(
        "petrify", "", "This Petrify puzzle link names no puzzle."
    )
    assert read_link("#puzzle/petrify/<img>").problem == (
        "This Petrify puzzle link names no puzzle."
    )
