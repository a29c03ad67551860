"""Board renderers by game id; each module defines BOARD, a BoardRenderer subclass."""

from __future__ import annotations

import importlib

from engine import games

from .base import Board, Stateful

_renderers: dict = {}


def get(game_id: str):
    """The renderer for a game (one instance per game, made on first use)."""
    if game_id not in _renderers:
        module = importlib.import_module(f"{__name__}.{game_id}")
        board = module.BOARD(games.get(game_id))
        # TRANSITION: new-style boards behind the old page's API
        _renderers[game_id] = Stateful(board) if isinstance(board, Board) else board
    return _renderers[game_id]
