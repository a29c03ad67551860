"""The games' board renderers, by game id: each a `Board` subclass (base.py) that
engine/contract/plugins.py names for its game."""

from __future__ import annotations

from engine import games
from engine.contract.plugins import load, plugin

from .base import Board

_renderers: dict[str, Board] = {}


def get(game_id: str) -> Board:
    """The renderer for a game (one instance per game, made on first use; it keeps no
    state, so one serves every game of its kind)."""
    if game_id not in _renderers:
        _renderers[game_id] = load(plugin(game_id).board)(games.get(game_id))
    return _renderers[game_id]
