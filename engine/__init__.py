"""A pure-Python rules engine for five abstract board games (see docs/design.md for the API).

>>> from engine import games
>>> 'rugpile' in games.ids()
True
>>> games.get('rugpile').name
'Rug Pile'
"""

__version__ = "0.1.0"  # the one place of the package's version (pyproject.toml reads it)

from . import games
from .contract.core import Game
from .contract.errors import (
    LEGAL,
    BadNotation,
    BadOption,
    EngineError,
    GameOver,
    IllegalMove,
    UnknownGame,
    Verdict,
)
from .contract.moves import PASS, SWAP
from .contract.replay import ReplayError
from .contract.result import Result, Termination
from .contract.view import View

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
