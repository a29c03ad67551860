"""The registry of games: `get(id)` returns the game object, `ids()` lists them.

Game modules are imported on first use, so the page loads only the game it shows.
"""

from __future__ import annotations

import importlib

from ..core import Game
from ..errors import UnknownGame
from ..user_text import shown_value

# id -> module under engine.games, in the order the game picker shows them.
_MODULES = {
    "wythe": "wythe",
    "petrify": "petrify",
    "stigmergy": "stigmergy",
    "rugpile": "rugpile",
    "gwyddbwyll": "gwyddbwyll",
}

# Display names, so a game picker needs no game module imported.
NAMES = {
    "wythe": "Wythe",
    "petrify": "Petrify",
    "stigmergy": "Stigmergy",
    "rugpile": "Rug Pile",
    "gwyddbwyll": "Gwyddbwyll",
}

_loaded: dict[str, Game] = {}


def ids() -> tuple[str, ...]:
    return tuple(_MODULES)


def name(game_id: str) -> str:
    """The display name of a game, without importing its module."""
    return NAMES.get(game_id, game_id)


def get(game_id: str) -> Game:
    if not isinstance(game_id, str) or game_id not in _MODULES:
        raise UnknownGame(f"unknown game {shown_value(game_id)} (games: {', '.join(_MODULES)})")
    if game_id not in _loaded:
        module = importlib.import_module(f"{__name__}.{_MODULES[game_id]}")
        _loaded[game_id] = module.GAME
    return _loaded[game_id]
