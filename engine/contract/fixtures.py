"""What each game's test fixtures hold, and how the tests and the lab get them.

Every suite that runs over the games (tests/, e2e/, lab/) takes a game's own positions, lines
and expectations from its package's `fixtures.py` (engine/games/<id>/fixtures.py), found by
its id through its plug-in, never from a list of its own: a new game is covered by every suite
at once, and a game whose fixtures lack a name fails loudly (`fixtures` raises
`MissingFixture` naming what is missing).  No page or worker module imports them, so the
browser never loads them (scripts/app_modules.py, tests/test_app_modules.py).

The names a game's fixtures module defines are NAMES's keys, each with what it holds.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from .errors import EngineError
from .plugins import plugin

NAMES = {
    "SAMPLE_LINE": "a few legal plies from the start (tuple of notation), as the e2e board "
    "pictures and first screens play them",
    "RECORD_TREE": "a `RecordTree`: a short opening with a side line and a side line of that",
    "win_in_one": "a function: a position where the mover wins at once",
    "WINNING_MOVES": "the moves that win there, at once or whatever the opponent does, as an "
    "analysis may call best (a frozenset of notation)",
    "threat": "a function: a position where some moves let the opponent win at once and "
    "some do not; or None where no single move can be blocked (say why)",
    "COURSE_COVERS": "which steps of its course teach each section of its rules page "
    "(the page's <h3>s in order, each to a list of step ids)",
    "GRAPH_PLAYOUTS": "the graph's budget in playouts (0.12 s at the browser's search rate)",
    "OLD_LEAN_SHOWN": "whether the graph's chance before issue 27 (the best move's mean) leans "
    "to the side to move beyond tests/test_judgement.py's bound on its seeded line, as the test "
    "then checks to see its measure work; False where it does not (say why)",
    "ANALYSIS_POSITION": "(a link's fragment to a mid-game position, its number of players) "
    "for the page's Analyse control",
    "STYLE_PROBE": "(a CSS selector its board's stylesheet styles, a property, its value)",
    "FLIP": "(the corner cell, the cell opposite or None for the last of the top row, the "
    "cells to click, the move they make) on the flipped board; or None where the e2e flip "
    "test does not play on it (say why)",
}


class MissingFixture(EngineError):
    """A game's fixtures lack one of the names every suite needs."""


@dataclass(frozen=True)
class RecordTree:
    """A game's short opening worked out from its rules page, for the record formats' tests:
    the main line, a side line replacing move 2 (two moves long), a side line of that side
    line replacing its move 3, an ending ('' for none) and the path it ends ((0, 1, 1): the
    side line of the side line; None: the main line's end), and the moves' text as the
    record writes them (written out by hand)."""

    main: tuple[str, ...]
    side: tuple[str, str]
    nested: str
    ending: str
    ending_at: tuple[int, ...] | None
    text: str


def fixtures(game_id: str) -> ModuleType:
    """A registered game's fixtures module; MissingFixture when it has none or lacks a name."""
    name = plugin(game_id).fixtures
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        raise MissingFixture(f"{game_id} has no fixtures module ({name})") from None
    missing = [n for n in NAMES if not hasattr(module, n)]
    if missing:
        raise MissingFixture(f"{name} lacks {', '.join(missing)} (engine/contract/fixtures.py)")
    return module
