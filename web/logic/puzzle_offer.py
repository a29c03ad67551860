"""What the page knows of Puzzles before any is opened, without the browser: how many puzzles a
game's file holds (the Puzzles control's "312 puzzles"), and the puzzle links.

Apart from web/logic/puzzle.py (a puzzle being solved) so that opening a game, which counts
its puzzles, does not import the puzzles' judge (engine/learning/puzzles.py): that waits for
Puzzles.

A puzzle's link is `#puzzle/<game>/<id>` (the game's id as in every other link, the
puzzle's id from its file); `read_link` reads one from the address, saying what is wrong
with a bad one.  Tested in CPython (tests/test_puzzle_offer.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from engine.contract.plugins import plugin, registered
from engine.contract.user_text import shown_value

PREFIX = "#puzzle/"


def count(text: str | None) -> int | None:
    """How many puzzles a game's file (its text) holds; None when there is no file or it is
    not one (the control then stays hidden; opening it says what is wrong)."""
    if text is None:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    puzzles = data.get("puzzles") if isinstance(data, dict) else None
    return len(puzzles) if isinstance(puzzles, list) else None


def count_label(number: int) -> str:
    """The control's words: "312 puzzles", "1 puzzle"."""
    return f"{number} puzzle" + ("" if number == 1 else "s")


def link(game_id: str, puzzle_id: str) -> str:
    """The address of one puzzle."""
    return f"{PREFIX}{game_id}/{puzzle_id}"


@dataclass(frozen=True)
class PuzzleLink:
    """A puzzle link read from the address: its game and puzzle, or `problem` (a sentence)
    when it names no game of ours or no puzzle."""

    game: str
    puzzle: str
    problem: str = ""


def is_link(address: str) -> bool:
    return address.startswith(PREFIX)


def read_link(address: str) -> PuzzleLink | None:
    """The puzzle an address (location.hash) names; None when it is not a puzzle link.
    Whether the puzzle is in the game's file is known once the file is read."""
    if not is_link(address):
        return None
    game_id, _, puzzle_id = address[len(PREFIX) :].partition("/")
    if not registered(game_id):
        return PuzzleLink(
            "",
            "",
            f"This puzzle link names no game of this site ({shown_value(game_id)}).",
        )
    if not puzzle_id or not puzzle_id.isalnum():
        name = plugin(game_id).name
        return PuzzleLink(game_id, "", f"This {name} puzzle link names no puzzle.")
    return PuzzleLink(game_id, puzzle_id)
