"""Each game's puzzle file in the browser (browser only): fetched once when the game is opened
(for the Puzzles control's count), and read into puzzles (engine/learning/puzzles.py) only when
the player first opens Puzzles, so start-up does not pay for reading them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import window

from engine import games
from engine.contract.plugins import plugin
from web.browser.dom import asset_url

if TYPE_CHECKING:
    from engine.learning.puzzles import Puzzle


class PuzzleFiles:
    """The puzzle files fetched so far, and the puzzles read from them."""

    def __init__(self) -> None:
        self.texts: dict[str, str | None] = {}  # each game's file, once fetched
        self.read: dict[str, tuple[Puzzle, ...] | str] = {}  # its puzzles, or what is wrong

    async def text(self, game_id: str) -> str | None:
        """The game's puzzle file (fetched once), or None when it cannot be fetched."""
        if game_id not in self.texts:
            try:
                response = await window.fetch(asset_url(plugin(game_id).puzzles))
                self.texts[game_id] = await response.text() if response.ok else None
            except Exception:  # offline with nothing cached: no Puzzles for now
                return None
        return self.texts[game_id]

    async def puzzles(self, game_id: str) -> tuple[Puzzle, ...] | str:
        """The game's puzzles (read once), or a sentence saying why there are none."""
        if game_id not in self.read:
            from engine.learning.puzzles import BadPuzzles, load

            text = await self.text(game_id)
            name = games.get(game_id).name
            if text is None:
                return f"{name}'s puzzles could not be loaded."
            try:
                found: tuple[Puzzle, ...] | str = load(game_id, text)
            except BadPuzzles as err:
                found = f"{name}'s puzzles could not be read: {err}"
            if not found:
                found = f"{name} has no puzzles yet."
            self.read[game_id] = found
        return self.read[game_id]
