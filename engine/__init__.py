"""A pure-Python rules engine for five abstract board games (see DESIGN.md for the API)."""

from .core import (LEGAL, PASS, SWAP, BadNotation, BadOption, EngineError, Game, GameOver,
                   IllegalMove, ReplayError, Result, UnknownGame, Verdict, View)
from . import games

__all__ = ["LEGAL", "PASS", "SWAP", "BadNotation", "BadOption", "EngineError", "Game",
           "GameOver", "IllegalMove", "ReplayError", "Result", "UnknownGame", "Verdict", "View",
           "games"]
