"""Board renderers by game id; each module defines BOARD, a BoardRenderer subclass."""

from __future__ import annotations

import importlib

from engine import games

_renderers: dict = {}


def get(game_id: str):
    """The renderer for a game (one instance per game, made on first use)."""
    if game_id not in _renderers:
        module = importlib.import_module(f"{__name__}.{game_id}")
        _renderers[game_id] = module.BOARD(games.get(game_id))
    return _renderers[game_id]
