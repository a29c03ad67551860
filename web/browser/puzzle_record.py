"""The player's puzzle records in this browser (browser only): each game's rating, streak
and puzzles solved and missed (web/logic/puzzle_pick.py), kept in localStorage under
puzzle_pick.KEY; read when the bar or the next pick needs it, written after a rated run's
first try."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import games
from web.browser.dom import store, stored

if TYPE_CHECKING:
    from web.logic.puzzle import PuzzleRun
    from web.logic.puzzle_pick import Record, Records


class PuzzleRecord:
    """The records, and the run whose first try they hold (a run counts once)."""

    def __init__(self) -> None:
        self.counted: PuzzleRun | None = None
        self.change: int | None = 0  # what the counted run's first try did to the rating
        # (None: a puzzle played before, not rated again)

    def read(self) -> Records:
        from web.logic import puzzle_pick

        return puzzle_pick.read(stored(puzzle_pick.KEY))

    def of(self, game_id: str) -> Record:
        """The player's record in the game."""
        from web.logic.puzzle_pick import record_of

        return record_of(self.read(), game_id)

    def standing(self, run: PuzzleRun | None) -> str:
        """The player's rating and streak in the run's game, for a rated run's bar ('' for
        any other); once the run's first try is counted, the puzzle's own rating and what
        the try did."""
        if run is None or not run.rated:
            return ""
        record = self.of(run.puzzle.game_id)
        name = games.get(run.puzzle.game_id).name
        best = f" (best {record.best})" if record.best > record.streak else ""
        mine = f"Your {name} puzzle rating: {record.rating}"
        if run is not self.counted:
            return f"{mine}. Streak: {record.streak}{best}."
        if self.change is None:
            return (
                f"This puzzle: {run.puzzle.difficulty}, played before: not rated again."
                f" {mine}. Streak: {record.streak}{best}."
            )
        return (
            f"This puzzle: {run.puzzle.difficulty}. {mine} ({self.change:+d})."
            f" Streak: {record.streak}{best}."
        )

    def count_try(self, run: PuzzleRun | None, solved: bool) -> None:
        """The run's first try, into the game's record (once a run; a mistake of one's own
        game is not rated)."""
        from web.logic import puzzle_pick

        if run is None or run is self.counted or not run.rated:
            return
        self.counted = run
        puzzle = run.puzzle
        records = self.read()
        before = puzzle_pick.record_of(records, puzzle.game_id)
        after = puzzle_pick.rated(before, puzzle.id, puzzle.difficulty, solved)
        again = before.played_before(puzzle.id)
        self.change = None if again else after.rating - before.rating
        store(puzzle_pick.KEY, puzzle_pick.write({**records, puzzle.game_id: after}))
