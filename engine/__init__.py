"""A pure-Python rules engine for five abstract board games (see docs/design.md for the API).

>>> from engine import games
>>> 'rugpile' in games.ids()
True
>>> games.get('rugpile').name
'Rug Pile'
"""

__version__ = "0.1.0"  # the one place of the package's version (pyproject.toml reads it)

from . import games
from .core import Game
from .errors import (
    LEGAL,
    BadNotation,
    BadOption,
    EngineError,
    GameOver,
    IllegalMove,
    UnknownGame,
    Verdict,
)
from .moves import PASS, SWAP
from .replay import ReplayError
from .result import Result, Termination
from .view import View

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
    "Termination",
    "UnknownGame",
    "Verdict",
    "View",
    "games",
]
