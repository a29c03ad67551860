"""A game's board driven as the page drives it, for tests: one position, the `Ui` value that
each pointer or key event replaces, and the engine settling every move the board proposes
(an illegal one comes back as `ui.refused`).  Any registered game's board, by its id.

    hand = BoardDriver("rugpile")
    hand.event({"action": "kind", "kind": "0"})      # choose the 2x2 tile
    hand.event({"cell": "a1"}, "hover")              # point at a1: a preview, judged
    move = hand.event({"cell": "a1"})                 # click: the move, if legal
    hand.play(move)                                    # the position after it
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine import games
from web import boards
from web.boards.base import Ui, settle


class BoardDriver:
    """The board of `game_id` at `state` (the start at `options` when None)."""

    def __init__(self, game_id: str, state: Any = None, ui: Ui | None = None, **options):
        self.game = games.get(game_id)
        self.board = boards.get(game_id)
        self.state = self.game.new(**options) if state is None else state
        self.ui = Ui(live=True) if ui is None else ui

    @property
    def view(self) -> Any:
        return self.game.view(self.state)

    def event(self, target: dict | None, gesture: str = "click", source: dict | None = None):
        """The move the event completes (None if none); the ui becomes what the page keeps."""
        before = self.ui
        ui, move = self.board.hit(self.view, before, target, gesture, source)
        self.ui, move = settle(self.game, self.state, ui, before, move)
        return move

    def click(self, cell: str | dict):
        """The move a click on `cell` (a square's name, or the target the board's SVG
        gives) completes, else None."""
        return self.event(target_of(cell))

    def hover(self, cell: str | dict | None) -> bool:
        """True when pointing at `cell` (None: off the board) changes what the board shows."""
        before = self.ui
        self.event(target_of(cell), "hover")
        return self.ui != before

    def key(self, key: str) -> bool:
        """True when the board answers the key (its ui then what it made of it)."""
        ui = self.board.key(self.view, self.ui, key)
        if ui is None:
            return False
        self.ui, _ = settle(self.game, self.state, ui, self.ui, None)
        return True

    def play(self, move: Any) -> None:
        """The move made: the next position, nothing half-made on the board."""
        self.state = self.game.play(self.state, move)
        self.ui = self.ui.cleared()

    def svg(self, live: bool | None = None) -> str:
        ui = self.ui if live is None else replace(self.ui, live=live)
        return self.board.draw(self.view, ui)

    def panel(self, live: bool | None = None) -> str:
        ui = self.ui if live is None else replace(self.ui, live=live)
        return self.board.panel(self.view, ui)

    def prompt(self) -> str:
        return self.board.prompt(self.view, self.ui)


def target_of(cell: str | dict | None) -> dict | None:
    """The event's target: a square by name, or a target given whole (None: off the board)."""
    return {"cell": cell} if isinstance(cell, str) else cell


def answer(game_id: str, state: Any, ui: Ui, target: dict | None, gesture="click", source=None):
    """One event on `state` from `ui`, as the page answers it: (the ui after, the move or None).
    For tests that branch several events from one ui value."""
    driver = BoardDriver(game_id, state, ui)
    move = driver.event(target, gesture, source)
    return driver.ui, move
