"""A pure-Python rules engine for five abstract board games (see DESIGN.md for the API)."""

from .core import (BadNotation, BadOption, EngineError, Game, GameOver, IllegalMove,
                   ReplayError, Result, UnknownGame)
from . import games

__all__ = ["BadNotation", "BadOption", "EngineError", "Game", "GameOver", "IllegalMove",
           "ReplayError", "Result", "UnknownGame", "games"]
