"""Board renderers by game id; each module defines BOARD, a `Board` subclass (base.py)."""

from __future__ import annotations

import importlib

from engine import games

from .base import Board

_renderers: dict[str, Board] = {}


def get(game_id: str) -> Board:
    """The renderer for a game (one instance per game, made on first use; it keeps no
    state, so one serves every game of its kind)."""
    if game_id not in _renderers:
        module = importlib.import_module(f"{__name__}.{game_id}")
        _renderers[game_id] = module.BOARD(games.get(game_id))
    return _renderers[game_id]
