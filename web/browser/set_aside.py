"""The game a lesson or a puzzle sets aside while it has the board, and the bar it shows above
the board: the game is kept when the mode starts and opened again when the player leaves
(web/browser/lesson_mode.py, web/browser/puzzle_mode.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document

from web.browser.dom import by_id

if TYPE_CHECKING:
    from web.logic.seats import SeatKind
    from web.logic.session import Session
    from web.logic.table import Table


class SetAside:
    """A mode's bar (`bar_id`, flagged on <body> by `flag`, e.g. "data-lesson") and the game it
    set aside."""

    def __init__(self, bar_id: str, flag: str):
        self.bar_id, self.flag = bar_id, flag
        self.game: tuple[Session, list[SeatKind]] | None = None

    def keep(self, table: Table) -> None:
        """Sets the game on the table aside (the mode is starting)."""
        self.game = (table.session, list(table.seats))

    def close(self) -> None:
        """The mode ends: its bar goes and the game set aside is forgotten (the table holds, or
        is about to hold, another game)."""
        self.game = None
        bar = by_id(self.bar_id)
        bar.hidden = True
        bar.innerHTML = ""
        document.body.removeAttribute(self.flag)

    def leave(self, table: Table) -> str | None:
        """The mode ends and the game set aside is on the table again: its game's id, or None
        when none was set aside."""
        game = self.game
        self.close()
        if game is None:
            return None
        table.open(*game)
        document.body.dataset.game = game[0].game.id
        return game[0].game.id
