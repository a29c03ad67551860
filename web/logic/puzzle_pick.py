"""The player's puzzle records and which puzzle comes next, without the browser: for each game
a rating, the streak, the puzzles solved and those missed; the puzzle of the day.

Each game has its own record: a puzzle's difficulty is the medium search's in that game, so
the games' difficulties are not on one scale, and a player strong in one game may be new to
another. The rating is Elo against the puzzles' `difficulty` (the same scale,
engine/learning/puzzles.py): a puzzle solved at the first try scores 1, one missed (a wrong
move, or Show) scores 0, and the rating moves by K times the score less the expected score,
1 / (1 + 10^((d - r) / 400)). K is 40 for a player's first PROVISIONAL puzzles of the game,
then 20, so a new player finds their level quickly and then settles. A new player starts at
START_RATING, 1000: the rung the medium search reaches at 1/32 of its budget
(docs/puzzles.md, "Difficulty"), in the middle of what the collections hold, so the first
puzzles are neither the easiest, found on sight (550), nor the few the search never finds
(up to 2200). The streak counts puzzles solved in a row at the first try. A puzzle counts
once: played again (by its link, or come round again), it moves neither the rating nor the
streak, as the player may have seen its answer.

The next puzzle is one the player has not played in that game (once all are played, one
missed; once all are solved, any), whose difficulty is among the CLOSE nearest to the rating,
picked at random among those (a caller passes its `random.Random`).

The puzzle of the day is the same for everyone on a UTC date, with no server: the 32-bit
FNV-1a hash of "<date>/<game>" ("2026-12-01/wythe", its UTF-8 bytes), modulo the number of
puzzles in the game's file, indexes its list in file order.  (FNV-1a, a few lines here, and
not hashlib: the site's standard library need not grow for it.)

`choose` says which of these a page shows: a puzzle named by its link, the day's, or the next.

The records are kept as JSON (web/browser/puzzle_record.py puts them in localStorage under
KEY), {"games": {game: record}}; `read` forgives anything it did not write: a value it cannot
read starts afresh, and only this key is touched.  Tested in CPython (tests/test_puzzle_pick.py).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import TYPE_CHECKING

from web.storage import bounded_json

if TYPE_CHECKING:
    from engine.learning.puzzles import Puzzle

KEY = "abstract-games/puzzles"
START_RATING = 1000
PROVISIONAL = 10  # puzzles before K drops
K_NEW, K_SETTLED = 40, 20
CLOSE = 5  # the next puzzle is one of this many nearest the rating
MAX_CHARS = 200_000  # a record longer than this is not one this module wrote


@dataclass(frozen=True)
class Record:
    """The player's puzzles of one game: rating, how many rated, the streak and the best
    streak, and the puzzles solved and missed (ids; one missed and then solved is solved)."""

    rating: int = START_RATING
    played: int = 0
    streak: int = 0
    best: int = 0
    solved: tuple[str, ...] = ()
    missed: tuple[str, ...] = ()

    def played_before(self, puzzle_id: str) -> bool:
        return puzzle_id in self.solved or puzzle_id in self.missed


Records = dict[str, Record]  # each game's, by its id


def record_of(records: Records, game_id: str) -> Record:
    """The player's record in the game (a fresh one for a game not yet played)."""
    return records.get(game_id) or Record()


def expected(rating: float, difficulty: float) -> float:
    """The chance, by Elo, that a player of `rating` solves a puzzle of `difficulty`."""
    return 1 / (1 + 10 ** ((difficulty - rating) / 400))


def rated(record: Record, puzzle_id: str, difficulty: int, solved: bool) -> Record:
    """A game's record after a puzzle's first try: solved at once, or missed.  A puzzle
    played before moves neither the rating nor the streak; solved now, it is no longer
    missed."""
    solved_ids, missed_ids = set(record.solved), set(record.missed)
    if solved:
        solved_ids.add(puzzle_id)
        missed_ids.discard(puzzle_id)
    elif puzzle_id not in solved_ids:
        missed_ids.add(puzzle_id)
    ids = replace(record, solved=tuple(sorted(solved_ids)), missed=tuple(sorted(missed_ids)))
    if record.played_before(puzzle_id):
        return ids
    k = K_NEW if record.played < PROVISIONAL else K_SETTLED
    change = k * ((1.0 if solved else 0.0) - expected(record.rating, difficulty))
    streak = record.streak + 1 if solved else 0
    return replace(
        ids,
        rating=round(record.rating + change),
        played=record.played + 1,
        streak=streak,
        best=max(record.best, streak),
    )


def next_puzzle(
    puzzles: Sequence[Puzzle], record: Record, rng: random.Random, after: str = ""
) -> Puzzle:
    """The next puzzle of a game (`puzzles`, not empty; `record` the player's in that game):
    one not yet played (one missed once all are played, any once all are solved), not
    `after` (the one just played) when another is left, near the rating."""
    left = (
        [p for p in puzzles if not record.played_before(p.id)]
        or [p for p in puzzles if p.id not in record.solved]
        or list(puzzles)
    )
    if len(left) > 1:
        left = [p for p in left if p.id != after] or left
    nearest = sorted(left, key=lambda p: (abs(p.difficulty - record.rating), p.id))[:CLOSE]
    return rng.choice(nearest)


def choose(
    puzzles: Sequence[Puzzle],
    record: Record,
    rng: random.Random,
    *,
    puzzle_id: str = "",
    day: date | None = None,
    after: str = "",
) -> Puzzle | None:
    """The puzzle to show of a game's `puzzles` (not empty): the one `puzzle_id` names (None
    when the file has no such puzzle), else the puzzle of `day`, else the next for `record`,
    the player's in that game (`after` the one just played)."""
    if puzzle_id:
        return next((p for p in puzzles if p.id == puzzle_id), None)
    if day is not None:
        return puzzles[daily_index(day, puzzles[0].game_id, len(puzzles))]
    return next_puzzle(puzzles, record, rng, after)


def daily_index(day: date, game_id: str, count: int) -> int:
    """Which of a game's `count` puzzles is the puzzle of `day` (see the module's docstring)."""
    return fnv1a(f"{day.isoformat()}/{game_id}".encode()) % count


def fnv1a(data: bytes) -> int:
    """The 32-bit FNV-1a hash of `data`."""
    value = 0x811C9DC5
    for byte in data:
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return value


def read(text: str | None) -> Records:
    """The records kept as `text`; none when there are none or they are not readable.  A
    record kept before each game had its own (one rating for all games) is each game's that
    it names: its rating, streak and puzzles solved."""
    if text is None:
        return {}
    try:
        data = bounded_json.loads(text, MAX_CHARS)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    if "games" not in data:
        return read_one_for_all(data)
    games = data["games"]
    if not isinstance(games, dict):
        return {}
    records = {str(game): game_record(kept) for game, kept in games.items()}
    if any(record is None for record in records.values()):
        return {}
    return records  # type: ignore[return-value]


def game_record(data: object) -> Record | None:
    """One game's record as kept; None when it is not one."""
    if not isinstance(data, dict):
        return None
    numbers = [data.get(name) for name in ("rating", "played", "streak", "best")]
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in numbers):
        return None
    solved, missed = ids(data.get("solved", [])), ids(data.get("missed", []))
    if solved is None or missed is None:
        return None
    rating, played, streak, best = numbers
    return Record(rating, played, streak, best, solved, missed)  # type: ignore[arg-type]


def read_one_for_all(data: dict) -> Records:
    """A record of the first pages, one rating for all games and each game's solved ids."""
    solved = data.get("solved")
    if not isinstance(solved, dict):
        return {}
    shared = {name: data.get(name) for name in ("rating", "played", "streak", "best")}
    records = {str(game): game_record({**shared, "solved": kept}) for game, kept in solved.items()}
    if any(record is None for record in records.values()):
        return {}
    return records  # type: ignore[return-value]


def ids(value: object) -> tuple[str, ...] | None:
    """A record's puzzle ids as kept; None when they are not."""
    if not isinstance(value, list) or not all(isinstance(i, str) for i in value):
        return None
    return tuple(sorted(set(value)))


def write(records: Records) -> str:
    return json.dumps(
        {
            "games": {
                game: {
                    "rating": record.rating,
                    "played": record.played,
                    "streak": record.streak,
                    "best": record.best,
                    "solved": list(record.solved),
                    "missed": list(record.missed),
                }
                for game, record in sorted(records.items())
            }
        },
        separators=(",", ":"),
    )
