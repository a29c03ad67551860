"""The player's puzzle record in this browser (browser only): the rating, the streak and the
puzzles solved and missed (web/logic/puzzle_pick.py), kept in localStorage under
puzzle_pick.KEY; read when the bar or the next pick needs it, written after a rated run's
first try."""

from __future__ import annotations

from typing import TYPE_CHECKING

from web.browser.dom import store, stored

if TYPE_CHECKING:
    from web.logic.puzzle import PuzzleRun
    from web.logic.puzzle_pick import Record


class PuzzleRecord:
    """The record, and the run whose first try it holds (a run counts once)."""

    def __init__(self) -> None:
        self.counted: PuzzleRun | None = None
        self.change: int | None = 0  # what the counted run's first try did to the rating
        # (None: a puzzle played before, not rated again)

    def read(self) -> Record:
        from web.logic import puzzle_pick

        return puzzle_pick.read(stored(puzzle_pick.KEY))

    def standing(self, run: PuzzleRun | None) -> str:
        """The player's rating and streak, for a rated run's bar ('' for any other); once
        the run's first try is counted, the puzzle's own rating and what the try did."""
        if run is None or not run.rated:
            return ""
        record = self.read()
        best = f" (best {record.best})" if record.best > record.streak else ""
        if run is not self.counted:
            return f"Your puzzle rating: {record.rating}. Streak: {record.streak}{best}."
        if self.change is None:
            return (
                f"This puzzle: {run.puzzle.difficulty}, played before: not rated again."
                f" Your puzzle rating: {record.rating}. Streak: {record.streak}{best}."
            )
        return (
            f"This puzzle: {run.puzzle.difficulty}. Your puzzle rating: {record.rating}"
            f" ({self.change:+d}). Streak: {record.streak}{best}."
        )

    def count_try(self, run: PuzzleRun | None, solved: bool) -> None:
        """The run's first try, into the rating (once a run; a mistake of one's own game is
        not rated)."""
        from web.logic import puzzle_pick

        if run is None or run is self.counted or not run.rated:
            return
        self.counted = run
        puzzle = run.puzzle
        before = self.read()
        record = puzzle_pick.rated(before, puzzle.game_id, puzzle.id, puzzle.difficulty, solved)
        again = before.played_before(puzzle.game_id, puzzle.id)
        self.change = None if again else record.rating - before.rating
        store(puzzle_pick.KEY, puzzle_pick.write(record))
