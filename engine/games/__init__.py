"""The games: `get(id)` returns a game's rules object, `ids()` lists the games, `name(id)` says
a game's name without importing it.

Which games there are is engine/contract/plugins.py's to say; a game's rules module is imported on
first use, so the page loads only the game it shows.
"""

from __future__ import annotations

from ..contract.core import Game
from ..contract.plugins import ids, load, plugin, registered

__all__ = ["get", "ids", "name"]

_loaded: dict[str, Game] = {}


def name(game_id: str) -> str:
    """The display name of a game, without importing its module (an unknown id, as a stored
    entry may hold, is its own name)."""
    return plugin(game_id).name if registered(game_id) else str(game_id)


def get(game_id: str) -> Game:
    """The rules of a game (one object per game, made on first use: it keeps no state);
    UnknownGame naming the games when there is no such game."""
    rules = plugin(game_id).rules  # first: UnknownGame for anything but a game's id
    if game_id not in _loaded:
        _loaded[game_id] = load(rules)()
    return _loaded[game_id]
