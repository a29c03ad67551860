"""A pure-Python rules engine for five abstract board games (see DESIGN.md for the API)."""

from . import games
from .core import (
    LEGAL,
    PASS,
    SWAP,
    BadNotation,
    BadOption,
    EngineError,
    Game,
    GameOver,
    IllegalMove,
    ReplayError,
    Result,
    UnknownGame,
    Verdict,
    View,
)

__all__ = [
    "LEGAL",
    "PASS",
    "SWAP",
    "BadNotation",
    "BadOption",
    "EngineError",
    "Game",
    "GameOver",
    "IllegalMove",
    "ReplayError",
    "Result",
    "UnknownGame",
    "Verdict",
    "View",
    "games",
]
